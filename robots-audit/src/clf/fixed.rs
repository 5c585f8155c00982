//! The Combined Log Format as servers write it, read by position.
//!
//! Apache and nginx write every line in one shape: single spaces between
//! fields, a time of fixed width (`[02/Dec/2026:10:00:00 +0000]`), a
//! three-digit status. For such a line the time and the status are where
//! that shape puts them, and only the long quoted fields (request, referer,
//! User-Agent) need a search for their closing quote. Any line that departs
//! from the shape in the slightest (two spaces, an escaped quote, a status
//! `-`, a cut line) is left to the general reader, which reads every line;
//! [`read`] answers only where its answer is the general reader's.

use crate::clf::{status_code, strip_port, target_of};
use crate::request::{Malformed, Request};
use crate::time::ClfTimes;
use memchr::memchr;

/// The width of `dd/Mon/yyyy:HH:MM:SS +zzzz`.
const TIME: usize = 26;

/// `line` read as the general reader reads it, if it has the common shape;
/// `None` otherwise (the general reader must read it then).
pub(super) fn read<'l>(
    line: &'l [u8],
    times: &mut ClfTimes,
) -> Option<Result<(Request<'l>, &'l [u8]), Malformed>> {
    let (open, host, client) = prefix(line)?;
    let rest = line.get(open + 1..)?;
    let time: &[u8; TIME] = rest.get(..TIME)?.try_into().ok()?;
    if !fixed_time(time) || rest.get(TIME) != Some(&b']') {
        return None;
    }
    let (request, rest) = quoted(rest.get(TIME + 1..)?)?;
    // ` 200 `: the status, a space either side.
    let (status, rest) = match rest {
        [b' ', a, b, c, b' ', rest @ ..] => (status_code(&[*a, *b, *c])?, rest),
        _ => return None,
    };
    // The size (`2326` or `-`): one field, then the referer.
    let size = rest.iter().position(|&b| b == b' ').filter(|&n| n > 0)?;
    let (_referer, rest) = quoted(rest.get(size..)?)?;
    let (user_agent, _) = quoted(rest)?;
    let time = times.parse_fixed(time);
    Some(match target_of(request) {
        Some(target) => Ok((
            Request {
                host,
                client: None,
                time,
                target,
                status: Some(status),
                user_agent,
            },
            client,
        )),
        None => Err(Malformed::NoTarget),
    })
}

/// Where the time's `[` is, the virtual host and the client field, when the
/// text before the `[` is 3 or 4 fields each ended by a single space
/// (`client ident user ` or `vhost:port client ident user `).
#[allow(clippy::type_complexity)]
fn prefix(line: &[u8]) -> Option<(usize, Option<&[u8]>, &[u8])> {
    let mut spaces = [0usize; 4];
    // Where the next field starts: a space there ends an empty field.
    let mut start = 0;
    // Every match before the `[` is a space: `count` of them so far.
    for (count, at) in memchr::memchr2_iter(b' ', b'[', line).enumerate() {
        if line.get(at) == Some(&b'[') {
            // The last field must end right before the `[`.
            if at != start {
                return None;
            }
            let [first, second, ..] = spaces;
            return match count {
                3 => Some((at, None, line.get(..first)?)),
                4 => Some((
                    at,
                    Some(strip_port(line.get(..first)?)),
                    line.get(first + 1..second)?,
                )),
                _ => None,
            };
        }
        if at == start {
            return None;
        }
        *spaces.get_mut(count)? = at;
        start = at + 1;
    }
    None
}

/// Whether `time` is `dd/Mon/yyyy:HH:MM:SS +zzzz` (digits, letters and
/// separators where they belong; whether it is a real date is the time
/// parser's to say).
fn fixed_time(time: &[u8; TIME]) -> bool {
    let [d0, d1, b'/', m0, m1, m2, b'/', y0, y1, y2, y3, b':', h0, h1, b':', n0, n1, b':', s0, s1, b' ', sign, z0, z1, z2, z3] =
        *time
    else {
        return false;
    };
    [
        d0, d1, y0, y1, y2, y3, h0, h1, n0, n1, s0, s1, z0, z1, z2, z3,
    ]
    .iter()
    .all(u8::is_ascii_digit)
        && [m0, m1, m2].iter().all(u8::is_ascii_alphabetic)
        && (sign == b'+' || sign == b'-')
}

/// ` "…"`: a single space, then a quoted field without escaped quotes at its
/// end (the body, and the text after the closing quote).
fn quoted(text: &[u8]) -> Option<(&[u8], &[u8])> {
    let body = text.strip_prefix(b" \"")?;
    // `"-"`, an empty referer, needs no search.
    let close = if body.starts_with(b"-\"") {
        1
    } else {
        memchr(b'"', body)?
    };
    // `\"` may escape the quote: the general reader counts the backslashes.
    if close > 0 && body.get(close - 1) == Some(&b'\\') {
        return None;
    }
    Some((body.get(..close)?, body.get(close + 1..)?))
}
