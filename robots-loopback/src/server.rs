//! The servers: one loopback port each, sharing one runtime.

use crate::reply::Reply;
use hyper::server::conn::http1;
use hyper::service::service_fn;
use hyper_util::rt::TokioIo;
use std::convert::Infallible;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::runtime::Runtime;
use tokio::task::JoinHandle;

/// The runtime every server runs on, whoever calls it (sync test, async test, CLI).
fn runtime() -> &'static Runtime {
    static RUNTIME: OnceLock<Runtime> = OnceLock::new();
    RUNTIME.get_or_init(|| {
        tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .thread_name("loopback")
            .enable_all()
            .build()
            .expect("a tokio runtime for the loopback servers")
    })
}

/// A request a server got.
#[derive(Clone, Debug)]
pub struct Seen {
    /// Path and query.
    pub path: String,
    /// Headers, names in lower case.
    pub headers: Vec<(String, String)>,
}

impl Seen {
    /// The value of header `name` (lower case), if sent.
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }
}

/// What a raw server does after writing its bytes.
#[derive(Clone, Copy, Debug)]
pub enum After {
    /// Close the connection.
    Close,
    /// Keep it open, silent, this long.
    Hold(Duration),
}

type Handler = dyn Fn(&Seen) -> Reply + Send + Sync;

enum Mode {
    Http(Arc<Handler>),
    Raw(Arc<[u8]>, After),
    Reset,
}

/// A scripted HTTP server on `127.0.0.1`, stopped when dropped.
pub struct Server {
    addr: SocketAddr,
    hits: Arc<AtomicUsize>,
    seen: Arc<Mutex<Vec<Seen>>>,
    accept: JoinHandle<()>,
}

impl Server {
    /// A server answering every request with `handler(request)`.
    pub fn http(handler: impl Fn(&Seen) -> Reply + Send + Sync + 'static) -> Server {
        Server::start(Mode::Http(Arc::new(handler)))
    }

    /// A server answering `path` with `reply` (the same every time), anything else with 404.
    pub fn route(path: &str, reply: Reply) -> Server {
        let path = path.to_owned();
        Server::http(move |seen| {
            if seen.path == path {
                reply.clone()
            } else {
                Reply::new(404, "not found")
            }
        })
    }

    /// A server that reads each request head and writes `bytes` back verbatim:
    /// for responses no HTTP library sends on purpose (a lying `Content-Length`).
    pub fn raw(bytes: impl Into<Vec<u8>>, after: After) -> Server {
        Server::start(Mode::Raw(bytes.into().into(), after))
    }

    /// A server that resets every connection before any response.
    pub fn reset() -> Server {
        Server::start(Mode::Reset)
    }

    fn start(mode: Mode) -> Server {
        let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("bind 127.0.0.1:0");
        let addr = listener.local_addr().expect("a bound address");
        listener
            .set_nonblocking(true)
            .expect("a non-blocking listener");
        let hits = Arc::new(AtomicUsize::new(0));
        let seen = Arc::new(Mutex::new(Vec::new()));
        let mode = Arc::new(mode);
        let (task_hits, task_seen) = (Arc::clone(&hits), Arc::clone(&seen));
        let accept = runtime().spawn(async move {
            let Ok(listener) = TcpListener::from_std(listener) else {
                return;
            };
            loop {
                let Ok((stream, _)) = listener.accept().await else {
                    continue;
                };
                let (mode, hits, seen) = (
                    Arc::clone(&mode),
                    Arc::clone(&task_hits),
                    Arc::clone(&task_seen),
                );
                tokio::spawn(serve(stream, mode, hits, seen));
            }
        });
        Server {
            addr,
            hits,
            seen,
            accept,
        }
    }

    /// `http://127.0.0.1:PORT`.
    pub fn origin(&self) -> String {
        format!("http://{}", self.addr)
    }

    /// `http://127.0.0.1:PORT` + `path`.
    pub fn url(&self, path: &str) -> String {
        format!("http://{}{path}", self.addr)
    }

    /// The port.
    pub fn port(&self) -> u16 {
        self.addr.port()
    }

    /// Requests received so far (connections, for raw and reset servers).
    pub fn hits(&self) -> usize {
        self.hits.load(Ordering::SeqCst)
    }

    /// The requests received so far (not for raw and reset servers).
    pub fn seen(&self) -> Vec<Seen> {
        self.seen.lock().map(|s| s.clone()).unwrap_or_default()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.accept.abort();
    }
}

/// Serve one connection.
async fn serve(
    stream: TcpStream,
    mode: Arc<Mode>,
    hits: Arc<AtomicUsize>,
    seen: Arc<Mutex<Vec<Seen>>>,
) {
    match &*mode {
        Mode::Http(handler) => {
            let handler = Arc::clone(handler);
            let service = service_fn(move |request: hyper::Request<hyper::body::Incoming>| {
                let request = Seen {
                    path: request
                        .uri()
                        .path_and_query()
                        .map_or_else(|| "/".to_owned(), |p| p.as_str().to_owned()),
                    headers: request
                        .headers()
                        .iter()
                        .map(|(n, v)| {
                            (
                                n.as_str().to_owned(),
                                String::from_utf8_lossy(v.as_bytes()).into_owned(),
                            )
                        })
                        .collect(),
                };
                hits.fetch_add(1, Ordering::SeqCst);
                let reply = handler(&request);
                if let Ok(mut seen) = seen.lock() {
                    seen.push(request);
                }
                async move { Ok::<_, Infallible>(reply.into_response()) }
            });
            let _ = http1::Builder::new()
                .serve_connection(TokioIo::new(stream), service)
                .await;
        }
        Mode::Raw(bytes, after) => {
            let mut stream = stream;
            read_head(&mut stream).await;
            hits.fetch_add(1, Ordering::SeqCst);
            let _ = stream.write_all(bytes).await;
            let _ = stream.flush().await;
            if let After::Hold(time) = after {
                tokio::time::sleep(*time).await;
            }
        }
        Mode::Reset => {
            hits.fetch_add(1, Ordering::SeqCst);
            // SO_LINGER 0: dropping the socket sends RST instead of FIN.
            let _ = stream.set_zero_linger();
        }
    }
}

/// Read until the end of a request head (or 64 KiB, or the peer stops).
async fn read_head(stream: &mut TcpStream) {
    let mut head = Vec::new();
    let mut buf = [0u8; 4096];
    while head.len() < 64 * 1024 && !head.windows(4).any(|w| w == b"\r\n\r\n") {
        match stream.read(&mut buf).await {
            Ok(0) | Err(_) => return,
            Ok(n) => head.extend_from_slice(buf.get(..n).unwrap_or_default()),
        }
    }
}
