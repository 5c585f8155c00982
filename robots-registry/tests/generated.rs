//! `src/generated.rs` is `crawlers.toml` compiled into static Rust tables. This
//! test checks the file, compiles it again and fails when the checked-in tables
//! differ, so the crate itself needs no build script and no build dependency
//! (toml and serde are dev-dependencies, for this test alone).
//!
//! After editing `crawlers.toml`, rewrite the tables with
//! `ROBOTS_REGISTRY_WRITE=1 cargo test -p robots-registry --test generated`.
//!
//! The checks make a bad edit fail with a message that names the entry: an
//! unknown purpose, a token listed twice, a missing source or date, a
//! replacement that is no known crawler, a header form that is no header, an
//! unverified entry (no `checked` date) whose note does not say so, a
//! `checked_against` without a date, or a secondary-dataset entry whose note
//! does not say so.

use serde::Deserialize;
use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::path::Path;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    crawler: Vec<Crawler>,
    retired: Vec<Retired>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Crawler {
    token: String,
    operator: String,
    purpose: String,
    #[serde(default)]
    headers: Vec<String>,
    #[serde(default)]
    fallbacks: Vec<String>,
    #[serde(default = "yes")]
    wildcard: bool,
    #[serde(default = "obeys")]
    robots_txt: String,
    #[serde(default)]
    robots_txt_source: Option<String>,
    #[serde(default)]
    note: String,
    source: String,
    /// Absent when the entry was never compared with a stored copy of `source`.
    #[serde(default)]
    checked: Option<String>,
    /// What the `checked` comparison read: `operator` (default: the operator's
    /// page, or a copy or quotation of it) or `secondary` (a maintained
    /// community dataset only).
    #[serde(default)]
    checked_against: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Retired {
    token: String,
    operator: String,
    replaced_by: Vec<String>,
    #[serde(default)]
    note: String,
    source: String,
    #[serde(default)]
    checked: Option<String>,
    #[serde(default)]
    checked_against: Option<String>,
}

fn yes() -> bool {
    true
}

fn obeys() -> String {
    String::from("obeys")
}

/// The Rust variant of a purpose name.
fn purpose(name: &str) -> Option<&'static str> {
    Some(match name {
        "search" => "Search",
        "ai-training" => "AiTraining",
        "ai-assistant" => "AiAssistant",
        "seo" => "Seo",
        "archive" => "Archive",
        "social-preview" => "SocialPreview",
        "monitoring" => "Monitoring",
        "other" => "Other",
        _ => return None,
    })
}

/// The Rust variant of a `robots_txt` value.
fn compliance(name: &str) -> Option<&'static str> {
    Some(match name {
        "obeys" => "Obeys",
        "partly" => "Partly",
        "ignores" => "Ignores",
        "unstated" => "Unstated",
        _ => return None,
    })
}

/// A token a `User-agent:` line can carry: printable ASCII, no space, no `#`.
fn plausible_token(token: &str) -> bool {
    !token.is_empty() && token.bytes().all(|b| b.is_ascii_graphic() && b != b'#')
}

/// A header form: printable ASCII and spaces, not blank, no run of `**`, at
/// most 512 bytes (the matcher's cost is bounded by a form's length).
fn plausible_form(form: &str) -> bool {
    !form.trim().is_empty()
        && form.trim() == form
        && form.len() <= 512
        && !form.contains("**")
        && form.bytes().all(|b| b.is_ascii_graphic() || b == b' ')
}

fn is_url(s: &str) -> bool {
    s.starts_with("https://") || s.starts_with("http://")
}

/// `YYYY-MM-DD`.
fn is_date(date: &str) -> bool {
    let b = date.as_bytes();
    b.len() == 10
        && b.iter().enumerate().all(|(i, c)| match i {
            4 | 7 => *c == b'-',
            _ => c.is_ascii_digit(),
        })
}

/// Checks what every entry has, and gives its `checked` as the tables store it
/// (the date, or `""` for an entry never compared with its source) with the
/// Rust variant of its verification level.
fn check_common<'a>(
    token: &str,
    source: &str,
    checked: &'a Option<String>,
    checked_against: &Option<String>,
    note: &str,
) -> Result<(&'a str, &'static str), String> {
    if !plausible_token(token) {
        return Err(format!("`{token}` is not a user-agent token"));
    }
    if !is_url(source) {
        return Err(format!("{token}: source `{source}` is not an http(s) URL"));
    }
    let date = match checked.as_deref() {
        Some(date) if is_date(date) => date,
        Some(date) => return Err(format!("{token}: checked `{date}` is not YYYY-MM-DD")),
        // An unverified entry says where its facts came from instead.
        None if note.trim().is_empty() => {
            return Err(format!(
            "{token}: no `checked` date, so the note must say where the unverified facts come from"
        ))
        }
        None if checked_against.is_some() => {
            return Err(format!(
                "{token}: `checked_against` without a `checked` date"
            ))
        }
        None => return Ok(("", "Unverified")),
    };
    match checked_against.as_deref() {
        None | Some("operator") => Ok((date, "Operator")),
        // Only a dataset confirmed it: the note says which, so that a reader
        // of the note alone does not take it for the operator's word.
        Some("secondary") if note.to_ascii_lowercase().contains("secondary") => {
            Ok((date, "Secondary"))
        }
        Some("secondary") => Err(format!(
            "{token}: checked against a secondary dataset, and the note does not say so"
        )),
        Some(other) => Err(format!(
            "{token}: unknown checked_against `{other}` (operator | secondary)"
        )),
    }
}

fn strings(items: &[String]) -> String {
    let quoted: Vec<String> = items.iter().map(|s| format!("{s:?}")).collect();
    format!("&[{}]", quoted.join(", "))
}

fn generate(file: &File) -> Result<String, String> {
    let mut seen = BTreeSet::new();
    let mut out = String::new();
    out.push_str(
        "// @generated by robots-registry/tests/generated.rs from crawlers.toml: edit\n\
         // crawlers.toml, then `ROBOTS_REGISTRY_WRITE=1 cargo test -p robots-registry --test generated`.\n\n\
         use crate::{Crawler, Purpose, Retired, RobotsTxt, Verification};\n\n",
    );
    out.push_str("/// Every known crawler, in the order of `crawlers.toml`.\n");
    out.push_str("pub static CRAWLERS: &[Crawler] = &[\n");
    for c in &file.crawler {
        let (checked, verification) =
            check_common(&c.token, &c.source, &c.checked, &c.checked_against, &c.note)?;
        if !seen.insert(c.token.to_ascii_lowercase()) {
            return Err(format!("{}: listed twice", c.token));
        }
        let purpose = purpose(&c.purpose)
            .ok_or_else(|| format!("{}: unknown purpose `{}`", c.token, c.purpose))?;
        let robots_txt = compliance(&c.robots_txt)
            .ok_or_else(|| format!("{}: unknown robots_txt `{}`", c.token, c.robots_txt))?;
        let robots_txt_source = c.robots_txt_source.as_deref().unwrap_or(&c.source);
        if !is_url(robots_txt_source) {
            return Err(format!(
                "{}: robots_txt_source is not an http(s) URL",
                c.token
            ));
        }
        if let Some(bad) = c.fallbacks.iter().find(|f| !plausible_token(f)) {
            return Err(format!("{}: fallback `{bad}` is not a token", c.token));
        }
        if c.fallbacks.iter().any(|f| f.eq_ignore_ascii_case(&c.token)) {
            return Err(format!("{}: falls back to itself", c.token));
        }
        if let Some(bad) = c.headers.iter().find(|h| !plausible_form(h)) {
            return Err(format!("{}: header form `{bad}` is no header", c.token));
        }
        let _ = writeln!(
            out,
            "    Crawler {{\n        token: {:?},\n        operator: {:?},\n        purpose: Purpose::{purpose},\n        \
             headers: {},\n        fallbacks: {},\n        obeys_wildcard: {},\n        robots_txt: RobotsTxt::{robots_txt},\n        \
             robots_txt_source: {:?},\n        note: {:?},\n        source: {:?},\n        checked: {:?},\n        \
             verification: Verification::{verification},\n    }},",
            c.token,
            c.operator,
            strings(&c.headers),
            strings(&c.fallbacks),
            c.wildcard,
            robots_txt_source,
            c.note,
            c.source,
            checked
        );
    }
    out.push_str("];\n\n");
    let active: BTreeSet<String> = file
        .crawler
        .iter()
        .map(|c| c.token.to_ascii_lowercase())
        .collect();
    out.push_str("/// Every retired or renamed token, in the order of `crawlers.toml`.\n");
    out.push_str("pub static RETIRED: &[Retired] = &[\n");
    for r in &file.retired {
        let (checked, verification) =
            check_common(&r.token, &r.source, &r.checked, &r.checked_against, &r.note)?;
        if !seen.insert(r.token.to_ascii_lowercase()) {
            return Err(format!("{}: listed twice", r.token));
        }
        if let Some(bad) = r
            .replaced_by
            .iter()
            .find(|t| !active.contains(&t.to_ascii_lowercase()))
        {
            return Err(format!(
                "{}: replacement `{bad}` is no listed crawler",
                r.token
            ));
        }
        let _ = writeln!(
            out,
            "    Retired {{\n        token: {:?},\n        operator: {:?},\n        replaced_by: {},\n        note: {:?},\n        \
             source: {:?},\n        checked: {:?},\n        verification: Verification::{verification},\n    }},",
            r.token,
            r.operator,
            strings(&r.replaced_by),
            r.note,
            r.source,
            checked
        );
    }
    out.push_str("];\n");
    Ok(out)
}

fn compile(text: &str) -> Result<String, String> {
    let file: File = toml::from_str(text).map_err(|e| format!("crawlers.toml: {e}"))?;
    generate(&file).map_err(|e| format!("crawlers.toml: {e}"))
}

#[test]
fn the_checked_in_tables_are_crawlers_toml_compiled() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(root.join("crawlers.toml")).unwrap();
    let code = compile(&text).unwrap();
    let target = root.join("src").join("generated.rs");
    let current = std::fs::read_to_string(&target).unwrap_or_default();
    if current != code {
        if std::env::var_os("ROBOTS_REGISTRY_WRITE").is_some() {
            std::fs::write(&target, &code).unwrap();
        } else {
            panic!(
                "src/generated.rs is not crawlers.toml compiled: run \
                 `ROBOTS_REGISTRY_WRITE=1 cargo test -p robots-registry --test generated`"
            );
        }
    }
}

#[test]
fn bad_edits_name_the_entry() {
    let entry = |extra: &str| {
        format!(
            "retired = []\n[[crawler]]\ntoken = \"FooBot\"\noperator = \"Foo\"\npurpose = \"search\"\n\
             source = \"https://foo.example/bot\"\nchecked = \"2026-01-01\"\n{extra}"
        )
    };
    assert!(compile(&entry("")).is_ok());
    for (extra, says) in [
        ("headers = [\"\"]", "header form"),
        ("headers = [\"Foo\\tBot\"]", "header form"),
        ("headers = [\"FooBot/**\"]", "header form"),
        ("robots_txt = \"maybe\"", "unknown robots_txt"),
        ("robots_txt_source = \"foo\"", "robots_txt_source"),
        ("fallbacks = [\"foobot\"]", "falls back to itself"),
        ("colour = \"red\"", "unknown field"),
    ] {
        let err = compile(&entry(extra)).unwrap_err();
        assert!(err.contains(says), "{extra}: {err}");
    }
    // No `checked` date: allowed only with a note saying where the facts come from.
    let unverified = |extra: &str| {
        format!(
            "retired = []\n[[crawler]]\ntoken = \"FooBot\"\noperator = \"Foo\"\npurpose = \"search\"\n\
             source = \"https://foo.example/bot\"\n{extra}"
        )
    };
    let err = compile(&unverified("")).unwrap_err();
    assert!(err.contains("no `checked` date"), "{err}");
    let code = compile(&unverified(
        "note = \"From a community list; not compared.\"",
    ))
    .unwrap();
    assert!(code.contains("checked: \"\""), "{code}");
    assert!(compile(&entry(""))
        .unwrap()
        .contains("checked: \"2026-01-01\""));
    assert!(compile(&entry(""))
        .unwrap()
        .contains("verification: Verification::Operator"));
    // A secondary-dataset check: the note must say so; the level must be known;
    // no level without a date.
    let secondary = compile(&entry(
        "checked_against = \"secondary\"\nnote = \"Confirmed by a secondary dataset only.\"",
    ))
    .unwrap();
    assert!(
        secondary.contains("verification: Verification::Secondary"),
        "{secondary}"
    );
    for (extra, says) in [
        (
            "checked_against = \"secondary\"\nnote = \"From a list.\"",
            "note does not say so",
        ),
        ("checked_against = \"hearsay\"", "unknown checked_against"),
    ] {
        let err = compile(&entry(extra)).unwrap_err();
        assert!(err.contains(says), "{extra}: {err}");
    }
    let err = compile(&unverified(
        "checked_against = \"secondary\"\nnote = \"A secondary dataset, never compared.\"",
    ))
    .unwrap_err();
    assert!(err.contains("without a `checked` date"), "{err}");
    assert!(
        code.contains("verification: Verification::Unverified"),
        "{code}"
    );
    let twice = format!("{}\n[[crawler]]\ntoken = \"foobot\"\noperator = \"Foo\"\npurpose = \"search\"\nsource = \"https://x.example\"\nchecked = \"2026-01-01\"\n", entry(""));
    assert!(compile(&twice).unwrap_err().contains("listed twice"));
}
