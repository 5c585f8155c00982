//! The parsed document: every line's report (from [`parse`](crate::parse)) and
//! the groups (from [`group`](crate::group)) together. Parsing never fails.

use crate::group::grouper::{group, Group, Structure};
use crate::parse::lex::lex;
use crate::parse::report::{LineReport, Truncation};
use crate::profile::Profile;
use alloc::vec::Vec;

pub use crate::profile::{DEFAULT_MAX_BYTES, GOOGLE_MAX_LINE_BYTES, MAX_INPUT_BYTES};

/// How to parse.
///
/// ```
/// use robots_runtime::{document::ParseOptions, Profile};
/// let options = ParseOptions::new(Profile::Google).max_bytes(Some(1 << 20));
/// assert_eq!(options.profile, Profile::Google);
/// assert_eq!(options.max_bytes, Some(1 << 20));
/// assert_eq!(ParseOptions::default().max_bytes, Some(500 * 1024));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ParseOptions {
    /// The semantics to read the file under.
    pub profile: Profile,
    /// Bytes past this offset are ignored (and reported). `None`: no cap.
    pub max_bytes: Option<usize>,
}

impl ParseOptions {
    /// Options for `profile`, with its default cap.
    #[cfg_attr(robots_size, optimize(size))]
    pub const fn new(profile: Profile) -> Self {
        ParseOptions {
            profile,
            max_bytes: profile.default_max_bytes(),
        }
    }

    /// Set the parsing cap (`None` for no cap).
    #[must_use]
    #[cfg_attr(robots_size, optimize(size))]
    pub const fn max_bytes(mut self, max_bytes: Option<usize>) -> Self {
        self.max_bytes = max_bytes;
        self
    }
}

impl Default for ParseOptions {
    #[cfg_attr(robots_size, optimize(size))]
    fn default() -> Self {
        ParseOptions::new(Profile::default())
    }
}

/// A parsed robots.txt: every line's report, the groups, and the file-wide records.
///
/// It borrows the input; values are byte ranges into it.
///
/// ```
/// use robots_runtime::document::{parse, Directive, LineKind, ParseOptions};
/// let doc = parse(b"User-agent: *\nDisallow: /private\n", ParseOptions::default());
/// assert_eq!(doc.groups().len(), 1);
/// assert_eq!(doc.lines()[1].kind, LineKind::Directive(Directive::Disallow));
/// assert_eq!(doc.value(&doc.lines()[1]), b"/private");
/// ```
#[derive(Clone, Debug)]
pub struct Document<'a> {
    source: &'a [u8],
    options: ParseOptions,
    lines: Vec<LineReport>,
    bom_len: usize,
    truncation: Option<Truncation>,
    structure: Structure,
}

/// Parse `input` under `options`. Any bytes are accepted.
#[cfg_attr(robots_size, optimize(size))]
pub fn parse<T: AsRef<[u8]> + ?Sized>(input: &T, options: ParseOptions) -> Document<'_> {
    let input = input.as_ref();
    let lexed = lex(input, options.profile, options.max_bytes);
    let structure = group(input, &lexed.reports, options.profile);
    Document {
        source: input,
        options,
        lines: lexed.reports,
        bom_len: lexed.bom_len,
        truncation: lexed.truncation,
        structure,
    }
}

impl<'a> Document<'a> {
    /// The input this document was parsed from.
    #[cfg_attr(robots_size, optimize(size))]
    pub fn source(&self) -> &'a [u8] {
        self.source
    }

    /// The options it was parsed with.
    #[cfg_attr(robots_size, optimize(size))]
    pub fn options(&self) -> ParseOptions {
        self.options
    }

    /// The profile it was parsed under.
    #[cfg_attr(robots_size, optimize(size))]
    pub fn profile(&self) -> Profile {
        self.options.profile
    }

    /// One report per line read, in order.
    #[cfg_attr(robots_size, optimize(size))]
    pub fn lines(&self) -> &[LineReport] {
        &self.lines
    }

    /// How many bytes of a leading UTF-8 byte order mark (or a prefix of one) were skipped.
    #[cfg_attr(robots_size, optimize(size))]
    pub fn bom_len(&self) -> usize {
        self.bom_len
    }

    /// Where the parsing cap cut the input, if it did.
    #[cfg_attr(robots_size, optimize(size))]
    pub fn truncation(&self) -> Option<&Truncation> {
        self.truncation.as_ref()
    }

    /// The groups, in file order.
    #[cfg_attr(robots_size, optimize(size))]
    pub fn groups(&self) -> &[Group] {
        &self.structure.groups
    }

    /// Indexes of rule and group-scoped lines that stand before any user-agent line.
    #[cfg_attr(robots_size, optimize(size))]
    pub fn orphans(&self) -> &[usize] {
        &self.structure.orphans
    }

    /// Indexes of file-wide record lines (sitemap, host, clean-param, robot-version).
    #[cfg_attr(robots_size, optimize(size))]
    pub fn file_records(&self) -> &[usize] {
        &self.structure.file_records
    }

    /// The crawler names the file's user-agent lines give, in file order, as the
    /// profile matches them (under `google`, cut to the product token); `*` and
    /// empty names are left out.
    ///
    /// ```
    /// use robots_runtime::document::{parse, ParseOptions};
    /// use robots_runtime::Profile;
    /// let doc = parse(b"User-agent: *\nUser-agent: FooBot/1.0\nDisallow: /\n", ParseOptions::new(Profile::Google));
    /// assert_eq!(doc.agent_names().collect::<Vec<_>>(), [&b"FooBot"[..]]);
    /// ```
    #[cfg_attr(robots_size, optimize(size))]
    pub fn agent_names(&self) -> impl Iterator<Item = &'a [u8]> + '_ {
        self.groups()
            .iter()
            .flat_map(|g| &g.agents)
            .filter_map(|a| match &a.token {
                crate::group::grouper::AgentToken::Named(r) if !r.is_empty() => {
                    Some(self.slice(r.clone()))
                }
                _ => None,
            })
    }

    /// The bytes of a line's value (empty when it has none).
    #[cfg_attr(robots_size, optimize(size))]
    pub fn value(&self, line: &LineReport) -> &'a [u8] {
        line.value
            .clone()
            .and_then(|v| self.source.get(v))
            .unwrap_or_default()
    }

    /// The bytes of a byte range of the input (empty when out of range).
    #[cfg_attr(robots_size, optimize(size))]
    pub fn slice(&self, range: core::ops::Range<usize>) -> &'a [u8] {
        self.source.get(range).unwrap_or_default()
    }
}
