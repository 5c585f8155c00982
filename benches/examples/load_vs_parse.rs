//! Loading a policy from its byte form against parsing the text, over the
//! corpus (google, every crawler), best of N passes:
//! `load_vs_parse [PASSES]`. Loading checks everything (checksum, every table).
use robots_benches::corpus;
use robots_runtime::{Policy, PolicyRef, Profile};
use std::hint::black_box;
use std::time::Instant;

fn best(passes: usize, mut f: impl FnMut()) -> f64 {
    (0..passes)
        .map(|_| {
            let t = Instant::now();
            f();
            t.elapsed().as_secs_f64()
        })
        .fold(f64::MAX, f64::min)
}

fn main() {
    let passes: usize = std::env::args()
        .nth(1)
        .and_then(|p| p.parse().ok())
        .unwrap_or(20);
    let sites = corpus::load();
    let bytes: Vec<Vec<u8>> = sites
        .iter()
        .map(|s| Policy::parse(&s.body, Profile::Google).to_bytes())
        .collect();
    let text: usize = sites.iter().map(|s| s.body.len()).sum();
    let serialised: usize = bytes.iter().map(Vec::len).sum();
    let parse = best(passes, || {
        for s in &sites {
            black_box(Policy::parse(black_box(&s.body), Profile::Google));
        }
    });
    let view = best(passes, || {
        for b in &bytes {
            black_box(PolicyRef::from_bytes(black_box(b)).ok());
        }
    });
    // `Policy::from_bytes` takes its buffer by value: each pass gets fresh
    // copies, made before the clock starts (a caller hands over its own buffer).
    let owned = (0..passes)
        .map(|_| {
            let copies = bytes.clone();
            let t = Instant::now();
            for b in copies {
                black_box(Policy::from_bytes(black_box(b)).ok());
            }
            t.elapsed().as_secs_f64()
        })
        .fold(f64::MAX, f64::min);
    println!(
        "corpus: {text} bytes of text, {serialised} bytes serialised ({:.2}x)",
        serialised as f64 / text as f64
    );
    println!("parse           {:8.3} ms", parse * 1e3);
    println!(
        "PolicyRef::from_bytes {:8.3} ms  ({:.1}x faster)",
        view * 1e3,
        parse / view
    );
    println!(
        "Policy::from_bytes    {:8.3} ms  ({:.1}x faster; takes over the buffer)",
        owned * 1e3,
        parse / owned
    );
}
