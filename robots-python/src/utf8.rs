//! The UTF-8 bytes of a Python `str`, without a copy where the interpreter allows it.
//!
//! A wheel built for the stable ABI of CPython 3.9 (`cp39-abi3`, the one wheel
//! for every version) may only call `PyUnicode_AsUTF8String` to get a `str`'s
//! UTF-8: a new `bytes` object for every string (an allocation, a copy and a
//! free, about half the cost of a batched check). From 3.10 on the stable ABI
//! also has `PyUnicode_AsUTF8AndSize`, which hands out the string's own UTF-8
//! buffer (for an ASCII string, its characters themselves) with no allocation.
//! So that wheel is fast on 3.10 and later too: on an interpreter of 3.10 or
//! later, the function is looked up once in the running interpreter and used;
//! otherwise the copy is made.

use pyo3::ffi;
use pyo3::prelude::*;
use pyo3::types::PyString;
use std::borrow::Cow;
use std::ffi::c_char;
use std::sync::OnceLock;

/// `PyUnicode_AsUTF8AndSize`, as CPython declares it.
type AsUtf8AndSize =
    unsafe extern "C" fn(*mut ffi::PyObject, *mut ffi::Py_ssize_t) -> *const c_char;

/// The bytes of `s` as UTF-8: borrowed from the string itself on CPython 3.10
/// and later, a copy otherwise. `None` when `s` holds a lone surrogate (it has
/// no UTF-8 form).
pub fn str_utf8<'a>(s: &'a Bound<'_, PyString>) -> Option<Cow<'a, [u8]>> {
    let Some(as_utf8_and_size) = borrowing_function(s.py()) else {
        return match s.to_cow() {
            Ok(Cow::Borrowed(text)) => Some(Cow::Borrowed(text.as_bytes())),
            Ok(Cow::Owned(text)) => Some(Cow::Owned(text.into_bytes())),
            Err(_) => None,
        };
    };
    let mut len: ffi::Py_ssize_t = 0;
    // SAFETY: `s` is a live `str` (the `Bound` holds a reference and the GIL),
    // and the function is CPython's own `PyUnicode_AsUTF8AndSize`, part of the
    // stable ABI from 3.10 on (checked before it was looked up).
    let data = unsafe { as_utf8_and_size(s.as_ptr(), &mut len) };
    if data.is_null() {
        // UnicodeEncodeError (a lone surrogate): the caller says which item.
        drop(PyErr::take(s.py()));
        return None;
    }
    let len = usize::try_from(len).ok()?;
    // SAFETY: CPython keeps the UTF-8 buffer in the string object until the
    // string is freed, and the returned slice borrows `s`, which keeps it alive.
    Some(Cow::Borrowed(unsafe {
        std::slice::from_raw_parts(data.cast::<u8>(), len)
    }))
}

/// `PyUnicode_AsUTF8AndSize` of the running interpreter, if it is 3.10 or later.
fn borrowing_function(py: Python<'_>) -> Option<AsUtf8AndSize> {
    static FUNCTION: OnceLock<Option<AsUtf8AndSize>> = OnceLock::new();
    *FUNCTION.get_or_init(|| {
        if py.version_info() < (3, 10) {
            return None;
        }
        look_up()
    })
}

#[cfg(unix)]
fn look_up() -> Option<AsUtf8AndSize> {
    // An extension module's own references to the C API are bound in the
    // interpreter's global symbol scope; the same scope has this function.
    // SAFETY: the name is NUL-terminated; dlsym only reads it.
    let symbol = unsafe { libc::dlsym(libc::RTLD_DEFAULT, c"PyUnicode_AsUTF8AndSize".as_ptr()) };
    if symbol.is_null() {
        return None;
    }
    // SAFETY: the symbol is CPython's `PyUnicode_AsUTF8AndSize`, whose
    // signature the stable ABI fixes as `AsUtf8AndSize`.
    Some(unsafe { std::mem::transmute::<*mut libc::c_void, AsUtf8AndSize>(symbol) })
}

/// Elsewhere (Windows: the module links `python3.dll`), keep the copying path.
#[cfg(not(unix))]
fn look_up() -> Option<AsUtf8AndSize> {
    None
}
