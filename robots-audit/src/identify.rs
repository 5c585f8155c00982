//! Who sent a request, from its User-Agent header: a registry crawler, an
//! unknown bot, or a browser.

use crate::Identity;
use robots_registry as registry;

/// Product tokens that browsers (and bots that dress as browsers) send, which
/// name no crawler.
const BOILERPLATE: &[&str] = &[
    "mozilla",
    "applewebkit",
    "khtml",
    "gecko",
    "chrome",
    "safari",
    "compatible",
    "version",
    "mobile",
    "like",
    "windows",
    "linux",
    "macintosh",
    "x11",
    "android",
    "iphone",
    "ipad",
    "firefox",
    "edg",
    "opr",
    "crios",
    "fxios",
    "samsungbrowser",
    "u",
    "wow64",
    "win64",
    "x64",
];

/// The crawler behind a `User-Agent` header: a registry crawler (with its
/// documented fallbacks), else an unknown bot named by its first product token
/// that is not browser boilerplate; `None` for a browser (or no header).
///
/// ```
/// use robots_audit::{identify, Identity};
/// let google = identify(b"Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)");
/// assert_eq!(google, Some(Identity::crawler("Googlebot", &[], true)));
/// assert_eq!(identify(b"Mozilla/5.0 (X11; Linux x86_64; rv:120.0) Gecko/20100101 Firefox/120.0"), None);
/// let unknown = identify(b"ExampleBot/1.0 (+https://example.com/bot)");
/// assert_eq!(unknown, Some(Identity::crawler("ExampleBot", &[], false)));
/// ```
pub fn identify(user_agent: &[u8]) -> Option<Identity> {
    let text = String::from_utf8_lossy(user_agent);
    let tokens: Vec<&str> = text
        .split(|c: char| !(c.is_ascii_alphanumeric() || c == '-' || c == '_' || c == '.'))
        .filter(|t| !t.is_empty() && !t.starts_with(|c: char| c.is_ascii_digit()))
        .collect();
    if let Some(crawler) = tokens.iter().find_map(|t| registry::crawler(t)) {
        let chain: Vec<&str> = crawler.chain().collect();
        return Some(Identity::crawler(
            crawler.token,
            chain.get(1..).unwrap_or_default(),
            true,
        ));
    }
    let lower = text.to_ascii_lowercase();
    let botlike = ["bot", "crawl", "spider", "http", "fetch", "scrape"]
        .iter()
        .any(|w| lower.contains(w));
    let first = tokens
        .iter()
        .find(|t| !BOILERPLATE.contains(&t.to_ascii_lowercase().as_str()));
    match first {
        Some(token) if botlike || !lower.starts_with("mozilla/") => {
            Some(Identity::crawler(token, &[], false))
        }
        _ => None,
    }
}
