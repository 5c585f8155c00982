//! The byte form of a policy: one buffer holding every table, the form a policy
//! built at run time keeps, [`Policy::to_bytes`](crate::Policy::to_bytes) writes
//! and [`PolicyRef::from_bytes`](crate::PolicyRef::from_bytes) reads in place.
//!
//! ```text
//! header   magic "ROBOTPOL" (8 bytes), version (u16), flags (u8), profile (u8),
//!          a CRC-32 of the whole buffer taken with this field zeroed (u32),
//!          then as LEB128 numbers: the any-set, the one-crawler selection (with
//!          FLAG_AGENT), and the number of entries of each table and of the
//!          crawler's name
//! tables   each table's records, one after another, in a fixed order (the
//!          region a [`Tables`] reads), then the crawler's name
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
    NodeWild, RuleExtra, RuleRecord, RuleSet, SetRoot, Span, TruncationRecord, WildRoot, U32,
};
use crate::tables::validate::LayoutError;
use crate::tables::view::{Tables, SIZES, TABLE_COUNT};
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;
use zerocopy::IntoBytes;

/// The first eight bytes of every serialised policy.
pub const MAGIC: [u8; 8] = *b"ROBOTPOL";

/// The format version this build writes and reads. Version 6 keeps rule lines
/// apart from the rule records, a byte a rule past a base per block. Version 5
/// keeps the truncation as a table of its own, not in the header. Version 4 has four-byte
/// leaves, which read their labels from their rules; version 3 has twelve-byte
/// rule records (with `rule_extras` for the rules they cannot describe);
/// version 2 filed wildcard rules under anchors where version 1 had a pair index.
pub const VERSION: u16 = 7;

/// The number of parts after the header: the tables, and the crawler's name of
/// a one-crawler policy.
const PART_COUNT: usize = TABLE_COUNT + 1;

/// The header flag of a one-crawler policy.
const FLAG_AGENT: u8 = 1;

/// The header's fixed part: magic, version, flags, profile, checksum.
const FIXED_HEADER: usize = 16;
/// Where the checksum field lies in the header.
const CHECKSUM_AT: usize = 12;

/// Append `n` as an unsigned LEB128 number (seven bits a byte, low first).
#[cfg_attr(robots_size, optimize(size))]
fn put_number(out: &mut Vec<u8>, mut n: u64) {
    while n >= 0x80 {
        out.push((n as u8 & 0x7F) | 0x80);
        n >>= 7;
    }
    out.push(n as u8);
}

/// `NONE`-or-index fields are written plus one, so that `NONE` takes one byte.
#[cfg_attr(robots_size, optimize(size))]
fn put_index(out: &mut Vec<u8>, n: u32) {
    put_number(out, u64::from(n.wrapping_add(1)));
}

/// A reader of the header's LEB128 numbers.
struct Numbers<'b> {
    bytes: &'b [u8],
}

impl Numbers<'_> {
    #[cfg_attr(robots_size, optimize(size))]
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

    #[cfg_attr(robots_size, optimize(size))]
    fn u32(&mut self) -> Result<u32, LayoutError> {
        let n = self.number()?;
        u32::try_from(n).map_err(|_| error(format!("header number {n} is too large")))
    }

    /// An index or `NONE` (see [`put_index`]).
    #[cfg_attr(robots_size, optimize(size))]
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
    pub(crate) set_roots: Vec<SetRoot>,
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
    pub(crate) lines: Vec<u8>,
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

impl TableVecs {
    /// Every table's bytes, in region order.
    fn parts<'t>(&'t self, truncations: &'t [TruncationRecord]) -> [&'t [u8]; TABLE_COUNT] {
        [
            &self.text,
            self.agents.as_bytes(),
            self.sets.as_bytes(),
            self.set_roots.as_bytes(),
            self.set_groups.as_bytes(),
            self.inners.as_bytes(),
            self.leaves.as_bytes(),
            &self.wide,
            self.exact.as_bytes(),
            self.node_wild.as_bytes(),
            self.wild_rules.as_bytes(),
            self.wild_roots.as_bytes(),
            self.anchors.as_bytes(),
            self.anchor_rules.as_bytes(),
            self.rules.as_bytes(),
            self.rule_extras.as_bytes(),
            self.segments.as_bytes(),
            self.groups.as_bytes(),
            self.group_agents.as_bytes(),
            self.extensions.as_bytes(),
            truncations.as_bytes(),
            &self.lines,
        ]
    }

    /// The byte form of the tables (checksum zero, no one-crawler part).
    #[cfg(test)]
    #[cfg_attr(robots_size, optimize(size))]
    pub(crate) fn encode(
        &self,
        profile: Profile,
        any_set: u32,
        truncation: Option<TruncationRecord>,
    ) -> Vec<u8> {
        let parts = self.parts(truncation.as_slice());
        write(parts, counts_of(&parts), profile, any_set, None)
    }

    /// The tables as one region (what [`Tables::new`] reads), with their
    /// record counts. The text, the first table and most often the largest,
    /// becomes the region, so a large policy is not copied whole.
    pub(crate) fn into_region(
        mut self,
        truncation: Option<TruncationRecord>,
    ) -> (Vec<u8>, [usize; TABLE_COUNT]) {
        let truncations = truncation.as_slice();
        let counts = counts_of(&self.parts(truncations));
        let mut region = core::mem::take(&mut self.text);
        let parts = self.parts(truncations);
        region.reserve_exact(parts.iter().map(|p| p.len()).sum());
        for part in parts {
            region.extend_from_slice(part);
        }
        (region, counts)
    }
}

/// The record count of each table, from its bytes.
fn counts_of(parts: &[&[u8]; TABLE_COUNT]) -> [usize; TABLE_COUNT] {
    let mut counts = [0; TABLE_COUNT];
    for ((count, part), size) in counts.iter_mut().zip(parts).zip(SIZES) {
        *count = part.len() / size;
    }
    counts
}

/// One buffer: the header (checksum zero), then every table, then for a
/// one-crawler policy the crawler's name.
#[cfg_attr(robots_size, optimize(size))]
pub(crate) fn encode(t: &Tables<'_>, agent: Option<AgentPart<'_>>) -> Vec<u8> {
    write(t.parts(), t.counts(), t.profile, t.any_set, agent)
}

/// The byte form of tables given as their bytes and record counts.
#[cfg_attr(robots_size, optimize(size))]
fn write(
    parts: [&[u8]; TABLE_COUNT],
    counts: [usize; TABLE_COUNT],
    profile: Profile,
    any_set: u32,
    agent: Option<AgentPart<'_>>,
) -> Vec<u8> {
    let name = agent.map_or(&[][..], |a| a.name);
    let flags = if agent.is_some() { FLAG_AGENT } else { 0 };
    let mut header = Vec::with_capacity(FIXED_HEADER + 16 + 2 * PART_COUNT);
    header.extend_from_slice(&MAGIC);
    header.extend_from_slice(&VERSION.to_le_bytes());
    header.push(flags);
    header.push(profile_code(profile));
    header.extend_from_slice(&[0; 4]);
    put_index(&mut header, any_set);
    if let Some(agent) = agent {
        put_index(&mut header, agent.set);
        put_index(&mut header, agent.root);
    }
    for n in counts.into_iter().chain([name.len()]) {
        put_number(&mut header, n as u64);
    }
    // Sized exactly: a policy keeps this buffer, and a crawler keeps millions.
    let total: usize = parts.iter().map(|p| p.len()).sum::<usize>() + name.len();
    let mut out = Vec::with_capacity(header.len() + total);
    out.extend_from_slice(&header);
    for part in parts.into_iter().chain([name]) {
        out.extend_from_slice(part);
    }
    out
}

/// The CRC-32 of `buffer`, taken with the header's checksum field zeroed.
#[allow(clippy::indexing_slicing)] // `min(4)` keeps the slice within the four zero bytes
#[cfg_attr(robots_size, optimize(size))]
pub(crate) fn checksum(buffer: &[u8]) -> u32 {
    let (head, rest) = buffer.split_at(CHECKSUM_AT.min(buffer.len()));
    crc32(&[
        head,
        &[0; 4][..rest.len().min(4)],
        rest.get(4..).unwrap_or_default(),
    ])
}

/// The CRC-32 (ISO-HDLC, as zlib's) of `parts` one after the other, with
/// crc32fast (SIMD where the CPU has it).
#[cfg(not(target_arch = "wasm32"))]
#[cfg_attr(robots_size, optimize(size))]
fn crc32(parts: &[&[u8]]) -> u32 {
    let mut hasher = crc32fast::Hasher::new();
    for part in parts {
        hasher.update(part);
    }
    hasher.finalize()
}

/// The same CRC-32 in WebAssembly, with the `crc` crate's byte-at-a-time
/// table: 1 KB of module where crc32fast's tables are 16 KB.
#[cfg(any(target_arch = "wasm32", test))]
fn crc32_small(parts: &[&[u8]]) -> u32 {
    const CRC32: crc::Crc<u32, crc::Table<1>> =
        crc::Crc::<u32, crc::Table<1>>::new(&crc::CRC_32_ISO_HDLC);
    let mut digest = CRC32.digest();
    for part in parts {
        digest.update(part);
    }
    digest.finalize()
}

#[cfg(target_arch = "wasm32")]
use crc32_small as crc32;

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
    if flags & !FLAG_AGENT != 0 {
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
    let mut counts = [0usize; TABLE_COUNT];
    for count in &mut counts {
        *count = usize::try_from(numbers.u32()?).unwrap_or(usize::MAX);
    }
    let name_len = usize::try_from(numbers.u32()?).unwrap_or(usize::MAX);
    let rest = numbers.bytes;
    let mut region_len = 0usize;
    for (i, (&count, &size)) in counts.iter().zip(&SIZES).enumerate() {
        region_len = count
            .checked_mul(size)
            .and_then(|len| region_len.checked_add(len))
            .filter(|&end| end <= rest.len())
            .ok_or_else(|| error(format!("table {i} ({count} entries) is past the end")))?;
    }
    let (region, name) = rest.split_at(region_len);
    if name.len() != name_len {
        return Err(error(if name.len() < name_len {
            format!("the crawler's name ({name_len} bytes) is past the end")
        } else {
            format!("{} bytes past the last table", name.len() - name_len)
        }));
    }
    if agent_set.is_none() && !name.is_empty() {
        return Err(error("a crawler's name in a policy for every crawler"));
    }
    let agent = agent_set.map(|(set, root)| AgentPart { name, set, root });
    let tables = Tables::new(region, &counts, profile, any_set)
        .ok_or_else(|| error("the tables do not fill their part of the buffer"))?;
    Ok((tables, agent))
}

#[cfg(test)]
mod tests {
    use super::{crc32, crc32_small, decode, put_index, put_number, Numbers};
    use crate::parse::Directive;
    use crate::policy::Policy;
    use crate::profile::Profile;
    use alloc::format;
    use alloc::string::String;
    use alloc::vec::Vec;

    /// Each directive's number in the byte form, as stored: `Directive::ALL`
    /// is append-only (a new directive takes the next number).
    const DIRECTIVE_NUMBERS: [(&str, u8); 18] = [
        ("user-agent", 0),
        ("allow", 1),
        ("disallow", 2),
        ("sitemap", 3),
        ("crawl-delay", 4),
        ("request-rate", 5),
        ("visit-time", 6),
        ("host", 7),
        ("clean-param", 8),
        ("comment", 9),
        ("robot-version", 10),
        ("noindex", 11),
        ("nofollow", 12),
        ("noarchive", 13),
        ("content-signal", 14),
        ("content-usage", 15),
        ("llm-policy", 16),
        ("license", 17),
    ];

    /// Each profile's number in the byte form's header: `Profile::ALL` is
    /// append-only.
    const PROFILE_NUMBERS: [(&str, u8); 4] = [
        ("rfc9309", 0),
        ("google", 1),
        ("draft1996", 2),
        ("original1994", 3),
    ];

    /// The byte form stores each directive and profile under its number: a
    /// record of every kind, written and read back, carries the pinned
    /// number, and so does a policy of every profile. Moving an entry of
    /// `Directive::ALL` or `Profile::ALL` fails here.
    #[test]
    fn numbers_in_the_byte_form_are_pinned() {
        for (name, number) in DIRECTIVE_NUMBERS {
            let directive = Directive::from_code(number).expect("a directive");
            assert_eq!(directive.name(), name, "directive number {number}");
            assert_eq!(directive.code(), number, "{name}");
        }
        // One line of each directive, its value naming it; what the policy
        // keeps as records is read back from the bytes.
        let mut text = String::from("User-agent: *\n");
        for d in Directive::ALL {
            text.push_str(&format!("{}: https://example.com/{}\n", d.name(), d.name()));
        }
        for profile in Profile::ALL {
            let bytes = Policy::parse(&text, profile).to_bytes();
            let (tables, _) = decode(&bytes, true).expect("its own bytes");
            let mut seen = Vec::new();
            for record in tables.extensions() {
                let value = tables.bytes(record.value);
                let (name, number) = DIRECTIVE_NUMBERS
                    .into_iter()
                    .find(|(name, _)| value.ends_with(format!("/{name}").as_bytes()))
                    .expect("a record of a line above");
                assert_eq!(record.directive, number, "{name} [{profile}]");
                seen.push(name);
            }
            assert!(seen.len() >= 8, "records of {seen:?} [{profile}]");
        }
        for (name, number) in PROFILE_NUMBERS {
            let profile = Profile::ALL
                .into_iter()
                .find(|p| p.name() == name)
                .expect("a profile");
            let bytes = Policy::parse("User-agent: *\nDisallow: /a\n", profile).to_bytes();
            assert_eq!(bytes.get(11), Some(&number), "{name}");
            let (tables, _) = decode(&bytes, true).expect("its own bytes");
            assert_eq!(tables.profile, profile);
        }
    }

    /// The WebAssembly build's checksum is crc32fast's, byte for byte: a byte
    /// form written by one loads in the other.
    #[test]
    fn both_checksums_are_the_same_crc32() {
        assert_eq!(crc32_small(&[b"123456789"]), 0xCBF4_3926);
        let bytes: Vec<u8> = (0..5000u32)
            .map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8)
            .collect();
        for cut in [0, 1, 7, 16, 17, 4096, 5000] {
            let (a, b) = bytes.split_at(cut);
            assert_eq!(crc32_small(&[a, b]), crc32(&[a, b]), "cut at {cut}");
            assert_eq!(crc32_small(&[a]), crc32(&[a]), "first {cut}");
        }
        assert_eq!(crc32_small(&[]), crc32(&[]));
    }

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
