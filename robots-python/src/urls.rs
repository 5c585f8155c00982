//! A batch of URLs taken out of a Python object, to be checked without the GIL.
//!
//! Arrow arrays are imported through Arrow's C data interface
//! (`__arrow_c_array__`, the PyCapsule protocol) and read in place; every other
//! input is copied once into one packed buffer.

use crate::input::type_name;
use crate::utf8::str_utf8;
use arrow_array::cast::AsArray;
use arrow_array::ffi::{from_ffi, FFI_ArrowArray, FFI_ArrowSchema};
use arrow_array::{make_array, Array, ArrayRef};
use arrow_schema::DataType;
use numpy::{PyReadonlyArray2, PyUntypedArray, PyUntypedArrayMethods};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyCapsule, PyList, PyString, PyTuple};
use robots_runtime::url::path_from_url;
use robots_runtime::Matcher;
use std::borrow::Cow;
use std::ffi::CStr;
use std::ops::Range;

/// URLs ready to check.
pub enum Urls {
    /// Copied: `data[ends[i-1]..ends[i]]` is URL `i`.
    Packed { data: Vec<u8>, ends: Vec<usize> },
    /// Arrow string or binary arrays without nulls, read in place.
    Arrow(Vec<ArrayRef>),
}

impl Urls {
    /// Take the URLs out of `urls`; see `Matcher.allowed_many` for what is accepted.
    pub fn from_python(urls: &Bound<'_, PyAny>) -> PyResult<Urls> {
        if urls.is_instance_of::<PyString>() || urls.is_instance_of::<PyBytes>() {
            return Err(PyTypeError::new_err(
                "urls must be a sequence of URLs, not a single str or bytes: wrap it in a list",
            ));
        }
        if urls.hasattr("__arrow_c_array__")? {
            return Ok(Urls::Arrow(vec![import_arrow(urls)?]));
        }
        // A pyarrow ChunkedArray: each chunk is an Arrow array.
        if urls.hasattr("__arrow_c_stream__")? && urls.hasattr("chunks")? {
            let chunks = urls.getattr("chunks")?;
            let mut arrays = Vec::new();
            for chunk in chunks.try_iter()? {
                arrays.push(import_arrow(&chunk?)?);
            }
            return Ok(Urls::Arrow(arrays));
        }
        if let Ok(array) = urls.cast::<PyUntypedArray>() {
            return from_numpy(array);
        }
        let mut packed = Packer::default();
        if let Ok(list) = urls.cast::<PyList>() {
            for (i, item) in list.iter().enumerate() {
                packed.push(i, &item)?;
            }
        } else if let Ok(tuple) = urls.cast::<PyTuple>() {
            for (i, item) in tuple.iter().enumerate() {
                packed.push(i, &item)?;
            }
        } else {
            let items = urls.try_iter().map_err(|_| {
                PyTypeError::new_err(format!(
                    "urls must be a list of str, a NumPy array, a PyArrow array or an iterable of str, not {}",
                    type_name(urls)
                ))
            })?;
            for (i, item) in items.enumerate() {
                packed.push(i, &item?)?;
            }
        }
        Ok(packed.finish())
    }

    /// How many URLs there are.
    pub fn len(&self) -> usize {
        match self {
            Urls::Packed { ends, .. } => ends.len(),
            Urls::Arrow(arrays) => arrays.iter().map(|a| a.len()).sum(),
        }
    }

    /// Every URL, in order.
    fn each<'s>(&'s self, mut f: impl FnMut(&'s [u8])) {
        match self {
            Urls::Packed { data, ends } => {
                let mut start = 0;
                for &end in ends {
                    f(data.get(start..end).unwrap_or_default());
                    start = end;
                }
            }
            Urls::Arrow(arrays) => arrays.iter().for_each(|a| each_arrow_value(a, &mut f)),
        }
    }

    /// Whether `matcher`'s crawler may fetch each URL, in order.
    pub fn allowed(&self, matcher: &Matcher<'_>) -> Vec<bool> {
        let mut urls = Vec::with_capacity(self.len());
        self.each(|url| urls.push(url));
        let mut out = vec![false; urls.len()];
        check_in_chunks(matcher, &urls, 0..urls.len(), &mut out);
        out
    }

    /// Whether each URL is allowed by the matcher its key names:
    /// `matchers[keys[i]]` decides URL `i`, and a key whose matcher is `None`
    /// (no robots.txt) allows everything. Keys must be in range (checked by the caller).
    ///
    /// The URLs are visited key by key (a counting sort of their indexes), so
    /// each matcher's tables stay in cache while its URLs are checked.
    pub fn allowed_by_key(&self, matchers: &[Option<&Matcher<'_>>], keys: &[usize]) -> Vec<bool> {
        let mut urls = Vec::with_capacity(self.len());
        self.each(|url| urls.push(url));
        let mut out = vec![true; urls.len()];
        // starts[k]..starts[k + 1] is key k's run in `order`.
        let mut starts = vec![0usize; matchers.len() + 1];
        for &key in keys {
            if let Some(count) = starts.get_mut(key + 1) {
                *count += 1;
            }
        }
        let mut total = 0;
        for start in starts.iter_mut() {
            total += *start;
            *start = total;
        }
        let mut next = starts.clone();
        let mut order = vec![0usize; keys.len()];
        for (i, &key) in keys.iter().enumerate() {
            if let Some(slot) = next.get_mut(key) {
                if let Some(place) = order.get_mut(*slot) {
                    *place = i;
                }
                *slot += 1;
            }
        }
        let ordered: Vec<&[u8]> = order
            .iter()
            .map(|&i| urls.get(i).copied().unwrap_or_default())
            .collect();
        let mut verdicts = vec![true; ordered.len()];
        for (key, matcher) in matchers.iter().enumerate() {
            if let (Some(matcher), Some(&start), Some(&end)) =
                (matcher, starts.get(key), starts.get(key + 1))
            {
                check_in_chunks(matcher, &ordered, start..end, &mut verdicts);
            }
        }
        for (&i, &allowed) in order.iter().zip(&verdicts) {
            if let Some(slot) = out.get_mut(i) {
                *slot = allowed;
            }
        }
        out
    }
}

/// Check `urls[range]` with `matcher`, writing each verdict to `out` at the
/// URL's index. URLs are cut to their paths a chunk at a time and handed to
/// `Matcher::check_paths`, which walks several paths in lockstep.
fn check_in_chunks(matcher: &Matcher<'_>, urls: &[&[u8]], range: Range<usize>, out: &mut [bool]) {
    const CHUNK: usize = 256;
    let (Some(urls), Some(out)) = (urls.get(range.clone()), out.get_mut(range)) else {
        return;
    };
    let mut paths: Vec<Cow<'_, [u8]>> = Vec::with_capacity(CHUNK);
    for (urls, out) in urls.chunks(CHUNK).zip(out.chunks_mut(CHUNK)) {
        paths.clear();
        paths.extend(urls.iter().map(|url| match path_from_url(url) {
            Cow::Borrowed(path) => Cow::Borrowed(&**path),
            Cow::Owned(path) => Cow::Owned(path.into()),
        }));
        matcher.check_paths(&paths, |i, verdict| {
            if let Some(slot) = out.get_mut(i) {
                *slot = verdict.allowed;
            }
        });
    }
}

/// Builds [`Urls::Packed`] from items one at a time.
#[derive(Default)]
struct Packer {
    data: Vec<u8>,
    ends: Vec<usize>,
}

impl Packer {
    fn push(&mut self, index: usize, item: &Bound<'_, PyAny>) -> PyResult<()> {
        if let Ok(s) = item.cast::<PyString>() {
            let s = str_utf8(s).ok_or_else(|| {
                PyValueError::new_err(format!(
                    "urls[{index}] is not encodable as UTF-8 (it contains a lone surrogate)"
                ))
            })?;
            self.push_bytes(&s);
        } else if let Ok(b) = item.cast::<PyBytes>() {
            self.push_bytes(b.as_bytes());
        } else if item.is_none() {
            return Err(PyValueError::new_err(format!("urls[{index}] is None")));
        } else {
            return Err(PyTypeError::new_err(format!(
                "urls[{index}] must be str or bytes, not {}",
                type_name(item)
            )));
        }
        Ok(())
    }

    fn push_bytes(&mut self, bytes: &[u8]) {
        self.data.extend_from_slice(bytes);
        self.ends.push(self.data.len());
    }

    fn finish(self) -> Urls {
        Urls::Packed {
            data: self.data,
            ends: self.ends,
        }
    }
}

/// A 1-D NumPy array of str (`U`), bytes (`S`) or objects (`O`).
fn from_numpy(array: &Bound<'_, PyUntypedArray>) -> PyResult<Urls> {
    if array.ndim() != 1 {
        return Err(PyValueError::new_err(format!(
            "urls must be a 1-D array, not {}-D",
            array.ndim()
        )));
    }
    let dtype = array.dtype();
    let kind = dtype.getattr("kind")?.extract::<String>()?;
    let itemsize = dtype.getattr("itemsize")?.extract::<usize>()?;
    let len = array.len();
    let mut packed = Packer::default();
    match kind.as_str() {
        "U" | "S" => {
            // Fixed-width text: view each item as a row of code units (UCS-4 for
            // `U`, bytes for `S`), padded with zeros at the end.
            let py = array.py();
            let numpy = py.import("numpy")?;
            let (unit, width) = if kind == "U" {
                (numpy.getattr("uint32")?, itemsize / 4)
            } else {
                (numpy.getattr("uint8")?, itemsize)
            };
            if width == 0 {
                for _ in 0..len {
                    packed.push_bytes(b"");
                }
                return Ok(packed.finish());
            }
            let native = dtype.call_method1("newbyteorder", ("=",))?;
            let contiguous = numpy.call_method1("ascontiguousarray", (array, native))?;
            let rows = contiguous
                .call_method1("view", (unit,))?
                .call_method1("reshape", (len, width))?;
            if kind == "U" {
                let rows: PyReadonlyArray2<'_, u32> = rows.extract()?;
                let view = rows.as_array();
                let mut text = String::new();
                for (i, row) in view.outer_iter().enumerate() {
                    text.clear();
                    let used = row.iter().rposition(|&c| c != 0).map_or(0, |p| p + 1);
                    for &code in row.iter().take(used) {
                        let c = char::from_u32(code).ok_or_else(|| {
                            PyValueError::new_err(format!(
                                "urls[{i}] holds an invalid code point {code:#x}"
                            ))
                        })?;
                        text.push(c);
                    }
                    packed.push_bytes(text.as_bytes());
                }
            } else {
                let rows: PyReadonlyArray2<'_, u8> = rows.extract()?;
                let view = rows.as_array();
                let mut bytes = Vec::new();
                for row in view.outer_iter() {
                    bytes.clear();
                    let used = row.iter().rposition(|&c| c != 0).map_or(0, |p| p + 1);
                    bytes.extend(row.iter().take(used));
                    packed.push_bytes(&bytes);
                }
            }
        }
        "O" => {
            for (i, item) in array.try_iter()?.enumerate() {
                packed.push(i, &item?)?;
            }
        }
        _ => {
            return Err(PyTypeError::new_err(format!(
                "urls array must hold str, bytes or objects, not dtype {}",
                dtype.str()?
            )))
        }
    }
    Ok(packed.finish())
}

const SCHEMA_CAPSULE: &CStr = c"arrow_schema";
const ARRAY_CAPSULE: &CStr = c"arrow_array";

/// Import an Arrow string or binary array through the PyCapsule interface.
fn import_arrow(object: &Bound<'_, PyAny>) -> PyResult<ArrayRef> {
    let capsules = object.call_method0("__arrow_c_array__")?;
    let (schema, array): (Bound<'_, PyCapsule>, Bound<'_, PyCapsule>) =
        capsules.extract().map_err(|_| {
            PyTypeError::new_err("__arrow_c_array__ must return (schema capsule, array capsule)")
        })?;
    let schema_ptr = schema
        .pointer_checked(Some(SCHEMA_CAPSULE))
        .map_err(|_| PyTypeError::new_err("expected an \"arrow_schema\" PyCapsule"))?;
    let array_ptr = array
        .pointer_checked(Some(ARRAY_CAPSULE))
        .map_err(|_| PyTypeError::new_err("expected an \"arrow_array\" PyCapsule"))?;
    // SAFETY: the capsules were checked by name, so by the Arrow PyCapsule
    // protocol they point at a valid FFI_ArrowSchema and FFI_ArrowArray.
    // `from_raw` moves the array out and marks the capsule's copy released, so
    // the capsule's destructor does not release it twice; the schema is only
    // borrowed while the capsule is alive.
    let data = unsafe {
        let ffi_array = FFI_ArrowArray::from_raw(array_ptr.as_ptr().cast::<FFI_ArrowArray>());
        let ffi_schema = &*schema_ptr.as_ptr().cast::<FFI_ArrowSchema>();
        from_ffi(ffi_array, ffi_schema)
    }
    .map_err(|e| PyValueError::new_err(format!("cannot import the Arrow array: {e}")))?;
    let array = make_array(data);
    match array.data_type() {
        DataType::Utf8
        | DataType::LargeUtf8
        | DataType::Utf8View
        | DataType::Binary
        | DataType::LargeBinary
        | DataType::BinaryView => {}
        other => {
            return Err(PyTypeError::new_err(format!(
                "urls Arrow array must hold strings or binary, not {other}"
            )))
        }
    }
    if let Some(nulls) = array.nulls() {
        if let Some(first) = (0..array.len()).find(|&i| nulls.is_null(i)) {
            return Err(PyValueError::new_err(format!("urls[{first}] is null")));
        }
    }
    Ok(array)
}

/// Call `f` with each value of a null-free Arrow string or binary array.
fn each_arrow_value<'a>(array: &'a ArrayRef, mut f: impl FnMut(&'a [u8])) {
    if let Some(a) = array.as_string_opt::<i32>() {
        a.iter().for_each(|v| f(v.unwrap_or_default().as_bytes()));
    } else if let Some(a) = array.as_string_opt::<i64>() {
        a.iter().for_each(|v| f(v.unwrap_or_default().as_bytes()));
    } else if let Some(a) = array.as_string_view_opt() {
        a.iter().for_each(|v| f(v.unwrap_or_default().as_bytes()));
    } else if let Some(a) = array.as_binary_opt::<i32>() {
        a.iter().for_each(|v| f(v.unwrap_or_default()));
    } else if let Some(a) = array.as_binary_opt::<i64>() {
        a.iter().for_each(|v| f(v.unwrap_or_default()));
    } else if let Some(a) = array.as_binary_view_opt() {
        a.iter().for_each(|v| f(v.unwrap_or_default()));
    }
}
