//! The library API beyond the conformance cases: thread safety, extension
//! records and their scope, the parsing cap, explanations (selection and
//! tie-break as data), the one read API, `Debug` summaries and odd inputs.

use robots_runtime::agent::AgentMatch;
use robots_runtime::document::{parse, Directive, LineKind, ParseOptions};
use robots_runtime::explain::{Combining, Naming, SelectionBasis, TieBreak};
use robots_runtime::records::{RecordValue, TimeWindow};
use robots_runtime::url::{path_from_url, robots_txt_url};
use robots_runtime::{AgentPolicy, ErrorKind, Matcher, Policy, PolicyRef, Profile, Reason};
use std::time::Duration;

#[test]
fn policies_and_matchers_are_send_and_sync() {
    fn assert_send_sync<T: Send + Sync>() {}
    assert_send_sync::<Policy>();
    assert_send_sync::<Matcher<'static>>();
    assert_send_sync::<AgentPolicy>();
}

#[test]
fn one_policy_serves_many_threads() {
    let policy = Policy::parse(b"User-agent: *\nDisallow: /private\n", Profile::Rfc9309);
    let counts: Vec<usize> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..4)
            .map(|t| {
                let policy = &policy;
                s.spawn(move || {
                    let bot = policy.matcher("bot");
                    (0..10_000)
                        .filter(|i| {
                            let url = if (i + t) % 2 == 0 {
                                "/private/x"
                            } else {
                                "/public"
                            };
                            !bot.is_allowed(url)
                        })
                        .count()
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("thread"))
            .collect()
    });
    assert_eq!(counts, vec![5_000; 4]);
}

const EXTENSIONS: &[u8] = b"\
Sitemap: https://example.com/a.xml
User-agent: slowbot
User-agent: otherbot
Crawl-delay: 4
Request-rate: 1/30s 0600-0845
Visit-time: 2300-0430
Comment: be gentle
Disallow: /tmp

User-agent: *
Crawl-delay: nonsense
Crawl-delay: 0.5
Disallow:
Host: example.com
Clean-param: ref&utm_source /articles/
Sitemap: relative.xml
";

#[test]
fn group_records_are_read_from_the_matched_group() {
    let policy = Policy::parse(EXTENSIONS, Profile::Rfc9309);
    let slow = policy.matcher("SlowBot");
    assert_eq!(slow.crawl_delay(), Some(Duration::from_secs(4)));
    let rate = slow.request_rate().expect("request-rate");
    assert_eq!(rate.requests, 1);
    assert_eq!(rate.per, Duration::from_secs(30));
    assert_eq!(
        rate.window,
        Some(TimeWindow {
            start: 360,
            end: 525
        })
    );
    assert_eq!(
        slow.visit_time(),
        Some(TimeWindow {
            start: 1380,
            end: 270
        })
    );
    assert_eq!(slow.comments().collect::<Vec<_>>(), vec!["be gentle"]);
    // otherbot shares the group: the Crawl-delay line does not split it.
    assert_eq!(
        policy.matcher("otherbot").crawl_delay(),
        Some(Duration::from_secs(4))
    );
    // Everyone else gets the '*' group: the invalid value is skipped, not fatal.
    let other = policy.matcher("SomeBot");
    assert_eq!(other.crawl_delay(), Some(Duration::from_millis(500)));
    assert_eq!(other.request_rate(), None);
    let invalid: Vec<_> = other
        .records()
        .filter(|r| r.parsed == RecordValue::Invalid)
        .map(|r| r.line)
        .collect();
    assert_eq!(invalid, vec![11]);
}

#[test]
fn file_wide_records_are_read_from_the_whole_file() {
    let policy = Policy::parse(EXTENSIONS, Profile::Rfc9309);
    let sitemaps: Vec<String> = policy.sitemaps().map(ToString::to_string).collect();
    assert_eq!(sitemaps, ["https://example.com/a.xml", "relative.xml"]);
    assert_eq!(policy.host().unwrap(), "example.com");
    assert_eq!(
        policy.clean_params().collect::<Vec<_>>(),
        vec!["ref&utm_source /articles/"]
    );
}

#[test]
fn extension_lines_never_split_groups_under_rfc9309() {
    let body =
        b"User-agent: a\nCrawl-delay: 1\nSitemap: https://x/s.xml\nUser-agent: b\nDisallow: /\n";
    let policy = Policy::parse(body, Profile::Rfc9309);
    assert!(!policy.is_allowed("a", "/x"));
    assert!(!policy.is_allowed("b", "/x"));
    assert!(policy
        .matcher("a")
        .groups()
        .eq(policy.matcher("b").groups()));
}

#[test]
fn the_cap_is_configurable_and_reported() {
    let mut body = b"User-agent: *\nDisallow: /a\n".to_vec();
    body.extend(std::iter::repeat_n(b'#', 100));
    body.extend_from_slice(b"\nDisallow: /b\n");
    let small = ParseOptions::new(Profile::Rfc9309).max_bytes(Some(40));
    let doc = parse(&body, small);
    let t = doc.truncation().expect("cut");
    assert_eq!(
        (t.max_bytes, t.input_len, t.first_ignored_line),
        (40, body.len(), 3)
    );
    let policy = doc.compile();
    assert!(!policy.is_allowed("x", "/a"));
    assert!(
        policy.is_allowed("x", "/b"),
        "content past the cap is ignored"
    );
    assert_eq!(policy.truncation().as_ref(), Some(t));
    let built = Policy::builder().max_bytes(Some(40)).build(&body);
    assert_eq!(built.truncation().as_ref(), Some(t));
    let full = Policy::builder().max_bytes(None).build(&body);
    assert!(!full.is_allowed("x", "/b"));
    assert_eq!(full.truncation(), None);
}

#[test]
fn explanations_name_groups_candidates_and_the_winner() {
    let body = b"User-agent: *\nDisallow: /\n\nUser-agent: FooBot\nDisallow: /a\nAllow: /a/b\nDisallow: /a/b/c\n";
    let policy = Policy::parse(body, Profile::Rfc9309);
    let e = policy.explain("foobot", "https://example.com/a/b/x?y#z");
    assert_eq!(e.path, b"/a/b/x?y");
    assert_eq!(e.groups.len(), 1);
    assert_eq!(e.groups[0].line, 4);
    assert_eq!(e.groups[0].agents.len(), 1);
    assert_eq!(e.groups[0].agents[0].line, 4);
    assert_eq!(e.groups[0].agents[0].value, "FooBot");
    assert_eq!(e.groups[0].agents[0].matches, AgentMatch::Name);
    assert_eq!(e.selection.basis, SelectionBasis::Named);
    let lines: Vec<u32> = e.candidates.iter().map(|c| c.line).collect();
    assert_eq!(lines, vec![6, 5]);
    assert_eq!(e.candidates[0].directive, Directive::Allow);
    assert_eq!(e.candidates[0].priority, 4);
    assert_eq!(e.tie_break, TieBreak::LongestMatch);
    assert_eq!(Some(e.candidates[0].id), e.verdict.rule);
    assert!(e.verdict.allowed);
    assert_eq!(e.verdict.reason, Reason::Rule);
}

/// One file that exercises every selection basis and every tie-break.
const TIES: &[u8] = b"User-agent: FooBot\nUser-agent: BarBot\nDisallow: /a\nAllow: /a\nDisallow: /b\nDisallow: /b\n\nUser-agent: FooBot\nDisallow: /c\n\nUser-agent: *\nDisallow: /ab\nAllow: /a\n";

#[test]
fn explanations_say_which_groups_applied_and_why() {
    let cases = [
        // profile, agent, basis, combining, naming, groups applied (first lines)
        (
            Profile::Rfc9309,
            "foobot",
            SelectionBasis::Named,
            Combining::MergeAll,
            Naming::Exact,
            vec![1, 8],
        ),
        (
            Profile::Google,
            "FooBot",
            SelectionBasis::Named,
            Combining::MergeAll,
            Naming::ProductToken,
            vec![1, 8],
        ),
        (
            Profile::Draft1996,
            "FooBot/2.1",
            SelectionBasis::Named,
            Combining::FirstRecord,
            Naming::Substring,
            vec![1],
        ),
        (
            Profile::Original1994,
            "xFooBotx",
            SelectionBasis::Named,
            Combining::FirstRecord,
            Naming::Substring,
            vec![1],
        ),
        (
            Profile::Rfc9309,
            "Other",
            SelectionBasis::Wildcard,
            Combining::MergeAll,
            Naming::Exact,
            vec![11],
        ),
        (
            Profile::Draft1996,
            "Other",
            SelectionBasis::Wildcard,
            Combining::FirstRecord,
            Naming::Substring,
            vec![11],
        ),
    ];
    for (profile, agent, basis, combining, naming, lines) in cases {
        let policy = Policy::parse(TIES, profile);
        let e = policy.explain(agent, "/x");
        let what = format!("{profile} {agent}");
        assert_eq!(e.agent, agent, "{what}");
        assert_eq!(e.selection.basis, basis, "{what}");
        assert_eq!(e.selection.combining, combining, "{what}");
        assert_eq!(e.selection.naming, naming, "{what}");
        assert_eq!(e.selection.chain, None, "{what}");
        let got: Vec<u32> = e.groups.iter().map(|g| g.line).collect();
        assert_eq!(got, lines, "{what}");
        // The marks agree with the basis: a named group has a line naming the crawler.
        let named = e
            .groups
            .iter()
            .any(|g| g.agents.iter().any(|a| a.matches == AgentMatch::Name));
        assert_eq!(named, basis == SelectionBasis::Named, "{what}");
    }
    let foo_only = Policy::parse(b"User-agent: FooBot\nDisallow: /\n", Profile::Rfc9309);
    let none = foo_only.explain("Other", "/x");
    assert_eq!(none.selection.basis, SelectionBasis::NoGroup);
    assert_eq!(
        (none.groups.len(), none.tie_break),
        (0, TieBreak::NoCandidate)
    );
    assert_eq!(none.verdict.reason, Reason::NoGroup);
    assert_eq!(none.verdict.reason.description(), "no group applies");
}

#[test]
fn explanations_say_how_the_best_rule_won() {
    let cases = [
        (
            Profile::Rfc9309,
            "FooBot",
            "/a",
            TieBreak::AllowWinsTie,
            true,
        ),
        (
            Profile::Google,
            "FooBot",
            "/a",
            TieBreak::AllowWinsTie,
            true,
        ),
        (
            Profile::Rfc9309,
            "FooBot",
            "/b",
            TieBreak::EarlierLineWinsTie,
            false,
        ),
        (
            Profile::Rfc9309,
            "FooBot",
            "/c",
            TieBreak::OnlyCandidate,
            false,
        ),
        (
            Profile::Rfc9309,
            "FooBot",
            "/x",
            TieBreak::NoCandidate,
            true,
        ),
        (
            Profile::Rfc9309,
            "Other",
            "/ab",
            TieBreak::LongestMatch,
            false,
        ),
        (
            Profile::Draft1996,
            "FooBot",
            "/a",
            TieBreak::FirstInFileOrder,
            false,
        ),
        (
            Profile::Draft1996,
            "Other",
            "/ab",
            TieBreak::FirstInFileOrder,
            false,
        ),
    ];
    for (profile, agent, url, tie_break, allowed) in cases {
        let policy = Policy::parse(TIES, profile);
        let e = policy.explain(agent, url);
        let what = format!("{profile} {agent} {url}");
        assert_eq!(e.tie_break, tie_break, "{what}");
        assert_eq!(e.verdict, policy.check(agent, url), "{what}");
        assert_eq!(e.verdict.allowed, allowed, "{what}");
        assert_eq!(e.candidates.first().map(|c| c.id), e.verdict.rule, "{what}");
    }
    // Every name is distinct and kebab-case; every description is words.
    let all = [
        TieBreak::NoCandidate,
        TieBreak::OnlyCandidate,
        TieBreak::FirstInFileOrder,
        TieBreak::LongestMatch,
        TieBreak::AllowWinsTie,
        TieBreak::EarlierLineWinsTie,
    ];
    let names: std::collections::BTreeSet<_> = all.iter().map(|t| t.name()).collect();
    assert_eq!(names.len(), all.len());
    assert!(names
        .iter()
        .all(|n| n.chars().all(|c| c.is_ascii_lowercase() || c == '-')));
    assert!(all.iter().all(|t| t.description().contains(' ')));
}

#[test]
fn a_chain_explanation_names_the_chosen_token() {
    let policy = Policy::parse(TIES, Profile::Google);
    let e = policy.explain_chain(["FooBot-Image", "FooBot"], "/c");
    let chain = e.selection.chain.clone().unwrap();
    assert_eq!(chain.tokens, ["FooBot-Image", "FooBot"]);
    assert_eq!(chain.chosen, Some(1));
    assert_eq!(
        (e.agent.as_slice(), e.selection.basis),
        (&b"FooBot"[..], SelectionBasis::Named)
    );
    assert_eq!(
        e.verdict,
        policy.matcher_chain(["FooBot-Image", "FooBot"]).check("/c")
    );
    let none = policy.explain_chain(["A", "B"], "/ab");
    assert_eq!(none.selection.chain.as_ref().unwrap().chosen, None);
    assert_eq!(
        (none.agent.as_slice(), none.selection.basis),
        (&b"A"[..], SelectionBasis::Wildcard)
    );
    assert!(!none.verdict.allowed);
}

#[test]
fn rules_print_as_robots_txt_lines() {
    let policy = Policy::parse(
        b"User-agent: *\nallow: /a\ndisallow: /caf\xc3\xa9\nDisallow: /\xff\n",
        Profile::Rfc9309,
    );
    let lines: Vec<String> = policy.rules().map(|r| r.to_string()).collect();
    assert_eq!(
        lines,
        ["Allow: /a", "Disallow: /café", "Disallow: /\u{fffd}"]
    );
    let google = Policy::parse(b"User-agent: *\nAllow: /d/index.html\n", Profile::Google);
    let lines: Vec<String> = google.rules().map(|r| r.to_string()).collect();
    assert_eq!(lines, ["Allow: /d/index.html", "Allow: /d/$"]);
}

#[test]
fn check_reads_host_and_path_under_every_profile() {
    for profile in Profile::ALL {
        let policy = Policy::parse(b"User-agent: *\nDisallow: /private\n", profile);
        for (url, allowed) in [
            ("https://example.com/private/x", false),
            ("example.com/private/x", false),
            ("/private/x", false),
            ("//example.com/private/x", false),
            // No leading `/`: the first segment is the host.
            ("private/x", true),
            ("private", true),
            ("private?x", true),
        ] {
            assert_eq!(policy.is_allowed("bot", url), allowed, "{profile} {url}");
            assert_eq!(
                policy.explain("bot", url).verdict.allowed,
                allowed,
                "{profile} {url}"
            );
        }
        assert!(
            !policy.matcher("bot").check_path("/private/x").allowed,
            "{profile}"
        );
    }
    assert_eq!(*path_from_url(b"private/x"), "/x");
    assert_eq!(format!("{}", path_from_url(b"h/caf\xc3\xa9")), "/café");
}

#[test]
fn debug_is_a_short_summary() {
    // Thousands of rules: the tables would print as megabytes.
    let mut body = String::from("User-agent: *\n");
    for i in 0..5000 {
        body.push_str(&format!("Disallow: /section-{i}/page\n"));
    }
    let policy = Policy::parse(&body, Profile::Google);
    let shown = format!("{policy:?}");
    assert!(shown.len() < 100, "{shown}");
    assert!(
        shown.starts_with("Policy { profile: Google, groups: 1, rules: 5000, bytes: "),
        "{shown}"
    );
    let bytes = policy.to_bytes();
    let loaded = PolicyRef::from_bytes(&bytes).unwrap();
    assert!(format!("{loaded:?}").len() < 120);
    assert!(format!("{:?}", policy.matcher("bot")).len() < 100);
    let mine = Policy::builder().build_for_agent(&body, "MyBot");
    assert!(format!("{mine:?}").len() < 120);
    assert!(format!("{:#?}", policy).lines().count() < 8);
}

#[test]
fn one_read_api_for_every_kind_of_policy() {
    fn private_line(policy: &PolicyRef<'_>) -> Option<u32> {
        let verdict = policy.check("bot", "/private/x");
        verdict.rule.and_then(|id| policy.rule(id)).map(|r| r.line)
    }
    let text = b"User-agent: *\nDisallow: /private\n";
    let policy = Policy::parse(text, Profile::Rfc9309);
    let bytes = policy.to_bytes();
    let loaded = PolicyRef::from_bytes(&bytes).unwrap();
    let mine = Policy::builder().build_for_agent(text, "bot");
    assert_eq!(private_line(&policy), Some(2));
    assert_eq!(private_line(&loaded), Some(2));
    assert_eq!(private_line(mine.policy()), Some(2));
    assert_eq!(private_line(policy.as_ref()), Some(2));
    // An owned copy of the read side is a policy of its own.
    let copy: PolicyRef<'static> = (*policy).clone();
    drop(policy);
    assert_eq!(private_line(&copy), Some(2));
    assert_eq!(copy.agent(), None);
}

#[test]
fn odd_bytes_are_read_not_rejected() {
    let body = b"\xEF\xBBUser-agent: *\r\nDisallow: /\xFF\x00x\rAllow: /ok\n\nuser-agent bot\n";
    for profile in Profile::ALL {
        let doc = parse(body, ParseOptions::new(profile));
        assert_eq!(doc.bom_len(), 2, "{profile}");
        // Five lines, plus the empty one after the final newline.
        assert_eq!(
            doc.lines().len(),
            6,
            "{profile}: CR, LF and CRLF each end a line"
        );
        assert_eq!(
            doc.lines()[0].kind,
            LineKind::Directive(Directive::UserAgent)
        );
        let policy = doc.compile();
        let _ = policy.check("bot", "/\u{ff}");
    }
    let google = parse(body, ParseOptions::new(Profile::Google));
    assert!(google.lines()[4].missing_colon);
    assert_eq!(
        google.lines()[4].kind,
        LineKind::Directive(Directive::UserAgent)
    );
    let rfc = parse(body, ParseOptions::new(Profile::Rfc9309));
    assert_eq!(rfc.lines()[4].kind, LineKind::Invalid);
}

#[test]
fn a_megabyte_line_is_one_line() {
    let mut body = b"User-agent: *\nDisallow: /".to_vec();
    body.extend(std::iter::repeat_n(b'a', 2 << 20));
    body.extend_from_slice(b"\nAllow: /b\n");
    let google = parse(&body, ParseOptions::new(Profile::Google));
    assert!(google.lines()[1].too_long);
    assert_eq!(google.lines().len(), 4);
    let rfc = parse(&body, ParseOptions::new(Profile::Rfc9309).max_bytes(None));
    assert!(!rfc.lines()[1].too_long);
}

#[test]
fn robots_txt_location() {
    assert_eq!(
        robots_txt_url("HTTPS://Example.com/a/b.html?x=1").as_deref(),
        Ok("https://example.com/robots.txt")
    );
    assert!(robots_txt_url("not a url").is_err_and(|e| e.is_url()));
    // Only http and https have a robots.txt.
    assert_eq!(
        robots_txt_url("ftp://example.com/file").map_err(|e| e.to_string()),
        Err("not an http or https URL".to_owned())
    );
}

/// Text, agents, URLs and paths take `&str`, `String`, `&[u8]` and `Vec<u8>` alike.
#[test]
// Owned values are passed on purpose: they must be accepted too.
#[allow(clippy::unnecessary_to_owned)]
fn every_input_takes_str_string_and_bytes() {
    let text = String::from("User-agent: MyBot\nDisallow: /private\n");
    let policies = [
        Policy::parse(&text, Profile::Rfc9309),
        Policy::parse(text.as_str(), Profile::Rfc9309),
        Policy::parse(text.as_bytes(), Profile::Rfc9309),
        Policy::parse(text.as_bytes().to_vec(), Profile::Rfc9309),
        Policy::builder().build(&text),
    ];
    let agent = String::from("MyBot");
    let url = String::from("https://example.com/private/x");
    for policy in &policies {
        assert!(!policy.is_allowed("MyBot", "/private/x"));
        assert!(!policy.is_allowed(&agent, &url));
        assert!(!policy.is_allowed(agent.as_bytes(), url.as_bytes()));
        assert!(!policy.is_allowed(agent.as_bytes().to_vec(), url.as_bytes().to_vec()));
        let m = policy.matcher(&agent);
        assert!(!m.check_path("/private/x").allowed);
        assert!(!m.check_path(String::from("/private/x")).allowed);
        assert!(!m.check_path(b"/private/x".to_vec()).allowed);
    }
    let mine = Policy::builder().build_for_agent(&text, &agent);
    assert!(!mine.is_allowed(&url));
    assert!(!mine.check_path(b"/private/y").allowed);
}

/// A one-crawler policy answers for its crawler and takes no agent; it keeps
/// only that crawler's rules.
/// `Policy`, `PolicyRef`, `AgentPolicy` and `Matcher` answer a question
/// under one name: a matcher explains as its policy does, a policy read from
/// bytes gives the rule shapes of the policy that wrote them, and a
/// one-crawler policy answers as its own matcher.
#[test]
fn the_same_read_methods_answer_alike_on_every_type() {
    let text = "User-agent: *\nDisallow: /a\nAllow: /a/b\nCrawl-delay: 1\n\n\
                User-agent: FooBot\nUser-agent: BarBot\nDisallow: /*.pdf$\nAllow: /x\n\
                Request-rate: 1/5s\nVisit-time: 0100-0200\n";
    let urls = [
        "/",
        "/a",
        "/a/b/c",
        "/x.pdf",
        "/y.pdf",
        "https://example.com/a?q",
    ];
    for profile in Profile::ALL {
        let policy = Policy::parse(text, profile);
        let bytes = policy.to_bytes();
        let loaded = PolicyRef::from_bytes(&bytes).unwrap();
        for agent in ["FooBot", "foobot", "OtherBot", ""] {
            let matcher = policy.matcher(agent);
            let mine = Policy::builder()
                .profile(profile)
                .build_for_agent(text, agent);
            for url in urls {
                let whole = policy.explain(agent, url);
                let e = matcher.explain(agent, url);
                assert_eq!(e, whole, "{profile} {agent} {url}");
                // The matcher's own answers, and those of the same policy read
                // from its bytes.
                assert_eq!(
                    (e.agent.as_slice(), e.verdict),
                    (agent.as_bytes(), matcher.check(url))
                );
                let groups: Vec<_> = e.groups.iter().map(|g| g.id).collect();
                assert_eq!(
                    groups,
                    matcher.groups().collect::<Vec<_>>(),
                    "{profile} {agent}"
                );
                assert_eq!(
                    loaded.matcher(agent).explain(agent, url),
                    whole,
                    "{profile} {agent} {url}"
                );
                let own = mine.explain(url);
                assert_eq!(
                    own,
                    mine.matcher().explain(agent, url),
                    "{profile} {agent} {url}"
                );
                assert_eq!(
                    (
                        own.verdict.allowed,
                        own.candidates.len(),
                        own.selection.basis
                    ),
                    (
                        whole.verdict.allowed,
                        whole.candidates.len(),
                        whole.selection.basis
                    ),
                    "{profile} {agent} {url}"
                );
                assert_eq!(mine.check(url), mine.matcher().check(url));
                assert_eq!(mine.check_path(url), mine.matcher().check_path(url));
            }
            assert_eq!(mine.has_group(), matcher.has_group());
            assert_eq!(mine.crawl_delay(), matcher.crawl_delay());
            assert_eq!(mine.request_rate(), matcher.request_rate());
            assert_eq!(mine.visit_time(), matcher.visit_time());
        }
        let mut shapes = 0;
        for rule in policy.rules() {
            let shape = policy.rule_shape(rule.id).expect("a rule of the policy");
            assert_eq!(loaded.rule_shape(rule.id), Some(shape.clone()), "{profile}");
            assert_eq!((*policy).rule_shape(rule.id), Some(shape));
            shapes += 1;
        }
        assert!(shapes >= 2 && shapes == loaded.rule_count(), "{profile}");
        // An id past the policy's rules (one of a larger policy's) has no shape.
        let larger = Policy::parse(
            "User-agent: *\nDisallow: /1\nDisallow: /2\nDisallow: /3\nDisallow: /4\nDisallow: /5\n",
            profile,
        );
        let past = larger.rules().last().expect("five rules").id;
        assert_eq!(loaded.rule_shape(past), None, "{profile}");
    }
    // A matcher explains under the name it is given; the groups are its own.
    let policy = Policy::parse(text, Profile::Rfc9309);
    let e = policy.matcher("FooBot").explain("BarBot", "/x.pdf");
    assert_eq!(e.agent, "BarBot");
    assert_eq!(e.verdict, policy.check("FooBot", "/x.pdf"));
}

#[test]
fn agent_policies_take_no_agent() {
    let text = "User-agent: *\nDisallow: /\n\nUser-agent: FooBot\nDisallow: /foo\nCrawl-delay: 2\n";
    for profile in Profile::ALL {
        let full = Policy::parse(text, profile);
        let foo = Policy::builder()
            .profile(profile)
            .build_for_agent(text, "FooBot");
        assert_eq!(foo.agent(), "FooBot");
        assert_eq!(foo.policy().profile(), profile);
        for url in ["/", "/foo", "/foo/bar", "/bar", "/robots.txt"] {
            // Rule ids number the kept rules only; the rule itself is the same.
            let (mine, whole) = (foo.check(url), full.check("FooBot", url));
            let line = |v: robots_runtime::Verdict, p: &Policy| {
                v.rule.and_then(|id| p.rule(id)).map(|r| r.line)
            };
            assert_eq!(
                (mine.allowed, mine.reason, line(mine, foo.policy())),
                (whole.allowed, whole.reason, line(whole, &full)),
                "{profile} {url}"
            );
            assert_eq!(foo.matcher().check(url), mine);
        }
        assert_eq!(foo.crawl_delay(), full.matcher("FooBot").crawl_delay());
        assert!(foo.policy().rule_count() < full.rule_count());
    }
}

/// Ids name rules and groups of the policy that made them: a lookup in another
/// policy, or past the end, gives `None`, never a panic.
#[test]
fn ids_are_looked_up_without_panics() {
    let big = Policy::parse(
        "User-agent: *\nDisallow: /a\nDisallow: /b\nDisallow: /c\n",
        Profile::Rfc9309,
    );
    let small = Policy::parse("User-agent: *\nDisallow: /a\n", Profile::Rfc9309);
    let id = big.check("bot", "/c").rule.expect("a rule decided");
    assert_eq!(id.as_usize(), 2);
    assert_eq!(big.rule(id).map(|r| r.line), Some(4));
    assert_eq!(small.rule(id), None);
    let group = big.matcher("bot").groups().next().expect("the * group");
    assert_eq!(big.group(group).map(|g| g.line), Some(1));
    assert_eq!(Policy::parse("", Profile::Rfc9309).group(group), None);
    assert_eq!(big.rules().count(), big.rule_count());
    assert_eq!(big.groups().count(), big.group_count());
}

/// Text a policy hands back prints as text and compares with `&str` and bytes.
#[test]
fn text_prints_and_keeps_its_bytes() {
    let policy = Policy::parse(
        "User-agent: *\nDisallow: /caf\u{e9}\nSitemap: https://example.com/s.xml\n",
        Profile::Google,
    );
    let rule = policy.rules().next().expect("one rule");
    assert_eq!(rule.pattern.to_string(), "/caf\u{e9}");
    let bytes: &[u8] = rule.pattern;
    assert_eq!(bytes, "/caf\u{e9}".as_bytes());
    let sitemap = policy.sitemaps().next().expect("one sitemap");
    assert_eq!(format!("{sitemap}"), "https://example.com/s.xml");
    assert_eq!(sitemap, "https://example.com/s.xml");
    // Bytes that are not UTF-8 print lossily but are kept as written.
    let odd = Policy::parse(
        b"User-agent: *\nDisallow: /\xff\n".as_slice(),
        Profile::Google,
    );
    let pattern = odd.rules().next().expect("one rule").pattern;
    let bytes: &[u8] = pattern;
    assert_eq!(bytes, b"/\xff");
    assert_eq!(pattern.to_string(), "/\u{fffd}");
}

/// Every error says what failed, and is a `std::error::Error`.
#[test]
fn errors_say_what_failed() {
    fn as_std_error<E: std::error::Error + Send + Sync + 'static>(_: &E) {}
    let unknown = "gogle".parse::<Profile>().expect_err("not a profile");
    as_std_error(&unknown);
    assert_eq!(unknown.kind(), ErrorKind::UnknownProfile);
    assert!(unknown.to_string().contains("`gogle`"), "{unknown}");
    let value = robots_runtime::records::parse_crawl_delay(b"-1").expect_err("negative");
    as_std_error(&value);
    let converted: robots_runtime::Error = value.into();
    assert_eq!(converted.kind(), ErrorKind::InvalidValue);
    let assertion = robots_runtime::lint::parse_assertions(b"maybe bot /x\n").expect_err("bad");
    as_std_error(&assertion);
}

/// Under `google` the path is a C string, as in the reference library (which
/// hands `path.c_str()` to its matcher): a URL with a NUL byte is read up to
/// the NUL. Differential testing found this as the only difference from the
/// reference, on 22 of 2.8M checks. The other profiles keep every byte.
#[test]
fn google_reads_a_url_up_to_a_nul() {
    let robots = b"User-agent: *\nDisallow: /a$\nDisallow: /b/\n";
    let google = Policy::parse(robots, Profile::Google);
    let bot = google.matcher("bot");
    assert!(!bot.is_allowed("/a\0x"), "read as /a, which `/a$` matches");
    assert!(
        bot.is_allowed("/b\0/c"),
        "read as /b, which `/b/` does not match"
    );
    assert!(!bot.is_allowed("https://example.com/a\0?q=1"));
    assert_eq!(bot.check_path(b"/a\0x"), bot.check_path(b"/a"));
    let mut batch = Vec::new();
    bot.check_paths(&[&b"/a\0x"[..], b"/b\0/c", b"/a"], |_, v| {
        batch.push(v.allowed);
    });
    assert_eq!(batch, [false, true, false]);
    assert_eq!(google.explain("bot", "/a\0x").path, b"/a");
    for profile in [Profile::Rfc9309, Profile::Draft1996, Profile::Original1994] {
        let policy = Policy::parse(robots, profile);
        assert!(
            policy.is_allowed("bot", "/a\0x"),
            "{profile}: the NUL is part of the path"
        );
    }
}
