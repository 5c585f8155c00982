//! `robots web` over loopback: it prints a 127.0.0.1 URL, serves the file it
//! was given, refuses other hosts and methods, and serves the embedded page
//! (when `web/dist` was built before this binary; without it, `/` says how to
//! build it, and only the page's own checks are skipped).

use std::io::{BufRead, BufReader, Read};
use std::path::Path;
use std::process::{Child, Command, Stdio};

use crate::support::Temp;

/// A `robots web` process, killed (by its own PID) when dropped.
struct Served {
    child: Child,
    url: String,
    stderr: std::process::ChildStderr,
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn serve(args: &[&str]) -> Served {
    let mut child = Command::new(env!("CARGO_BIN_EXE_robots"))
        .arg("web")
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn robots web");
    let mut line = String::new();
    let stdout = child.stdout.take().expect("stdout");
    BufReader::new(stdout)
        .read_line(&mut line)
        .expect("read the URL");
    let stderr = child.stderr.take().expect("stderr");
    Served {
        child,
        url: line.trim().to_owned(),
        stderr,
    }
}

/// Whether `web/dist` was built, so this binary embeds the page.
fn page_built() -> bool {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../web/dist/index.html")
        .is_file()
}

fn agent() -> ureq::Agent {
    ureq::Agent::config_builder()
        .http_status_as_error(false)
        .build()
        .new_agent()
}

/// Status, content type and body of `GET url`.
fn get(url: &str) -> (u16, String, Vec<u8>) {
    let mut response = agent().get(url).call().expect("GET over loopback");
    let kind = response
        .headers()
        .get("content-type")
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
        .to_owned();
    let body = response.body_mut().read_to_vec().expect("read the body");
    (response.status().as_u16(), kind, body)
}

fn origin(url: &str) -> &str {
    let rest = url.strip_prefix("http://").expect("an http URL");
    let end = rest.find('/').expect("a path");
    &url[..7 + end]
}

#[test]
fn serves_the_given_file_on_loopback_only() {
    let body = b"User-agent: *\nDisallow: /private\n\xff\xfe raw bytes\n";
    let file = Temp::new("robots.txt", body);
    let served = serve(&[file.path(), "--port", "0"]);
    assert!(
        served.url.starts_with("http://127.0.0.1:"),
        "the URL: {:?}",
        served.url
    );
    assert!(
        served.url.contains("/?file="),
        "the URL names the file: {}",
        served.url
    );
    let base = origin(&served.url).to_owned();

    let (status, kind, preload) = get(&format!("{base}/preload/robots.txt"));
    assert_eq!(status, 200);
    assert!(kind.starts_with("text/plain"), "{kind}");
    assert_eq!(preload, body, "the file's bytes, unchanged");

    let (status, _, _) = get(&format!("{base}/no/such/file"));
    assert_eq!(status, 404);

    let response = agent()
        .post(&format!("{base}/"))
        .send(&b"x"[..])
        .expect("POST over loopback");
    assert_eq!(response.status().as_u16(), 405);

    // A page elsewhere that points a DNS name at 127.0.0.1 gets nothing.
    let port = base.rsplit(':').next().expect("a port");
    let mut stream = std::net::TcpStream::connect(format!("127.0.0.1:{port}")).expect("connect");
    std::io::Write::write_all(
        &mut stream,
        b"GET /preload/robots.txt HTTP/1.1\r\nHost: attacker.example\r\nConnection: close\r\n\r\n",
    )
    .expect("send");
    let mut reply = String::new();
    stream.read_to_string(&mut reply).expect("read");
    assert!(reply.starts_with("HTTP/1.1 403"), "{reply}");
    assert!(!reply.contains("Disallow"), "{reply}");

    let (status, kind, index) = get(&format!("{base}/"));
    if page_built() {
        assert_eq!(status, 200);
        assert!(kind.starts_with("text/html"), "{kind}");
        let index = String::from_utf8_lossy(&index);
        // The editor (`robots-input`) is made by main.js; the rest is in the HTML.
        for id in ["profile-select", "agent-input", "urls-input"] {
            assert!(index.contains(&format!("data-testid=\"{id}\"")), "{id}");
        }
        let (status, kind, wasm) = get(&format!("{base}/robots_engine_bg.wasm"));
        assert_eq!(status, 200);
        assert_eq!(kind, "application/wasm");
        assert!(wasm.starts_with(b"\0asm"), "a WebAssembly module");
        let (status, kind, script) = get(&format!("{base}/main.js"));
        assert_eq!(status, 200);
        assert!(kind.starts_with("text/javascript"), "{kind}");
        assert!(String::from_utf8_lossy(&script).contains("robots-input"));
    } else {
        // Not built: the CLI still serves, and says how to build the page.
        assert_eq!(status, 503);
        assert!(String::from_utf8_lossy(&index).contains("bash web/build.sh"));
    }
}

#[test]
fn says_how_to_build_the_page_when_it_was_not_built() {
    let mut served = serve(&["--port", "0"]);
    assert!(
        served.url.starts_with("http://127.0.0.1:"),
        "{}",
        served.url
    );
    assert!(
        served.url.ends_with('/'),
        "no file, no query: {}",
        served.url
    );
    // stderr: the build hint when the page is absent, then the serving note.
    let mut notes = String::new();
    let mut stderr = BufReader::new(&mut served.stderr);
    while !notes.contains("serving the robots.txt tester") {
        if stderr.read_line(&mut notes).expect("read stderr") == 0 {
            break;
        }
    }
    assert!(
        notes.contains("serving the robots.txt tester at http://127.0.0.1:"),
        "{notes}"
    );
    assert_eq!(
        notes.contains("bash web/build.sh"),
        !page_built(),
        "the build hint appears exactly when the page is absent: {notes}"
    );
}

#[test]
fn a_taken_port_is_a_clear_error() {
    let taken = std::net::TcpListener::bind("127.0.0.1:0").expect("bind");
    let port = taken.local_addr().expect("addr").port().to_string();
    let out = Command::new(env!("CARGO_BIN_EXE_robots"))
        .args(["web", "--port", &port])
        .stdin(Stdio::null())
        .output()
        .expect("run robots web");
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains(&format!("cannot serve on 127.0.0.1:{port}")),
        "{err}"
    );
}
