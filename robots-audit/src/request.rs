//! One request of an access log, as the formats below give it.

use std::net::{IpAddr, Ipv4Addr, SocketAddr};

/// A request read from one log line. Fields borrow the line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Request<'a> {
    /// The virtual host, when the line names one.
    pub host: Option<&'a [u8]>,
    /// The client's address, when the line gives one (a host name, as Apache
    /// logs with `HostnameLookups On`, is no address).
    pub client: Option<IpAddr>,
    /// Seconds since the Unix epoch, when the line has a time that parses.
    pub time: Option<i64>,
    /// The request target as sent (`/path?query`, or an absolute URL).
    pub target: &'a [u8],
    /// The response status.
    pub status: Option<u16>,
    /// The `User-Agent` header, as logged.
    pub user_agent: &'a [u8],
}

/// Why a line was skipped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Malformed {
    /// Not a Combined Log Format line (or a field of it could not be found).
    NotCombined,
    /// Not a JSON object, or no request target in it.
    NotJson,
    /// The request line has no target (`"-"`, or a bare method).
    NoTarget,
    /// A W3C log's line with more or fewer fields than its `#Fields:` names.
    NotW3c,
    /// A W3C log's request line before any `#Fields:` directive (with
    /// `--log-format w3c`).
    NoW3cFields,
}

impl Malformed {
    /// What is wrong, for a person.
    pub fn describe(self) -> &'static str {
        match self {
            Malformed::NotCombined => "not a Combined Log Format line",
            Malformed::NotJson => "not a JSON object with a request target",
            Malformed::NoTarget => "no request target in the request line",
            Malformed::NotW3c => "not as many fields as the W3C log's #Fields directive names",
            Malformed::NoW3cFields => "a W3C log line before any #Fields directive",
        }
    }
}

/// The client address of a log field: `192.0.2.1`, `2001:db8::1`, or either
/// with a port (`192.0.2.1:443`, `[2001:db8::1]:443`), as some JSON logs write it.
pub(crate) fn client_address(field: &[u8]) -> Option<IpAddr> {
    // Shorter than `::` or longer than an IPv6 address with a port and
    // zone: no address (and no parse tried).
    if !(2..=64).contains(&field.len()) {
        return None;
    }
    if let Some(v4) = dotted_quad(field) {
        return Some(IpAddr::V4(v4));
    }
    let text = core::str::from_utf8(field).ok()?;
    text.parse::<IpAddr>()
        .ok()
        .or_else(|| text.parse::<SocketAddr>().ok().map(|s| s.ip()))
}

/// `192.0.2.1`, the commonest client field, read without the general
/// parser's UTF-8 check and state machine; `None` for anything else (an
/// octet with a leading zero too), which the general parser then reads.
fn dotted_quad(field: &[u8]) -> Option<Ipv4Addr> {
    let mut octets = [0u8; 4];
    let mut dots = 0;
    // The octet being read, and how many digits it has.
    let (mut value, mut digits) = (0u16, 0);
    for &byte in field {
        match byte {
            // A fourth digit, or a digit after a leading zero.
            b'0'..=b'9' if digits == 3 || (digits == 1 && value == 0) => return None,
            b'0'..=b'9' => {
                value = value * 10 + u16::from(byte - b'0');
                digits += 1;
            }
            b'.' if digits > 0 => {
                *octets.get_mut(dots)? = u8::try_from(value).ok()?;
                dots += 1;
                (value, digits) = (0, 0);
            }
            _ => return None,
        }
    }
    if dots != 3 || digits == 0 {
        return None;
    }
    *octets.get_mut(3)? = u8::try_from(value).ok()?;
    Some(Ipv4Addr::from(octets))
}

#[cfg(test)]
mod tests {
    use super::{client_address, dotted_quad};

    proptest::proptest! {
        /// Where the quick reader answers, the general parser agrees.
        #[test]
        fn dotted_quads_as_the_general_parser_reads_them(
            field in "[0-9.]{0,17}|[0-9]{1,3}\\.[0-9]{1,3}\\.[0-9]{1,3}\\.[0-9]{1,3}"
        ) {
            if let Some(v4) = dotted_quad(field.as_bytes()) {
                proptest::prop_assert_eq!(Ok(v4), field.parse());
            } else {
                proptest::prop_assert!(field.parse::<std::net::Ipv4Addr>().is_err(), "{field}");
            }
        }
    }

    #[test]
    fn addresses_with_and_without_ports() {
        for (text, address) in [
            ("192.0.2.1", Some("192.0.2.1")),
            ("192.0.2.1:8443", Some("192.0.2.1")),
            ("2001:db8::1", Some("2001:db8::1")),
            ("[2001:db8::1]:443", Some("2001:db8::1")),
            ("crawl-66-249-66-1.googlebot.com", None),
            ("-", None),
            ("999.0.2.1", None),
            ("256.0.2.1", None),
            ("255.0.2.01", None),
            ("0.0.0.0", Some("0.0.0.0")),
            ("255.255.255.255", Some("255.255.255.255")),
            ("1.2.3", None),
            ("1.2.3.4.", None),
        ] {
            assert_eq!(
                client_address(text.as_bytes()),
                address.map(|a| a.parse().unwrap()),
                "{text}"
            );
        }
    }
}
