//! Result values: typed cells, written into STRUCT and LIST-of-STRUCT vectors.
//!
//! The functions that return a record (`robots_explain`, `robots_access`,
//! `robots_content_usage`) or a list of records (`robots_records`,
//! `robots_lint`, `robots_report`) describe its fields once ([`Field`]) and
//! build [`Cell`]s; this module makes the DuckDB type from the fields and
//! writes the cells. A NULL record is NULL in every field too, as DuckDB keeps
//! a struct's children.

use duckdb::core::{
    FlatVector, Inserter, ListVector, LogicalTypeHandle, LogicalTypeId, StructVector,
};
use duckdb::vtab::arrow::WritableVector;

/// A field's SQL type.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// BOOLEAN.
    Bool,
    /// INTEGER (line and column numbers).
    Int,
    /// DOUBLE.
    Double,
    /// VARCHAR.
    Text,
}

/// A record's field: its name and type.
pub type Field = (&'static str, Kind);

/// One value of a record.
#[derive(Clone, Debug, PartialEq)]
pub enum Cell {
    /// NULL.
    Null,
    /// A BOOLEAN.
    Bool(bool),
    /// An INTEGER.
    Int(i32),
    /// A DOUBLE.
    Double(f64),
    /// A VARCHAR.
    Text(String),
}

impl Cell {
    /// A text cell from bytes (invalid UTF-8 replaced by U+FFFD: VARCHAR is UTF-8).
    pub fn text(bytes: &[u8]) -> Cell {
        Cell::Text(String::from_utf8_lossy(bytes).into_owned())
    }

    /// An INTEGER cell from a line or column number.
    pub fn int(n: u32) -> Cell {
        Cell::Int(i32::try_from(n).unwrap_or(i32::MAX))
    }

    /// A cell from an optional value.
    pub fn or_null<T>(value: Option<T>, cell: impl FnOnce(T) -> Cell) -> Cell {
        value.map_or(Cell::Null, cell)
    }
}

fn logical(kind: Kind) -> LogicalTypeHandle {
    LogicalTypeHandle::from(match kind {
        Kind::Bool => LogicalTypeId::Boolean,
        Kind::Int => LogicalTypeId::Integer,
        Kind::Double => LogicalTypeId::Double,
        Kind::Text => LogicalTypeId::Varchar,
    })
}

/// The STRUCT type of `fields`.
pub fn struct_type(fields: &[Field]) -> LogicalTypeHandle {
    let children: Vec<(&str, LogicalTypeHandle)> = fields
        .iter()
        .map(|&(name, kind)| (name, logical(kind)))
        .collect();
    LogicalTypeHandle::struct_type(&children)
}

/// The LIST of STRUCT type of `fields`.
pub fn list_type(fields: &[Field]) -> LogicalTypeHandle {
    LogicalTypeHandle::list(&struct_type(fields))
}

/// Set `row` of a vector of `T`s to `value`.
///
/// # Safety
/// The vector's storage must hold `T`s.
#[allow(unsafe_code)]
unsafe fn put<T: Copy>(vector: &mut FlatVector<'_>, row: usize, value: T) {
    // SAFETY: the caller vouches for `T`; the slice is the vector's capacity,
    // and a row past it is not written.
    if let Some(slot) = unsafe { vector.as_mut_slice::<T>() }.get_mut(row) {
        *slot = value;
    }
}

/// Write cell `cell` (of `kind`) at `row` of `vector`.
#[allow(unsafe_code)]
fn write_cell(vector: &mut FlatVector<'_>, kind: Kind, row: usize, cell: &Cell) {
    // SAFETY (each `put`): `vector` is a child of the declared `kind`: the
    // struct type was made from the same fields.
    match (kind, cell) {
        (Kind::Bool, Cell::Bool(v)) => unsafe { put(vector, row, *v) },
        (Kind::Int, Cell::Int(v)) => unsafe { put(vector, row, *v) },
        (Kind::Double, Cell::Double(v)) => unsafe { put(vector, row, *v) },
        (Kind::Text, Cell::Text(v)) => vector.insert(row, v.as_str()),
        // NULL, or a cell of another type (a bug the tests would show as NULLs).
        _ => vector.set_null(row),
    }
}

/// Write one record per row into `children` (one vector per field) from
/// `offset`: `None` is a NULL record.
fn write_records<'r>(
    children: &mut [FlatVector<'_>],
    fields: &[Field],
    offset: usize,
    records: impl Iterator<Item = Option<&'r [Cell]>>,
    mut on_null: impl FnMut(usize),
) {
    for (i, record) in records.enumerate() {
        let row = offset + i;
        match record {
            Some(cells) => {
                for ((child, &(_, kind)), cell) in children.iter_mut().zip(fields).zip(cells) {
                    write_cell(child, kind, row, cell);
                }
            }
            None => {
                for child in children.iter_mut() {
                    child.set_null(row);
                }
                on_null(row);
            }
        }
    }
}

/// Write a STRUCT result: one record (or NULL) per row.
pub fn write_structs(out: &mut dyn WritableVector, fields: &[Field], rows: &[Option<&[Cell]>]) {
    let mut parent: StructVector<'_> = out.struct_vector();
    let mut children: Vec<FlatVector<'_>> = (0..fields.len())
        .map(|i| parent.child(i, rows.len()))
        .collect();
    let mut nulls = Vec::new();
    write_records(&mut children, fields, 0, rows.iter().copied(), |row| {
        nulls.push(row);
    });
    for row in nulls {
        parent.set_null(row);
    }
}

/// Write a LIST of STRUCT result: one list of records (or NULL) per row.
/// Rows that share a list (one body, many rows) point at one `Vec`.
pub fn write_lists(out: &mut dyn WritableVector, fields: &[Field], rows: &[Option<&[Vec<Cell>]>]) {
    let mut list: ListVector<'_> = out.list_vector();
    let total: usize = rows.iter().flatten().map(|records| records.len()).sum();
    let records = list.struct_child(total);
    let mut children: Vec<FlatVector<'_>> =
        (0..fields.len()).map(|i| records.child(i, total)).collect();
    let mut offset = 0;
    for (row, entry) in rows.iter().enumerate() {
        match entry {
            Some(items) => {
                write_records(
                    &mut children,
                    fields,
                    offset,
                    items.iter().map(|cells| Some(cells.as_slice())),
                    |_| {},
                );
                list.set_entry(row, offset, items.len());
                offset += items.len();
            }
            None => {
                list.set_entry(row, offset, 0);
                list.set_null(row);
            }
        }
    }
    list.set_len(total);
}
