//! A crawler loop over a `PolicyCache`: one robots.txt fetch per origin, a
//! verdict and the origin's crawl-delay per URL.
//!
//! `cargo run -p robots-fetch --example crawl -- URL...` (no URL: a loopback-free
//! dry run that only shows the usage).

use robots_fetch::{AsyncFetcher, FetchSettings, PolicyCache};
use std::time::Duration;

#[tokio::main(flavor = "current_thread")]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let urls: Vec<String> = std::env::args().skip(1).collect();
    if urls.is_empty() {
        eprintln!("usage: crawl URL...");
        return Ok(());
    }
    let agent = "ExampleBot";
    let settings =
        FetchSettings::default().with_user_agent("ExampleBot/1.0 (+https://example.com/bot)");
    let cache = PolicyCache::new(AsyncFetcher::new()?, settings);
    for url in &urls {
        match cache.is_allowed(agent, url).await {
            Ok(true) => {
                let delay = cache
                    .crawl_delay(agent, url)
                    .await?
                    .unwrap_or(Duration::ZERO);
                println!("fetch {url} (then wait {delay:?})");
                // … fetch the page, extract links, push them onto `urls` …
            }
            Ok(false) => println!("skip {url}: disallowed by robots.txt"),
            Err(e) => println!("skip {url}: {e}"),
        }
    }
    Ok(())
}
