//! How a profile matches a user-agent line against a crawler's name: one
//! definition for parsing, compiling, checking and explaining.

use crate::profile::Profile;

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
/// use robots_core::{group::agent::agent_name, Profile};
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
/// use robots_core::{group::agent::names, Profile};
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
/// use robots_runtime::{agent::{agent_match, AgentMatch}, Profile};
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

/// Whether `b` may appear in a product token: `[A-Za-z_-]`.
#[inline]
fn is_product_token_byte(b: u8) -> bool {
    b.is_ascii_alphabetic() || b == b'-' || b == b'_'
}

/// Returns `true` for a non-empty string made only of `[A-Za-z_-]`.
///
/// This is Google's `IsValidUserAgentToObey`, i.e. RFC 9309's `identifier`:
/// what a robots.txt's `User-agent:` line should name. Reading a User-Agent
/// *header* uses RFC 9110's wider token syntax instead ([`is_tchar`]).
///
/// # Examples
///
/// ```
/// use robots_runtime::agent::is_valid_product_token;
///
/// assert!(is_valid_product_token(b"Googlebot"));
/// assert!(is_valid_product_token(b"Google-bot_x"));
/// assert!(!is_valid_product_token(b""));
/// assert!(!is_valid_product_token(b"Googlebot/2.1"));
/// assert!(!is_valid_product_token(b"Google bot"));
/// ```
pub fn is_valid_product_token(s: &[u8]) -> bool {
    !s.is_empty() && s.iter().copied().all(is_product_token_byte)
}

/// Returns the longest prefix of `value` made of `[A-Za-z_-]`.
///
/// This is Google's `ExtractUserAgent`: it turns a `User-agent:` line value
/// such as `Googlebot/2.1` into the product token `Googlebot`, and is used
/// only where the `google` profile reads robots.txt lines. The result may be
/// empty. For User-Agent headers, see [`header_product_token`].
///
/// # Examples
///
/// ```
/// use robots_runtime::agent::product_token_prefix;
///
/// assert_eq!(product_token_prefix(b"Googlebot/2.1"), b"Googlebot");
/// assert_eq!(product_token_prefix(b"Google-bot_x extra"), b"Google-bot_x");
/// assert_eq!(product_token_prefix(b"*"), b"");
/// ```
pub fn product_token_prefix(value: &[u8]) -> &[u8] {
    let end = value
        .iter()
        .position(|&b| !is_product_token_byte(b))
        .unwrap_or(value.len());
    value.get(..end).unwrap_or_default()
}

/// Whether `b` is an RFC 9110 `tchar`, a byte of an HTTP token:
/// ``!#$%&'*+-.^_`|~``, digits and letters.
///
/// This is the one product-token syntax for User-Agent *headers* (RFC 9110
/// §10.1.5: `product = token ["/" product-version]`), used by
/// [`header_product_token`], the header functions of the lint module, the CLI,
/// Python and JavaScript. Google's narrower `[A-Za-z_-]`
/// ([`product_token_prefix`]) stays where the `google` profile reads a
/// robots.txt's `User-agent:` lines.
///
/// ```
/// use robots_core::group::agent::is_tchar;
/// assert!(is_tchar(b'9') && is_tchar(b'.') && is_tchar(b'_'));
/// assert!(!is_tchar(b'/') && !is_tchar(b' ') && !is_tchar(b'('));
/// ```
pub const fn is_tchar(b: u8) -> bool {
    b.is_ascii_alphanumeric()
        || matches!(
            b,
            b'!' | b'#'
                | b'$'
                | b'%'
                | b'&'
                | b'\''
                | b'*'
                | b'+'
                | b'-'
                | b'.'
                | b'^'
                | b'_'
                | b'`'
                | b'|'
                | b'~'
        )
}

/// The product token a User-Agent header value starts with (after any
/// leading spaces and tabs): its longest run of [`is_tchar`] bytes. The
/// result may be empty.
///
/// ```
/// use robots_core::group::agent::header_product_token;
/// assert_eq!(header_product_token(b"Bot9/1.0 (+https://bot9.example)"), b"Bot9");
/// assert_eq!(header_product_token(b"  archive.org_bot"), b"archive.org_bot");
/// assert_eq!(header_product_token(b"(compatible)"), b"");
/// ```
pub fn header_product_token(value: &[u8]) -> &[u8] {
    let start = value
        .iter()
        .position(|&b| b != b' ' && b != b'\t')
        .unwrap_or(value.len());
    let rest = value.get(start..).unwrap_or_default();
    let end = rest
        .iter()
        .position(|&b| !is_tchar(b))
        .unwrap_or(rest.len());
    rest.get(..end).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn product_tokens() {
        assert!(is_valid_product_token(b"Googlebot"));
        assert!(is_valid_product_token(b"foo"));
        assert!(is_valid_product_token(b"Foo-Bar_baz"));
        assert!(is_valid_product_token(b"-"));
        assert!(is_valid_product_token(b"_"));
        assert!(!is_valid_product_token(b""));
        assert!(!is_valid_product_token(b"*"));
        assert!(!is_valid_product_token(b"Googlebot/2.1"));
        assert!(!is_valid_product_token(b"Google bot"));
        assert!(!is_valid_product_token(b"bot1"));
        assert!(!is_valid_product_token(b"bot\0"));
        assert!(!is_valid_product_token(b"b\xc3\xa1t"));
        assert!(!is_valid_product_token(b" foo"));

        let long = vec![b'x'; 1 << 20];
        assert!(is_valid_product_token(&long));
        let mut long_bad = long.clone();
        long_bad.push(b'.');
        assert!(!is_valid_product_token(&long_bad));
    }

    #[test]
    fn product_token_prefixes() {
        assert_eq!(product_token_prefix(b""), b"");
        assert_eq!(product_token_prefix(b"Googlebot"), b"Googlebot");
        assert_eq!(product_token_prefix(b"Googlebot/2.1"), b"Googlebot");
        assert_eq!(
            product_token_prefix(b"Googlebot-Image/1.0"),
            b"Googlebot-Image"
        );
        assert_eq!(product_token_prefix(b"foo_bar baz"), b"foo_bar");
        assert_eq!(product_token_prefix(b"*"), b"");
        assert_eq!(product_token_prefix(b" Googlebot"), b"");
        assert_eq!(product_token_prefix(b"bot9"), b"bot");
        assert_eq!(product_token_prefix(b"ab\0cd"), b"ab");
        assert_eq!(product_token_prefix(b"ab\xffcd"), b"ab");

        let mut long = vec![b'Z'; 1 << 20];
        long.push(b'/');
        assert_eq!(product_token_prefix(&long).len(), 1 << 20);
    }

    #[test]
    fn header_tokens_are_rfc9110_tokens() {
        assert_eq!(header_product_token(b"Bot9/1.0"), b"Bot9");
        assert_eq!(product_token_prefix(b"Bot9/1.0"), b"Bot");
        assert_eq!(header_product_token(b"\tMJ12bot/v1.4"), b"MJ12bot");
        assert_eq!(header_product_token(b"a;b"), b"a");
        assert_eq!(header_product_token(b""), b"");
        assert_eq!(header_product_token(b" \xffx"), b"");
        for b in 0..=255u8 {
            let listed = b.is_ascii_alphanumeric() || b"!#$%&'*+-.^_`|~".contains(&b);
            assert_eq!(is_tchar(b), listed, "{b:#x}");
        }
    }
}
