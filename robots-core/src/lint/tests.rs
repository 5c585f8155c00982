//! Focused cases for the structure and semantic checks, per profile.

use super::*;
use crate::Policy;
use alloc::string::String;
use alloc::vec::Vec;

/// `(code, line)` of every finding with one of `codes`.
fn found(src: &str, profile: Profile, codes: &[&str]) -> Vec<(&'static str, u32)> {
    lint(src.as_bytes(), profile)
        .into_iter()
        .filter(|f| codes.contains(&f.code))
        .map(|f| (f.code, f.line))
        .collect()
}

const RULES: &[&str] = &["duplicate-rule", "shadowed-rule", "conflicting-rules"];

#[test]
fn duplicates_report_the_copy_that_never_decides() {
    let src = "User-agent: *\nDisallow: /a\nDisallow: /b\nDisallow: /a\n";
    assert_eq!(found(src, Profile::Rfc9309, RULES), [("duplicate-rule", 4)]);
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
        [("duplicate-rule", other)]
    );
    // Google compares escapes as written: two different rules.
    assert_eq!(found(src, Profile::Google, RULES), []);
}

#[test]
fn shadowing_needs_a_higher_ranked_covering_rule() {
    let src = "User-agent: *\nAllow: /shop*\nDisallow: /shop\n";
    assert_eq!(found(src, Profile::Rfc9309, RULES), [("shadowed-rule", 3)]);
    // The 1996 draft reads `*` literally: `/shop*` covers nothing `/shop` matches.
    assert_eq!(found(src, Profile::Draft1996, RULES), []);
    // First match wins: an Allow below `Disallow: /` never decides there.
    let src = "User-agent: *\nDisallow: /\nAllow: /public\n";
    assert_eq!(found(src, Profile::Rfc9309, RULES), []);
    assert_eq!(
        found(src, Profile::Draft1996, RULES),
        [("shadowed-rule", 3)]
    );
    // A longer rule is never shadowed by a shorter one under longest match.
    let src = "User-agent: *\nDisallow: /a\nDisallow: /a/b\n";
    assert_eq!(found(src, Profile::Rfc9309, RULES), []);
    assert_eq!(
        found(src, Profile::Draft1996, RULES),
        [("shadowed-rule", 3)]
    );
}

#[test]
fn shadowing_is_per_rule_set() {
    // Different crawlers: nothing to compare.
    let src = "User-agent: a\nDisallow: /x\n\nUser-agent: *\nDisallow: /x\n";
    assert_eq!(found(src, Profile::Rfc9309, RULES), []);
    // Two groups for the same crawler merge: the second copy never decides.
    let src = "User-agent: a\nDisallow: /x\n\nUser-agent: b\nDisallow: /y\n\nUser-agent: a\nDisallow: /x\n";
    assert_eq!(found(src, Profile::Rfc9309, RULES), [("shadowed-rule", 8)]);
    // A group shared with a crawler that does not get the other copy still decides.
    let src = "User-agent: a\nDisallow: /x\n\nUser-agent: a\nUser-agent: b\nDisallow: /x\n";
    assert_eq!(found(src, Profile::Rfc9309, RULES), []);
}

#[test]
fn google_index_alias_keeps_a_line_alive() {
    let src = "User-agent: *\nAllow: /d/index.html\nAllow: /d/index.html*\n";
    assert_eq!(found(src, Profile::Rfc9309, RULES), [("shadowed-rule", 2)]);
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
        [("conflicting-rules", 2)]
    );
    assert_eq!(
        found(src, Profile::Draft1996, RULES),
        [("conflicting-rules", 3)]
    );
    // original1994 has no Allow: nothing conflicts.
    assert_eq!(found(src, Profile::Original1994, RULES), []);
}

#[test]
fn blocks_everything_unless_something_is_allowed_back() {
    let codes = &["blocks-everything"][..];
    let src = "User-agent: *\nDisallow: /\n";
    assert_eq!(
        found(src, Profile::Rfc9309, codes),
        [("blocks-everything", 2)]
    );
    let src = "User-agent: *\nDisallow: /\nAllow: /public\n";
    assert_eq!(found(src, Profile::Rfc9309, codes), []);
    // The first match wins: the Allow below never lets anything back in.
    assert_eq!(
        found(src, Profile::Draft1996, codes),
        [("blocks-everything", 2)]
    );
    assert_eq!(
        found(src, Profile::Original1994, codes),
        [("blocks-everything", 2)]
    );
    // Only for `*`.
    let src = "User-agent: BadBot\nDisallow: /\n";
    assert_eq!(found(src, Profile::Rfc9309, codes), []);
    // `/*` blocks everything too, except where `*` is literal.
    let src = "User-agent: *\nDisallow: /*\n";
    assert_eq!(
        found(src, Profile::Google, codes),
        [("blocks-everything", 2)]
    );
    assert_eq!(found(src, Profile::Draft1996, codes), []);
}

#[test]
fn structure_codes() {
    let codes = &[
        "multiple-wildcard-groups",
        "empty-group",
        "group-joined-by-extension-line",
    ][..];
    let src = "User-agent: *\nDisallow: /a\n\nUser-agent: *\nDisallow: /b\n";
    for p in Profile::ALL {
        assert_eq!(
            found(src, p, codes),
            [("multiple-wildcard-groups", 4)],
            "{p}"
        );
    }
    // The trap is reported whatever the profile linted.
    let src = "User-agent: slow\nCrawl-delay: 5\nUser-agent: bad\nDisallow: /\n";
    for p in Profile::ALL {
        assert_eq!(
            found(src, p, codes),
            [("group-joined-by-extension-line", 2)],
            "{p}"
        );
    }
    // A blank line ends the record for the legacy profiles: an empty group there.
    let src = "User-agent: a\n\nUser-agent: b\nDisallow: /\n";
    assert_eq!(found(src, Profile::Rfc9309, codes), []);
    assert_eq!(found(src, Profile::Draft1996, codes), [("empty-group", 1)]);
    // Allow-only groups are empty for original1994.
    let src = "User-agent: a\nAllow: /\n";
    assert_eq!(
        found(src, Profile::Original1994, codes),
        [("empty-group", 1)]
    );
    assert_eq!(found(src, Profile::Rfc9309, codes), []);
}

#[test]
fn expensive_patterns_follow_the_cost_model() {
    let codes = &["expensive-pattern"][..];
    let src = "User-agent: *\nDisallow: /*a*b*c*d*e*f\nDisallow: /*a*b*c*d*e\n";
    assert_eq!(
        found(src, Profile::Rfc9309, codes),
        [("expensive-pattern", 2)]
    );
    // `*` is a literal for the legacy profiles.
    assert_eq!(found(src, Profile::Draft1996, codes), []);
    let mut long = String::from("User-agent: *\nDisallow: /");
    long.push_str(&"a".repeat(600));
    assert_eq!(
        found(&long, Profile::Draft1996, codes),
        [("expensive-pattern", 2)]
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
            assert!(code_info(f.code).is_some(), "{}", f.code);
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
