//! Focused cases for the structure and semantic checks, per profile.

use super::*;
use crate::Code;
use alloc::string::String;
use alloc::vec::Vec;
use robots_core::Policy;

/// `(code, line)` of every finding with one of `codes`.
fn found(src: &str, profile: Profile, codes: &[Code]) -> Vec<(Code, u32)> {
    lint(src.as_bytes(), profile)
        .into_iter()
        .filter(|f| codes.contains(&f.code))
        .map(|f| (f.code, f.line))
        .collect()
}

const RULES: &[Code] = &[
    Code::DuplicateRule,
    Code::ShadowedRule,
    Code::ConflictingRules,
];

#[test]
fn duplicates_report_the_copy_that_never_decides() {
    let src = "User-agent: *\nDisallow: /a\nDisallow: /b\nDisallow: /a\n";
    assert_eq!(
        found(src, Profile::Rfc9309, RULES),
        [(Code::DuplicateRule, 4)]
    );
    // Under rfc9309 `%3A` is `:`: one of the two never decides, and it is the one reported.
    let src = "User-agent: *\nDisallow: /s:\nDisallow: /s%3A\n";
    let policy = Policy::parse(src.as_bytes(), Profile::Rfc9309);
    let decides = policy
        .rule(policy.check("bot", "/s:").rule.unwrap())
        .unwrap()
        .line;
    let other = if decides == 2 { 3 } else { 2 };
    assert_eq!(
        found(src, Profile::Rfc9309, RULES),
        [(Code::DuplicateRule, other)]
    );
    // Google compares escapes as written: two different rules.
    assert_eq!(found(src, Profile::Google, RULES), []);
}

#[test]
fn shadowing_needs_a_higher_ranked_covering_rule() {
    let src = "User-agent: *\nAllow: /shop*\nDisallow: /shop\n";
    assert_eq!(
        found(src, Profile::Rfc9309, RULES),
        [(Code::ShadowedRule, 3)]
    );
    // The 1996 draft reads `*` literally: `/shop*` covers nothing `/shop` matches.
    assert_eq!(found(src, Profile::Draft1996, RULES), []);
    // First match wins: an Allow below `Disallow: /` never decides there.
    let src = "User-agent: *\nDisallow: /\nAllow: /public\n";
    assert_eq!(found(src, Profile::Rfc9309, RULES), []);
    assert_eq!(
        found(src, Profile::Draft1996, RULES),
        [(Code::ShadowedRule, 3)]
    );
    // A longer rule is never shadowed by a shorter one under longest match.
    let src = "User-agent: *\nDisallow: /a\nDisallow: /a/b\n";
    assert_eq!(found(src, Profile::Rfc9309, RULES), []);
    assert_eq!(
        found(src, Profile::Draft1996, RULES),
        [(Code::ShadowedRule, 3)]
    );
}

#[test]
fn shadowing_is_per_rule_set() {
    // Different crawlers: nothing to compare.
    let src = "User-agent: a\nDisallow: /x\n\nUser-agent: *\nDisallow: /x\n";
    assert_eq!(found(src, Profile::Rfc9309, RULES), []);
    // Two groups for the same crawler merge: the second copy never decides.
    let src = "User-agent: a\nDisallow: /x\n\nUser-agent: b\nDisallow: /y\n\nUser-agent: a\nDisallow: /x\n";
    assert_eq!(
        found(src, Profile::Rfc9309, RULES),
        [(Code::ShadowedRule, 8)]
    );
    // A group shared with a crawler that does not get the other copy still decides.
    let src = "User-agent: a\nDisallow: /x\n\nUser-agent: a\nUser-agent: b\nDisallow: /x\n";
    assert_eq!(found(src, Profile::Rfc9309, RULES), []);
}

#[test]
fn google_index_alias_keeps_a_line_alive() {
    let src = "User-agent: *\nAllow: /d/index.html\nAllow: /d/index.html*\n";
    assert_eq!(
        found(src, Profile::Rfc9309, RULES),
        [(Code::ShadowedRule, 2)]
    );
    // Under google line 2 also allows `/d/` exactly, ahead of line 3's own alias.
    assert_eq!(found(src, Profile::Google, RULES), []);
    let policy = Policy::parse(src.as_bytes(), Profile::Google);
    let v = policy.check("bot", "/d/");
    assert_eq!(policy.rule(v.rule.unwrap()).unwrap().line, 2);
}

#[test]
fn conflicts_report_the_loser_of_each_profile() {
    let src = "User-agent: *\nDisallow: /docs/\nAllow: /docs/\n";
    assert_eq!(
        found(src, Profile::Rfc9309, RULES),
        [(Code::ConflictingRules, 2)]
    );
    assert_eq!(
        found(src, Profile::Draft1996, RULES),
        [(Code::ConflictingRules, 3)]
    );
    // original1994 has no Allow: nothing conflicts.
    assert_eq!(found(src, Profile::Original1994, RULES), []);
}

#[test]
fn blocks_everything_unless_something_is_allowed_back() {
    let codes = &[Code::BlocksEverything][..];
    let src = "User-agent: *\nDisallow: /\n";
    assert_eq!(
        found(src, Profile::Rfc9309, codes),
        [(Code::BlocksEverything, 2)]
    );
    let src = "User-agent: *\nDisallow: /\nAllow: /public\n";
    assert_eq!(found(src, Profile::Rfc9309, codes), []);
    // The first match wins: the Allow below never lets anything back in.
    assert_eq!(
        found(src, Profile::Draft1996, codes),
        [(Code::BlocksEverything, 2)]
    );
    assert_eq!(
        found(src, Profile::Original1994, codes),
        [(Code::BlocksEverything, 2)]
    );
    // Only for `*`.
    let src = "User-agent: BadBot\nDisallow: /\n";
    assert_eq!(found(src, Profile::Rfc9309, codes), []);
    // `/*` blocks everything too, except where `*` is literal.
    let src = "User-agent: *\nDisallow: /*\n";
    assert_eq!(
        found(src, Profile::Google, codes),
        [(Code::BlocksEverything, 2)]
    );
    assert_eq!(found(src, Profile::Draft1996, codes), []);
}

#[test]
fn structure_codes() {
    let codes = &[
        Code::MultipleWildcardGroups,
        Code::EmptyGroup,
        Code::GroupJoinedByExtensionLine,
    ][..];
    let src = "User-agent: *\nDisallow: /a\n\nUser-agent: *\nDisallow: /b\n";
    for p in Profile::ALL {
        assert_eq!(
            found(src, p, codes),
            [(Code::MultipleWildcardGroups, 4)],
            "{p}"
        );
    }
    // The trap is reported whatever the profile linted.
    let src = "User-agent: slow\nCrawl-delay: 5\nUser-agent: bad\nDisallow: /\n";
    for p in Profile::ALL {
        assert_eq!(
            found(src, p, codes),
            [(Code::GroupJoinedByExtensionLine, 2)],
            "{p}"
        );
    }
    // A blank line ends the record for the legacy profiles: an empty group there.
    let src = "User-agent: a\n\nUser-agent: b\nDisallow: /\n";
    assert_eq!(found(src, Profile::Rfc9309, codes), []);
    assert_eq!(
        found(src, Profile::Draft1996, codes),
        [(Code::EmptyGroup, 1)]
    );
    // Allow-only groups are empty for original1994.
    let src = "User-agent: a\nAllow: /\n";
    assert_eq!(
        found(src, Profile::Original1994, codes),
        [(Code::EmptyGroup, 1)]
    );
    assert_eq!(found(src, Profile::Rfc9309, codes), []);
}

#[test]
fn expensive_patterns_follow_the_cost_model() {
    let codes = &[Code::ExpensivePattern][..];
    let src = "User-agent: *\nDisallow: /*a*b*c*d*e*f\nDisallow: /*a*b*c*d*e\n";
    assert_eq!(
        found(src, Profile::Rfc9309, codes),
        [(Code::ExpensivePattern, 2)]
    );
    // `*` is a literal for the legacy profiles.
    assert_eq!(found(src, Profile::Draft1996, codes), []);
    let mut long = String::from("User-agent: *\nDisallow: /");
    long.push_str(&"a".repeat(600));
    assert_eq!(
        found(&long, Profile::Draft1996, codes),
        [(Code::ExpensivePattern, 2)]
    );
}

#[test]
fn findings_are_sorted_and_spans_are_in_range() {
    let src = b"Disallow: /x\nUser-agent: *\nDisalow: /y\nDisallow: /a\nDisallow: /a\n\xff\n";
    for p in Profile::ALL {
        let findings = lint(src, p);
        assert!(findings
            .windows(2)
            .all(|w| (w[0].line, w[0].column) <= (w[1].line, w[1].column)));
        for f in &findings {
            assert!(
                f.span.start <= f.span.end && f.span.end <= src.len(),
                "{f:?}"
            );
            assert!(code_info(f.code.as_str()).is_some(), "{}", f.code);
        }
    }
}

#[test]
fn odd_inputs_do_not_panic() {
    let inputs: [&[u8]; 8] = [
        b"",
        b"\n\n\n",
        b"User-agent:",
        b"User-agent: *\nDisallow: $",
        b"User-agent: *\nAllow: *\nDisallow: **$",
        b"User-agent: *\nDisallow: /%\nDisallow: /%zz%C3\nAllow: /\xc3",
        b"\xef\xbb\xbf\r\r\nUser-agent: *\r\nDisallow: /\0x",
        b"user-agent: * foo\nuseragent: a\ndisalow /x\nallow:/index.htm$",
    ];
    for input in inputs {
        for p in Profile::ALL {
            let _ = lint(input, p);
            let _ = profile_disagreements(input, p);
        }
    }
}

const AGENTS: &[Code] = &[
    Code::MisspelledAgent,
    Code::RetiredAgent,
    Code::UnknownAgent,
];

#[test]
fn misspelled_agents_name_the_intended_token() {
    let src =
        "User-agent: GPT-Bot\nUser-agent: Google Extended\nUser-agent: Googelbot\nDisallow: /\n";
    for profile in Profile::ALL {
        assert_eq!(
            found(src, profile, AGENTS),
            [
                (Code::MisspelledAgent, 1),
                (Code::MisspelledAgent, 2),
                (Code::MisspelledAgent, 3)
            ],
            "{profile}"
        );
    }
    let findings = lint(src.as_bytes(), Profile::Rfc9309);
    let messages: Vec<&str> = findings
        .iter()
        .filter(|f| f.code == Code::MisspelledAgent)
        .map(|f| f.message.as_str())
        .collect();
    assert!(
        messages[0].contains("did you mean `GPTBot`?"),
        "{}",
        messages[0]
    );
    assert!(messages[0].contains("names no crawler"), "{}", messages[0]);
    assert!(messages[1].contains("`Google-Extended`"), "{}", messages[1]);
    assert!(
        messages[1].contains("Google's parser reads it as `Google`"),
        "{}",
        messages[1]
    );
    assert!(messages[2].contains("`Googlebot`"), "{}", messages[2]);
    // The mistake is repeated on every line it is made.
    let src = "User-agent: GPT-Bot\nDisallow: /a\n\nUser-agent: GPT-Bot\nDisallow: /b\n";
    assert_eq!(
        found(src, Profile::Rfc9309, AGENTS),
        [(Code::MisspelledAgent, 1), (Code::MisspelledAgent, 4)]
    );
}

#[test]
fn near_misses_that_are_real_tokens_do_not_fire() {
    // Each is a registry token close to another registry token.
    let src = "User-agent: Googlebot-News\nUser-agent: Googlebot-Video\nUser-agent: AdsBot-Google-Mobile\nUser-agent: AdsBot-Google\nUser-agent: Claude-User\nUser-agent: ClaudeBot\nUser-agent: gptbot\nUser-agent: SemrushBot\nUser-agent: SiteAuditBot\nDisallow: /\n";
    for profile in Profile::ALL {
        assert_eq!(found(src, profile, AGENTS), [], "{profile}");
    }
    // A versioned known token is invalid-product-token's business, not a misspelling.
    let src = "User-agent: Googlebot/2.1\nDisallow: /\n";
    assert_eq!(found(src, Profile::Rfc9309, AGENTS), []);
}

#[test]
fn retired_agents_name_their_replacement() {
    let src =
        "User-agent: Qwantify\nUser-agent: Googlebot-Mobile\nUser-agent: Qwantbot\nDisallow: /\n";
    assert_eq!(
        found(src, Profile::Rfc9309, AGENTS),
        [(Code::RetiredAgent, 1), (Code::RetiredAgent, 2)]
    );
    let findings = lint(src.as_bytes(), Profile::Rfc9309);
    let first = findings
        .iter()
        .find(|f| f.code == Code::RetiredAgent)
        .unwrap();
    assert!(
        first.message.contains("Qwantbot replaced it"),
        "{}",
        first.message
    );
    assert_eq!(first.severity, Severity::Warning);
    assert!(first
        .help
        .as_deref()
        .unwrap_or_default()
        .contains("User-agent: Qwantbot"));
    // No stored source confirmed that `anthropic-ai` was retired (it waits in
    // robots-registry/candidates.toml): an unknown token. `msnbot` is
    // bingbot's documented fallback: a known one.
    let src = "User-agent: anthropic-ai\nUser-agent: msnbot\nDisallow: /\n";
    assert_eq!(
        found(src, Profile::Rfc9309, AGENTS),
        [(Code::UnknownAgent, 1)]
    );
}

#[test]
fn unknown_agents_are_notes_once_per_value() {
    let src = "User-agent: ExampleBot\nDisallow: /a\n\nUser-agent: examplebot\nDisallow: /b\n\nUser-agent: *\nDisallow: /c\n";
    let findings = lint(src.as_bytes(), Profile::Rfc9309);
    let unknown: Vec<&Finding> = findings
        .iter()
        .filter(|f| f.code == Code::UnknownAgent)
        .collect();
    assert_eq!(unknown.len(), 1);
    assert_eq!((unknown[0].line, unknown[0].severity), (1, Severity::Note));
}

#[test]
fn documented_tokens_that_are_no_product_tokens_are_notes() {
    let src = "User-agent: MJ12bot\nUser-agent: 360Spider\nUser-agent: my bot\nDisallow: /\n";
    let findings = lint(src.as_bytes(), Profile::Rfc9309);
    let tokens: Vec<(u32, Severity)> = findings
        .iter()
        .filter(|f| f.code == Code::InvalidProductToken)
        .map(|f| (f.line, f.severity))
        .collect();
    assert_eq!(
        tokens,
        [
            (1, Severity::Note),
            (2, Severity::Note),
            (3, Severity::Warning)
        ]
    );
    let mj = findings
        .iter()
        .find(|f| f.code == Code::InvalidProductToken)
        .unwrap();
    assert!(
        mj.message.contains("Google's parser reads it as `MJ`"),
        "{}",
        mj.message
    );
    let header = lint(
        b"User-agent: Googlebot/2.1\nDisallow: /\n",
        Profile::Rfc9309,
    );
    let header = header
        .iter()
        .find(|f| f.code == Code::InvalidProductToken)
        .unwrap();
    assert!(
        header.message.contains("reads it as `Googlebot`"),
        "{}",
        header.message
    );
    assert_eq!(
        header.help.as_deref(),
        Some("write the product token alone: `User-agent: Googlebot`")
    );
}

#[test]
fn a_known_key_without_a_colon_is_missing_colon_whatever_follows() {
    // Several words, one word, no value: the key is a directive's name.
    let src = "User-agent: *\nDisallow /private /tmp\nuser-agent FooBot extra words\nDisallow\nCrawl-delay 5 seconds\n";
    for profile in Profile::ALL {
        let codes = found(src, profile, &[Code::MissingColon, Code::UnknownDirective]);
        assert_eq!(
            codes,
            [
                (Code::MissingColon, 2),
                (Code::MissingColon, 3),
                (Code::MissingColon, 4),
                (Code::MissingColon, 5)
            ],
            "{profile}"
        );
    }
    let findings = lint(src.as_bytes(), Profile::Rfc9309);
    let two = findings
        .iter()
        .find(|f| f.line == 2 && f.code == Code::MissingColon)
        .unwrap();
    assert_eq!((two.column, two.span.len()), (1, "Disallow".len()));
    assert!(
        two.help
            .as_deref()
            .unwrap_or_default()
            .contains("Disallow:"),
        "{two:?}"
    );
    // A line that starts with no directive's name stays unknown.
    assert_eq!(
        found(
            "User-agent: *\nplease do not crawl\n",
            Profile::Rfc9309,
            &[Code::MissingColon, Code::UnknownDirective]
        ),
        [(Code::UnknownDirective, 2)]
    );
}

#[test]
fn line_too_long_is_reported_under_every_profile() {
    // Google reads only the first 16,663 bytes of a line, whatever profile the owner lints with.
    let long = alloc::format!(
        "User-agent: *\nDisallow: /{}\nDisallow: /short\n",
        "a".repeat(20_000)
    );
    for profile in Profile::ALL {
        let findings = lint(long.as_bytes(), profile);
        let too_long: Vec<&Finding> = findings
            .iter()
            .filter(|f| f.code == Code::LineTooLong)
            .collect();
        assert_eq!(too_long.len(), 1, "{profile}: {findings:?}");
        assert_eq!(too_long[0].line, 2, "{profile}");
        assert!(
            too_long[0].message.contains("20011 bytes"),
            "{profile}: {}",
            too_long[0].message
        );
    }
    // A line of exactly the limit is fine.
    let at_limit = alloc::format!(
        "User-agent: *\nDisallow: /{}\n",
        "a".repeat(robots_core::profile::GOOGLE_MAX_LINE_BYTES - "Disallow: /".len())
    );
    for profile in Profile::ALL {
        assert_eq!(
            found(&at_limit, profile, &[Code::LineTooLong]),
            [],
            "{profile}"
        );
    }
}

/// `text` in UTF-16 or UTF-32, with its byte-order mark.
fn encode_wide(text: &str, unit: usize, big_endian: bool) -> Vec<u8> {
    let mut out: Vec<u8> = Vec::new();
    for c in core::iter::once('\u{feff}').chain(text.chars()) {
        let code = c as u32;
        let bytes = code.to_be_bytes();
        let unit_bytes = bytes.get(4 - unit..).unwrap_or_default();
        if big_endian {
            out.extend_from_slice(unit_bytes);
        } else {
            out.extend(unit_bytes.iter().rev());
        }
    }
    out
}

#[test]
fn utf16_and_utf32_files_are_errors() {
    let text = "User-agent: *\nDisallow: /private/\n";
    for (unit, big_endian, name) in [
        (2, false, "UTF-16"),
        (2, true, "UTF-16"),
        (4, false, "UTF-32"),
        (4, true, "UTF-32"),
    ] {
        let source = encode_wide(text, unit, big_endian);
        for profile in Profile::ALL {
            let findings = lint(&source, profile);
            let codes: Vec<Code> = findings.iter().map(|f| f.code).collect();
            assert_eq!(codes, [Code::Utf16NotUtf8], "{name} {big_endian} {profile}");
            assert_eq!(findings[0].severity, Severity::Error);
            assert!(
                findings[0].message.contains(name),
                "{}",
                findings[0].message
            );
        }
    }
}

#[test]
fn binary_files_are_errors_and_a_stray_nul_is_not_binary() {
    let mut blob: Vec<u8> = (0u32..2048)
        .map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8)
        .collect();
    blob.splice(0..0, *b"\x89PNG\r\n\x1a\n");
    let findings = lint(&blob, Profile::Rfc9309);
    let codes: Vec<Code> = findings.iter().map(|f| f.code).collect();
    assert_eq!(codes, [Code::BinaryNotRobots]);
    assert_eq!(findings[0].severity, Severity::Error);
    let text = b"User-agent: *\nDisallow: /a\0b\n";
    assert_eq!(
        found(
            core::str::from_utf8(text).unwrap(),
            Profile::Rfc9309,
            &[Code::BinaryNotRobots]
        ),
        []
    );
    // Text, then a run of NULs (a real corpus file has one): still a robots.txt.
    let mut padded = b"User-agent: *\nDisallow: /private/\n".to_vec();
    padded.extend([0u8; 600]);
    padded.extend_from_slice(b"\nDisallow: /tmp/\n");
    assert!(!lint(&padded, Profile::Rfc9309)
        .iter()
        .any(|f| f.code == Code::BinaryNotRobots));
}

/// Random bytes (a compressed or encrypted file served as robots.txt) are
/// binary data, whatever their magic: one finding, not one per line. A
/// robots.txt in a legacy encoding (high bytes, no control bytes) is not.
#[test]
fn random_bytes_are_binary_data_and_legacy_encodings_are_text() {
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    let mut next = || {
        // xorshift64*: a fixed sequence, the same on every run.
        state ^= state >> 12;
        state ^= state << 25;
        state ^= state >> 27;
        (state.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 56) as u8
    };
    for (round, len) in [200_000usize, 1000, 1024, 4096, 50_000, 2000]
        .into_iter()
        .cycle()
        .take(48)
        .enumerate()
    {
        let blob: Vec<u8> = (0..len).map(|_| next()).collect();
        assert_eq!(
            sniff(&blob),
            Some(NotRobotsTxt::Binary),
            "round {round}, {len} bytes"
        );
        let findings = lint(&blob, Profile::Google);
        // (A blob may start with part of a byte order mark: `bom` beside it.)
        let codes: Vec<Code> = findings
            .iter()
            .map(|f| f.code)
            .filter(|&c| c != Code::Bom)
            .collect();
        assert_eq!(codes, [Code::BinaryNotRobots], "round {round}, {len} bytes");
    }
    // Latin-1 and Shift-JIS comments and paths: high bytes, no control bytes.
    let mut legacy = b"# Fichier robots.txt du site \xe9t\xe9 \xe0 Paris\n".to_vec();
    legacy.extend_from_slice(b"# \x83\x8d\x83\x7b\x83\x62\x83\x67\x82\xcc\x90\xdd\x92\xe8\n");
    for _ in 0..40 {
        legacy.extend_from_slice(b"User-agent: *\nDisallow: /cat\xe9gorie/\xe9t\xe9\n");
    }
    assert_eq!(sniff(&legacy), None);
    // A few stray control bytes in a long text do not make it binary.
    let mut stray = b"User-agent: *\x1a\nDisallow: /a\x08\n".to_vec();
    stray.extend(b"Disallow: /private/section/page\n".repeat(30));
    assert_eq!(sniff(&stray), None);
}

/// A file that starts with part of a byte order mark gets `bom` (and
/// `invalid-utf8`: it is not UTF-8); one that starts with a character whose
/// first byte is the mark's (`！`, `EF BC 81`) is UTF-8 text and gets
/// neither; the whole mark gets `bom` alone.
#[test]
fn a_character_that_starts_as_a_bom_is_no_bom() {
    let codes = |src: &[u8]| -> Vec<Code> {
        lint(src, Profile::Google)
            .into_iter()
            .map(|f| f.code)
            .filter(|c| matches!(c, Code::Bom | Code::InvalidUtf8))
            .collect()
    };
    let rules = "User-agent: *\nDisallow: /\n";
    assert_eq!(codes(format!("！{rules}").as_bytes()), [] as [Code; 0]);
    assert_eq!(codes(format!("！\n{rules}").as_bytes()), [] as [Code; 0]);
    assert_eq!(codes(format!("\u{FEFF}{rules}").as_bytes()), [Code::Bom]);
    for partial in [&b"\xef\x85M\n"[..], b"\xef\xbbU\n", b"\xefx\n"] {
        let mut src = partial.to_vec();
        src.extend_from_slice(rules.as_bytes());
        assert_eq!(codes(&src), [Code::Bom, Code::InvalidUtf8], "{partial:?}");
    }
}

/// The closest directive within its allowance, the first of equals: for every
/// directive name with one byte deleted, replaced or doubled, and for names two
/// and three edits away, the suggestion is the one a plain search over
/// [`Directive::ALL`] gives.
#[test]
fn suggestions_are_the_first_closest_directive() {
    use robots_core::parse::Directive;
    let reference = |key: &[u8]| -> Option<Directive> {
        let mut scored: Vec<(usize, Directive)> = Directive::ALL
            .iter()
            .map(|&d| {
                let name = d.name().to_ascii_lowercase();
                (levenshtein(&key.to_ascii_lowercase(), name.as_bytes()), d)
            })
            .filter(|&(dist, d)| dist <= 2.min(d.name().len() / 3).max(1))
            .collect();
        // Stable: the first of the closest.
        scored.sort_by_key(|&(dist, _)| dist);
        scored.first().map(|&(_, d)| d)
    };
    let mut keys: Vec<Vec<u8>> = Vec::new();
    for d in Directive::ALL {
        let name = d.name().as_bytes();
        for at in 0..name.len() {
            let mut deleted = name.to_vec();
            deleted.remove(at);
            let mut replaced = name.to_vec();
            replaced[at] = b'x';
            let mut doubled = name.to_vec();
            doubled.insert(at, name[at]);
            let mut twice = replaced.clone();
            twice.remove(name.len() - 1 - at.min(name.len() - 1));
            keys.extend([deleted, replaced, doubled, twice]);
        }
        keys.push(name.to_vec());
        keys.push(name.to_ascii_uppercase());
    }
    keys.extend([
        b"".to_vec(),
        b"x".to_vec(),
        b"agent".to_vec(),
        b"alow".to_vec(),
    ]);
    let mut suggested = 0;
    for key in &keys {
        let got = suggest_directive(key);
        assert_eq!(got, reference(key), "{:?}", String::from_utf8_lossy(key));
        suggested += usize::from(got.is_some());
    }
    // Most of these keys are one edit from a name, and get a suggestion.
    assert!(suggested * 2 > keys.len(), "{suggested} of {}", keys.len());
}

/// Levenshtein distance, uncapped (the reference for the capped one).
fn levenshtein(a: &[u8], b: &[u8]) -> usize {
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.iter().enumerate() {
        let mut cur = alloc::vec![i + 1; b.len() + 1];
        for (j, cb) in b.iter().enumerate() {
            cur[j + 1] = (prev[j] + usize::from(ca != cb))
                .min(prev[j + 1] + 1)
                .min(cur[j] + 1);
        }
        prev = cur;
    }
    prev[b.len()]
}

#[test]
fn chain_reports_answer_as_one_report_a_crawler() {
    // Named groups, a fallback's group (Googlebot-Image follows Googlebot),
    // `*`, and crawlers that ignore `*` (Google's ads crawlers): every way a
    // crawler can come to its groups.
    let text = "User-agent: Googlebot\nDisallow: /g/\nAllow: /g/open\n\n\
                User-agent: GPTBot\nUser-agent: CCBot\nDisallow: /\n\n\
                User-agent: *\nDisallow: /private/\nCrawl-delay: 3\n";
    for profile in Profile::ALL {
        let policy = Policy::parse(text, profile);
        let sample: Vec<Vec<u8>> = ["/", "/g/x", "/g/open", "/private/a", "/other"]
            .iter()
            .map(|p| p.as_bytes().to_vec())
            .collect();
        let chains: Vec<Vec<&str>> = robots_registry::CRAWLERS
            .iter()
            .map(|c| c.chain().collect())
            .chain([
                alloc::vec!["ExampleBot"],
                alloc::vec!["googlebot-image", "googlebot"],
            ])
            .collect();
        // In both orders: what is remembered must not depend on who asked first.
        for order in [false, true] {
            let mut reports = ChainReports::new(&policy, sample.clone());
            let mut asked: Vec<&Vec<&str>> = chains.iter().collect();
            if order {
                asked.reverse();
            }
            for chain in asked {
                assert_eq!(
                    reports.report(chain),
                    CrawlerReport::for_chain(&policy, sample.clone(), chain),
                    "{profile:?} {chain:?}"
                );
            }
        }
    }
}
