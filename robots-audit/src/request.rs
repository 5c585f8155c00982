//! One request of an access log, as the formats below give it.

/// A request read from one log line. Fields borrow the line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Request<'a> {
    /// The virtual host, when the line names one.
    pub host: Option<&'a [u8]>,
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
}

impl Malformed {
    /// What is wrong, for a person.
    pub fn describe(self) -> &'static str {
        match self {
            Malformed::NotCombined => "not a Combined Log Format line",
            Malformed::NotJson => "not a JSON object with a request target",
            Malformed::NoTarget => "no request target in the request line",
        }
    }
}
