//! The W3C Extended Log File Format: what IIS writes, and Amazon CloudFront's
//! standard logs. Directive lines (`#Version:`, `#Fields:`, ...) start with
//! `#`; a `#Fields:` line names the columns of the request lines after it,
//! up to the next `#Fields:`. IIS separates fields with spaces (and writes a
//! User-Agent's spaces as `+`), CloudFront with tabs (and percent-encodes the
//! User-Agent); `-` is an empty field.

use crate::clf::status_code;
use crate::request::{client_address, Malformed, Request};
use crate::time::parse_time;

/// The directive a `#` line holds: a `#Fields:` layout, or another directive.
pub(crate) enum Directive {
    /// `#Fields:` and the columns it names.
    Fields(Layout),
    /// `#Version:`, `#Software:`, `#Date:`, `#Start-Date:`, `#End-Date:` or
    /// `#Remark:`: nothing to read from.
    Other,
}

/// The directive of a line starting with `#`; `None` when it is none of the
/// format's directives (so not a W3C line at all).
pub(crate) fn directive(line: &[u8]) -> Option<Directive> {
    let rest = line.strip_prefix(b"#")?;
    let colon = rest.iter().position(|&b| b == b':')?;
    let (name, value) = (rest.get(..colon)?, rest.get(colon + 1..)?);
    if name.eq_ignore_ascii_case(b"Fields") {
        return Some(Directive::Fields(Layout::of(value)));
    }
    const OTHERS: [&[u8]; 6] = [
        b"Version",
        b"Software",
        b"Date",
        b"Start-Date",
        b"End-Date",
        b"Remark",
    ];
    OTHERS
        .iter()
        .any(|other| name.eq_ignore_ascii_case(other))
        .then_some(Directive::Other)
}

/// Where each field the audit reads sits in a request line, by column.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Layout {
    columns: usize,
    date: Option<usize>,
    time: Option<usize>,
    /// `x-host-header` (CloudFront: the Host the client sent), else
    /// `cs-host` or `cs(Host)`.
    host: Option<usize>,
    stem: Option<usize>,
    query: Option<usize>,
    /// `cs-uri` (the whole target), when the log has no `cs-uri-stem`.
    uri: Option<usize>,
    status: Option<usize>,
    user_agent: Option<usize>,
    client: Option<usize>,
}

impl Layout {
    /// The layout a `#Fields:` directive's value names.
    fn of(value: &[u8]) -> Layout {
        let mut layout = Layout::default();
        let mut host_rank = usize::MAX;
        for (column, name) in value
            .split(u8::is_ascii_whitespace)
            .filter(|name| !name.is_empty())
            .enumerate()
        {
            layout.columns = column + 1;
            let name = name.to_ascii_lowercase();
            let slot = match name.as_slice() {
                b"date" => &mut layout.date,
                b"time" => &mut layout.time,
                b"cs-uri-stem" => &mut layout.stem,
                b"cs-uri-query" => &mut layout.query,
                b"cs-uri" => &mut layout.uri,
                b"sc-status" => &mut layout.status,
                b"cs(user-agent)" => &mut layout.user_agent,
                b"c-ip" => &mut layout.client,
                b"x-host-header" | b"cs-host" | b"cs(host)" => {
                    let rank = match name.as_slice() {
                        b"x-host-header" => 0,
                        b"cs-host" => 1,
                        _ => 2,
                    };
                    if rank < host_rank {
                        host_rank = rank;
                        layout.host = Some(column);
                    }
                    continue;
                }
                _ => continue,
            };
            slot.get_or_insert(column);
        }
        layout
    }

    /// Read one request line of this layout. Its fields are decoded into
    /// `scratch` (a User-Agent's `+` and `%XX`), which the request borrows.
    pub(crate) fn read<'s>(
        &self,
        line: &'s [u8],
        scratch: &'s mut Scratch,
    ) -> Result<Request<'s>, Malformed> {
        let separator = if line.contains(&b'\t') { b'\t' } else { b' ' };
        let fields: Vec<&[u8]> = line
            .strip_suffix(b"\r")
            .unwrap_or(line)
            .split(|&b| b == separator)
            .filter(|f| separator == b'\t' || !f.is_empty())
            .collect();
        if fields.len() != self.columns {
            return Err(Malformed::NotW3c);
        }
        let field = |column: Option<usize>| {
            column
                .and_then(|c| fields.get(c).copied())
                .filter(|f| *f != b"-")
        };
        scratch.target.clear();
        match (field(self.stem), field(self.uri)) {
            (Some(stem), _) => {
                scratch.target.extend_from_slice(stem);
                if let Some(query) = field(self.query) {
                    scratch.target.push(b'?');
                    scratch.target.extend_from_slice(query);
                }
            }
            (None, Some(uri)) => scratch.target.extend_from_slice(uri),
            (None, None) => return Err(Malformed::NoTarget),
        }
        scratch.user_agent.clear();
        if let Some(agent) = field(self.user_agent) {
            decode_user_agent(agent, &mut scratch.user_agent);
        }
        let time = match (field(self.date), field(self.time)) {
            (Some(date), Some(time)) => w3c_time(date, time),
            _ => None,
        };
        Ok(Request {
            host: field(self.host),
            client: field(self.client).and_then(client_address),
            time,
            target: &scratch.target,
            status: field(self.status).and_then(status_code),
            user_agent: &scratch.user_agent,
        })
    }
}

/// Buffers a request line's decoded fields live in (kept between lines).
#[derive(Debug, Default)]
pub(crate) struct Scratch {
    target: Vec<u8>,
    user_agent: Vec<u8>,
}

/// A logged User-Agent as sent: `+` was a space (IIS), `%XX` a byte
/// (CloudFront, which encodes a `%` again: a space can be logged as `%2520`).
/// A `%` without two hex digits after it stays as it is.
fn decode_user_agent(field: &[u8], out: &mut Vec<u8>) {
    if decode_once(field, out, true) {
        let once = core::mem::take(out);
        decode_once(&once, out, false);
    }
}

/// `field` with its `%XX` (and, when `plus`, its `+`) decoded into `out`;
/// whether a `%25` was among them (the field was encoded twice).
fn decode_once(field: &[u8], out: &mut Vec<u8>, plus: bool) -> bool {
    out.clear();
    let mut twice = false;
    let mut i = 0;
    while let Some(&byte) = field.get(i) {
        let hex = match field.get(i + 1..i + 3) {
            Some(&[high, low]) => hex_digit(high).zip(hex_digit(low)).map(|(h, l)| h << 4 | l),
            _ => None,
        };
        match (byte, hex) {
            (b'%', Some(decoded)) => {
                out.push(decoded);
                twice |= decoded == b'%';
                i += 3;
            }
            (b'+', _) if plus => {
                out.push(b' ');
                i += 1;
            }
            _ => {
                out.push(byte);
                i += 1;
            }
        }
    }
    twice
}

fn hex_digit(byte: u8) -> Option<u8> {
    char::from(byte)
        .to_digit(16)
        .and_then(|d| u8::try_from(d).ok())
}

/// `2026-11-28` and `10:00:00` (UTC, as the format writes times) as seconds
/// since the Unix epoch.
fn w3c_time(date: &[u8], time: &[u8]) -> Option<i64> {
    let (date, time) = (
        core::str::from_utf8(date).ok()?,
        core::str::from_utf8(time).ok()?,
    );
    // Fractions of a second (`10:00:00.123`) are dropped, as elsewhere.
    let time = time.split('.').next()?;
    if date.len() != 10 || time.len() != 8 {
        return None;
    }
    parse_time(&format!("{date}T{time}Z"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn layout(fields: &str) -> Layout {
        match directive(format!("#Fields: {fields}").as_bytes()) {
            Some(Directive::Fields(layout)) => layout,
            _ => panic!("not a #Fields directive"),
        }
    }

    #[test]
    fn an_iis_line_reads_with_its_spaces_as_plus() {
        let iis = layout(
            "date time s-ip cs-method cs-uri-stem cs-uri-query s-port cs-username c-ip cs(User-Agent) cs(Referer) sc-status sc-substatus sc-win32-status time-taken",
        );
        let line = b"2026-11-28 10:00:02 10.0.0.1 GET /private/a q=1 443 - 66.249.66.1 Mozilla/5.0+(compatible;+Googlebot/2.1;++http://www.google.com/bot.html) - 200 0 0 15";
        let mut scratch = Scratch::default();
        let request = iis.read(line, &mut scratch).expect("an IIS line");
        assert_eq!(request.target, b"/private/a?q=1");
        assert_eq!(
            request.user_agent,
            b"Mozilla/5.0 (compatible; Googlebot/2.1;  http://www.google.com/bot.html)"
        );
        assert_eq!(request.time, parse_time("2026-11-28T10:00:02Z"));
        assert_eq!(request.status, Some(200));
        assert_eq!(
            request.client,
            Some("66.249.66.1".parse().expect("an address"))
        );
        assert_eq!(request.host, None);
    }

    #[test]
    fn a_cloudfront_line_reads_by_tabs_with_its_agent_decoded() {
        let cloudfront = layout(
            "date time x-edge-location sc-bytes c-ip cs-method cs(Host) cs-uri-stem sc-status cs(Referer) cs(User-Agent) cs-uri-query cs(Cookie) x-edge-result-type x-edge-request-id x-host-header",
        );
        let line = b"2026-11-28\t10:00:03\tFRA56-C1\t512\t2001:db8::1\tGET\td111111abcdef8.cloudfront.net\t/a%20b\t403\t-\tMozilla/5.0%20(compatible;%20bingbot/2.0;%2520+http://www.bing.com/bingbot.htm)\t-\t-\tError\tabc==\twww.example.com";
        let mut scratch = Scratch::default();
        let request = cloudfront
            .read(line, &mut scratch)
            .expect("a CloudFront line");
        assert_eq!(request.target, b"/a%20b");
        assert_eq!(request.host, Some(&b"www.example.com"[..]));
        assert_eq!(
            request.user_agent,
            b"Mozilla/5.0 (compatible; bingbot/2.0;  http://www.bing.com/bingbot.htm)"
        );
        assert_eq!(request.status, Some(403));
        assert_eq!(
            request.client,
            Some("2001:db8::1".parse().expect("an address"))
        );
    }

    #[test]
    fn lines_that_do_not_fit_their_layout_are_malformed() {
        let short = layout("date time cs-uri-stem cs(User-Agent)");
        let mut scratch = Scratch::default();
        assert_eq!(
            short.read(b"2026-11-28 10:00:00 /a", &mut scratch),
            Err(Malformed::NotW3c)
        );
        assert_eq!(
            short.read(b"2026-11-28 10:00:00 - bot", &mut scratch),
            Err(Malformed::NoTarget)
        );
        // A bad date or time is a request without a time, not a malformed line.
        let request = short.read(b"28/11/2026 25:00 /a bot", &mut scratch);
        assert_eq!(request.map(|r| r.time), Ok(None));
        let whole = layout("cs-uri cs(User-Agent)");
        assert_eq!(
            whole.read(b"/a?b=1 bot", &mut scratch).map(|r| r.target),
            Ok(&b"/a?b=1"[..])
        );
    }

    #[test]
    fn directives_are_told_from_other_hash_lines() {
        assert!(matches!(
            directive(b"#Version: 1.0"),
            Some(Directive::Other)
        ));
        assert!(matches!(
            directive(b"#software: IIS"),
            Some(Directive::Other)
        ));
        assert!(matches!(
            directive(b"#Fields: date"),
            Some(Directive::Fields(_))
        ));
        assert!(directive(b"# a comment").is_none());
        assert!(directive(b"#Unknown: x").is_none());
        assert!(directive(b"not a directive").is_none());
    }

    #[test]
    fn percent_signs_without_hex_digits_stay() {
        let mut out = Vec::new();
        decode_user_agent(b"100%+sure%2", &mut out);
        assert_eq!(out, b"100% sure%2");
        decode_user_agent(b"%+1%4g", &mut out);
        assert_eq!(out, b"% 1%4g");
        decode_user_agent(b"a%2541b", &mut out);
        assert_eq!(out, b"aAb");
    }
}
