//! Throughput of `robots check --fetch` (run with `cd benches && cargo bench
//! --no-default-features --bench check_fetch`): 100,000 URLs over 1,000 loopback
//! origins (one robots.txt fetch each), through `robots_cli::run` in-process.
//! Prints URLs per second, best of three runs (each run starts with an empty
//! cache, so every run fetches all 1,000 origins).

use robots_loopback::{Reply, Server};
use std::io::Cursor;
use std::time::Instant;

const ORIGINS: usize = 1_000;
const URLS: usize = 100_000;

fn main() {
    let file = "User-agent: *\nDisallow: /private\nAllow: /private/open\nCrawl-delay: 1\n";
    let servers: Vec<Server> = (0..ORIGINS)
        .map(|_| Server::route("/robots.txt", Reply::ok(file)))
        .collect();
    let mut input = String::new();
    for n in 0..URLS {
        let path = if n % 4 == 0 {
            format!("/private/{n}")
        } else {
            format!("/page/{n}?q={n}")
        };
        input.push_str(&servers[(n * 7919) % ORIGINS].url(&path));
        input.push('\n');
    }
    let mut best = f64::INFINITY;
    for run in 0..3 {
        let mut stdin = Cursor::new(input.as_bytes());
        let (mut out, mut err) = (Vec::with_capacity(input.len() + URLS * 12), Vec::new());
        let start = Instant::now();
        let status = robots_cli::run(
            ["robots", "check", "--fetch", "--agent", "Bot"],
            &mut stdin,
            &mut out,
            &mut err,
        );
        let secs = start.elapsed().as_secs_f64();
        assert_eq!(status, 0, "{}", String::from_utf8_lossy(&err));
        assert_eq!(out.iter().filter(|&&b| b == b'\n').count(), URLS);
        best = best.min(secs);
        println!(
            "run {run}: {URLS} URLs over {ORIGINS} origins in {secs:.3} s ({:.0} URLs/s)",
            URLS as f64 / secs
        );
    }
    let fetches: usize = servers.iter().map(Server::hits).sum();
    assert_eq!(fetches, ORIGINS * 3, "one fetch per origin per run");
    println!(
        "check --fetch: best {best:.3} s, {:.0} URLs/s, {:.0} origins/s",
        URLS as f64 / best,
        ORIGINS as f64 / best
    );
}
