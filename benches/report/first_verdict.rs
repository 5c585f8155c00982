//! The first verdict per fetched robots.txt, against Google's library: a broad
//! crawl fetches one robots.txt per host and often checks only a few URLs of
//! it, so parsing the file and checking one URL is what it pays per host.
//!
//! ```text
//! GOOGLE_ROBOTSTXT_DIR=/path/to/robotstxt \
//!   cargo run --release --manifest-path benches/Cargo.toml --no-default-features \
//!   --bin first_verdict [-- ROUNDS]
//! ```
//!
//! Google's side is its `RobotsMatcher::OneAgentAllowedByRobots` (one call that
//! parses the file and matches one URL), built here from its public source at
//! run time and never committed: `GOOGLE_ROBOTSTXT_DIR` names a directory with
//! its `robots.cc` and `robots.h` (a checkout of google/robotstxt, or what
//! `bash benches/google/source.sh` unpacks from a package registry), compiled
//! with `benches/google/first_verdict.cc` (ours), `-O3`, against abseil
//! (Debian: `libabsl-dev`). Our side is the API a crawler would write:
//! `Policy::parse` then `matcher(agent).check(url)` (every crawler's tables),
//! the one-crawler parse `Policy::builder().build_for_agent(body, agent)`
//! then `check(url)`, and the one call `check_for_agent(body, agent, url)`
//! (the same verdict, without building the search tables); all under
//! `Profile::Google`.
//!
//! Every corpus file is checked for the first crawler it names (if any) and
//! an unknown one, one URL each (its first path under `https://example.com`).
//! Each case is timed in batches of about 50 µs, fastest batch; the two sides
//! alternate round by round (Google's program, then ours), and each case keeps
//! its fastest round, so load that comes and goes hits both alike. It prints
//! both sides, their ratio of means ("averaged over the corpus": the mean cost
//! per file), the median of the per-file ratios, parse alone, and the load.
//! Verdicts are compared: any difference is reported (and fails the run).

use robots_benches::corpus::{self, Site};
use robots_runtime::{Policy, Profile};
use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

/// One checked file: the crawler and URL asked about.
struct Case<'s> {
    site: &'s Site,
    agent: &'s str,
    url: String,
}

/// A case's fastest times (ns per call) on each side.
#[derive(Clone, Copy)]
struct Times {
    google_call: f64,
    google_parse: f64,
    parse_check: f64,
    parse_only: f64,
    agent_check: f64,
    agent_only: f64,
    one_call: f64,
}

impl Default for Times {
    fn default() -> Self {
        Times {
            google_call: f64::INFINITY,
            google_parse: f64::INFINITY,
            parse_check: f64::INFINITY,
            parse_only: f64::INFINITY,
            agent_check: f64::INFINITY,
            agent_only: f64::INFINITY,
            one_call: f64::INFINITY,
        }
    }
}

/// A line of the table: the side, what is timed, and its time of a case.
type Row = (&'static str, &'static str, fn(&Times) -> f64);

/// Nanoseconds per call of `f`: the fastest of `batches` timed batches, each
/// long enough (about 50 µs) that the clock's own cost is small. (The same
/// method as the Google side's `FastestPerCall`.)
fn fastest_per_call(batches: usize, mut f: impl FnMut()) -> f64 {
    let start = Instant::now();
    f();
    let once = start.elapsed().as_nanos() as f64;
    let reps = if once > 50_000.0 {
        1
    } else {
        (50_000.0 / (once + 1.0)) as usize + 1
    };
    let mut best = f64::INFINITY;
    for _ in 0..batches {
        let start = Instant::now();
        for _ in 0..reps {
            f();
        }
        best = best.min(start.elapsed().as_nanos() as f64 / reps as f64);
    }
    best
}

/// Google's source directory, or why there is none.
fn google_source() -> Result<PathBuf, String> {
    let dir = std::env::var_os("GOOGLE_ROBOTSTXT_DIR").ok_or(
        "set GOOGLE_ROBOTSTXT_DIR to a directory holding Google's robots.cc and robots.h: \
         a checkout of github.com/google/robotstxt, or run `bash benches/google/source.sh`, \
         which unpacks them from a package registry and prints the directory",
    )?;
    let dir = PathBuf::from(dir);
    for file in ["robots.cc", "robots.h"] {
        if !dir.join(file).is_file() {
            return Err(format!("{} has no {file}", dir.display()));
        }
    }
    Ok(dir)
}

/// Compile Google's library with our driver; the program's path.
fn build_google(source: &Path, out_dir: &Path) -> Result<PathBuf, String> {
    let driver = Path::new(env!("CARGO_MANIFEST_DIR")).join("google/first_verdict.cc");
    let program = out_dir.join("first_verdict_google");
    let libs = Command::new("pkg-config")
        .args(["--libs", "absl_strings"])
        .output()
        .ok()
        .filter(|o| o.status.success())
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_owned())
        .ok_or("pkg-config finds no abseil (absl_strings): install Debian's libabsl-dev")?;
    let cxx = std::env::var("CXX").unwrap_or_else(|_| "c++".into());
    let status = Command::new(&cxx)
        .args(["-O3", "-DNDEBUG", "-std=c++17", "-I"])
        .arg(source)
        .arg(&driver)
        .arg(source.join("robots.cc"))
        .arg("-o")
        .arg(&program)
        .args(libs.split_whitespace())
        .status()
        .map_err(|e| format!("{cxx}: {e}"))?;
    if !status.success() {
        return Err(format!("{cxx} failed to build Google's library"));
    }
    Ok(program)
}

/// One round of the Google program over every case: (one call, parse only,
/// verdict) per case.
fn google_round(program: &Path, list: &Path, batches: usize) -> Vec<(f64, f64, bool)> {
    let out = Command::new(program)
        .arg(list)
        .arg(batches.to_string())
        .output()
        .expect("run the Google program");
    assert!(out.status.success(), "the Google program failed");
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|line| {
            let f: Vec<&str> = line.split('\t').collect();
            (
                f[1].parse().expect("ns"),
                f[2].parse().expect("ns"),
                f[3] == "allowed",
            )
        })
        .collect()
}

fn main() {
    let rounds: usize = std::env::args()
        .nth(1)
        .and_then(|r| r.parse().ok())
        .unwrap_or(5);
    let source = google_source().unwrap_or_else(|e| {
        eprintln!("first_verdict: {e}");
        std::process::exit(2);
    });
    let out_dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/first_verdict");
    std::fs::create_dir_all(&out_dir).expect("target dir");
    let program = build_google(&source, &out_dir).unwrap_or_else(|e| {
        eprintln!("first_verdict: {e}");
        std::process::exit(2);
    });

    let sites = corpus::load();
    let cases: Vec<Case<'_>> = sites
        .iter()
        .flat_map(|site| {
            let url = format!("{}{}", corpus::ORIGIN, site.paths[0]);
            site.agents().into_iter().map(move |agent| Case {
                site,
                agent,
                url: url.clone(),
            })
        })
        .collect();
    let list = out_dir.join("cases.tsv");
    let dir = corpus::corpus_dir();
    let text: String = cases
        .iter()
        .map(|c| {
            let path = dir.join(format!("{}.txt", c.site.name));
            format!("{}\t{}\t{}\n", path.display(), c.agent, c.url)
        })
        .collect();
    std::fs::write(&list, text).expect("write the cases");

    let load = || std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    let load_before = load();
    let one_crawler = Policy::builder().profile(Profile::Google).max_bytes(None);
    let mut times = vec![Times::default(); cases.len()];
    let mut verdicts_differ = 0;
    let started = Instant::now();
    for round in 0..rounds {
        eprintln!("[first_verdict] round {} of {rounds}", round + 1);
        let google = google_round(&program, &list, 3);
        assert_eq!(google.len(), cases.len(), "one line per case");
        for ((case, t), (call, parse, allowed)) in cases.iter().zip(&mut times).zip(google) {
            t.google_call = t.google_call.min(call);
            t.google_parse = t.google_parse.min(parse);
            let body = &case.site.body;
            let (agent, url) = (case.agent, case.url.as_str());
            let ours = Policy::parse(body, Profile::Google)
                .matcher(agent)
                .check(url)
                .allowed;
            let mine = one_crawler.build_for_agent(body, agent).check(url).allowed;
            let once = one_crawler.check_for_agent(body, agent, url).allowed;
            if round == 0 && (ours != allowed || mine != allowed || once != allowed) {
                verdicts_differ += 1;
                eprintln!(
                    "verdicts differ: {} for {agent} on {url}: Google {allowed}, ours {ours}, one crawler {mine}, one call {once}",
                    case.site.name
                );
            }
            t.one_call = t.one_call.min(fastest_per_call(3, || {
                black_box(one_crawler.check_for_agent(
                    black_box(body),
                    black_box(agent),
                    black_box(url),
                ));
            }));
            t.parse_check = t.parse_check.min(fastest_per_call(3, || {
                let policy = Policy::parse(black_box(body), Profile::Google);
                black_box(policy.matcher(black_box(agent)).check(black_box(url)));
            }));
            t.agent_check = t.agent_check.min(fastest_per_call(3, || {
                let policy = one_crawler.build_for_agent(black_box(body), black_box(agent));
                black_box(policy.check(black_box(url)));
            }));
            t.parse_only = t.parse_only.min(fastest_per_call(3, || {
                black_box(Policy::parse(black_box(body), Profile::Google));
            }));
            t.agent_only = t.agent_only.min(fastest_per_call(3, || {
                black_box(one_crawler.build_for_agent(black_box(body), black_box(agent)));
            }));
        }
    }
    let load_after = load();

    let n = times.len() as f64;
    let mean = |f: fn(&Times) -> f64| times.iter().map(f).sum::<f64>() / n;
    let per_file_ratio = |f: fn(&Times) -> f64, g: fn(&Times) -> f64| {
        let mut r: Vec<f64> = times.iter().map(|t| f(t) / g(t)).collect();
        robots_benches::stats::median(&mut r)
    };
    let bytes: usize = sites.iter().map(|s| s.body.len()).sum();
    println!(
        "{} cases ({} files, {:.1} MB; each file for its first named crawler and an unknown one), {rounds} interleaved rounds, {:.0} s",
        cases.len(),
        sites.len(),
        bytes as f64 / 1e6,
        started.elapsed().as_secs_f64()
    );
    println!(
        "load average at start / end: {} / {}",
        load_before.trim(),
        load_after.trim()
    );
    println!("verdicts that differ from Google's: {verdicts_differ}");
    println!();
    println!("| side | what is timed | mean per file | × Google's one call (ratio of means) | median file's ratio |");
    println!("|---|---|---:|---:|---:|");
    let google = mean(|t| t.google_call);
    let rows: [Row; 7] = [
        (
            "Google",
            "`OneAgentAllowedByRobots(body, agent, url)`",
            |t| t.google_call,
        ),
        (
            "ours, one call",
            "`check_for_agent(body, agent, url)`",
            |t| t.one_call,
        ),
        (
            "ours, one crawler",
            "`build_for_agent(body, agent)` + `check(url)`",
            |t| t.agent_check,
        ),
        (
            "ours, every crawler",
            "`Policy::parse(body)` + `matcher(agent).check(url)`",
            |t| t.parse_check,
        ),
        (
            "Google, parse only",
            "`ParseRobotsTxt(body, handler that counts)`",
            |t| t.google_parse,
        ),
        (
            "ours, one crawler, parse only",
            "`build_for_agent(body, agent)`",
            |t| t.agent_only,
        ),
        (
            "ours, every crawler, parse only",
            "`Policy::parse(body)`",
            |t| t.parse_only,
        ),
    ];
    for (side, what, f) in rows {
        println!(
            "| {side} | {what} | {:.1} µs | {:.3} | {:.3} |",
            mean(f) / 1e3,
            mean(f) / google,
            per_file_ratio(f, |t| t.google_call)
        );
    }
    let mut worst: Vec<(f64, &Case<'_>)> = times
        .iter()
        .zip(&cases)
        .map(|(t, c)| (t.one_call / t.google_call, c))
        .collect();
    worst.sort_by(|a, b| b.0.total_cmp(&a.0));
    println!();
    println!("one call against Google's one call, the files where it does worst:");
    for (ratio, case) in worst.iter().take(8) {
        println!(
            "  {:.2}  {} ({} B, {})",
            ratio,
            case.site.name,
            case.site.body.len(),
            case.agent
        );
    }
    if verdicts_differ > 0 {
        std::process::exit(1);
    }
}
