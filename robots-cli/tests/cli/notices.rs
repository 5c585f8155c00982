//! Inputs that would otherwise mislead in silence: a robots.txt the parsing cap
//! cut, and a file that is no robots.txt at all (HTML, binary, UTF-16).
//! `check`, `explain`, `diff` and `test` say so on stderr; `explain` says when a
//! rule past the cut would have decided; `test` fails on a file that is no
//! robots.txt unless `--allow-errors`.

use crate::support::Output;
use std::path::{Path, PathBuf};

fn robots(args: &[&str]) -> Output {
    crate::support::robots(args, b"")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn oracle() -> PathBuf {
    robots_tests::testdata().join("corpus/docs.oracle.com.txt")
}

/// A temp directory with files, removed on drop.
struct Dir(PathBuf);

impl Dir {
    fn new(files: &[(&str, &[u8])]) -> Dir {
        static NEXT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
        let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let dir =
            std::env::temp_dir().join(format!("robots-cli-notices-{}-{n}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        for (name, body) in files {
            std::fs::write(dir.join(name), body).expect("write");
        }
        Dir(dir)
    }

    fn path(&self, name: &str) -> String {
        self.0.join(name).to_str().expect("UTF-8").to_owned()
    }
}

impl Drop for Dir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn p(path: &Path) -> &str {
    path.to_str().expect("UTF-8 path")
}

#[test]
fn truncation_is_never_silent() {
    let oracle = oracle();
    let dir = Dir::new(&[
        ("asserts.txt", b"block Bot /html/E14646_02/x\n"),
        ("small.txt", b"User-agent: *\nDisallow: /\n"),
    ]);
    // (line 19,130 is read: that assertion holds)
    let (small, asserts) = (dir.path("small.txt"), dir.path("asserts.txt"));
    let runs: [Vec<&str>; 4] = [
        vec!["check", p(&oracle), "--agent", "Bot", "/x"],
        vec!["explain", p(&oracle), "/x", "--agent", "Bot"],
        vec!["diff", p(&oracle), &small, "--agent", "Bot"],
        vec!["test", p(&oracle), "--assert", &asserts],
    ];
    for args in &runs {
        let out = robots(args);
        let err = text(&out.stderr);
        assert!(err.starts_with("robots: warning: "), "{}: {err}", args[0]);
        assert!(err.contains("512000 bytes"), "{}: {err}", args[0]);
        assert!(err.contains("line 19134"), "{}: {err}", args[0]);
        assert_eq!(err.lines().count(), 1, "{}: {err}", args[0]);
    }
    // A file within the cap: nothing on stderr.
    let out = robots(&["check", &dir.path("small.txt"), "--agent", "Bot", "/x"]);
    assert!(out.stderr.is_empty());
    // No cap under google, but Googlebot reads 500 KiB: where it stops is said.
    let out = robots(&[
        "check",
        p(&oracle),
        "--agent",
        "Bot",
        "--profile",
        "google",
        "/x",
    ]);
    let err = text(&out.stderr);
    assert!(
        err.contains(
            "Googlebot reads only the first 512000 bytes, so it stops reading at line 19134"
        ),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1, "{err}");
}

#[test]
fn explain_names_the_cut_off_rule_that_would_decide() {
    let oracle = oracle();
    // Line 19,134 (`Disallow: /html/E12243_01/`) is where the 500 KiB cap cuts.
    let out = robots(&[
        "explain",
        p(&oracle),
        "/html/E12243_01/index.html",
        "--agent",
        "Bot",
    ]);
    let human = text(&out.stdout);
    assert!(
        human.contains("verdict:    allowed: no rule matches"),
        "{human}"
    );
    assert!(human.contains("cut off:"), "{human}");
    assert!(human.contains("line 19134"), "{human}");
    assert!(human.contains("Disallow: /html/E12243_01/"), "{human}");
    let json = robots(&[
        "explain",
        p(&oracle),
        "/html/E12243_01/index.html",
        "--agent",
        "Bot",
        "--json",
    ]);
    let v: serde_json::Value = serde_json::from_slice(&json.stdout).expect("JSON");
    assert_eq!(v["cut_off"]["rule"]["line"], 19134);
    assert_eq!(v["cut_off"]["allowed"], false);
    // A URL the cut does not change: no such line.
    let out = robots(&["explain", p(&oracle), "/nothing/here", "--agent", "Bot"]);
    assert!(!text(&out.stdout).contains("cut off:"));
    let json = robots(&[
        "explain",
        p(&oracle),
        "/nothing/here",
        "--agent",
        "Bot",
        "--json",
    ]);
    let v: serde_json::Value = serde_json::from_slice(&json.stdout).expect("JSON");
    assert!(v["cut_off"].is_null());
}

#[test]
fn a_file_that_is_no_robots_txt_is_named() {
    let page: &[u8] = b"<!DOCTYPE html>\n<html><head><title>404 Not Found</title></head><body>Not found</body></html>\n";
    let mut png = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR".to_vec();
    png.extend([7u8; 64]);
    let utf16: Vec<u8> = [0xff, 0xfe]
        .into_iter()
        .chain("User-agent: *\n".bytes().flat_map(|b| [b, 0]))
        .collect();
    let dir = Dir::new(&[
        ("page.html", page),
        ("logo.png", &png),
        ("utf16.txt", &utf16),
        ("asserts.txt", b"allow Bot /\n"),
        ("good.txt", b"User-agent: *\nDisallow:\n"),
    ]);
    for (file, what) in [
        ("page.html", "an HTML page"),
        ("logo.png", "binary data"),
        ("utf16.txt", "UTF-16 text"),
    ] {
        let file = dir.path(file);
        let asserts = dir.path("asserts.txt");
        let good = dir.path("good.txt");
        for args in [
            vec!["check", &file, "--agent", "Bot", "/"],
            vec!["explain", &file, "/", "--agent", "Bot"],
            vec!["diff", &good, &file, "--agent", "Bot"],
        ] {
            let out = robots(&args);
            let err = text(&out.stderr);
            assert!(
                err.contains(&format!("{file} is {what}, not a robots.txt")),
                "{args:?}: {err}"
            );
        }
        // `test` fails on it: a CI job must not pass against a 404 page.
        let out = robots(&["test", &file, "--assert", &asserts]);
        assert_eq!(out.status.code(), Some(1), "{file}: {}", text(&out.stdout));
        assert!(
            text(&out.stderr).contains("not a robots.txt"),
            "{}",
            text(&out.stderr)
        );
        assert!(
            text(&out.stdout).contains("--allow-errors"),
            "{}",
            text(&out.stdout)
        );
        // Unless the owner says it is expected.
        let out = robots(&["test", &file, "--assert", &asserts, "--allow-errors"]);
        assert_eq!(out.status.code(), Some(0), "{file}: {}", text(&out.stdout));
        assert_eq!(text(&out.stdout), "the 1 assertion holds\n");
    }
    // A real robots.txt: no warning.
    let out = robots(&[
        "test",
        &dir.path("good.txt"),
        "--assert",
        &dir.path("asserts.txt"),
    ]);
    assert_eq!(out.status.code(), Some(0));
    assert!(out.stderr.is_empty());
}
