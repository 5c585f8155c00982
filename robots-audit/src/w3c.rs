//! The W3C Extended Log File Format: what IIS writes, and Amazon CloudFront's
//! standard logs. Directive lines (`#Version:`, `#Fields:`, ...) start with
//! `#`; a `#Fields:` line names the columns of the request lines after it,
//! up to the next `#Fields:`. IIS separates fields with spaces (and writes a
//! User-Agent's spaces as `+`), CloudFront with tabs (and percent-encodes the
//! User-Agent); `-` is an empty field.

use crate::clf::status_code;
use crate::request::{Malformed, Request};
use memchr::{memchr, memchr_iter, memmem};
use robots_core::encoding::decode_percent;
use time::macros::format_description;

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

    /// Read one request line of this layout, and its client address field
    /// (read only for a crawler's request, as in the Combined Log Format).
    /// Decoded fields (a User-Agent's `+` or `%XX`, a target with its query)
    /// are kept in `scratch`, which the request borrows.
    pub(crate) fn read<'s>(
        &self,
        line: &'s [u8],
        scratch: &'s mut Scratch,
    ) -> Result<(Request<'s>, Option<&'s [u8]>), Malformed> {
        let Scratch {
            fields,
            target: joined,
            user_agent: decoded_agent,
            days,
        } = scratch;
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        // CloudFront separates by tabs (a field may be empty), IIS by spaces.
        let tabs = memchr(b'\t', line).is_some();
        fields.clear();
        let mut start = 0;
        for end in memchr_iter(if tabs { b'\t' } else { b' ' }, line).chain([line.len()]) {
            if tabs || end > start {
                fields.push((start, end));
            }
            start = end + 1;
        }
        if fields.len() != self.columns {
            return Err(Malformed::NotW3c);
        }
        let fields = &*fields;
        let field = |column: Option<usize>| {
            let (start, end) = *fields.get(column?)?;
            line.get(start..end).filter(|f| *f != b"-")
        };
        let (stem, query, uri) = (field(self.stem), field(self.query), field(self.uri));
        let target = match (stem, query) {
            (Some(stem), Some(query)) => {
                joined.clear();
                joined.extend_from_slice(stem);
                joined.push(b'?');
                joined.extend_from_slice(query);
                None
            }
            (Some(stem), None) => Some(stem),
            (None, _) => Some(uri.ok_or(Malformed::NoTarget)?),
        };
        let user_agent = field(self.user_agent).unwrap_or_default();
        let decoded = needs_decoding(user_agent, tabs);
        if decoded {
            decode_user_agent(user_agent, tabs, decoded_agent);
        }
        let time = match (field(self.date), field(self.time)) {
            (Some(date), Some(time)) => days.time(date, time),
            _ => None,
        };
        let (host, status, client) = (field(self.host), field(self.status), field(self.client));
        let request = Request {
            host,
            client: None,
            time,
            target: target.unwrap_or(joined),
            status: status.and_then(status_code),
            user_agent: if decoded { decoded_agent } else { user_agent },
        };
        Ok((request, client))
    }
}

/// Buffers a request line's fields are read into (kept between lines).
#[derive(Debug, Default)]
pub(crate) struct Scratch {
    /// Each field's start and end in the line.
    fields: Vec<(usize, usize)>,
    target: Vec<u8>,
    user_agent: Vec<u8>,
    days: Days,
}

/// Whether a logged User-Agent differs from the header sent: IIS writes a
/// space as `+` (space-separated lines), CloudFront percent-encodes
/// (tab-separated lines).
fn needs_decoding(field: &[u8], tabs: bool) -> bool {
    memchr(if tabs { b'%' } else { b'+' }, field).is_some()
}

/// A logged User-Agent as sent. IIS (`tabs` false) writes each space as `+`
/// and a `+` as itself, so which was which is a guess: `+` is read as a
/// space, but as itself right after one, since bots give their address as
/// `; +http://…`, logged `;++http://…`. (Reading `+http` as itself too would
/// lose `Yahoo! Slurp; http://…`, logged `Slurp;+http://…`, to the browsers:
/// 4,588 requests of the audit benchmark's log.)
/// CloudFront (`tabs`) writes `%XX`, and encodes a `%` again (a space can be
/// logged as `%2520`): decoded twice when a `%25` is there. A `%` without two
/// hex digits after it stays.
fn decode_user_agent(field: &[u8], tabs: bool, out: &mut Vec<u8>) {
    out.clear();
    if !tabs {
        let mut after_space = false;
        for &byte in field {
            let space = byte == b'+' && !after_space;
            out.push(if space { b' ' } else { byte });
            after_space = space;
        }
        return;
    }
    let once = decode_percent(field);
    if memmem::find(field, b"%25").is_some() {
        out.extend_from_slice(&decode_percent(&once));
    } else {
        out.extend_from_slice(&once);
    }
}

/// W3C times (`2026-11-28` and `10:00:00`, UTC as the format writes them) as
/// seconds since the Unix epoch, the last date's midnight remembered: a
/// log's lines share their date for a day.
#[derive(Debug, Default)]
struct Days {
    date: Vec<u8>,
    midnight: Option<i64>,
}

impl Days {
    fn time(&mut self, date: &[u8], time: &[u8]) -> Option<i64> {
        if self.date != date {
            self.date.clear();
            self.date.extend_from_slice(date);
            self.midnight = midnight(date);
        }
        // Fractions of a second (`10:00:00.123`) are dropped, as elsewhere.
        let seconds = match time.get(..8)? {
            [h1, h2, b':', m1, m2, b':', s1, s2] => {
                let hours = two_digits(*h1, *h2).filter(|h| *h < 24)?;
                let minutes = two_digits(*m1, *m2).filter(|m| *m < 60)?;
                let seconds = two_digits(*s1, *s2).filter(|s| *s <= 60)?;
                i64::from(hours) * 3600 + i64::from(minutes) * 60 + i64::from(seconds)
            }
            _ => return None,
        };
        if time.len() > 8 && time.get(8) != Some(&b'.') {
            return None;
        }
        Some(self.midnight? + seconds)
    }
}

fn two_digits(tens: u8, ones: u8) -> Option<u8> {
    (tens.is_ascii_digit() && ones.is_ascii_digit()).then(|| (tens - b'0') * 10 + (ones - b'0'))
}

/// `YYYY-MM-DD`'s midnight, UTC.
fn midnight(date: &[u8]) -> Option<i64> {
    let text = core::str::from_utf8(date).ok()?;
    let format = format_description!("[year]-[month]-[day]");
    let date = time::Date::parse(text, &format).ok()?;
    Some(date.midnight().assume_utc().unix_timestamp())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::time::parse_time;

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
        let line = b"2026-11-28 10:00:02 10.0.0.1 GET /private/a q=1 443 - 66.249.66.1 Mozilla/5.0+(compatible;+Googlebot/2.1;++http://www.google.com/bot.html) - 200 0 0 15\r";
        let mut scratch = Scratch::default();
        let (request, client) = iis.read(line, &mut scratch).expect("an IIS line");
        assert_eq!(request.target, b"/private/a?q=1");
        assert_eq!(
            request.user_agent,
            b"Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"
        );
        assert_eq!(request.time, parse_time("2026-11-28T10:00:02Z"));
        assert_eq!(request.status, Some(200));
        assert_eq!(client, Some(&b"66.249.66.1"[..]));
        assert_eq!(request.host, None);
        // The next day, and a time with a fraction of a second.
        let next = b"2026-11-29 00:00:01.250 10.0.0.1 GET /a - 443 - - bot - 200 0 0 15";
        let (request, client) = iis.read(next, &mut scratch).expect("an IIS line");
        assert_eq!(request.time, parse_time("2026-11-29T00:00:01Z"));
        assert_eq!((request.target, client), (&b"/a"[..], None));
    }

    #[test]
    fn a_cloudfront_line_reads_by_tabs_with_its_agent_decoded() {
        let cloudfront = layout(
            "date time x-edge-location sc-bytes c-ip cs-method cs(Host) cs-uri-stem sc-status cs(Referer) cs(User-Agent) cs-uri-query cs(Cookie) x-edge-result-type x-edge-request-id x-host-header",
        );
        let line = b"2026-11-28\t10:00:03\tFRA56-C1\t512\t2001:db8::1\tGET\td111111abcdef8.cloudfront.net\t/a%20b\t403\t-\tMozilla/5.0%20(compatible;%20bingbot/2.0;%2520+http://www.bing.com/bingbot.htm)\t-\t-\tError\tabc==\twww.example.com";
        let mut scratch = Scratch::default();
        let (request, client) = cloudfront
            .read(line, &mut scratch)
            .expect("a CloudFront line");
        assert_eq!(request.target, b"/a%20b");
        assert_eq!(request.host, Some(&b"www.example.com"[..]));
        assert_eq!(
            request.user_agent,
            b"Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)"
        );
        assert_eq!(request.status, Some(403));
        assert_eq!(client, Some(&b"2001:db8::1"[..]));
    }

    #[test]
    fn lines_that_do_not_fit_their_layout_are_malformed() {
        let short = layout("date time cs-uri-stem cs(User-Agent)");
        let mut scratch = Scratch::default();
        let read = |line: &[u8], scratch: &mut Scratch| {
            short
                .read(line, scratch)
                .map(|(request, _)| (request.target.to_vec(), request.time))
        };
        assert_eq!(
            read(b"2026-11-28 10:00:00 /a", &mut scratch),
            Err(Malformed::NotW3c)
        );
        assert_eq!(
            read(b"2026-11-28 10:00:00 - bot", &mut scratch),
            Err(Malformed::NoTarget)
        );
        // A bad date or time is a request without a time, not a malformed line.
        for bad in [
            &b"28/11/2026 10:00:00 /a bot"[..],
            b"2026-11-28 25:00:00 /a bot",
            b"2026-11-28 10:00:00x /a bot",
            b"2026-02-30 10:00:00 /a bot",
        ] {
            assert_eq!(read(bad, &mut scratch), Ok((b"/a".to_vec(), None)));
        }
        let whole = layout("cs-uri cs(User-Agent)");
        let (request, _) = whole.read(b"/a?b=1 bot", &mut scratch).expect("a line");
        assert_eq!(request.target, b"/a?b=1");
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
    fn agents_decode_as_each_server_encodes_them() {
        let mut out = Vec::new();
        // IIS: `+` is a space, but a `+` after one is itself.
        decode_user_agent(b"a+b++c+++d", false, &mut out);
        assert_eq!(out, b"a b +c + d");
        // A bot's address after a space keeps its `+`.
        decode_user_agent(b"Bot/1.0+(compatible;++https://b)", false, &mut out);
        assert_eq!(out, b"Bot/1.0 (compatible; +https://b)");
        decode_user_agent(b"100%25", false, &mut out);
        assert_eq!(out, b"100%25");
        // CloudFront: `%XX`, twice when a `%25` was among them; a `+` is itself.
        decode_user_agent(b"100%+sure%2", true, &mut out);
        assert_eq!(out, b"100%+sure%2");
        decode_user_agent(b"%+1%4g%41", true, &mut out);
        assert_eq!(out, b"%+1%4gA");
        decode_user_agent(b"a%2541b", true, &mut out);
        assert_eq!(out, b"aAb");
    }
}
