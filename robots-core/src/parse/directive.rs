//! The directives robots.txt knows, and how a line's key is recognised.

use crate::swar::Lanes;

/// A directive the engine recognises.
///
/// More directives may be recognised in time (hence `#[non_exhaustive]`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
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
    /// `Content-Signal` (Cloudflare's content signals: `search`, `ai-input`,
    /// `ai-train`): group-scoped.
    ContentSignal,
    /// `Content-Usage` (IETF aipref: `train-ai`, `search`, with an optional
    /// path): group-scoped.
    ContentUsage,
    /// `LLM-Policy`: the URL of a site's policy for language models; file-wide.
    LlmPolicy,
    /// `License` (RSL 1.0, Really Simple Licensing): the absolute URL of the
    /// site's RSL license or feed; file-wide, for every crawler.
    License,
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

/// How many directives there are.
///
/// [`Directive::ALL`] only grows at its end: a directive's place there is its
/// number in the byte format ([`Directive::code`]).
const COUNT: usize = 18;

const ALL: [Directive; COUNT] = [
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
    Directive::ContentSignal,
    Directive::ContentUsage,
    Directive::LlmPolicy,
    Directive::License,
];

impl Directive {
    /// Every directive, in declaration order.
    ///
    /// A directive's position here is its number ([`Directive::code`]), which
    /// the byte form of a policy stores in each record
    /// (`ExtensionRecord::directive`): bytes written by one build are read by
    /// another, so the list is **append-only**. A new directive goes at the
    /// end; moving or removing one would make stored records read as another
    /// directive (a test over the byte form pins every number).
    pub const ALL: [Directive; COUNT] = ALL;

    /// The directive's number: its place in [`Directive::ALL`].
    pub fn code(self) -> u8 {
        ALL.iter()
            .position(|&d| d == self)
            .and_then(|i| u8::try_from(i).ok())
            .unwrap_or(u8::MAX)
    }

    /// The directive numbered `code` ([`Directive::code`]).
    pub fn from_code(code: u8) -> Option<Directive> {
        ALL.get(usize::from(code)).copied()
    }

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
            Directive::ContentSignal => "content-signal",
            Directive::ContentUsage => "content-usage",
            Directive::LlmPolicy => "llm-policy",
            Directive::License => "license",
        }
    }

    /// Where the directive's value applies.
    pub const fn scope(self) -> Scope {
        match self {
            Directive::UserAgent | Directive::Allow | Directive::Disallow => Scope::Rule,
            Directive::CrawlDelay
            | Directive::RequestRate
            | Directive::VisitTime
            | Directive::Comment
            | Directive::ContentSignal
            | Directive::ContentUsage => Scope::Group,
            Directive::Sitemap
            | Directive::Host
            | Directive::CleanParam
            | Directive::RobotVersion
            | Directive::LlmPolicy
            | Directive::License => Scope::File,
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
                | Directive::ContentSignal
                | Directive::ContentUsage
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
    key.get(..prefix.len())
        .is_some_and(|head| head.eq_ignore_ascii_case(prefix))
}

/// Recognise a key (already trimmed).
///
/// Exact names of every directive match in any case. Google's rule (prefix match
/// for user-agent, allow, disallow and sitemap, plus its list of typos) gives
/// [`KeyMatch::Loose`]; whether that is accepted is the profile's choice.
///
/// ```
/// use robots_core::parse::{classify_key, Directive, KeyMatch};
/// assert_eq!(classify_key(b"User-Agent"), KeyMatch::Exact(Directive::UserAgent));
/// assert_eq!(classify_key(b"disalow"), KeyMatch::Loose(Directive::Disallow));
/// assert_eq!(classify_key(b"unicorns"), KeyMatch::Unknown);
/// ```
pub fn classify_key(key: &[u8]) -> KeyMatch {
    if let Some(d) = exact_name(key) {
        return KeyMatch::Exact(d);
    }
    classify_loose(key)
}

/// The first sixteen bytes of `bytes` (zero padded) as a number, with ASCII
/// upper-case letters and `\r` folded onto lower-case letters and `-` (`| 0x20`).
#[inline]
fn folded(bytes: &[u8]) -> u128 {
    let mut word = [0u8; 16];
    for (w, b) in word.iter_mut().zip(bytes) {
        *w = *b | 0x20;
    }
    u128::from_le_bytes(word)
}

/// Every directive name, folded ([`folded`]), with its length.
#[allow(clippy::indexing_slicing)] // const evaluation over fixed tables: a bad index fails the build
const FOLDED_NAMES: [(u128, usize, Directive); COUNT] = {
    let mut out = [(0u128, 0usize, Directive::UserAgent); COUNT];
    let mut i = 0;
    while i < COUNT {
        let d = ALL[i];
        let name = d.name().as_bytes();
        let mut word = [0u8; 16];
        let mut j = 0;
        while j < name.len() {
            word[j] = name[j] | 0x20;
            j += 1;
        }
        out[i] = (u128::from_le_bytes(word), name.len(), d);
        i += 1;
    }
    out
};

/// The directive whose name the key is, in any case.
///
/// Names are lower-case letters and `-`, at most sixteen bytes; `| 0x20` maps a
/// byte onto a lower-case letter only from that letter or its upper case, and onto
/// `-` only from `-` or `\r`, which never stands inside a line (it ends one).
/// A key with a `\r` still goes the slow way, to stay exact for any caller.
#[inline]
fn exact_name(key: &[u8]) -> Option<Directive> {
    if key.len() > 16 || key.contains(&b'\r') {
        return ALL
            .iter()
            .find(|d| key.eq_ignore_ascii_case(d.name().as_bytes()))
            .copied();
    }
    let word = folded(key);
    FOLDED_NAMES
        .iter()
        .find(|(name, len, _)| *len == key.len() && *name == word)
        .map(|(_, _, d)| *d)
}

/// A directive name as [`classify_key_in`] compares it: folded ([`folded`]), with
/// its `-` bytes marked (all ones) so that a key's `\r` there, which folds onto
/// `-` too, is told apart.
#[derive(Clone, Copy)]
struct FoldedName {
    word: u128,
    dashes: u128,
    directive: Option<Directive>,
}

/// The directive names of one length (at most four share one: `comment`,
/// `sitemap`, `noindex` and `license`), with the mask
/// that keeps a key's bytes of that length: a lookup, not a shift of a 128-bit
/// word by a variable amount, per line.
#[derive(Clone, Copy)]
struct NamesOfLen {
    mask: u128,
    names: [FoldedName; 4],
}

/// [`NamesOfLen`] by length, up to sixteen bytes.
#[allow(clippy::indexing_slicing)] // const evaluation over fixed tables: a bad index fails the build
const NAMES_BY_LEN: [NamesOfLen; 17] = {
    const NONE: FoldedName = FoldedName {
        word: 0,
        dashes: 0,
        directive: None,
    };
    let mut out = [NamesOfLen {
        mask: 0,
        names: [NONE; 4],
    }; 17];
    let mut len = 1;
    while len <= 16 {
        out[len].mask = u128::MAX >> (8 * (16 - len));
        len += 1;
    }
    let mut i = 0;
    while i < COUNT {
        let (word, len, d) = FOLDED_NAMES[i];
        let name = d.name().as_bytes();
        let mut dashes = [0u8; 16];
        let mut k = 0;
        while k < name.len() {
            if name[k] == b'-' {
                dashes[k] = 0xff;
            }
            k += 1;
        }
        let mut j = 0;
        while out[len].names[j].directive.is_some() {
            j += 1;
        }
        out[len].names[j] = FoldedName {
            word,
            dashes: u128::from_le_bytes(dashes),
            directive: Some(d),
        };
        i += 1;
    }
    out
};

/// The sixteen bytes of `input` from `at` as one (little-endian) number, when
/// the input has them.
#[inline]
pub(crate) fn window16(input: &[u8], at: usize) -> Option<u128> {
    let bytes = input.get(at..at.saturating_add(16))?;
    <[u8; 16]>::try_from(bytes).ok().map(u128::from_le_bytes)
}

/// [`classify_key`] of the key at `key` in `input`, reading the key as one
/// sixteen-byte word when the input has sixteen bytes from its start (nearly
/// always): no loop over its bytes for the common keys. `window` is
/// [`window16`] of `input` at `key.start`, which the lexer has at hand (it read
/// the line's first sixteen bytes for the colon; the key nearly always starts there).
#[inline]
pub(crate) fn classify_key_in(
    input: &[u8],
    key: core::ops::Range<usize>,
    window: Option<u128>,
) -> KeyMatch {
    const ONES: u128 = <u128 as Lanes>::ONES;
    let (Some(raw), Some(row)) = (window, NAMES_BY_LEN.get(key.len())) else {
        return classify_key(input.get(key).unwrap_or_default());
    };
    let word = (raw | (ONES * 0x20)) & row.mask;
    // Folded key bytes are never zero: equal words are equal lengths (and the
    // empty slots, all zero, match no key).
    for name in &row.names {
        if let Some(d) = name.directive.filter(|_| name.word == word) {
            // `| 0x20` folds `\r` onto `-` (see [`exact_name`]): where the name has
            // a `-`, the key must have one. No other name folds alike, so a key
            // that fails this names none exactly.
            if (raw ^ (ONES * u128::from(b'-'))) & name.dashes == 0 {
                return KeyMatch::Exact(d);
            }
            break;
        }
    }
    classify_loose(input.get(key).unwrap_or_default())
}

/// Google's prefix and typo rule, for a key that is no exact name.
fn classify_loose(key: &[u8]) -> KeyMatch {
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

    /// The folded comparison agrees with the byte-wise one on every key made of
    /// a name with one byte changed to anything.
    #[test]
    fn folded_names_agree_with_eq_ignore_ascii_case() {
        let slow = |key: &[u8]| {
            ALL.iter()
                .find(|d| key.eq_ignore_ascii_case(d.name().as_bytes()))
                .copied()
        };
        for d in Directive::ALL {
            let name = d.name().as_bytes();
            for i in 0..name.len() {
                for b in 0..=255u8 {
                    let mut key = name.to_vec();
                    key[i] = b;
                    assert_eq!(exact_name(&key), slow(&key), "{key:?}");
                    key.push(b);
                    assert_eq!(exact_name(&key), slow(&key), "{key:?}");
                }
            }
        }
    }

    /// The in-place classification agrees with [`classify_key`] on names with one
    /// byte changed or added, in texts that go on or end right after the key.
    #[test]
    fn classify_key_in_agrees() {
        let mut keys: Vec<Vec<u8>> = Vec::new();
        for d in Directive::ALL {
            let name = d.name().as_bytes();
            keys.push(name.to_ascii_uppercase());
            for i in 0..name.len() {
                for b in [0u8, b'\r', b'\n', b' ', b'-', b'M', b'm', 0x8d, 0xad, 0xff] {
                    let mut key = name.to_vec();
                    key[i] = b;
                    keys.push(key.clone());
                    key.push(b);
                    keys.push(key.clone());
                    key.insert(0, b'x');
                    keys.push(key);
                }
            }
        }
        keys.push(b"useragent".to_vec());
        keys.push(b"disalowed-rule".to_vec());
        keys.push(b"a-key-longer-than-sixteen".to_vec());
        keys.push(b"".to_vec());
        for key in &keys {
            for tail in [
                &b""[..],
                b": /path/that/goes/on",
                b"\r\r\r\r\r\r\r\r\r\r\r\r\r\r\r\r",
            ] {
                let text = [&b"  "[..], key, tail].concat();
                let got = classify_key_in(&text, 2..2 + key.len(), window16(&text, 2));
                assert_eq!(got, classify_key(key), "{key:?} {tail:?}");
            }
        }
    }

    #[test]
    fn every_name_is_exact_in_any_case() {
        for d in Directive::ALL {
            let name = d.name().as_bytes();
            assert_eq!(classify_key(name), KeyMatch::Exact(d));
            assert_eq!(classify_key(&name.to_ascii_uppercase()), KeyMatch::Exact(d));
        }
    }
}
