//! The README's crawl loop, as the README shows it: built by the tests (an
//! example), and `tests/readme.rs` holds the README to this file's text.

use robots_fetch::{AsyncFetcher, FetchSettings, PolicyCache};

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let settings =
        FetchSettings::default().with_user_agent("ExampleBot/1.0 (+https://example.com/bot)");
    let cache = PolicyCache::new(AsyncFetcher::new()?, settings);
    let mut urls = vec![String::from("https://example.com/")];
    while let Some(url) = urls.pop() {
        if cache.is_allowed("ExampleBot", &url).await? {
            let delay = cache.crawl_delay("ExampleBot", &url).await?;
            // … fetch the page, wait `delay`, push its links onto `urls` …
            println!("{url}: allowed, then wait {delay:?}");
        }
    }
    Ok(())
}
