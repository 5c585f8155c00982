//! From a User-Agent header, as a crawler sends it, to the product token a
//! robots.txt names, and from a token to the chain of tokens the crawler obeys.
//!
//! A crawler's header is `Mozilla/5.0 (compatible; Googlebot/2.1;
//! +http://www.google.com/bot.html)`; its robots.txt token is `Googlebot`.
//! Matching a robots.txt against the whole header names no group, so it falls
//! to `*` in silence. [`token_of_header`] finds the token:
//!
//! 1. a header of a form the registry documents for a crawler gives that
//!    crawler's token (`Mozilla/5.0 (compatible; Yahoo! Slurp; …)` → `Slurp`);
//! 2. otherwise the first product token that is no browser boilerplate
//!    ([`BOILERPLATE`]): first the products outside comments, then, inside
//!    comments, the `;`-separated items that are one product and have a version
//!    or follow `compatible`.
//!
//! Tokens are RFC 9110 tokens ([`is_tchar`]): `Bot9/1.0`
//! gives `Bot9`. Matching a policy stays exact: callers ask for the header
//! reading explicitly, and [`looks_like_header`] lets them warn when a name is
//! plainly a header.
//!
//! ```
//! use robots_runtime::registry::{token_of_header, TokenSource};
//!
//! let gpt = token_of_header(b"Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.1; +https://openai.com/gptbot)").unwrap();
//! assert_eq!(gpt.token, b"GPTBot");
//! assert_eq!(gpt.source, TokenSource::DocumentedForm);
//!
//! let mine = token_of_header(b"Mozilla/5.0 (compatible; MyBot/1.0; +https://example.com/bot)").unwrap();
//! assert_eq!((mine.token, mine.source, mine.crawler), (&b"MyBot"[..], TokenSource::ProductToken, None));
//!
//! // A browser sends no crawler token.
//! assert!(token_of_header(b"Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36").is_none());
//! ```

use crate::{Crawler, CRAWLERS};
use alloc::vec::Vec;
use core::fmt;

/// Headers longer than this match no documented form (real ones are a few
/// hundred bytes; servers refuse header lines over 8 KiB). It bounds the cost
/// of [`Crawler::sends`] on untrusted input.
pub const MAX_HEADER_LEN: usize = 8192;

/// Whether `header` has the form `form`: `*` matches any run of bytes (also
/// none), every other byte itself, ignoring ASCII case; the whole header must
/// match.
///
/// It takes at most `form.len() × header.len()` steps (the classic wildcard
/// match, which backtracks to the last `*` only).
///
/// ```
/// use robots_runtime::registry::form_matches;
/// assert!(form_matches("FooBot/* (+https://foo.example)", b"foobot/2.1 (+https://foo.example)"));
/// assert!(!form_matches("FooBot/*", b"XFooBot/2.1"));
/// ```
pub fn form_matches(form: &str, header: &[u8]) -> bool {
    let form = form.as_bytes();
    let (mut f, mut h) = (0, 0);
    // After a `*`: where in the form it was, and the header byte it now starts at.
    let mut star: Option<(usize, usize)> = None;
    while let Some(&byte) = header.get(h) {
        match form.get(f) {
            Some(b'*') => {
                star = Some((f, h));
                f += 1;
            }
            Some(c) if c.eq_ignore_ascii_case(&byte) => {
                f += 1;
                h += 1;
            }
            _ => match star {
                Some((at, from)) => {
                    star = Some((at, from + 1));
                    f = at + 1;
                    h = from + 1;
                }
                None => return false,
            },
        }
    }
    form.get(f..).unwrap_or_default().iter().all(|&c| c == b'*')
}

/// The crawler whose documented header forms `header` has, or `None`: the
/// first in registry order (forms are written so that at most one crawler
/// matches; a test checks it for every form).
///
/// ```
/// use robots_runtime::registry;
/// let header = "Mozilla/5.0 (compatible; archive.org_bot +http://archive.org/details/archive.org_bot)";
/// assert_eq!(registry::crawler_for_header(header).unwrap().token, "archive.org_bot");
/// ```
pub fn crawler_for_header(header: impl AsRef<[u8]>) -> Option<&'static Crawler> {
    let header = header.as_ref();
    CRAWLERS.iter().find(|c| c.sends(header))
}

/// Whether `b` is an RFC 9110 `tchar`, a byte a product token may hold:
/// letters, digits and `` !#$%&'*+-.^_`|~ `` (the class robots-core's
/// user-agent matching uses; a test holds the two to each other).
///
/// ```
/// use robots_runtime::registry::is_tchar;
/// assert!(is_tchar(b'G') && is_tchar(b'-') && is_tchar(b'~'));
/// assert!(!is_tchar(b'/') && !is_tchar(b' ') && !is_tchar(b'('));
/// ```
pub const fn is_tchar(b: u8) -> bool {
    b.is_ascii_alphanumeric()
        || matches!(
            b,
            b'!' | b'#'
                | b'$'
                | b'%'
                | b'&'
                | b'\''
                | b'*'
                | b'+'
                | b'-'
                | b'.'
                | b'^'
                | b'_'
                | b'`'
                | b'|'
                | b'~'
        )
}

/// Product tokens that browsers and browser-like headers carry and that name
/// no crawler, compared ignoring ASCII case: engines, browsers, platforms and
/// the words of `(KHTML, like Gecko)`, `compatible` and `Version`.
pub const BOILERPLATE: &[&str] = &[
    "Mozilla",
    "AppleWebKit",
    "KHTML",
    "Gecko",
    "like",
    "Chrome",
    "Chromium",
    "Safari",
    "Mobile",
    "Version",
    "compatible",
    "Firefox",
    "Edg",
    "Edge",
    "EdgA",
    "EdgiOS",
    "OPR",
    "Opera",
    "Presto",
    "CriOS",
    "FxiOS",
    "SamsungBrowser",
    "YaBrowser",
    "Vivaldi",
    "UCBrowser",
    "Trident",
    "MSIE",
    "IEMobile",
    "Windows",
    "Win64",
    "WOW64",
    "x64",
    "Linux",
    "Android",
    "Macintosh",
    "X11",
    "iPhone",
    "iPad",
    "U",
    "wv",
    "K",
];

/// Whether `token` is browser boilerplate ([`BOILERPLATE`], ignoring ASCII case).
///
/// ```
/// use robots_runtime::registry::is_boilerplate;
/// assert!(is_boilerplate(b"mozilla") && is_boilerplate(b"AppleWebKit"));
/// assert!(!is_boilerplate(b"Googlebot"));
/// ```
pub fn is_boilerplate(token: impl AsRef<[u8]>) -> bool {
    let token = token.as_ref();
    BOILERPLATE
        .iter()
        .any(|b| b.as_bytes().eq_ignore_ascii_case(token))
}

/// How [`token_of_header`] found the token.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TokenSource {
    /// The header has a form the registry documents for [`HeaderToken::crawler`].
    DocumentedForm,
    /// The first product token of the header that is no boilerplate.
    ProductToken,
}

/// The crawler token found in a User-Agent header.
///
/// Its `Debug` output shows the token as text (bytes that are not printable
/// ASCII escaped) and the registry crawler by its token:
///
/// ```
/// use robots_runtime::registry::token_of_header;
/// let found = token_of_header("Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)").unwrap();
/// assert_eq!(
///     format!("{found:?}"),
///     r#"HeaderToken { token: "Googlebot", crawler: Some("Googlebot"), source: DocumentedForm }"#
/// );
/// ```
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct HeaderToken<'h> {
    /// The token to match a robots.txt with: the registry crawler's token, or
    /// the product token as the header spells it.
    pub token: &'h [u8],
    /// The registry crawler: the one whose form the header has, or the one
    /// whose token the product token is (ignoring ASCII case).
    pub crawler: Option<&'static Crawler>,
    /// How the token was found.
    pub source: TokenSource,
}

impl fmt::Debug for HeaderToken<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        /// The token as a quoted string (`escape_ascii` keeps it one line and
        /// shows stray bytes as `\xNN`).
        struct Text<'a>(&'a [u8]);
        impl fmt::Debug for Text<'_> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "\"{}\"", self.0.escape_ascii())
            }
        }
        f.debug_struct("HeaderToken")
            .field("token", &Text(self.token))
            .field("crawler", &self.crawler.map(|c| c.token))
            .field("source", &self.source)
            .finish()
    }
}

/// The token a robots.txt names for the crawler that sends `header`, or
/// `None` when the header holds no crawler token (a browser's header, an empty
/// one). The crate docs give the rules.
///
/// Linear in the header's length; headers longer than
/// [`MAX_HEADER_LEN`] match no documented form but are still
/// read for a product token.
///
/// ```
/// use robots_runtime::registry::token_of_header;
///
/// let token = |h: &str| token_of_header(h).map(|t| String::from_utf8_lossy(t.token).into_owned());
/// assert_eq!(token("ExampleBot/1.0 (+https://example.com/bot)").as_deref(), Some("ExampleBot"));
/// assert_eq!(token("Bot9/1.0").as_deref(), Some("Bot9"));
/// assert_eq!(token("Mozilla/5.0 (compatible; DuckDuckBot-Https/1.1; https://duckduckgo.com/duckduckbot)").as_deref(), Some("DuckDuckBot"));
/// assert_eq!(token("Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36 (compatible; NewBot/2.1; +https://newbot.example)").as_deref(), Some("NewBot"));
/// assert_eq!(token("").as_deref(), None);
/// ```
pub fn token_of_header<H: AsRef<[u8]> + ?Sized>(header: &H) -> Option<HeaderToken<'_>> {
    let header = header.as_ref();
    if let Some(crawler) = crawler_for_header(header) {
        return Some(HeaderToken {
            token: crawler.token.as_bytes(),
            crawler: Some(crawler),
            source: TokenSource::DocumentedForm,
        });
    }
    let token = first_product_token(header)?;
    Some(HeaderToken {
        token,
        crawler: crate::crawler(token),
        source: TokenSource::ProductToken,
    })
}

/// Whether an agent name is plainly a whole User-Agent header, not a product
/// token: it holds `/` followed by a digit (a product version) or `(` (a
/// comment). Callers that match names exactly warn on it and name the token
/// [`token_of_header`] would use.
///
/// ```
/// use robots_runtime::registry::looks_like_header;
/// assert!(looks_like_header(b"ExampleBot/1.0"));
/// assert!(looks_like_header(b"Mozilla/5.0 (compatible; FooBot)"));
/// assert!(!looks_like_header(b"Googlebot-Image"));
/// assert!(!looks_like_header(b"a/b"));
/// ```
pub fn looks_like_header(agent: impl AsRef<[u8]>) -> bool {
    let agent = agent.as_ref();
    agent.contains(&b'(')
        || agent
            .windows(2)
            .any(|w| w.first() == Some(&b'/') && w.get(1).is_some_and(u8::is_ascii_digit))
}

/// The tokens a crawler obeys, in order, when no group names the ones before:
/// `token` itself, then the fallbacks its registry entry documents
/// (`Googlebot-Image` → `Googlebot`), then, with `dash_prefixes`, each prefix
/// of `token` that ends before a `-`, longest first (`Hedwig-News-Mobile` →
/// `Hedwig-News`, `Hedwig`). Each token appears once (ignoring ASCII case).
///
/// Google documents that a crawler with no group of its own obeys its
/// parent's; the dash-prefix rule generalises that to crawlers the registry
/// does not know, so it is opt-in. Pass the chain to `Policy::matcher_chain`.
///
/// ```
/// use robots_runtime::registry::family_chain;
/// assert_eq!(family_chain(b"Googlebot-News", false), [&b"Googlebot-News"[..], b"Googlebot"]);
/// assert_eq!(family_chain(b"bingbot", false), [&b"bingbot"[..], b"msnbot"]);
/// assert_eq!(family_chain(b"hedwig-news", false), [&b"hedwig-news"[..]]);
/// assert_eq!(family_chain(b"hedwig-news", true), [&b"hedwig-news"[..], b"hedwig"]);
/// ```
pub fn family_chain<T: AsRef<[u8]> + ?Sized>(token: &T, dash_prefixes: bool) -> Vec<&[u8]> {
    let token = token.as_ref();
    fn push<'a>(chain: &mut Vec<&'a [u8]>, t: &'a [u8]) {
        if !t.is_empty() && !chain.iter().any(|c| c.eq_ignore_ascii_case(t)) {
            chain.push(t);
        }
    }
    let mut chain: Vec<&[u8]> = Vec::new();
    push(&mut chain, token);
    if let Some(crawler) = crate::crawler(token) {
        for f in crawler.fallbacks {
            push(&mut chain, f.as_bytes());
        }
    }
    if dash_prefixes {
        for (i, _) in token.iter().enumerate().rev().filter(|&(_, &b)| b == b'-') {
            push(&mut chain, token.get(..i).unwrap_or_default());
        }
    }
    chain
}

/// Which groups of a robots.txt a crawler obeys: the one rule `robots
/// report`, `check`, `explain` and `diff`, the DuckDB and Spark SQL functions
/// and the Python package follow.
///
/// A crawler obeys the groups that name its token, else those of the first
/// fallback the registry documents for it that a group names
/// ([`family_chain`]: `Googlebot-Image` → `Googlebot`), else the `*` groups:
/// unless the registry documents that it ignores `*` (Google's ads crawlers),
/// in which case no group applies and it may fetch everything. A token the
/// registry does not list is its own chain and obeys `*`. Pass
/// [`tokens`](Self::tokens) and [`obeys_wildcard`](Self::obeys_wildcard) to
/// `Policy::matcher_obeying`.
///
/// ```
/// use robots_runtime::registry::AgentChain;
/// use robots_runtime::{Policy, Profile};
///
/// let policy = Policy::parse("User-agent: *\nDisallow: /\n\nUser-agent: Googlebot\nAllow: /\n", Profile::Google);
/// // Googlebot-Image falls back to the Googlebot group.
/// let image = AgentChain::of("Googlebot-Image");
/// assert_eq!(image.tokens, [&b"Googlebot-Image"[..], b"Googlebot"]);
/// assert!(policy.matcher_obeying(&image.tokens, image.obeys_wildcard).is_allowed("/x"));
/// // AdsBot-Google ignores `*`: no group names it, so none applies.
/// let ads = AgentChain::of("AdsBot-Google");
/// assert!(!ads.obeys_wildcard);
/// assert!(policy.matcher_obeying(&ads.tokens, ads.obeys_wildcard).is_allowed("/x"));
/// // Any other token is matched as given, and obeys `*`.
/// let other = AgentChain::of("ExampleBot");
/// assert_eq!((other.tokens.len(), other.obeys_wildcard), (1, true));
/// assert!(!policy.matcher_obeying(&other.tokens, other.obeys_wildcard).is_allowed("/x"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AgentChain<'a> {
    /// The tokens it obeys, most specific first: the agent as given, then the
    /// fallbacks the registry documents for it. Never empty: an empty agent
    /// names no token, and is its own chain (checked as given).
    pub tokens: Vec<&'a [u8]>,
    /// Whether the `*` groups apply when no group names a token of
    /// [`tokens`](Self::tokens): `false` only for a registry crawler
    /// documented to ignore `*`.
    pub obeys_wildcard: bool,
}

impl<'a> AgentChain<'a> {
    /// The chain of `agent`, a product token (`GPTBot`), as the registry
    /// documents it.
    pub fn of<T: AsRef<[u8]> + ?Sized>(agent: &'a T) -> AgentChain<'a> {
        let agent = agent.as_ref();
        let mut tokens = family_chain(agent, false);
        if tokens.is_empty() {
            tokens.push(agent);
        }
        AgentChain {
            tokens,
            obeys_wildcard: crate::crawler(agent).map_or(true, |c| c.obeys_wildcard),
        }
    }
}

/// A `token ["/" version]` element of a header, and where the scan goes on.
struct Product<'h> {
    token: &'h [u8],
    has_version: bool,
}

/// Reads `token ["/" version]` at `at`: the product and the index after it.
fn product_at(header: &[u8], at: usize) -> (Product<'_>, usize) {
    let run = |from: usize| {
        header
            .get(from..)
            .unwrap_or_default()
            .iter()
            .position(|&b| !is_tchar(b))
            .map_or(header.len(), |n| from + n)
    };
    let end = run(at);
    let token = header.get(at..end).unwrap_or_default();
    if header.get(end) == Some(&b'/') {
        let version_end = run(end + 1);
        let product = Product {
            token,
            has_version: version_end > end + 1,
        };
        return (product, version_end);
    }
    let product = Product {
        token,
        has_version: false,
    };
    (product, end)
}

/// A crawler token is a product token that starts with a letter or digit
/// (not `+url`) and holds a letter (not a version such as `5.0`), and is no
/// boilerplate. Digits may lead: Qihoo's crawler is `360Spider`.
fn is_candidate(token: &[u8]) -> bool {
    token.first().is_some_and(u8::is_ascii_alphanumeric)
        && token.iter().any(u8::is_ascii_alphabetic)
        && !is_boilerplate(token)
}

/// The first product outside comments that is a candidate; else the first
/// comment item that is one product with a version, or follows `compatible`.
fn first_product_token(header: &[u8]) -> Option<&[u8]> {
    // Pass 1: products at depth 0.
    let (mut i, mut depth) = (0usize, 0usize);
    while let Some(&b) = header.get(i) {
        match b {
            b'(' => {
                depth += 1;
                i += 1;
            }
            b')' => {
                depth = depth.saturating_sub(1);
                i += 1;
            }
            b'\\' if depth > 0 => i += 2,
            _ if depth == 0 && is_tchar(b) => {
                let (product, next) = product_at(header, i);
                if is_candidate(product.token) {
                    return Some(product.token);
                }
                i = next.max(i + 1);
            }
            _ => i += 1,
        }
    }
    // Pass 2: the items of comments, split at `;`.
    let (mut i, mut depth, mut compatible) = (0usize, 0usize, false);
    while let Some(&b) = header.get(i) {
        i += 1;
        let starts_item = match b {
            b'(' => {
                depth += 1;
                compatible = false;
                true
            }
            b')' => {
                depth = depth.saturating_sub(1);
                false
            }
            b';' => depth > 0,
            _ => false,
        };
        if starts_item {
            match item_token(header, i, compatible) {
                Ok(token) => return Some(token),
                Err(end) => {
                    compatible |= end.compatible;
                    i = end.at;
                }
            }
        }
    }
    None
}

/// Where a comment item ends, and whether it was `compatible`.
struct ItemEnd {
    at: usize,
    compatible: bool,
}

/// The comment item starting at `at` (up to `;`, `)` or `(`), trimmed: its
/// token when it is one product that is a candidate and has a version or
/// follows `compatible`, or, after `compatible`, a candidate product followed
/// by blanks and a `+` contact (`compatible; PanguBot +https://…`); else
/// where the item ends.
fn item_token(header: &[u8], at: usize, compatible: bool) -> Result<&[u8], ItemEnd> {
    let rest = header.get(at..).unwrap_or_default();
    let len = rest
        .iter()
        .position(|&b| matches!(b, b';' | b')' | b'('))
        .unwrap_or(rest.len());
    let text = rest.get(..len).unwrap_or_default().trim_ascii();
    let end = ItemEnd {
        at: at + len,
        compatible: text.eq_ignore_ascii_case(b"compatible"),
    };
    let offset = at
        + rest
            .iter()
            .position(|&b| b != b' ' && b != b'\t')
            .unwrap_or(len)
            .min(len);
    let (product, next) = product_at(header, offset);
    let whole = next - offset == text.len();
    // `name +contact`: the blanks after the product, then a `+`.
    let after = header.get(next..at + len).unwrap_or_default();
    let contact = compatible
        && after.first().is_some_and(|b| matches!(b, b' ' | b'\t'))
        && after.trim_ascii_start().first() == Some(&b'+');
    if (whole && (product.has_version || compatible) || contact) && is_candidate(product.token) {
        Ok(product.token)
    } else {
        Err(end)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::CRAWLERS;
    use alloc::string::String;

    fn token(header: &str) -> Option<String> {
        token_of_header(header.as_bytes()).map(|t| String::from_utf8_lossy(t.token).into_owned())
    }

    #[test]
    fn the_byte_class_is_robots_cores() {
        for b in 0..=u8::MAX {
            assert_eq!(
                is_tchar(b),
                robots_core::group::agent::is_tchar(b),
                "{b:#04x}"
            );
        }
    }

    #[test]
    fn text_and_bytes_read_alike_and_debug_shows_text() {
        let header = "Mozilla/5.0 (compatible; MyBot/1.0; +https://example.com)";
        let from_str = token_of_header(header).unwrap();
        let (string, vec) = (String::from(header), header.as_bytes().to_vec());
        let from_string = token_of_header(&string).unwrap();
        let from_bytes = token_of_header(header.as_bytes()).unwrap();
        let from_vec = token_of_header(&vec).unwrap();
        assert_eq!(from_str, from_bytes);
        assert_eq!(from_string, from_bytes);
        assert_eq!(from_vec, from_bytes);
        assert_eq!(
            alloc::format!("{from_str:?}"),
            r#"HeaderToken { token: "MyBot", crawler: None, source: ProductToken }"#
        );
        // Bytes that are not printable ASCII are escaped, on one line.
        let odd = token_of_header(b"Bot\xffX/1").unwrap();
        assert_eq!(odd.token, b"Bot");
        let shown = alloc::format!(
            "{:?}",
            HeaderToken {
                token: b"a\xff\n\"",
                ..odd
            }
        );
        assert!(shown.contains(r#"token: "a\xff\n\"""#), "{shown}");
        assert_eq!(
            family_chain("Googlebot-News", false),
            family_chain(b"Googlebot-News", false)
        );
        assert!(looks_like_header("Foo/2") && looks_like_header(String::from("Foo/2")));
        assert!(is_boilerplate("Mozilla") && is_boilerplate(b"mozilla"));
    }

    #[test]
    fn every_documented_form_gives_its_crawlers_token() {
        let mut forms = 0;
        for crawler in CRAWLERS {
            for form in crawler.headers() {
                for fill in ["2.1", "120.0.6099.71 (X11; Linux x86_64)"] {
                    let header = form.replace('*', fill);
                    let found = token_of_header(header.as_bytes()).unwrap();
                    assert_eq!(found.token, crawler.token.as_bytes(), "{header}");
                    assert_eq!(found.source, TokenSource::DocumentedForm, "{header}");
                    assert_eq!(found.crawler.map(|c| c.token), Some(crawler.token));
                    forms += 1;
                }
            }
        }
        assert!(forms > 300, "{forms}");
    }

    #[test]
    fn boilerplate_is_skipped_outside_and_inside_comments() {
        for (header, want) in [
            ("MyBot", "MyBot"),
            ("MyBot/1.0", "MyBot"),
            ("Bot9/1.0 (+https://bot9.example)", "Bot9"),
            ("ExampleBot/1.0 (+https://example.com/bot)", "ExampleBot"),
            ("Mozilla/5.0 (compatible; MyBot/1.0; +https://example.com)", "MyBot"),
            ("Mozilla/5.0 (compatible; MyBot; +https://example.com)", "MyBot"),
            ("Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; NewBot/0.9; +https://newbot.example) Chrome/120.0.0.0 Safari/537.36", "NewBot"),
            ("Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 SpecialBot/3", "SpecialBot"),
            ("Mozilla/5.0 (compatible; MSIE 9.0; Windows NT 6.1; WOW64; Trident/5.0; PaperBot/2)", "PaperBot"),
            ("Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1 (compatible; PhoneBot/1.0)", "PhoneBot"),
            ("curl/8.5.0", "curl"),
            ("python-requests/2.31.0", "python-requests"),
            ("  Scrapy/2.11 (+https://scrapy.org)", "Scrapy"),
            ("Mozilla/5.0 (compatible; googlebot/2.1; +http://www.google.com/bot.html)", "Googlebot"),
            // A token may start with digits, and a `name +contact` item after `compatible` names its crawler.
            ("Mozilla/5.0 (compatible; MSIE 9.0; Windows NT 6.1; Trident/5.0); 360Spider", "360Spider"),
            ("Mozilla/5.0 (compatible; NameBot +https://namebot.example)", "NameBot"),
            ("Mozilla/5.0 (compatible; NameBot/2.0 +https://namebot.example)", "NameBot"),
            ("Mozilla/5.0 (Windows Phone 8.1; ARM; Trident/7.0; Touch; rv:11.0; IEMobile/11.0; NOKIA; Lumia 530) like Gecko (compatible; PhoneBot/2.0)", "PhoneBot"),
        ] {
            assert_eq!(token(header).as_deref(), Some(want), "{header}");
        }
        // A crawler named by its product token is looked up in the registry too.
        let gpt = token_of_header(b"GPTBot/1.2").unwrap();
        assert_eq!(
            (gpt.source, gpt.crawler.map(|c| c.token)),
            (TokenSource::ProductToken, Some("GPTBot"))
        );
    }

    #[test]
    fn headers_with_no_crawler_token() {
        for header in [
            "",
            "   ",
            "Mozilla/5.0",
            "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.0.0",
            "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Safari/605.1.15",
            "Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0",
            "Mozilla/5.0 (Linux; Android 13; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36",
            "(+https://example.com)",
            "/1.0 ;;; ((()))",
            // `+contact` only names a crawler after `compatible`; versions are no tokens.
            "Mozilla/5.0 (X11; Linux x86_64 +https://x.example)",
            "Mozilla/5.0 (Windows Phone 8.1; ARM; Trident/7.0; Touch; rv:11.0; IEMobile/11.0; NOKIA; Lumia 530) like Gecko",
            "Mozilla/5.0 (compatible; +https://x.example) 5.0 1_2_3",
        ] {
            assert_eq!(token(header), None, "{header}");
        }
        // An unknown crawler is found, but is no registry crawler.
        let unknown = token_of_header(b"Mozilla/5.0 (compatible; NoSuchCrawlerXyz/1.0)").unwrap();
        assert_eq!(
            (unknown.token, unknown.crawler),
            (&b"NoSuchCrawlerXyz"[..], None)
        );
    }

    #[test]
    fn hostile_headers_are_read_in_linear_time_without_panic() {
        let mut nested = alloc::vec![b'('; 1 << 20];
        nested.extend(alloc::vec![b';'; 1 << 20]);
        assert_eq!(token_of_header(&nested), None);
        let mut long = alloc::vec![b'x'; 1 << 20];
        long.insert(0, b'(');
        assert_eq!(token_of_header(&long), None);
        let mut after = alloc::vec![b' '; 1 << 20];
        after.extend_from_slice(b"Bot/1");
        assert_eq!(token_of_header(&after).map(|t| t.token), Some(&b"Bot"[..]));
        assert_eq!(token_of_header(b"(\\"), None);
        assert_eq!(
            token_of_header(b"\xff\xfe(compatible; \xc3\xa9Bot/1)"),
            None
        );
    }

    #[test]
    fn headers_are_told_from_names() {
        for header in [
            "ExampleBot/1.0 (+https://example.com/bot)",
            "Foo/2",
            "x (y)",
        ] {
            assert!(looks_like_header(header.as_bytes()), "{header}");
        }
        for name in [
            "ExampleBot",
            "Googlebot-Image",
            "archive.org_bot",
            "a/b",
            "MJ12bot",
            "/",
        ] {
            assert!(!looks_like_header(name.as_bytes()), "{name}");
        }
    }

    #[test]
    fn family_chains() {
        assert_eq!(
            family_chain(b"Googlebot-Image", false),
            [&b"Googlebot-Image"[..], b"Googlebot"]
        );
        assert_eq!(
            family_chain(b"googlebot-news", true),
            [&b"googlebot-news"[..], b"Googlebot"]
        );
        assert_eq!(
            family_chain(b"YandexMobileBot", true),
            [&b"YandexMobileBot"[..], b"Yandex"]
        );
        // A candidate no stored source confirmed (robots-registry/candidates.toml)
        // has no documented fallback.
        assert_eq!(family_chain(b"YandexImages", true), [&b"YandexImages"[..]]);
        assert_eq!(family_chain(b"a-b-c", true), [&b"a-b-c"[..], b"a-b", b"a"]);
        assert_eq!(family_chain(b"a-b-c", false), [&b"a-b-c"[..]]);
        assert_eq!(family_chain(b"-x-", true), [&b"-x-"[..], b"-x"]);
        assert!(family_chain(b"", true).is_empty());
    }
}
