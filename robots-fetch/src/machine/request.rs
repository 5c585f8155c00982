//! The HTTP request the state machine asks its driver to send.

use alloc::string::String;
use alloc::vec::Vec;

/// A `GET` request to send: the URL and the headers. The driver adds what its
/// HTTP client adds by itself (`Host`, `Accept-Encoding` for the encodings it
/// decodes) and must not follow redirects itself: the state machine does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Request {
    url: String,
    headers: Vec<(&'static str, String)>,
}

impl Request {
    pub(crate) fn new(url: String, headers: Vec<(&'static str, String)>) -> Self {
        Request { url, headers }
    }

    /// The absolute URL to `GET`.
    pub fn url(&self) -> &str {
        &self.url
    }

    /// The headers to send, as `(name, value)`: `User-Agent`, `Accept`, and when
    /// revalidating `If-None-Match` / `If-Modified-Since`.
    pub fn headers(&self) -> impl Iterator<Item = (&'static str, &str)> + '_ {
        self.headers
            .iter()
            .map(|(name, value)| (*name, value.as_str()))
    }

    /// The value of header `name` (case-insensitive), if the request has it.
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v)
    }
}
