//! The byte form of a policy: one buffer holding every table, the form a policy
//! built at run time keeps, [`Policy::to_bytes`](crate::Policy::to_bytes) writes
//! and [`PolicyRef::from_bytes`](crate::PolicyRef::from_bytes) reads in place.
//!
//! ```text
//! header   magic "ROBOTPOL" (8 bytes), version (u16), flags (u8), profile (u8),
//!          a CRC-32 of the whole buffer taken with this field zeroed (u32),
//!          then as LEB128 numbers: the any-set, the one-crawler selection (with
//!          FLAG_AGENT), the truncation (with FLAG_TRUNCATED), and the number
//!          of entries of each table
//! tables   each table's records, one after another, in a fixed order
//! ```
//!
//! Every fixed-size number is little-endian and nothing is aligned, so the
//! buffer can be read wherever it lies (a `Vec`, a memory map, a slice of a
//! larger file). The header's variable part keeps a small policy small: most
//! of its numbers take one byte.
//! Reading checks the header and that the tables fill the buffer exactly;
//! [`validate`](super::validate) then checks what the tables say.

use crate::profile::Profile;
use crate::tables::layout::{
    AgentEntry, Anchor, ExtensionRecord, GroupAgentRecord, GroupRecord, Inner, Leaf, NodeRule,
    NodeWild, RuleExtra, RuleRecord, RuleSet, Span, Tables, TruncationRecord, WildRoot, NONE, U32,
};
use crate::tables::validate::LayoutError;
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;
use zerocopy::{FromBytes, Immutable, IntoBytes, KnownLayout, Unaligned};

/// The first eight bytes of every serialised policy.
pub const MAGIC: [u8; 8] = *b"ROBOTPOL";

/// The format version this build writes and reads. Version 4 has four-byte
/// leaves, which read their labels from their rules; version 3 has twelve-byte
/// rule records (with `rule_extras` for the rules they cannot describe);
/// version 2 filed wildcard rules under anchors where version 1 had a pair index.
pub const VERSION: u16 = 4;

/// The number of tables (the crawler's name of a one-crawler policy counts as one).
pub const TABLE_COUNT: usize = 21;

/// The header flag of a one-crawler policy.
const FLAG_AGENT: u8 = 1;
/// The header flag of a policy whose input the parsing cap cut.
const FLAG_TRUNCATED: u8 = 2;

/// The header's fixed part: magic, version, flags, profile, checksum.
const FIXED_HEADER: usize = 16;
/// Where the checksum field lies in the header.
const CHECKSUM_AT: usize = 12;

/// Append `n` as an unsigned LEB128 number (seven bits a byte, low first).
fn put_number(out: &mut Vec<u8>, mut n: u64) {
    while n >= 0x80 {
        out.push((n as u8 & 0x7F) | 0x80);
        n >>= 7;
    }
    out.push(n as u8);
}

/// `NONE`-or-index fields are written plus one, so that `NONE` takes one byte.
fn put_index(out: &mut Vec<u8>, n: u32) {
    put_number(out, u64::from(n.wrapping_add(1)));
}

/// A reader of the header's LEB128 numbers.
struct Numbers<'b> {
    bytes: &'b [u8],
}

impl Numbers<'_> {
    fn number(&mut self) -> Result<u64, LayoutError> {
        let mut value = 0u64;
        for shift in (0..64).step_by(7) {
            let (&byte, rest) = self
                .bytes
                .split_first()
                .ok_or_else(|| error("the header ends inside a number"))?;
            self.bytes = rest;
            let bits = u64::from(byte & 0x7F);
            if shift == 63 && bits > 1 {
                break;
            }
            value |= bits << shift;
            if byte & 0x80 == 0 {
                return Ok(value);
            }
        }
        Err(error("a header number does not fit 64 bits"))
    }

    fn u32(&mut self) -> Result<u32, LayoutError> {
        let n = self.number()?;
        u32::try_from(n).map_err(|_| error(format!("header number {n} is too large")))
    }

    /// An index or `NONE` (see [`put_index`]).
    fn index(&mut self) -> Result<u32, LayoutError> {
        Ok(self.u32()?.wrapping_sub(1))
    }
}

/// The tables of a policy as owned vectors, before they become one buffer.
#[derive(Clone, Debug, Default)]
pub(crate) struct TableVecs {
    pub(crate) text: Vec<u8>,
    pub(crate) agents: Vec<AgentEntry>,
    pub(crate) sets: Vec<RuleSet>,
    pub(crate) set_roots: Vec<U32>,
    pub(crate) set_groups: Vec<U32>,
    pub(crate) inners: Vec<Inner>,
    pub(crate) leaves: Vec<Leaf>,
    pub(crate) wide: Vec<u8>,
    pub(crate) exact: Vec<NodeRule>,
    pub(crate) node_wild: Vec<NodeWild>,
    pub(crate) wild_rules: Vec<U32>,
    pub(crate) wild_roots: Vec<WildRoot>,
    pub(crate) anchors: Vec<Anchor>,
    pub(crate) anchor_rules: Vec<U32>,
    pub(crate) rules: Vec<RuleRecord>,
    pub(crate) rule_extras: Vec<RuleExtra>,
    pub(crate) segments: Vec<Span>,
    pub(crate) groups: Vec<GroupRecord>,
    pub(crate) group_agents: Vec<GroupAgentRecord>,
    pub(crate) extensions: Vec<ExtensionRecord>,
}

/// The one-crawler part of a policy: the crawler as given, its rule set and
/// its set's one trie root (or `NONE`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AgentPart<'a> {
    /// The crawler's name, as given.
    pub name: &'a [u8],
    /// Its rule set.
    pub set: u32,
    /// Its set's one trie root, or `NONE`.
    pub root: u32,
}

fn profile_code(profile: Profile) -> u8 {
    Profile::ALL
        .iter()
        .position(|&p| p == profile)
        .and_then(|i| u8::try_from(i).ok())
        .unwrap_or(u8::MAX)
}

/// Every table of a [`TableVecs`], by name, with a closure over it.
macro_rules! each_table {
    ($vecs:expr, $f:ident) => {{
        let v = $vecs;
        $f(&mut v.text);
        $f(&mut v.agents);
        $f(&mut v.sets);
        $f(&mut v.set_roots);
        $f(&mut v.set_groups);
        $f(&mut v.inners);
        $f(&mut v.leaves);
        $f(&mut v.wide);
        $f(&mut v.exact);
        $f(&mut v.node_wild);
        $f(&mut v.wild_rules);
        $f(&mut v.wild_roots);
        $f(&mut v.anchors);
        $f(&mut v.anchor_rules);
        $f(&mut v.rules);
        $f(&mut v.rule_extras);
        $f(&mut v.segments);
        $f(&mut v.groups);
        $f(&mut v.group_agents);
        $f(&mut v.extensions);
    }};
}

impl TableVecs {
    /// The bytes of the tables' entries.
    pub(crate) fn byte_len(&self) -> usize {
        self.view(Profile::Rfc9309, NONE, None).byte_len()
    }

    /// The heap bytes the vectors hold (their capacity).
    pub(crate) fn heap_bytes(&self) -> usize {
        fn bytes<T>(v: &Vec<T>) -> usize {
            v.capacity() * size_of::<T>()
        }
        let mut total = 0;
        let mut add = |n: usize| total += n;
        add(bytes(&self.text) + bytes(&self.agents) + bytes(&self.sets) + bytes(&self.set_roots));
        add(bytes(&self.set_groups)
            + bytes(&self.inners)
            + bytes(&self.leaves)
            + bytes(&self.wide));
        add(bytes(&self.exact) + bytes(&self.node_wild) + bytes(&self.wild_rules));
        add(bytes(&self.wild_roots) + bytes(&self.anchors) + bytes(&self.anchor_rules));
        add(bytes(&self.rules) + bytes(&self.rule_extras));
        add(bytes(&self.segments));
        add(bytes(&self.groups) + bytes(&self.group_agents) + bytes(&self.extensions));
        total
    }

    /// Give back every vector's spare room.
    pub(crate) fn shrink_to_fit(&mut self) {
        fn shrink<T>(v: &mut Vec<T>) {
            v.shrink_to_fit();
        }
        each_table!(self, shrink);
    }

    /// The tables, as a view of these vectors.
    pub(crate) fn view(
        &self,
        profile: Profile,
        any_set: u32,
        truncation: Option<TruncationRecord>,
    ) -> Tables<'_> {
        Tables {
            profile,
            any_set,
            truncation,
            text: &self.text,
            agents: &self.agents,
            sets: &self.sets,
            set_roots: &self.set_roots,
            set_groups: &self.set_groups,
            inners: &self.inners,
            leaves: &self.leaves,
            wide: &self.wide,
            exact: &self.exact,
            node_wild: &self.node_wild,
            wild_rules: &self.wild_rules,
            wild_roots: &self.wild_roots,
            anchors: &self.anchors,
            anchor_rules: &self.anchor_rules,
            rules: &self.rules,
            rule_extras: &self.rule_extras,
            segments: &self.segments,
            groups: &self.groups,
            group_agents: &self.group_agents,
            extensions: &self.extensions,
        }
    }
}

impl Tables<'_> {
    /// The bytes of the tables' entries (the byte form, less its header).
    pub fn byte_len(&self) -> usize {
        self.text.len()
            + self.agents.as_bytes().len()
            + self.sets.as_bytes().len()
            + self.set_roots.as_bytes().len()
            + self.set_groups.as_bytes().len()
            + self.inners.as_bytes().len()
            + self.leaves.as_bytes().len()
            + self.wide.len()
            + self.exact.as_bytes().len()
            + self.node_wild.as_bytes().len()
            + self.wild_rules.as_bytes().len()
            + self.wild_roots.as_bytes().len()
            + self.anchors.as_bytes().len()
            + self.anchor_rules.as_bytes().len()
            + self.rules.as_bytes().len()
            + self.rule_extras.as_bytes().len()
            + self.segments.as_bytes().len()
            + self.groups.as_bytes().len()
            + self.group_agents.as_bytes().len()
            + self.extensions.as_bytes().len()
    }
}

/// One buffer: the header (checksum zero), then every table, then for a
/// one-crawler policy the crawler's name.
pub(crate) fn encode(t: &Tables<'_>, agent: Option<AgentPart<'_>>) -> Vec<u8> {
    let name = agent.map_or(&[][..], |a| a.name);
    let parts: [&[u8]; TABLE_COUNT] = [
        t.text,
        t.agents.as_bytes(),
        t.sets.as_bytes(),
        t.set_roots.as_bytes(),
        t.set_groups.as_bytes(),
        t.inners.as_bytes(),
        t.leaves.as_bytes(),
        t.wide,
        t.exact.as_bytes(),
        t.node_wild.as_bytes(),
        t.wild_rules.as_bytes(),
        t.wild_roots.as_bytes(),
        t.anchors.as_bytes(),
        t.anchor_rules.as_bytes(),
        t.rules.as_bytes(),
        t.rule_extras.as_bytes(),
        t.segments.as_bytes(),
        t.groups.as_bytes(),
        t.group_agents.as_bytes(),
        t.extensions.as_bytes(),
        name,
    ];
    let counts = [
        t.text.len(),
        t.agents.len(),
        t.sets.len(),
        t.set_roots.len(),
        t.set_groups.len(),
        t.inners.len(),
        t.leaves.len(),
        t.wide.len(),
        t.exact.len(),
        t.node_wild.len(),
        t.wild_rules.len(),
        t.wild_roots.len(),
        t.anchors.len(),
        t.anchor_rules.len(),
        t.rules.len(),
        t.rule_extras.len(),
        t.segments.len(),
        t.groups.len(),
        t.group_agents.len(),
        t.extensions.len(),
        name.len(),
    ];
    let truncation = t.truncation;
    let flags = if agent.is_some() { FLAG_AGENT } else { 0 }
        | if truncation.is_some() {
            FLAG_TRUNCATED
        } else {
            0
        };
    let total: usize = parts.iter().map(|p| p.len()).sum();
    let mut out = Vec::with_capacity(FIXED_HEADER + 8 + 2 * TABLE_COUNT + total);
    out.extend_from_slice(&MAGIC);
    out.extend_from_slice(&VERSION.to_le_bytes());
    out.push(flags);
    out.push(profile_code(t.profile));
    out.extend_from_slice(&[0; 4]);
    put_index(&mut out, t.any_set);
    if let Some(agent) = agent {
        put_index(&mut out, agent.set);
        put_index(&mut out, agent.root);
    }
    if let Some(t) = truncation {
        put_number(&mut out, u64::from(t.first_ignored_line));
        put_number(&mut out, t.max_bytes);
        put_number(&mut out, t.input_len);
    }
    for n in counts {
        put_number(&mut out, n as u64);
    }
    for part in parts {
        out.extend_from_slice(part);
    }
    out
}

/// The CRC-32 of `buffer`, taken with the header's checksum field zeroed.
pub(crate) fn checksum(buffer: &[u8]) -> u32 {
    let mut hasher = crc32fast::Hasher::new();
    let (head, rest) = buffer.split_at(CHECKSUM_AT.min(buffer.len()));
    hasher.update(head);
    hasher.update(&[0; 4][..rest.len().min(4)]);
    hasher.update(rest.get(4..).unwrap_or_default());
    hasher.finalize()
}

/// Write the checksum of `buffer` into its header.
pub(crate) fn seal(buffer: &mut [u8]) {
    let sum = checksum(buffer).to_le_bytes();
    if let Some(field) = buffer.get_mut(CHECKSUM_AT..CHECKSUM_AT + 4) {
        field.copy_from_slice(&sum);
    }
}

fn error(problem: impl Into<String>) -> LayoutError {
    LayoutError::header(problem.into())
}

/// Read the tables of `buffer` in place: the header, then each table's bytes as
/// its records, and the one-crawler part if there is one. With `check_sum`, the
/// checksum must match. The tables' contents are not checked here: see
/// [`Tables::validate`].
pub(crate) fn decode(
    buffer: &[u8],
    check_sum: bool,
) -> Result<(Tables<'_>, Option<AgentPart<'_>>), LayoutError> {
    let fixed = buffer.get(..FIXED_HEADER).ok_or_else(|| {
        error(format!(
            "{} bytes: too short for a policy header",
            buffer.len()
        ))
    })?;
    let field = |at: usize| fixed.get(at).copied().unwrap_or(0);
    if fixed.get(..MAGIC.len()) != Some(&MAGIC[..]) {
        return Err(error("not a serialised policy (bad magic bytes)"));
    }
    let version = u16::from_le_bytes([field(8), field(9)]);
    if version != VERSION {
        return Err(error(format!(
            "format version {version} (this build reads version {VERSION})"
        )));
    }
    let stored = u32::from_le_bytes([field(12), field(13), field(14), field(15)]);
    if check_sum && stored != checksum(buffer) {
        return Err(error(
            "checksum mismatch: the bytes were altered or truncated",
        ));
    }
    let (flags, profile) = (field(10), field(11));
    if flags & !(FLAG_AGENT | FLAG_TRUNCATED) != 0 {
        return Err(error(format!("unknown header flags {flags:#x}")));
    }
    let profile = *Profile::ALL
        .get(usize::from(profile))
        .ok_or_else(|| error(format!("unknown profile number {profile}")))?;
    let mut numbers = Numbers {
        bytes: buffer.get(FIXED_HEADER..).unwrap_or_default(),
    };
    let any_set = numbers.index()?;
    let agent_set = if flags & FLAG_AGENT != 0 {
        Some((numbers.index()?, numbers.index()?))
    } else {
        None
    };
    let truncation = if flags & FLAG_TRUNCATED != 0 {
        Some(TruncationRecord {
            first_ignored_line: numbers.u32()?,
            max_bytes: numbers.number()?,
            input_len: numbers.number()?,
        })
    } else {
        None
    };
    let mut counts = [0usize; TABLE_COUNT];
    for count in &mut counts {
        *count = usize::try_from(numbers.u32()?).unwrap_or(usize::MAX);
    }
    let mut rest = numbers.bytes;
    let mut next = |i: usize, size: usize| -> Result<&[u8], LayoutError> {
        let count = counts.get(i).copied().unwrap_or(0);
        let len = count
            .checked_mul(size)
            .filter(|&len| len <= rest.len())
            .ok_or_else(|| error(format!("table {i} ({count} entries) is past the end")))?;
        let (part, tail) = rest.split_at(len);
        rest = tail;
        Ok(part)
    };
    fn cast<T: FromBytes + Immutable + KnownLayout + Unaligned>(
        bytes: &[u8],
    ) -> Result<&[T], LayoutError> {
        <[T]>::ref_from_bytes(bytes)
            .map_err(|_| error("a table's length is not a whole number of records"))
    }
    use core::mem::size_of;
    let text = next(0, 1)?;
    let agents = cast(next(1, size_of::<AgentEntry>())?)?;
    let sets = cast(next(2, size_of::<RuleSet>())?)?;
    let set_roots = cast(next(3, 4)?)?;
    let set_groups = cast(next(4, 4)?)?;
    let inners = cast(next(5, size_of::<Inner>())?)?;
    let leaves = cast(next(6, size_of::<Leaf>())?)?;
    let wide = next(7, 1)?;
    let exact = cast(next(8, size_of::<NodeRule>())?)?;
    let node_wild = cast(next(9, size_of::<NodeWild>())?)?;
    let wild_rules = cast(next(10, 4)?)?;
    let wild_roots = cast(next(11, size_of::<WildRoot>())?)?;
    let anchors = cast(next(12, size_of::<Anchor>())?)?;
    let anchor_rules = cast(next(13, 4)?)?;
    let rules = cast(next(14, size_of::<RuleRecord>())?)?;
    let rule_extras = cast(next(15, size_of::<RuleExtra>())?)?;
    let segments = cast(next(16, size_of::<Span>())?)?;
    let groups = cast(next(17, size_of::<GroupRecord>())?)?;
    let group_agents = cast(next(18, size_of::<GroupAgentRecord>())?)?;
    let extensions = cast(next(19, size_of::<ExtensionRecord>())?)?;
    let agent = next(20, 1)?;
    if !rest.is_empty() {
        return Err(error(format!("{} bytes past the last table", rest.len())));
    }
    let agent = agent_set.map(|(set, root)| AgentPart {
        name: agent,
        set,
        root,
    });
    let tables = Tables {
        profile,
        any_set,
        truncation,
        text,
        agents,
        sets,
        set_roots,
        set_groups,
        inners,
        leaves,
        wide,
        exact,
        node_wild,
        wild_rules,
        wild_roots,
        anchors,
        anchor_rules,
        rules,
        rule_extras,
        segments,
        groups,
        group_agents,
        extensions,
    };
    Ok((tables, agent))
}

#[cfg(test)]
mod tests {
    use super::{put_index, put_number, Numbers};
    use alloc::vec::Vec;

    /// Header numbers read back as written, `NONE` and the largest included,
    /// and a number that runs off the end or past 64 bits is an error.
    #[test]
    fn header_numbers_round_trip_and_refuse_garbage() {
        let values = [
            0,
            1,
            127,
            128,
            255,
            300,
            16_383,
            16_384,
            u64::from(u32::MAX),
            u64::MAX,
        ];
        let mut out = Vec::new();
        for &v in &values {
            put_number(&mut out, v);
        }
        put_index(&mut out, u32::MAX);
        put_index(&mut out, 7);
        assert_eq!(out.first(), Some(&0));
        let mut read = Numbers { bytes: &out };
        for &v in &values {
            assert_eq!(read.number(), Ok(v));
        }
        assert_eq!(read.index(), Ok(u32::MAX));
        assert_eq!(read.index(), Ok(7));
        assert!(read.number().is_err(), "past the end");
        assert!(Numbers {
            bytes: &[0x80, 0x80]
        }
        .number()
        .is_err());
        let too_big = [0xFF; 9].iter().copied().chain([0x02]).collect::<Vec<u8>>();
        assert!(Numbers { bytes: &too_big }.number().is_err());
        assert!(Numbers { bytes: &[0xFF; 11] }.number().is_err());
        let mut big = Vec::new();
        put_number(&mut big, 1 << 32);
        assert!(Numbers { bytes: &big }.u32().is_err());
    }
}
