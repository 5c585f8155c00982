//! The rules' lines, as the `lines` table keeps them: a byte a rule past its
//! block's base, and the few that do not fit a byte as escapes.

use crate::ids::index;
use crate::tables::layout::{record, U32};
use alloc::vec::Vec;
use zerocopy::{FromBytes, Immutable, IntoBytes, KnownLayout, Unaligned};

/// The rules whose lines share a base (see [`Lines`]).
pub const LINE_BLOCK: usize = 16;

/// A rule's offset byte when its line is too far past its block's base for a
/// byte: the line is among the escapes (see [`Lines`]).
pub const LINE_ESCAPE: u8 = u8::MAX;

record! {
    /// The line of a rule whose line is too far from its block's base for a
    /// byte (see [`LINE_ESCAPE`]).
    pub struct LineEscape {
        /// The rule.
        pub rule: U32,
        /// Its 1-based line.
        pub line: U32,
    }
}

/// The rules' lines, as the `lines` table keeps them. Rules are in file order,
/// so the lines of a block of [`LINE_BLOCK`] rules are mostly near each other:
/// each rule keeps a byte past its block's least line, and the few that do not
/// fit one are escapes. Four bytes a rule become one and a quarter; no check
/// reads them, only explanations and records.
///
/// The table is one byte string in three parts: an offset byte for each rule,
/// then each block's base (a little-endian `u32`), then the escapes
/// ([`LineEscape`]) in rule order.
#[derive(Clone, Copy, Debug)]
pub struct Lines<'a> {
    /// Each rule's line less its block's base, or [`LINE_ESCAPE`].
    pub offsets: &'a [u8],
    /// Each block's least line.
    pub bases: &'a [U32],
    /// The escaped rules' lines, by rule.
    pub escapes: &'a [LineEscape],
}

impl<'a> Lines<'a> {
    /// The parts of a `lines` table for `rules` rules, if it splits into them.
    pub fn of(table: &'a [u8], rules: usize) -> Option<Lines<'a>> {
        let (offsets, rest) = table.split_at_checked(rules)?;
        let (bases, escapes) = rest.split_at_checked(4 * rules.div_ceil(LINE_BLOCK))?;
        Some(Lines {
            offsets,
            bases: <[U32]>::ref_from_bytes(bases).ok()?,
            escapes: <[LineEscape]>::ref_from_bytes(escapes).ok()?,
        })
    }

    /// The `lines` table of `rules` (in rule order), each on line `line_of(rule)`.
    pub fn encode<R>(rules: &[R], line_of: impl Fn(&R) -> u32) -> Vec<u8> {
        let mut offsets = Vec::with_capacity(rules.len());
        let mut bases = Vec::with_capacity(4 * rules.len().div_ceil(LINE_BLOCK));
        let mut escapes = Vec::new();
        for (block, chunk) in rules.chunks(LINE_BLOCK).enumerate() {
            let base = chunk.iter().map(&line_of).min().unwrap_or(0);
            bases.extend_from_slice(&base.to_le_bytes());
            for (i, rule) in chunk.iter().enumerate() {
                let line = line_of(rule);
                match u8::try_from(line - base) {
                    Ok(offset) if offset != LINE_ESCAPE => offsets.push(offset),
                    _ => {
                        offsets.push(LINE_ESCAPE);
                        escapes.push(LineEscape {
                            rule: U32::new(index(block * LINE_BLOCK + i)),
                            line: U32::new(line),
                        });
                    }
                }
            }
        }
        offsets.extend_from_slice(&bases);
        offsets.extend_from_slice(escapes.as_bytes());
        offsets
    }

    /// The line of rule `id`.
    pub fn line(&self, id: u32) -> Option<u32> {
        let &offset = self.offsets.get(id as usize)?;
        if offset == LINE_ESCAPE {
            let at = self
                .escapes
                .binary_search_by_key(&id, |e| e.rule.get())
                .ok()?;
            return self.escapes.get(at).map(|e| e.line.get());
        }
        let base = self.bases.get(id as usize / LINE_BLOCK)?.get();
        Some(base.saturating_add(u32::from(offset)))
    }
}

#[cfg(test)]
mod tests {
    use super::{Lines, LINE_ESCAPE};
    use crate::profile::Profile;
    use crate::tables::view::Tables;
    use crate::Policy;
    use alloc::format;
    use alloc::string::String;
    use alloc::vec::Vec;
    use zerocopy::IntoBytes;

    /// Lines far from their block's neighbours, out of order or past `u16`
    /// read back exactly; near ones cost a byte.
    #[test]
    fn lines_read_back_whatever_their_spread() {
        let mut lines: Vec<u32> = (1..=40).collect();
        lines[5] = 300;
        lines[17] = 70_000;
        lines[18] = 3;
        lines[39] = u32::MAX;
        let table = Lines::encode(&lines, |&line| line);
        let read = Lines::of(&table, lines.len()).unwrap();
        let escaped: Vec<u32> = read.escapes.iter().map(|e| e.rule.get()).collect();
        assert_eq!(escaped, [5, 17, 39]);
        assert_eq!(table.len(), 40 + 3 * 4 + 3 * 8);
        for (id, &line) in lines.iter().enumerate() {
            assert_eq!(read.line(id as u32), Some(line), "rule {id}");
        }
        assert_eq!(read.line(40), None);
        assert!(Lines::of(&table, 41).is_none());
        assert!(Lines::of(&table[..table.len() - 1], 40).is_none());
    }

    /// A policy's rules keep their lines across comment runs of any length, in
    /// its own tables and in its byte form.
    #[test]
    fn rule_lines_survive_long_gaps() {
        let mut body = String::from("User-agent: *\n");
        let mut want = Vec::new();
        for i in 0..50 {
            body.push_str(&"#\n".repeat(if i % 7 == 3 { 400 } else { i % 3 }));
            want.push(body.lines().count() as u32 + 1);
            body.push_str(&format!("Disallow: /p{i}\n"));
        }
        for profile in Profile::ALL {
            let policy = Policy::parse(&body, profile);
            let lines: Vec<u32> = policy.rules().map(|r| r.line).collect();
            assert_eq!(lines, want, "{profile:?}");
            let bytes = policy.to_bytes();
            let loaded = Policy::from_bytes(bytes).unwrap();
            let lines: Vec<u32> = loaded.rules().map(|r| r.line).collect();
            assert_eq!(lines, want, "{profile:?}");
        }
    }

    /// A `lines` table that does not split, or whose escapes do not match
    /// its escaped bytes, does not validate.
    #[test]
    fn bad_lines_do_not_validate() {
        let mut body = String::from("User-agent: *\n");
        for i in 0..20 {
            body.push_str(&"#\n".repeat(if i % 5 == 2 { 300 } else { 0 }));
            body.push_str(&format!("Disallow: /p{i}\n"));
        }
        let policy = Policy::parse(&body, Profile::Google);
        let t: &Tables<'_> = policy.tables();
        assert_eq!(t.validate(), Ok(()));
        let lines = t.rule_lines().unwrap();
        assert!(lines.escapes.len() >= 2);
        // Table 21 is `lines` (see `tables::view`).
        let with = |part: &[u8]| {
            let (region, counts) = t.with_part(21, part);
            Tables::new(&region, &counts, t.profile, t.any_set)
                .map(|t| t.validate())
                .expect("the counts fit")
        };
        let table = t.lines().to_vec();
        assert_eq!(with(&table), Ok(()));
        // Short of a byte, or a byte too long.
        assert!(with(&table[..table.len() - 1]).is_err());
        assert!(with(&[&table[..], &[0]].concat()).is_err());
        // An escaped byte with no escape, and an escape with no escaped byte.
        let mut extra = table.clone();
        let plain = lines
            .offsets
            .iter()
            .position(|&b| b != LINE_ESCAPE)
            .unwrap();
        extra[plain] = LINE_ESCAPE;
        assert!(with(&extra).is_err());
        let mut missing = table.clone();
        let escaped = lines.escapes[0].rule.get() as usize;
        missing[escaped] = 0;
        assert!(with(&missing).is_err());
        // Escapes out of rule order.
        let mut swapped = lines.escapes.to_vec();
        swapped.swap(0, 1);
        let at = table.len() - lines.escapes.as_bytes().len();
        let reordered = [&table[..at], swapped.as_bytes()].concat();
        assert!(with(&reordered).is_err());
    }
}
