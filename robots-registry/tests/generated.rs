//! `src/generated.rs` is `crawlers.toml` compiled into static Rust tables. This
//! test checks the file, compiles it again and fails when the checked-in tables
//! differ, so the crate itself needs no build script and no build dependency
//! (toml and serde are dev-dependencies, for this test alone).
//!
//! After editing `crawlers.toml`, rewrite the tables with
//! `ROBOTS_REGISTRY_WRITE=1 cargo test -p robots-registry --test generated`.
//!
//! The checks make a bad edit fail with a message that names the entry: an
//! unknown purpose, a token listed twice, a missing source, an entry of
//! `crawlers.toml` with no `checked` date (the registry serves checked facts
//! only), a replacement that is no known crawler, a header form that is no
//! header, or a secondary-dataset entry whose note does not say so.
//!
//! `candidates.toml` (crawlers and retired tokens no stored source confirmed,
//! not compiled) is parsed too, so that it stays ready to move: the same
//! schema and checks, no `checked` date, a note saying "Unverified:", and no
//! token that `crawlers.toml` lists as well.

use serde::Deserialize;
use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::path::Path;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    #[serde(default)]
    crawler: Vec<Crawler>,
    #[serde(default)]
    retired: Vec<Retired>,
    #[serde(default)]
    identity: Vec<Identity>,
}

/// How an operator lets a request be verified (`[[identity]]`).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Identity {
    name: String,
    operator: String,
    tokens: Vec<String>,
    #[serde(default)]
    ip_ranges: Vec<String>,
    #[serde(default)]
    dns_suffixes: Vec<String>,
    #[serde(default)]
    note: String,
    source: String,
    #[serde(default)]
    checked: Option<String>,
    #[serde(default)]
    checked_against: Option<String>,
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
    /// When the entry was compared with a stored copy of `source` or with the
    /// datasets: required in `crawlers.toml`, absent in `candidates.toml`.
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

/// Checks what every entry of either file has: a token and a source URL.
fn check_identity(token: &str, source: &str) -> Result<(), String> {
    if !plausible_token(token) {
        return Err(format!("`{token}` is not a user-agent token"));
    }
    if !is_url(source) {
        return Err(format!("{token}: source `{source}` is not an http(s) URL"));
    }
    Ok(())
}

/// A registry entry's `checked` date, which every one has, with the Rust
/// variant of its sourcing level.
fn sourcing<'a>(
    token: &str,
    checked: &'a Option<String>,
    checked_against: &Option<String>,
    note: &str,
) -> Result<(&'a str, &'static str), String> {
    let date = match checked.as_deref() {
        Some(date) if is_date(date) => date,
        Some(date) => return Err(format!("{token}: checked `{date}` is not YYYY-MM-DD")),
        // The registry serves checked facts only.
        None => {
            return Err(format!(
                "{token}: no `checked` date; an entry no stored source confirmed belongs in candidates.toml"
            ))
        }
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

/// A candidate is unverified: no date, no level, and a note that says why.
fn check_unverified(
    token: &str,
    checked: &Option<String>,
    checked_against: &Option<String>,
    note: &str,
) -> Result<(), String> {
    if checked.is_some() || checked_against.is_some() {
        return Err(format!(
            "{token}: a checked entry belongs in crawlers.toml, not among the candidates"
        ));
    }
    if !note.contains("Unverified") {
        return Err(format!(
            "{token}: the note must say why the entry is unverified (\"Unverified: ...\")"
        ));
    }
    Ok(())
}

/// The fields of a crawler that do not depend on how it was checked, as the
/// tables store them: its purpose, `robots_txt` answer and that answer's source.
fn check_crawler(c: &Crawler) -> Result<(&'static str, &'static str, &str), String> {
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
    Ok((purpose, robots_txt, robots_txt_source))
}

/// The lower-case tokens of a file's crawlers.
fn crawler_tokens(file: &File) -> BTreeSet<String> {
    file.crawler
        .iter()
        .map(|c| c.token.to_ascii_lowercase())
        .collect()
}

fn strings(items: &[String]) -> String {
    let quoted: Vec<String> = items.iter().map(|s| format!("{s:?}")).collect();
    format!("&[{}]", quoted.join(", "))
}

/// A range file's name: the last segment of its URL (`googlebot.json`).
fn file_name(url: &str) -> &str {
    url.rsplit('/').next().unwrap_or(url)
}

/// A reverse DNS suffix: lower-case labels of letters, digits and `-`, at
/// least two, no leading or trailing dot.
fn plausible_suffix(suffix: &str) -> bool {
    let labels: Vec<&str> = suffix.split('.').collect();
    labels.len() >= 2
        && labels.iter().all(|l| {
            !l.is_empty()
                && !l.starts_with('-')
                && l.bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
        })
}

/// The identity checks, checked, as the generated table, and for each crawler
/// token (lower case) the index of its check.
fn identities(file: &File) -> Result<(String, std::collections::BTreeMap<String, usize>), String> {
    let crawlers = crawler_tokens(file);
    let mut of_token = std::collections::BTreeMap::new();
    let mut names = BTreeSet::new();
    let mut files = BTreeSet::new();
    let mut out = String::new();
    out.push_str(
        "/// How each operator lets a request be verified, in the order of\n\
         /// `crawlers.toml` ([`Crawler::identity_check`]).\n",
    );
    out.push_str("pub static IDENTITY_CHECKS: &[IdentityCheck] = &[\n");
    if file.identity.len() >= usize::from(u8::MAX) {
        return Err(format!(
            "{} identity checks: indexes are u8",
            file.identity.len()
        ));
    }
    for (at, id) in file.identity.iter().enumerate() {
        let who = format!("identity {}", id.name);
        if id.name.is_empty()
            || !id
                .name
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
        {
            return Err(format!(
                "{who}: the name must be lower case, digits and `-`"
            ));
        }
        if !names.insert(id.name.clone()) {
            return Err(format!("{who}: listed twice"));
        }
        if !is_url(&id.source) {
            return Err(format!(
                "{who}: source `{}` is not an http(s) URL",
                id.source
            ));
        }
        let (checked, sourcing) = sourcing(&who, &id.checked, &id.checked_against, &id.note)?;
        if id.tokens.is_empty() {
            return Err(format!("{who}: no tokens"));
        }
        for token in &id.tokens {
            let lower = token.to_ascii_lowercase();
            if !crawlers.contains(&lower) {
                return Err(format!("{who}: `{token}` is no registry crawler"));
            }
            if of_token.insert(lower, at).is_some() {
                return Err(format!("{who}: `{token}` is in another identity entry too"));
            }
        }
        if id.ip_ranges.is_empty() && id.dns_suffixes.is_empty() {
            return Err(format!(
                "{who}: neither ip_ranges nor dns_suffixes (a crawler with no way to verify it has no entry)"
            ));
        }
        for url in &id.ip_ranges {
            if !url.starts_with("https://") || !file_name(url).ends_with(".json") {
                return Err(format!(
                    "{who}: ip_ranges `{url}` is not an https URL of a .json file"
                ));
            }
            if !files.insert(file_name(url).to_ascii_lowercase()) {
                return Err(format!(
                    "{who}: a range file named `{}` is listed twice (files are known by name)",
                    file_name(url)
                ));
            }
        }
        if let Some(bad) = id.dns_suffixes.iter().find(|s| !plausible_suffix(s)) {
            return Err(format!(
                "{who}: dns suffix `{bad}` is not lower-case host labels (no leading dot)"
            ));
        }
        let _ = writeln!(
            out,
            "    IdentityCheck {{\n        name: {:?},\n        operator: {:?},\n        tokens: {},\n        \
             ip_ranges: {},\n        dns_suffixes: {},\n        note: {:?},\n        source: {:?},\n        \
             checked: {:?},\n        sourcing: Sourcing::{sourcing},\n    }},",
            id.name,
            id.operator,
            strings(&id.tokens),
            strings(&id.ip_ranges),
            strings(&id.dns_suffixes),
            id.note,
            id.source,
            checked
        );
    }
    out.push_str("];\n");
    Ok((out, of_token))
}

fn generate(file: &File) -> Result<String, String> {
    let mut seen = BTreeSet::new();
    let mut out = String::new();
    out.push_str(
        "// @generated by robots-registry/tests/generated.rs from crawlers.toml: edit\n\
         // crawlers.toml, then `ROBOTS_REGISTRY_WRITE=1 cargo test -p robots-registry --test generated`.\n\n\
         use crate::{Crawler, IdentityCheck, Purpose, Retired, RobotsTxt, Sourcing};\n\n",
    );
    let (identity_table, identity_of) = identities(file)?;
    out.push_str("/// Every known crawler, in the order of `crawlers.toml`.\n");
    out.push_str("pub static CRAWLERS: &[Crawler] = &[\n");
    if u16::try_from(file.crawler.len()).is_err() {
        return Err(format!(
            "{} crawlers: positions are u16",
            file.crawler.len()
        ));
    }
    for (position, c) in file.crawler.iter().enumerate() {
        check_identity(&c.token, &c.source)?;
        let (checked, sourcing) = sourcing(&c.token, &c.checked, &c.checked_against, &c.note)?;
        if !seen.insert(c.token.to_ascii_lowercase()) {
            return Err(format!("{}: listed twice", c.token));
        }
        let (purpose, robots_txt, robots_txt_source) = check_crawler(c)?;
        let _ = writeln!(
            out,
            "    Crawler {{\n        token: {:?},\n        operator: {:?},\n        purpose: Purpose::{purpose},\n        \
             position: {position},\n        fallbacks: {},\n        obeys_wildcard: {},\n        robots_txt: RobotsTxt::{robots_txt},\n        \
             robots_txt_source: {:?},\n        note: {:?},\n        source: {:?},\n        checked: {:?},\n        \
             sourcing: Sourcing::{sourcing},\n        identity: {},\n    }},",
            c.token,
            c.operator,
            strings(&c.fallbacks),
            c.wildcard,
            robots_txt_source,
            c.note,
            c.source,
            checked,
            identity_of
                .get(&c.token.to_ascii_lowercase())
                .map_or_else(|| String::from("None"), |at| format!("Some({at})"))
        );
    }
    out.push_str("];\n\n");
    out.push_str(
        "/// Each crawler's header forms ([`Crawler::headers`]), at its position in\n\
         /// [`CRAWLERS`].\n",
    );
    out.push_str("pub(crate) static HEADER_FORMS: &[&[&str]] = &[\n");
    for c in &file.crawler {
        let _ = writeln!(out, "    // {}\n    {},", c.token, strings(&c.headers));
    }
    out.push_str("];\n\n");
    let active = crawler_tokens(file);
    out.push_str("/// Every retired or renamed token, in the order of `crawlers.toml`.\n");
    out.push_str("pub static RETIRED: &[Retired] = &[\n");
    for r in &file.retired {
        check_identity(&r.token, &r.source)?;
        let (checked, sourcing) = sourcing(&r.token, &r.checked, &r.checked_against, &r.note)?;
        if !seen.insert(r.token.to_ascii_lowercase()) {
            return Err(format!("{}: listed twice", r.token));
        }
        check_replacements(r, &active)?;
        let _ = writeln!(
            out,
            "    Retired {{\n        token: {:?},\n        operator: {:?},\n        replaced_by: {},\n        note: {:?},\n        \
             source: {:?},\n        checked: {:?},\n        sourcing: Sourcing::{sourcing},\n    }},",
            r.token,
            r.operator,
            strings(&r.replaced_by),
            r.note,
            r.source,
            checked
        );
    }
    out.push_str("];\n\n");
    out.push_str(&identity_table);
    Ok(out)
}

/// Checks that every token the retired token `r` is replaced by is one of
/// `crawlers` (lowercase tokens).
fn check_replacements(r: &Retired, crawlers: &BTreeSet<String>) -> Result<(), String> {
    match r
        .replaced_by
        .iter()
        .find(|t| !crawlers.contains(&t.to_ascii_lowercase()))
    {
        Some(bad) => Err(format!(
            "{}: replacement `{bad}` is no listed crawler",
            r.token
        )),
        None => Ok(()),
    }
}

/// Checks `candidates` against the registry `registry`: every entry well-formed
/// and unverified, each token once and in neither file twice, every
/// replacement a crawler of either file.
fn check_candidates(candidates: &File, registry: &File) -> Result<(), String> {
    if let Some(id) = candidates.identity.first() {
        return Err(format!(
            "identity {}: how to verify crawlers belongs in crawlers.toml, beside them",
            id.name
        ));
    }
    let in_registry: BTreeSet<String> = crawler_tokens(registry)
        .into_iter()
        .chain(
            registry
                .retired
                .iter()
                .map(|r| r.token.to_ascii_lowercase()),
        )
        .collect();
    let mut seen = BTreeSet::new();
    let mut claim = |token: &str| {
        let lower = token.to_ascii_lowercase();
        if in_registry.contains(&lower) {
            Err(format!("{token}: also in crawlers.toml"))
        } else if !seen.insert(lower) {
            Err(format!("{token}: listed twice"))
        } else {
            Ok(())
        }
    };
    for c in &candidates.crawler {
        check_identity(&c.token, &c.source)?;
        check_unverified(&c.token, &c.checked, &c.checked_against, &c.note)?;
        claim(&c.token)?;
        check_crawler(c)?;
    }
    let crawlers: BTreeSet<String> = crawler_tokens(registry)
        .into_iter()
        .chain(crawler_tokens(candidates))
        .collect();
    for r in &candidates.retired {
        check_identity(&r.token, &r.source)?;
        check_unverified(&r.token, &r.checked, &r.checked_against, &r.note)?;
        claim(&r.token)?;
        check_replacements(r, &crawlers)?;
    }
    Ok(())
}

fn parse(name: &str, text: &str) -> Result<File, String> {
    toml::from_str(text).map_err(|e| format!("{name}: {e}"))
}

fn compile(text: &str) -> Result<String, String> {
    generate(&parse("crawlers.toml", text)?).map_err(|e| format!("crawlers.toml: {e}"))
}

/// Compiles `crawlers.toml` (as `registry`) and checks `candidates.toml`
/// (as `candidates`) against it.
fn compile_both(registry: &str, candidates: &str) -> Result<String, String> {
    let code = compile(registry)?;
    let candidates = parse("candidates.toml", candidates)?;
    check_candidates(&candidates, &parse("crawlers.toml", registry)?)
        .map_err(|e| format!("candidates.toml: {e}"))?;
    Ok(code)
}

#[test]
fn the_checked_in_tables_are_crawlers_toml_compiled() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let read = |name: &str| std::fs::read_to_string(root.join(name)).unwrap();
    let code = compile_both(&read("crawlers.toml"), &read("candidates.toml"))
        .unwrap_or_else(|e| panic!("{e}"));
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
    // No `checked` date: no registry entry, whatever its note says.
    let unverified = |extra: &str| {
        format!(
            "retired = []\n[[crawler]]\ntoken = \"FooBot\"\noperator = \"Foo\"\npurpose = \"search\"\n\
             source = \"https://foo.example/bot\"\n{extra}"
        )
    };
    for extra in [
        "",
        "note = \"Unverified: from a community list; not compared.\"",
    ] {
        let err = compile(&unverified(extra)).unwrap_err();
        assert!(
            err.contains("FooBot: no `checked` date") && err.contains("candidates.toml"),
            "{err}"
        );
    }
    let retired_undated = "[[retired]]\ntoken = \"OldBot\"\noperator = \"Foo\"\nreplaced_by = []\n\
                           note = \"Unverified: gone.\"\nsource = \"https://foo.example\"\n";
    let crawler_only = entry("").replacen("retired = []\n", "", 1);
    let err = compile(&format!("{crawler_only}\n{retired_undated}")).unwrap_err();
    assert!(err.contains("OldBot: no `checked` date"), "{err}");
    assert!(compile(&entry(""))
        .unwrap()
        .contains("checked: \"2026-01-01\""));
    assert!(compile(&entry(""))
        .unwrap()
        .contains("sourcing: Sourcing::Operator"));
    // A secondary-dataset check: the note must say so; the level must be known.
    let secondary = compile(&entry(
        "checked_against = \"secondary\"\nnote = \"Confirmed by a secondary dataset only.\"",
    ))
    .unwrap();
    assert!(
        secondary.contains("sourcing: Sourcing::Secondary"),
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
    let err = compile(&unverified("checked = \"28.11.2026\"")).unwrap_err();
    assert!(err.contains("not YYYY-MM-DD"), "{err}");
    let twice = format!("{}\n[[crawler]]\ntoken = \"foobot\"\noperator = \"Foo\"\npurpose = \"search\"\nsource = \"https://x.example\"\nchecked = \"2026-01-01\"\n", entry(""));
    assert!(compile(&twice).unwrap_err().contains("listed twice"));
}

#[test]
fn candidates_stay_well_formed_unverified_and_apart() {
    let registry = "[[crawler]]\ntoken = \"FooBot\"\noperator = \"Foo\"\npurpose = \"search\"\n\
                    source = \"https://foo.example/bot\"\nchecked = \"2026-01-01\"\n";
    let candidate = |token: &str, extra: &str| {
        format!(
            "[[crawler]]\ntoken = \"{token}\"\noperator = \"Bar\"\npurpose = \"seo\"\n\
             source = \"https://bar.example/bot\"\n{extra}\n"
        )
    };
    let note = "note = \"Unverified: no stored copy of its page.\"";
    let good = candidate("BarBot", note);
    assert!(compile_both(registry, &good).is_ok());
    // A retired candidate may name a crawler of either file.
    let retired = "[[retired]]\ntoken = \"OldBar\"\noperator = \"Bar\"\nreplaced_by = [\"BarBot\", \"FooBot\"]\n\
                   note = \"Unverified: no page says it was retired.\"\nsource = \"https://bar.example\"\n";
    assert!(compile_both(registry, &format!("{good}\n{retired}")).is_ok());
    for (candidates, says) in [
        (candidate("BarBot", ""), "BarBot: the note must say why"),
        (
            candidate("BarBot", &format!("{note}\nchecked = \"2026-01-01\"")),
            "BarBot: a checked entry belongs in crawlers.toml",
        ),
        (
            candidate(
                "BarBot",
                &format!("{note}\nchecked_against = \"secondary\""),
            ),
            "BarBot: a checked entry belongs in crawlers.toml",
        ),
        (candidate("foobot", note), "foobot: also in crawlers.toml"),
        (
            format!("{good}\n{}", candidate("barbot", note)),
            "barbot: listed twice",
        ),
        (
            candidate("BarBot", &format!("{note}\npurpose2 = \"x\"")),
            "unknown field",
        ),
        (
            candidate("BarBot", &format!("{note}\nheaders = [\"\"]")),
            "header form",
        ),
        (candidate("Bar Bot", note), "not a user-agent token"),
        (
            format!("{good}\n{}", retired.replace("\"FooBot\"", "\"BazBot\"")),
            "OldBar: replacement `BazBot` is no listed crawler",
        ),
    ] {
        let err = compile_both(registry, &candidates).unwrap_err();
        assert!(
            err.starts_with("candidates.toml: ") && err.contains(says),
            "{says}: {err}"
        );
    }
}

#[test]
fn bad_identity_entries_name_themselves() {
    let registry = |identity: &str| {
        format!(
            "[[crawler]]\ntoken = \"FooBot\"\noperator = \"Foo\"\npurpose = \"search\"\n\
             source = \"https://foo.example/bot\"\nchecked = \"2026-01-01\"\n\n\
             [[crawler]]\ntoken = \"BarBot\"\noperator = \"Foo\"\npurpose = \"search\"\n\
             source = \"https://foo.example/bar\"\nchecked = \"2026-01-01\"\n\n{identity}"
        )
    };
    let entry = |name: &str, extra: &str| {
        format!(
            "[[identity]]\nname = \"{name}\"\noperator = \"Foo\"\ntokens = [\"FooBot\"]\n\
             source = \"https://foo.example/verify\"\nchecked = \"2026-01-01\"\n{extra}\n"
        )
    };
    let good = entry(
        "foo",
        "ip_ranges = [\"https://foo.example/foobot.json\"]\ndns_suffixes = [\"crawl.foo.example\"]",
    );
    let code = compile(&registry(&good)).unwrap();
    assert!(code.contains("identity: Some(0)"), "{code}");
    assert!(code.contains("identity: None"), "{code}");
    assert!(code.contains("name: \"foo\""), "{code}");
    for (identity, says) in [
        (entry("foo", ""), "neither ip_ranges nor dns_suffixes"),
        (
            entry("foo", "dns_suffixes = [\".foo.example\"]"),
            "dns suffix `.foo.example`",
        ),
        (
            entry("foo", "dns_suffixes = [\"Foo.example\"]"),
            "dns suffix `Foo.example`",
        ),
        (
            entry("foo", "ip_ranges = [\"http://foo.example/foobot.json\"]"),
            "not an https URL of a .json file",
        ),
        (
            entry(
                "foo",
                "ip_ranges = [\"https://foo.example/a.json\", \"https://bar.example/A.json\"]",
            ),
            "named `A.json` is listed twice",
        ),
        (
            entry("Foo", "dns_suffixes = [\"foo.example\"]"),
            "the name must be lower case",
        ),
        (
            entry("foo", "dns_suffixes = [\"foo.example\"]").replace("FooBot", "NoBot"),
            "`NoBot` is no registry crawler",
        ),
        (
            format!(
                "{}{}",
                entry("foo", "dns_suffixes = [\"foo.example\"]"),
                entry("foo2", "dns_suffixes = [\"foo.example\"]")
            ),
            "identity foo2: `FooBot` is in another identity entry too",
        ),
        (
            format!(
                "{}{}",
                entry("foo", "dns_suffixes = [\"foo.example\"]"),
                entry("foo", "dns_suffixes = [\"foo.example\"]").replace("FooBot", "BarBot")
            ),
            "identity foo: listed twice",
        ),
        (
            entry(
                "foo",
                "dns_suffixes = [\"foo.example\"]\nchecked_against = \"secondary\"",
            ),
            "note does not say so",
        ),
        (
            entry("foo", "dns_suffixes = [\"foo.example\"]\nurl = \"x\""),
            "unknown field",
        ),
    ] {
        let err = compile(&registry(&identity)).unwrap_err();
        assert!(err.contains(says), "{says}: {err}");
    }
    // Candidates do not say how to verify crawlers.
    let err = compile_both(
        &registry(""),
        &entry("foo", "dns_suffixes = [\"foo.example\"]"),
    )
    .unwrap_err();
    assert!(err.contains("belongs in crawlers.toml"), "{err}");
}
