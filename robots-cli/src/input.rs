//! Reading the files a command names: a path, or `-` for standard input, with
//! errors that say which file failed and why.

use crate::error::Error;
use crate::output::Streams;
use robots_runtime::Policy;
use std::ffi::OsStr;
use std::io::BufRead;
use std::path::PathBuf;

/// A file named on the command line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Input {
    /// `-`: standard input.
    Stdin,
    /// A path.
    File(PathBuf),
}

impl Input {
    /// `-` is standard input; anything else is a path.
    pub fn from_arg(arg: &OsStr) -> Input {
        if arg == "-" {
            Input::Stdin
        } else {
            Input::File(PathBuf::from(arg))
        }
    }

    /// The name diagnostics use: the path as given, or `<stdin>`.
    pub fn name(&self) -> String {
        match self {
            Input::Stdin => String::from("<stdin>"),
            Input::File(path) => path.display().to_string(),
        }
    }

    /// Read it whole. `what` says what the file is (`robots.txt`, `assertions`),
    /// for the error: `cannot read robots.txt 'x': No such file or directory`.
    ///
    /// # Errors
    /// [`Error::Read`] naming the file (or standard input) and the cause.
    pub fn read(&self, what: &str, stdin: &mut dyn BufRead) -> Result<Vec<u8>, Error> {
        match self {
            Input::Stdin => {
                let mut body = Vec::new();
                stdin
                    .read_to_end(&mut body)
                    .map_err(|e| Error::read(format!("{what} from standard input"), e))?;
                Ok(body)
            }
            Input::File(path) => std::fs::read(path)
                .map_err(|e| Error::read(format!("{what} '{}'", path.display()), e)),
        }
    }
}

impl Input {
    /// Read a robots.txt whole, as text whatever its first bytes: a robots.txt
    /// is untrusted, and one that begins as a compiled policy does
    /// (`ROBOTPOL`) is still a robots.txt to a crawler. Such a file gets a note
    /// on stderr, in case it was meant for `robots check`.
    ///
    /// # Errors
    /// [`Error::Read`] as [`Input::read`].
    pub fn read_robots_txt(&self, io: &mut Streams<'_>) -> Result<Vec<u8>, Error> {
        let body = self.read("robots.txt", io.stdin)?;
        if Policy::is_byte_form(&body) {
            io.note(&format!(
                "'{}' begins like a compiled policy file (`ROBOTPOL`); it is read as robots.txt text (only `robots check` reads policy files)",
                self.name()
            ));
        }
        Ok(body)
    }
}

/// The entries of a list file (`--urls`, `--paths`): one per line (LF or CRLF),
/// trimmed, skipping blank lines and lines starting with `#`.
pub fn lines(body: &[u8]) -> Vec<Vec<u8>> {
    body.split(|&b| b == b'\n')
        .map(|l| l.strip_suffix(b"\r").unwrap_or(l))
        .map(<[u8]>::trim_ascii)
        .filter(|l| !l.is_empty() && !l.starts_with(b"#"))
        .map(<[u8]>::to_vec)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Cursor;

    #[test]
    fn list_files_skip_blank_and_comment_lines() {
        assert_eq!(
            lines(b"# urls\n/a\r\n\n  /b  \n#x\nhttps://e.com/c"),
            [b"/a".to_vec(), b"/b".to_vec(), b"https://e.com/c".to_vec()]
        );
    }

    #[test]
    fn dash_is_stdin_and_errors_name_the_file() {
        assert_eq!(Input::from_arg(OsStr::new("-")), Input::Stdin);
        assert_eq!(Input::Stdin.name(), "<stdin>");
        let mut stdin = Cursor::new(&b"User-agent: *\n"[..]);
        assert_eq!(
            Input::Stdin.read("robots.txt", &mut stdin).ok(),
            Some(b"User-agent: *\n".to_vec())
        );
        let missing = Input::from_arg(OsStr::new("/no/such/dir/robots.txt"));
        assert_eq!(missing.name(), "/no/such/dir/robots.txt");
        let err = missing
            .read("robots.txt", &mut stdin)
            .err()
            .map(|e| e.to_string());
        assert!(
            err.as_deref().is_some_and(
                |e| e.starts_with("cannot read robots.txt '/no/such/dir/robots.txt': ")
            ),
            "{err:?}"
        );
    }
}
