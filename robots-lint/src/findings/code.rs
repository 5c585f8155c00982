//! Lint codes: the stable names findings are reported under.

use core::fmt;

/// A lint code. Its [`as_str`](Code::as_str) name (`duplicate-rule`) is stable:
/// CI configurations, SARIF rules and suppressions use it. New codes may come
/// in any release (the enum is `#[non_exhaustive]`).
///
/// ```
/// use robots_lint::Code;
/// assert_eq!(Code::DuplicateRule.as_str(), "duplicate-rule");
/// assert_eq!(Code::from_name("duplicate-rule"), Some(Code::DuplicateRule));
/// assert_eq!(Code::DuplicateRule, "duplicate-rule");
/// assert_eq!(Code::DuplicateRule.to_string(), "duplicate-rule");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Code {
    /// `missing-colon`: `key value` without the `:`; only Google's parser reads it
    MissingColon,
    /// `unknown-directive`: a key no profile knows, or a line that is not `key: value`; crawlers ignore it
    UnknownDirective,
    /// `unsupported-directive`: a directive no crawler obeys in robots.txt (`Noindex`, `Nofollow`, `Noarchive`), or `Allow` under original1994
    UnsupportedDirective,
    /// `misspelled-directive`: a misspelt key (`Disalow`, `useragent`); only some crawlers accept it
    MisspelledDirective,
    /// `empty-user-agent`: `User-agent:` with no value names no crawler
    EmptyUserAgent,
    /// `invalid-product-token`: a user-agent value that is not a product token (`Googlebot/2.1`, `my bot`)
    InvalidProductToken,
    /// `misspelled-agent`: a user-agent token close to a known crawler's token but not it (`GPT-Bot`, `Google Extended`): it names no crawler
    MisspelledAgent,
    /// `retired-agent`: a user-agent token its operator retired (`Qwantify`, `Googlebot-Mobile`): name the replacement
    RetiredAgent,
    /// `unknown-agent`: a user-agent token the known-crawler registry does not list
    UnknownAgent,
    /// `rule-outside-group`: a rule or record before any `User-agent` line applies to no crawler
    RuleOutsideGroup,
    /// `path-not-absolute`: a pattern that starts with neither `/` nor `*` matches no URL
    PathNotAbsolute,
    /// `dollar-not-at-end`: a `$` before the end of a pattern is a literal `$`, not an anchor
    DollarNotAtEnd,
    /// `line-too-long`: a line longer than Google's line buffer is cut
    LineTooLong,
    /// `file-too-large`: content past the parsing cap (500 KiB) is ignored
    FileTooLarge,
    /// `bom`: the file starts with a UTF-8 byte order mark
    Bom,
    /// `invalid-utf8`: a line that is not valid UTF-8
    InvalidUtf8,
    /// `html-not-robots`: the file is an HTML page, not a robots.txt
    HtmlNotRobots,
    /// `utf16-not-utf8`: the file is UTF-16 or UTF-32 text: crawlers read it as empty
    Utf16NotUtf8,
    /// `binary-not-robots`: the file is binary data, not a robots.txt
    BinaryNotRobots,
    /// `invalid-crawl-delay`: a `Crawl-delay` that is not a number of seconds
    InvalidCrawlDelay,
    /// `invalid-request-rate`: a `Request-rate` that is not `requests/seconds`
    InvalidRequestRate,
    /// `invalid-visit-time`: a `Visit-time` that is not `HHMM-HHMM`
    InvalidVisitTime,
    /// `relative-sitemap-url`: a `Sitemap` that is not an absolute http(s) URL
    RelativeSitemapUrl,
    /// `invalid-host`: a `Host` that is not a host name (with an optional scheme and port)
    InvalidHost,
    /// `invalid-content-signal`: a `Content-Signal` entry that is not `key=yes` or `key=no`
    InvalidContentSignal,
    /// `unknown-content-signal`: a `Content-Signal` key other than `search`, `ai-input` and `ai-train`: crawlers ignore it
    UnknownContentSignal,
    /// `invalid-content-usage`: a `Content-Usage` that is not an optional path then `label=y|n` pairs
    InvalidContentUsage,
    /// `unknown-content-usage`: a `Content-Usage` label other than `train-ai` and `search`, or a value other than `y` and `n`
    UnknownContentUsage,
    /// `invalid-llm-policy`: an `LLM-Policy` that is not an absolute http(s) URL
    InvalidLlmPolicy,
    /// `invalid-license`: a `License` (RSL 1.0) that is not an absolute http(s) URL
    InvalidLicense,
    /// `multiple-wildcard-groups`: more than one `User-agent: *` group: RFC 9309 and Google merge them, the 1996 and 1994 readings use only the first
    MultipleWildcardGroups,
    /// `empty-group`: user-agent lines with no rules and no records: those crawlers may fetch everything
    EmptyGroup,
    /// `duplicate-rule`: the same rule twice in one group
    DuplicateRule,
    /// `group-joined-by-extension-line`: a `Crawl-delay` (or other non-rule line) between user-agent lines does not end the group: the rules below apply to all of them
    GroupJoinedByExtensionLine,
    /// `shadowed-rule`: a rule that can never decide any URL: a higher-ranked rule matches every URL it matches
    ShadowedRule,
    /// `conflicting-rules`: the same pattern both allowed and disallowed for the same crawlers
    ConflictingRules,
    /// `profile-disagreement`: a URL that rfc9309, google, draft1996 and original1994 do not decide alike (a note when rfc9309 and google agree)
    ProfileDisagreement,
    /// `blocks-everything`: `Disallow: /` for `*` with no `Allow` that lets anything back in
    BlocksEverything,
    /// `expensive-pattern`: a pattern with more than 5 `*` wildcards, or longer than 512 bytes
    ExpensivePattern,
    /// `assertion-failed`: a CI assertion (`allow|block AGENT URL`) the file does
    /// not keep. Reported by the build-time checks (`robots-codegen`), not by [`lint`](crate::lint).
    AssertionFailed,
    /// `invalid-assertion`: an assertion file that does not parse, or an
    /// assertion about a crawler a one-crawler policy cannot answer for (build-time checks).
    InvalidAssertion,
    /// `invalid-tables`: compiled tables that fail validation, a bug in the
    /// compiler (build-time checks).
    InvalidTables,
}

impl Code {
    /// Every code: those of [`CODES`](crate::CODES), in its order, then the
    /// three of the build-time checks.
    pub const ALL: [Code; 42] = [
        Code::MissingColon,
        Code::UnknownDirective,
        Code::UnsupportedDirective,
        Code::MisspelledDirective,
        Code::EmptyUserAgent,
        Code::InvalidProductToken,
        Code::MisspelledAgent,
        Code::RetiredAgent,
        Code::UnknownAgent,
        Code::RuleOutsideGroup,
        Code::PathNotAbsolute,
        Code::DollarNotAtEnd,
        Code::LineTooLong,
        Code::FileTooLarge,
        Code::Bom,
        Code::InvalidUtf8,
        Code::HtmlNotRobots,
        Code::Utf16NotUtf8,
        Code::BinaryNotRobots,
        Code::InvalidCrawlDelay,
        Code::InvalidRequestRate,
        Code::InvalidVisitTime,
        Code::RelativeSitemapUrl,
        Code::InvalidHost,
        Code::InvalidContentSignal,
        Code::UnknownContentSignal,
        Code::InvalidContentUsage,
        Code::UnknownContentUsage,
        Code::InvalidLlmPolicy,
        Code::InvalidLicense,
        Code::MultipleWildcardGroups,
        Code::EmptyGroup,
        Code::DuplicateRule,
        Code::GroupJoinedByExtensionLine,
        Code::ShadowedRule,
        Code::ConflictingRules,
        Code::ProfileDisagreement,
        Code::BlocksEverything,
        Code::ExpensivePattern,
        Code::AssertionFailed,
        Code::InvalidAssertion,
        Code::InvalidTables,
    ];

    /// The stable kebab-case name: `missing-colon`, `duplicate-rule`, …
    pub const fn as_str(self) -> &'static str {
        match self {
            Code::MissingColon => "missing-colon",
            Code::UnknownDirective => "unknown-directive",
            Code::UnsupportedDirective => "unsupported-directive",
            Code::MisspelledDirective => "misspelled-directive",
            Code::EmptyUserAgent => "empty-user-agent",
            Code::InvalidProductToken => "invalid-product-token",
            Code::MisspelledAgent => "misspelled-agent",
            Code::RetiredAgent => "retired-agent",
            Code::UnknownAgent => "unknown-agent",
            Code::RuleOutsideGroup => "rule-outside-group",
            Code::PathNotAbsolute => "path-not-absolute",
            Code::DollarNotAtEnd => "dollar-not-at-end",
            Code::LineTooLong => "line-too-long",
            Code::FileTooLarge => "file-too-large",
            Code::Bom => "bom",
            Code::InvalidUtf8 => "invalid-utf8",
            Code::HtmlNotRobots => "html-not-robots",
            Code::Utf16NotUtf8 => "utf16-not-utf8",
            Code::BinaryNotRobots => "binary-not-robots",
            Code::InvalidCrawlDelay => "invalid-crawl-delay",
            Code::InvalidRequestRate => "invalid-request-rate",
            Code::InvalidVisitTime => "invalid-visit-time",
            Code::RelativeSitemapUrl => "relative-sitemap-url",
            Code::InvalidHost => "invalid-host",
            Code::InvalidContentSignal => "invalid-content-signal",
            Code::UnknownContentSignal => "unknown-content-signal",
            Code::InvalidContentUsage => "invalid-content-usage",
            Code::UnknownContentUsage => "unknown-content-usage",
            Code::InvalidLlmPolicy => "invalid-llm-policy",
            Code::InvalidLicense => "invalid-license",
            Code::MultipleWildcardGroups => "multiple-wildcard-groups",
            Code::EmptyGroup => "empty-group",
            Code::DuplicateRule => "duplicate-rule",
            Code::GroupJoinedByExtensionLine => "group-joined-by-extension-line",
            Code::ShadowedRule => "shadowed-rule",
            Code::ConflictingRules => "conflicting-rules",
            Code::ProfileDisagreement => "profile-disagreement",
            Code::BlocksEverything => "blocks-everything",
            Code::ExpensivePattern => "expensive-pattern",
            Code::AssertionFailed => "assertion-failed",
            Code::InvalidAssertion => "invalid-assertion",
            Code::InvalidTables => "invalid-tables",
        }
    }

    /// The code named `name`, if there is one.
    pub fn from_name(name: &str) -> Option<Code> {
        Code::ALL.into_iter().find(|c| c.as_str() == name)
    }
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl PartialEq<str> for Code {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == other
    }
}

impl PartialEq<&str> for Code {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}
