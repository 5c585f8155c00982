use crate::ids::{NodeId, RuleId};
use crate::tables::layout::{
    Label, LEAF_INHERIT, LEAF_KEY, LEAF_RULE_MASK, NODE_FULL, NODE_INDEXED,
};
use crate::tables::view::Tables;
use crate::{Policy, Profile};
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;
use zerocopy::IntoBytes;

/// `agent`'s verdict rule is the best matching rule found by brute force.
fn agrees_with_brute_force(policy: &Policy, agent: &str, path: &str) {
    let e = policy.explain(agent, path);
    let best = e.candidates.first().map(|c| c.id);
    let t = policy.tables();
    let rank = |id: Option<RuleId>| id.map(|id| t.rank(id.as_u32()));
    assert_eq!(rank(e.verdict.rule), rank(best), "{agent} {path}");
}

#[test]
fn anchors_answer_as_brute_force() {
    let mut body = String::from("User-agent: *\nDisallow: /shop/\n");
    for i in 0..40 {
        body.push_str(&format!(
            "Disallow: /*word{i}*\nAllow: /*/keep{i}/*.html$\n"
        ));
    }
    // Few wildcard rules on a deeper node stay on it; `/a*` is a prefix rule.
    body.push_str("Allow: /shop/*x\nAllow: /shop/*.\nAllow: /a*\n");
    for profile in [Profile::Google, Profile::Rfc9309] {
        let policy = Policy::parse(body.as_bytes(), profile);
        let t = policy.tables();
        assert!(
            t.anchor_rules().len() >= 80,
            "{} filed under anchors",
            t.anchor_rules().len()
        );
        assert!(t.inners().iter().any(|n| n.flags() & NODE_INDEXED != 0));
        for path in [
            "/",
            "/word7",
            "/x/word39/y",
            "/x/keep3/a.html",
            "/x/keep3/a.htm",
            "/keep3/a.html",
            "/shop/word12x",
            "/shop/zz.",
            "/shop/zz",
            "/a",
            "/ab/word1",
            "/wor/d1",
        ] {
            agrees_with_brute_force(&policy, "bot", path);
        }
        // Long paths, with the rule's literal at word and cache-line boundaries.
        for pad in [58, 59, 60, 61, 62, 63, 64, 120, 126, 127, 128, 300] {
            let long = format!("/{}word5", "x".repeat(pad));
            agrees_with_brute_force(&policy, "bot", &long);
            assert!(!policy.is_allowed("bot", &long), "{long}");
            let kept = format!("/{}/keep9/{}.html", "y".repeat(pad), "z".repeat(pad));
            agrees_with_brute_force(&policy, "bot", &kept);
        }
        assert!(!policy.is_allowed("bot", "/x/word39/y"));
        assert!(policy.is_allowed("bot", "/x/keep3/a.html"));
        assert!(policy.is_allowed("bot", "/wor/d1"));
    }
}

#[test]
fn sets_of_several_tries_answer_as_brute_force() {
    // Ten crawlers share one big group and each has its own: merging every
    // set would copy the big group ten times, so each set walks two tries.
    let mut body = String::new();
    // Google reads a product token of letters, `-` and `_` only.
    let name = |i: u8| format!("bot{}", char::from(b'a' + i));
    for i in 0..10 {
        body.push_str(&format!("User-agent: {}\n", name(i)));
    }
    for i in 0..1000 {
        body.push_str(&format!("Disallow: /big/{i}/\nAllow: /*/{i}/keep$\n"));
    }
    for i in 0..10 {
        body.push_str(&format!("\nUser-agent: {}\nAllow: /big/{i}\n", name(i)));
    }
    let policy = Policy::parse(body.as_bytes(), Profile::Google);
    assert!(
        policy.tables().sets().iter().any(|s| s.roots.len.get() > 1),
        "not merged"
    );
    for i in 0..10u8 {
        let agent = name(i);
        for path in [
            format!("/big/{i}/x"),
            format!("/big/{i}0/x"),
            format!("/big/{}/x", i + 1),
            format!("/x/{i}/keep"),
            "/other".into(),
        ] {
            agrees_with_brute_force(&policy, &agent, &path);
        }
    }
}

/// Wide nodes find every edge and no other, over a narrow byte range, the
/// full 0..=255 range, and a node with every byte.
#[test]
fn wide_nodes_find_every_edge_and_no_other() {
    let mut body = String::from("User-agent: *\n");
    for c in b'a'..=b't' {
        body.push_str(&format!("Disallow: /{}x\n", char::from(c)));
    }
    let policy = Policy::parse(body.as_bytes(), Profile::Original1994);
    let t = policy.tables();
    // One block: `lo`, `hi`, and the entries of `a..=t`.
    assert_eq!(t.wide().len(), 2 + 20, "one wide node");
    for c in b'a'..=b't' {
        let c = char::from(c);
        assert!(!policy.is_allowed("bot", format!("/{c}x/y")), "{c}");
        assert!(policy.is_allowed("bot", format!("/{c}y")), "{c}");
    }
    for path in ["/ux", "/Ax", "/\u{7f}x", "/", "/0x", "/`x"] {
        assert!(policy.is_allowed("bot", path), "{path}");
    }
    // Every byte after `/`, each the start of a rule (`%XX`, which rfc9309
    // decodes): a full node, whose block has no "absent" entry.
    let mut every = String::from("User-agent: *\n");
    for b in 0..=255u8 {
        every.push_str(&format!("Disallow: /%{b:02X}z\n"));
    }
    let policy = Policy::parse(every.as_bytes(), Profile::Rfc9309);
    let t = policy.tables();
    assert!(
        t.inners().iter().any(|n| n.flags() & NODE_FULL != 0),
        "a full node"
    );
    assert_eq!(t.validate(), Ok(()));
    for b in 0..=255u8 {
        for path in [
            format!("/%{b:02X}z"),
            format!("/%{b:02X}q"),
            format!("/%{b:02X}"),
        ] {
            agrees_with_brute_force(&policy, "bot", &path);
        }
        assert!(!policy.is_allowed("bot", format!("/%{b:02X}z/x")), "{b:#x}");
    }
}

/// An inner node's label as bytes.
fn label_bytes(t: &Tables<'_>, label: Label) -> Vec<u8> {
    match label {
        Label::Inline(word) => {
            let len = 8 - (word.leading_zeros() / 8) as usize;
            word.to_le_bytes()[..len].to_vec()
        }
        Label::Long(span) => span.of(t.text()).to_vec(),
    }
}

/// Every node's best prefix rule is the best of the prefix rules whose key its
/// path starts with, found by brute force, over inner nodes and leaves.
#[test]
fn every_node_holds_the_best_prefix_rule_of_its_path() {
    // Short and long labels, inner and leaf, and (not under Google) labels
    // with a NUL, which are read from the text.
    let body: &[u8] = b"User-agent: *\nDisallow: /a\nAllow: /abc1\nAllow: /abc2\n\
          Allow: /abd\nAllow: /bq1\nAllow: /bq2\nDisallow: /bz\nAllow: /\n\
          Disallow: /bq\nAllow: /c\nDisallow: /cd/e1\nDisallow: /cd/e2\n\
          Disallow: /a-very-long-label-of-many-bytes\n\
          Disallow: /long-shared-prefix-of-two/one\nAllow: /long-shared-prefix-of-two/two\n\
          Disallow: /n\0l\nAllow: /n\0l/x\nDisallow: /n\0m\n";
    for profile in [Profile::Google, Profile::Rfc9309] {
        every_node_holds_the_best_prefix_rule(&Policy::parse(body, profile));
    }
}

fn every_node_holds_the_best_prefix_rule(policy: &Policy) {
    let t = policy.tables();
    let key = |r: u32| {
        t.rule_segments(r)
            .map_or(&[][..], |(first, _)| first.of(t.text()))
    };
    let expected = |path: &[u8]| {
        (0..t.rules().len() as u32)
            .filter(|&r| path.starts_with(key(r)))
            .max_by_key(|&r| t.rank(r))
            .map_or(RuleId::NONE, RuleId)
    };
    let mut checked = 0;
    let mut stack: Vec<(u32, Vec<u8>)> = t
        .set_roots()
        .iter()
        .map(|r| (r.root.get(), Vec::new()))
        .collect();
    while let Some((id, path)) = stack.pop() {
        let node = &t.inners()[id as usize];
        assert_eq!(node.best_rule(), expected(&path), "{path:?}");
        checked += 1;
        let count = node.edge_count();
        let inner = node.inner_count();
        for i in 0..count {
            if i < inner {
                let child = node.first_inner.get() + i as u32;
                let c = &t.inners()[child as usize];
                let mut p = path.clone();
                p.extend_from_slice(&label_bytes(t, c.label()));
                stack.push((child, p));
            } else {
                let leaf = &t.leaves()[(node.first_leaf.get() as usize) + i - inner];
                // The leaf's rule's first segment is the whole key to the leaf:
                // the search reads the leaf's label from it.
                let p = key(leaf.rule().as_u32()).to_vec();
                assert!(p.starts_with(&path) && p.len() > path.len(), "{p:?}");
                let best = if leaf.info.get() & LEAF_INHERIT != 0 {
                    node.best_rule()
                } else {
                    leaf.rule()
                };
                assert_eq!(best, expected(&p), "{p:?}");
                checked += 1;
            }
        }
    }
    assert!(checked >= 16, "{checked} nodes");
    assert_eq!(checked, t.inners().len() + t.leaves().len());
}

/// Children come after their parent and are numbered consecutively, inner ones
/// first; most nodes are leaves; the tables validate.
#[test]
fn nodes_are_numbered_parent_first_and_leaves_are_most() {
    let mut body = String::from("User-agent: *\n");
    for i in 0..300 {
        body.push_str(&format!("Disallow: /{}/{}/page{}\n", i % 7, i % 13, i));
    }
    let policy = Policy::parse(body.as_bytes(), Profile::Rfc9309);
    let t: &Tables<'_> = policy.tables();
    assert_eq!(t.validate(), Ok(()));
    for (i, node) in t.inners().iter().enumerate() {
        if node.inner_count() != 0 {
            assert!(node.first_inner.get() as usize > i);
        }
    }
    assert!(
        t.leaves().len() > 2 * t.inners().len(),
        "{} leaves, {} inner",
        t.leaves().len(),
        t.inners().len()
    );
    // Exact rules and wildcard lists are keyed by node, leaves marked.
    let exact = Policy::parse(
        b"User-agent: *\nDisallow: /x\nAllow: /x/y$\n",
        Profile::Rfc9309,
    );
    let keys: Vec<u32> = exact
        .tables()
        .exact()
        .iter()
        .map(|e| e.node.get())
        .collect();
    assert_eq!(keys.len(), 1);
    assert!(keys[0] & LEAF_KEY != 0);
    assert!(exact.is_allowed("bot", "/x/y"));
    assert!(!exact.is_allowed("bot", "/x/y/z"));
}

/// A leaf reads its label from the rule it names. Tables from bytes may name
/// any rule: the leaf then matches as that rule's segment says, and one whose
/// segment ends before the leaf (here, at its parent) gives it an empty label,
/// which matches nothing.
#[test]
fn a_leaf_reads_its_label_from_the_rule_it_names() {
    use crate::search::automata::Automata;
    use crate::search::view::View;
    use crate::tables::layout::{Leaf, U32};
    let policy = Policy::parse(
        b"User-agent: *\nDisallow: /a\nAllow: /abcdef\nAllow: /zzzzzzzz\n",
        Profile::Rfc9309,
    );
    let t = policy.tables();
    let automata = Automata::new();
    let rule = |t: &Tables<'_>, path: &[u8]| {
        let v = View::new(t, &automata).decide(
            crate::search::Selected::from_parts([
                0,
                NodeId::NONE.as_u32(),
                0,
                NodeId::NONE.as_u32(),
                0,
            ]),
            path,
        );
        v.rule.map(RuleId::as_u32)
    };
    assert_eq!(rule(t, b"/abcdef/x"), Some(1));
    assert_eq!(rule(t, b"/azzzzzzz"), Some(0));
    let renamed = |to: u32| -> Vec<Leaf> {
        t.leaves()
            .iter()
            .map(|leaf| match leaf.rule().as_u32() {
                1 => Leaf {
                    info: U32::new(leaf.info.get() & !LEAF_RULE_MASK | to),
                },
                _ => *leaf,
            })
            .collect()
    };
    // Named `/zzzzzzzz`, the leaf under `/a` (reached by its edge byte `b`)
    // reads `zzzzzz`, which no path passes: the walk stops at `/a`.
    // Table 6 is `leaves` (see `tables::view`).
    let (region, counts) = t.with_part(6, renamed(2).as_bytes());
    let other = Tables::new(&region, &counts, t.profile, t.any_set).expect("the counts fit");
    assert_eq!(other.validate(), Ok(()));
    assert_eq!(rule(&other, b"/abcdef/x"), Some(0));
    // Named `/a`, which ends at the leaf's parent, it matches nothing.
    let (region, counts) = t.with_part(6, renamed(0).as_bytes());
    let shorter = Tables::new(&region, &counts, t.profile, t.any_set).expect("the counts fit");
    assert_eq!(shorter.validate(), Ok(()));
    for path in [&b"/abcdef/x"[..], b"/abcdef", b"/a", b"/abc", b"/azzzzzzz"] {
        assert_eq!(rule(&shorter, path), Some(0), "{path:?}");
    }
    assert_eq!(rule(&shorter, b"/b"), None);
}
