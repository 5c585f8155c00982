//! Who sent a request, from its User-Agent header: a registry crawler, an
//! unknown bot, or a browser. The token is read as everywhere else in the
//! project: [`robots_registry::token_of_header`].

use crate::Identity;

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
    let found = robots_registry::token_of_header(user_agent)?;
    let chain = robots_registry::family_chain(found.token, false)
        .into_iter()
        .map(|t| String::from_utf8_lossy(t).into_owned())
        .collect();
    Some(Identity::Crawler {
        chain,
        known: found.crawler.is_some(),
    })
}

/// What an audit counts a request as: [`identify`]'s crawler, else a browser
/// (left out of the audit); with `browsers`, browsers are audited too, as one
/// crawler `(browser)` that the `*` groups govern.
///
/// ```
/// use robots_audit::{identity, Identity};
/// let firefox = b"Mozilla/5.0 (X11; Linux x86_64; rv:120.0) Gecko/20100101 Firefox/120.0";
/// assert_eq!(identity(firefox, false), Identity::Browser);
/// assert_eq!(identity(firefox, true), Identity::crawler("(browser)", &[], false));
/// ```
pub fn identity(user_agent: &[u8], browsers: bool) -> Identity {
    match identify(user_agent) {
        Some(identity) => identity,
        None if browsers => Identity::crawler("(browser)", &[], false),
        None => Identity::Browser,
    }
}
