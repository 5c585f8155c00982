//! Compiling: a robots.txt (or its parsed [`Document`]) in, a policy's tables out.
//!
//! - `builder`: the rule, group and record tables, rule by rule;
//! - `one_pass`: lexing, grouping and compiling in one pass over the input;
//! - `pattern`: how a profile reads a rule's value into literal segments;
//! - `repeats`: groups that repeat an earlier group's rules, and walk its trie;
//! - `rule_sets`: the distinct group lists crawlers select, as rule sets;
//! - `trie`: the path-compressed prefix trie over rules' first literal segments;
//! - `key_sort`: sorting the trie's keys eight bytes at a time;
//! - `derive`: the search tables derived from the tries;
//! - `wire`: the compiler's records written as the layout a check reads
//!   ([`tables`](crate::tables)).

pub(crate) mod builder;
pub(crate) mod derive;
pub(crate) mod key_sort;
mod one_pass;
pub(crate) mod pattern;
mod repeats;
mod rule_sets;
pub(crate) mod trie;
mod wire;

use crate::compile::builder::span_of;
use crate::compile::builder::Builder;
use crate::compile::derive::Tries;
use crate::compile::rule_sets::Requests;
use crate::compile::trie::TrieBuilder;
use crate::document::{Document, ParseOptions};
use crate::group::grouper::AgentToken;
use crate::group::select::{groups_of_agent, select, Selection};
use crate::ids::{index, BuiltNode, FileGroup, GroupId, SetId};
use crate::parse::{LineKind, Truncation};
use crate::profile::Profile;
use crate::sort::sort_by_packed;
use crate::tables::encode::TableVecs;
use crate::tables::layout::{AgentEntry, RuleSet, Span, TruncationRecord, U32, U64};
use alloc::vec::Vec;

/// Parse `input` with `options` and compile it in one pass: for every crawler,
/// or with `only`, for that crawler alone.
pub(crate) fn parse(input: &[u8], options: ParseOptions, only: Option<&[u8]>) -> Compiled {
    build(one_pass::gather(input, options, only, false))
}

/// The first stage alone, in one pass, for every crawler: what [`build`]
/// turns into the tables [`parse`] gives (a deferred policy builds on first need).
pub(crate) fn gather(input: &[u8], options: ParseOptions) -> Gathered {
    one_pass::gather(input, options, None, false)
}

/// Compile a parsed document: for every crawler, or with `only`, for that crawler alone.
pub(crate) fn compile(doc: &Document<'_>, only: Option<&[u8]>) -> Compiled {
    build(gather_document(doc, only))
}

/// What the first stage gathered: the rule, group and record tables, and which
/// crawlers select which groups.
#[derive(Clone)]
pub(crate) struct Gathered {
    pub(crate) profile: Profile,
    pub(crate) builder: Builder,
    /// Every crawler: the names and the group lists they select.
    pub(crate) selection: Selection,
    /// One crawler: the groups that apply to it, as its policy numbers them
    /// (all of its groups, in order).
    pub(crate) kept: Option<Vec<GroupId>>,
    pub(crate) truncation: Option<Truncation>,
    /// Only the crawler's rules were kept (its verdicts need nothing else):
    /// no user-agent lines, records or group records, so no tables can be
    /// built of it.
    pub(crate) rules_only: bool,
}

fn document_agents<'d>(
    doc: &'d Document<'_>,
) -> impl Iterator<Item = (FileGroup, &'d AgentToken)> + Clone {
    doc.groups().iter().enumerate().flat_map(|(g, group)| {
        let g = FileGroup(index(g));
        group.agents.iter().map(move |a| (g, &a.token))
    })
}

/// The tables of every group and record, and the crawler selection: from a document.
fn gather_document(doc: &Document<'_>, only: Option<&[u8]>) -> Gathered {
    let profile = doc.profile();
    let (selection, kept) = match only {
        None => (select(doc.source(), document_agents(doc), profile), None),
        Some(agent) => {
            let mut groups = groups_of_agent(doc.source(), document_agents(doc), agent, profile);
            sort_by_packed(&mut groups, |g| u128::from(g.0));
            (Selection::default(), Some(groups))
        }
    };
    let mut b = Builder::new(profile, doc.source());
    for at in 0..doc.groups().len() {
        let group = FileGroup(index(at));
        let keep = kept
            .as_ref()
            .map_or(true, |kept| kept.binary_search(&group).is_ok());
        b.add_group(doc, group, keep);
    }
    // One crawler keeps nothing of the groups that do not apply to it.
    let kept = kept
        .zip(only)
        .map(|(kept, agent)| b.keep_groups(&kept, agent));
    for line in doc
        .file_records()
        .iter()
        .filter_map(|&i| doc.lines().get(i))
    {
        if let LineKind::Directive(directive) = line.kind {
            b.add_extension(directive, line.number, None, doc.value(line));
        }
    }
    Gathered {
        profile,
        builder: b,
        selection,
        kept,
        truncation: doc.truncation().cloned(),
        rules_only: false,
    }
}

/// A compiled policy's tables.
#[derive(Clone)]
pub(crate) struct Compiled {
    pub(crate) vecs: TableVecs,
    pub(crate) profile: Profile,
    pub(crate) any_set: SetId,
    pub(crate) truncation: Option<TruncationRecord>,
}

impl Compiled {
    /// The tables as one region, with their record counts (see
    /// [`TableVecs::into_region`]).
    pub(crate) fn into_region(self) -> (Vec<u8>, [usize; crate::tables::view::TABLE_COUNT]) {
        self.vecs.into_region(self.truncation)
    }

    /// The byte form of the tables (no one-crawler part, checksum zero).
    #[cfg(test)]
    pub(crate) fn encode(&self) -> Vec<u8> {
        self.vecs
            .encode(self.profile, self.any_set.as_u32(), self.truncation)
    }
}

/// The first stage alone, in one pass, for one crawler (see
/// [`one_pass::gather`]): with `rules_only`, only what a verdict reads (its
/// rules), and then [`build`] must not be given it.
pub(crate) fn gather_for_agent(
    input: &[u8],
    options: ParseOptions,
    agent: &[u8],
    rules_only: bool,
) -> Gathered {
    one_pass::gather(input, options, Some(agent), rules_only)
}

/// The second stage: rule sets, tries and search tables.
pub(crate) fn build(gathered: Gathered) -> Compiled {
    let Gathered {
        profile,
        builder: mut b,
        selection,
        kept,
        truncation,
        rules_only,
    } = gathered;
    if rules_only {
        rules_only_built();
    }
    // Distinct group lists become rule sets, numbered in the order first asked
    // for: every list asked for is noted (a request), then equal lists are
    // found by sorting, and requests become sets.
    let mut requests = Requests::default();
    // A policy for every crawler keeps every group: the selection's numbers
    // are the policy's.
    fn in_policy(groups: &[FileGroup]) -> impl Iterator<Item = GroupId> + '_ {
        groups.iter().map(|&g| g.in_full_policy())
    }
    // The crawlers' names, the request of their groups and whether they are `*`.
    let mut named = Vec::new();
    // The request of crawlers no group names, if any.
    let any_request = match &kept {
        // One crawler: no name lookup; every agent gets its set.
        Some(groups) if groups.is_empty() => None,
        Some(groups) => {
            let request = requests.ask(groups.iter().copied());
            if profile.substring_agents() {
                named.push((Span::EMPTY, request, true));
            }
            Some(request)
        }
        None => {
            for (name, groups, is_any) in selection.entries() {
                let request = requests.ask(in_policy(groups));
                named.push((b.text.push(name), request, is_any));
            }
            (!selection.any.is_empty()).then(|| requests.ask(in_policy(&selection.any)))
        }
    };
    let (set_of, set_lists) = requests.sets();
    let agents: Vec<AgentEntry> = named
        .into_iter()
        .map(|(name, request, is_any)| AgentEntry {
            name,
            set: U32::new(request.of(&set_of).as_u32()),
            any: u8::from(is_any),
        })
        .collect();
    let any_set = any_request.map_or(SetId::NONE, |request| *request.of(&set_of));

    // One merged trie per set while that stays linear in the input; otherwise
    // one trie per group, shared by the sets that use it.
    let group_rules = |g: GroupId| g.of(&b.groups).rules.range();
    let total_rules = b.rules.len();
    let merged_cost: usize = set_lists
        .iter()
        .flat_map(|l| l.iter())
        .map(|&g| group_rules(g).len())
        .sum();
    let merge = merged_cost <= 4 * total_rules + 4096;

    // The groups walked on their own trie: in a set of their own, or in any set
    // when groups are not merged. Those that repeat an earlier one's rules walk
    // its trie instead (see `repeats`).
    let mut walked = alloc::vec![false; b.groups.len()];
    for list in set_lists.iter().filter(|l| !merge || l.len() == 1) {
        for &g in *list {
            *g.of_mut(&mut walked) = true;
        }
    }
    let repeats = repeats::find(&b, &walked);

    let mut trie = TrieBuilder::new(&b.rules, &b.segments, &b.text.0, &b.heads);
    let mut sets = Vec::new();
    let mut set_roots: Vec<(BuiltNode, u32)> = Vec::new();
    let mut set_groups = Vec::new();
    // Each group's own trie, and the trie of the rules it adds to those it
    // repeats: built once, shared by the sets that walk them.
    let mut own_roots: Vec<Option<BuiltNode>> = alloc::vec![None; b.groups.len()];
    let mut added_roots: Vec<Option<BuiltNode>> = alloc::vec![None; b.groups.len()];
    for &list in &set_lists {
        let roots_start = set_roots.len();
        if merge && list.len() > 1 {
            set_roots.push((trie.build(list.iter().map(|&g| group_rules(g))), 0));
        } else {
            for &g in list {
                let rules = group_rules(g);
                match *g.of(&repeats) {
                    Some(repeat) => {
                        let shared = group_rules(repeat.group);
                        let root = cached(&mut own_roots, repeat.group, || {
                            trie.build(core::iter::once(shared))
                        });
                        set_roots.push((root, repeat.shift));
                        let added = rules.start + repeat.len as usize..rules.end;
                        if !added.is_empty() {
                            let root =
                                cached(&mut added_roots, g, || trie.build(core::iter::once(added)));
                            set_roots.push((root, 0));
                        }
                    }
                    None => {
                        let root =
                            cached(&mut own_roots, g, || trie.build(core::iter::once(rules)));
                        set_roots.push((root, 0));
                    }
                }
            }
        }
        let groups_start = set_groups.len();
        set_groups.extend_from_slice(list);
        sets.push(RuleSet {
            roots: span_of(roots_start, set_roots.len()),
            groups: span_of(groups_start, set_groups.len()),
        });
    }
    let tables = trie.finish();
    let search = derive::derive(
        Tries {
            edge_targets: &tables.edge_targets,
            wild_rules: &tables.wild_rules,
            set_roots: &set_roots,
            rules: &b.rules,
            segments: &b.segments,
            text: &b.text.0,
        },
        tables.nodes,
        tables.edge_bytes,
    );
    let truncation = truncation.map(|t| TruncationRecord {
        max_bytes: U64::new(t.max_bytes as u64),
        input_len: U64::new(t.input_len as u64),
        first_ignored_line: U32::new(t.first_ignored_line),
    });
    let vecs = wire::tables(b, agents, sets, &set_groups, search);
    Compiled {
        vecs,
        profile,
        any_set,
        truncation,
    }
}

/// Tables built of what a verdict alone needed would lack the user-agent
/// lines and records: a caller's bug, never a policy to answer with.
#[cold]
#[inline(never)]
fn rules_only_built() -> ! {
    panic!("bug: tables built of a rules-only gathering")
}

/// The trie root noted for group `g` in `roots`, built the first time.
fn cached(
    roots: &mut [Option<BuiltNode>],
    g: GroupId,
    build: impl FnOnce() -> BuiltNode,
) -> BuiltNode {
    *g.of_mut(roots).get_or_insert_with(build)
}

#[cfg(all(test, feature = "std"))]
mod tests {
    use super::*;
    use crate::compile::builder::Builder;
    use crate::compile::key_sort::first_digit;
    use crate::document::parse;
    use crate::policy::Policy;
    use alloc::format;
    use alloc::string::String;
    use bstr::BStr;

    const PROFILES: [Profile; 4] = [
        Profile::Google,
        Profile::Rfc9309,
        Profile::Draft1996,
        Profile::Original1994,
    ];

    /// The one-pass path gives the very tables `compile(&parse(..))` gives.
    fn assert_same(name: &str, input: &[u8]) {
        for profile in PROFILES {
            let caps = [
                ParseOptions::new(profile),
                ParseOptions::new(profile).max_bytes(None),
                ParseOptions::new(profile).max_bytes(Some(input.len() / 2)),
            ];
            for options in caps {
                let lean = super::parse(input, options, None);
                let doc = parse(input, options);
                let full = compile(&doc, None);
                assert!(lean.encode() == full.encode(), "{name}: {options:?}");
                for agent in agents_to_try(&doc) {
                    let lean = Policy::from_compiled(super::parse(input, options, Some(&agent)));
                    let full = Policy::from_compiled(compile(&doc, Some(&agent)));
                    if let Err(e) = same_for_agent(&lean, &full) {
                        panic!("{name}: {options:?}, for {agent:?}: {e}");
                    }
                }
            }
        }
    }

    /// The one-pass and two-pass compilers for one crawler give the same rules,
    /// groups, records and verdicts (the tables may differ in layout: a pattern
    /// repeated in a group a late judgement dropped may be kept in its place).
    fn same_for_agent(lean: &Policy, full: &Policy) -> Result<(), String> {
        type Rule<'p> = (crate::Rule<'p>, Vec<&'p [u8]>);
        fn rules(p: &Policy) -> Vec<Rule<'_>> {
            let t = p.tables();
            p.rules()
                .map(|r| {
                    let segments =
                        t.rule_segments(r.id.as_u32())
                            .map_or(Vec::new(), |(f, rest)| {
                                core::iter::once(f)
                                    .chain(rest.iter().copied())
                                    .map(|s| s.of(t.text()))
                                    .collect()
                            });
                    (r, segments)
                })
                .collect()
        }
        if lean.rule_count() != full.rule_count() {
            return Err(format!(
                "{} rules, not {}",
                lean.rule_count(),
                full.rule_count()
            ));
        }
        let (a, b) = (rules(lean), rules(full));
        for (i, (x, y)) in a.iter().zip(&b).enumerate() {
            if x != y {
                return Err(format!("rule {i}: {x:?}, not {y:?}"));
            }
        }
        if !lean.groups().eq(full.groups()) {
            return Err("groups differ".into());
        }
        if !lean.records().eq(full.records()) {
            return Err("extensions differ".into());
        }
        // Every rule's pattern as a path (and a few more), for any crawler.
        let mut paths: Vec<Vec<u8>> =
            alloc::vec![b"/".to_vec(), b"/x".to_vec(), b"/index.html".to_vec()];
        for r in full.rules() {
            let pattern: &[u8] = r.pattern;
            paths.push(
                pattern
                    .iter()
                    .copied()
                    .filter(|&b| b != b'*' && b != b'$')
                    .collect(),
            );
            paths.push([pattern, b"/more"].concat());
        }
        for path in &paths {
            let (a, b) = (lean.check("anyone", path), full.check("anyone", path));
            if a != b {
                return Err(format!(
                    "{:?}: {a:?}, not {b:?}",
                    String::from_utf8_lossy(path)
                ));
            }
        }
        Ok(())
    }

    /// The first and last crawler a file names, one it does not, and one that
    /// some names are part of (the substring profile).
    fn agents_to_try(doc: &Document<'_>) -> Vec<Vec<u8>> {
        let mut agents = alloc::vec![b"UnknownCrawler".to_vec(), b"AbcBot/2.1".to_vec()];
        agents.extend(doc.agent_names().next().map(<[u8]>::to_vec));
        agents.extend(doc.agent_names().last().map(<[u8]>::to_vec));
        agents
    }

    #[test]
    fn one_pass_equals_parse_then_compile_on_the_corpus() {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../testdata/corpus");
        let mut files = 0;
        for entry in std::fs::read_dir(dir).expect("corpus") {
            let path = entry.expect("entry").path();
            if path.extension().is_some_and(|e| e == "txt") {
                let body = std::fs::read(&path).expect("read");
                assert_same(&path.display().to_string(), &body);
                files += 1;
            }
        }
        assert!(files > 200, "{files} corpus files");
    }

    #[test]
    fn one_pass_equals_parse_then_compile_on_odd_shapes() {
        let cases: [&[u8]; 15] = [
            // A `*` group before the crawler's own: the one-pass judgement is undone.
            b"User-agent: *\nDisallow: /all\nUser-agent: a\nDisallow: /a\nUser-agent: *\nDisallow: /all2\n",
            b"User-agent: a\nDisallow: /a\nUser-agent: *\nDisallow: /all\nUser-agent: A\nAllow: /a2\n",
            b"User-agent: abc\nUser-agent: *\nDisallow: /x\nUser-agent: b\nDisallow: /b\nUser-agent: AbcBot\nDisallow: /y\n",
            b"",
            b"Disallow: /orphan\nCrawl-delay: 3\nUser-agent: a\nDisallow: /a\n",
            b"User-agent: a\nCrawl-delay: 1\nUser-agent: b\nDisallow: /x\nVisit-time: 0100-0200\nUser-agent: c\nAllow: /c/index.html\n",
            b"User-agent: a\n\nDisallow: /after-blank\nUser-agent: b\nRequest-rate: 1/5\n\nSitemap: https://a/s.xml\n",
            b"\xef\xbb\xbfUser-agent: *\r\nDisallow: /crlf\r\rAllow: /cr$\n",
            b"User-agent: *\nDisallow: /nul\0# not a comment\nDisallow: /x # comment\n",
            b"Sitemap: https://a/1.xml\nHost: example.com\nClean-param: ref /a/\nUser-agent: *\nAllow: /\nRobot-version: 2.0\n",
            b"useragent: FooBot/1.0\ndisalow: /typo\nuser agent foo\nallow /dir/index.htm\n",
            b"User-agent: *\nDisallow:\nAllow: $\nDisallow: *\nDisallow: /a*b$\nDisallow: /%c3%a9\xc3\xa9\n",
            b"User-agent: a\nUser-agent: A\nUser-agent: *\nDisallow: /1\nUser-agent: a\nDisallow: /2\n",
            b"User-agent: * bots\nDisallow: /star\nUser-agent: *\nComment: hi\nNoindex: /n\n",
            b"User-agent: a\nDisallow: /same\nDisallow: /same\nAllow: /same\nDisallow: /same*x\nAllow: /same*x$\n",
        ];
        for (i, case) in cases.iter().enumerate() {
            assert_same(&format!("case {i}"), case);
        }
        let mut long = String::from("User-agent: *\n");
        for i in 0..3000 {
            long.push_str(&format!("Disallow: /{}/{}\n", i % 7, i * 7919 % 1000));
        }
        long.push_str(&format!("Allow: /{}\n", "x".repeat(20_000)));
        assert_same("long", long.as_bytes());
    }

    /// A one-crawler policy holds the applying groups alone, on both compile
    /// paths: the rules a late judgement compiled too early go, with their text,
    /// and so do the records, user-agent lines and names of the other groups.
    #[test]
    fn one_crawler_keeps_nothing_of_the_groups_that_do_not_apply() {
        let dropped = "/dropped-".repeat(50);
        let body = format!(
            "User-agent: *\nDisallow: {dropped}\nSitemap: https://a/s.xml\n\
             User-agent: a\nDisallow: /kept\nCrawl-delay: 2\n\
             User-agent: other-bot\nDisallow: /other\n"
        );
        let options = ParseOptions::new(Profile::Rfc9309);
        let doc = parse(body.as_bytes(), options);
        // The one-pass compiler judges the `*` group before it sees `a`'s, and
        // undoes it; the two-pass one never compiles it.
        for lean in [
            Policy::from_compiled(super::parse(body.as_bytes(), options, Some(b"a"))),
            Policy::from_compiled(compile(&doc, Some(b"a"))),
        ] {
            // What is left: `a`, `/kept`, `2` and the sitemap.
            let text = lean.tables().text();
            assert!(
                text.len() <= 22,
                "{} bytes: {:?}",
                text.len(),
                BStr::new(text)
            );
            assert_eq!(
                lean.rules().map(|r| r.pattern).collect::<Vec<_>>(),
                [b"/kept"]
            );
            let records: Vec<&[u8]> = lean.records().map(|r| -> &[u8] { r.value }).collect();
            assert_eq!(records, [&b"2"[..], b"https://a/s.xml"]);
            let groups: Vec<(u32, Vec<&[u8]>)> = lean
                .groups()
                .map(|g| (g.line, g.agents.iter().map(|a| -> &[u8] { a.1 }).collect()))
                .collect();
            assert_eq!(groups, [(4, vec![&b"a"[..]])]);
            assert_eq!(
                lean.matcher("a").crawl_delay(),
                Some(core::time::Duration::from_secs(2))
            );
            assert!(!lean.is_allowed("a", "/kept/x"));
            assert!(lean.is_allowed("a", &dropped));
            assert!(lean.is_allowed("a", "/other"));
        }
    }

    /// A one-crawler policy keeps, of each group, the user-agent lines that
    /// select it for its crawler: the lines naming it, or the `*` lines when no
    /// group names it; the other crawlers' names and their text go.
    #[test]
    fn one_crawler_keeps_only_the_user_agent_lines_that_select_it() {
        let body =
            "User-agent: gptbot\nUser-agent: examplebot\nUser-agent: ccbot-with-a-long-name\n\
                    Disallow: /ai\n\
                    User-agent: bingbot\nUser-agent: *\nUser-agent: yandex\nDisallow: /all\n";
        for profile in PROFILES {
            let options = ParseOptions::new(profile);
            let doc = parse(body.as_bytes(), options);
            for (agent, expected) in [
                (&b"examplebot"[..], vec![(1, vec![&b"examplebot"[..]])]),
                (b"zzz", vec![(5, vec![&b"*"[..]])]),
            ] {
                for lean in [
                    Policy::from_compiled(super::parse(body.as_bytes(), options, Some(agent))),
                    Policy::from_compiled(compile(&doc, Some(agent))),
                ] {
                    let groups: Vec<(u32, Vec<&[u8]>)> = lean
                        .groups()
                        .map(|g| (g.line, g.agents.iter().map(|a| -> &[u8] { a.1 }).collect()))
                        .collect();
                    assert_eq!(groups, expected, "{profile:?} {:?}", BStr::new(agent));
                    let text = lean.tables().text();
                    for gone in [&b"gptbot"[..], b"ccbot", b"bingbot", b"yandex"] {
                        assert!(
                            !text.windows(gone.len()).any(|w| w == gone),
                            "{profile:?}: {:?} kept",
                            BStr::new(gone)
                        );
                    }
                    let disallowed = if agent == b"zzz" { "/all" } else { "/ai" };
                    assert!(!lean.is_allowed(BStr::new(agent).to_string().as_str(), disallowed));
                }
            }
        }
    }

    /// Every rule value over a small alphabet (plain bytes, `/`, `$`, `*`, `%`,
    /// a hex digit, a non-ASCII byte), up to five bytes.
    #[allow(clippy::indexing_slicing)] // a test's helper: a panic fails the test
    fn rule_values() -> Vec<Vec<u8>> {
        let alphabet = [b'a', b'/', b'$', b'*', b'%', b'4', 0xC3];
        let mut values = Vec::new();
        for len in 0..=5u32 {
            for code in 0..alphabet.len().pow(len) {
                let mut code = code;
                values.push(
                    (0..len)
                        .map(|_| {
                            let b = alphabet[code % alphabet.len()];
                            code /= alphabet.len();
                            b
                        })
                        .collect(),
                );
            }
        }
        values
    }

    /// The builder's shortcut for plain Google rules compiles every value as
    /// `pattern::compile` reads it: the same segments, priority and anchor, and
    /// the first digit of the first segment (values that need escaping or hold
    /// a `*` take the general path, and are compared too).
    #[test]
    fn plain_google_rules_compile_as_the_general_reading() {
        let lines = crate::parse::lex::lex(b"Disallow: /", Profile::Google, None).reports;
        let line = lines.first().expect("one line");
        for value in rule_values() {
            let mut b = Builder::new(Profile::Google, b"");
            b.add_rule(line, FileGroup(0), false, false, &value);
            let want = pattern::compile(&value, Profile::Google);
            let Some(rule) = b.rules.first() else {
                assert_eq!(want.priority, 0, "{value:?}");
                continue;
            };
            let segments: Vec<Vec<u8>> = rule
                .segments
                .of(&b.segments)
                .iter()
                .map(|s| s.of(&b.text.0).to_vec())
                .collect();
            assert_eq!(segments, want.segments, "{value:?}");
            assert_eq!(rule.priority, want.priority, "{value:?}");
            assert_eq!(rule.anchored, want.anchored, "{value:?}");
            assert_eq!(rule.pattern.of(&b.text.0), &value[..], "{value:?}");
            let first = want.segments.first().map_or(&[][..], |s| &s[..]);
            assert_eq!(b.heads, [first_digit(first)], "{value:?}");
        }
    }
}
