//! How an operator lets a site owner check that a request which names one of
//! its crawlers came from it: the IP range files it publishes (by URL), and the
//! host names its crawlers' addresses resolve to (reverse DNS, confirmed
//! forward). Each [`IdentityCheck`] names its source and the day it was
//! checked, as the registry's other facts do.
//!
//! A crawler with no check has no published way to be verified: whoever sends
//! its header, nobody can tell (`robots audit` calls such requests
//! unverifiable).
//!
//! ```
//! use robots_runtime::registry;
//!
//! let google = registry::crawler("Googlebot").unwrap().identity_check().unwrap();
//! assert_eq!(google.file_names().collect::<Vec<_>>(), ["common-crawlers.json"]);
//! assert!(google.dns_name_matches("crawl-66-249-66-1.googlebot.com."));
//! assert!(!google.dns_name_matches("crawl-66-249-66-1.googlebot.com.example"));
//! let yandex = registry::identity_check("YandexBot").unwrap();
//! assert_eq!(yandex.dns_suffixes, ["yandex.ru", "yandex.net", "yandex.com"]);
//! assert!(yandex.ip_ranges.is_empty()); // Yandex publishes no ranges
//! assert!(registry::identity_check("ClaudeBot").is_none()); // Anthropic publishes neither
//! let openai: Vec<&str> = registry::identity_checks_for_file("gptbot.json").map(|c| c.name).collect();
//! assert_eq!(openai, ["openai-gptbot"]);
//! ```

use crate::{Crawler, Sourcing, IDENTITY_CHECKS};

/// How an operator lets a request be verified: see the [module docs](self).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct IdentityCheck {
    /// A short id (`google-common`, `bing`), unique.
    pub name: &'static str,
    /// Who runs the crawlers.
    pub operator: &'static str,
    /// The registry crawlers it covers (each crawler has at most one check).
    pub tokens: &'static [&'static str],
    /// The URLs of the IP range files the operator publishes, all of the one
    /// JSON shape `{"creationTime": …, "prefixes": [{"ipv4Prefix": …} |
    /// {"ipv6Prefix": …}]}`; a file is known by its name, the URL's last
    /// segment ([`IdentityCheck::file_names`]), unique across checks. May be
    /// empty.
    pub ip_ranges: &'static [&'static str],
    /// The suffixes the forward-confirmed reverse DNS name of its crawlers
    /// ends in, lower case, matched on a label boundary
    /// ([`IdentityCheck::dns_name_matches`]). May be empty.
    pub dns_suffixes: &'static [&'static str],
    /// What a site owner should know (may be empty).
    pub note: &'static str,
    /// Where the operator documents it.
    pub source: &'static str,
    /// When the entry was compared with a stored copy of its source, or with
    /// secondary sources (`YYYY-MM-DD`).
    pub checked: &'static str,
    /// What that comparison read: the operator's page, or secondary sources only.
    pub sourcing: Sourcing,
}

impl IdentityCheck {
    /// The names of its range files: each URL's last segment
    /// (`https://openai.com/gptbot.json` → `gptbot.json`).
    pub fn file_names(&self) -> impl Iterator<Item = &'static str> {
        self.ip_ranges.iter().map(|url| file_name(url))
    }

    /// Whether the host name `name` (a reverse DNS answer, with or without the
    /// root's trailing `.`, any ASCII case) is one of its suffixes or ends in
    /// `.` and one of them: `crawl-1.googlebot.com` has `googlebot.com`,
    /// `evilgooglebot.com` has not.
    pub fn dns_name_matches(&self, name: &str) -> bool {
        let name = name.strip_suffix('.').unwrap_or(name).as_bytes();
        self.dns_suffixes.iter().any(|suffix| {
            let suffix = suffix.as_bytes();
            match name.len().checked_sub(suffix.len()) {
                Some(0) => name.eq_ignore_ascii_case(suffix),
                Some(at) => {
                    name.get(at - 1) == Some(&b'.')
                        && name
                            .get(at..)
                            .is_some_and(|end| end.eq_ignore_ascii_case(suffix))
                }
                None => false,
            }
        })
    }
}

/// A URL's last path segment.
fn file_name(url: &str) -> &str {
    url.rsplit('/').next().unwrap_or(url)
}

impl Crawler {
    /// How its operator lets a request that names it be verified, if it does.
    pub fn identity_check(&self) -> Option<&'static IdentityCheck> {
        let at = usize::from(self.identity?);
        match IDENTITY_CHECKS.get(at) {
            Some(check) => Some(check),
            None => panic!(
                "bug: crawler {} names identity check {at}, past the table",
                self.token
            ),
        }
    }
}

/// The identity check of the crawler with this product token (ignoring ASCII
/// case), if the registry knows it and its operator publishes one.
pub fn identity_check(token: impl AsRef<[u8]>) -> Option<&'static IdentityCheck> {
    crate::crawler(token)?.identity_check()
}

/// The checks that list a range file of this name (ignoring ASCII case):
/// `gptbot.json` is OpenAI's GPTBot's. Names are unique, so at most one.
pub fn identity_checks_for_file(name: &str) -> impl Iterator<Item = &'static IdentityCheck> + '_ {
    IDENTITY_CHECKS
        .iter()
        .filter(move |check| check.file_names().any(|f| f.eq_ignore_ascii_case(name)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::CRAWLERS;

    #[test]
    fn every_check_is_used_and_its_crawlers_point_back() {
        for (at, check) in IDENTITY_CHECKS.iter().enumerate() {
            assert!(!check.tokens.is_empty(), "{}", check.name);
            for token in check.tokens {
                let crawler = crate::crawler(token).unwrap();
                assert_eq!(crawler.identity.map(usize::from), Some(at), "{token}");
                assert_eq!(crawler.operator, check.operator, "{token}");
            }
        }
        let with = CRAWLERS
            .iter()
            .filter(|c| c.identity_check().is_some())
            .count();
        let listed: usize = IDENTITY_CHECKS.iter().map(|c| c.tokens.len()).sum();
        assert_eq!(with, listed);
    }

    #[test]
    fn the_operators_the_audit_needs_are_covered() {
        // Range files.
        for (token, file) in [
            ("Googlebot", "common-crawlers.json"),
            ("AdsBot-Google", "special-crawlers.json"),
            ("FeedFetcher-Google", "user-triggered-fetchers.json"),
            ("bingbot", "bingbot.json"),
            ("GPTBot", "gptbot.json"),
            ("OAI-SearchBot", "searchbot.json"),
            ("ChatGPT-User", "chatgpt-user.json"),
            ("PerplexityBot", "perplexitybot.json"),
            ("Perplexity-User", "perplexity-user.json"),
            ("Applebot", "applebot.json"),
            ("CCBot", "ccbot.json"),
            ("DuckDuckBot", "duckduckbot.json"),
        ] {
            let check = identity_check(token).unwrap_or_else(|| panic!("{token}"));
            assert!(check.file_names().any(|f| f == file), "{token}: {file}");
            let found: alloc::vec::Vec<&str> =
                identity_checks_for_file(file).map(|c| c.name).collect();
            assert_eq!(found, [check.name], "{file}");
        }
        // Reverse DNS.
        for (token, host) in [
            ("Googlebot", "crawl-66-249-66-1.googlebot.com"),
            ("Googlebot", "geo-crawl-35-247-243-240.geo.googlebot.com."),
            (
                "AdsBot-Google",
                "rate-limited-proxy-66-249-90-77.google.com",
            ),
            ("FeedFetcher-Google", "1-2-3-4.gae.googleusercontent.com"),
            ("FeedFetcher-Google", "google-proxy-66-249-81-1.google.com"),
            ("bingbot", "msnbot-157-55-33-18.search.msn.com"),
            ("Applebot", "17-58-101-179.applebot.apple.com"),
            ("Slurp", "lj612134.crawl.yahoo.net"),
            ("YandexBot", "5-255-253-1.spider.yandex.com"),
            ("YandexBot", "x.yandex.ru"),
            ("Baiduspider", "baiduspider-123-125-66-120.crawl.baidu.com"),
            ("Baiduspider", "baidumobaider-119-63-195-254.crawl.baidu.jp"),
            ("Amazonbot", "12-34-56-78.crawl.amazonbot.amazon"),
            ("CCBot", "ec2-1.crawl.commoncrawl.org"),
        ] {
            let check = identity_check(token).unwrap_or_else(|| panic!("{token}"));
            assert!(check.dns_name_matches(host), "{token}: {host}");
        }
        // The suffix is matched on a label boundary, whatever the case.
        let google = identity_check("Googlebot").unwrap();
        assert!(google.dns_name_matches("CRAWL-1.GoogleBot.COM"));
        assert!(google.dns_name_matches("googlebot.com"));
        for host in [
            "evilgooglebot.com",
            "googlebot.com.evil",
            "",
            ".",
            "com",
            "crawl-1.google.com",
        ] {
            assert!(!google.dns_name_matches(host), "{host}");
        }
        // Operators that publish nothing to verify against.
        for token in [
            "ClaudeBot",
            "Bytespider",
            "meta-externalagent",
            "Google-Extended",
        ] {
            assert!(crate::crawler(token).is_some(), "{token}");
            assert!(identity_check(token).is_none(), "{token}");
        }
        assert!(identity_check("NoSuchBot").is_none());
        assert_eq!(identity_checks_for_file("nothing.json").count(), 0);
        assert_eq!(identity_checks_for_file("GPTBOT.JSON").count(), 1);
    }

    #[test]
    fn every_check_is_sourced_and_dated() {
        for check in IDENTITY_CHECKS {
            assert!(check.source.starts_with("http"), "{}", check.name);
            assert_eq!(check.checked.len(), 10, "{}", check.name);
            assert!(
                !check.ip_ranges.is_empty() || !check.dns_suffixes.is_empty(),
                "{}",
                check.name
            );
            assert_eq!(
                check.note.contains("Secondary:"),
                check.sourcing == Sourcing::Secondary,
                "{}: {}",
                check.name,
                check.note
            );
        }
    }
}
