//! Reading the bundled test data: shared by the test library and the build
//! script that compiles every test policy statically (so it depends on no
//! crate of this workspace).

use base64::Engine as _;
use serde_json::Value;
use std::path::{Path, PathBuf};

/// The repository's `testdata/` directory.
pub fn testdata() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../testdata")
}

/// Every case of one conformance file, in order.
pub fn conformance_cases(file: &str) -> Vec<Value> {
    let path = testdata().join("conformance").join(file);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("bad case in {file}: {e}")))
        .collect()
}

/// The exact robots.txt bytes of a case object (`robots_txt`, or `robots_txt_b64` when null).
pub fn body_of(obj: &Value) -> Vec<u8> {
    match obj.get("robots_txt") {
        Some(Value::String(s)) => s.as_bytes().to_vec(),
        _ => {
            let b64 = obj
                .get("robots_txt_b64")
                .and_then(Value::as_str)
                .unwrap_or_else(|| panic!("case without a body: {obj}"));
            base64::engine::general_purpose::STANDARD
                .decode(b64)
                .unwrap_or_else(|e| panic!("bad base64: {e}"))
        }
    }
}

/// A string field of a case.
pub fn str_field<'a>(obj: &'a Value, key: &str) -> &'a str {
    obj.get(key)
        .and_then(Value::as_str)
        .unwrap_or_else(|| panic!("case lacks string field {key}: {obj}"))
}

/// The corpus files: (site name, robots.txt path, urls path), sorted by name.
pub fn corpus_files() -> Vec<(String, PathBuf, PathBuf)> {
    let dir = testdata().join("corpus");
    let mut out: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("cannot list {}: {e}", dir.display()))
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .map(|p| {
            let name = p
                .file_stem()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_default();
            let urls = p.with_extension("urls");
            (name, p, urls)
        })
        .collect();
    out.sort();
    out
}

/// The URL list of a corpus file (one path per line).
pub fn corpus_urls(urls_path: &Path) -> Vec<Vec<u8>> {
    let bytes = std::fs::read(urls_path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", urls_path.display()));
    bytes
        .split(|&b| b == b'\n')
        .filter(|u| !u.is_empty())
        .map(<[u8]>::to_vec)
        .collect()
}

/// A distinct robots.txt body of the conformance set, with what its cases ask.
pub struct ConformanceBody {
    /// A stable name: the id of its first case, with every byte other than
    /// ASCII letters, digits and `.` made `_` (`ID_LongestMatch#1` is `ID_LongestMatch_1`).
    pub name: String,
    /// The exact robots.txt bytes.
    pub body: Vec<u8>,
    /// The URLs its cases check, in first-seen order.
    pub urls: Vec<Vec<u8>>,
    /// The crawlers its cases name, in first-seen order.
    pub agents: Vec<String>,
}

/// Every distinct robots.txt body of the conformance set, in first-seen order.
pub fn conformance_bodies() -> Vec<ConformanceBody> {
    let mut out: Vec<ConformanceBody> = Vec::new();
    for file in [
        "google_cases.jsonl",
        "rfc9309_cases.jsonl",
        "legacy1994_cases.jsonl",
    ] {
        for case in conformance_cases(file) {
            let body = body_of(&case);
            let url = str_field(&case, "url").as_bytes().to_vec();
            let agent = str_field(&case, "user_agent").to_owned();
            let Some(seen) = out.iter_mut().find(|b| b.body == body) else {
                out.push(ConformanceBody {
                    name: file_name_of(str_field(&case, "id")),
                    body,
                    urls: vec![url],
                    agents: vec![agent],
                });
                continue;
            };
            if !seen.urls.contains(&url) {
                seen.urls.push(url);
            }
            if !seen.agents.contains(&agent) {
                seen.agents.push(agent);
            }
        }
    }
    out
}

/// `id` with every byte other than ASCII letters, digits and `.` made `_`: a
/// name fit for a snapshot file.
fn file_name_of(id: &str) -> String {
    id.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '.' {
                c
            } else {
                '_'
            }
        })
        .collect()
}

/// The conformance bodies whose verdicts are kept as reviewed snapshots: one or
/// two per subject of the conformance set (group selection, agent matching,
/// longest match, encoding, special characters, Google's quirks, each RFC 9309
/// section, the legacy readings). Bodies with 16 KB lines are left to the
/// differential tests: no one reviews them as text.
pub const CURATED_BODIES: &[&str] = &[
    "GoogleOnly_SystemTest_2",
    "ID_LineSyntax_Groups_1",
    "ID_LineSyntax_Groups_OtherRules_1",
    "ID_REPLineNamesCaseInsensitive_1",
    "ID_UserAgentValueCaseInsensitive_1",
    "GoogleOnly_AcceptUserAgentUpToFirstSpace_2",
    "ID_GlobalGroups_Secondary_4",
    "ID_AllowDisallow_Value_CaseSensitive_1",
    "ID_LongestMatch_1",
    "ID_LongestMatch_13",
    "ID_Encoding_1",
    "ID_SpecialCharacters_1",
    "ID_SpecialCharacters_9",
    "GoogleOnly_IndexHTMLisDirectory_1",
    "GoogleOnly_DocumentationChecks_1",
    "GoogleOnly_DocumentationChecks_50",
    "rfc9309.2.2.1_4",
    "rfc9309.2.2.1_8",
    "rfc9309.2.2.2_1",
    "rfc9309.2.2.3_6",
    "rfc9309.2.2.4_1",
    "rfc9309.5.1_1",
    "rfc9309.5.2_1",
    "legacy.record_selection_5",
    "legacy.agent_matching_2",
    "legacy.rule_order_1",
    "legacy.fict_org_1",
    "legacy.percent_1",
];

/// The small corpus files whose verdicts (on a sample of their URLs) are kept as
/// reviewed snapshots, one per oddity real files have: bare CR line ends, a
/// directive without its colon, a BOM, bytes that are not UTF-8, Yandex
/// directives, `$` anchors, wildcards, leading whitespace, several groups.
pub const CURATED_CORPUS: &[&str] = &[
    "www.prometric.com",
    "salesmap.co.za",
    "www.olympic.org",
    "www.turktelekom.com.tr",
    "coolmaterial.com",
    "skin.pb.ua",
    "business.trustedshops.ch",
    "guardian.ng",
    "www.asa.org.uk",
    "speedily-rtl-et.blogspot.com",
    "2954220788945.huodongxing.com",
    "medium.com",
    "www.reddit.com",
];
