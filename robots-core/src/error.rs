//! The crate's error type: what went wrong, with a message that says so.

use alloc::string::String;
use core::fmt;

/// Something that could not be done: an unknown profile name, a record value
/// that does not parse, bytes that are not a policy's byte form.
///
/// It is opaque, so that what it carries can grow; [`Error::kind`] says which
/// kind of failure it is, and `Display` says exactly what failed.
///
/// ```
/// use robots_runtime::{ErrorKind, Profile};
/// let err = "gogle".parse::<Profile>().unwrap_err();
/// assert_eq!(err.kind(), ErrorKind::UnknownProfile);
/// assert_eq!(
///     err.to_string(),
///     "unknown profile `gogle`: expected rfc9309, google, draft1996 or original1994"
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    kind: ErrorKind,
    message: String,
}

/// The kinds of [`Error`].
///
/// New kinds may be added (hence `#[non_exhaustive]`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ErrorKind {
    /// A profile name that is none of `rfc9309`, `google`, `draft1996`, `original1994`.
    UnknownProfile,
    /// A record value (crawl-delay, request-rate, …) that does not parse.
    InvalidValue,
    /// Tables that are not a valid policy layout.
    InvalidLayout,
}

impl Error {
    /// An error of `kind` that says `message`.
    pub(crate) fn new(kind: ErrorKind, message: impl Into<String>) -> Error {
        Error {
            kind,
            message: message.into(),
        }
    }

    /// Which kind of failure this is.
    pub fn kind(&self) -> ErrorKind {
        self.kind
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

#[cfg(feature = "std")]
#[cfg_attr(docsrs, doc(cfg(feature = "std")))]
impl std::error::Error for Error {}
