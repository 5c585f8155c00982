//! For callgrind: `check_count parse|check PASSES` parses every corpus file
//! (google profile, every crawler) and, with `check`, checks every corpus path
//! for the benchmark crawler PASSES times. The instruction difference between the
//! two modes, over PASSES, is the check cost of one pass over the corpus.
use robots_benches::corpus;
use robots_runtime::{Policy, Profile};
use std::hint::black_box;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mode = args.first().map_or("check", String::as_str);
    let passes: usize = args.get(1).and_then(|p| p.parse().ok()).unwrap_or(10);
    let sites = corpus::load();
    let policies: Vec<Policy> = sites
        .iter()
        .map(|s| Policy::parse(&s.body, Profile::Google))
        .collect();
    if mode == "check" {
        let mut allowed = 0usize;
        for _ in 0..passes {
            for (site, policy) in sites.iter().zip(&policies) {
                let m =
                    policy.matcher(site.named_agent.as_deref().unwrap_or(corpus::UNKNOWN_AGENT));
                for p in &site.paths {
                    allowed += usize::from(m.check_path(black_box(p.as_bytes())).allowed);
                }
            }
        }
        println!("{allowed}");
    }
    black_box(&policies);
}
