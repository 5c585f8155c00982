//! The time of `Matcher::classify` on the files that make it work hardest,
//! against the floor of parsing the same file: `classify_bound [RUNS]`.
//!
//! The files: the corpus's two hardest for the exploration (zh.shopify.com
//! and docs.oracle.com, whose rules hold many `*`), and the shapes built to
//! defeat its bounds (issue 51): a `*` group of `Allow:*$` lines with an
//! `Allow:/*X` for each of 70 bytes, at 9.5 KB and 499 KB, and 499 KB of
//! four-star rules that reaches the 40 MiB memory bound. Runs alternate
//! between classifying and parsing each file (so load falls on both alike);
//! the best run of each is reported, with their ratio. The classification's
//! step bound (1.2e7, plus 4 per pattern byte) keeps every file of up to
//! 500 KiB well under a second: a step is about 88 instructions (callgrind).
use robots_benches::corpus;
use robots_runtime::{Policy, Profile};
use std::hint::black_box;
use std::time::Instant;

/// The shape of issue 51: `Allow:*$` lines up to `size` bytes, an `Allow:/*X`
/// for each of 70 bytes X, ten `Allow:/*c*$` and one `Disallow:*z$`.
fn starred_shape(size: usize) -> Vec<u8> {
    let bytes = ('a'..='z')
        .chain('A'..='Z')
        .chain('0'..='9')
        .chain("-_.~!&'(".chars());
    let mut tail = String::new();
    for x in bytes {
        tail.push_str(&format!("Allow:/*{x}\n"));
    }
    for c in 'a'..='j' {
        tail.push_str(&format!("Allow:/*{c}*$\n"));
    }
    tail.push_str("Disallow:*z$\n");
    let mut text = String::from("User-agent: *\n");
    while text.len() + tail.len() + "Allow:*$\n".len() <= size {
        text.push_str("Allow:*$\n");
    }
    (text + &tail).into_bytes()
}

/// `Disallow: /` and `Allow: /*a*b*c*d$` rules over 36 bytes up to `size`.
fn many_stars(size: usize) -> Vec<u8> {
    let mut text = String::from("User-agent: *\nDisallow: /\n");
    let mut i = 0usize;
    while text.len() < size - 32 {
        let mut rest = i;
        text.push_str("Allow: /");
        for _ in 0..4 {
            let digit = (rest % 36) as u8;
            text.push('*');
            text.push(char::from(if digit < 26 {
                b'a' + digit
            } else {
                b'0' + digit - 26
            }));
            rest /= 36;
        }
        text.push_str("$\n");
        i += 1;
    }
    text.into_bytes()
}

fn main() {
    let runs: usize = std::env::args()
        .nth(1)
        .and_then(|r| r.parse().ok())
        .unwrap_or(5);
    let wanted = ["zh.shopify.com".to_owned(), "docs.oracle.com".to_owned()];
    let mut files: Vec<(String, Vec<u8>)> = corpus::load_only(&wanted)
        .into_iter()
        .map(|site| (site.name, site.body))
        .collect();
    files.push(("issue-51 shape, 9.5 KB".into(), starred_shape(9_500)));
    files.push(("issue-51 shape, 499 KB".into(), starred_shape(499_000)));
    files.push(("four-star rules, 499 KB".into(), many_stars(499_000)));
    println!(
        "load: {}",
        std::fs::read_to_string("/proc/loadavg")
            .unwrap_or_default()
            .trim()
    );
    println!("| file | profile | answer | classify ms | parse ms | classify / parse |");
    println!("|---|---|---|---:|---:|---:|");
    for (name, body) in &files {
        for profile in [Profile::Rfc9309, Profile::Google] {
            let (mut classify, mut parse) = (f64::MAX, f64::MAX);
            let mut answer = "";
            for _ in 0..runs {
                let start = Instant::now();
                let policy = black_box(Policy::parse(black_box(body), profile));
                parse = parse.min(start.elapsed().as_secs_f64());
                let matcher = policy.matcher("ExampleBot");
                let start = Instant::now();
                let found = black_box(matcher.classify());
                classify = classify.min(start.elapsed().as_secs_f64());
                answer = found.name();
            }
            println!(
                "| {name} | {profile} | {answer} | {:.1} | {:.1} | {:.1} |",
                classify * 1e3,
                parse * 1e3,
                classify / parse
            );
        }
    }
}
