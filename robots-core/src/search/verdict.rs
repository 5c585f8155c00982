//! What a check answers: the verdict, and why.

use crate::ids::RuleId;

/// Why a verdict came out as it did.
///
/// New reasons may be added (hence `#[non_exhaustive]`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Reason {
    /// A rule decided; see [`Verdict::rule`].
    Rule,
    /// Groups applied to the crawler, but no rule matched the path.
    NoMatchingRule,
    /// No group applies to the crawler (none names it and there is no `*` group).
    NoGroup,
    /// `/robots.txt` itself is always allowed (`rfc9309`, `draft1996`).
    RobotsTxt,
}

impl Reason {
    /// The stable kebab-case name tools print: `rule`, `no-matching-rule`, `no-group`, `robots-txt`.
    pub const fn name(self) -> &'static str {
        match self {
            Reason::Rule => "rule",
            Reason::NoMatchingRule => "no-matching-rule",
            Reason::NoGroup => "no-group",
            Reason::RobotsTxt => "robots-txt",
        }
    }

    /// In words, as a clause the front ends print: `a rule decides`, `no rule
    /// matches`, `no group applies`, `/robots.txt is always allowed`.
    ///
    /// ```
    /// use robots_runtime::{Policy, Profile};
    /// let policy = Policy::parse("User-agent: FooBot\nDisallow: /\n", Profile::Rfc9309);
    /// assert_eq!(policy.check("OtherBot", "/x").reason.description(), "no group applies");
    /// ```
    pub const fn description(self) -> &'static str {
        match self {
            Reason::Rule => "a rule decides",
            Reason::NoMatchingRule => "no rule matches",
            Reason::NoGroup => "no group applies",
            Reason::RobotsTxt => "/robots.txt is always allowed",
        }
    }
}

impl core::fmt::Display for Reason {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.name())
    }
}

/// The answer to one check.
///
/// ```
/// use robots_runtime::{Policy, Profile, Reason};
/// let policy = Policy::parse("User-agent: *\nDisallow: /private\n", Profile::Rfc9309);
/// let verdict = policy.check("bot", "/private/x");
/// assert!(!verdict.allowed);
/// assert_eq!(verdict.reason, Reason::Rule);
/// let rule = policy.rule(verdict.rule.unwrap()).unwrap();
/// assert_eq!((rule.line, rule.pattern.to_string()), (2, "/private".to_string()));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Verdict {
    /// May the crawler fetch the URL?
    pub allowed: bool,
    /// The deciding rule (look it up with `Policy::rule`).
    pub rule: Option<RuleId>,
    /// Why.
    pub reason: Reason,
}

impl Verdict {
    /// An allowing verdict no rule decided.
    pub(crate) const fn without_rule(reason: Reason) -> Verdict {
        Verdict {
            allowed: true,
            rule: None,
            reason,
        }
    }
}
