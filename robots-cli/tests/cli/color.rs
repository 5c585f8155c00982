//! Colour: `--color auto` (the default) colours only a terminal's output and
//! never when `NO_COLOR` is set; `always` and `never` decide alone. What is
//! coloured: `check`'s verdict words and `lint`'s diagnostics; JSON never.

use crate::support::{robots_process, Temp};
use robots_cli::{run_on, Terminal};
use std::io::Cursor;

const ESC: &[u8] = b"\x1b[";

fn has_escapes(bytes: &[u8]) -> bool {
    bytes.windows(ESC.len()).any(|w| w == ESC)
}

/// Run in process as if standard output were `terminal`.
fn run(terminal: Terminal, args: &[&str]) -> Vec<u8> {
    let argv = std::iter::once("robots").chain(args.iter().copied());
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let status = run_on(
        terminal,
        argv,
        &mut Cursor::new(&b""[..]),
        &mut out,
        &mut err,
    );
    assert!(
        status == 0 || status == 1,
        "{args:?}: {status} {}",
        String::from_utf8_lossy(&err)
    );
    out
}

const TTY: Terminal = Terminal {
    stdout_is_terminal: true,
    no_color: false,
};
const TTY_NO_COLOR: Terminal = Terminal {
    stdout_is_terminal: true,
    no_color: true,
};
const PIPE: Terminal = Terminal {
    stdout_is_terminal: false,
    no_color: false,
};

#[test]
fn auto_colours_a_terminal_unless_no_color() {
    let file = Temp::new("robots.txt", b"User-agent: *\nDisalow: /x\nDisallow: /y\n");
    let check = ["check", file.path(), "--agent", "Bot", "/y", "/z"];
    let lint = ["lint", file.path()];
    for args in [&check[..], &lint[..]] {
        assert!(has_escapes(&run(TTY, args)), "{args:?} on a terminal");
        assert!(
            !has_escapes(&run(TTY_NO_COLOR, args)),
            "{args:?} with NO_COLOR"
        );
        assert!(!has_escapes(&run(PIPE, args)), "{args:?} in a pipe");
    }
    let colored = run(TTY, &check);
    assert_eq!(
        colored,
        b"\x1b[1m\x1b[31mdisallowed\x1b[0m\t/y\n\x1b[1m\x1b[32mallowed\x1b[0m\t/z\n"
    );
}

#[test]
fn always_and_never_decide_alone() {
    let file = Temp::new("robots.txt", b"User-agent: *\nDisalow: /x\n");
    for terminal in [TTY, TTY_NO_COLOR, PIPE] {
        let always = run(terminal, &["lint", file.path(), "--color", "always"]);
        let never = run(terminal, &["--color", "never", "lint", file.path()]);
        assert!(has_escapes(&always), "{terminal:?}");
        assert!(!has_escapes(&never), "{terminal:?}");
        // The same text under the colours: the escapes are all that differ.
        assert_eq!(strip_escapes(&always), never, "{terminal:?}");
    }
}

#[test]
fn json_is_never_coloured() {
    let file = Temp::new("robots.txt", b"User-agent: *\nDisalow: /x\n");
    for args in [
        &[
            "check",
            file.path(),
            "--agent",
            "Bot",
            "--format",
            "json",
            "--color",
            "always",
            "/x",
        ][..],
        &["lint", file.path(), "--format", "json", "--color", "always"][..],
    ] {
        assert!(!has_escapes(&run(TTY, args)), "{args:?}");
    }
}

/// The binary: a pipe is no terminal, so no colour unless `--color always`,
/// which `NO_COLOR` does not override.
#[test]
fn the_binary_colours_a_pipe_only_when_told() {
    let file = Temp::new("robots.txt", b"User-agent: *\nDisallow: /x\n");
    let plain = robots_process(None, &["check", file.path(), "--agent", "Bot", "/x"], b"");
    assert_eq!(plain.stdout, b"disallowed\t/x\n");
    let args = [
        "check",
        file.path(),
        "--agent",
        "Bot",
        "--color",
        "always",
        "/x",
    ];
    let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_robots"));
    let forced = command
        .args(args)
        .env("NO_COLOR", "1")
        .output()
        .expect("run robots");
    assert_eq!(forced.stdout, b"\x1b[1m\x1b[31mdisallowed\x1b[0m\t/x\n");
}

/// `bytes` without its SGR escapes (`ESC[...m`).
fn strip_escapes(bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(bytes.len());
    let mut rest = bytes;
    while let Some((&first, tail)) = rest.split_first() {
        if first == 0x1b {
            let end = tail
                .iter()
                .position(|&b| b == b'm')
                .map_or(tail.len(), |m| m + 1);
            rest = tail.get(end..).unwrap_or_default();
        } else {
            out.push(first);
            rest = tail;
        }
    }
    out
}
