//! Property tests for the parser, the compiler and the matcher.
//!
//! The invariants that every input must satisfy live in `fuzz/invariants.rs`,
//! shared word for word with the fuzz target `fuzz/fuzz_targets/parse_and_match.rs`;
//! every `.bin` file of `tests/regressions/` (inputs the fuzzer once broke, and
//! hand-written edge cases; the folder must exist) is replayed
//! through them here.
//!
//! Each property is stated so that it can fail: equivalences compare whole
//! verdicts (rule index included), the differential tests compare the trie
//! against a brute-force search and against an independent reference matcher.
// A test may index: a panic there is a failed test, with its location.
#![allow(clippy::indexing_slicing)]

use proptest::collection::vec;
use proptest::prelude::*;
use proptest::test_runner::FileFailurePersistence;
use robots_runtime::__private::encoding::{
    decode_percent, decode_percent_except_slash, google_escape,
};
use robots_runtime::__private::NONE;
use robots_runtime::document::GOOGLE_MAX_LINE_BYTES;
use robots_runtime::document::{parse, ParseOptions};
use robots_runtime::url::path_from_url;
use robots_runtime::{CompactRules, Policy, Profile, Reason};

#[path = "../../fuzz/invariants.rs"]
mod invariants;

fn config(cases: u32) -> ProptestConfig {
    ProptestConfig {
        cases,
        // Counter-examples are turned into named tests below instead.
        failure_persistence: Some(Box::new(FileFailurePersistence::Off)),
        ..ProptestConfig::default()
    }
}

fn concat(parts: Vec<Vec<u8>>) -> Vec<u8> {
    parts.concat()
}

// ---------------------------------------------------------------------------
// Generators
// ---------------------------------------------------------------------------

/// Pieces a robots.txt is made of, plus the bytes that trip parsers up.
const FRAGMENTS: &[&[u8]] = &[
    b"User-agent: ",
    b"user-agent:",
    b"useragent ",
    b"User-Agent:*",
    b"Disallow: ",
    b"disalow:",
    b"Disallow:/",
    b"Allow: ",
    b"allow:",
    b"Sitemap: https://example.com/s.xml",
    b"Crawl-delay: 1.5",
    b"Request-rate: 1/5s",
    b"Visit-time: 0100-0300",
    b"Host: example.com",
    b"*",
    b"$",
    b"%",
    b"%2F",
    b"%2f",
    b"%41",
    b"%2A",
    b"%24",
    b"/",
    b"/a",
    b"b",
    b"/robots.txt",
    b"/index.html",
    b"FooBot",
    b"googlebot/2.1",
    b"\0",
    b"\r",
    b"\n",
    b"\r\n",
    b"\n\n",
    b"\xEF",
    b"\xEF\xBB",
    b"\xEF\xBB\xBF",
    b"\xC3\xA1",
    b"\xFF",
    b"#",
    b":",
    b" ",
    b"\t",
    b"\x0B",
    b"\x0C",
];

fn fragment() -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![
        6 => proptest::sample::select(FRAGMENTS).prop_map(<[u8]>::to_vec),
        1 => vec(any::<u8>(), 0..6),
    ]
}

/// Bytes that look somewhat like a robots.txt, and bytes that do not.
fn messy_bytes() -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![
        vec(any::<u8>(), 0..300),
        vec(fragment(), 0..60).prop_map(concat),
    ]
}

/// One line of a robots.txt without its line end (no `\r` or `\n`).
fn line_without_eol() -> impl Strategy<Value = Vec<u8>> {
    vec(fragment(), 0..6).prop_map(|parts| {
        let mut line = parts.concat();
        line.retain(|&b| b != b'\r' && b != b'\n');
        line
    })
}

fn bytes_from(
    alphabet: &'static [u8],
    len: std::ops::Range<usize>,
) -> impl Strategy<Value = Vec<u8>> {
    vec(proptest::sample::select(alphabet), len)
}

/// A rule value over a small alphabet (wildcards, anchors, escapes).
fn small_rule() -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![
        3 => bytes_from(b"/ab*$?%", 0..7),
        2 => bytes_from(b"/ab*$?%26f1F", 0..7).prop_map(|v| [b"/".as_slice(), &v].concat()),
        1 => bytes_from(b"/ab", 0..4).prop_map(|v| [b"/".as_slice(), &v, b"$"].concat()),
        // Google's `index.htm` alias.
        1 => (bytes_from(b"/ab", 0..3), bytes_from(b"l*$", 0..2))
            .prop_map(|(d, t)| [b"/".as_slice(), &d, b"/index.htm", &t].concat()),
    ]
}

/// A URL path over a small alphabet: `/` then bytes that the rules use too.
fn small_path() -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![
        4 => bytes_from(b"/ab?%26f1F$*", 0..9).prop_map(|v| [b"/".as_slice(), &v].concat()),
        1 => bytes_from(b"/ab", 0..4).prop_map(|v| [b"/".as_slice(), &v, b"/"].concat()),
    ]
}

#[derive(Clone, Debug)]
struct Group {
    agents: Vec<&'static str>,
    /// (allow, value)
    rules: Vec<(bool, Vec<u8>)>,
}

fn group(rule: impl Strategy<Value = Vec<u8>>) -> impl Strategy<Value = Group> {
    (
        vec(
            proptest::sample::select(&["*", "foo", "bar", "FooBot"][..]),
            1..3,
        ),
        vec((any::<bool>(), rule), 0..6),
    )
        .prop_map(|(agents, rules)| Group { agents, rules })
}

fn body_of(groups: &[Group]) -> Vec<u8> {
    let mut out = Vec::new();
    for g in groups {
        for a in &g.agents {
            out.extend_from_slice(format!("User-agent: {a}\n").as_bytes());
        }
        for (allow, value) in &g.rules {
            out.extend_from_slice(if *allow { b"Allow: " } else { b"Disallow: " });
            out.extend_from_slice(value);
            out.push(b'\n');
        }
        out.push(b'\n');
    }
    out
}

/// Paths that the rules are likely to match: each rule with its wildcards
/// filled (by nothing, and by `zz`), without its anchor, and with a suffix;
/// followed by the given random paths.
fn with_rule_paths(groups: &[Group], random: &[Vec<u8>]) -> Vec<Vec<u8>> {
    let mut paths = Vec::new();
    for (_, value) in groups.iter().flat_map(|g| &g.rules) {
        let body = value.strip_suffix(b"$").unwrap_or(value);
        for fill in [&b""[..], b"zz"] {
            let filled: Vec<u8> = body.split(|&b| b == b'*').collect::<Vec<_>>().join(fill);
            let filled = if filled.starts_with(b"/") {
                filled
            } else {
                [b"/".as_slice(), &filled].concat()
            };
            paths.push([filled.as_slice(), b"a"].concat());
            paths.push(filled);
        }
    }
    paths.extend(random.iter().cloned());
    paths
}

const AGENTS: &[&str] = &["foo", "bar", "baz", "FooBot/2.1", "xfoox"];

// ---------------------------------------------------------------------------
// (1) No panic, and every invariant, on arbitrary bytes
// ---------------------------------------------------------------------------

proptest! {
    #![proptest_config(config(768))]

    /// Parse + compile + check + explain under all four profiles, with the
    /// body split into body/agent/URL exactly as the fuzz target does it.
    #[test]
    fn invariants_hold_on_arbitrary_bytes(data in messy_bytes()) {
        invariants::check_input(&data);
    }

    /// The same, with an explicit agent and URL of arbitrary bytes.
    #[test]
    fn invariants_hold_for_arbitrary_agent_and_url(
        body in messy_bytes(),
        agent in messy_bytes(),
        url in messy_bytes(),
    ) {
        for profile in Profile::ALL {
            let policy = Policy::parse(&body, profile);
            invariants::check_one(&policy, &agent, &url);
            invariants::check_one(&policy, "*", &url);
        }
    }

    /// `\n`, `\r` and `\r\n` files read the same, and a leading UTF-8 BOM, or
    /// any prefix of one, is skipped.
    #[test]
    fn line_ends_and_bom_prefixes_do_not_change_verdicts(
        lines in vec(line_without_eol(), 0..12),
        bom in 0usize..=3,
        urls in vec(small_path(), 1..4),
    ) {
        let join = |eol: &[u8]| lines.join(eol);
        let lf = join(b"\n");
        let mut variants = vec![join(b"\r"), join(b"\r\n")];
        // (A body that itself starts with BOM bytes would complete the prefix.)
        if !matches!(lf.first(), Some(0xEF | 0xBB | 0xBF)) {
            variants.push([&b"\xEF\xBB\xBF"[..bom], &lf].concat());
        }
        for profile in Profile::ALL {
            let base = Policy::parse(&lf, profile);
            for variant in &variants {
                invariants::check_input(variant);
                let other = Policy::parse(variant, profile);
                prop_assert_eq!(other.rule_count(), base.rule_count());
                for agent in AGENTS {
                    for url in &urls {
                        let (a, b) = (base.check(agent, url), other.check(agent, url));
                        prop_assert_eq!(a.allowed, b.allowed, "{} {:?} {:?}", profile, variant, url);
                        prop_assert_eq!(a.reason, b.reason);
                        prop_assert_eq!(
                            a.rule.and_then(|r| base.rule(r)).map(|r| r.line),
                            b.rule.and_then(|r| other.rule(r)).map(|r| r.line)
                        );
                    }
                }
            }
        }
    }
}

proptest! {
    #![proptest_config(config(12))]

    /// Lines longer than Google's line buffer, with NUL bytes and wildcards.
    #[test]
    fn huge_lines_keep_invariants(
        len in (GOOGLE_MAX_LINE_BYTES - 8)..(GOOGLE_MAX_LINE_BYTES * 3),
        fill in proptest::sample::select(&[b'a', b'*', b'\0', b'%', b'/'][..]),
        key in proptest::sample::select(&["Disallow: /", "Allow: /", "User-agent: ", "Sitemap: "][..]),
    ) {
        let mut body = b"User-agent: *\n".to_vec();
        body.extend_from_slice(key.as_bytes());
        body.extend(std::iter::repeat_n(fill, len));
        body.extend_from_slice(b"\nDisallow: /x\n");
        invariants::check_input(&body);
        // Google's parser flags (exactly) the lines longer than its buffer.
        let doc = parse(&body, ParseOptions::new(Profile::Google));
        for line in doc.lines() {
            prop_assert_eq!(line.too_long, line.span.len() > GOOGLE_MAX_LINE_BYTES);
        }
        // A long path against a long wildcard pattern.
        let mut url = b"/".to_vec();
        url.extend(std::iter::repeat_n(b'a', len));
        for profile in Profile::ALL {
            invariants::check_one(&Policy::parse(&body, profile), "bot", &url);
        }
    }
}

proptest! {
    #![proptest_config(config(256))]

    /// A file's first verdict in one call (`check_for_agent`, the rules tested
    /// one by one without search tables) is the one-crawler policy's verdict,
    /// rule number included: on generated files of wildcard, anchored and
    /// escaped rules, for named and unknown crawlers, on paths the rules are
    /// likely to match, under every profile and with a cap that cuts the file.
    #[test]
    fn one_call_answers_as_the_one_crawler_policy(
        groups in vec(group(small_rule()), 0..5),
        random in vec(small_path(), 0..4),
        cap in proptest::option::of(0usize..200),
    ) {
        let body = body_of(&groups);
        let paths = with_rule_paths(&groups, &random);
        for profile in Profile::ALL {
            let builder = Policy::builder().profile(profile).max_bytes(cap);
            for agent in AGENTS {
                let mine = builder.build_for_agent(&body, agent);
                for path in &paths {
                    prop_assert_eq!(
                        builder.check_for_agent(&body, agent, path),
                        mine.check(path),
                        "{} {} {:?}", profile, agent, String::from_utf8_lossy(path)
                    );
                }
            }
        }
    }

    /// The same on bytes that look somewhat like a robots.txt (typos, NULs,
    /// `\r`, BOMs, escapes), with URLs of arbitrary bytes.
    #[test]
    fn one_call_answers_as_the_one_crawler_policy_on_messy_bytes(
        body in messy_bytes(),
        agent in prop_oneof![proptest::sample::select(AGENTS).prop_map(|a| a.as_bytes().to_vec()), messy_bytes()],
        urls in vec(messy_bytes(), 1..4),
    ) {
        for profile in Profile::ALL {
            let builder = Policy::builder().profile(profile);
            let mine = builder.build_for_agent(&body, &agent);
            for url in &urls {
                prop_assert_eq!(builder.check_for_agent(&body, &agent, url), mine.check(url));
            }
        }
    }
}

proptest! {
    #![proptest_config(config(256))]

    /// Compact rules (one buffer, scanned best rule first) answer as the
    /// tables' search, rule number included: on generated files of wildcard,
    /// anchored and escaped rules, for named and unknown crawlers, from the
    /// one-crawler policy and the every-crawler one, under every profile, on
    /// URLs and on paths.
    #[test]
    fn compact_rules_answer_as_the_tables(
        groups in vec(group(small_rule()), 0..5),
        random in vec(small_path(), 0..4),
    ) {
        let body = body_of(&groups);
        let paths = with_rule_paths(&groups, &random);
        for profile in Profile::ALL {
            let every = Policy::parse(&body, profile);
            for agent in AGENTS {
                let one = Policy::builder().profile(profile).build_for_agent(&body, agent);
                for matcher in [one.matcher(), every.matcher(agent)] {
                    let compact = CompactRules::of(&matcher).expect("a few rules");
                    for path in &paths {
                        prop_assert_eq!(
                            compact.check(path),
                            matcher.check(path),
                            "{} {} {:?}", profile, agent, String::from_utf8_lossy(path)
                        );
                        prop_assert_eq!(compact.check_path(path), matcher.check_path(path));
                    }
                }
            }
        }
    }

    /// The same on bytes that look somewhat like a robots.txt (typos, NULs,
    /// `\r`, BOMs, escapes), with URLs of arbitrary bytes.
    #[test]
    fn compact_rules_answer_as_the_tables_on_messy_bytes(
        body in messy_bytes(),
        agent in prop_oneof![proptest::sample::select(AGENTS).prop_map(|a| a.as_bytes().to_vec()), messy_bytes()],
        urls in vec(messy_bytes(), 1..4),
    ) {
        for profile in Profile::ALL {
            let every = Policy::parse(&body, profile);
            let one = Policy::builder().profile(profile).build_for_agent(&body, &agent);
            for matcher in [one.matcher(), every.matcher(&agent)] {
                if let Some(compact) = CompactRules::of(&matcher) {
                    for url in &urls {
                        prop_assert_eq!(compact.check(url), matcher.check(url));
                    }
                }
            }
        }
    }
}

#[test]
fn edge_case_bodies_keep_invariants() {
    let big_line = [
        b"Disallow: /".as_slice(),
        &vec![b'x'; GOOGLE_MAX_LINE_BYTES * 2],
    ]
    .concat();
    let cases: Vec<Vec<u8>> = vec![
        Vec::new(),
        b"\r".to_vec(),
        b"\r\r\r\r".to_vec(),
        b"User-agent: *\rDisallow: /a\rAllow: /a/b\r".to_vec(),
        b"\xEF".to_vec(),
        b"\xEF\xBB".to_vec(),
        b"\xEF\xBB\xBF".to_vec(),
        b"\xEF\xBBUser-agent: *\nDisallow: /".to_vec(),
        b"\xEF\xBB\xBF\xEF\xBB\xBFUser-agent: *\nDisallow: /".to_vec(),
        b"\0".to_vec(),
        b"User-agent: *\0\nDisallow: /\0a\n".to_vec(),
        b"User-agent: *\nDisallow: *\nAllow: $\n".to_vec(),
        b"User-agent: *\nDisallow: $$\nDisallow: **$\n".to_vec(),
        b"User-agent: *\nDisallow: %\nDisallow: %%\nDisallow: %2\nDisallow: %zz\n".to_vec(),
        [b"User-agent: *\n".as_slice(), &big_line, b"\n"].concat(),
        vec![b'\n'; 10_000],
        vec![b':'; 10_000],
        b"User-agent: *\n".repeat(2_000),
    ];
    for body in &cases {
        invariants::check_input(body);
        for profile in Profile::ALL {
            let policy = Policy::parse(body, profile);
            for url in [&b"/"[..], b"/a/b", b"/\0", b"/robots.txt", b""] {
                invariants::check_one(&policy, "bot", url);
            }
        }
    }
    // The parsing cap: right at, before and after the end of a rule line.
    let body = b"User-agent: *\nDisallow: /private\nAllow: /\n";
    for cap in 0..=body.len() + 1 {
        for profile in Profile::ALL {
            let policy = Policy::builder()
                .profile(profile)
                .max_bytes(Some(cap))
                .build(body);
            invariants::check_one(&policy, "bot", "/private/x");
        }
    }
}

// ---------------------------------------------------------------------------
// (2) Differential: the trie against brute force and against a reference
// ---------------------------------------------------------------------------

proptest! {
    #![proptest_config(config(512))]

    /// Groups that repeat an earlier group's rules (all of them, or with a few
    /// more) walk that group's trie with their rule numbers shifted: each
    /// crawler's verdict is still decided by its own group's rule, on the line
    /// where that group writes it.
    #[test]
    fn repeated_groups_decide_by_their_own_lines(
        base in vec((any::<bool>(), small_rule()), 1..9),
        extra in vec((any::<bool>(), small_rule()), 0..3),
        paths in vec(small_path(), 1..6),
    ) {
        let with_extra: Vec<_> = base.iter().chain(&extra).cloned().collect();
        let groups = [
            Group { agents: vec!["foo"], rules: base.clone() },
            Group { agents: vec!["bar"], rules: with_extra.clone() },
            Group { agents: vec!["*"], rules: base.clone() },
        ];
        let body = body_of(&groups);
        let paths = with_rule_paths(&groups, &paths);
        // Each group: its user-agent line, its rules, a blank line.
        let first_rule_line = |g: usize| -> u32 {
            let before: usize = groups[..g].iter().map(|g| g.rules.len() + 2).sum();
            u32::try_from(before).unwrap() + 2
        };
        for profile in Profile::ALL {
            let policy = Policy::parse(&body, profile);
            for (agent, g) in [("foo", 0), ("bar", 1), ("other", 2)] {
                for url in &paths {
                    invariants::check_one(&policy, agent, url);
                    if !matches!(profile, Profile::Google | Profile::Rfc9309) {
                        continue;
                    }
                    let path = &path_from_url(url);
                    let rules = &groups[g].rules;
                    let expected = reference::decide(rules, path, profile);
                    let verdict = policy.check(agent, url);
                    let got = verdict.rule.and_then(|id| policy.rule(id)).map(|r| r.line);
                    let want = expected.map(|i| u32::try_from(i).unwrap() + first_rule_line(g));
                    prop_assert_eq!(
                        got, want,
                        "{} {} path {:?} body:\n{}", profile, agent,
                        String::from_utf8_lossy(path), String::from_utf8_lossy(&body)
                    );
                    let want_allowed = match expected {
                        Some(i) => rules[i].0,
                        None => true,
                    };
                    prop_assert_eq!(verdict.allowed, want_allowed);
                }
            }
        }
    }
}

proptest! {
    #![proptest_config(config(1536))]

    /// The trie's verdict is the best of the rules a brute-force search finds
    /// (explain's candidates), for several groups and agents, in every profile.
    #[test]
    fn trie_agrees_with_brute_force(
        groups in vec(group(small_rule()), 0..4),
        paths in vec(small_path(), 1..6),
    ) {
        let body = body_of(&groups);
        let paths = with_rule_paths(&groups, &paths);
        for profile in Profile::ALL {
            let policy = Policy::parse(&body, profile);
            for agent in AGENTS {
                for path in &paths {
                    invariants::check_one(&policy, agent, path);
                }
            }
        }
    }

    /// With one `*` group, the verdict is what an independent reference
    /// (a plain glob matcher over the profile's comparison forms) decides.
    #[test]
    fn trie_agrees_with_reference_matcher(
        rules in vec((any::<bool>(), small_rule()), 0..8),
        paths in vec(small_path(), 1..6),
    ) {
        let groups = [Group { agents: vec!["*"], rules: rules.clone() }];
        let body = body_of(&groups);
        let paths = with_rule_paths(&groups, &paths);
        for profile in Profile::ALL {
            let policy = Policy::parse(&body, profile);
            for url in &paths {
                let verdict = policy.check("bot", url);
                // `//x` reads as a protocol-relative URL: compare the path part.
                let path = &path_from_url(url);
                let expected = reference::decide(&rules, path, profile);
                let got = verdict.rule.and_then(|id| policy.rule(id)).map(|r| r.line);
                // Rules are on lines 2, 3, ...
                let want = expected.map(|i| u32::try_from(i).unwrap() + 2);
                prop_assert_eq!(
                    got, want,
                    "{} path {:?} body:\n{}", profile, String::from_utf8_lossy(path),
                    String::from_utf8_lossy(&body)
                );
                let want_allowed = match expected {
                    Some(i) => rules[i].0,
                    None => true,
                };
                prop_assert_eq!(verdict.allowed, want_allowed);
            }
        }
    }
}

proptest! {
    #![proptest_config(config(768))]

    /// Under `google` a path is read up to its first NUL (the search finds the NUL
    /// only where it matters: see `search_path`): a path with a NUL and anything
    /// after it gets the verdict of the path cut there, one at a time and in a
    /// batch, for literal, `$` and wildcard rules alike.
    #[test]
    fn google_cuts_a_path_at_its_first_nul(
        groups in vec(group(small_rule()), 1..4),
        paths in vec(small_path(), 1..6),
        tails in vec(bytes_from(b"/ab$\0", 0..4), 1..4),
    ) {
        let body = body_of(&groups);
        let policy = Policy::parse(&body, Profile::Google);
        let mut cut = Vec::new();
        let mut whole = Vec::new();
        for (i, path) in with_rule_paths(&groups, &paths).into_iter().enumerate() {
            let tail = &tails[i % tails.len()];
            let mut with_nul = path.clone();
            with_nul.push(0);
            with_nul.extend_from_slice(tail);
            cut.push(path);
            whole.push(with_nul);
        }
        for agent in AGENTS {
            let bot = policy.matcher(agent);
            let mut batch = Vec::new();
            bot.check_paths(&whole, |_, v| batch.push(v));
            for ((path, with_nul), in_batch) in cut.iter().zip(&whole).zip(&batch) {
                let want = bot.check_path(path);
                prop_assert_eq!(bot.check_path(with_nul), want, "{:?}", with_nul);
                prop_assert_eq!(*in_batch, want, "batch {:?}", with_nul);
            }
        }
    }
}

/// A wildcard rule whose later segments have byte pairs, under one of two literal
/// prefixes: files of many of them put 8 or more on one trie node, which the search
/// serves from its byte-pair index.
fn pair_rule() -> impl Strategy<Value = Vec<u8>> {
    const HEADS: &[&[u8]] = &[b"/", b"", b"/a"];
    const TAILS: &[&[u8]] = &[b"", b"*", b"$", b"*b"];
    (
        proptest::sample::select(HEADS),
        bytes_from(b"ab/?", 2..5),
        proptest::sample::select(TAILS),
    )
        .prop_map(|(head, middle, tail)| [head, b"*", &middle, tail].concat())
}

proptest! {
    #![proptest_config(config(512))]

    /// Files with many wildcard rules per node (the pair index) answer as the
    /// independent reference does.
    #[test]
    fn pair_index_agrees_with_reference_matcher(
        wild in vec((any::<bool>(), pair_rule()), 8..40),
        plain in vec((any::<bool>(), small_rule()), 0..4),
        paths in vec(bytes_from(b"/ab?", 1..14), 1..8),
    ) {
        let rules: Vec<(bool, Vec<u8>)> = wild.into_iter().chain(plain).collect();
        let groups = [Group { agents: vec!["*"], rules: rules.clone() }];
        let body = body_of(&groups);
        let paths = with_rule_paths(&groups, &paths);
        for profile in [Profile::Google, Profile::Rfc9309] {
            let policy = Policy::parse(&body, profile);
            for url in &paths {
                let path = &path_from_url(url);
                let expected = reference::decide(&rules, path, profile);
                let got = policy.check("bot", url).rule.and_then(|id| policy.rule(id)).map(|r| r.line);
                let want = expected.map(|i| u32::try_from(i).unwrap() + 2);
                prop_assert_eq!(
                    got, want,
                    "{} path {:?} body:\n{}", profile, String::from_utf8_lossy(path),
                    String::from_utf8_lossy(&body)
                );
            }
        }
    }
}

/// An independent, deliberately naive model of rule matching and choice.
mod reference {
    use super::*;

    #[derive(Clone, Copy, PartialEq, Debug)]
    enum Tok {
        Lit(u8),
        Star,
    }

    /// Does `pat` match a prefix of `path` (all of it when `anchored`)? Plain DP.
    fn glob(pat: &[Tok], path: &[u8], anchored: bool) -> bool {
        // reach[j]: pat[..i] can match path[..j]
        let mut reach = vec![false; path.len() + 1];
        reach[0] = true;
        for tok in pat {
            let mut next = vec![false; path.len() + 1];
            match tok {
                Tok::Star => {
                    let mut seen = false;
                    for j in 0..=path.len() {
                        seen |= reach[j];
                        next[j] = seen;
                    }
                }
                Tok::Lit(b) => {
                    for j in 0..path.len() {
                        next[j + 1] = reach[j] && path[j] == *b;
                    }
                }
            }
            reach = next;
        }
        if anchored {
            reach[path.len()]
        } else {
            reach.iter().any(|&r| r)
        }
    }

    /// `*`-separated segments, each in its comparison form; a final `$` anchors.
    fn wildcard_tokens(value: &[u8], form: impl Fn(&[u8]) -> Vec<u8>) -> (Vec<Tok>, bool) {
        let (body, anchored) = match value.strip_suffix(b"$") {
            Some(body) => (body, true),
            None => (value, false),
        };
        let mut toks = Vec::new();
        for (i, seg) in body.split(|&b| b == b'*').enumerate() {
            if i > 0 {
                toks.push(Tok::Star);
            }
            toks.extend(form(seg).into_iter().map(Tok::Lit));
        }
        (toks, anchored)
    }

    /// A segment's comparison form.
    type Form = fn(&[u8]) -> Vec<u8>;

    /// The index (into `rules`) of the deciding rule, if any.
    pub fn decide(rules: &[(bool, Vec<u8>)], path: &[u8], profile: Profile) -> Option<usize> {
        match profile {
            Profile::Google | Profile::Rfc9309 => {
                let (path, escaped): (Vec<u8>, Form) = match profile {
                    Profile::Google => (path.to_vec(), |v| v.to_vec()),
                    _ => (decode_percent(path).into_owned(), |s| {
                        decode_percent(s).into_owned()
                    }),
                };
                // (rule index, allow, pattern as the profile reads it, priority)
                let mut patterns: Vec<(usize, bool, Vec<u8>, usize)> = Vec::new();
                for (i, (allow, value)) in rules.iter().enumerate() {
                    let written = google_escape(value).into_owned();
                    if written.is_empty() {
                        continue;
                    }
                    let source = if profile == Profile::Google {
                        &written
                    } else {
                        value
                    };
                    // RFC 9309: equivalent spellings rank alike, so count the
                    // decoded octets (non-ASCII as escaped).
                    let priority = match profile {
                        Profile::Google => written.len(),
                        _ => google_escape(&decode_percent(value)).len(),
                    };
                    patterns.push((i, *allow, source.clone(), priority));
                    // Google: `Allow: /dir/index.htm...` also allows `/dir/` exactly.
                    if profile == Profile::Google && *allow {
                        if let Some(slash) = written.iter().rposition(|&b| b == b'/') {
                            if written[slash..].starts_with(b"/index.htm") {
                                let alias = [&written[..=slash], b"$"].concat();
                                let len = alias.len();
                                patterns.push((i, true, alias, len));
                            }
                        }
                    }
                }
                let mut best: Option<(usize, bool, usize)> = None; // (priority, allow, index)
                for (i, allow, pattern, priority) in patterns {
                    let (toks, anchored) = wildcard_tokens(&pattern, escaped);
                    if !glob(&toks, &path, anchored) {
                        continue;
                    }
                    let better = match best {
                        None => true,
                        Some((p, a, _)) => priority > p || (priority == p && allow && !a),
                    };
                    if better {
                        best = Some((priority, allow, i));
                    }
                }
                best.map(|(_, _, i)| i)
            }
            Profile::Draft1996 => {
                let path = decode_percent_except_slash(path);
                rules.iter().position(|(_, value)| {
                    !value.is_empty() && path.starts_with(&decode_percent_except_slash(value))
                })
            }
            Profile::Original1994 => rules
                .iter()
                .position(|(allow, value)| !allow && !value.is_empty() && path.starts_with(value)),
            other => unreachable!("no reference reading for {other}"),
        }
    }

    #[test]
    fn reference_glob_is_sane() {
        let t = |s: &[u8]| wildcard_tokens(s, <[u8]>::to_vec);
        let m = |p: &[u8], path: &[u8]| {
            let (toks, anchored) = t(p);
            glob(&toks, path, anchored)
        };
        assert!(m(b"/a*b$", b"/axxb"));
        assert!(!m(b"/a*b$", b"/axxbc"));
        assert!(m(b"/a*b", b"/axxbc"));
        assert!(m(b"*", b"/"));
        assert!(!m(b"$", b"/"));
        assert!(m(b"/a$b", b"/a$bc"));
    }
}

// ---------------------------------------------------------------------------
// (3), (4) Percent-encoding equivalence (rfc9309; draft1996 except %2F)
// ---------------------------------------------------------------------------

fn is_unreserved(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~')
}

fn is_escape_at(bytes: &[u8], i: usize) -> bool {
    bytes.get(i) == Some(&b'%')
        && bytes.get(i + 1).is_some_and(u8::is_ascii_hexdigit)
        && bytes.get(i + 2).is_some_and(u8::is_ascii_hexdigit)
}

/// Replace the unreserved bytes picked by `mask` with `%XX` (upper or lower
/// hex, also picked by `mask`). Bytes that belong to an existing `%XX`
/// triplet are not characters of their own and are left alone.
fn escape_unreserved(bytes: &[u8], mask: &[(bool, bool)]) -> Vec<u8> {
    let mut out = Vec::new();
    let mut i = 0;
    let mut k = 0;
    while i < bytes.len() {
        if is_escape_at(bytes, i) {
            out.extend_from_slice(&bytes[i..i + 3]);
            i += 3;
            continue;
        }
        let b = bytes[i];
        let (pick, lower) = mask
            .get(k % mask.len().max(1))
            .copied()
            .unwrap_or((false, false));
        k += 1;
        if is_unreserved(b) && pick {
            let hex = format!("%{b:02X}");
            out.extend_from_slice(if lower { hex.to_ascii_lowercase() } else { hex }.as_bytes());
        } else {
            out.push(b);
        }
        i += 1;
    }
    out
}

/// Rule values with unreserved characters, wildcards, anchors and a few escapes.
fn unreserved_rule() -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![
        4 => bytes_from(b"/abzAZ09-._~*$", 0..8).prop_map(|v| [b"/".as_slice(), &v].concat()),
        1 => bytes_from(b"/ab~*$%41", 0..8),
    ]
}

fn unreserved_path() -> impl Strategy<Value = Vec<u8>> {
    bytes_from(b"/abzAZ09-._~?=&%41", 0..10).prop_map(|v| [b"/".as_slice(), &v].concat())
}

fn masks() -> impl Strategy<Value = Vec<(bool, bool)>> {
    vec(any::<(bool, bool)>(), 1..12)
}

fn same_verdicts(
    profile: Profile,
    plain: &[u8],
    escaped: &[u8],
    paths: &[(Vec<u8>, Vec<u8>)],
) -> Result<(), TestCaseError> {
    let (a, b) = (
        Policy::parse(plain, profile),
        Policy::parse(escaped, profile),
    );
    for agent in AGENTS {
        for (path, escaped_path) in paths {
            let want = a.check(agent, path);
            for (policy, url) in [(&a, escaped_path), (&b, path), (&b, escaped_path)] {
                prop_assert_eq!(
                    policy.check(agent, url),
                    want,
                    "{}: agent {} path {:?} vs {:?}\nplain:\n{}\nescaped:\n{}",
                    profile,
                    agent,
                    String::from_utf8_lossy(path),
                    String::from_utf8_lossy(url),
                    String::from_utf8_lossy(plain),
                    String::from_utf8_lossy(escaped)
                );
            }
        }
    }
    Ok(())
}

fn escape_groups(groups: &[Group], mask: &[(bool, bool)]) -> Vec<Group> {
    groups
        .iter()
        .map(|g| Group {
            agents: g.agents.clone(),
            rules: g
                .rules
                .iter()
                .map(|(a, v)| (*a, escape_unreserved(v, mask)))
                .collect(),
        })
        .collect()
}

proptest! {
    #![proptest_config(config(1024))]

    /// rfc9309: escaping unreserved bytes of the URL path never changes the verdict.
    #[test]
    fn rfc9309_path_escapes_are_equivalent(
        groups in vec(group(unreserved_rule()), 1..3),
        paths in vec(unreserved_path(), 1..5),
        mask in masks(),
    ) {
        let body = body_of(&groups);
        let paths: Vec<_> = with_rule_paths(&groups, &paths).iter().map(|p| (p.clone(), escape_unreserved(p, &mask))).collect();
        same_verdicts(Profile::Rfc9309, &body, &body, &paths)?;
    }

    /// draft1996: the same (its decoding keeps only `%2F` and `%25` encoded).
    #[test]
    fn draft1996_path_escapes_are_equivalent(
        groups in vec(group(unreserved_rule()), 1..3),
        paths in vec(unreserved_path(), 1..5),
        mask in masks(),
    ) {
        let body = body_of(&groups);
        let paths: Vec<_> = with_rule_paths(&groups, &paths).iter().map(|p| (p.clone(), escape_unreserved(p, &mask))).collect();
        same_verdicts(Profile::Draft1996, &body, &body, &paths)?;
    }

    /// draft1996: escaping unreserved bytes of a rule never changes a verdict
    /// (the draft has first-match semantics, so no rule length is involved).
    #[test]
    fn draft1996_rule_escapes_are_equivalent(
        groups in vec(group(unreserved_rule()), 1..3),
        paths in vec(unreserved_path(), 1..5),
        mask in masks(),
        path_mask in masks(),
    ) {
        let plain = body_of(&groups);
        let escaped = body_of(&escape_groups(&groups, &mask));
        let paths: Vec<_> = with_rule_paths(&groups, &paths).iter().map(|p| (p.clone(), escape_unreserved(p, &path_mask))).collect();
        same_verdicts(Profile::Draft1996, &plain, &escaped, &paths)?;
    }

    /// rfc9309, one rule per group: escaping unreserved bytes of a rule never
    /// changes a verdict. (With one rule the rule's length cannot matter.)
    #[test]
    fn rfc9309_single_rule_escapes_are_equivalent(
        allow in any::<bool>(),
        rule in unreserved_rule(),
        paths in vec(unreserved_path(), 1..5),
        mask in masks(),
        path_mask in masks(),
    ) {
        let groups = [Group { agents: vec!["*"], rules: vec![(allow, rule)] }];
        let plain = body_of(&groups);
        let escaped = body_of(&escape_groups(&groups, &mask));
        let paths: Vec<_> = with_rule_paths(&groups, &paths).iter().map(|p| (p.clone(), escape_unreserved(p, &path_mask))).collect();
        same_verdicts(Profile::Rfc9309, &plain, &escaped, &paths)?;
    }

    /// draft1996 never decodes `%2F`: a rule equal to a path stops matching when
    /// one of the path's inner slashes is written `%2F` (or `%2f`), while
    /// rfc9309 still treats the two as the same path.
    #[test]
    fn draft1996_keeps_encoded_slashes(
        segments in vec(bytes_from(b"abz09-._~", 1..4), 2..5),
        which in any::<prop::sample::Index>(),
        lower in any::<bool>(),
    ) {
        let plain: Vec<u8> = segments.iter().flat_map(|s| [b"/".as_slice(), s].concat()).collect();
        // An inner slash: not the first one.
        let slashes: Vec<usize> = plain.iter().enumerate().skip(1).filter(|(_, &b)| b == b'/').map(|(i, _)| i).collect();
        let at = slashes[which.index(slashes.len())];
        let escaped = [&plain[..at], if lower { b"%2f" } else { b"%2F" }, &plain[at + 1..]].concat();
        let body = [b"User-agent: *\nDisallow: ".as_slice(), &plain, b"\n"].concat();

        let draft = Policy::parse(&body, Profile::Draft1996);
        prop_assert!(!draft.is_allowed("bot", &plain));
        let v = draft.check("bot", &escaped);
        prop_assert_eq!((v.allowed, v.rule, v.reason), (true, None, Reason::NoMatchingRule));
        prop_assert!(draft.explain("bot", &escaped).path.windows(3).any(|w| w == b"%2F"));

        let rfc = Policy::parse(&body, Profile::Rfc9309);
        prop_assert_eq!(rfc.check("bot", &escaped), rfc.check("bot", &plain));
        prop_assert!(!rfc.is_allowed("bot", &escaped));
    }
}

proptest! {
    #![proptest_config(config(1024))]

    /// rfc9309 with several rules: a rule written with escapes of unreserved
    /// bytes gives the same verdicts as the plain rule, so equivalent spellings
    /// must also rank alike (`Allow: /%61` is as specific as `Allow: /a`).
    /// See `rfc9309_escaped_rule_keeps_its_rank` for the minimal case.
    #[test]
    fn rfc9309_rule_escapes_are_equivalent(
        groups in vec(group(unreserved_rule()), 1..3),
        paths in vec(unreserved_path(), 1..5),
        mask in masks(),
        path_mask in masks(),
    ) {
        let plain = body_of(&groups);
        let escaped = body_of(&escape_groups(&groups, &mask));
        let paths: Vec<_> = with_rule_paths(&groups, &paths).iter().map(|p| (p.clone(), escape_unreserved(p, &path_mask))).collect();
        same_verdicts(Profile::Rfc9309, &plain, &escaped, &paths)?;
    }
}

/// The minimal case of `rfc9309_rule_escapes_are_equivalent`, found by it when
/// rules were ranked by their length as written.
#[test]
fn rfc9309_escaped_rule_keeps_its_rank() {
    let plain = Policy::parse(
        b"User-agent: *\nAllow: /a\nDisallow: /ab\n",
        Profile::Rfc9309,
    );
    let escaped = Policy::parse(
        b"User-agent: *\nAllow: /%61\nDisallow: /ab\n",
        Profile::Rfc9309,
    );
    assert!(!plain.is_allowed("bot", "/abc"));
    assert_eq!(escaped.check("bot", "/abc"), plain.check("bot", "/abc"));
}

// ---------------------------------------------------------------------------
// (5) A full URL and its path give the same verdict
// ---------------------------------------------------------------------------

fn url_path() -> impl Strategy<Value = Vec<u8>> {
    (
        bytes_from(b"/ab:;=&%.", 0..8),
        proptest::option::of(bytes_from(b"ab=&/?:%", 0..6)),
    )
        .prop_map(|(path, query)| {
            let mut p = [b"/".as_slice(), &path].concat();
            if p.starts_with(b"//") {
                p.remove(0);
            }
            if let Some(q) = query {
                p.push(b'?');
                p.extend_from_slice(&q);
            }
            p
        })
}

proptest! {
    #![proptest_config(config(768))]

    #[test]
    fn full_url_and_path_give_the_same_verdict(
        groups in vec(group(small_rule()), 0..3),
        paths in vec(url_path(), 1..4),
        frag in bytes_from(b"ab/?#", 0..4),
    ) {
        let body = body_of(&groups);
        let mut paths = with_rule_paths(&groups, &paths);
        paths.retain(|p| !p.starts_with(b"//"));
        for profile in Profile::ALL {
            let policy = Policy::parse(&body, profile);
            for path in &paths {
                let p = String::from_utf8_lossy(path).into_owned();
                let f = String::from_utf8_lossy(&frag).into_owned();
                let forms = [
                    format!("https://example.com{p}"),
                    format!("https://example.com{p}#{f}"),
                    format!("http://example.com:8080{p}#"),
                    format!("//example.com{p}"),
                    format!("{p}#{f}"),
                ];
                for agent in AGENTS {
                    let want = policy.check(agent, path);
                    prop_assert_eq!(policy.matcher(agent).check_path(path), want);
                    for form in &forms {
                        prop_assert_eq!(policy.check(agent, form), want, "{} {} vs {}", profile, form, p);
                    }
                }
            }
        }
    }
}

// ---------------------------------------------------------------------------
// (6) Cost sanity, without timing: the compiled tables stay linear in the input
// ---------------------------------------------------------------------------

/// Entries in the tables a check walks (trie nodes, wildcard lists, set roots).
fn table_entries(policy: &Policy) -> usize {
    let t = robots_runtime::__private::tables(policy);
    t.inners().len()
        + t.leaves().len()
        + t.wide().len()
        + t.wild_rules().len()
        + t.set_roots().len()
        + t.set_groups().len()
        + t.agents().len()
        + t.segments().len()
}

/// A product token (letters only, so that `google` does not cut it) for crawler `i`.
fn crawler(i: usize) -> String {
    let letter = |n: usize| char::from(b'a' + u8::try_from(n % 26).unwrap_or(0));
    format!("bot{}{}{}", letter(i / 676), letter(i / 26), letter(i))
}

/// A file whose crawlers share a group with a long rule, each also having a
/// small group of its own: every crawler's rule set is different, and each
/// contains the long rule.
fn shared_long_rule_body(crawlers: usize, long: usize, star: bool) -> Vec<u8> {
    let mut body = Vec::new();
    for i in 0..crawlers {
        body.extend_from_slice(format!("User-agent: {}\n", crawler(i)).as_bytes());
    }
    body.extend_from_slice(b"Disallow: /");
    body.extend(std::iter::repeat_n(b'l', long));
    if star {
        body.extend_from_slice(b"*x");
    }
    body.extend_from_slice(b"\n\n");
    for i in 0..crawlers {
        body.extend_from_slice(format!("User-agent: {}\nAllow: /o{i}\n\n", crawler(i)).as_bytes());
    }
    body
}

proptest! {
    #![proptest_config(config(128))]

    /// The tables are O(input): no file makes the compiler copy a rule once
    /// per crawler. Random files from the differential generator, and files
    /// built to share one long rule among many different rule sets.
    #[test]
    fn compiled_tables_are_linear_in_the_input(
        groups in vec(group(small_rule()), 0..6),
        crawlers in 1usize..40,
        long in 1usize..400,
        star in any::<bool>(),
    ) {
        for body in [body_of(&groups), shared_long_rule_body(crawlers, long, star)] {
            for profile in Profile::ALL {
                let policy = Policy::parse(&body, profile);
                let entries = table_entries(&policy);
                prop_assert!(
                    entries <= 8 * body.len() + 64,
                    "{}: {} table entries for a {}-byte file", profile, entries, body.len()
                );
                // Nothing points past the end of the tables.
                let tables = robots_runtime::__private::tables(&policy);
                prop_assert_eq!(tables.validate(), Ok(()));
                for node in tables.inners() {
                    prop_assert!(node.best.get() == NONE || (node.best.get() as usize) < policy.rule_count());
                }
            }
        }
    }
}

/// The shape that would make a per-set trie quadratic: 200 crawlers, each with
/// its own rule set, all sharing a 2000-byte rule.
#[test]
fn shared_long_rule_is_not_copied_per_crawler() {
    let body = shared_long_rule_body(200, 2_000, false);
    for profile in Profile::ALL {
        let policy = Policy::parse(&body, profile);
        let entries = table_entries(&policy);
        assert!(
            entries <= 8 * body.len() + 64,
            "{profile}: {entries} table entries for a {}-byte file",
            body.len()
        );
        let bot = crawler(7);
        assert!(!policy.is_allowed(&bot, [b"/".as_slice(), &[b'l'; 2_000]].concat()));
        assert!(policy.is_allowed(&bot, "/o7"));
    }
}

/// Doubling the input at most (about) doubles the tables, for shapes that
/// stress agent resolution, set merging and the trie.
#[test]
fn tables_grow_linearly_when_the_input_doubles() {
    type Shape = fn(usize) -> Vec<u8>;
    let shapes: [(&str, Shape); 4] = [
        ("shared long rule", |n| {
            shared_long_rule_body(n, 50 * n, true)
        }),
        ("many agents, one group", |n| {
            let mut b: Vec<u8> = (0..n)
                .flat_map(|i| format!("User-agent: a{i}\n").into_bytes())
                .collect();
            b.extend((0..n).flat_map(|i| format!("Disallow: /{i}*x$\n").into_bytes()));
            b
        }),
        ("agents in every group", |n| {
            (0..n)
                .flat_map(|g| {
                    let mut b: Vec<u8> = (0..n / 4)
                        .flat_map(|i| format!("User-agent: a{i}\n").into_bytes())
                        .collect();
                    b.extend(format!("Allow: /{g}/\nDisallow: /{g}\n\n").into_bytes());
                    b
                })
                .collect()
        }),
        ("nested prefixes", |n| {
            let mut b = b"User-agent: *\n".to_vec();
            for i in 0..n {
                b.extend_from_slice(b"Disallow: /");
                b.extend(std::iter::repeat_n(b'a', i));
                b.extend_from_slice(if i % 2 == 0 { b"*b\n" } else { b"\n" });
            }
            b
        }),
    ];
    for (name, shape) in shapes {
        for profile in Profile::ALL {
            let (small, large) = (shape(64), shape(128));
            let (s, l) = (
                table_entries(&Policy::parse(&small, profile)),
                table_entries(&Policy::parse(&large, profile)),
            );
            let input_ratio = large.len() as f64 / small.len() as f64;
            assert!(
                (l as f64) <= 1.25 * input_ratio * (s as f64) + 64.0,
                "{name} under {profile}: {s} -> {l} entries while the input grew {input_ratio:.2}x"
            );
        }
    }
}

// ---------------------------------------------------------------------------
// Regressions: every input the fuzzer ever broke
// ---------------------------------------------------------------------------

#[test]
fn fuzz_regressions_keep_invariants() {
    // A missing folder fails: it must never pass as "no regressions".
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("regressions");
    let entries =
        std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("cannot list {}: {e}", dir.display()));
    let mut files: Vec<_> = entries
        .map(|e| {
            e.unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
                .path()
        })
        .filter(|p| p.extension().is_some_and(|e| e == "bin"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no .bin input in {}", dir.display());
    for file in &files {
        let data = std::fs::read(file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        let run = std::panic::catch_unwind(|| invariants::check_input(&data));
        assert!(run.is_ok(), "regression {} fails", file.display());
        // The one-crawler target's check reads the same inputs.
        let run = std::panic::catch_unwind(|| invariants::check_one_crawler_input(&data));
        assert!(
            run.is_ok(),
            "regression {} fails the one-crawler checks",
            file.display()
        );
    }
}

#[test]
fn split_input_follows_the_documented_layout() {
    assert_eq!(invariants::split_input(b"abc"), (&b"abc"[..], None, None));
    assert_eq!(
        invariants::split_input(b"a\xffu"),
        (&b"a"[..], None, Some(&b"u"[..]))
    );
    assert_eq!(
        invariants::split_input(b"a\xffb\xffg\xffu"),
        (&b"a\xffb"[..], Some(&b"g"[..]), Some(&b"u"[..]))
    );
    // The escaping helper used by the equivalence properties.
    assert_eq!(
        escape_unreserved(b"/~~", &[(true, false), (true, true)]),
        b"/%7e%7E"
    );
    assert_eq!(escape_unreserved(b"%41a", &[(true, false)]), b"%41%61");
    assert_eq!(escape_unreserved(b"/x", &[(false, false)]), b"/x");
}
