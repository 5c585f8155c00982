//! The four named semantics a robots.txt can be read under.

use crate::error::{Error, ErrorKind};
use core::fmt;
use core::str::FromStr;

/// Which reading of robots.txt to apply.
///
/// | profile | grouping | rule choice | patterns | agent match |
/// |---|---|---|---|---|
/// | [`Rfc9309`](Profile::Rfc9309) | user-agent lines after a rule start a group | longest match, allow wins ties | `*`, `$`; `%`-equivalence | whole token, case-insensitive |
/// | [`Google`](Profile::Google) | as RFC, plus typos and colon-less lines | as RFC, plus `index.htm` quirk | `*`, `$`; no URL normalisation | token cut at first char outside `[A-Za-z_-]` |
/// | [`Draft1996`](Profile::Draft1996) | records end at blank lines | first matching Allow/Disallow in file order | plain prefix, `%xx` decoded but `%2F` | case-insensitive substring |
/// | [`Original1994`](Profile::Original1994) | records end at blank lines | Disallow only, plain prefix | plain prefix | case-insensitive substring |
///
/// ```
/// use robots_runtime::Profile;
/// assert_eq!("google".parse::<Profile>(), Ok(Profile::Google));
/// assert_eq!(Profile::default(), Profile::Rfc9309);
/// assert_eq!(Profile::Draft1996.name(), "draft1996");
/// ```
///
/// New profiles may be added (hence `#[non_exhaustive]`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Profile {
    /// RFC 9309, to the letter. The default.
    #[default]
    Rfc9309,
    /// Bit-for-bit what Google's open-source robotstxt library does.
    Google,
    /// The 1996 Internet-Draft: first matching Allow/Disallow line wins.
    Draft1996,
    /// The 1994 standard: Disallow-only prefix rules, substring agent match.
    Original1994,
}

/// The default parsing cap (RFC 9309 section 2.5): 500 KiB.
pub const DEFAULT_MAX_BYTES: usize = 500 * 1024;

/// Google's per-line buffer keeps this many bytes of a line; the rest is dropped.
pub const GOOGLE_MAX_LINE_BYTES: usize = 2083 * 8 - 1;

/// The most of any input the engine reads, whatever the parsing cap (512 MiB).
///
/// `None` as a cap means "up to this". It keeps every table index of a compiled
/// policy within 32 bits; content past it is reported as a truncation, like
/// content past a cap.
pub const MAX_INPUT_BYTES: usize = 512 << 20;

impl Profile {
    /// Every profile, default first.
    ///
    /// A profile's position here is its number in the byte form of a policy
    /// (the header's profile byte): bytes written by one build are read by
    /// another, so the list is **append-only**. A new profile goes at the end;
    /// moving or removing one would make stored policies load under another
    /// profile (a test over the byte form pins every number).
    pub const ALL: [Profile; 4] = [
        Profile::Rfc9309,
        Profile::Google,
        Profile::Draft1996,
        Profile::Original1994,
    ];

    /// The profile's stable name, as the CLI and the macro spell it.
    pub const fn name(self) -> &'static str {
        match self {
            Profile::Rfc9309 => "rfc9309",
            Profile::Google => "google",
            Profile::Draft1996 => "draft1996",
            Profile::Original1994 => "original1994",
        }
    }

    /// The parsing cap a profile applies when none is configured.
    ///
    /// `google` has none, as the reference library has none.
    pub const fn default_max_bytes(self) -> Option<usize> {
        match self {
            Profile::Google => None,
            _ => Some(DEFAULT_MAX_BYTES),
        }
    }

    /// Whether records are separated by blank lines (the 1994 and 1996 readings).
    pub(crate) const fn blank_line_ends_record(self) -> bool {
        matches!(self, Profile::Draft1996 | Profile::Original1994)
    }

    /// Whether the winner is the first matching line in file order (else: the longest match).
    pub const fn first_match_wins(self) -> bool {
        matches!(self, Profile::Draft1996 | Profile::Original1994)
    }

    /// Whether `/robots.txt` is always allowed.
    pub(crate) const fn robots_txt_always_allowed(self) -> bool {
        matches!(self, Profile::Rfc9309 | Profile::Draft1996)
    }

    /// Whether agent records match by substring of the robot's name (legacy readings).
    pub const fn substring_agents(self) -> bool {
        matches!(self, Profile::Draft1996 | Profile::Original1994)
    }

    /// Whether the parser is Google's lenient one (typos, missing colons, key prefixes).
    pub(crate) const fn lenient_syntax(self) -> bool {
        matches!(self, Profile::Google)
    }
}

impl fmt::Display for Profile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Profile {
    type Err = Error;

    /// A profile by its name, in any case.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Profile::ALL
            .into_iter()
            .find(|p| p.name().eq_ignore_ascii_case(s))
            .ok_or_else(|| {
                Error::new(
                    ErrorKind::UnknownProfile,
                    alloc::format!(
                        "unknown profile `{s}`: expected rfc9309, google, draft1996 or original1994"
                    ),
                )
            })
    }
}
