//! A broken invariant of the tables is a bug where the search trusts them
//! (tables this crate built) and an error where it does not (bytes from
//! outside): for each table a check reads one record through another, a
//! corrupted copy makes the search panic with "bug:" (never "no group", a
//! walk cut short or a rule dropped, which would allow what a rule
//! disallows), and validation, so `from_bytes`, refuses the same tables.

// A test may index: a panic there is a failed test, with its location.
#![allow(clippy::indexing_slicing)]

use crate::ids::SetId;
use crate::policy::{Policy, PolicyRef};
use crate::profile::Profile;
use crate::search::automata::Automata;
use crate::search::view::View;
use crate::search::Selected;
use crate::tables::encode::{encode, seal};
use crate::tables::layout::{Inner, Leaf, NodeWild, RuleExtra, SetRoot, Span, U32};
use crate::tables::view::Tables;
use alloc::string::String;
use alloc::vec::Vec;
use zerocopy::IntoBytes;

/// One corruption: a file whose tables have the record read, the path whose
/// check reads it, which table to replace (its number in
/// [`SIZES`](crate::tables::view::SIZES)) and with what, and the table
/// validation names.
struct Case {
    name: &'static str,
    robots: &'static str,
    path: &'static str,
    table: usize,
    corrupt: fn(&Tables<'_>) -> Vec<u8>,
    refused_as: &'static str,
}

/// The tables' `T` records, changed by `edit`, as bytes.
fn edited<T: Copy + IntoBytes + zerocopy::Immutable>(
    records: &[T],
    edit: impl FnOnce(&mut Vec<T>),
) -> Vec<u8> {
    let mut records = records.to_vec();
    edit(&mut records);
    records.as_bytes().to_vec()
}

fn past(len: usize) -> u32 {
    u32::try_from(len).expect("a small table") + 3
}

/// The first inner node with an inner child.
fn with_inner_child(t: &Tables<'_>) -> usize {
    t.inners()
        .iter()
        .position(|n| n.inner_count() > 0)
        .expect("a node with an inner child")
}

const CASES: &[Case] = &[
    Case {
        name: "a set past the sets",
        robots: "User-agent: *\nDisallow: /a\n",
        path: "/a",
        table: 2, // sets
        corrupt: |_| Vec::new(),
        refused_as: "any_set",
    },
    Case {
        name: "a set's root past the inner nodes",
        robots: "User-agent: *\nDisallow: /a\n",
        path: "/a",
        table: 3, // set_roots
        corrupt: |t| {
            let past = past(t.inners().len());
            edited(t.set_roots(), |r: &mut Vec<SetRoot>| r[0].root = U32::new(past))
        },
        refused_as: "set_roots",
    },
    Case {
        name: "an inner child past the inner nodes",
        robots: "User-agent: *\nDisallow: /private/a\nDisallow: /private/b\nAllow: /public\n",
        path: "/private/a",
        table: 5, // inners
        corrupt: |t| {
            let (at, past) = (with_inner_child(t), past(t.inners().len()));
            edited(t.inners(), |n: &mut Vec<Inner>| {
                n[at].first_inner = U32::new(past);
            })
        },
        refused_as: "inners",
    },
    Case {
        name: "a leaf child past the leaves",
        robots: "User-agent: *\nDisallow: /private/a\nDisallow: /private/b\nAllow: /public\n",
        path: "/private/a",
        table: 5, // inners
        corrupt: |t| {
            let past = past(t.leaves().len());
            edited(t.inners(), |n: &mut Vec<Inner>| {
                for node in n.iter_mut().filter(|n| n.edge_count() > n.inner_count()) {
                    node.first_leaf = U32::new(past);
                }
            })
        },
        refused_as: "inners",
    },
    Case {
        name: "a leaf's rule past the rules",
        robots: "User-agent: *\nDisallow: /private/a\nDisallow: /private/b\nAllow: /public\n",
        path: "/private/a",
        table: 6, // leaves
        corrupt: |t| {
            let past = past(t.rules().len());
            edited(t.leaves(), |n: &mut Vec<Leaf>| {
                for leaf in n.iter_mut() {
                    leaf.info = U32::new(leaf.info.get() & !((1 << 27) - 1) | past);
                }
            })
        },
        refused_as: "leaves",
    },
    Case {
        name: "a wide node's block past the blocks",
        robots: "User-agent: *\nDisallow: /a\nDisallow: /b\nDisallow: /c\nDisallow: /d\nDisallow: /e\nDisallow: /f\nDisallow: /g\nDisallow: /h\nDisallow: /i\nDisallow: /j\n",
        path: "/j",
        table: 7, // wide
        corrupt: |_| Vec::new(),
        refused_as: "inners",
    },
    Case {
        name: "a node flagged exact without its exact rule",
        robots: "User-agent: *\nDisallow: /a\nAllow: /a$\n",
        path: "/a",
        table: 8, // exact
        corrupt: |_| Vec::new(),
        refused_as: "exact",
    },
    Case {
        name: "a node flagged wild without its wildcard rules",
        robots: "User-agent: *\nAllow: /a\nDisallow: /a*b\n",
        path: "/axb",
        table: 9, // node_wild
        corrupt: |_| Vec::new(),
        refused_as: "node_wild",
    },
    Case {
        name: "a node's wildcard rules past the list",
        robots: "User-agent: *\nAllow: /a\nDisallow: /a*b\n",
        path: "/axb",
        table: 9, // node_wild
        corrupt: |t| {
            let past = past(t.wild_rules().len());
            edited(t.node_wild(), |w: &mut Vec<NodeWild>| {
                w[0].rules = Span::new(past, 1);
            })
        },
        refused_as: "node_wild",
    },
    Case {
        name: "a root with indexed wildcard rules without anchors",
        robots: "User-agent: *\nAllow: /\nDisallow: /*abc\nDisallow: /*xyz\n",
        path: "/qabc",
        table: 11, // wild_roots
        corrupt: |_| Vec::new(),
        refused_as: "set_roots",
    },
    Case {
        name: "a complex rule without its extra",
        robots: "User-agent: *\nAllow: /\nDisallow: /a*b\n",
        path: "/axb",
        table: 15, // rule_extras
        corrupt: |_| Vec::new(),
        refused_as: "rules",
    },
    Case {
        name: "a rule's segments past the segments",
        robots: "User-agent: *\nAllow: /\nDisallow: /a*b\n",
        path: "/axb",
        table: 15, // rule_extras
        corrupt: |t| {
            let past = past(t.segments().len());
            edited(t.rule_extras(), |x: &mut Vec<RuleExtra>| {
                x[0].segments = U32::new(past);
            })
        },
        refused_as: "rule_extras",
    },
];

fn panic_message(f: impl FnOnce()) -> Option<String> {
    let caught = std::panic::catch_unwind(std::panic::AssertUnwindSafe(f)).err()?;
    caught
        .downcast_ref::<String>()
        .cloned()
        .or_else(|| caught.downcast_ref::<&str>().map(|s| String::from(*s)))
}

/// The check of `path` for the `*` group, over `t` as the search reads it.
fn check(t: &Tables<'_>, path: &str) -> crate::search::verdict::Verdict {
    let automata = Automata::new();
    let selected = Selected::of(t, SetId(t.any_set));
    selected.check_path(View::new(t, &automata), path.as_bytes())
}

#[test]
fn each_broken_table_is_a_bug_when_trusted_and_refused_from_bytes() {
    for case in CASES {
        let name = case.name;
        let good = Policy::parse(case.robots, Profile::Rfc9309);
        let t = good.tables();
        // The good tables answer (and pass validation).
        let verdict = check(t, case.path);
        assert_eq!(verdict, good.check("bot", case.path), "{name}");
        assert_eq!(t.validate(), Ok(()), "{name}");

        let part = (case.corrupt)(t);
        assert_ne!(
            part,
            t.parts()[case.table],
            "{name}: the corruption changes the table"
        );
        let (region, counts) = t.with_part(case.table, &part);
        let broken = Tables::new(&region, &counts, t.profile, t.any_set).expect("the counts fit");

        let message = panic_message(|| {
            let verdict = check(&broken, case.path);
            panic!("answered {verdict:?} instead of failing");
        })
        .expect("a panic with a message");
        assert!(message.starts_with("bug:"), "{name}: {message}");

        let error = broken.validate().expect_err(name);
        assert_eq!(error.table(), case.refused_as, "{name}: {error}");
        let mut bytes = encode(&broken, None);
        seal(&mut bytes);
        assert!(PolicyRef::from_bytes(&bytes).is_err(), "{name}");
        let error = Policy::from_bytes(bytes).expect_err(name);
        assert!(
            error.to_string().contains(case.refused_as),
            "{name}: {error}"
        );
    }
}

/// The reads of `tables/view.rs` outside a check: a rule's line, from a
/// `lines` table that does not hold it, is a bug too.
#[test]
fn a_rule_line_the_lines_table_lacks_is_a_bug() {
    let good = Policy::parse("User-agent: *\nDisallow: /a\n", Profile::Rfc9309);
    let t = good.tables();
    assert_eq!(t.rule_line(0), Some(2));
    assert_eq!(t.rule_line(1), None, "no such rule");
    let (region, counts) = t.with_part(21, &[]);
    let broken = Tables::new(&region, &counts, t.profile, t.any_set).expect("the counts fit");
    let message = panic_message(|| {
        let line = broken.rule_line(0);
        panic!("answered {line:?} instead of failing");
    })
    .expect("a panic with a message");
    assert!(message.starts_with("bug:"), "{message}");
    assert_eq!(broken.validate().map_err(|e| e.table()), Err("lines"));
}
