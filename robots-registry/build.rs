//! Reads `crawlers.toml`, checks it, and writes it out as static Rust tables
//! (`$OUT_DIR/registry.rs`, included by `src/lib.rs`).
//!
//! The checks make a bad edit fail the build with a message that names the
//! entry: an unknown purpose, a token listed twice, a missing source or date, a
//! replacement that is no known crawler.

use serde::Deserialize;
use std::collections::BTreeSet;
use std::fmt::Write as _;

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
    fallbacks: Vec<String>,
    #[serde(default = "yes")]
    wildcard: bool,
    #[serde(default = "obeys")]
    robots_txt: String,
    #[serde(default)]
    note: String,
    source: String,
    checked: String,
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
    checked: String,
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
        _ => return None,
    })
}

/// A token a `User-agent:` line can carry: printable ASCII, no space, no `#`.
fn plausible_token(token: &str) -> bool {
    !token.is_empty() && token.bytes().all(|b| b.is_ascii_graphic() && b != b'#')
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

fn check_common(token: &str, source: &str, checked: &str) -> Result<(), String> {
    if !plausible_token(token) {
        return Err(format!("`{token}` is not a user-agent token"));
    }
    if !(source.starts_with("https://") || source.starts_with("http://")) {
        return Err(format!("{token}: source `{source}` is not an http(s) URL"));
    }
    if !is_date(checked) {
        return Err(format!("{token}: checked `{checked}` is not YYYY-MM-DD"));
    }
    Ok(())
}

fn strings(items: &[String]) -> String {
    let quoted: Vec<String> = items.iter().map(|s| format!("{s:?}")).collect();
    format!("&[{}]", quoted.join(", "))
}

fn generate(file: &File) -> Result<String, String> {
    let mut seen = BTreeSet::new();
    let mut out = String::new();
    out.push_str("/// Every known crawler, in the order of `crawlers.toml`.\n");
    out.push_str("pub static CRAWLERS: &[Crawler] = &[\n");
    for c in &file.crawler {
        check_common(&c.token, &c.source, &c.checked)?;
        if !seen.insert(c.token.to_ascii_lowercase()) {
            return Err(format!("{}: listed twice", c.token));
        }
        let purpose = purpose(&c.purpose)
            .ok_or_else(|| format!("{}: unknown purpose `{}`", c.token, c.purpose))?;
        let robots_txt = compliance(&c.robots_txt)
            .ok_or_else(|| format!("{}: unknown robots_txt `{}`", c.token, c.robots_txt))?;
        if let Some(bad) = c.fallbacks.iter().find(|f| !plausible_token(f)) {
            return Err(format!("{}: fallback `{bad}` is not a token", c.token));
        }
        if c.fallbacks.iter().any(|f| f.eq_ignore_ascii_case(&c.token)) {
            return Err(format!("{}: falls back to itself", c.token));
        }
        let _ = writeln!(
            out,
            "    Crawler {{ token: {:?}, operator: {:?}, purpose: Purpose::{purpose}, fallbacks: {}, obeys_wildcard: {}, robots_txt: RobotsTxt::{robots_txt}, note: {:?}, source: {:?}, checked: {:?} }},",
            c.token, c.operator, strings(&c.fallbacks), c.wildcard, c.note, c.source, c.checked
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
        check_common(&r.token, &r.source, &r.checked)?;
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
            "    Retired {{ token: {:?}, operator: {:?}, replaced_by: {}, note: {:?}, source: {:?}, checked: {:?} }},",
            r.token, r.operator, strings(&r.replaced_by), r.note, r.source, r.checked
        );
    }
    out.push_str("];\n");
    Ok(out)
}

fn main() -> Result<(), String> {
    println!("cargo:rerun-if-changed=crawlers.toml");
    let text = std::fs::read_to_string("crawlers.toml")
        .map_err(|e| format!("cannot read crawlers.toml: {e}"))?;
    let file: File = toml::from_str(&text).map_err(|e| format!("crawlers.toml: {e}"))?;
    let code = generate(&file).map_err(|e| format!("crawlers.toml: {e}"))?;
    let out = std::env::var("OUT_DIR").map_err(|e| format!("OUT_DIR: {e}"))?;
    std::fs::write(std::path::Path::new(&out).join("registry.rs"), code)
        .map_err(|e| format!("cannot write registry.rs: {e}"))
}
