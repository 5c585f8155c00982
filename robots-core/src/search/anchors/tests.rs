use super::{scan, scan_table, Finder, Grams, RootAutomaton, Shorts, Table};
use crate::search::automata::NodeIndex;
use crate::tables::layout::{NodeWild, Span, ANCHOR_MAX_LEN, NODE_INDEXED, U32};
use crate::tables::view::Tables;
use crate::{Policy, PolicyRef, Profile};
use aho_corasick::automaton::Automaton;
use aho_corasick::nfa::contiguous;
use aho_corasick::{dfa, MatchKind};
use alloc::collections::BTreeSet;
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;
use zerocopy::IntoBytes;

/// A small deterministic generator (xorshift).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    /// `len` bytes of the first `alphabet` letters of `abc…`.
    fn word(&mut self, len: usize, alphabet: u8) -> Vec<u8> {
        (0..len)
            .map(|_| b'a' + (self.next() % u64::from(alphabet)) as u8)
            .collect()
    }
}

/// A prefix-free set of anchors (what the tables hold), sorted.
fn prefix_free(mut anchors: Vec<Vec<u8>>) -> Vec<Vec<u8>> {
    anchors.sort();
    anchors.dedup();
    let mut kept: Vec<Vec<u8>> = Vec::new();
    for a in anchors {
        if kept.last().is_some_and(|k| a.starts_with(k)) {
            continue;
        }
        kept.push(a);
    }
    kept
}

/// The position where an anchor may first start in `hay`, by the filter.
impl Grams {
    fn first(&self, hay: &[u8]) -> Option<usize> {
        self.next(hay, 0).map(|(at, _)| at)
    }
}

/// The anchors `scan` reports on `hay` with automaton `a`.
fn scanned<A: Automaton>(a: &A, grams: &Grams, hay: &[u8]) -> BTreeSet<u32> {
    let mut found = BTreeSet::new();
    let Some(first) = grams.first(hay) else {
        return found;
    };
    assert!(scan(
        a,
        ANCHOR_MAX_LEN as usize,
        grams,
        hay,
        first,
        &mut |id| {
            found.insert(id);
            true
        }
    ));
    found
}

/// The anchors `scan_table` reports on `hay`.
fn scanned_table(table: &Table, grams: &Grams, hay: &[u8]) -> BTreeSet<u32> {
    let mut found = BTreeSet::new();
    let Some(first) = grams.next(hay, 0) else {
        return found;
    };
    scan_table(table, grams, hay, first, &mut |id| {
        found.insert(id);
        true
    });
    found
}

/// Every anchor a scan reports occurs in the haystack, and every one that
/// occurs is reported: with a DFA, an NFA and the table lookup, behind filters
/// of every stride, over a small alphabet so that anchors overlap heavily.
#[test]
fn scan_finds_exactly_the_anchors_that_occur() {
    let mut rng = Rng(0x2545_F491_4F6C_DD1D);
    for round in 0..400 {
        let alphabet = 2 + (round % 4) as u8;
        // The shortest anchor sets the filter's stride: vary it.
        let shortest = 1 + (round / 4) % ANCHOR_MAX_LEN as usize;
        let count = 1 + rng.below(40);
        let anchors = prefix_free(
            (0..count)
                .map(|_| {
                    let len = shortest + rng.below(ANCHOR_MAX_LEN as usize + 1 - shortest);
                    rng.word(len, alphabet)
                })
                .collect(),
        );
        let literals: Vec<&[u8]> = anchors.iter().map(Vec::as_slice).collect();
        let grams = Grams::of(&literals);
        let numbers: Vec<u32> = (0..literals.len() as u32).collect();
        let table = Table::of(&literals, &numbers).unwrap();
        let dfa = dfa::Builder::new()
            .match_kind(MatchKind::Standard)
            .prefilter(false)
            .build(&anchors)
            .unwrap();
        let nfa = contiguous::Builder::new()
            .match_kind(MatchKind::Standard)
            .prefilter(false)
            .build(&anchors)
            .unwrap();
        for _ in 0..10 {
            let len = rng.below(120);
            let hay = rng.word(len, alphabet);
            let expected: BTreeSet<u32> = anchors
                .iter()
                .enumerate()
                .filter(|(_, a)| hay.windows(a.len()).any(|w| w == &a[..]))
                .map(|(i, _)| i as u32)
                .collect();
            assert_eq!(
                scanned(&dfa, &grams, &hay),
                expected,
                "dfa {anchors:?} {hay:?}"
            );
            assert_eq!(
                scanned(&nfa, &grams, &hay),
                expected,
                "nfa {anchors:?} {hay:?}"
            );
            assert_eq!(
                scanned_table(&table, &grams, &hay),
                expected,
                "table {anchors:?} {hay:?}"
            );
        }
    }
}

/// The pair filter never passes its first position more than `stride - 1`
/// bytes after an anchor's first occurrence, and says "none" only when no anchor
/// occurs: over a small alphabet (anchors overlap) and over every byte value
/// (pairs collide in the hash).
#[test]
fn pairs_never_skip_an_anchor() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    for round in 0..600 {
        // Odd rounds: any byte value (`a` plus 0 to 255, wrapping).
        let any_byte = round % 2 == 1;
        let word = |rng: &mut Rng, len: usize| -> Vec<u8> {
            if any_byte {
                (0..len).map(|_| rng.next() as u8).collect()
            } else {
                rng.word(len, 3)
            }
        };
        let shortest = 1 + (round / 2) % ANCHOR_MAX_LEN as usize;
        let count = 1 + rng.below(30);
        let anchors = prefix_free(
            (0..count)
                .map(|_| {
                    let len = shortest + rng.below(ANCHOR_MAX_LEN as usize + 1 - shortest);
                    word(&mut rng, len)
                })
                .collect(),
        );
        let literals: Vec<&[u8]> = anchors.iter().map(Vec::as_slice).collect();
        let grams = Grams::of(&literals);
        for _ in 0..20 {
            let len = rng.below(60);
            let hay = word(&mut rng, len);
            let earliest = anchors
                .iter()
                .filter_map(|a| hay.windows(a.len()).position(|w| w == &a[..]))
                .min();
            match (grams.first(&hay), earliest) {
                (Some(first), Some(at)) => {
                    assert!(first < at + grams.stride, "{anchors:?} {hay:?}");
                }
                (None, Some(at)) => panic!("anchor at {at} skipped: {anchors:?} {hay:?}"),
                (_, None) => {}
            }
        }
    }
    // A filter of no anchor passes nothing; one of a one-byte anchor finds it last.
    assert_eq!(Grams::of(&[]).first(b"/anything"), None);
    assert_eq!(Grams::of(&[b"?"]).first(b"/a?"), Some(2));
}

/// The filter's word-at-a-time reading (strides one to three) passes the same
/// position, with the same offsets, as reading each position in turn: from
/// every start, over paths of every length around the eight-byte loads, for
/// filters of every gram and stride.
#[test]
fn the_filter_passes_where_each_position_read_in_turn_passes() {
    let one_at_a_time = |grams: &Grams, hay: &[u8], from: usize| {
        (from..)
            .step_by(grams.stride)
            .take_while(|&at| at + grams.gram <= hay.len())
            .map(|at| (at, grams.offsets(super::grams::word_at(hay, at))))
            .find(|&(_, offsets)| offsets != 0)
    };
    let mut rng = Rng(0x2545_F491_4F6C_DD1D);
    let mut passed = 0;
    for round in 0..400 {
        let shortest = 1 + round % ANCHOR_MAX_LEN as usize;
        let count = 1 + rng.below(12);
        let anchors = prefix_free(
            (0..count)
                .map(|_| {
                    let len = shortest + rng.below(ANCHOR_MAX_LEN as usize + 1 - shortest);
                    rng.word(len, 4)
                })
                .collect(),
        );
        let literals: Vec<&[u8]> = anchors.iter().map(Vec::as_slice).collect();
        let grams = Grams::of(&literals);
        for len in 0..40 {
            let hay = rng.word(len, 6);
            for from in 0..=len + 1 {
                let expected = one_at_a_time(&grams, &hay, from);
                passed += usize::from(expected.is_some());
                assert_eq!(
                    grams.next(&hay, from),
                    expected,
                    "{anchors:?} {hay:?} {from}"
                );
            }
        }
    }
    // Both answers were seen many times.
    assert!(passed > 10_000, "{passed}");
}

/// A scan stops as soon as it is told to.
#[test]
fn scan_stops_when_told() {
    let anchors: [&[u8]; 2] = [b"ab", b"cd"];
    let dfa = dfa::Builder::new()
        .match_kind(MatchKind::Standard)
        .build(anchors)
        .unwrap();
    let hay = b"xxabxxcdxxabxxcdxxxxxxxxxxxxxxxxxxxx";
    let grams = Grams::of(&anchors);
    let mut calls = 0;
    assert!(scan(&dfa, 2, &grams, hay, 2, &mut |_| {
        calls += 1;
        false
    }));
    assert_eq!(calls, 1);
    let table = Table::of(&anchors, &[0, 1]).unwrap();
    let mut calls = 0;
    scan_table(
        &table,
        &grams,
        hay,
        grams.next(hay, 0).unwrap(),
        &mut |_| {
            calls += 1;
            false
        },
    );
    assert_eq!(calls, 1);
}

/// The best rule of the search is the best matching rule found by testing every
/// rule on its own.
fn agrees_with_brute_force(policy: &Policy, path: &[u8]) {
    let e = policy.explain("bot", path);
    let t = policy.tables();
    let rank = |id: Option<crate::RuleId>| id.map(|id| t.rank(id.as_u32()));
    assert_eq!(
        rank(e.verdict.rule),
        rank(e.candidates.first().map(|c| c.id)),
        "{:?}",
        core::str::from_utf8(path)
    );
}

/// Random files of wildcard rules over a small alphabet (so that anchors and
/// paths overlap a lot), on the root, on `/` and deeper nodes, with `$` and
/// several `*`: the search answers as brute force does, under both kinds of
/// rank (longest match, first match).
#[test]
fn random_wildcard_files_answer_as_brute_force() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    for round in 0..60 {
        let alphabet = 2 + (round % 3) as u8;
        let mut body = String::from("User-agent: *\n");
        let rules = 2 + rng.below(60);
        for _ in 0..rules {
            let verb = if rng.below(3) == 0 {
                "Allow"
            } else {
                "Disallow"
            };
            let mut pattern = String::from(["/", "", "/a", "/b/"][rng.below(4)]);
            for _ in 0..1 + rng.below(3) {
                pattern.push('*');
                let len = rng.below(7);
                pattern.push_str(core::str::from_utf8(&rng.word(len, alphabet)).unwrap());
            }
            if rng.below(4) == 0 {
                pattern.push('$');
            }
            body.push_str(&format!("{verb}: {pattern}\n"));
        }
        for profile in [Profile::Google, Profile::Original1994] {
            let policy = Policy::parse(&body, profile);
            for _ in 0..40 {
                let mut path = Vec::from(&b"/"[..]);
                if rng.below(3) == 0 {
                    path.extend_from_slice(b"b/");
                }
                let len = rng.below(70);
                path.extend(rng.word(len, alphabet));
                agrees_with_brute_force(&policy, &path);
            }
        }
    }
}

/// Anchors that overlap heavily (`aa`, `aaa…` merge into one; `ab`, `ba`, `bab`
/// occur at every other position of `ababab…`), on long paths that the scan
/// walks as two windows, with the literal across the windows' meeting point.
#[test]
fn overlapping_anchors_answer_as_brute_force() {
    let mut body = String::from("User-agent: *\nDisallow: /\n");
    for (i, tail) in ["aa", "aaa", "aaaa*b", "ab", "ba", "bab", "abab$", "b*a*b*a"]
        .iter()
        .enumerate()
    {
        body.push_str(&format!("Allow: /*{tail}\nDisallow: /*{tail}x{i}\n"));
    }
    let policy = Policy::parse(&body, Profile::Google);
    let t = policy.tables();
    assert!(t.anchors().len() >= 4, "{} anchors", t.anchors().len());
    let indexed = |flags: u32| flags & NODE_INDEXED != 0;
    assert!(
        t.inners().iter().any(|n| indexed(n.flags()))
            || t.leaves().iter().any(|n| indexed(n.flags()))
    );
    let mut paths: Vec<Vec<u8>> = Vec::new();
    for len in [0, 1, 2, 3, 15, 16, 17, 31, 32, 33, 64, 65, 200] {
        paths.push(
            b"/".iter()
                .chain(b"ab".iter().cycle().take(len))
                .copied()
                .collect(),
        );
        paths.push(
            b"/".iter()
                .chain(b"a".iter().cycle().take(len))
                .copied()
                .collect(),
        );
        let mut x: Vec<u8> = b"/"
            .iter()
            .chain(b"z".iter().cycle().take(len))
            .copied()
            .collect();
        // A literal where two lockstep windows meet.
        let mid = x.len() / 2;
        x.splice(mid..mid, b"bax3".iter().copied());
        paths.push(x);
    }
    for path in &paths {
        agrees_with_brute_force(&policy, path);
    }
}

/// A path with more different anchors than a check remembers still gets the
/// right answer (every rule is then tested once).
#[test]
fn a_path_with_very_many_anchors_answers_as_brute_force() {
    // Both finders: the table lookup (100 anchors) and the automaton (300).
    for count in [100, 300] {
        let mut body = String::from("User-agent: *\n");
        let mut path = String::from("/");
        for i in 0..count {
            body.push_str(&format!("Disallow: /*q{i:03}z*never\n"));
            path.push_str(&format!("q{i:03}z-"));
        }
        body.push_str("Disallow: /*q099z-\n");
        let policy = Policy::parse(&body, Profile::Google);
        agrees_with_brute_force(&policy, path.as_bytes());
        assert!(!policy.is_allowed("bot", &path));
        assert!(policy.is_allowed("bot", "/q001z-"));
    }
}

/// The automaton is built on the first check that needs it, once, and counted in
/// the policy's heap bytes; a clone starts without it; the byte form and a
/// one-crawler policy build their own and answer the same.
#[test]
fn automata_are_built_once_on_first_use_and_counted() {
    let mut body = String::from("User-agent: *\n");
    for i in 0..50 {
        body.push_str(&format!("Disallow: /*word{i}end\n"));
    }
    let policy = Policy::parse(&body, Profile::Google);
    let before = policy.heap_bytes();
    assert_eq!(policy.automata.built(), 0);
    // A path that passes no node with anchors builds nothing.
    assert!(policy.matcher("bot").check_path("x").allowed);
    assert_eq!(policy.automata.built(), 0);
    assert!(!policy.is_allowed("bot", "/a/word7end"));
    assert_eq!(policy.automata.built(), 1);
    let after = policy.heap_bytes();
    assert!(after > before + 1000, "{before} -> {after}");
    assert!(policy.is_allowed("bot", "/a/word7en"));
    assert_eq!(policy.heap_bytes(), after, "built once");
    let copy = policy.clone();
    assert_eq!(copy.automata.built(), 0);
    assert!(!copy.is_allowed("bot", "/word49end"));

    let bytes = policy.to_bytes();
    let loaded = PolicyRef::from_bytes(&bytes).unwrap();
    let agent = Policy::builder()
        .profile(Profile::Google)
        .build_for_agent(&body, "bot");
    for path in ["/word3end", "/xword33endx", "/word3en", "/"] {
        let expected = policy.check("bot", path);
        assert_eq!(loaded.check("bot", path), expected, "{path}");
        assert_eq!(agent.check(path), expected, "{path}");
    }
    assert_eq!(loaded.automata().built(), 1);
}

/// Tables whose anchors break the rules a search relies on are rejected.
#[test]
fn bad_anchors_do_not_validate() {
    let mut body = String::from("User-agent: *\n");
    for word in ["abc", "abd", "xyz", "qq"] {
        body.push_str(&format!("Disallow: /*{word}\nDisallow: /*{word}*more\n"));
    }
    let policy = Policy::parse(&body, Profile::Google);
    let t: &Tables<'_> = policy.tables();
    assert_eq!(t.validate(), Ok(()));
    let anchors = t.anchors();
    assert!(anchors.len() >= 3);
    // Table 12 is `anchors`, 13 `anchor_rules` (see `tables::view`).
    let with = |k: usize, part: &[u8]| {
        let (region, counts) = t.with_part(k, part);
        Tables::new(&region, &counts, t.profile, t.any_set)
            .map(|t| t.validate())
            .expect("the counts fit")
    };
    let check = |anchors: &[crate::tables::layout::Anchor]| with(12, anchors.as_bytes());
    // Out of order.
    let mut swapped = anchors.to_vec();
    swapped.swap(0, 1);
    assert!(check(&swapped).is_err());
    // One a prefix of the next.
    let mut prefix = anchors.to_vec();
    let mut short = prefix[1].literal;
    short.len = U32::new(1);
    prefix[0].literal = short;
    let first = t.bytes(prefix[0].literal);
    if t.bytes(prefix[1].literal).starts_with(first) {
        assert!(check(&prefix).is_err());
    }
    // Too long, or empty.
    let mut long = anchors.to_vec();
    long[0].literal.len = U32::new(ANCHOR_MAX_LEN + 1);
    assert!(check(&long).is_err());
    let mut empty = anchors.to_vec();
    empty[0].literal.len = U32::new(0);
    assert!(check(&empty).is_err());
    // A rule out of range.
    let mut rules = t.anchor_rules().to_vec();
    rules[0] = U32::new(t.rules().len() as u32);
    assert!(with(13, rules.as_bytes()).is_err());
}

/// Behind a packed searcher (few anchors of two to five bytes: the filter's
/// stride is at most 3), the scan still reports exactly the anchors that occur,
/// on paths shorter than the searcher reads at once (the filter alone) and
/// longer; and on a CPU that has one, the searcher is there.
#[test]
fn the_packed_searcher_in_front_finds_exactly_the_anchors_that_occur() {
    let mut rng = Rng(0x7EDD_1E5E_A5C4_0001);
    let mut built = 0;
    for round in 0..1500 {
        let alphabet = 2 + (round % 4) as u8;
        let shortest = 2 + (round / 4) % 4;
        let count = 1 + rng.below(RootAutomaton::PACKED_MAX);
        let anchors = prefix_free(
            (0..count)
                .map(|i| {
                    // The first is the shortest: the stride follows it.
                    let len = shortest + if i == 0 { 0 } else { rng.below(4) };
                    rng.word(len, alphabet)
                })
                .collect(),
        );
        let refs: Vec<&[u8]> = anchors.iter().map(Vec::as_slice).collect();
        let numbers: Vec<u32> = (0..refs.len() as u32).collect();
        let table = Table::of(&refs, &numbers).expect("prefix-free anchors");
        let grams = Grams::of(&refs);
        assert!(grams.stride <= RootAutomaton::PACKED_STRIDE_MAX);
        let root = RootAutomaton {
            packed: RootAutomaton::packed(&refs, &grams),
            grams,
            finder: Finder::Table(table),
            short: Shorts::of(&[]),
            tops: Vec::new(),
            top: 0,
        };
        built += usize::from(root.packed.is_some());
        let Finder::Table(table) = &root.finder else {
            unreachable!("built with a table");
        };
        for len in [0, 1, 3, 8, 15, 17, 20, 31, 33, 34, 35, 48, 64, 97] {
            let hay = rng.word(len, alphabet + 1);
            let expected: BTreeSet<u32> = refs
                .iter()
                .zip(&numbers)
                .filter(|(a, _)| hay.windows(a.len()).any(|w| w == **a))
                .map(|(_, &n)| n)
                .collect();
            let mut found = BTreeSet::new();
            if let Some(first) = root.first_pass(&hay) {
                scan_table(table, &root.grams, &hay, first, &mut |id| {
                    found.insert(id);
                    true
                });
            }
            assert_eq!(
                found,
                expected,
                "anchors {refs:?} in {:?}",
                String::from_utf8_lossy(&hay)
            );
        }
    }
    // More anchors, or a longer stride, get none.
    let many: Vec<Vec<u8>> = (0..=RootAutomaton::PACKED_MAX)
        .map(|i| format!("{i:03}").into_bytes())
        .collect();
    let many: Vec<&[u8]> = many.iter().map(Vec::as_slice).collect();
    assert!(RootAutomaton::packed(&many, &Grams::of(&many)).is_none());
    let long: [&[u8]; 2] = [b"abcdef", b"uvwxyz"];
    assert!(RootAutomaton::packed(&long, &Grams::of(&long)).is_none());
    #[cfg(all(feature = "std", target_arch = "x86_64"))]
    if std::is_x86_feature_detected!("ssse3") {
        assert_eq!(built, 1500, "a packed searcher for every round");
    }
    let _ = built;
}

/// A DFA too large for its cap gives way to an NFA that answers the same.
#[test]
fn searchers_of_both_kinds_build() {
    let anchors: Vec<Vec<u8>> = (0..300u32)
        .map(|i| format!("{:04}", i * 7).into_bytes())
        .collect();
    let refs: Vec<&[u8]> = anchors.iter().map(Vec::as_slice).collect();
    assert!(matches!(Finder::automaton(&refs), Finder::Dfa(..)));
    let nfa = contiguous::Builder::new()
        .match_kind(MatchKind::Standard)
        .build(&refs)
        .unwrap();
    let hay = b"/x/0007/0014-0021/9999/0700";
    let expected: BTreeSet<u32> = [1, 2, 3, 100].into_iter().collect();
    assert_eq!(scanned(&nfa, &Grams::of(&refs), hay), expected);
}

/// The short anchors' search reports exactly the anchors that occur, over a
/// small alphabet (near misses everywhere) and haystacks of every length around
/// the word size; and a path may match exactly when it starts with one of the
/// anchors' rules' first bytes (the first eight, if they are more), or when one
/// of those is at most one byte.
#[test]
fn shorts_find_exactly_the_anchors_that_occur() {
    let mut rng = Rng(0x51A7_E5C0_FFEE_1234);
    for round in 0..3000 {
        let alphabet = 2 + (round % 3) as u8;
        let count = 1 + rng.below(Shorts::MAX);
        let anchors = prefix_free(
            (0..count)
                .map(|_| {
                    let len = 2 + rng.below(ANCHOR_MAX_LEN as usize - 1);
                    rng.word(len, alphabet)
                })
                .collect(),
        );
        let starts: Vec<Vec<u8>> = anchors
            .iter()
            .map(|_| {
                let len = rng.below(11);
                rng.word(len, alphabet)
            })
            .collect();
        let numbered: Vec<(u32, &[u8], &[u8])> = anchors
            .iter()
            .zip(&starts)
            .enumerate()
            .map(|(i, (a, s))| (i as u32 + 7, a.as_slice(), s.as_slice()))
            .collect();
        let shorts = Shorts::of(&numbered);
        // Long paths too (past 256 bytes they are searched otherwise).
        let len = if round % 10 == 0 {
            240 + rng.below(40)
        } else {
            rng.below(40)
        };
        let hay = rng.word(len, alphabet);
        let expected: BTreeSet<u32> = numbered
            .iter()
            .filter(|(_, a, _)| hay.windows(a.len()).any(|w| w == *a))
            .map(|&(n, _, _)| n)
            .collect();
        // Starts of under two bytes are taken as every path's (all start with
        // `/`).
        let may = starts.iter().any(|s| s.len() < 2)
            || starts.iter().any(|s| hay.starts_with(&s[..s.len().min(8)]));
        assert_eq!(shorts.may_match(&hay), may, "{starts:?} {hay:?}");
        let mut found = BTreeSet::new();
        let any = shorts.find(&hay, &mut |n| {
            found.insert(n);
            true
        });
        assert_eq!(found, expected, "{anchors:?} {hay:?}");
        assert_eq!(any, !expected.is_empty());
    }
}

/// A file with many nodes that hold wildcard rules (past the size where the
/// nodes are found through an index rather than searched): the search answers
/// as brute force does, on paths that reach those nodes and paths that do not.
#[test]
fn many_nodes_with_wildcard_rules_answer_as_brute_force() {
    let mut body = String::from("User-agent: *\n");
    for i in 0..40 {
        body.push_str(&format!("Disallow: /d{i:02}/*x{i}\n"));
        body.push_str(&format!("Allow: /d{i:02}/keep*x\n"));
    }
    let policy = Policy::parse(&body, Profile::Google);
    assert!(policy.tables().node_wild().len() > 16);
    for i in 0..40 {
        for path in [
            format!("/d{i:02}/ax{i}"),
            format!("/d{i:02}/keep/x{i}"),
            format!("/d{i:02}/nothing"),
            format!("/e{i:02}/ax{i}"),
        ] {
            agrees_with_brute_force(&policy, path.as_bytes());
        }
    }
    assert!(!policy.is_allowed("bot", "/d07/ax7"));
    assert!(policy.is_allowed("bot", "/d07/a"));
}

/// Node keys that all hash to one slot (as a policy's bytes could choose them)
/// leave the node index empty, so checks search `node_wild` instead of reading
/// a long run of slots and building it stays linear; keys that spread out are
/// indexed, and each is found where it is.
#[test]
fn colliding_node_keys_are_searched_not_indexed() {
    let nodes = |keys: &[u32]| -> Vec<NodeWild> {
        keys.iter()
            .map(|&key| NodeWild {
                node: U32::new(key),
                rules: Span::EMPTY,
            })
            .collect()
    };
    // 64 nodes get a table of 128 slots: keys whose home is its slot 0.
    let colliding: Vec<u32> = (0u32..)
        .filter(|key| key.wrapping_mul(0x9E37_79B1) >> (32 - 7) == 0)
        .take(64)
        .collect();
    assert!(NodeIndex::of(&nodes(&colliding)).slots.is_empty());
    let spread: Vec<u32> = (0..64).map(|key| key * 3).collect();
    let index = NodeIndex::of(&nodes(&spread));
    assert!(!index.slots.is_empty());
    for (place, &key) in spread.iter().enumerate() {
        assert_eq!(index.get(key), Some(place));
    }
    assert_eq!(index.get(1), None);
}

/// The DFA's size is known before it is built: on anchor sets of small and
/// large alphabets, the estimate (its transition table) is never above the
/// DFA's memory, so no DFA that fits is passed over, and the rest is a small
/// fixed part. Anchors of many different bytes, too many for a DFA, get an NFA
/// without a DFA built first.
#[test]
fn a_dfa_is_sized_before_it_is_built() {
    let mut rng = Rng(0xD0FA_5123_0BAD_F00D);
    for (count, alphabet) in [(300, 4), (1_000, 26), (2_000, 80), (500, 200)] {
        let anchors: Vec<Vec<u8>> = (0..count)
            .map(|_| {
                let len = 2 + rng.below(3);
                (0..len).map(|_| 32 + rng.below(alphabet) as u8).collect()
            })
            .collect();
        let refs: Vec<&[u8]> = anchors.iter().map(Vec::as_slice).collect();
        let built = dfa::Builder::new()
            .match_kind(MatchKind::Standard)
            .prefilter(false)
            .start_kind(aho_corasick::StartKind::Unanchored)
            .build(&refs)
            .unwrap();
        let estimate = super::tables::dfa_bytes(&refs);
        let actual = built.memory_usage();
        assert!(
            estimate <= actual && actual <= estimate + estimate / 4 + (16 << 10),
            "{count} anchors over {alphabet} bytes: estimate {estimate}, DFA {actual}"
        );
    }
    // 20,000 random 4-byte anchors over 200 byte values: a DFA of ~50,000
    // states of 256 columns (about 50 MB) is never built.
    let anchors: Vec<Vec<u8>> = (0..20_000)
        .map(|_| (0..4).map(|_| 40 + rng.below(200) as u8).collect())
        .collect();
    let refs: Vec<&[u8]> = anchors.iter().map(Vec::as_slice).collect();
    assert!(super::tables::dfa_bytes(&refs) > 10 * Finder::DFA_MAX_BYTES);
    assert!(matches!(Finder::automaton(&refs), Finder::Nfa(..)));
}
