//! The Combined Log Format (Apache's `combined`, nginx's default), optionally
//! preceded by `vhost:port` (Apache's `vhost_combined`):
//!
//! ```text
//! [vhost:port] host ident user [10/Oct/2000:13:55:36 -0700] "GET /a HTTP/1.1" 200 2326 "referer" "user agent"
//! ```

use crate::request::{Malformed, Request};
use crate::time::clf_time;
use memchr::memchr;

/// Read one Combined Log Format line.
pub(crate) fn parse(line: &[u8]) -> Result<Request<'_>, Malformed> {
    let open = memchr(b'[', line).ok_or(Malformed::NotCombined)?;
    let before: Vec<&[u8]> = line
        .get(..open)
        .unwrap_or_default()
        .split(|&b| b == b' ')
        .filter(|f| !f.is_empty())
        .collect();
    // `host ident user` or `vhost:port host ident user`.
    let host = match before.len() {
        3 => None,
        4 => before.first().map(|v| strip_port(v)),
        _ => return Err(Malformed::NotCombined),
    };
    let rest = line.get(open + 1..).unwrap_or_default();
    let close = memchr(b']', rest).ok_or(Malformed::NotCombined)?;
    let time = rest.get(..close).and_then(clf_time);
    let rest = rest.get(close + 1..).unwrap_or_default();
    let (request, rest) = quoted(rest).ok_or(Malformed::NotCombined)?;
    let mut fields = rest.split(|&b| b == b' ').filter(|f| !f.is_empty());
    let status = fields.next().and_then(status_code);
    let _bytes = fields.next();
    let after_bytes = after_fields(rest, 2);
    let (_referer, rest) = quoted(after_bytes).unwrap_or((b"", b""));
    let (user_agent, _) = quoted(rest).unwrap_or((b"", b""));
    let target = target_of(request).ok_or(Malformed::NoTarget)?;
    Ok(Request {
        host,
        time,
        target,
        status,
        user_agent,
    })
}

/// `example.com:443` → `example.com` (an IPv6 literal keeps its brackets).
fn strip_port(vhost: &[u8]) -> &[u8] {
    match memchr::memrchr(b':', vhost) {
        Some(colon) if !vhost.ends_with(b"]") => vhost.get(..colon).unwrap_or(vhost),
        _ => vhost,
    }
}

/// The target of `METHOD TARGET [PROTOCOL]`.
pub(crate) fn target_of(request: &[u8]) -> Option<&[u8]> {
    let mut parts = request.split(|&b| b == b' ').filter(|p| !p.is_empty());
    let _method = parts.next()?;
    parts.next()
}

/// A three-digit status.
pub(crate) fn status_code(field: &[u8]) -> Option<u16> {
    match field {
        [a @ b'1'..=b'5', b, c] if b.is_ascii_digit() && c.is_ascii_digit() => {
            Some(u16::from(a - b'0') * 100 + u16::from(b - b'0') * 10 + u16::from(c - b'0'))
        }
        _ => None,
    }
}

/// The text after `n` space-separated fields of `text`.
fn after_fields(text: &[u8], n: usize) -> &[u8] {
    let mut rest = text;
    for _ in 0..n {
        rest = trim_start(rest);
        rest = match memchr(b' ', rest) {
            Some(space) => rest.get(space..).unwrap_or_default(),
            None => b"",
        };
    }
    rest
}

fn trim_start(text: &[u8]) -> &[u8] {
    let skip = text.iter().take_while(|&&b| b == b' ').count();
    text.get(skip..).unwrap_or_default()
}

/// The next `"…"` field of `text` (`\"` escapes a quote) and what follows it.
fn quoted(text: &[u8]) -> Option<(&[u8], &[u8])> {
    let text = trim_start(text);
    let body = text.strip_prefix(b"\"")?;
    let mut at = 0;
    loop {
        let quote = at + memchr(b'"', body.get(at..)?)?;
        let escaped = body.get(..quote).map_or(0, |before| {
            before.iter().rev().take_while(|&&b| b == b'\\').count()
        });
        if escaped % 2 == 0 {
            return Some((body.get(..quote)?, body.get(quote + 1..)?));
        }
        at = quote + 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn combined_and_vhost_combined() {
        let line = br#"203.0.113.9 - - [10/Oct/2000:13:55:36 -0700] "GET /a?b HTTP/1.1" 200 2326 "-" "Mozilla/5.0 (compatible; ExampleBot/1.0)""#;
        let r = parse(line).unwrap();
        assert_eq!(r.target, b"/a?b");
        assert_eq!(r.status, Some(200));
        assert_eq!(r.user_agent, b"Mozilla/5.0 (compatible; ExampleBot/1.0)");
        assert_eq!(r.host, None);
        assert_eq!(r.time, Some(971_211_336));
        let vhost = [b"shop.example:443 ".as_slice(), line].concat();
        assert_eq!(
            parse(&vhost).unwrap().host,
            Some(b"shop.example".as_slice())
        );
    }

    #[test]
    fn escaped_quotes_and_bad_lines() {
        let line =
            br#"h - - [10/Oct/2000:13:55:36 +0000] "GET /x HTTP/1.1" 404 - "-" "Bot \"quoted\"/1""#;
        assert_eq!(parse(line).unwrap().user_agent, br#"Bot \"quoted\"/1"#);
        assert_eq!(parse(b"garbage"), Err(Malformed::NotCombined));
        assert_eq!(
            parse(br#"h - - [x] "-" 400 0 "-" "-""#),
            Err(Malformed::NoTarget)
        );
    }
}
