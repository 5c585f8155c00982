//! Where a robots.txt is fetched from: the page's origin, and redirect targets.
//!
//! URL parsing and resolution is a WHATWG URL parser's ([`UrlParser`]: the `url`
//! crate's, or the JavaScript engine's `URL` in the WebAssembly package), so
//! hosts are normalised (case, IDNA, IP forms) and default ports dropped exactly
//! as every browser and HTTP client does. What is built on it is here, once.

#[cfg(feature = "url")]
use super::parser::UrlCrate;
use super::parser::{ParsedUrl, UrlParser};
use alloc::borrow::Cow;
use alloc::format;
use alloc::string::String;

use crate::error::{FetchError, Kind};

/// Parse an absolute http(s) URL with a host.
pub(crate) fn parse_http_url(text: &str, parser: &dyn UrlParser) -> Result<ParsedUrl, FetchError> {
    let url = parser.parse(text, None).map_err(|why| {
        FetchError::new(if has_scheme(text) {
            Kind::InvalidUrl(why)
        } else {
            Kind::RelativeUrl
        })
    })?;
    check_http(&url)?;
    Ok(url)
}

/// Whether `text` starts with a scheme as the URL standard reads one (its
/// "scheme start" state): leading C0 controls and spaces skipped, tabs and
/// newlines ignored, then an ASCII letter, letters, digits, `+`, `-` or `.`,
/// and a `:`. Without one, an absolute URL cannot parse: the error is that the
/// URL is relative, whatever the parser's words for it.
fn has_scheme(text: &str) -> bool {
    let mut chars = as_parsed(text);
    if !chars.next().is_some_and(|c| c.is_ascii_alphabetic()) {
        return false;
    }
    for c in chars {
        match c {
            ':' => return true,
            c if c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.') => {}
            _ => return false,
        }
    }
    false
}

/// An http or https URL with a host.
fn check_http(url: &ParsedUrl) -> Result<(), FetchError> {
    if !matches!(url.scheme(), "http" | "https") {
        return Err(FetchError::new(Kind::Scheme));
    }
    if url.host().is_empty() {
        return Err(FetchError::new(Kind::NoHost));
    }
    if !is_standard_host(url.host()) {
        // Not `{:?}`, which links core's Unicode tables into the WebAssembly
        // package: a parsed http(s) host is ASCII, which `escape_default`
        // escapes as `{:?}` does (but for `'`).
        return Err(FetchError::new(Kind::InvalidUrl(format!(
            "the URL parser gave the host \"{}\", which the URL standard forbids",
            url.host().escape_default()
        ))));
    }
    Ok(())
}

/// Whether `host` (`host[:port]` as serialised) is one the URL standard can
/// give for http(s): an IPv6 address in brackets, or a name of ASCII graphic
/// characters without a forbidden domain code point (`#%/:<>?@[\]^|`), then an
/// optional `:` and digits. The `url` crate never gives another; Chromium's
/// `URL` does (`http://a b/` has the host `a%20b` there), and such a host is no
/// more fetchable than an error.
fn is_standard_host(host: &str) -> bool {
    let (host_ok, port) = match host.strip_prefix('[') {
        Some(rest) => match rest.split_once(']') {
            Some((ip, port)) => {
                let ip_ok = !ip.is_empty()
                    && ip
                        .bytes()
                        .all(|b| b.is_ascii_hexdigit() || matches!(b, b':' | b'.'));
                (ip_ok, port)
            }
            None => (false, ""),
        },
        None => {
            // `find` gives a char boundary: the split cannot fail.
            let (name, port) = host.split_at(host.find(':').unwrap_or(host.len()));
            let name_ok = !name.is_empty()
                && name
                    .bytes()
                    .all(|b| b.is_ascii_graphic() && !b"#%/:<>?@[\\]^|".contains(&b));
            (name_ok, port)
        }
    };
    let port_ok = port.is_empty()
        || port
            .strip_prefix(':')
            .is_some_and(|digits| !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()));
    host_ok && port_ok
}

/// The robots.txt URL of a parsed page URL: same scheme, host and port, path
/// `/robots.txt`, no user info, query or fragment (RFC 9309 section 2.3).
pub(crate) fn robots_url_of(page: &ParsedUrl) -> String {
    let mut url = origin_of(page);
    url.push_str("/robots.txt");
    url
}

/// The origin of a parsed http(s) URL, `scheme://host[:port]` (the default
/// port is never serialised).
fn origin_of(page: &ParsedUrl) -> String {
    format!("{}://{}", page.scheme(), page.host())
}

/// The robots.txt URL that governs `page_url`: same scheme, host and port, path
/// `/robots.txt`, no user info, query or fragment (RFC 9309 section 2.3). Only
/// http and https have a robots.txt (RFC 9309 section 2.3 covers no other
/// scheme); hosts are normalised as the URL standard says (case, IDNA, IP forms).
///
/// # Errors
/// When `page_url` is not an absolute http(s) URL with a host.
///
/// ```
/// use robots_fetch::robots_txt_url;
/// assert_eq!(
///     robots_txt_url("https://user:pw@Example.COM:443/a/b?q=1#top").unwrap(),
///     "https://example.com/robots.txt"
/// );
/// assert_eq!(robots_txt_url("http://example.com:8080/x").unwrap(), "http://example.com:8080/robots.txt");
/// assert!(robots_txt_url("ftp://example.com/file").is_err());
/// assert!(robots_txt_url("mailto:someone@example.com").is_err());
/// assert!(robots_txt_url("/relative/path").unwrap_err().is_url());
/// ```
#[cfg(feature = "url")]
pub fn robots_txt_url(page_url: &str) -> Result<String, FetchError> {
    parse_http_url(page_url, &UrlCrate).map(|page| robots_url_of(&page))
}

/// The origin that scopes a page's robots.txt, `scheme://host[:port]` with the
/// default port left out: the key a cache of policies uses (RFC 9309 section 2.3).
///
/// # Errors
/// When `page_url` is not an absolute http(s) URL with a host.
///
/// ```
/// use robots_fetch::origin;
/// assert_eq!(origin("HTTPS://Example.com:443/a?b").unwrap(), "https://example.com");
/// assert_eq!(origin("http://example.com:8080/").unwrap(), "http://example.com:8080");
/// assert!(origin("mailto:x@example.com").is_err());
/// ```
#[cfg(feature = "url")]
pub fn origin(page_url: &str) -> Result<String, FetchError> {
    origin_with(page_url, &UrlCrate)
}

/// [`origin`] with the given URL parser.
fn origin_with(page_url: &str, parser: &dyn UrlParser) -> Result<String, FetchError> {
    // The origin depends only on what comes before the path, so only that is
    // parsed when it can be cut off: a long path costs nothing.
    let head =
        authority_end(page_url).map_or(page_url, |end| page_url.get(..end).unwrap_or(page_url));
    parse_http_url(head, parser).map(|page| origin_of(&page))
}

/// The same origin as [`origin`], without parsing or allocating when `page_url`
/// already starts with it as the URL standard writes one: a lowercase `http` or
/// `https` scheme, a lowercase host of letters, digits, `-` and `.` (or a dotted
/// quad), and no default or zero-padded port. That is how crawlers' URLs almost
/// always look, so a cache keyed by origin can look one up with a slice of the URL
/// itself. Anything else (upper case, user info, percent-escapes, IDNA, numeric
/// shorthands such as `127.1`) goes through [`origin`].
///
/// ```
/// use robots_fetch::{origin, origin_key};
/// use std::borrow::Cow;
/// let url = "https://example.com:8443/a/b?c";
/// assert!(matches!(origin_key(url), Ok(Cow::Borrowed("https://example.com:8443"))));
/// // Written differently, the same origin: parsed, then equal.
/// let odd = "HTTPS://Example.COM:8443/a";
/// assert_eq!(origin_key(odd).unwrap(), origin(url).unwrap());
/// ```
///
/// # Errors
/// As [`origin`]: when `page_url` is not an absolute http(s) URL with a host.
#[cfg(feature = "url")]
pub fn origin_key(page_url: &str) -> Result<Cow<'_, str>, FetchError> {
    origin_key_with(page_url, &UrlCrate)
}

/// [`origin_key`] with the given URL parser (see
/// [`RobotsFetch::with_parser`](crate::RobotsFetch::with_parser)): the same
/// key, from the same fast path; only URLs written otherwise are parsed, by `parser`.
///
/// ```
/// use robots_fetch::{origin_key_with, UrlCrate};
/// assert_eq!(origin_key_with("HTTP://Example.COM:80/a", &UrlCrate).unwrap(), "http://example.com");
/// ```
///
/// # Errors
/// As [`origin`]: when `page_url` is not an absolute http(s) URL with a host.
pub fn origin_key_with<'u>(
    page_url: &'u str,
    parser: &dyn UrlParser,
) -> Result<Cow<'u, str>, FetchError> {
    match canonical_origin_prefix(page_url) {
        Some(head) => Ok(Cow::Borrowed(head)),
        None => origin_with(page_url, parser).map(Cow::Owned),
    }
}

/// `scheme://host[:port]` at the start of `url`, when it is byte for byte the
/// origin's serialisation (see [`origin_key`]); `None` when unsure. One pass
/// over the authority's bytes: this runs on every cache lookup.
fn canonical_origin_prefix(url: &str) -> Option<&str> {
    let bytes = url.as_bytes();
    let (start, default_port): (usize, &[u8]) = if bytes.starts_with(b"http://") {
        (7, b"80")
    } else if bytes.starts_with(b"https://") {
        (8, b"443")
    } else {
        return None;
    };
    let mut end = bytes.len();
    let mut colon = None;
    // Where the last label starts, whether it is all digits, and the byte before.
    let mut label_start = start;
    let mut label_digits = true;
    let mut previous = b'/';
    for (at, &b) in bytes.iter().enumerate().skip(start) {
        match b {
            b'/' | b'\\' | b'?' | b'#' => {
                end = at;
                break;
            }
            _ if colon.is_some() => {
                if !b.is_ascii_digit() {
                    return None;
                }
            }
            b':' => colon = Some(at),
            b'.' => {
                // No empty label, none first.
                if previous == b'.' || previous == b'/' {
                    return None;
                }
                label_start = at + 1;
                label_digits = true;
            }
            b'a'..=b'z' | b'-' => {
                // `xn--` starts a punycode label: the parser would check it.
                if b == b'-' && previous == b'-' && at >= label_start + 3 {
                    let label = bytes.get(label_start..at)?;
                    if label.starts_with(b"xn-") {
                        return None;
                    }
                }
                label_digits = false;
            }
            b'0'..=b'9' => {}
            _ => return None,
        }
        previous = b;
    }
    let host_end = colon.unwrap_or(end);
    if host_end == start {
        return None;
    }
    if let Some(colon) = colon {
        let port = bytes.get(colon + 1..end)?;
        let zero_led = port.first().map_or(true, |&b| b == b'0');
        if zero_led || port == default_port || port.len() > 5 {
            return None;
        }
        if port.iter().fold(0u32, |n, &d| n * 10 + u32::from(d - b'0')) > 65_535 {
            return None;
        }
    }
    // A last label that is a number (or `0x…`) makes the host an IPv4 address
    // to the parser: only a canonical dotted quad passes unchanged.
    let last = bytes.get(label_start..host_end)?;
    if last.starts_with(b"0x") {
        return None;
    }
    if label_digits && !last.is_empty() && !canonical_ipv4(url.get(start..host_end)?) {
        return None;
    }
    if label_digits && last.is_empty() {
        // A trailing dot: the label before it decides.
        let host = url.get(start..host_end - 1)?;
        let before = host.rsplit('.').next().unwrap_or(host);
        if before.bytes().all(|b| b.is_ascii_digit()) || before.starts_with("0x") {
            return None;
        }
    }
    url.get(..end)
}

/// `a.b.c.d`, each a decimal 0 to 255 without leading zeros.
fn canonical_ipv4(host: &str) -> bool {
    let mut parts = 0;
    for part in host.split('.') {
        parts += 1;
        let ok = !part.is_empty()
            && part.len() <= 3
            && part.bytes().all(|b| b.is_ascii_digit())
            && !(part.len() > 1 && part.starts_with('0'))
            && part.parse::<u16>().is_ok_and(|n| n <= 255);
        if !ok {
            return false;
        }
    }
    parts == 4
}

/// Where the authority of `scheme://authority/...` ends: the first `/`, `\\`, `?`
/// or `#` after the first `://` (WHATWG URL's authority delimiters for http and
/// https). Cutting there keeps the whole authority, so the origin is unchanged.
/// `None` (parse it all) when the authority would be empty, as in `http:///x`,
/// which the URL standard reads as `http://x/`.
fn authority_end(url: &str) -> Option<usize> {
    let start = url.find("://")? + 3;
    let rest = url.get(start..)?;
    match rest.find(['/', '\\', '?', '#']) {
        Some(0) | None => None,
        Some(at) => Some(start + at),
    }
}

/// Where a redirect leads: `location` resolved against `from`, without its
/// fragment; `None` when it is not a usable http(s) URL.
pub(crate) fn redirect_target(
    from: &str,
    location: &[u8],
    parser: &dyn UrlParser,
) -> Option<String> {
    let location = core::str::from_utf8(location).ok()?;
    if slashes_then_empty_authority(location) {
        return None;
    }
    let url = parser.parse(location, Some(from)).ok()?;
    check_http(&url).ok()?;
    let mut href = url.into_href();
    // A serialised URL escapes `#` everywhere but where its fragment starts.
    if let Some(fragment) = href.find('#') {
        href.truncate(fragment);
    }
    Some(href)
}

/// A scheme-less `location` that starts with `//` and then another `/` or `\`
/// (tabs and newlines ignored, as the parser ignores them): an empty authority
/// (RFC 3986), so no host to go to. The `url` crate fails on it (empty host);
/// the URL standard skips the extra slashes and takes what follows for the host
/// (`///x` is `http://x/`). It is a bad redirect with either parser, as it
/// always was here.
fn slashes_then_empty_authority(location: &str) -> bool {
    let mut chars = as_parsed(location);
    chars.next() == Some('/')
        && chars.next() == Some('/')
        && matches!(chars.next(), Some('/' | '\\'))
}

/// The characters of `text` as the URL standard's parser reads them: leading
/// C0 controls and spaces skipped, tabs and newlines ignored.
fn as_parsed(text: &str) -> impl Iterator<Item = char> + '_ {
    text.trim_start_matches(|c: char| c <= ' ')
        .chars()
        .filter(|c| !matches!(c, '\t' | '\n' | '\r'))
}

#[cfg(test)]
mod tests {
    use super::*;
    use url::Url;

    #[test]
    fn redirects_resolve_relative_locations() {
        let from = "http://a.example/robots.txt";
        let to = |loc: &str| redirect_target(from, loc.as_bytes(), &UrlCrate);
        assert_eq!(to("/b.txt").as_deref(), Some("http://a.example/b.txt"));
        assert_eq!(to("b.txt#x").as_deref(), Some("http://a.example/b.txt"));
        assert_eq!(
            to("//b.example:81/r").as_deref(),
            Some("http://b.example:81/r")
        );
        assert_eq!(
            to("https://c.example/").as_deref(),
            Some("https://c.example/")
        );
        assert_eq!(to("ftp://c.example/"), None);
        assert_eq!(to("http://[::1"), None);
        assert_eq!(redirect_target(from, b"/\xff", &UrlCrate), None);
    }

    #[test]
    fn origin_keys_borrow_only_canonical_origins() {
        let borrowed = [
            ("http://a.example/x", "http://a.example"),
            ("https://a.example:8443?q", "https://a.example:8443"),
            ("http://127.0.0.1:9/robots.txt", "http://127.0.0.1:9"),
            ("http://a-b.c.example.#f", "http://a-b.c.example."),
            ("https://x1.example", "https://x1.example"),
        ];
        for (url, key) in borrowed {
            // The fast path says yes only where the parser agrees.
            let Ok(Cow::Borrowed(got)) = origin_key(url) else {
                panic!("{url}: expected a borrowed key");
            };
            assert_eq!(got, key, "{url}");
            assert_eq!(origin(url).as_deref(), Ok(key), "{url}");
        }
        let parsed = [
            "HTTP://a.example/",
            "http://A.example/",
            "http://a.example:80/",
            "https://a.example:443/",
            "http://a.example:080/",
            "http://a.example:/",
            "http://u@a.example/",
            "http://127.1/",
            "http://127.0.0.01/",
            "http://0x7f.0.0.1/",
            "http://1.2.3.4./",
            "http://xn--nxasmq6b.example/",
            "http://%61.example/",
            "http://a..example/",
            "http://a\texample/",
            "ftp://a.example/",
            "http:///a.example/",
            "http://a.example:80800/",
        ];
        for url in parsed {
            match origin_key(url) {
                Ok(Cow::Borrowed(key)) => panic!("{url}: borrowed {key}"),
                Ok(Cow::Owned(key)) => assert_eq!(Ok(key), origin(url), "{url}"),
                Err(e) => assert_eq!(Err(e), origin(url), "{url}"),
            }
        }
    }

    #[test]
    fn origins_read_only_the_authority() {
        for (url, expected) in [
            ("http://a.example/x/y?z#w", "http://a.example"),
            ("HTTP://A.example:80\\x", "http://a.example"),
            ("https://a.example:8443?q", "https://a.example:8443"),
            ("http://u:p@a.example#f", "http://a.example"),
            ("http:a.example/x", "http://a.example"),
        ] {
            assert_eq!(origin(url).unwrap(), expected, "{url}");
            assert_eq!(
                origin(url).unwrap(),
                Url::parse(url).unwrap().origin().ascii_serialization()
            );
        }
        for url in [
            "http:///x",
            "http:a.example/p?u=http://b.example/c",
            "http://a.example",
            "http:\\\\b.example\\x",
        ] {
            assert_eq!(
                origin(url).unwrap(),
                Url::parse(url).unwrap().origin().ascii_serialization(),
                "{url}"
            );
        }
    }

    #[test]
    fn hosts_the_standard_forbids_are_refused() {
        for host in [
            "a.example",
            "a.example:8080",
            "[::1]",
            "[::ffff:7f00:1]:81",
            "127.0.0.1",
            "a_b!$&'()*+,;=~`{}.example",
            "xn--bcher-kva.example.",
        ] {
            assert!(is_standard_host(host), "{host}");
        }
        for host in [
            "a%20b",
            "a b",
            "a\u{fc}.example",
            "a.example:",
            "a.example:8x",
            "a.example:80:81",
            "[::1",
            "[]",
            "[x]",
            "[::1]8080",
            "a|b",
            "a^b",
            "a<b",
            "a\\b",
            ":80",
            "a\u{7f}",
        ] {
            assert!(!is_standard_host(host), "{host}");
        }
    }

    #[test]
    fn page_urls_are_checked() {
        assert!(robots_txt_url("https://example.com").is_ok());
        assert_eq!(
            robots_txt_url("file:///etc/passwd")
                .unwrap_err()
                .to_string(),
            "not an http or https URL"
        );
        assert!(robots_txt_url("http://")
            .unwrap_err()
            .to_string()
            .starts_with("invalid URL"));
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(2048))]

        /// The machine's own test for a relative URL is the url crate's.
        #[test]
        fn relative_is_what_the_url_crate_says(text in r"[ \t\n\x00\x1fa-cA-C0-9+.:/\\-]{0,8}") {
            let relative = Url::parse(&text) == Err(url::ParseError::RelativeUrlWithoutBase);
            proptest::prop_assert_eq!(has_scheme(&text), !relative, "{:?}", text);
        }

        /// The url crate's http(s) hosts are all standard ones: the host check
        /// never turns one of its URLs into an error.
        #[test]
        fn the_url_crate_gives_standard_hosts(
            text in r"(https?|HTTP):/{0,3}[a-zA-Z0-9 %.:@\[\]_~!$&'()*+,;=\\^|<>#?/\-\x00\x7f\u{fc}\u{ff21}\u{3002}]{0,14}",
        ) {
            if let Ok(url) = UrlCrate.parse(&text, None) {
                if matches!(url.scheme(), "http" | "https") && !url.host().is_empty() {
                    proptest::prop_assert!(is_standard_host(url.host()), "{:?} gave {:?}", text, url.host());
                }
            }
        }

        /// The empty-authority rule never changes what the url crate makes of a Location.
        #[test]
        fn empty_authorities_are_bad_redirects_to_the_url_crate(
            location in r"[ \t\x00]{0,2}[/\\\t]{0,4}[a-c:@.?#/\\]{0,6}",
            base in proptest::sample::select(vec!["http://a.example/robots.txt", "https://a.example:8443/r/robots.txt"]),
        ) {
            let joined = Url::parse(base).and_then(|b| b.join(&location));
            let usable = joined.is_ok_and(|u| check_http(&UrlCrate.parse(u.as_str(), None).unwrap()).is_ok());
            if slashes_then_empty_authority(&location) {
                proptest::prop_assert!(!usable, "{:?}", location);
            }
            proptest::prop_assert_eq!(redirect_target(base, location.as_bytes(), &UrlCrate).is_some(), usable);
        }
    }
}
