//! What a scripted server answers.

use bytes::Bytes;
use http_body_util::{combinators::BoxBody, BodyExt, Full, StreamBody};
use hyper::body::Frame;
use std::io::{self, Write};
use std::time::Duration;

/// How a response body is sent.
#[derive(Clone, Debug)]
pub enum Body {
    /// All at once, with a `Content-Length`.
    Bytes(Bytes),
    /// In pieces, `delay` apart (chunked).
    Chunks(Vec<Bytes>, Duration),
    /// `first`, then nothing for `stall`, then the end.
    Stall(Bytes, Duration),
    /// `first`, then the connection breaks off (the body is never complete).
    BreakOff(Bytes),
}

/// A well-formed response: status, headers, body.
#[derive(Clone, Debug)]
pub struct Reply {
    /// The status code.
    pub status: u16,
    /// Headers, in order.
    pub headers: Vec<(String, String)>,
    /// The body.
    pub body: Body,
}

impl Reply {
    /// `status` with `body` sent all at once.
    pub fn new(status: u16, body: impl Into<Bytes>) -> Self {
        Reply {
            status,
            headers: Vec::new(),
            body: Body::Bytes(body.into()),
        }
    }

    /// A 200 with `body`.
    pub fn ok(body: impl Into<Bytes>) -> Self {
        Reply::new(200, body)
    }

    /// A redirect to `location`.
    pub fn redirect(status: u16, location: &str) -> Self {
        Reply::new(status, "").header("Location", location)
    }

    /// Add a header.
    #[must_use]
    pub fn header(mut self, name: &str, value: &str) -> Self {
        self.headers.push((name.to_owned(), value.to_owned()));
        self
    }

    /// Send the body another way.
    #[must_use]
    pub fn body(mut self, body: Body) -> Self {
        self.body = body;
        self
    }

    /// The hyper response.
    pub(crate) fn into_response(self) -> hyper::Response<BoxBody<Bytes, io::Error>> {
        let mut response = hyper::Response::new(body_of(self.body));
        *response.status_mut() = hyper::StatusCode::from_u16(self.status)
            .unwrap_or(hyper::StatusCode::INTERNAL_SERVER_ERROR);
        for (name, value) in self.headers {
            if let (Ok(name), Ok(value)) = (
                hyper::header::HeaderName::from_bytes(name.as_bytes()),
                hyper::header::HeaderValue::from_str(&value),
            ) {
                response.headers_mut().append(name, value);
            }
        }
        response
    }
}

/// One data frame.
fn frame(bytes: Bytes) -> Result<Frame<Bytes>, io::Error> {
    Ok(Frame::data(bytes))
}

/// The body as hyper streams it.
fn body_of(body: Body) -> BoxBody<Bytes, io::Error> {
    match body {
        Body::Bytes(bytes) => Full::new(bytes).map_err(|never| match never {}).boxed(),
        Body::Chunks(chunks, delay) => {
            let stream =
                futures_util::stream::unfold(chunks.into_iter(), move |mut rest| async move {
                    tokio::time::sleep(delay).await;
                    rest.next().map(|chunk| (frame(chunk), rest))
                });
            StreamBody::new(stream).boxed()
        }
        Body::Stall(first, stall) => {
            let stream = futures_util::stream::unfold(Some(first), move |first| async move {
                match first {
                    Some(first) => Some((frame(first), None)),
                    None => {
                        tokio::time::sleep(stall).await;
                        None
                    }
                }
            });
            StreamBody::new(stream).boxed()
        }
        Body::BreakOff(first) => {
            let stream = futures_util::stream::iter([
                frame(first),
                Err(io::Error::new(
                    io::ErrorKind::ConnectionAborted,
                    "scripted break-off",
                )),
            ]);
            StreamBody::new(stream).boxed()
        }
    }
}

/// `data` gzip-compressed (for a `Content-Encoding: gzip` reply).
pub fn gzip(data: &[u8]) -> Vec<u8> {
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    // Writing to a Vec cannot fail.
    let _ = encoder.write_all(data);
    encoder.finish().unwrap_or_default()
}

/// `data` brotli-compressed (for a `Content-Encoding: br` reply).
pub fn brotli(data: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    {
        let mut writer = brotli::CompressorWriter::new(&mut out, 4096, 5, 22);
        let _ = writer.write_all(data);
    }
    out
}
