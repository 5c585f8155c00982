//! What the CLI's integration tests share: running `robots` (in process through
//! `robots_cli::run`, or as the built binary for the process-level tests), and
//! temp files that remove themselves. Each test module uses part of it.
#![allow(dead_code)]

use std::ffi::{OsStr, OsString};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};

/// What a run of `robots` gave: its exit status and everything it wrote.
#[derive(Debug)]
pub struct Output {
    /// The exit status.
    pub status: Status,
    /// Standard output.
    pub stdout: Vec<u8>,
    /// Standard error.
    pub stderr: Vec<u8>,
}

/// An exit status, read as `std::process::ExitStatus` is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Status(i32);

impl Status {
    /// Exit status 0.
    pub fn success(self) -> bool {
        self.0 == 0
    }

    /// The exit status (always there: the tool returns one, it is never killed).
    pub fn code(self) -> Option<i32> {
        Some(self.0)
    }
}

/// Run `robots` with `args` in this process, through `robots_cli::run` (as the
/// binary's `main` does), feeding it `stdin`; collect everything.
pub fn robots<A: AsRef<OsStr>>(args: &[A], stdin: &[u8]) -> Output {
    let argv: Vec<OsString> = std::iter::once(OsString::from("robots"))
        .chain(args.iter().map(|a| a.as_ref().to_os_string()))
        .collect();
    let mut input = stdin;
    let (mut stdout, mut stderr) = (Vec::new(), Vec::new());
    let status = robots_cli::run(argv, &mut input, &mut stdout, &mut stderr);
    Output {
        status: Status(status),
        stdout,
        stderr,
    }
}

/// [`robots`], which must exit 0 (else the test fails with its standard error).
pub fn robots_ok<A: AsRef<OsStr>>(args: &[A], stdin: &[u8]) -> Output {
    let out = robots(args, stdin);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

/// Run the built `robots` binary with `args`, feeding it `stdin`: for what only a
/// process shows (its exit status as the shell sees it, a closed pipe) and for
/// runs in another working directory (`dir`: relative file names are read from
/// there, and printed as given).
pub fn robots_process<A: AsRef<OsStr>>(
    dir: Option<&Path>,
    args: &[A],
    stdin: &[u8],
) -> std::process::Output {
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
