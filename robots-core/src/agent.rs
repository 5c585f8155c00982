//! How a profile matches a user-agent line against a crawler's name: one
//! definition for parsing, compiling, checking and explaining.

use crate::profile::Profile;
use crate::url::product_token_prefix;

/// How a user-agent line relates to a crawler.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AgentMatch {
    /// The line is `*`: it applies when no group names the crawler.
    Any,
    /// The line names the crawler.
    Name,
    /// The line names another crawler.
    No,
}

fn google_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | 0x0B | 0x0C | b'\r')
}

/// The part of a user-agent value a profile matches names on, or `None` for `*`.
///
/// `google` cuts the value at the first byte outside `[A-Za-z_-]` and reads
/// `* anything` as `*`; the other profiles take the whole value.
///
/// ```
/// use robots_core::{agent::agent_name, Profile};
/// assert_eq!(agent_name(b"Googlebot/2.1", Profile::Google), Some(&b"Googlebot"[..]));
/// assert_eq!(agent_name(b"Googlebot/2.1", Profile::Rfc9309), Some(&b"Googlebot/2.1"[..]));
/// assert_eq!(agent_name(b"* bots", Profile::Google), None);
/// assert_eq!(agent_name(b"* bots", Profile::Rfc9309), Some(&b"* bots"[..]));
/// ```
pub fn agent_name(value: &[u8], profile: Profile) -> Option<&[u8]> {
    match profile {
        Profile::Google => {
            let any =
                value.first() == Some(&b'*') && value.get(1).map_or(true, |&b| google_space(b));
            (!any).then(|| product_token_prefix(value))
        }
        _ => (value != b"*").then_some(value),
    }
}

/// Whether `name` (as [`agent_name`] gives it) names the crawler `agent`.
///
/// `rfc9309` and `google`: equal, ignoring ASCII case; the crawler's name is used
/// whole. `draft1996` and `original1994`: `name` occurs in the crawler's name
/// with its `/version` removed, ignoring case.
///
/// ```
/// use robots_core::{agent::names, Profile};
/// assert!(names(Profile::Rfc9309, b"foobot", b"FooBot"));
/// assert!(!names(Profile::Rfc9309, b"foo", b"FooBot"));
/// assert!(names(Profile::Original1994, b"foo", b"FooBot/2.1"));
/// assert!(!names(Profile::Original1994, b"2.1", b"FooBot/2.1"));
/// ```
pub fn names(profile: Profile, name: &[u8], agent: &[u8]) -> bool {
    if profile.substring_agents() {
        let robot = agent.split(|&b| b == b'/').next().unwrap_or_default();
        !name.is_empty()
            && robot
                .windows(name.len())
                .any(|w| w.eq_ignore_ascii_case(name))
    } else {
        name.eq_ignore_ascii_case(agent)
    }
}

/// How the user-agent line `value` relates to the crawler `agent` under `profile`.
///
/// ```
/// use robots_core::{agent::{agent_match, AgentMatch}, Profile};
/// assert_eq!(agent_match(Profile::Google, b"FooBot/1.0", b"foobot"), AgentMatch::Name);
/// assert_eq!(agent_match(Profile::Rfc9309, b"*", b"foobot"), AgentMatch::Any);
/// assert_eq!(agent_match(Profile::Rfc9309, b"BarBot", b"foobot"), AgentMatch::No);
/// ```
pub fn agent_match(profile: Profile, value: &[u8], agent: &[u8]) -> AgentMatch {
    match agent_name(value, profile) {
        None => AgentMatch::Any,
        Some(name) if names(profile, name, agent) => AgentMatch::Name,
        Some(_) => AgentMatch::No,
    }
}
