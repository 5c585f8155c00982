//! Where a policy's tables live: in `static` data emitted by the code generator,
//! or in vectors built at run time. The search routine reads both the same way.

use alloc::vec::Vec;
use core::fmt;
use core::ops::Deref;

/// A read-only table, either `&'static` (compiled in) or owned (built at run time).
///
/// It dereferences to a slice, so one search routine serves both kinds of policy.
///
/// ```
/// use robots_core::Table;
/// static DATA: Table<u32> = Table::Static(&[1, 2, 3]);
/// let owned: Table<u32> = Table::Owned(vec![1, 2, 3]);
/// assert_eq!(&*DATA, &*owned);
/// ```
pub enum Table<T: 'static> {
    /// Data compiled into the binary.
    Static(&'static [T]),
    /// Data built at run time.
    Owned(Vec<T>),
}

impl<T> Table<T> {
    /// The table as a slice.
    #[inline]
    pub fn as_slice(&self) -> &[T] {
        match self {
            Table::Static(s) => s,
            Table::Owned(v) => v,
        }
    }
}

impl<T> Deref for Table<T> {
    type Target = [T];
    #[inline]
    fn deref(&self) -> &[T] {
        self.as_slice()
    }
}

impl<T> Default for Table<T> {
    fn default() -> Self {
        Table::Static(&[])
    }
}

impl<T: Clone> Clone for Table<T> {
    fn clone(&self) -> Self {
        match self {
            Table::Static(s) => Table::Static(s),
            Table::Owned(v) => Table::Owned(v.clone()),
        }
    }
}

impl<T: fmt::Debug> fmt::Debug for Table<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

impl<T> From<Vec<T>> for Table<T> {
    fn from(v: Vec<T>) -> Self {
        Table::Owned(v)
    }
}

/// A range of a table, as `start..start + len`, small enough for static data.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Span {
    /// First index.
    pub start: u32,
    /// Number of elements.
    pub len: u32,
}

impl Span {
    /// The empty span.
    pub const EMPTY: Span = Span { start: 0, len: 0 };

    /// The span as a `usize` range.
    #[inline]
    pub const fn range(self) -> core::ops::Range<usize> {
        self.start as usize..self.start as usize + self.len as usize
    }

    /// The span's elements of `table` (empty if out of bounds, which a built policy never is).
    #[inline]
    pub fn of<T>(self, table: &[T]) -> &[T] {
        table.get(self.range()).unwrap_or_default()
    }
}
