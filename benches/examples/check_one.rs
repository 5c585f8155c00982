//! For callgrind or perf on one corpus file: `check_one NAME parse|check PASSES`
//! parses `testdata/corpus/NAME.txt` (google profile) and, with `check`, checks its
//! paths for each of the workload's crawlers PASSES times.
use robots_benches::corpus;
use robots_runtime::{Policy, Profile};
use std::hint::black_box;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let name = args.first().map_or("texting_robots-ebay", String::as_str);
    let mode = args.get(1).map_or("check", String::as_str);
    let passes: usize = args.get(2).and_then(|p| p.parse().ok()).unwrap_or(10);
    let Some(site) = corpus::named_site(name) else {
        eprintln!("no corpus file {name}");
        std::process::exit(2);
    };
    let policy = Policy::parse(&site.body, Profile::Google);
    if mode == "check" {
        let mut allowed = 0usize;
        for _ in 0..passes {
            for agent in site.agents() {
                let m = policy.matcher(agent);
                for p in &site.paths {
                    allowed += usize::from(m.check_path(black_box(p.as_bytes())).allowed);
                }
            }
        }
        println!("{allowed}");
    }
    black_box(&policy);
}
