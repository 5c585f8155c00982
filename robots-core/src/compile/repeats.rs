//! Groups that repeat an earlier group's rules. Files often write one list of
//! rules under several crawlers' groups, sometimes with a rule or two more in
//! one of them. Such a group walks the earlier group's trie, its rule numbers
//! shifted ([`SetRoot`](crate::tables::layout::SetRoot)), and has a trie of its
//! own only for the rules it adds: the tables hold the list's trie once.

use crate::compile::builder::{Builder, CompiledRule};
use crate::ids::{index, GroupId};
use crate::sort::sort_by_cmp;
use crate::tables::layout::Span;
use alloc::vec::Vec;
use core::cmp::Ordering;

/// A group's rules that repeat an earlier group's, in the same order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Repeat {
    /// The earlier group: every one of its rules is repeated.
    pub(crate) group: GroupId,
    /// How many rules it has: the repeating group's first `len`.
    pub(crate) len: u32,
    /// How much further on the repeating group's rules are numbered.
    pub(crate) shift: u32,
}

/// How many earlier groups that start with the same rule (and repeat none)
/// are compared with a group, at most: a file of many groups that start alike
/// costs linear time.
const CANDIDATES_MAX: usize = 8;

/// For each group, the earlier group whose rules it repeats, if any. Only the
/// groups `walked` says have a trie of their own are looked at (`walked` is
/// indexed by group). An earlier group qualifies if it repeats none itself, has
/// rules, and all of them start the later group's; the longest one wins. A
/// group that adds rules of its own repeats only if the repeated ones are at
/// least four times as many: its set then walks two tries instead of one.
///
/// The cost is a sort of the groups by their first rule, then at most
/// [`CANDIDATES_MAX`] comparisons of a group's rules: linear in the rules but
/// for the sort, and nothing at all for a policy of one group.
pub(crate) fn find(b: &Builder, walked: &[bool]) -> Vec<Option<Repeat>> {
    let mut repeats = alloc::vec![None; b.groups.len()];
    let rules_of = |g: GroupId| g.of(&b.groups).rules.range();
    let mut groups: Vec<GroupId> = (0..index(b.groups.len()))
        .map(GroupId)
        .filter(|&g| *g.of(walked) && !rules_of(g).is_empty())
        .collect();
    if groups.len() < 2 {
        return repeats;
    }
    let same = |x: usize, y: usize| match (b.rules.get(x), b.rules.get(y)) {
        (Some(x), Some(y)) => rule_order(b, x, y).is_eq(),
        _ => false,
    };
    // Group `h`'s rules as the first of group `g`'s, if they are and qualify.
    let repeat_of = |h: GroupId, g: GroupId| -> Option<Repeat> {
        let (theirs, rules) = (rules_of(h), rules_of(g));
        let len = theirs.len();
        let rest = rules.len().checked_sub(len)?;
        let repeated =
            len >= 4 * rest && theirs.clone().zip(rules.clone()).all(|(x, y)| same(x, y));
        repeated.then(|| Repeat {
            group: h,
            len: index(len),
            shift: index(rules.start - theirs.start),
        })
    };
    // Groups by their first rule, earlier groups first among equals: a run of
    // groups that start alike, in file order, holds every candidate of each.
    sort_by_cmp(&mut groups, |&x, &y| {
        match (
            b.rules.get(rules_of(x).start),
            b.rules.get(rules_of(y).start),
        ) {
            (Some(rx), Some(ry)) => rule_order(b, rx, ry),
            _ => Ordering::Equal,
        }
        .then(x.cmp(&y))
    });
    // The groups of the current run that repeat none (later ones may repeat them).
    let mut plain: Vec<GroupId> = Vec::new();
    let mut previous = None;
    for &g in &groups {
        if !previous.is_some_and(|p| same(rules_of(p).start, rules_of(g).start)) {
            plain.clear();
        }
        previous = Some(g);
        // The longest; the earliest among equals.
        let best = plain
            .iter()
            .take(CANDIDATES_MAX)
            .filter_map(|&h| repeat_of(h, g))
            .min_by_key(|r| core::cmp::Reverse(r.len));
        match best {
            Some(repeat) => *g.of_mut(&mut repeats) = Some(repeat),
            None => plain.push(g),
        }
    }
    repeats
}

/// The order of rules by what they match and how they rank: rules equal in it
/// are the same rule wherever they are (pattern, segments, `$`, allow,
/// priority, Google's derived alias), so a trie over one run of them serves
/// another run of equal rules.
fn rule_order(b: &Builder, x: &CompiledRule, y: &CompiledRule) -> Ordering {
    let text = &b.text.0;
    // The builder writes a pattern seen before as the same span (and its
    // segments as spans of it): the same span is the same bytes, with no
    // comparison of them (a byte loop in WebAssembly, where files that repeat
    // a group under many agents compare every rule of it).
    let bytes = |p: Span, q: Span| {
        if p == q {
            Ordering::Equal
        } else {
            p.of(text).cmp(q.of(text))
        }
    };
    let segments = || {
        let (xs, ys) = (x.segments.of(&b.segments), y.segments.of(&b.segments));
        for (&p, &q) in xs.iter().zip(ys) {
            let order = bytes(p, q);
            if order.is_ne() {
                return order;
            }
        }
        xs.len().cmp(&ys.len())
    };
    (x.allow, x.derived, x.anchored, x.priority)
        .cmp(&(y.allow, y.derived, y.anchored, y.priority))
        .then_with(|| bytes(x.pattern, y.pattern))
        .then_with(segments)
}

#[cfg(all(test, feature = "std"))]
mod tests {
    use crate::policy::Policy;
    use crate::profile::Profile;
    use crate::tables::layout::{SetRoot, U32};
    use crate::tables::view::Tables;
    use alloc::string::String;
    use alloc::vec;
    use alloc::vec::Vec;
    use zerocopy::IntoBytes;

    /// Each rule set's tries, as (root, shift).
    fn tries(policy: &Policy) -> Vec<Vec<(u32, u32)>> {
        let t = policy.tables();
        t.sets()
            .iter()
            .map(|s| {
                s.roots
                    .of(t.set_roots())
                    .iter()
                    .map(|r| (r.root.get(), r.shift.get()))
                    .collect()
            })
            .collect()
    }

    fn group(agent: &str, rules: &[&str]) -> String {
        let mut out = alloc::format!("User-agent: {agent}\n");
        for rule in rules {
            out.push_str(rule);
            out.push('\n');
        }
        out + "\n"
    }

    const RULES: [&str; 4] = [
        "Disallow: /private",
        "Allow: /private/ok",
        "Disallow: /*.pdf$",
        "Disallow: /*?*sort=",
    ];

    /// The line of the rule that decides `path` for `agent`.
    fn line(policy: &Policy, agent: &str, path: &str) -> Option<u32> {
        let verdict = policy.check(agent, path);
        verdict.rule.and_then(|id| policy.rule(id)).map(|r| r.line)
    }

    #[test]
    fn groups_that_repeat_walk_the_first_ones_trie() {
        let body = [group("a", &RULES), group("b", &RULES), group("*", &RULES)].concat();
        for profile in Profile::ALL {
            let policy = Policy::parse(&body, profile);
            let tries = tries(&policy);
            assert_eq!(tries.len(), 3, "{profile}");
            let root = tries[0][0].0;
            // Original 1994 has no `Allow`: three rules a group.
            let per_group = policy.tables().groups()[1].rules.start.get();
            let want = [0, 1, 2].map(|g| vec![(root, g * per_group)]);
            assert_eq!(tries, want.to_vec(), "{profile}");
            let alone = Policy::parse(group("*", &RULES), profile);
            assert_eq!(
                policy.tables().inners().len(),
                alone.tables().inners().len(),
                "{profile}: one trie"
            );
            // Each crawler's verdicts name its own group's lines.
            for (agent, first) in [("a", 2), ("b", 8), ("other", 14)] {
                assert_eq!(line(&policy, agent, "/private/x"), Some(first), "{profile}");
            }
        }
        let policy = Policy::parse(&body, Profile::Google);
        for (agent, first) in [("a", 2), ("b", 8), ("other", 14)] {
            assert_eq!(line(&policy, agent, "/private/ok/1"), Some(first + 1));
            assert_eq!(line(&policy, agent, "/x/y.pdf"), Some(first + 2));
            assert_eq!(line(&policy, agent, "/x?a=1&sort=up"), Some(first + 3));
            assert_eq!(line(&policy, agent, "/public"), None);
        }
    }

    #[test]
    fn a_group_that_adds_a_few_rules_walks_a_second_trie_for_them() {
        let more = [&RULES[..], &["Disallow: /tickets"]].concat();
        let body = [group("a", &RULES), group("*", &more)].concat();
        let policy = Policy::parse(&body, Profile::Rfc9309);
        let tries = tries(&policy);
        let root = tries[0][0].0;
        assert_eq!(tries[0], [(root, 0)]);
        assert_eq!(tries[1].len(), 2);
        assert_eq!(tries[1][0], (root, 4));
        assert_eq!(tries[1][1].1, 0);
        assert_eq!(line(&policy, "other", "/tickets/1"), Some(12));
        assert_eq!(line(&policy, "other", "/private"), Some(8));
        assert_eq!(line(&policy, "other", "/x.pdf"), Some(10));
        assert_eq!(line(&policy, "a", "/tickets/1"), None);
        assert_eq!(line(&policy, "a", "/private"), Some(2));
        // The same through a matcher that knows its two tries in advance, a
        // one-crawler policy, and the byte form.
        let matcher = policy.matcher("other");
        assert_eq!(
            matcher.check("/tickets").rule,
            policy.check("x", "/tickets").rule
        );
        let bytes = policy.to_bytes();
        let loaded = crate::policy::PolicyRef::from_bytes(&bytes).unwrap();
        for path in ["/tickets", "/private/ok", "/a.pdf", "/b?sort=1"] {
            assert_eq!(loaded.check("other", path), policy.check("other", path));
            assert_eq!(loaded.check("a", path), policy.check("a", path));
        }
    }

    /// The search skips the added trie for paths that do not get past its root;
    /// added rules at the root or its first step (a wildcard under `/`, an
    /// exact `/`, a pattern that starts with `*`) and paths that end there
    /// must still find their rule.
    #[test]
    fn the_added_trie_is_skipped_only_where_it_holds_nothing() {
        let added = [
            "Disallow: /tickets",
            "Disallow: /*.zip",
            "Allow: /$",
            "Disallow: *x",
            "Disallow: /t",
        ];
        let paths = [
            "",
            "/",
            "/t",
            "/tickets",
            "/tickets/1",
            "/ticket",
            "/a.zip",
            "/ax",
            "/b",
            "/\0x",
        ];
        for rule in added {
            let more = [&RULES[..], &[rule]].concat();
            let body = [group("a", &RULES), group("*", &more)].concat();
            for profile in Profile::ALL {
                let policy = Policy::parse(&body, profile);
                let alone = Policy::parse(group("*", &more), profile);
                for path in paths {
                    let (got, want) = (policy.check("other", path), alone.check("other", path));
                    let pattern = |p: &Policy, v: crate::Verdict| {
                        v.rule.and_then(|id| p.rule(id)).map(|r| r.pattern.to_vec())
                    };
                    assert_eq!(got.allowed, want.allowed, "{profile} {rule} {path:?}");
                    assert_eq!(
                        pattern(&policy, got),
                        pattern(&alone, want),
                        "{profile} {rule} {path:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn groups_that_differ_or_add_too_much_keep_their_own_trie() {
        let flipped: Vec<String> = RULES
            .iter()
            .map(|r| match r.strip_prefix("Disallow") {
                Some(rest) => alloc::format!("Allow{rest}"),
                None => r.replacen("Allow", "Disallow", 1),
            })
            .collect();
        let flipped: Vec<&str> = flipped.iter().map(String::as_str).collect();
        let more = [&RULES[..], &["Disallow: /t", "Disallow: /u"]].concat();
        let body = [group("a", &RULES), group("b", &flipped), group("*", &more)].concat();
        let policy = Policy::parse(&body, Profile::Google);
        for set in tries(&policy) {
            assert_eq!(set.len(), 1);
            assert_eq!(set[0].1, 0, "no shift");
        }
    }

    #[test]
    fn many_groups_that_start_alike_find_the_one_repeated() {
        // Names Google reads whole: letters only.
        let name = |i: usize| -> String {
            let (hi, lo) = (i / 26 / 26, i / 26 % 26);
            [hi, lo, i % 26]
                .iter()
                .map(|&d| char::from(b'a' + d as u8))
                .collect()
        };
        let mut body = String::new();
        for i in 0..2000 {
            let own = alloc::format!("Disallow: /b{i}");
            body.push_str(&group(&name(i), &["Disallow: /a", &own]));
        }
        body.push_str(&group("*", &["Disallow: /a", "Disallow: /b0"]));
        let policy = Policy::parse(&body, Profile::Google);
        let tries = tries(&policy);
        let set_of = |agent: &str| policy.matcher(agent).selected.set.as_usize();
        let first = tries[set_of(&name(0))][0].0;
        assert_eq!(tries[set_of("other")], [(first, 4000)]);
        assert_eq!(line(&policy, "other", "/b0"), Some(8003));
    }

    #[test]
    fn a_shift_past_the_rules_does_not_validate() {
        let body = [group("a", &RULES), group("*", &RULES)].concat();
        let policy = Policy::parse(&body, Profile::Google);
        let t: &Tables<'_> = policy.tables();
        assert_eq!(t.validate(), Ok(()));
        // Table 3 is `set_roots` (see `tables::view`).
        let with = |roots: &[SetRoot]| {
            let (region, counts) = t.with_part(3, roots.as_bytes());
            Tables::new(&region, &counts, t.profile, t.any_set)
                .map(|t| t.validate())
                .expect("the counts fit")
        };
        let mut roots = t.set_roots().to_vec();
        assert_eq!(with(&roots), Ok(()));
        roots[1].shift = U32::new(t.rules().len() as u32);
        assert!(with(&roots).is_err());
    }
}
