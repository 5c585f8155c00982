//! JSON for results, written into a reused buffer without building a value tree.
//!
//! Strings go through `serde_json` (so escaping is exact); bytes that are not
//! UTF-8 are shown lossily (U+FFFD). In the common, valid-UTF-8 case nothing is
//! allocated per line.

use crate::error::Error;
use robots_lint::usage_entries;
use robots_runtime::records::UsagePrefs;
use robots_runtime::{Policy, Verdict};
use serde_json::Value;
use std::fmt;
use std::io::Write;

/// Append formatted text to a buffer (writing to a `Vec` cannot fail).
pub fn push_fmt(out: &mut Vec<u8>, args: fmt::Arguments<'_>) {
    let _ = out.write_fmt(args);
}

/// Append `bytes` to `out` as a JSON string (lossy UTF-8).
pub fn write_str(out: &mut Vec<u8>, bytes: &[u8]) -> Result<(), Error> {
    let text = String::from_utf8_lossy(bytes);
    serde_json::to_writer(out, &*text).map_err(Error::Json)
}

/// Append `value` as one line of JSON.
pub fn write_line(out: &mut Vec<u8>, value: &Value) -> Result<(), Error> {
    serde_json::to_writer(&mut *out, value).map_err(Error::Json)?;
    out.push(b'\n');
    Ok(())
}

/// Append `url` as the `"url"` member (after `{`), and, when it is not UTF-8,
/// a `"url_bytes"` member: the URL's exact bytes as an array of numbers, since
/// the `"url"` string then shows each invalid byte as U+FFFD.
fn write_url(out: &mut Vec<u8>, url: &[u8]) -> Result<(), Error> {
    out.extend_from_slice(b"\"url\":");
    write_str(out, url)?;
    if std::str::from_utf8(url).is_err() {
        out.extend_from_slice(b",\"url_bytes\":");
        serde_json::to_writer(&mut *out, url).map_err(Error::Json)?;
    }
    Ok(())
}

/// The deciding rule of a verdict, as a verdict line shows it.
#[derive(Clone, Copy, Debug)]
pub struct RuleRef<'a> {
    /// Its 1-based line.
    pub line: u32,
    /// `allow` or `disallow`.
    pub directive: &'a str,
    /// Its pattern, as written.
    pub pattern: &'a [u8],
}

/// The members every verdict line starts with, in this order, after `{`:
/// `url` (and `url_bytes`), `allowed`, `rule` and `reason`. `check` and
/// `check --fetch` both write their lines through it, so they agree on the
/// order; each then adds its own members and calls [`close`].
pub fn open_verdict(
    out: &mut Vec<u8>,
    url: &[u8],
    allowed: bool,
    rule: Option<RuleRef<'_>>,
    reason: &str,
) -> Result<(), Error> {
    out.push(b'{');
    write_url(out, url)?;
    out.extend_from_slice(if allowed {
        b",\"allowed\":true,\"rule\":"
    } else {
        b",\"allowed\":false,\"rule\":"
    });
    match rule {
        Some(rule) => {
            push_fmt(out, format_args!("{{\"line\":{},\"directive\":", rule.line));
            write_str(out, rule.directive.as_bytes())?;
            out.extend_from_slice(b",\"pattern\":");
            write_str(out, rule.pattern)?;
            out.push(b'}');
        }
        None => out.extend_from_slice(b"null"),
    }
    out.extend_from_slice(b",\"reason\":");
    write_str(out, reason.as_bytes())
}

/// Append a `"key":value` member (after at least one member).
#[cfg(feature = "fetch")]
pub fn member(out: &mut Vec<u8>, key: &str, value: &Value) -> Result<(), Error> {
    out.push(b',');
    write_str(out, key.as_bytes())?;
    out.push(b':');
    serde_json::to_writer(&mut *out, value).map_err(Error::Json)
}

/// End a verdict line: the `warning` member when there is one, `}` and a newline.
pub fn close(out: &mut Vec<u8>, warning: Option<&str>) -> Result<(), Error> {
    if let Some(warning) = warning {
        out.extend_from_slice(b",\"warning\":");
        write_str(out, warning.as_bytes())?;
    }
    out.extend_from_slice(b"}\n");
    Ok(())
}

/// Append one verdict as a JSON object and a newline:
///
/// ```text
/// {"url":"/x","allowed":false,"rule":{"line":2,"directive":"disallow","pattern":"/x"},"reason":"rule","content_usage":null}
/// {"url":"/y","allowed":true,"rule":null,"reason":"no-matching-rule","content_usage":{"train-ai":false,"search":null}}
/// {"url":"ftp://h/y","allowed":true,"rule":null,"reason":"no-matching-rule","content_usage":null,"warning":"is not an http(s) URL (scheme ftp); checked as the path `/y`"}
/// {"url":"/\u{fffd}","url_bytes":[47,255],"allowed":true,"rule":null,"reason":"no-matching-rule","content_usage":null,"warning":"…"}
/// ```
///
/// `content_usage` is the `Content-Usage` preferences that apply to the URL
/// (draft-ietf-aipref-attach: the rule of the crawler's groups with the longest
/// matching path, `true` for `y`, `false` for `n`, `null` unstated), `null` when
/// no rule applies or the URL may not be crawled (the draft attaches
/// preferences to crawlable paths only); `usage` is the matcher's answer,
/// which this applies the verdict to. `url_bytes` is there only when the URL
/// is not UTF-8; `warning` only when the URL line does not read plainly (see
/// `robots_runtime::url::url_shape`).
pub fn write_verdict(
    out: &mut Vec<u8>,
    policy: &Policy,
    url: &[u8],
    verdict: &Verdict,
    usage: Option<UsagePrefs>,
    warning: Option<&str>,
) -> Result<(), Error> {
    let rule = verdict.rule.and_then(|id| policy.rule(id));
    open_verdict(
        out,
        url,
        verdict.allowed,
        rule.as_ref().map(|r| RuleRef {
            line: r.line,
            directive: r.directive.name(),
            pattern: r.pattern,
        }),
        verdict.reason.name(),
    )?;
    write_content_usage(out, usage.filter(|_| verdict.allowed))?;
    close(out, warning)
}

/// Append `,"content_usage":` and the Content-Usage preferences that apply to
/// an allowed URL (`null` when none apply, or when it may not be fetched).
pub fn write_content_usage(out: &mut Vec<u8>, usage: Option<UsagePrefs>) -> Result<(), Error> {
    out.extend_from_slice(b",\"content_usage\":");
    let Some(prefs) = usage else {
        out.extend_from_slice(b"null");
        return Ok(());
    };
    out.push(b'{');
    for (i, (key, value)) in usage_entries(&prefs).into_iter().enumerate() {
        if i > 0 {
            out.push(b',');
        }
        write_str(out, key.as_bytes())?;
        out.extend_from_slice(match value {
            Some(true) => b":true",
            Some(false) => b":false",
            None => b":null",
        });
    }
    out.push(b'}');
    Ok(())
}

/// Append a URL line refused by `check --strict-urls` as a JSON object and a
/// newline: `{"url":"ftp://h/y","error":"line 3: is not an http(s) URL (scheme ftp)"}`
/// (with `url_bytes` as in [`write_verdict`]).
pub fn write_url_error(out: &mut Vec<u8>, url: &[u8], error: &str) -> Result<(), Error> {
    out.push(b'{');
    write_url(out, url)?;
    out.extend_from_slice(b",\"error\":");
    write_str(out, error.as_bytes())?;
    out.extend_from_slice(b"}\n");
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use robots_runtime::Profile;

    #[test]
    fn verdict_lines_are_valid_json() {
        let policy = Policy::parse(
            b"User-agent: *\nDisallow: /p\"\nContent-Usage: train-ai=n\n",
            Profile::Rfc9309,
        );
        let bot = policy.matcher("bot");
        let mut out = Vec::new();
        for (url, warning) in [(&b"/p\"x"[..], None), (b"/\xff", Some("odd"))] {
            let usage = bot.content_usage(url);
            write_verdict(&mut out, &policy, url, &bot.check(url), usage, warning).unwrap();
        }
        let text = String::from_utf8(out).unwrap();
        let lines: Vec<Value> = text
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        assert_eq!(
            lines[0],
            serde_json::json!({"url": "/p\"x", "allowed": false,
                "rule": {"line": 2, "directive": "disallow", "pattern": "/p\""}, "reason": "rule",
                "content_usage": null})
        );
        assert_eq!(
            lines[1],
            serde_json::json!({"url": "/\u{fffd}", "url_bytes": [47, 255], "allowed": true, "rule": null,
                "reason": "no-matching-rule", "content_usage": {"train-ai": false, "search": null},
                "warning": "odd"})
        );
    }
}
