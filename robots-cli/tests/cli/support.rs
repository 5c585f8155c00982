//! What the CLI's integration tests share: running the built `robots` binary,
//! and temp files that remove themselves. Each test crate uses part of it.
#![allow(dead_code)]

use std::ffi::OsStr;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};

/// Run `robots` with `args`, feeding it `stdin`; collect everything.
pub fn robots<A: AsRef<OsStr>>(args: &[A], stdin: &[u8]) -> Output {
    robots_in(None, args, stdin)
}

/// [`robots`], run in `dir` (relative file names are then read from there).
pub fn robots_in<A: AsRef<OsStr>>(dir: Option<&Path>, args: &[A], stdin: &[u8]) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_robots"));
    command
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    if let Some(dir) = dir {
        command.current_dir(dir);
    }
    let mut child = command.spawn().expect("spawn robots");
    let mut input = child.stdin.take().expect("stdin");
    let data = stdin.to_vec();
    // Write from a thread so a large input cannot deadlock against a full stdout pipe.
    let writer = std::thread::spawn(move || {
        let _ = input.write_all(&data);
    });
    let out = child.wait_with_output().expect("wait for robots");
    writer.join().expect("stdin writer");
    out
}

/// Output as text (lossy: a test that cares about bytes compares bytes).
pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// A file under the temp directory, unique to this process and call, removed on drop.
pub struct Temp(PathBuf);

impl Temp {
    /// A temp file holding `body`; `name` ends its file name (`robots.txt`, `big.txt`).
    pub fn new(name: &str, body: &[u8]) -> Temp {
        static NEXT: AtomicUsize = AtomicUsize::new(0);
        let n = NEXT.fetch_add(1, Ordering::Relaxed);
        let path =
            std::env::temp_dir().join(format!("robots-cli-test-{}-{n}-{name}", std::process::id()));
        std::fs::write(&path, body).expect("write temp file");
        Temp(path)
    }

    /// Its path, as an argument.
    pub fn path(&self) -> &str {
        self.0.to_str().expect("UTF-8 temp path")
    }
}

impl Drop for Temp {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}
