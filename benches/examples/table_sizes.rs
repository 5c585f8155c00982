//! Where a compiled policy's bytes go: each table's bytes (entries × entry size),
//! summed over the corpus, for one crawler (`build_for_agent`, as the memory
//! benchmark does) and for every crawler. `table_sizes [agent|all] [FILE]`
use robots_benches::corpus;
use robots_runtime::{Policy, Profile};

fn main() {
    let mode = std::env::args().nth(1).unwrap_or_else(|| "agent".into());
    let only = std::env::args().nth(2);
    let sites: Vec<_> = corpus::load()
        .into_iter()
        .filter(|s| only.as_ref().is_none_or(|o| &s.name == o))
        .collect();
    let mut totals: Vec<(&'static str, usize, usize)> = Vec::new();
    let mut text_bytes = 0usize;
    let mut rules = 0usize;
    let mut nodes = 0usize;
    let mut ratios: Vec<(f64, usize, usize, usize, usize)> = Vec::new();
    for site in &sites {
        text_bytes += site.body.len();
        let agent = site.named_agent.as_deref().unwrap_or(corpus::UNKNOWN_AGENT);
        let owned;
        let policy = if mode == "all" {
            owned = Policy::parse(&site.body, Profile::Google);
            &owned
        } else {
            let one = Policy::builder()
                .profile(Profile::Google)
                .build_for_agent(&site.body, agent);
            owned = one.policy().clone();
            &owned
        };
        let t = robots_runtime::__private::tables(policy);
        rules += t.rules().len();
        nodes += t.inners().len() + t.leaves().len();
        fn b<T>(s: &[T]) -> (usize, usize) {
            (std::mem::size_of_val(s), s.len())
        }
        let rows = [
            ("text", b(t.text())),
            ("agents", b(t.agents())),
            ("sets", b(t.sets())),
            ("set_roots", b(t.set_roots())),
            ("set_groups", b(t.set_groups())),
            ("inners", b(t.inners())),
            ("leaves", b(t.leaves())),
            ("wide", b(t.wide())),
            ("exact", b(t.exact())),
            ("node_wild", b(t.node_wild())),
            ("wild_rules", b(t.wild_rules())),
            ("wild_roots", b(t.wild_roots())),
            ("anchors", b(t.anchors())),
            ("anchor_rules", b(t.anchor_rules())),
            ("rules", b(t.rules())),
            ("rule_extras", b(t.rule_extras())),
            ("segments", b(t.segments())),
            ("groups", b(t.groups())),
            ("group_agents", b(t.group_agents())),
            ("extensions", b(t.extensions())),
            ("lines", b(t.lines())),
        ];
        let file_total: usize = rows.iter().map(|r| r.1 .0).sum();
        ratios.push((
            file_total as f64 / site.body.len().max(1) as f64,
            site.body.len(),
            file_total,
            t.rules().len(),
            t.inners().len() + t.leaves().len(),
        ));
        for (i, (name, (bytes, len))) in rows.into_iter().enumerate() {
            if totals.len() <= i {
                totals.push((name, 0, 0));
            }
            totals[i].1 += bytes;
            totals[i].2 += len;
        }
    }
    let all: usize = totals.iter().map(|t| t.1).sum();
    let mut by_size = ratios.clone();
    by_size.sort_by_key(|r| r.1);
    let m = by_size[by_size.len() / 2];
    // The files around the median size: the static target is judged on one of them.
    let mid = by_size.len() / 2;
    for r in &by_size[mid.saturating_sub(5)..(mid + 6).min(by_size.len())] {
        println!(
            "  near median: {} bytes, tables {} bytes ({:.2}x)",
            r.1, r.2, r.0
        );
    }
    println!(
        "median file: {} bytes, tables {} bytes ({:.2}x), {} rules, {} nodes",
        m.1, m.2, m.0, m.3, m.4
    );
    println!(
        "input {text_bytes} bytes, {rules} rules, {nodes} nodes; tables {all} bytes ({:.2}x input)",
        all as f64 / text_bytes as f64
    );
    for (name, bytes, len) in totals {
        println!(
            "{name:16} {bytes:>10} B {len:>9} entries {:>5.1}%  {:.3}x input",
            100.0 * bytes as f64 / all as f64,
            bytes as f64 / text_bytes as f64
        );
    }
}
