//! SARIF 2.1.0 for `robots lint --format sarif`: what GitHub code scanning and
//! other SARIF consumers read. One run; the tool's rules are every lint code
//! (id, help text, default level); each finding is a result with its rule, its
//! level, and a region (line, and columns in UTF-16 code units, SARIF's default
//! column kind).

use crate::json;
use robots_lint::{Finding, Severity, CODES};
use serde_json::{json, Value};

/// Characters of a path that stay as they are in a URI reference.
const PATH: &percent_encoding::AsciiSet = &percent_encoding::NON_ALPHANUMERIC
    .remove(b'/')
    .remove(b'-')
    .remove(b'_')
    .remove(b'.')
    .remove(b'~');

/// SARIF's level for a severity.
fn level(severity: Severity) -> &'static str {
    match severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
        // A severity added later is at least a note.
        _ => "note",
    }
}

/// One file's findings, gathered until the log is written.
pub struct Log {
    results: Vec<Value>,
}

/// The UTF-16 column (1-based) of byte `at` of `source`, on its line.
fn utf16_column(source: &[u8], at: usize) -> usize {
    let at = at.min(source.len());
    let start = source
        .get(..at)
        .and_then(|before| before.iter().rposition(|&b| b == b'\n' || b == b'\r'))
        .map_or(0, |i| i + 1);
    let before = String::from_utf8_lossy(source.get(start..at).unwrap_or_default());
    before.encode_utf16().count() + 1
}

impl Log {
    /// An empty log.
    pub fn new() -> Log {
        Log {
            results: Vec::new(),
        }
    }

    /// Add the findings of the file at `path` (as named on the command line).
    pub fn add(&mut self, path: &str, source: &[u8], findings: &[Finding]) {
        let uri = percent_encoding::utf8_percent_encode(&path.replace('\\', "/"), PATH).to_string();
        for f in findings {
            let rule = CODES.iter().position(|c| c.code == f.code);
            let mut region = serde_json::Map::new();
            region.insert("startLine".into(), json!(f.line));
            region.insert(
                "startColumn".into(),
                json!(utf16_column(source, f.span.start)),
            );
            // The end, when the subject ends on its own line.
            let subject = source.get(f.span.clone()).unwrap_or_default();
            if !subject.is_empty() && !subject.contains(&b'\n') && !subject.contains(&b'\r') {
                region.insert("endLine".into(), json!(f.line));
                region.insert("endColumn".into(), json!(utf16_column(source, f.span.end)));
            }
            let message = match &f.help {
                Some(help) => format!("{}\n\nhelp: {help}", f.message),
                None => f.message.clone(),
            };
            let mut result = json!({
                "ruleId": f.code.as_str(),
                "level": level(f.severity),
                "message": {"text": message},
                "locations": [{
                    "physicalLocation": {
                        "artifactLocation": {"uri": uri},
                        "region": region,
                    }
                }],
            });
            if let (Some(index), Some(fields)) = (rule, result.as_object_mut()) {
                fields.insert("ruleIndex".into(), json!(index));
            }
            self.results.push(result);
        }
    }

    /// The whole log as one line of JSON.
    pub fn write(self, out: &mut Vec<u8>) -> Result<(), crate::error::Error> {
        let rules: Vec<Value> = CODES
            .iter()
            .map(|c| {
                json!({
                    "id": c.code.as_str(),
                    "shortDescription": {"text": c.summary},
                    "fullDescription": {"text": c.summary},
                    "help": {"text": format!("{} (robots lint code `{}`, category {})", c.summary, c.code, c.category)},
                    "defaultConfiguration": {"level": level(c.severity)},
                    "properties": {"tags": ["robots.txt", c.category]},
                })
            })
            .collect();
        let log = json!({
            "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
            "version": "2.1.0",
            "runs": [{
                "tool": {
                    "driver": {
                        "name": "robots",
                        "version": env!("CARGO_PKG_VERSION"),
                        "rules": rules,
                    }
                },
                "columnKind": "utf16CodeUnits",
                "results": self.results,
            }],
        });
        json::write_line(out, &log)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_count_utf16_units() {
        let source = "User-agent: *\nDisallow: /café/😀x\n".as_bytes();
        let line2 = 14;
        assert_eq!(utf16_column(source, line2), 1);
        let x = source.iter().position(|&b| b == b'x').unwrap();
        // "Disallow: /café/" is 16 characters, the emoji two UTF-16 units.
        assert_eq!(utf16_column(source, x), 19);
    }
}
