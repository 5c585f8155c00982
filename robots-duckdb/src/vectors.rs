//! Reading DuckDB's input vectors in place, and writing result vectors.
//!
//! DuckDB hands a scalar function a flattened chunk (`CAPIScalarFunction`
//! flattens it before the call): each column is an array of values and a
//! validity mask with one bit per row (no mask: every row valid). Text and
//! BLOB values are `duckdb_string_t`, sixteen bytes: a `u32` length, then up
//! to twelve bytes inline, or a four-byte prefix and a pointer. Reading them
//! here, without a call into DuckDB per value, is most of what keeps the
//! per-row cost near the engine's own.
//!
//! This is the one module with `unsafe` code: the reads rest on DuckDB's
//! documented layout and on the chunk staying alive for the call.
#![allow(unsafe_code)]

use duckdb::core::{DataChunkHandle, FlatVector};
use duckdb::ffi::{
    duckdb_data_chunk_get_vector, duckdb_destroy_logical_type, duckdb_get_type_id, duckdb_string_t,
    duckdb_type, duckdb_vector_get_column_type, duckdb_vector_get_data, duckdb_vector_get_validity,
    DUCKDB_TYPE_DUCKDB_TYPE_BLOB, DUCKDB_TYPE_DUCKDB_TYPE_UBIGINT, DUCKDB_TYPE_DUCKDB_TYPE_VARCHAR,
};
use std::marker::PhantomData;

/// Column `index` of `chunk`, its data, validity mask and type id.
///
/// # Errors
/// A message starting "bug:" when the chunk has no such column.
fn column(
    chunk: &DataChunkHandle,
    index: usize,
) -> Result<(*mut std::ffi::c_void, *const u64, duckdb_type), String> {
    if index >= chunk.num_columns() {
        return Err(format!("bug: no argument {}", index + 1));
    }
    // SAFETY: `index` names a column of the live chunk; its vector, type
    // and buffers stay valid while `chunk` is borrowed.
    unsafe {
        let vector = duckdb_data_chunk_get_vector(chunk.get_ptr(), index as u64);
        let mut logical = duckdb_vector_get_column_type(vector);
        let type_id = duckdb_get_type_id(logical);
        duckdb_destroy_logical_type(&mut logical);
        Ok((
            duckdb_vector_get_data(vector),
            duckdb_vector_get_validity(vector) as *const u64,
            type_id,
        ))
    }
}

/// Whether column `index` of `chunk` is UBIGINT: a key from `robots_compile`
/// (the functions' signatures allow it as the first argument only).
pub fn is_key_column(chunk: &DataChunkHandle, index: usize) -> bool {
    column(chunk, index).is_ok_and(|(_, _, type_id)| type_id == DUCKDB_TYPE_DUCKDB_TYPE_UBIGINT)
}

/// Whether bit `row` of a validity mask is set (a null mask: every row valid).
///
/// # Safety
/// A non-null `validity` must have a bit for `row`.
#[inline]
unsafe fn is_valid(validity: *const u64, row: usize) -> bool {
    // SAFETY: the caller vouches for the mask's length.
    validity.is_null() || unsafe { *validity.add(row / 64) } & (1u64 << (row % 64)) != 0
}

/// A UBIGINT column of the input chunk (keys from `robots_compile`), read in place.
pub struct KeyColumn<'a> {
    values: *const u64,
    validity: *const u64,
    len: usize,
    _chunk: PhantomData<&'a DataChunkHandle>,
}

impl<'a> KeyColumn<'a> {
    /// Column `index` of `chunk`, which must be UBIGINT.
    ///
    /// # Errors
    /// A message starting "bug:" when the column is missing or not UBIGINT.
    pub fn new(chunk: &'a DataChunkHandle, index: usize) -> Result<KeyColumn<'a>, String> {
        let (data, validity, type_id) = column(chunk, index)?;
        if type_id != DUCKDB_TYPE_DUCKDB_TYPE_UBIGINT {
            return Err(format!(
                "bug: argument {} has DuckDB type {type_id}, not UBIGINT",
                index + 1
            ));
        }
        Ok(KeyColumn {
            values: data as *const u64,
            validity,
            len: chunk.len(),
            _chunk: PhantomData,
        })
    }

    /// The key of row `row`, or `None` for NULL (or a row past the chunk).
    #[inline]
    pub fn get(&self, row: usize) -> Option<u64> {
        if row >= self.len {
            return None;
        }
        // SAFETY: `row` is below the chunk's length: the mask has its bit and
        // the values array (one `u64` per row of a UBIGINT vector) its entry.
        unsafe { is_valid(self.validity, row).then(|| *self.values.add(row)) }
    }
}

/// A VARCHAR or BLOB column of the input chunk, read in place.
pub struct TextColumn<'a> {
    values: *const duckdb_string_t,
    /// One bit per row, set when the row is valid; null when every row is.
    validity: *const u64,
    len: usize,
    _chunk: PhantomData<&'a DataChunkHandle>,
}

impl<'a> TextColumn<'a> {
    /// Column `index` of `chunk`, which must be VARCHAR or BLOB (the
    /// functions' signatures say so; anything else is refused, not misread).
    ///
    /// # Errors
    /// A message starting "bug:" when the column is missing or not text.
    pub fn new(chunk: &'a DataChunkHandle, index: usize) -> Result<TextColumn<'a>, String> {
        // A VARCHAR or BLOB vector's data is one `duckdb_string_t` per row.
        let (data, validity, type_id) = column(chunk, index)?;
        let values = data as *const duckdb_string_t;
        if type_id != DUCKDB_TYPE_DUCKDB_TYPE_VARCHAR && type_id != DUCKDB_TYPE_DUCKDB_TYPE_BLOB {
            return Err(format!(
                "bug: argument {} has DuckDB type {type_id}, not VARCHAR or BLOB",
                index + 1
            ));
        }
        Ok(TextColumn {
            values,
            validity,
            len: chunk.len(),
            _chunk: PhantomData,
        })
    }

    /// The bytes of row `row`, or `None` for NULL (or a row past the chunk).
    #[inline]
    pub fn get(&self, row: usize) -> Option<&'a [u8]> {
        if row >= self.len {
            return None;
        }
        // SAFETY: `row` is below the chunk's length: the mask has its bit and
        // the values array its entry. A valid value's bytes are inline (length
        // at most 12) or behind its pointer, alive while the chunk is.
        unsafe {
            if !is_valid(self.validity, row) {
                return None;
            }
            let value = &*self.values.add(row);
            let len = value.value.inlined.length as usize;
            let data = if len <= 12 {
                value.value.inlined.inlined.as_ptr() as *const u8
            } else {
                value.value.pointer.ptr as *const u8
            };
            Some(std::slice::from_raw_parts(data, len))
        }
    }
}

/// A BOOLEAN result vector.
pub struct Booleans<'a> {
    vector: FlatVector<'a>,
}

impl<'a> Booleans<'a> {
    /// The result vector as booleans.
    pub fn new(vector: FlatVector<'a>) -> Booleans<'a> {
        Booleans { vector }
    }

    /// Write `values` (one per row; `None` is NULL).
    pub fn write(&mut self, values: &[Option<bool>]) {
        let rows = values.len().min(self.vector.capacity());
        let mut nulls = Vec::new();
        {
            // SAFETY: the result vector of a BOOLEAN function holds one `bool`
            // per row, `capacity` of them.
            let slots = unsafe { self.vector.as_mut_slice_with_len::<bool>(rows) };
            for (row, (slot, value)) in slots.iter_mut().zip(values).enumerate() {
                *slot = value.unwrap_or(false);
                if value.is_none() {
                    nulls.push(row);
                }
            }
        }
        for row in nulls {
            self.vector.set_null(row);
        }
    }
}

/// A UBIGINT result vector (`robots_compile`'s keys).
pub struct Keys<'a> {
    vector: FlatVector<'a>,
}

impl<'a> Keys<'a> {
    /// The result vector as keys.
    pub fn new(vector: FlatVector<'a>) -> Keys<'a> {
        Keys { vector }
    }

    /// Write `values` (one per row; `None` is NULL).
    pub fn write(&mut self, values: &[Option<u64>]) {
        let rows = values.len().min(self.vector.capacity());
        let mut nulls = Vec::new();
        {
            // SAFETY: the result vector of a UBIGINT function holds one `u64`
            // per row, `capacity` of them.
            let slots = unsafe { self.vector.as_mut_slice_with_len::<u64>(rows) };
            for (row, (slot, value)) in slots.iter_mut().zip(values).enumerate() {
                *slot = value.unwrap_or(0);
                if value.is_none() {
                    nulls.push(row);
                }
            }
        }
        for row in nulls {
            self.vector.set_null(row);
        }
    }
}
