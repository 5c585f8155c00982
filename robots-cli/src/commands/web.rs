//! `robots web`: the browser tester (`web/`), served from inside the binary on
//! `127.0.0.1` only. The page is the static build of `bash web/build.sh`,
//! embedded when robots is compiled; it runs the engine in the browser
//! (WebAssembly) and sends nothing back. With FILE, the page opens with that
//! file: it is served at `/preload/robots.txt`, and the printed URL
//! (`http://127.0.0.1:PORT/?file=NAME`) tells the page to load it.
//!
//! Without the page built in, it says on stderr how to build it, and `/`
//! answers 503 with the same words.
//!
//! The server answers until the process is stopped (Ctrl-C). It serves only
//! GET and HEAD of its own files, and only to requests whose `Host` is the
//! loopback address it printed (a web page elsewhere cannot read the file
//! through a DNS name pointed at 127.0.0.1).

use crate::error::Error;
use crate::flags::Web;
use crate::output::Streams;
use percent_encoding::{utf8_percent_encode, NON_ALPHANUMERIC};
use std::io;
use tiny_http::{Header, Method, Request, Response, Server};

mod assets {
    include!(concat!(env!("OUT_DIR"), "/web_assets.rs"));
}

/// What to say when the binary was built without the page.
const NOT_BUILT: &str = "the web page was not built into this binary: run `bash web/build.sh` \
     in the robots repository (it needs Node and npm), then rebuild robots \
     (`cargo build -p robots-cli`); or host web/dist/ with any static server";

/// The embedded file at `path` (no leading `/`), if there is one.
fn asset(path: &str) -> Option<&'static [u8]> {
    assets::ASSETS
        .iter()
        .find(|(name, _)| *name == path)
        .map(|(_, bytes)| *bytes)
}

/// Whether the page was built into this binary.
pub fn built() -> bool {
    asset("index.html").is_some()
}

fn content_type(path: &str) -> &'static str {
    match path.rsplit_once('.').map(|(_, ext)| ext) {
        Some("html") => "text/html; charset=utf-8",
        Some("css") => "text/css; charset=utf-8",
        Some("js") => "text/javascript; charset=utf-8",
        Some("wasm") => "application/wasm",
        Some("json" | "map") => "application/json",
        Some("png") => "image/png",
        Some("svg") => "image/svg+xml",
        Some("txt") => "text/plain; charset=utf-8",
        _ => "application/octet-stream",
    }
}

fn header(name: &str, value: &str) -> Header {
    // Only fixed ASCII names and values are passed here.
    Header::from_bytes(name.as_bytes(), value.as_bytes())
        .unwrap_or_else(|()| panic!("bug: header {name}: {value} is not valid"))
}

/// What one request gets: status, content type and body.
fn answer(request: &Request, host: &str, preload: Option<&[u8]>) -> (u16, &'static str, Vec<u8>) {
    let host_ok = request
        .headers()
        .iter()
        .find(|h| h.field.equiv("Host"))
        .is_some_and(|h| {
            let value = h.value.as_str();
            value == host || value.strip_prefix("localhost") == host.strip_prefix("127.0.0.1")
        });
    if !host_ok {
        return (403, "text/plain; charset=utf-8", b"wrong Host\n".to_vec());
    }
    if !matches!(request.method(), Method::Get | Method::Head) {
        return (
            405,
            "text/plain; charset=utf-8",
            b"method not allowed\n".to_vec(),
        );
    }
    let path = request.url().split(['?', '#']).next().unwrap_or("/");
    let path = match path.trim_start_matches('/') {
        "" => "index.html",
        p => p,
    };
    if path == "preload/robots.txt" {
        if let Some(body) = preload {
            return (200, "text/plain; charset=utf-8", body.to_vec());
        }
    }
    match asset(path) {
        Some(bytes) => (200, content_type(path), bytes.to_vec()),
        None if path == "index.html" => (
            503,
            "text/plain; charset=utf-8",
            format!("robots web: {NOT_BUILT}\n").into_bytes(),
        ),
        None => (404, "text/plain; charset=utf-8", b"not found\n".to_vec()),
    }
}

fn respond(request: Request, host: &str, preload: Option<&[u8]>) -> io::Result<()> {
    let (status, kind, body) = answer(&request, host, preload);
    let response = Response::from_data(body)
        .with_status_code(status)
        .with_header(header("Content-Type", kind))
        .with_header(header("Cache-Control", "no-cache"))
        .with_header(header("X-Content-Type-Options", "nosniff"));
    request.respond(response)
}

/// Run `web`: serve until the process is stopped. Returns only on an error.
///
/// # Errors
/// [`Error::Invalid`] when the port cannot be bound, [`Error::Read`] when FILE cannot be read, [`Error::Stdout`]
/// when the URL cannot be printed.
pub fn run(args: &Web, io: &mut Streams<'_>) -> Result<i32, Error> {
    if !built() {
        io.warn(NOT_BUILT);
    }
    let preload = match &args.robots {
        Some(input) => Some((input.name(), input.read_robots_txt(io)?)),
        None => None,
    };
    let server = Server::http(("127.0.0.1", args.port))
        .map_err(|e| Error::Invalid(format!("cannot serve on 127.0.0.1:{}: {e}", args.port)))?;
    let port = server
        .server_addr()
        .to_ip()
        .map_or(args.port, |addr| addr.port());
    let host = format!("127.0.0.1:{port}");
    let url = match &preload {
        Some((name, _)) => format!(
            "http://{host}/?file={}",
            utf8_percent_encode(name, NON_ALPHANUMERIC)
        ),
        None => format!("http://{host}/"),
    };
    writeln!(io.stdout, "{url}")?;
    io.stdout.flush()?;
    io.note(&format!(
        "serving the robots.txt tester at {url} (Ctrl-C to stop)"
    ));
    if args.open {
        if let Err(e) = open::that_detached(&url) {
            io.warn(&format!("cannot open a browser ({e}); open {url} yourself"));
        }
    }
    let body = preload.as_ref().map(|(_, body)| body.as_slice());
    for request in server.incoming_requests() {
        // A client that went away is its own problem, not the server's.
        let _ = respond(request, &host, body);
    }
    Ok(crate::EXIT_OK)
}
