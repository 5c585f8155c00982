//! Failures, each with a one-line message that says what failed, and an exit status.

use crate::EXIT_USAGE;
use std::fmt;
use std::io;

/// Why a command could not do its job.
#[derive(Debug)]
pub enum Error {
    /// The command line is wrong; the message is one line.
    Usage(String),
    /// An input file does not say what it must (an assertion file that does not
    /// parse, …); the message names the file and the place.
    Invalid(String),
    /// An input could not be read.
    Read {
        /// What was being read, e.g. `robots.txt 'x'` or `URLs from standard input`.
        what: String,
        /// The cause.
        source: io::Error,
        /// A hint for the likely mistake, if there is one.
        hint: Option<String>,
    },
    /// Standard output could not be written.
    Stdout(io::Error),
    /// An output file could not be written.
    Write {
        /// What was being written, e.g. `policy 'x.rpol'`.
        what: String,
        /// The cause.
        source: io::Error,
    },
    /// A JSON value could not be encoded (only a bug could cause it).
    Json(serde_json::Error),
}

impl Error {
    /// The usage error of a command that needs the HTTP client, in a CLI built
    /// without it (`--no-default-features`).
    #[cfg(not(feature = "fetch"))]
    pub fn without_fetch(command: &str) -> Error {
        Error::Usage(format!(
            "`{command}` needs the HTTP client, and this robots was built without it \
             (without the `fetch` feature); build it with default features to fetch"
        ))
    }

    /// A read error: `what` names the input (`robots.txt 'x'`).
    pub fn read(what: impl Into<String>, source: io::Error) -> Error {
        Error::Read {
            what: what.into(),
            source,
            hint: None,
        }
    }

    /// Add `hint` to a read error whose file does not exist (a URL given where
    /// the file belongs, say); other errors are returned as they are.
    #[must_use]
    pub fn with_hint_if_missing(self, hint: &str) -> Error {
        match self {
            Error::Read { what, source, .. } if source.kind() == io::ErrorKind::NotFound => {
                Error::Read {
                    what,
                    source,
                    hint: Some(hint.to_owned()),
                }
            }
            other => other,
        }
    }

    /// The process exit status for this error.
    pub fn exit_code(&self) -> i32 {
        EXIT_USAGE
    }

    /// Whether the reader of standard output went away (`robots … | head`):
    /// not an error, the tool just stops quietly.
    pub fn is_broken_pipe(&self) -> bool {
        matches!(self, Error::Stdout(e) if e.kind() == io::ErrorKind::BrokenPipe)
    }
}

/// An I/O error's text without the ` (os error N)` suffix, on one line.
fn io_text(e: &io::Error) -> String {
    let text = e.to_string();
    let text = match text.rfind(" (os error ") {
        Some(at) if text.ends_with(')') => text.get(..at).unwrap_or(&text),
        _ => &text,
    };
    text.lines().collect::<Vec<_>>().join(" ")
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Usage(message) | Error::Invalid(message) => f.write_str(message),
            Error::Read { what, source, hint } => {
                write!(f, "cannot read {what}: {}", io_text(source))?;
                match hint {
                    Some(hint) => write!(f, " ({hint})"),
                    None => Ok(()),
                }
            }
            Error::Stdout(source) => {
                write!(f, "cannot write to standard output: {}", io_text(source))
            }
            Error::Write { what, source } => {
                write!(f, "cannot write {what}: {}", io_text(source))
            }
            Error::Json(source) => write!(f, "cannot encode JSON: {source}"),
        }
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Error::Usage(_) | Error::Invalid(_) => None,
            Error::Read { source, .. } | Error::Stdout(source) | Error::Write { source, .. } => {
                Some(source)
            }
            Error::Json(source) => Some(source),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_are_one_line_and_name_what_failed() {
        let e = Error::read("robots.txt 'x'", io::Error::from_raw_os_error(2));
        let text = e.to_string();
        assert!(text.starts_with("cannot read robots.txt 'x': "), "{text}");
        assert!(!text.contains("os error"), "{text}");
        assert!(!text.contains('\n'));
        assert!(!e.is_broken_pipe());

        let closed = Error::Stdout(io::ErrorKind::BrokenPipe.into());
        assert!(closed.is_broken_pipe());
        let full = Error::Stdout(io::Error::from_raw_os_error(28));
        assert!(!full.is_broken_pipe());
        let text = full.to_string();
        assert!(
            text.starts_with("cannot write to standard output: "),
            "{text}"
        );
        assert!(!text.contains("os error"), "{text}");

        let hinted = Error::Read {
            what: String::from("robots.txt '/x'"),
            source: io::ErrorKind::NotFound.into(),
            hint: Some(String::from("name the file first")),
        };
        assert!(hinted.to_string().ends_with(" (name the file first)"));
    }
}
