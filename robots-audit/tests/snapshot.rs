//! The bundled IP ranges and their manifest agree: every file of
//! `ranges/` is listed once, under the URL the registry gives its operator,
//! with its own creationTime and the mirror and commit it came from, and the
//! crate embeds exactly these files.

use robots_audit::IpRanges;
use serde::Deserialize;
use std::collections::BTreeSet;
use std::path::Path;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Manifest {
    snapshot: String,
    file: Vec<Entry>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Entry {
    name: String,
    url: String,
    operator: String,
    creation_time: String,
    /// Copied from a mirror repository: which, at which commit, which path.
    #[serde(default)]
    mirror: Option<String>,
    #[serde(default)]
    commit: Option<String>,
    #[serde(default)]
    path: Option<String>,
    #[serde(default)]
    mirrored: Option<String>,
    /// Or downloaded from the operator (scripts/update-ip-ranges.py): the day.
    #[serde(default)]
    downloaded: Option<String>,
    note: String,
}

fn is_date(text: &str) -> bool {
    text.len() == 10
        && text.bytes().enumerate().all(|(i, b)| match i {
            4 | 7 => b == b'-',
            _ => b.is_ascii_digit(),
        })
}

#[test]
fn the_manifest_lists_every_bundled_file_and_its_source() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("ranges");
    let manifest: Manifest =
        toml::from_str(&std::fs::read_to_string(dir.join("manifest.toml")).unwrap()).unwrap();
    assert!(is_date(&manifest.snapshot), "{}", manifest.snapshot);
    let on_disk: BTreeSet<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".json"))
        .collect();
    let listed: BTreeSet<String> = manifest.file.iter().map(|f| f.name.clone()).collect();
    assert_eq!(listed.len(), manifest.file.len(), "a file listed twice");
    assert_eq!(on_disk, listed);
    let embedded: BTreeSet<String> = IpRanges::snapshot()
        .files()
        .iter()
        .map(|f| f.name.clone())
        .collect();
    assert_eq!(embedded, listed);
    for entry in &manifest.file {
        let name = &entry.name;
        assert!(
            entry.url.ends_with(&format!("/{name}")),
            "{name}: {}",
            entry.url
        );
        let check = robots_registry::identity_checks_for_file(name)
            .next()
            .unwrap_or_else(|| panic!("{name}: no registry identity check lists it"));
        assert!(
            check.ip_ranges.contains(&entry.url.as_str()),
            "{name}: {}",
            entry.url
        );
        assert_eq!(check.operator, entry.operator, "{name}");
        let json: serde_json::Value =
            serde_json::from_slice(&std::fs::read(dir.join(name)).unwrap()).unwrap();
        assert_eq!(
            json["creationTime"].as_str(),
            Some(entry.creation_time.as_str()),
            "{name}"
        );
        // Where the copy came from: a mirror at a commit, or the operator on a day.
        match (&entry.mirror, &entry.commit, &entry.path, &entry.downloaded) {
            (Some(mirror), Some(commit), Some(path), None) => {
                assert!(mirror.split('/').count() == 2, "{name}: {mirror}");
                assert!(
                    commit.len() == 40 && commit.bytes().all(|b| b.is_ascii_hexdigit()),
                    "{name}: {commit}"
                );
                assert!(!path.is_empty(), "{name}");
            }
            (None, None, None, Some(day)) => {
                assert!(
                    is_date(day) && day.as_str() <= manifest.snapshot.as_str(),
                    "{name}: {day}"
                );
            }
            _ => panic!("{name}: give mirror, commit and path, or downloaded"),
        }
        if let Some(date) = &entry.mirrored {
            assert!(
                is_date(date) && date.as_str() <= manifest.snapshot.as_str(),
                "{name}: {date}"
            );
        }
        let _ = &entry.note;
    }
}
