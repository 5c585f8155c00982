//! Where results and notices go: standard output, whose errors say so, and
//! standard error, for notices that must not mix with results.

use crate::error::Error;
use std::fmt;
use std::io::{BufRead, Write};

/// Standard output. `write!`/`writeln!` on it return [`Error::Stdout`], so a
/// failed write says it was standard output that failed.
pub struct Stdout<'a> {
    out: &'a mut dyn Write,
    color: bool,
}

impl Stdout<'_> {
    /// Write formatted text (what `write!` calls).
    pub fn write_fmt(&mut self, args: fmt::Arguments<'_>) -> Result<(), Error> {
        self.out.write_fmt(args).map_err(Error::Stdout)
    }

    /// Write bytes.
    pub fn write_all(&mut self, bytes: &[u8]) -> Result<(), Error> {
        self.out.write_all(bytes).map_err(Error::Stdout)
    }

    /// Flush.
    pub fn flush(&mut self) -> Result<(), Error> {
        self.out.flush().map_err(Error::Stdout)
    }

    /// Whether human output is coloured (`--color`, see [`crate::style`]).
    pub fn color(&self) -> bool {
        self.color
    }
}

/// The process's three streams, as one command sees them.
pub struct Streams<'a> {
    /// Standard input (URLs for `check`, or the robots.txt when FILE is `-`).
    pub stdin: &'a mut dyn BufRead,
    /// Results.
    pub stdout: Stdout<'a>,
    /// Errors that do not stop the command, and notices (one line each, `robots: …`).
    stderr: &'a mut dyn Write,
}

impl<'a> Streams<'a> {
    /// Wrap the three streams.
    pub fn new(
        stdin: &'a mut dyn BufRead,
        stdout: &'a mut dyn Write,
        stderr: &'a mut dyn Write,
    ) -> Streams<'a> {
        Streams {
            stdin,
            stdout: Stdout {
                out: stdout,
                color: false,
            },
            stderr,
        }
    }

    /// Standard input apart, and the streams with `placeholder` as theirs: for
    /// a command that reads standard input while it writes to the others.
    pub fn split_stdin<'s>(
        &'s mut self,
        placeholder: &'s mut dyn BufRead,
    ) -> (&'s mut dyn BufRead, Streams<'s>) {
        let rest = Streams {
            stdin: placeholder,
            stdout: Stdout {
                out: &mut *self.stdout.out,
                color: self.stdout.color,
            },
            stderr: &mut *self.stderr,
        };
        (&mut *self.stdin, rest)
    }

    /// Colour the human output on standard output (see [`crate::style`]).
    pub fn colored(mut self, color: bool) -> Self {
        self.stdout.color = color;
        self
    }

    /// Report an error that does not stop the command (a file of several that
    /// cannot be read): `robots: …` on standard error. If standard error is gone
    /// too, nobody is left to tell.
    pub fn report(&mut self, error: &Error) {
        let _ = writeln!(self.stderr, "robots: {error}");
        let _ = self.stderr.flush();
    }

    /// Say what the command did, on standard error (`robots: …`), where it does
    /// not mix with results.
    pub fn note(&mut self, text: &str) {
        let _ = writeln!(self.stderr, "robots: {text}");
        let _ = self.stderr.flush();
    }

    /// Print a notice about the input on standard error: `robots: warning: …`.
    /// A notice never fails the command.
    pub fn warn(&mut self, text: &str) {
        let _ = writeln!(self.stderr, "robots: warning: {text}");
        let _ = self.stderr.flush();
    }
}
