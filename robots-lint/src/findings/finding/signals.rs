//! Findings about the AI-era records: `Content-Signal`, `Content-Usage`,
//! `LLM-Policy` and `License` (see `robots_runtime::records` for the drafts they follow).
//! Where they stand is checked with every record: one before any user-agent
//! line applies to no crawler (`rule-outside-group`).

use crate::{Code, Finding, Severity};
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;
use core::ops::Range;
use robots_core::parse::{Directive, LineReport};
use robots_core::records::{
    check_sitemap_url, content_signal_entries, content_usage_entries, parse_content_signal,
    CONTENT_SIGNAL_KEYS, CONTENT_USAGE_LABELS,
};

/// The findings of one AI-era record line whose value (`value`) spans `span`.
pub(super) fn findings(
    line: &LineReport,
    span: Range<usize>,
    value: &[u8],
    directive: Directive,
    out: &mut Vec<Finding>,
) {
    let at = |offset: usize| (span.start + offset).min(span.end)..span.end;
    let text = |bytes: &[u8]| String::from_utf8_lossy(bytes).into_owned();
    match directive {
        Directive::ContentSignal => {
            if let Err(e) = parse_content_signal(value) {
                out.push(
                    Finding::at(
                        Code::InvalidContentSignal,
                        Severity::Error,
                        line,
                        at(e.offset),
                        String::from(e.message()),
                    )
                    .with_help(
                        "write e.g. `Content-Signal: search=yes, ai-input=yes, ai-train=no`",
                    ),
                );
                return;
            }
            for entry in content_signal_entries(value) {
                let known = CONTENT_SIGNAL_KEYS
                    .iter()
                    .any(|k| entry.key.eq_ignore_ascii_case(k.as_bytes()));
                if !known {
                    out.push(
                        Finding::at(
                            Code::UnknownContentSignal,
                            Severity::Warning,
                            line,
                            at(entry.offset),
                            format!(
                                "`{}` is not a content signal; crawlers ignore it",
                                text(entry.key)
                            ),
                        )
                        .with_help("the signals are `search`, `ai-input` and `ai-train`"),
                    );
                }
            }
        }
        Directive::ContentUsage => match content_usage_entries(value) {
            Err(e) => out.push(
                Finding::at(
                    Code::InvalidContentUsage,
                    Severity::Error,
                    line,
                    at(e.offset),
                    String::from(e.message()),
                )
                .with_help(
                    "write e.g. `Content-Usage: train-ai=n` or `Content-Usage: /blog/ train-ai=y`",
                ),
            ),
            Ok((_, entries)) if entries.is_empty() => out.push(
                Finding::at(
                    Code::InvalidContentUsage,
                    Severity::Error,
                    line,
                    span.clone(),
                    String::from("content-usage states no preference"),
                )
                .with_help("write e.g. `Content-Usage: train-ai=n`"),
            ),
            Ok((_, entries)) => {
                for entry in entries {
                    let known = CONTENT_USAGE_LABELS
                        .iter()
                        .any(|l| entry.key == l.as_bytes());
                    let message = if !known {
                        format!("`{}` is not a usage category of the aipref vocabulary: its preference is unknown", text(entry.key))
                    } else if !matches!(entry.token, Some(b"y" | b"n")) {
                        format!(
                            "`{}` takes `y` or `n`; any other value leaves its preference unknown",
                            text(entry.key)
                        )
                    } else {
                        continue;
                    };
                    out.push(
                        Finding::at(
                            Code::UnknownContentUsage,
                            Severity::Warning,
                            line,
                            at(entry.offset),
                            message,
                        )
                        .with_help("the categories are `train-ai` and `search`, each `=y` or `=n`"),
                    );
                }
            }
        },
        Directive::LlmPolicy if check_sitemap_url(value).is_err() => out.push(
            Finding::at(
                Code::InvalidLlmPolicy,
                Severity::Error,
                line,
                span.clone(),
                format!(
                    "llm-policy `{}` is not an absolute http(s) URL",
                    text(value)
                ),
            )
            .with_help(
                "write the full URL of the policy, e.g. `https://example.com/llm-policy.json`",
            ),
        ),
        Directive::License if check_sitemap_url(value).is_err() => out.push(
            Finding::at(
                Code::InvalidLicense,
                Severity::Error,
                line,
                span.clone(),
                format!("license `{}` is not an absolute http(s) URL", text(value)),
            )
            .with_help(
                "RSL 1.0 asks for the full URL of the license file, e.g. `https://example.com/license.xml`",
            ),
        ),
        _ => {}
    }
}
