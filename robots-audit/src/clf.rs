//! The Combined Log Format (Apache's `combined`, nginx's default), optionally
//! preceded by `vhost:port` (Apache's `vhost_combined`):
//!
//! ```text
//! [vhost:port] host ident user [10/Oct/2000:13:55:36 -0700] "GET /a HTTP/1.1" 200 2326 "referer" "user agent"
//! ```

#[cfg(test)]
use crate::request::client_address;
use crate::request::{Malformed, Request};
use crate::time::ClfTimes;
use memchr::memchr;

mod fixed;

/// Read one Combined Log Format line (`times` remembers the last time read).
#[cfg(test)]
pub(crate) fn parse<'l>(line: &'l [u8], times: &mut ClfTimes) -> Result<Request<'l>, Malformed> {
    let (mut request, client) = parse_lazily(line, times)?;
    request.client = client_address(client);
    Ok(request)
}

/// Read one Combined Log Format line, all but the client's address: the
/// request (its `client` left `None`) and the client field, for the caller
/// to read only when the sender is a crawler (half a log's lines are
/// browsers', and reading an address costs as much as the rest of the line).
///
/// Lines of the shape servers write are read by position ([`fixed`]); any
/// other line by [`parse_general`], which gives the same answer for those.
pub(crate) fn parse_lazily<'l>(
    line: &'l [u8],
    times: &mut ClfTimes,
) -> Result<(Request<'l>, &'l [u8]), Malformed> {
    match fixed::read(line, times) {
        Some(read) => read,
        None => parse_general(line, times),
    }
}

/// [`parse_lazily`] for any line: one pass from left to right, `memchr` over
/// the long fields (the request, the User-Agent), plain loops over the short
/// ones. Fields are separated by runs of spaces.
fn parse_general<'l>(
    line: &'l [u8],
    times: &mut ClfTimes,
) -> Result<(Request<'l>, &'l [u8]), Malformed> {
    let open = memchr(b'[', line).ok_or(Malformed::NotCombined)?;
    // `client ident user` or `vhost:port client ident user`.
    let (host, client) = match fields_before(line.get(..open).unwrap_or_default()) {
        (3, Some(client), _) => (None, client),
        (4, Some(vhost), Some(client)) => (Some(strip_port(vhost)), client),
        _ => return Err(Malformed::NotCombined),
    };
    let rest = line.get(open + 1..).unwrap_or_default();
    let close = memchr(b']', rest).ok_or(Malformed::NotCombined)?;
    let time = rest.get(..close).and_then(|text| times.parse(text));
    let rest = rest.get(close + 1..).unwrap_or_default();
    let (request, rest) = quoted(rest).ok_or(Malformed::NotCombined)?;
    let status = status_code(next_field(rest).0);
    let after_bytes = after_fields(rest, 2);
    let (_referer, rest) = quoted(after_bytes).unwrap_or((b"", b""));
    let (user_agent, _) = quoted(rest).unwrap_or((b"", b""));
    let target = target_of(request).ok_or(Malformed::NoTarget)?;
    Ok((
        Request {
            host,
            client: None,
            time,
            target,
            status,
            user_agent,
        },
        client,
    ))
}

/// How many space-separated fields `text` has (counting at most 5), and the
/// first two.
fn fields_before(text: &[u8]) -> (usize, Option<&[u8]>, Option<&[u8]>) {
    let (first, mut rest) = next_field(text);
    if first.is_empty() {
        return (0, None, None);
    }
    let mut count = 1;
    let mut second = None;
    while count < 5 {
        let (field, after) = next_field(rest);
        if field.is_empty() {
            break;
        }
        if count == 1 {
            second = Some(field);
        }
        count += 1;
        rest = after;
    }
    (count, Some(first), second)
}

/// The first field of `text` (empty when there is none) and the text after it.
fn next_field(text: &[u8]) -> (&[u8], &[u8]) {
    let text = trim_start(text);
    let end = text.iter().position(|&b| b == b' ').unwrap_or(text.len());
    (
        text.get(..end).unwrap_or_default(),
        text.get(end..).unwrap_or_default(),
    )
}

/// `example.com:443` → `example.com` (an IPv6 literal keeps its brackets).
fn strip_port(vhost: &[u8]) -> &[u8] {
    match memchr::memrchr(b':', vhost) {
        Some(colon) if !vhost.ends_with(b"]") => vhost.get(..colon).unwrap_or(vhost),
        _ => vhost,
    }
}

/// The target of `METHOD TARGET [PROTOCOL]`: its second space-separated field.
pub(crate) fn target_of(request: &[u8]) -> Option<&[u8]> {
    let (method, rest) = next_field(request);
    if method.is_empty() {
        return None;
    }
    let rest = trim_start(rest);
    let end = memchr(b' ', rest).unwrap_or(rest.len());
    rest.get(..end).filter(|target| !target.is_empty())
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

/// The text after `n` space-separated fields of `text` (from the space that
/// ends the last; empty when a field runs to the end).
fn after_fields(text: &[u8], n: usize) -> &[u8] {
    let mut rest = text;
    for _ in 0..n {
        rest = next_field(rest).1;
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

    fn read(line: &[u8]) -> Result<Request<'_>, Malformed> {
        parse(line, &mut ClfTimes::default())
    }

    #[test]
    fn combined_and_vhost_combined() {
        let line = br#"203.0.113.9 - - [10/Oct/2000:13:55:36 -0700] "GET /a?b HTTP/1.1" 200 2326 "-" "Mozilla/5.0 (compatible; ExampleBot/1.0)""#;
        let r = parse(line, &mut ClfTimes::default()).unwrap();
        assert_eq!(r.target, b"/a?b");
        assert_eq!(r.status, Some(200));
        assert_eq!(r.user_agent, b"Mozilla/5.0 (compatible; ExampleBot/1.0)");
        assert_eq!(r.host, None);
        assert_eq!(r.client, Some("203.0.113.9".parse().unwrap()));
        assert_eq!(r.time, Some(971_211_336));
        let vhost = [b"shop.example:443 ".as_slice(), line].concat();
        let r = parse(&vhost, &mut ClfTimes::default()).unwrap();
        assert_eq!(r.host, Some(b"shop.example".as_slice()));
        assert_eq!(r.client, Some("203.0.113.9".parse().unwrap()));
        let v6 =
            br#"2001:db8::7 - - [10/Oct/2000:13:55:36 -0700] "GET / HTTP/1.1" 200 1 "-" "Bot/1""#;
        assert_eq!(
            read(v6).unwrap().client,
            Some("2001:db8::7".parse().unwrap())
        );
        let named = br#"crawl.example.net - - [10/Oct/2000:13:55:36 -0700] "GET / HTTP/1.1" 200 1 "-" "Bot/1""#;
        assert_eq!(read(named).unwrap().client, None);
    }

    #[test]
    fn escaped_quotes_and_bad_lines() {
        let line =
            br#"h - - [10/Oct/2000:13:55:36 +0000] "GET /x HTTP/1.1" 404 - "-" "Bot \"quoted\"/1""#;
        assert_eq!(read(line).unwrap().user_agent, br#"Bot \"quoted\"/1"#);
        assert_eq!(read(b"garbage"), Err(Malformed::NotCombined));
        assert_eq!(
            read(br#"h - - [x] "-" 400 0 "-" "-""#),
            Err(Malformed::NoTarget)
        );
        // Two fields before the time, or five: not the format.
        for bad in [
            &br#"h - [x] "GET / HTTP/1.1" 200 1 "-" "-""#[..],
            br#"v h i u x [x] "GET / HTTP/1.1" 200 1 "-" "-""#,
        ] {
            assert_eq!(read(bad), Err(Malformed::NotCombined));
        }
    }

    /// The reader this one replaced (iterator splits, a `Vec` per line), kept
    /// as the reference its answers must equal.
    mod reference {
        use super::super::{quoted, status_code, trim_start};
        use crate::request::{client_address, Malformed, Request};
        use crate::time::clf_time;
        use memchr::memchr;

        pub(super) fn parse(line: &[u8]) -> Result<Request<'_>, Malformed> {
            let open = memchr(b'[', line).ok_or(Malformed::NotCombined)?;
            let before: Vec<&[u8]> = line[..open]
                .split(|&b| b == b' ')
                .filter(|f| !f.is_empty())
                .collect();
            let (host, client) = match before.len() {
                3 => (None, before[0]),
                4 => (Some(super::super::strip_port(before[0])), before[1]),
                _ => return Err(Malformed::NotCombined),
            };
            let rest = &line[open + 1..];
            let close = memchr(b']', rest).ok_or(Malformed::NotCombined)?;
            let time = clf_time(&rest[..close]);
            let rest = &rest[close + 1..];
            let (request, rest) = quoted(rest).ok_or(Malformed::NotCombined)?;
            let mut fields = rest.split(|&b| b == b' ').filter(|f| !f.is_empty());
            let status = fields.next().and_then(status_code);
            let mut after = rest;
            for _ in 0..2 {
                after = trim_start(after);
                after = match memchr(b' ', after) {
                    Some(space) => &after[space..],
                    None => b"",
                };
            }
            let (_referer, rest) = quoted(after).unwrap_or((b"", b""));
            let (user_agent, _) = quoted(rest).unwrap_or((b"", b""));
            let mut parts = request.split(|&b| b == b' ').filter(|p| !p.is_empty());
            let _method = parts.next().ok_or(Malformed::NoTarget)?;
            let target = parts.next().ok_or(Malformed::NoTarget)?;
            Ok(Request {
                host,
                client: client_address(client),
                time,
                target,
                status,
                user_agent,
            })
        }
    }

    /// Reads `line` by position and in general; they must agree wherever the
    /// reader by position answers. Whether it answered.
    fn both_agree(line: &[u8]) -> bool {
        let fixed = fixed::read(line, &mut ClfTimes::default());
        if let Some(fixed) = &fixed {
            let general = parse_general(line, &mut ClfTimes::default());
            assert_eq!(
                fixed,
                &general,
                "the readers differ on {:?}",
                String::from_utf8_lossy(line)
            );
        }
        // And the reader the audit uses is the general one's answer, always.
        assert_eq!(
            parse_lazily(line, &mut ClfTimes::default()),
            parse_general(line, &mut ClfTimes::default())
        );
        fixed.is_some()
    }

    /// Every line of a log: how many the reader by position read.
    fn agree_on_every_line(log: &[u8]) -> (usize, usize) {
        let lines: Vec<&[u8]> = log.split(|&b| b == b'\n').collect();
        let read = lines.iter().filter(|line| both_agree(line)).count();
        (read, lines.len())
    }

    #[test]
    fn by_position_as_in_general_on_the_bundled_log() {
        use std::io::Read as _;
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../examples/audit/access.log.gz"
        );
        let mut log = Vec::new();
        flate2::read::MultiGzDecoder::new(std::fs::File::open(path).unwrap())
            .read_to_end(&mut log)
            .unwrap();
        let (read, lines) = agree_on_every_line(&log);
        // Servers write one shape: nearly every line is read by position.
        assert!(
            read * 100 >= lines * 99,
            "{read} of {lines} read by position"
        );
    }

    /// The benchmark's generator (`benches/audit/gen_log.py`): every header
    /// form of every registry crawler, hosts, malformed lines.
    #[test]
    fn by_position_as_in_general_on_the_benchmarks_log() {
        let script = concat!(env!("CARGO_MANIFEST_DIR"), "/../benches/audit/gen_log.py");
        let out = std::process::Command::new("python3")
            .args([script, "10000"])
            .output()
            .expect("python3 runs the benchmark's log generator");
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let (read, lines) = agree_on_every_line(&out.stdout);
        assert!(
            read * 100 >= lines * 99,
            "{read} of {lines} read by position"
        );
    }

    #[test]
    fn hostile_lines_read_alike() {
        let good: &[u8] = br#"shop.example:443 203.0.113.9 - - [10/Oct/2000:13:55:36 -0700] "GET /a?b HTTP/1.1" 200 2326 "https://r.example/" "Mozilla/5.0 (compatible; ExampleBot/1.0)""#;
        assert!(both_agree(good), "the common shape is read by position");
        assert!(both_agree(&good[17..]), "and without a virtual host");
        let hostile: &[&[u8]] = &[
            br#"2001:db8::7 - - [10/Oct/2000:13:55:36 -0700] "GET / HTTP/1.1" 200 1 "-" "Bot/1""#,
            br#"[2001:db8::1]:443 2001:db8::7 - - [10/Oct/2000:13:55:36 -0700] "GET / HTTP/1.1" 200 1 "-" "Bot/1""#,
            br#"h  203.0.113.9 - - [10/Oct/2000:13:55:36 -0700] "GET / HTTP/1.1" 200 1 "-" "Bot/1""#,
            br#" 203.0.113.9 - - [10/Oct/2000:13:55:36 -0700] "GET / HTTP/1.1" 200 1 "-" "Bot/1""#,
            br#"203.0.113.9 - -  [10/Oct/2000:13:55:36 -0700] "GET / HTTP/1.1" 200 1 "-" "Bot/1""#,
            br#"203.0.113.9 - - [10/Oct/2000:13:55:36 -0700]  "GET / HTTP/1.1" 200 1 "-" "Bot/1""#,
            br#"203.0.113.9 - - [10/Oct/2000:13:55:36 -0700] "GET / HTTP/1.1"  200 1 "-" "Bot/1""#,
            br#"203.0.113.9 - - [10/Oct/2000:13:55:36 -0700] "GET / HTTP/1.1" 200  1 "-" "Bot/1""#,
            br#"203.0.113.9 - - [10/Oct/2000:13:55:36 -0700] "GET / HTTP/1.1" 200 1  "-" "Bot/1""#,
            br#"203.0.113.9 - - [10/Oct/2000:13:55:36 -0700] "GET / HTTP/1.1" 200 1 "-"  "Bot/1""#,
            br#"203.0.113.9 - - [10/Oct/2000:13:55:36 -0700] "GET / HTTP/1.1" - 1 "-" "Bot/1""#,
            br#"203.0.113.9 - - [10/Oct/2000:13:55:36 -0700] "GET / HTTP/1.1" 2000 1 "-" "Bot/1""#,
            br#"203.0.113.9 - - [10/Oct/2000:13:55:36 -0700] "GET / HTTP/1.1" 200 - "-" "Bot/1""#,
            br#"203.0.113.9 - - [10/Oct/2000:13:55:36 -0700] "GET / HTTP/1.1" 200 1 "-" "Bot/1" extra"#,
            br#"203.0.113.9 - - [10/Oct/2000:13:55:36 -0700] "GET / HTTP/1.1" 200 1 "-""#,
            br#"203.0.113.9 - - [10/Oct/2000:13:55:36 -0700] "GET / HTTP/1.1" 200 1 "-" "Bot/1"#,
            br#"203.0.113.9 - - [10/Oct/2000:13:55:36 -0700] "GET / HTTP/1.1" 200 1"#,
            br#"203.0.113.9 - - [10/Oct/2000:13:55:36 -0700] "GET / HTTP/1.1" 200"#,
            br#"203.0.113.9 - - [10/Oct/2000:13:55:36 -0700] "GET /"#,
            br#"203.0.113.9 - - [10/Oct/2000:13:55:36 -0700]"#,
            br#"203.0.113.9 - - [10/Oct/2000:13:55"#,
            br#"203.0.113.9 - - [10/Oct/2000:13:55:36 -0700] "GET /"x" HTTP/1.1" 200 1 "-" "Bot/1""#,
            br#"203.0.113.9 - - [10/Oct/2000:13:55:36 -0700] "GET / HTTP/1.1" 200 1 "a\" "Bot/1""#,
            br#"203.0.113.9 - - [10/Oct/2000:13:55:36 -0700] "GET / HTTP/1.1" 200 1 "-" "Bot "q"/1\""#,
            br#"203.0.113.9 - - [10/Oct/2000:13:55:36 -0700] "GET / HTTP/1.1" 200 1 "-" "Bot \"/1""#,
            br#"203.0.113.9 - - [10/Oct/2000:13:55:36 -0700] "" 400 0 "" """#,
            br#"203.0.113.9 - - [10/Oct/2000:13:55:36 -0700] "-" 400 0 "-" "-""#,
            br#"203.0.113.9 - - [10/Oct/2000:13:55:36 -0700] "GET" 400 0 "-" "-""#,
            br#"203.0.113.9 - - [10/Oct/2000:13:55:36 -0700] "  GET   /a   " 200 0 "-" "-""#,
            br#"203.0.113.9 - - [10/Oct/2000:13:55:36] "GET / HTTP/1.1" 200 1 "-" "Bot/1""#,
            br#"203.0.113.9 - - [1/Oct/2000:13:55:36 -0700] "GET / HTTP/1.1" 200 1 "-" "Bot/1""#,
            br#"203.0.113.9 - - [10/O]t/2000:13:55:36 -0700] "GET / HTTP/1.1" 200 1 "-" "Bot/1""#,
            br#"203.0.113.9 - - [31/Feb/2000:13:55:36 -0700] "GET / HTTP/1.1" 200 1 "-" "Bot/1""#,
            br#"203.0.113.9 - - [10/Oct/2000:13:55:61 -0700] "GET / HTTP/1.1" 200 1 "-" "Bot/1""#,
            br#"203.0.113.9 - - [10/Oct/2000:13:55:36 *0700] "GET / HTTP/1.1" 200 1 "-" "Bot/1""#,
            br#"203.0.113.9 - - [10/Oct/2000:13:55:36 -0700]x"GET / HTTP/1.1" 200 1 "-" "Bot/1""#,
            br#"203.0.113.9 - -[10/Oct/2000:13:55:36 -0700] "GET / HTTP/1.1" 200 1 "-" "Bot/1""#,
            br#"a b c d e [10/Oct/2000:13:55:36 -0700] "GET / HTTP/1.1" 200 1 "-" "Bot/1""#,
            br#"a b [10/Oct/2000:13:55:36 -0700] "GET / HTTP/1.1" 200 1 "-" "Bot/1""#,
            br#"a	b c d [10/Oct/2000:13:55:36 -0700] "GET / HTTP/1.1" 200 1 "-" "Bot/1""#,
            b"",
            b" ",
            b"[",
            b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03",
        ];
        for line in hostile {
            both_agree(line);
        }
        // Not UTF-8, anywhere.
        let mut odd = good.to_vec();
        for at in 0..odd.len() {
            let byte = odd[at];
            odd[at] = 0xff;
            both_agree(&odd);
            odd[at] = byte;
        }
        // Cut anywhere.
        for end in 0..good.len() {
            both_agree(&good[..end]);
        }
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(4000))]

        /// Lines of the format's own bytes in any order (and real lines cut
        /// or spliced) read as the reference reads them.
        #[test]
        fn reads_as_the_reference_does(
            pieces in proptest::collection::vec(proptest::prop_oneof![
                proptest::strategy::Just(&b" "[..]),
                proptest::strategy::Just(&b"  "[..]),
                proptest::strategy::Just(&b"["[..]),
                proptest::strategy::Just(&b"]"[..]),
                proptest::strategy::Just(&b"\""[..]),
                proptest::strategy::Just(&b"\\"[..]),
                proptest::strategy::Just(&b"h:80"[..]),
                proptest::strategy::Just(&b"192.0.2.1"[..]),
                proptest::strategy::Just(&b"::1"[..]),
                proptest::strategy::Just(&b"-"[..]),
                proptest::strategy::Just(&b"200"[..]),
                proptest::strategy::Just(&b"GET /a"[..]),
                proptest::strategy::Just(&b"10/Oct/2000:13:55:36 -0700"[..]),
                proptest::strategy::Just(&b"10/Oct/2000:13:55:"[..]),
                proptest::strategy::Just(&b"h i u [10/Oct/2000:13:55:36 -0700] \"GET /x HTTP/1.1\" 404 12 \"-\" \"Bot/1\""[..]),
            ], 0..24),
        ) {
            let line = pieces.concat();
            let mut times = ClfTimes::default();
            proptest::prop_assert_eq!(parse(&line, &mut times), reference::parse(&line));
            // A second read reuses the remembered minute.
            proptest::prop_assert_eq!(parse(&line, &mut times), reference::parse(&line));
            both_agree(&line);
        }

        /// A well-formed line with one field replaced by any bytes (spaces,
        /// quotes, backslashes, brackets, not UTF-8) reads alike both ways.
        #[test]
        fn one_field_of_any_bytes_reads_alike(
            field in 0usize..11,
            bytes in proptest::collection::vec(proptest::prop_oneof![
                proptest::strategy::Just(b' '),
                proptest::strategy::Just(b'"'),
                proptest::strategy::Just(b'\\'),
                proptest::strategy::Just(b'['),
                proptest::strategy::Just(b']'),
                proptest::strategy::Just(b':'),
                proptest::strategy::Just(0xc3),
                proptest::strategy::Just(0xff),
                proptest::prelude::any::<u8>(),
                b'0'..=b'9',
                b'a'..=b'z',
            ], 0..12),
        ) {
            let mut fields: Vec<Vec<u8>> = [
                "h.example:443 ", "192.0.2.1", " - - [", "10/Oct/2000:13:55:36 -0700",
                "] \"", "GET /a HTTP/1.1", "\" ", "200", " 12 \"", "-", "\" \"Bot/1\"",
            ].iter().map(|f| f.as_bytes().to_vec()).collect();
            fields[field] = bytes;
            both_agree(&fields.concat());
        }
    }
}
