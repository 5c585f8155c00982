//! Parse one corpus file (or, with `corpus`, every corpus file) for one crawler N
//! times, and nothing else: for `valgrind --tool=callgrind` and `perf stat`, whose
//! counts then hold little but the parse.
//! `cargo run --release --manifest-path benches/Cargo.toml --example parse_one -- FILE|corpus [PASSES] [AGENT]`
//!
//! With `corpus`, each file is parsed for the crawler the parse benchmark uses (the
//! first one it names, else an unknown one); under callgrind, add
//! `--toggle-collect='*parse_for_agent*'` to leave out finding those names.
use robots_benches::corpus;
use robots_runtime::{Policy, Profile};
use std::hint::black_box;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(file) = args.first() else {
        eprintln!("usage: parse_one FILE|corpus [PASSES] [AGENT]");
        std::process::exit(2);
    };
    let passes: usize = args.get(1).and_then(|p| p.parse().ok()).unwrap_or(100);
    let agent = args.get(2).map_or(corpus::UNKNOWN_AGENT, String::as_str);
    let inputs: Vec<(Vec<u8>, String)> = if file == "corpus" {
        let mut names: Vec<_> = std::fs::read_dir(corpus::corpus_dir())
            .expect("corpus")
            .filter_map(|e| Some(e.ok()?.path()))
            .filter(|p| p.extension().is_some_and(|e| e == "txt"))
            .collect();
        names.sort();
        names
            .iter()
            .map(|p| {
                let body = std::fs::read(p).expect("read");
                let named = corpus::first_named_agent(&body);
                (body, named.unwrap_or_else(|| agent.to_owned()))
            })
            .collect()
    } else {
        let body = std::fs::read(file).unwrap_or_else(|e| {
            eprintln!("{file}: {e}");
            std::process::exit(2);
        });
        vec![(body, agent.to_owned())]
    };
    let started = std::time::Instant::now();
    let mut best = f64::MAX;
    for _ in 0..passes {
        let t = std::time::Instant::now();
        for (body, agent) in &inputs {
            black_box(
                Policy::builder()
                    .profile(Profile::Google)
                    .build_for_agent(black_box(body), agent),
            );
        }
        best = best.min(t.elapsed().as_secs_f64());
    }
    eprintln!(
        "{} files, {passes} passes in {:.3} s; fastest pass {:.1} us",
        inputs.len(),
        started.elapsed().as_secs_f64(),
        best * 1e6
    );
}
