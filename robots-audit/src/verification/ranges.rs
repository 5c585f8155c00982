//! The IP ranges operators publish for their crawlers, in a prefix table: is
//! this address in the ranges of the operator that runs this crawler?
//!
//! The files all have one shape, `{"creationTime": …, "prefixes":
//! [{"ipv4Prefix": "66.249.64.0/27"}, {"ipv6Prefix": "2001:4860:4801:10::/64"},
//! …]}`, and are read as they are. Each belongs to the registry's
//! [`IdentityCheck`] whose `ip_ranges` name a file of its name
//! (`gptbot.json` is GPTBot's), or, given as `TOKEN=FILE`, to that crawler's.
//!
//! A dated snapshot of the files ships inside the crate
//! ([`IpRanges::snapshot`]; `robots-audit/ranges/manifest.toml` says where each
//! copy came from and when). Fresh files replace the snapshot's:
//! a file replaces the snapshot's file of the same name, and a `TOKEN=FILE`
//! replaces every snapshot file of that crawler's operator check.
//!
//! A lookup is one longest-prefix match in a trie (prefix-trie) per address
//! family; IPv4-mapped IPv6 addresses (`::ffff:66.249.66.1`) are looked up as
//! IPv4.

use ipnet::{Ipv4Net, Ipv6Net};
use prefix_trie::PrefixMap;
use robots_registry::{IdentityCheck, IDENTITY_CHECKS};
use std::fmt;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};
use std::path::{Path, PathBuf};

/// The day the bundled snapshot was assembled (`snapshot` in
/// `ranges/manifest.toml`; a test holds them equal).
pub const SNAPSHOT_DATE: &str = "2026-12-02";

/// The snapshot's files: their names and contents, embedded at build time.
const SNAPSHOT: &[(&str, &str)] = &[
    (
        "common-crawlers.json",
        include_str!("../../ranges/common-crawlers.json"),
    ),
    (
        "special-crawlers.json",
        include_str!("../../ranges/special-crawlers.json"),
    ),
    (
        "user-triggered-fetchers.json",
        include_str!("../../ranges/user-triggered-fetchers.json"),
    ),
    (
        "user-triggered-fetchers-google.json",
        include_str!("../../ranges/user-triggered-fetchers-google.json"),
    ),
    ("bingbot.json", include_str!("../../ranges/bingbot.json")),
    ("gptbot.json", include_str!("../../ranges/gptbot.json")),
    (
        "searchbot.json",
        include_str!("../../ranges/searchbot.json"),
    ),
    (
        "chatgpt-user.json",
        include_str!("../../ranges/chatgpt-user.json"),
    ),
    (
        "perplexitybot.json",
        include_str!("../../ranges/perplexitybot.json"),
    ),
    (
        "perplexity-user.json",
        include_str!("../../ranges/perplexity-user.json"),
    ),
    ("applebot.json", include_str!("../../ranges/applebot.json")),
    ("ccbot.json", include_str!("../../ranges/ccbot.json")),
    (
        "duckduckbot.json",
        include_str!("../../ranges/duckduckbot.json"),
    ),
];

/// One loaded range file.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct RangeFile {
    /// Its name: the file name, as the registry's URLs end (`gptbot.json`).
    pub name: String,
    /// Where it was read: `snapshot` for the bundled copy, else the path given.
    pub origin: String,
    /// Its `creationTime`, when it has one (the operator's date of the ranges).
    pub creation_time: Option<String>,
    /// How many prefixes it holds.
    pub prefixes: usize,
    /// The operator check it belongs to.
    pub check: &'static IdentityCheck,
}

/// A fresh range file named on the command line: `FILE`, known by its file
/// name, or `TOKEN=FILE`, given to that crawler's operator check.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FreshRanges {
    /// The crawler the file was given to (`TOKEN=`), if any.
    pub token: Option<String>,
    /// The file.
    pub path: PathBuf,
}

impl FreshRanges {
    /// Reads a `[TOKEN=]FILE` argument: `TOKEN=` only when the text before the
    /// first `=` is a registry crawler with an identity check (so a path
    /// holding `=` still reads as a path).
    ///
    /// ```
    /// use robots_audit::FreshRanges;
    /// let given = FreshRanges::parse("Googlebot=old/googlebot.json");
    /// assert_eq!(given.token.as_deref(), Some("Googlebot"));
    /// assert_eq!(FreshRanges::parse("a=b.json").token, None);
    /// ```
    pub fn parse(spec: &str) -> FreshRanges {
        match spec.split_once('=') {
            Some((token, path)) if robots_registry::identity_check(token).is_some() => {
                FreshRanges {
                    token: Some(token.to_owned()),
                    path: PathBuf::from(path),
                }
            }
            _ => FreshRanges {
                token: None,
                path: PathBuf::from(spec),
            },
        }
    }
}

/// Why range files could not be loaded. Its message names the file and, for
/// JSON that does not parse, the line and column.
#[derive(Debug)]
pub struct RangesError {
    kind: RangesErrorKind,
}

#[derive(Debug)]
enum RangesErrorKind {
    Read {
        path: PathBuf,
        source: std::io::Error,
    },
    Unknown {
        name: String,
    },
    Invalid {
        origin: String,
        why: String,
    },
}

impl RangesError {
    fn invalid(origin: &str, why: impl Into<String>) -> RangesError {
        RangesError {
            kind: RangesErrorKind::Invalid {
                origin: origin.to_owned(),
                why: why.into(),
            },
        }
    }

    /// Whether the file could not be read at all (the error comes from the
    /// system), rather than read and refused.
    pub fn is_io(&self) -> bool {
        matches!(self.kind, RangesErrorKind::Read { .. })
    }
}

impl fmt::Display for RangesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            RangesErrorKind::Read { path, source } => {
                write!(f, "cannot read IP ranges '{}': {source}", path.display())
            }
            RangesErrorKind::Unknown { name } => write!(
                f,
                "IP ranges '{name}': no operator in the registry publishes a file of that name; \
                 give it as TOKEN={name} (e.g. Googlebot={name}) to say whose ranges it holds"
            ),
            RangesErrorKind::Invalid { origin, why } => write!(f, "IP ranges '{origin}': {why}"),
        }
    }
}

impl std::error::Error for RangesError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match &self.kind {
            RangesErrorKind::Read { source, .. } => Some(source),
            _ => None,
        }
    }
}

/// The IP ranges operators publish, by the registry's operator check: the
/// snapshot bundled with the crate ([`IpRanges::snapshot`]) or fresh files in
/// place of its copies ([`IpRanges::with_fresh`]).
///
/// ```
/// use robots_audit::IpRanges;
/// use robots_registry as registry;
///
/// let ranges = IpRanges::snapshot();
/// let google = registry::identity_check("Googlebot").unwrap();
/// assert!(ranges.covers(google));
/// assert!(ranges.contains(google, "66.249.66.1".parse().unwrap()));
/// assert!(ranges.contains(google, "::ffff:66.249.66.1".parse().unwrap()));
/// assert!(!ranges.contains(google, "192.0.2.1".parse().unwrap()));
/// // Yandex publishes no ranges: only reverse DNS can verify it.
/// assert!(!ranges.covers(registry::identity_check("YandexBot").unwrap()));
/// ```
#[derive(Clone, Debug)]
pub struct IpRanges {
    /// Each prefix with the checks (bits: indexes in `IDENTITY_CHECKS`) whose
    /// files list it or a prefix covering it, so that one longest-prefix match
    /// answers for every check.
    v4: PrefixMap<Ipv4Net, Checks>,
    v6: PrefixMap<Ipv6Net, Checks>,
    /// The checks with at least one file loaded.
    covered: Checks,
    files: Vec<RangeFile>,
}

/// A set of identity checks, as bits of their index in `IDENTITY_CHECKS`.
type Checks = u64;

/// The bit of a check.
///
/// # Panics
/// With a message starting "bug:" if the check is not one of the registry's
/// (they all are: checks come from its tables) or the registry holds more
/// than 64 (a test holds it under).
fn bit(check: &IdentityCheck) -> Checks {
    // Checks are the registry's statics: the address says which one, and
    // comparing addresses keeps a lookup cheap.
    match IDENTITY_CHECKS.iter().position(|c| std::ptr::eq(c, check)) {
        Some(at) if at < 64 => 1 << at,
        Some(at) => panic!("bug: identity check {at} does not fit the 64-bit sets"),
        None => panic!("bug: identity check {} is not the registry's", check.name),
    }
}

/// One file's parsed prefixes, before they go into the tables.
struct Parsed {
    file: RangeFile,
    v4: Vec<Ipv4Net>,
    v6: Vec<Ipv6Net>,
}

impl IpRanges {
    /// No ranges at all: every check is left to reverse DNS.
    pub fn empty() -> IpRanges {
        IpRanges {
            v4: PrefixMap::new(),
            v6: PrefixMap::new(),
            covered: 0,
            files: Vec::new(),
        }
    }

    /// The snapshot that ships with the crate.
    ///
    /// # Panics
    /// With a message starting "bug:" if a bundled file does not parse (a
    /// test reads every one).
    pub fn snapshot() -> IpRanges {
        match IpRanges::with_fresh(&[]) {
            Ok(ranges) => ranges,
            Err(e) => panic!("bug: the bundled IP ranges do not load: {e}"),
        }
    }

    /// The snapshot, with `fresh` files read from disk in place of the
    /// snapshot's: a file replaces the snapshot's file of the same name
    /// (`gptbot.json`), and `TOKEN=FILE` every snapshot file of that
    /// crawler's operator.
    ///
    /// # Errors
    /// When a file cannot be read, is not of the shape above (the message
    /// names the entry), or has a name no registry check lists and no `TOKEN=`.
    pub fn with_fresh(fresh: &[FreshRanges]) -> Result<IpRanges, RangesError> {
        let mut parsed = Vec::new();
        for given in fresh {
            let origin = given.path.display().to_string();
            let name = file_name(&given.path);
            let check = match &given.token {
                Some(token) => robots_registry::identity_check(token).ok_or_else(|| {
                    RangesError::invalid(&origin, format!("`{token}` has no identity check"))
                })?,
                None => robots_registry::identity_checks_for_file(&name)
                    .next()
                    .ok_or(RangesError {
                        kind: RangesErrorKind::Unknown { name: name.clone() },
                    })?,
            };
            let text = std::fs::read(&given.path).map_err(|source| RangesError {
                kind: RangesErrorKind::Read {
                    path: given.path.clone(),
                    source,
                },
            })?;
            parsed.push((given.token.is_some(), parse(name, origin, check, &text)?));
        }
        let mut files: Vec<Parsed> = Vec::new();
        for (name, text) in SNAPSHOT {
            let Some(check) = robots_registry::identity_checks_for_file(name).next() else {
                panic!("bug: the snapshot's {name} is no registry file");
            };
            let replaced = parsed.iter().any(|(by_token, p)| {
                if *by_token {
                    p.file.check.name == check.name
                } else {
                    p.file.name.eq_ignore_ascii_case(name)
                }
            });
            if !replaced {
                files.push(parse(
                    (*name).to_owned(),
                    "snapshot".to_owned(),
                    check,
                    text.as_bytes(),
                )?);
            }
        }
        files.extend(parsed.into_iter().map(|(_, p)| p));
        Ok(IpRanges::build(files))
    }

    /// The tables of `files`.
    fn build(files: Vec<Parsed>) -> IpRanges {
        let mut ranges = IpRanges::empty();
        for file in files {
            let bit = bit(file.file.check);
            ranges.covered |= bit;
            for net in file.v4 {
                *ranges.v4.entry(net).or_default() |= bit;
            }
            for net in file.v6 {
                *ranges.v6.entry(net).or_default() |= bit;
            }
            ranges.files.push(file.file);
        }
        // A prefix inside another's (a /28 of one operator in a /24 of
        // another) answers for both: each entry takes the checks of every
        // entry that covers it, so a lookup needs the longest match alone.
        let v4: Vec<(Ipv4Net, Checks)> = ranges
            .v4
            .iter()
            .map(|(net, _)| (net, ranges.v4.cover_values(&net).fold(0, |all, c| all | c)))
            .collect();
        for (net, checks) in v4 {
            ranges.v4.insert(net, checks);
        }
        let v6: Vec<(Ipv6Net, Checks)> = ranges
            .v6
            .iter()
            .map(|(net, _)| (net, ranges.v6.cover_values(&net).fold(0, |all, c| all | c)))
            .collect();
        for (net, checks) in v6 {
            ranges.v6.insert(net, checks);
        }
        ranges
    }

    /// Whether some file of `check` is loaded: only then can its ranges
    /// verify a request, or prove one spoofed.
    pub fn covers(&self, check: &IdentityCheck) -> bool {
        self.covered & bit(check) != 0
    }

    /// Whether `addr` is in the loaded ranges of `check`.
    pub fn contains(&self, check: &IdentityCheck, addr: IpAddr) -> bool {
        self.checks_of(addr) & bit(check) != 0
    }

    /// The ranges of `check`, to test addresses against without naming the
    /// check again.
    pub fn test(&self, check: &IdentityCheck) -> RangeTest<'_> {
        RangeTest {
            ranges: self,
            bit: bit(check),
        }
    }

    /// The checks whose ranges hold `addr`.
    fn checks_of(&self, addr: IpAddr) -> Checks {
        match canonical(addr) {
            IpAddr::V4(v4) => self
                .v4
                .get_lpm(&Ipv4Net::from(v4))
                .map_or(0, |(_, checks)| *checks),
            IpAddr::V6(v6) => self
                .v6
                .get_lpm(&Ipv6Net::from(v6))
                .map_or(0, |(_, checks)| *checks),
        }
    }

    /// The files loaded, snapshot ones first.
    pub fn files(&self) -> &[RangeFile] {
        &self.files
    }
}

/// The loaded ranges of one operator check ([`IpRanges::test`]).
///
/// ```
/// use robots_audit::IpRanges;
/// let ranges = IpRanges::snapshot();
/// let google = ranges.test(robots_registry::identity_check("Googlebot").unwrap());
/// assert!(google.contains("66.249.66.1".parse().unwrap()));
/// assert!(!google.contains("192.0.2.1".parse().unwrap()));
/// ```
#[derive(Clone, Copy, Debug)]
pub struct RangeTest<'r> {
    ranges: &'r IpRanges,
    bit: Checks,
}

impl RangeTest<'_> {
    /// Whether `addr` is in the ranges: one longest-prefix match.
    pub fn contains(&self, addr: IpAddr) -> bool {
        self.ranges.checks_of(addr) & self.bit != 0
    }
}

/// `addr`, with an IPv4-mapped IPv6 address (`::ffff:a.b.c.d`) as its IPv4
/// address: a dual-stack server logs IPv4 clients that way.
pub(crate) fn canonical(addr: IpAddr) -> IpAddr {
    match addr {
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => IpAddr::V6(v6),
        },
        v4 => v4,
    }
}

/// A path's file name, as text.
fn file_name(path: &Path) -> String {
    path.file_name().map_or_else(
        || path.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    )
}

/// Reads one file of the common shape.
fn parse(
    name: String,
    origin: String,
    check: &'static IdentityCheck,
    text: &[u8],
) -> Result<Parsed, RangesError> {
    let value: serde_json::Value = serde_json::from_slice(text).map_err(|e| {
        RangesError::invalid(
            &origin,
            format!("not JSON at {}:{}: {e}", e.line(), e.column()),
        )
    })?;
    let Some(entries) = value.get("prefixes").and_then(serde_json::Value::as_array) else {
        return Err(RangesError::invalid(
            &origin,
            "no `prefixes` array: not an IP range file of the operators' shape",
        ));
    };
    let creation_time = value
        .get("creationTime")
        .and_then(serde_json::Value::as_str)
        .map(str::to_owned);
    let (mut v4, mut v6) = (Vec::new(), Vec::new());
    for (at, entry) in entries.iter().enumerate() {
        let text = |key: &str| entry.get(key).and_then(serde_json::Value::as_str);
        if let Some(prefix) = text("ipv4Prefix") {
            v4.push(prefix_of::<Ipv4Addr, Ipv4Net>(prefix).ok_or_else(|| {
                RangesError::invalid(
                    &origin,
                    format!("prefixes[{at}]: `{prefix}` is no IPv4 prefix"),
                )
            })?);
        } else if let Some(prefix) = text("ipv6Prefix") {
            v6.push(prefix_of::<Ipv6Addr, Ipv6Net>(prefix).ok_or_else(|| {
                RangesError::invalid(
                    &origin,
                    format!("prefixes[{at}]: `{prefix}` is no IPv6 prefix"),
                )
            })?);
        } else {
            return Err(RangesError::invalid(
                &origin,
                format!("prefixes[{at}] has neither an ipv4Prefix nor an ipv6Prefix string"),
            ));
        }
    }
    Ok(Parsed {
        file: RangeFile {
            name,
            origin,
            creation_time,
            prefixes: v4.len() + v6.len(),
            check,
        },
        v4,
        v6,
    })
}

/// `a.b.c.d/n` (host bits cleared), or a bare address as a single-address
/// prefix; surrounding white space, and the zero-width spaces Bing's file
/// once carried, are ignored.
fn prefix_of<A, N>(text: &str) -> Option<N>
where
    A: std::str::FromStr,
    N: std::str::FromStr + Trunc + From<A>,
{
    let text = text.trim_matches(|c: char| c.is_whitespace() || c == '\u{200b}');
    if text.contains('/') {
        return text.parse::<N>().ok().map(Trunc::trunc_net);
    }
    text.parse::<A>().ok().map(N::from)
}

/// Clearing a network's host bits.
trait Trunc {
    fn trunc_net(self) -> Self;
}

impl Trunc for Ipv4Net {
    fn trunc_net(self) -> Self {
        self.trunc()
    }
}

impl Trunc for Ipv6Net {
    fn trunc_net(self) -> Self {
        self.trunc()
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_snapshot_date_is_the_manifests() {
        let manifest = include_str!("../../ranges/manifest.toml");
        assert!(
            manifest.contains(&format!("\nsnapshot = \"{SNAPSHOT_DATE}\"\n")),
            "ranges/manifest.toml's snapshot date is not SNAPSHOT_DATE"
        );
    }

    use super::*;

    fn check(token: &str) -> &'static IdentityCheck {
        robots_registry::identity_check(token).unwrap()
    }

    fn ip(text: &str) -> IpAddr {
        text.parse().unwrap()
    }

    #[test]
    fn the_registry_fits_the_sets() {
        assert!(IDENTITY_CHECKS.len() <= 64, "{}", IDENTITY_CHECKS.len());
    }

    #[test]
    fn every_snapshot_file_loads_under_its_registry_name() {
        let ranges = IpRanges::snapshot();
        assert_eq!(ranges.files().len(), SNAPSHOT.len());
        for file in ranges.files() {
            assert!(file.prefixes > 0, "{}", file.name);
            assert_eq!(file.origin, "snapshot");
            assert!(
                file.check.file_names().any(|f| f == file.name),
                "{}",
                file.name
            );
            assert!(file.creation_time.is_some(), "{}", file.name);
        }
        for token in [
            "Googlebot",
            "AdsBot-Google",
            "FeedFetcher-Google",
            "bingbot",
            "GPTBot",
            "OAI-SearchBot",
            "ChatGPT-User",
            "PerplexityBot",
            "Perplexity-User",
            "Applebot",
            "CCBot",
            "DuckDuckBot",
        ] {
            assert!(ranges.covers(check(token)), "{token}");
        }
        for token in [
            "YandexBot",
            "Baiduspider",
            "Slurp",
            "Amazonbot",
            "DuckAssistBot",
        ] {
            assert!(!ranges.covers(check(token)), "{token}");
        }
    }

    #[test]
    fn addresses_of_each_operator_are_found_in_its_ranges_only() {
        let ranges = IpRanges::snapshot();
        for (token, addr) in [
            ("Googlebot", "66.249.66.1"),
            ("Googlebot", "2001:4860:4801:10::1"),
            ("AdsBot-Google", "2001:4860:4801:2008::9"),
            ("bingbot", "157.55.39.1"),
            ("bingbot", "207.46.13.255"),
            ("GPTBot", "132.196.86.7"),
            ("ChatGPT-User", "104.210.139.200"),
            ("Applebot", "17.241.208.161"),
            ("CCBot", "2600:1f28:365:8000::1"),
            ("CCBot", "98.85.178.216"),
        ] {
            assert!(ranges.contains(check(token), ip(addr)), "{token} {addr}");
            // Another operator's check does not claim it.
            let other = if token == "Applebot" {
                "GPTBot"
            } else {
                "Applebot"
            };
            assert!(!ranges.contains(check(other), ip(addr)), "{other} {addr}");
        }
        // A Googlebot header from outside Google's common-crawler ranges.
        for addr in [
            "192.0.2.1",
            "66.249.63.255",
            "2001:db8::1",
            "::ffff:192.0.2.1",
            "0.0.0.0",
            "::",
        ] {
            assert!(!ranges.contains(check("Googlebot"), ip(addr)), "{addr}");
        }
        // IPv4-mapped IPv6 is IPv4.
        assert!(ranges.contains(check("Googlebot"), ip("::ffff:66.249.66.1")));
    }

    #[test]
    fn nested_prefixes_of_two_operators_answer_for_both() {
        let dir = std::env::temp_dir().join(format!("robots-audit-ranges-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let wide = dir.join("wide.json");
        let narrow = dir.join("narrow.json");
        std::fs::write(
            &wide,
            r#"{"prefixes": [{"ipv4Prefix": "10.0.0.0/8"}, {"ipv6Prefix": "2001:db8::/32"}]}"#,
        )
        .unwrap();
        std::fs::write(
            &narrow,
            r#"{"prefixes": [{"ipv4Prefix": "10.1.2.0/24"}, {"ipv6Prefix": "2001:db8:1::/48"}]}"#,
        )
        .unwrap();
        let ranges = IpRanges::with_fresh(&[
            FreshRanges::parse(&format!("Amazonbot={}", wide.display())),
            FreshRanges::parse(&format!("YandexBot={}", narrow.display())),
        ])
        .unwrap();
        for addr in ["10.1.2.3", "2001:db8:1::5"] {
            assert!(ranges.contains(check("Amazonbot"), ip(addr)), "{addr}");
            assert!(ranges.contains(check("YandexBot"), ip(addr)), "{addr}");
        }
        for addr in ["10.9.9.9", "2001:db8:2::1"] {
            assert!(ranges.contains(check("Amazonbot"), ip(addr)), "{addr}");
            assert!(!ranges.contains(check("YandexBot"), ip(addr)), "{addr}");
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn fresh_files_replace_the_snapshots() {
        let dir = std::env::temp_dir().join(format!("robots-audit-fresh-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        // By name: gptbot.json replaces the snapshot's gptbot.json only.
        let gptbot = dir.join("gptbot.json");
        std::fs::write(&gptbot, "{\"creationTime\": \"2027-01-01T00:00:00\", \"prefixes\": [{\"ipv4Prefix\": \"203.0.113.0/24\"}]}").unwrap();
        // By token: a file of any name replaces every file of that check.
        let old = dir.join("googlebot-2025.json");
        std::fs::write(
            &old,
            "{\"prefixes\": [{\"ipv6Prefix\": \"2001:db8:aa::/48\"}]}",
        )
        .unwrap();
        let ranges = IpRanges::with_fresh(&[
            FreshRanges::parse(gptbot.to_str().unwrap()),
            FreshRanges::parse(&format!("Googlebot={}", old.display())),
        ])
        .unwrap();
        assert!(ranges.contains(check("GPTBot"), ip("203.0.113.9")));
        assert!(!ranges.contains(check("GPTBot"), ip("132.196.86.7")));
        // The other OpenAI files stay the snapshot's.
        assert!(ranges.contains(check("OAI-SearchBot"), ip("135.234.64.1")));
        assert!(ranges.contains(check("Googlebot"), ip("2001:db8:aa::1")));
        assert!(!ranges.contains(check("Googlebot"), ip("66.249.66.1")));
        // Other Google checks keep the snapshot.
        assert!(ranges.covers(check("AdsBot-Google")));
        let fresh: Vec<&RangeFile> = ranges
            .files()
            .iter()
            .filter(|f| f.origin != "snapshot")
            .collect();
        assert_eq!(fresh.len(), 2);
        assert_eq!(
            fresh[0].creation_time.as_deref(),
            Some("2027-01-01T00:00:00")
        );
        assert_eq!(ranges.files().len(), SNAPSHOT.len() - 2 + 2);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn bad_files_are_refused_with_their_place() {
        let dir = std::env::temp_dir().join(format!("robots-audit-bad-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let cases = [
            ("gptbot.json", "{\"prefixes\": [", "not JSON at 1:"),
            (
                "gptbot.json",
                "{\"creationTime\": \"x\"}",
                "no `prefixes` array",
            ),
            (
                "gptbot.json",
                "{\"prefixes\": [{\"ipv4Prefix\": \"300.1.2.3/8\"}]}",
                "prefixes[0]: `300.1.2.3/8` is no IPv4 prefix",
            ),
            (
                "gptbot.json",
                "{\"prefixes\": [{\"ipv4Prefix\": \"1.2.3.0/24\"}, {\"ipv6Prefix\": \"1.2.3.4\"}]}",
                "prefixes[1]: `1.2.3.4` is no IPv6 prefix",
            ),
            (
                "gptbot.json",
                "{\"prefixes\": [{\"service\": \"x\"}]}",
                "prefixes[0] has neither",
            ),
            (
                "mine.json",
                "{\"prefixes\": []}",
                "no operator in the registry publishes a file of that name",
            ),
        ];
        for (name, text, says) in cases {
            let path = dir.join(name);
            std::fs::write(&path, text).unwrap();
            let err =
                IpRanges::with_fresh(&[FreshRanges::parse(path.to_str().unwrap())]).unwrap_err();
            assert!(err.to_string().contains(says), "{text}: {err}");
            assert!(!err.is_io());
        }
        let missing =
            IpRanges::with_fresh(&[FreshRanges::parse("/no/such/dir/gptbot.json")]).unwrap_err();
        assert!(missing.is_io(), "{missing}");
        assert!(
            missing
                .to_string()
                .contains("cannot read IP ranges '/no/such/dir/gptbot.json'"),
            "{missing}"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn prefixes_read_as_the_files_write_them() {
        assert_eq!(
            prefix_of::<Ipv4Addr, Ipv4Net>("157.55.39.1/24"),
            "157.55.39.0/24".parse().ok()
        );
        assert_eq!(
            prefix_of::<Ipv4Addr, Ipv4Net>(" 157.55.39.0/24\u{200b}"),
            "157.55.39.0/24".parse().ok()
        );
        assert_eq!(
            prefix_of::<Ipv4Addr, Ipv4Net>("3.81.245.78"),
            "3.81.245.78/32".parse().ok()
        );
        assert_eq!(
            prefix_of::<Ipv6Addr, Ipv6Net>("2001:db8::1"),
            "2001:db8::1/128".parse().ok()
        );
        assert_eq!(prefix_of::<Ipv4Addr, Ipv4Net>("1.2.3.4/33"), None);
        assert_eq!(prefix_of::<Ipv4Addr, Ipv4Net>(""), None);
    }
}
