//! Hostile inputs: patterns with many `*`, very long paths, files with very many rules.
//! Each series grows one dimension over several sizes, so the report can fit the slope
//! and the growth exponent (1 = linear).

use crate::corpus::{Site, ORIGIN, UNKNOWN_AGENT};
use crate::engines::Engine;
use crate::measure::Timer;
use std::time::{Duration, Instant};

/// What a series measures.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Time of one check.
    Check,
    /// Time of one parse (+compile).
    Parse,
}

/// One hostile series: a dimension, its sizes, and the input at each size.
#[derive(Clone, Copy, Debug)]
pub struct Series {
    /// Stable id.
    pub id: &'static str,
    /// What it shows.
    pub title: &'static str,
    /// The dimension that grows.
    pub x: &'static str,
    /// Check or parse.
    pub kind: Kind,
    /// The sizes.
    pub sizes: &'static [usize],
    /// The input at a size: a one-file workload.
    pub make: fn(usize) -> Site,
}

/// Every hostile series.
pub const SERIES: [Series; 6] = [
    Series {
        id: "stars-path",
        title: "16-star pattern `/*a*a…*a*b` vs a path of n bytes of `a` (no match: the whole path is scanned)",
        x: "path bytes",
        kind: Kind::Check,
        sizes: &[1_000, 10_000, 100_000, 1_000_000],
        make: |n| star_site(16, n),
    },
    Series {
        id: "stars-count",
        title: "pattern `/*a*a…*a*b` with k stars vs a 100 KB path of `a`",
        x: "stars",
        kind: Kind::Check,
        sizes: &[10, 100, 1_000, 10_000],
        make: |k| star_site(k, 100_000),
    },
    Series {
        id: "long-path",
        title: "a realistic 12-rule file (4 wildcard rules) vs paths of n bytes",
        x: "path bytes",
        kind: Kind::Check,
        sizes: &[1_000, 10_000, 100_000, 1_000_000],
        make: long_path_site,
    },
    Series {
        id: "many-rules-parse",
        title: "parse(+compile) a file of n rules (2% wildcard)",
        x: "rules",
        kind: Kind::Parse,
        sizes: &[1_000, 10_000, 100_000],
        make: many_rules_site,
    },
    Series {
        id: "many-rules-check",
        title: "check 1,000 paths against a file of n rules (2% wildcard)",
        x: "rules",
        kind: Kind::Check,
        sizes: &[1_000, 10_000, 100_000],
        make: many_rules_site,
    },
    Series {
        id: "many-wildcards-check",
        title: "check 1,000 paths against a file of n rules `Disallow: /*<random word>` (one path in ten contains a rule's word)",
        x: "rules",
        kind: Kind::Check,
        sizes: &[10, 100, 1_000, 10_000],
        make: many_wildcards_site,
    },
];

fn site(name: String, body: Vec<u8>, paths: Vec<String>) -> Site {
    Site {
        name,
        body_str: String::from_utf8_lossy(&body).into_owned(),
        urls: paths.iter().map(|p| format!("{ORIGIN}{p}")).collect(),
        body,
        paths,
        named_agent: None,
    }
}

/// `Disallow: /*a*a…*a*b` with `stars` stars (the last segment `b` never occurs) vs
/// `/aaaa…` of `path_len` bytes: a backtracking matcher would explode here.
pub fn star_site(stars: usize, path_len: usize) -> Site {
    let mut rule = String::from("/");
    for _ in 1..stars {
        rule.push_str("*a");
    }
    rule.push_str("*b");
    let body = format!("User-agent: *\nDisallow: {rule}\nAllow: /ok\n").into_bytes();
    let path = format!("/{}", "a".repeat(path_len.saturating_sub(1)));
    site(
        format!("hostile-stars-{stars}-{path_len}"),
        body,
        vec![path],
    )
}

/// The fixed file of the long-path series.
pub const LONG_PATH_BODY: &str = "User-agent: *\n\
Disallow: /*?sort=\n\
Disallow: /*.php$\n\
Disallow: /*/private/*\n\
Allow: /*/public/$\n\
Disallow: /search\n\
Allow: /search/about\n\
Disallow: /dir/dir/dir/secret\n\
Disallow: /tmp/\n\
Disallow: /cgi-bin/\n\
Allow: /cgi-bin/ok\n\
Disallow: /admin\n\
Disallow: /login\n";

/// The long-path series' input: `/dir/dir/…` of `path_len` bytes (no rule matches).
pub fn long_path_site(path_len: usize) -> Site {
    let mut path = String::with_capacity(path_len + 4);
    while path.len() < path_len {
        path.push_str("/dir");
    }
    path.truncate(path_len);
    site(
        format!("hostile-long-path-{path_len}"),
        LONG_PATH_BODY.as_bytes().to_vec(),
        vec![path],
    )
}

/// A deterministic pseudo-random stream (an LCG), so every run builds the same files.
pub struct Lcg(pub u64);

impl Lcg {
    /// The next 31-bit value.
    #[allow(clippy::should_implement_trait)]
    pub fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        self.0 >> 33
    }
}

const WORDS: [&str; 16] = [
    "api", "search", "product", "user", "static", "img", "cart", "blog", "tag", "page", "print",
    "share", "admin", "en", "de", "docs",
];

/// A file of `rules` rules under `User-agent: *` (one in fifty a wildcard rule), with
/// 1,000 paths: half start with a rule's literal prefix, half are random.
pub fn many_rules_site(rules: usize) -> Site {
    let mut rng = Lcg(rules as u64);
    let mut body = String::from("User-agent: *\n");
    let mut prefixes = Vec::with_capacity(rules);
    for i in 0..rules {
        let a = WORDS[(rng.next() % 16) as usize];
        let b = WORDS[(rng.next() % 16) as usize];
        let id = rng.next() % 1_000_000;
        let verb = if rng.next().is_multiple_of(4) {
            "Allow"
        } else {
            "Disallow"
        };
        let prefix = format!("/{a}/{b}{id}/");
        let rule = if i.is_multiple_of(50) {
            format!("{prefix}*.pdf$")
        } else {
            prefix.clone()
        };
        body.push_str(&format!("{verb}: {rule}\n"));
        prefixes.push(prefix);
    }
    let paths = (0..1000usize)
        .map(|i| {
            if i.is_multiple_of(2) {
                let p = &prefixes[(rng.next() as usize) % prefixes.len()];
                format!("{p}item{}.pdf", rng.next() % 1000)
            } else {
                let a = WORDS[(rng.next() % 16) as usize];
                format!("/{a}/{}/index.html?q={}", rng.next(), rng.next() % 100)
            }
        })
        .collect();
    site(format!("hostile-rules-{rules}"), body.into_bytes(), paths)
}

/// A random lower-case word of 5 to 10 letters.
fn random_word(rng: &mut Lcg) -> String {
    let len = 5 + (rng.next() % 6) as usize;
    (0..len)
        .map(|_| char::from(b'a' + (rng.next() % 26) as u8))
        .collect()
}

/// A file of `rules` rules `Disallow: /*<word>` under `User-agent: *` (distinct
/// random lower-case words of 5 to 10 letters), with 1,000 paths that are the same
/// at every size but for one in ten, which has one of the file's words put in
/// (so a rule matches it).
pub fn many_wildcards_site(rules: usize) -> Site {
    let mut rng = Lcg(0x5eed ^ rules as u64);
    let mut words = Vec::with_capacity(rules);
    let mut seen = std::collections::HashSet::with_capacity(rules);
    while words.len() < rules {
        let word = random_word(&mut rng);
        if seen.insert(word.clone()) {
            words.push(word);
        }
    }
    let mut body = String::from("User-agent: *\n");
    for word in &words {
        body.push_str(&format!("Disallow: /*{word}\n"));
    }
    // The paths: like `many_rules_site`'s random half, from a generator of their own.
    let mut paths_rng = Lcg(0x9a75);
    let paths = (0..1000usize)
        .map(|i| {
            let a = WORDS[(paths_rng.next() % 16) as usize];
            let b = WORDS[(paths_rng.next() % 16) as usize];
            let id = paths_rng.next() % 100_000;
            let q = paths_rng.next() % 100;
            if i.is_multiple_of(10) {
                let word = &words[(rng.next() as usize) % words.len()];
                format!("/{a}/{b}-{word}{id}/index.html?q={q}")
            } else {
                format!("/{a}/{b}{id}/index.html?q={q}")
            }
        })
        .collect();
    site(
        format!("hostile-wildcards-{rules}"),
        body.into_bytes(),
        paths,
    )
}

/// One measured point of a series.
#[derive(Clone, Copy, Debug)]
pub enum Point {
    /// Nanoseconds per check (or per parse).
    Ns(f64),
    /// The engine rejected the input.
    Rejected,
    /// Not run: the previous size already took longer than the budget.
    Skipped,
    /// Stopped after this many seconds (measured in a child process that was killed).
    Timeout(u64),
}

/// Stop a series for an engine once one size takes longer than this.
pub const BUDGET: Duration = Duration::from_secs(2);

/// Time one check (averaged over the input's paths) or one parse at a size.
/// Returns the time and how long one pass (every path once, or one parse) took.
pub fn measure(engine: Engine, series: &Series, size: usize) -> (Point, Duration) {
    let site = (series.make)(size);
    let started = Instant::now();
    let mut pass = Duration::ZERO;
    let point = match series.kind {
        Kind::Parse => {
            let mut best = f64::INFINITY;
            let mut ok = true;
            for round in 0..10 {
                let t = Instant::now();
                ok &= engine.parse_once(&site);
                let took = t.elapsed();
                if round == 0 {
                    pass = took;
                }
                best = best.min(took.as_nanos() as f64);
                if round >= 2 && started.elapsed() > Duration::from_millis(300) {
                    break;
                }
            }
            if ok {
                Point::Ns(best)
            } else {
                Point::Rejected
            }
        }
        Kind::Check => {
            // One pass first, to size the repetitions.
            let mut timer = Timer::new(1, 1);
            engine.run(&site, UNKNOWN_AGENT, &mut timer);
            pass = started.elapsed();
            if timer.failed || timer.checks == 0 {
                return (Point::Rejected, pass);
            }
            // Then at least three passes, the median counting: a policy builds its
            // wildcard automata on the first check that needs them, a cost paid
            // once, not per check.
            let once = timer.nanos.max(1.0);
            let rounds = ((2e8 / once) as usize).clamp(3, 25);
            timer = Timer::new(rounds, 1);
            engine.run(&site, UNKNOWN_AGENT, &mut timer);
            Point::Ns(timer.nanos / timer.checks as f64)
        }
    };
    (point, pass)
}

/// Measure one point in a child process (`exe ARGS… ENGINE SERIES SIZE` must print
/// [`measure_point_line`]'s output), killed after `limit`: one call of a peer can take
/// minutes on these inputs, and that cannot be interrupted in-process.
pub fn measure_isolated(
    exe: &std::path::Path,
    args: &[&str],
    engine: Engine,
    series: &Series,
    size: usize,
    limit: Duration,
) -> (Point, Duration) {
    use std::process::{Command, Stdio};
    let child = Command::new(exe)
        .args(args)
        .args([engine.id(), series.id, &size.to_string()])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn();
    let Ok(mut child) = child else {
        return (Point::Rejected, Duration::ZERO);
    };
    let started = Instant::now();
    loop {
        match child.try_wait() {
            Ok(Some(_)) => break,
            Ok(None) if started.elapsed() > limit => {
                let _ = child.kill();
                let _ = child.wait();
                return (Point::Timeout(limit.as_secs()), started.elapsed());
            }
            Ok(None) => std::thread::sleep(Duration::from_millis(20)),
            Err(_) => return (Point::Rejected, started.elapsed()),
        }
    }
    let mut out = String::new();
    if let Some(mut stdout) = child.stdout.take() {
        use std::io::Read;
        let _ = stdout.read_to_string(&mut out);
    }
    parse_point_line(&out).unwrap_or((Point::Rejected, started.elapsed()))
}

/// The child's side of [`measure_isolated`]: measure and format one point.
pub fn measure_point_line(engine: &str, series: &str, size: &str) -> String {
    let engine = Engine::ALL.into_iter().find(|e| e.id() == engine);
    let series = SERIES.iter().find(|s| s.id == series);
    let size = size.parse::<usize>().ok();
    let (Some(engine), Some(series), Some(size)) = (engine, series, size) else {
        return "error".into();
    };
    match measure(engine, series, size) {
        (Point::Ns(ns), pass) => format!("ns {ns} {}", pass.as_nanos()),
        (_, pass) => format!("rejected 0 {}", pass.as_nanos()),
    }
}

fn parse_point_line(line: &str) -> Option<(Point, Duration)> {
    let mut f = line.split_whitespace();
    let kind = f.next()?;
    let ns: f64 = f.next()?.parse().ok()?;
    let pass = Duration::from_nanos(f.next()?.parse().ok()?);
    Some((
        if kind == "ns" {
            Point::Ns(ns)
        } else {
            Point::Rejected
        },
        pass,
    ))
}

/// A whole series for one engine: sizes in order, each measured by `measure_at`.
/// A size is skipped (with the rest) once the previous one took longer than
/// [`BUDGET`] or timed out, or when the growth seen so far projects it to take
/// more than five budgets.
pub fn run_series(
    series: &Series,
    mut measure_at: impl FnMut(usize) -> (Point, Duration),
) -> Vec<(usize, Point)> {
    let mut out = Vec::new();
    let mut stop = false;
    let mut seen: Vec<(f64, f64)> = Vec::new();
    for &size in series.sizes {
        if !stop {
            if let [.., (x1, t1), (x2, t2)] = seen[..] {
                let b = ((t2 / t1).ln() / (x2 / x1).ln()).max(1.0);
                let projected = t2 * (size as f64 / x2).powf(b);
                stop = projected > 5.0 * BUDGET.as_secs_f64();
            }
        }
        if stop {
            out.push((size, Point::Skipped));
            continue;
        }
        let (point, took) = measure_at(size);
        stop = took > BUDGET || matches!(point, Point::Timeout(_));
        if let Point::Ns(_) = point {
            seen.push((size as f64, took.as_secs_f64().max(1e-9)));
        }
        out.push((size, point));
    }
    out
}
