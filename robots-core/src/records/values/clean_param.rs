//! `Clean-param` (Yandex): query parameters to ignore, and a path.

use super::{err, is_space, rest, skip_spaces};
use super::{ValueError, ValueErrorKind};
use alloc::vec::Vec;

/// The value of a Yandex `Clean-param` record: query parameters to ignore,
/// optionally only for URLs whose path starts with `path`.
///
/// ```
/// use robots_core::records::{parse_clean_param, CleanParam};
///
/// assert_eq!(
///     parse_clean_param(b"ref&utm_source /articles/"),
///     Ok(CleanParam { params: vec![&b"ref"[..], &b"utm_source"[..]], path: Some(&b"/articles/"[..]) })
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CleanParam<'a> {
    /// Names of the parameters to ignore, in order; never empty, and no name
    /// is empty.
    pub params: Vec<&'a [u8]>,
    /// Path prefix the record applies to, if given.
    pub path: Option<&'a [u8]>,
}

/// Parses a `Clean-param` value such as `ref&utm_source /articles/`.
///
/// The value is split at its first run of whitespace: the part before it is
/// a list of parameter names separated by `&` (empty names, e.g. from `a&&b`,
/// are skipped), and everything after the whitespace run, if anything, is
/// the path prefix (kept verbatim). Neither part is otherwise validated.
///
/// # Errors
///
/// Returns [`Empty`](ValueErrorKind::Empty) at offset 0 when the value is
/// empty or names no parameter (e.g. `&&`).
///
/// ```
/// use robots_core::records::parse_clean_param;
///
/// let clean = parse_clean_param(b"sid&&sort").unwrap();
/// assert_eq!(clean.params, [&b"sid"[..], &b"sort"[..]]);
/// assert_eq!(clean.path, None);
/// ```
#[cfg_attr(robots_size, optimize(size))]
pub fn parse_clean_param(value: &[u8]) -> Result<CleanParam<'_>, ValueError> {
    let params_end = value
        .iter()
        .position(|&b| is_space(b))
        .unwrap_or(value.len());
    let params: Vec<&[u8]> = value
        .get(..params_end)
        .unwrap_or_default()
        .split(|&b| b == b'&')
        .filter(|p| !p.is_empty())
        .collect();
    if params.is_empty() {
        return Err(err(ValueErrorKind::Empty, 0));
    }
    let path_start = skip_spaces(value, params_end);
    let path = if path_start < value.len() {
        Some(rest(value, path_start))
    } else {
        None
    };
    Ok(CleanParam { params, path })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::records::values::test_support::*;
    use alloc::format;
    use alloc::vec;
    use alloc::vec::Vec;

    #[test]
    fn clean_param_valid() {
        for (value, want) in [
            (
                &b"ref&utm_source /articles/"[..],
                Ok(CleanParam {
                    params: vec![&b"ref"[..], &b"utm_source"[..]],
                    path: Some(&b"/articles/"[..]),
                }),
            ),
            (
                &b"sid"[..],
                Ok(CleanParam {
                    params: vec![&b"sid"[..]],
                    path: None,
                }),
            ),
            (
                &b"&a&&b&"[..],
                Ok(CleanParam {
                    params: vec![&b"a"[..], &b"b"[..]],
                    path: None,
                }),
            ),
            (
                &b"s\t\t /forum/*.php"[..],
                Ok(CleanParam {
                    params: vec![&b"s"[..]],
                    path: Some(&b"/forum/*.php"[..]),
                }),
            ),
        ] {
            assert_eq!(parse_clean_param(value), want, "{}", value.escape_ascii());
        }
        // Everything after the first whitespace run is the path, verbatim.
        assert_eq!(
            parse_clean_param(b"a /x y").unwrap().path,
            Some(&b"/x y"[..])
        );
        // Trailing whitespace only: no path.
        assert_eq!(parse_clean_param(b"a  ").unwrap().path, None);
    }

    #[test]
    fn clean_param_non_utf8_and_nul() {
        assert_eq!(
            parse_clean_param(b"\xff&a\x00b /p\xfe"),
            Ok(CleanParam {
                params: vec![&b"\xff"[..], &b"a\x00b"[..]],
                path: Some(&b"/p\xfe"[..]),
            })
        );
    }

    #[test]
    fn clean_param_invalid() {
        for (value, want) in [
            (&b""[..], Err(e(ValueErrorKind::Empty, 0))),
            (&b"&"[..], Err(e(ValueErrorKind::Empty, 0))),
            (&b"&&&"[..], Err(e(ValueErrorKind::Empty, 0))),
            (&b"&& /path"[..], Err(e(ValueErrorKind::Empty, 0))),
            (&b" /path"[..], Err(e(ValueErrorKind::Empty, 0))),
        ] {
            assert_eq!(parse_clean_param(value), want, "{}", value.escape_ascii());
        }
    }

    #[test]
    fn clean_param_many() {
        let mut value = Vec::new();
        for i in 0..10_000u32 {
            if i > 0 {
                value.push(b'&');
            }
            value.extend_from_slice(format!("p{i}").as_bytes());
        }
        let parsed = parse_clean_param(&value).unwrap();
        assert_eq!(parsed.params.len(), 10_000);
        assert_eq!(parsed.params[0], b"p0");
        assert_eq!(parsed.params[9_999], b"p9999");
        assert_eq!(parsed.path, None);
    }
}
