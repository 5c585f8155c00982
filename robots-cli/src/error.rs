//! Failures, each with a one-line message and an exit status.

use crate::EXIT_USAGE;
use std::fmt;
use std::io;

/// Why a command could not do its job.
#[derive(Debug)]
pub enum Error {
    /// The command line is wrong; the message is one line.
    Usage(String),
    /// An input could not be read (`what` names it, e.g. `cannot read robots.txt 'x'`).
    Input {
        /// What was being read.
        what: String,
        /// The cause.
        source: io::Error,
    },
    /// Standard output could not be written.
    Output(io::Error),
}

impl Error {
    /// An input error: `what` names the input.
    pub fn input(what: impl Into<String>, source: io::Error) -> Error {
        Error::Input {
            what: what.into(),
            source,
        }
    }

    /// The process exit status for this error.
    pub fn exit_code(&self) -> i32 {
        EXIT_USAGE
    }

    /// Whether the reader of standard output went away (`robots … | head`):
    /// not an error, the tool just stops quietly.
    pub fn is_broken_pipe(&self) -> bool {
        matches!(self, Error::Output(e) if e.kind() == io::ErrorKind::BrokenPipe)
    }
}

impl From<io::Error> for Error {
    /// An I/O error while writing results.
    fn from(e: io::Error) -> Error {
        Error::Output(e)
    }
}

/// An I/O error's text without the ` (os error N)` suffix, on one line.
fn io_text(e: &io::Error) -> String {
    let text = e.to_string();
    let text = match text.rfind(" (os error ") {
        Some(at) if text.ends_with(')') => &text[..at],
        _ => &text,
    };
    text.lines().collect::<Vec<_>>().join(" ")
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Usage(message) => f.write_str(message),
            Error::Input { what, source } => write!(f, "{what}: {}", io_text(source)),
            Error::Output(source) => write!(f, "cannot write output: {}", io_text(source)),
        }
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Error::Usage(_) => None,
            Error::Input { source, .. } | Error::Output(source) => Some(source),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_are_one_line_without_os_error_codes() {
        let e = Error::input(
            "cannot read robots.txt 'x'",
            io::Error::from_raw_os_error(2),
        );
        let text = e.to_string();
        assert!(text.starts_with("cannot read robots.txt 'x': "), "{text}");
        assert!(!text.contains("os error"), "{text}");
        assert!(!text.contains('\n'));
        assert!(Error::Output(io::ErrorKind::BrokenPipe.into()).is_broken_pipe());
        assert!(!e.is_broken_pipe());
    }
}
