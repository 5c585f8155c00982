//! The directives robots.txt knows, and how a line's key is recognised.

/// A directive the engine recognises.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Directive {
    /// `User-agent`: starts or extends a group.
    UserAgent,
    /// `Allow`: a rule.
    Allow,
    /// `Disallow`: a rule.
    Disallow,
    /// `Sitemap`: file-wide.
    Sitemap,
    /// `Crawl-delay`: group-scoped.
    CrawlDelay,
    /// `Request-rate`: group-scoped.
    RequestRate,
    /// `Visit-time`: group-scoped.
    VisitTime,
    /// `Host` (Yandex): file-wide.
    Host,
    /// `Clean-param` (Yandex): file-wide.
    CleanParam,
    /// `Comment`: group-scoped free text.
    Comment,
    /// `Robot-version`: file-wide.
    RobotVersion,
    /// `Noindex`: recognised but unsupported by every profile.
    NoIndex,
    /// `Nofollow`: recognised but unsupported by every profile.
    NoFollow,
    /// `Noarchive`: recognised but unsupported by every profile.
    NoArchive,
}

/// Where a directive's value applies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scope {
    /// Builds groups (user-agent) or belongs to the rules of a group.
    Rule,
    /// Read from the group that matched the crawler.
    Group,
    /// Applies to the whole file wherever it appears.
    File,
    /// Recognised, never used.
    Unsupported,
}

const ALL: [Directive; 14] = [
    Directive::UserAgent,
    Directive::Allow,
    Directive::Disallow,
    Directive::Sitemap,
    Directive::CrawlDelay,
    Directive::RequestRate,
    Directive::VisitTime,
    Directive::Host,
    Directive::CleanParam,
    Directive::Comment,
    Directive::RobotVersion,
    Directive::NoIndex,
    Directive::NoFollow,
    Directive::NoArchive,
];

impl Directive {
    /// Every directive, in declaration order.
    pub const ALL: [Directive; 14] = ALL;

    /// The canonical spelling, lower case.
    pub const fn name(self) -> &'static str {
        match self {
            Directive::UserAgent => "user-agent",
            Directive::Allow => "allow",
            Directive::Disallow => "disallow",
            Directive::Sitemap => "sitemap",
            Directive::CrawlDelay => "crawl-delay",
            Directive::RequestRate => "request-rate",
            Directive::VisitTime => "visit-time",
            Directive::Host => "host",
            Directive::CleanParam => "clean-param",
            Directive::Comment => "comment",
            Directive::RobotVersion => "robot-version",
            Directive::NoIndex => "noindex",
            Directive::NoFollow => "nofollow",
            Directive::NoArchive => "noarchive",
        }
    }

    /// Where the directive's value applies.
    pub const fn scope(self) -> Scope {
        match self {
            Directive::UserAgent | Directive::Allow | Directive::Disallow => Scope::Rule,
            Directive::CrawlDelay
            | Directive::RequestRate
            | Directive::VisitTime
            | Directive::Comment => Scope::Group,
            Directive::Sitemap
            | Directive::Host
            | Directive::CleanParam
            | Directive::RobotVersion => Scope::File,
            Directive::NoIndex | Directive::NoFollow | Directive::NoArchive => Scope::Unsupported,
        }
    }

    /// Whether Google's reference parser reports the key as a known but unused tag.
    pub const fn google_unused(self) -> bool {
        matches!(
            self,
            Directive::CrawlDelay
                | Directive::Host
                | Directive::CleanParam
                | Directive::NoIndex
                | Directive::NoFollow
                | Directive::NoArchive
        )
    }

    /// Whether Google's reference parser handles the key itself.
    pub const fn google_valid(self) -> bool {
        matches!(
            self,
            Directive::UserAgent | Directive::Allow | Directive::Disallow | Directive::Sitemap
        )
    }
}

/// How a key was recognised.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KeyMatch {
    /// The key is the directive's name (any case).
    Exact(Directive),
    /// The key is a known misspelling, or starts with the name (`disallowed`).
    /// Google accepts it; the strict profiles do not.
    Loose(Directive),
    /// Not a key the engine knows.
    Unknown,
}

impl KeyMatch {
    /// The directive this key names or resembles.
    pub const fn directive(self) -> Option<Directive> {
        match self {
            KeyMatch::Exact(d) | KeyMatch::Loose(d) => Some(d),
            KeyMatch::Unknown => None,
        }
    }
}

/// Typos Google accepts, with the directive they stand for.
const GOOGLE_TYPOS: &[(&[u8], Directive)] = &[
    (b"useragent", Directive::UserAgent),
    (b"user agent", Directive::UserAgent),
    (b"dissallow", Directive::Disallow),
    (b"dissalow", Directive::Disallow),
    (b"disalow", Directive::Disallow),
    (b"diasllow", Directive::Disallow),
    (b"disallaw", Directive::Disallow),
    (b"site-map", Directive::Sitemap),
];

/// Directives Google recognises by prefix, in the order it tries them.
const GOOGLE_PREFIXED: [Directive; 4] = [
    Directive::UserAgent,
    Directive::Allow,
    Directive::Disallow,
    Directive::Sitemap,
];

fn starts_with_ignore_case(key: &[u8], prefix: &[u8]) -> bool {
    key.len() >= prefix.len() && key[..prefix.len()].eq_ignore_ascii_case(prefix)
}

/// Recognise a key (already trimmed).
///
/// Exact names of every directive match in any case. Google's rule (prefix match
/// for user-agent, allow, disallow and sitemap, plus its list of typos) gives
/// [`KeyMatch::Loose`]; whether that is accepted is the profile's choice.
///
/// ```
/// use robots_core::directive::{classify_key, Directive, KeyMatch};
/// assert_eq!(classify_key(b"User-Agent"), KeyMatch::Exact(Directive::UserAgent));
/// assert_eq!(classify_key(b"disalow"), KeyMatch::Loose(Directive::Disallow));
/// assert_eq!(classify_key(b"unicorns"), KeyMatch::Unknown);
/// ```
pub fn classify_key(key: &[u8]) -> KeyMatch {
    // Only names of the key's length can equal it (the names are distinct).
    let same_length: &[Directive] = match key.len() {
        4 => &[Directive::Host],
        5 => &[Directive::Allow],
        7 => &[Directive::Sitemap, Directive::Comment, Directive::NoIndex],
        8 => &[Directive::Disallow, Directive::NoFollow],
        9 => &[Directive::NoArchive],
        10 => &[Directive::UserAgent, Directive::VisitTime],
        11 => &[Directive::CrawlDelay, Directive::CleanParam],
        12 => &[Directive::RequestRate],
        13 => &[Directive::RobotVersion],
        _ => &[],
    };
    if let Some(d) = same_length
        .iter()
        .find(|d| key.eq_ignore_ascii_case(d.name().as_bytes()))
    {
        return KeyMatch::Exact(*d);
    }
    for d in GOOGLE_PREFIXED {
        // Google checks the typos of a directive before moving to the next one.
        if starts_with_ignore_case(key, d.name().as_bytes())
            || GOOGLE_TYPOS
                .iter()
                .any(|(typo, td)| *td == d && starts_with_ignore_case(key, typo))
        {
            return KeyMatch::Loose(d);
        }
    }
    KeyMatch::Unknown
}

/// Whether Google counts this key as an accepted typo (not just a longer key).
pub(crate) fn is_google_typo(key: &[u8], directive: Directive) -> bool {
    GOOGLE_TYPOS
        .iter()
        .any(|(typo, d)| *d == directive && starts_with_ignore_case(key, typo))
        && !starts_with_ignore_case(key, directive.name().as_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_name_is_exact_in_any_case() {
        for d in Directive::ALL {
            let name = d.name().as_bytes();
            assert_eq!(classify_key(name), KeyMatch::Exact(d));
            assert_eq!(classify_key(&name.to_ascii_uppercase()), KeyMatch::Exact(d));
        }
    }
}
