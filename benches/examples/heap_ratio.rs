//! The heap a one-crawler policy holds per byte of its robots.txt, file by file:
//! the files around the median ratio (the memory report's "median file"), what an
//! empty policy holds, the total over the corpus (the larger of heap and byte form
//! per file, as the report counts it), and how many files are at or under 1.0x.
//! `cargo run --release --manifest-path benches/Cargo.toml --no-default-features --example heap_ratio`
use robots_benches::corpus;
use robots_runtime::{Policy, Profile};
fn main() {
    let sites = corpus::load();
    let mut rows = Vec::new();
    for site in &sites {
        let agent = site.named_agent.as_deref().unwrap_or(corpus::UNKNOWN_AGENT);
        let one = Policy::builder()
            .profile(Profile::Google)
            .build_for_agent(&site.body, agent);
        let heap = one.heap_bytes();
        let bytes = one.policy().to_bytes().len();
        let t = robots_runtime::__private::tables(one.policy());
        rows.push((
            heap as f64 / site.body.len() as f64,
            site.body.len(),
            heap,
            bytes,
            t.text().len(),
            t.rules().len(),
            site.name.clone(),
        ));
    }
    rows.sort_by(|a, b| a.0.total_cmp(&b.0));
    let m = rows.len() / 2;
    let middle = m.saturating_sub(6)..(m + 6).min(rows.len());
    for r in rows.get(middle).unwrap_or_default() {
        println!(
            "{:.3} len {} heap {} bytes {} text {} rules {} {}",
            r.0, r.1, r.2, r.3, r.4, r.5, r.6
        );
    }
    let empty = Policy::builder()
        .profile(Profile::Google)
        .build_for_agent(b"", "x");
    println!(
        "empty heap {} bytes {}",
        empty.heap_bytes(),
        empty.policy().to_bytes().len()
    );
    let (text, held) = rows
        .iter()
        .fold((0, 0), |(t, h), r| (t + r.1, h + r.2.max(r.3)));
    println!(
        "total: held {held} of text {text}: {:.4}x",
        held as f64 / text as f64
    );
    let below: usize = rows.iter().filter(|r| r.0 <= 1.0).count();
    println!("files <= 1.0: {below} of {}", rows.len());
}
