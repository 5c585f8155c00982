//! [`CompactRules`]: one crawler's rules in one boxed byte buffer, checked by
//! a scan: what a cache of millions of origins keeps per origin.
//!
//! A compiled policy keeps search tables (tries, the best rule of each node,
//! anchors) that make a check cost about the path's length whatever the number
//! of rules. For the few dozen rules a crawler usually gets, a scan over the
//! rules costs about as much, and the tables weigh more than the file. So this
//! form keeps only what a scan reads, best rule first, so that the first match
//! decides. The rules are in buckets by the first two bytes of their first
//! segment (those shorter go in a bucket of their own, which every path
//! scans): a check scans only its path's bucket and that one, so most rules
//! of a file with many are never read.
//!
//! ```text
//! header   u8      profile (bits 0-1), a group applies (bit 2)
//! buckets  u16 LE  how many buckets of two first bytes
//! per such bucket, by its two bytes:
//!   key    2 bytes the first two bytes of its rules' first segments
//!   start  u32 LE  where its rules start (it ends where the next starts)
//! the bucket of rules whose first segment is shorter than two bytes, then
//! each bucket of two first bytes; in each, per rule, best rank first:
//!   place  u8      the rule's place among all the rules, best first
//!   flags  u8      Allow (bit 0), a final `$` (bit 1), segments after the first (bit 2)
//!   [tail] u8      how many segments after the first (when bit 2 is set)
//!   first  LEB128 length, then the bytes: a prefix of every path the rule matches
//!   tail   LEB128 length, then the bytes, for each later segment (a `*` before each)
//!   id     LEB128  the rule's number in the policy it was built from
//! padding  7 zero bytes, so that the eight bytes at any segment's start can
//!          be read as one word (a rule's first segment is compared with the
//!          path's first eight bytes in one step, which rejects most rules)
//! ```
//!
//! Only a buffer this module wrote is ever read (there is no way in from
//! bytes), so a broken invariant is a bug, and panics with "bug:".

use crate::compile::Gathered;
use crate::ids::{index, RuleId};
use crate::policy::Matcher;
use crate::profile::Profile;
use crate::search::segments::{normalize_path, tail_matches_fast};
use crate::search::url::path_from_url;
use crate::search::verdict::{Reason, Verdict};
use crate::search::view::is_robots_txt;
use crate::sort::sort_by_packed;
use crate::tables::layout::Span;
use alloc::boxed::Box;
use alloc::vec::Vec;
use core::fmt;

/// Header bit: a group applies to the crawler.
const HAS_GROUP: u8 = 1 << 2;
/// Zero bytes after the last rule (see the module's layout).
const PAD: usize = 7;
/// Bytes of a bucket's directory entry: its two first bytes, where it starts.
const BUCKET_ENTRY: usize = 6;
/// Rule flags.
const ALLOW: u8 = 1;
const ANCHORED: u8 = 1 << 1;
const HAS_TAIL: u8 = 1 << 2;

/// One crawler's rules in one boxed byte buffer, checked by a scan over the
/// rules, best first: what a crawler's cache keeps per origin (see
/// `AgentPolicyCache` in robots-fetch), at a fraction of a compiled policy's
/// bytes (usually less than the robots.txt's own).
///
/// It answers [`check`](Self::check) exactly as the [`Matcher`] it was built
/// from: the same verdict, reason and deciding rule number (a number of that
/// policy's: look the rule up there). It keeps no records, lines or groups:
/// ask the policy for those.
///
/// A scan reads only the rules whose first segment starts with the path's
/// first two bytes, and those whose first segment is shorter: it costs one
/// prefix comparison per such rule until the first match, plus a search of
/// the path for each wildcard segment it reaches, so
/// [`CompactRules::of`] declines a crawler with more than [`MAX_RULES`] rules
/// or [`MAX_TAIL_SEGMENTS`] wildcard segments: keep the compiled policy, whose
/// search does not grow with the rules.
///
/// [`MAX_RULES`]: CompactRules::MAX_RULES
/// [`MAX_TAIL_SEGMENTS`]: CompactRules::MAX_TAIL_SEGMENTS
///
/// ```
/// use robots_runtime::{CompactRules, Policy, Profile};
/// let text = "User-agent: *\nDisallow: /private\nAllow: /private/ok\n";
/// let policy = Policy::parse(text, Profile::Rfc9309);
/// let bot = policy.matcher("MyBot");
/// let compact = CompactRules::of(&bot).expect("two rules");
/// assert!(!compact.is_allowed("https://example.com/private/x"));
/// assert!(compact.is_allowed("/private/ok"));
/// assert_eq!(compact.check("/private/x"), bot.check("/private/x"));
/// assert_eq!(compact.rule_count(), 2);
/// assert!(compact.heap_bytes() < text.len());
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct CompactRules {
    bytes: Box<[u8]>,
}

impl CompactRules {
    /// The most rules a crawler may have for [`CompactRules::of`] to accept
    /// it: a check scans up to this many prefixes.
    pub const MAX_RULES: usize = 256;

    /// The most wildcard segments (the literal segments after each `*`,
    /// over all the crawler's rules) [`CompactRules::of`] accepts: a check
    /// may search the whole path for each.
    pub const MAX_TAIL_SEGMENTS: usize = 128;

    /// The rules `matcher`'s crawler gets, or `None` when there are more
    /// than [`MAX_RULES`](Self::MAX_RULES) of them or more than
    /// [`MAX_TAIL_SEGMENTS`](Self::MAX_TAIL_SEGMENTS) wildcard segments.
    pub fn of(matcher: &Matcher<'_>) -> Option<CompactRules> {
        let t = matcher.tables;
        let ids = matcher.group_numbers().iter().flat_map(|g| {
            let Some(group) = t.groups().get(g.get() as usize) else {
                bug_missing_group(g.get())
            };
            group.rules.range()
        });
        let rules = ids.map(|id| {
            let id = index(id);
            let rule = t.found_rule(RuleId(id));
            let (first, tail) = t.found_segments(RuleId(id));
            RuleParts {
                rank: t.found_rank(RuleId(id)),
                id,
                allow: rule.allow(),
                anchored: rule.anchored(),
                first,
                tail,
            }
        });
        encode(t.profile, matcher.has_group(), t.text(), rules)
    }

    /// The rules of the one crawler `gathered` was read for, straight from
    /// the one-pass reading (no tables): what [`CompactRules::of`] gives for
    /// the matcher of the policy built of it, byte for byte, or `None` as it.
    pub(crate) fn of_gathered(gathered: &Gathered) -> Option<CompactRules> {
        let b = &gathered.builder;
        let has_group = gathered.kept.as_ref().is_some_and(|kept| !kept.is_empty());
        // One crawler's builder holds only the rules of the groups that apply,
        // numbered as its policy numbers them.
        let rules = b.rules.iter().enumerate().map(|(id, rule)| {
            let (first, tail) = rule.first_and_tail(&b.segments);
            RuleParts {
                rank: rule.rank,
                id: index(id),
                allow: rule.allow,
                anchored: rule.anchored,
                first,
                tail,
            }
        });
        encode(gathered.profile, has_group, &b.text.0, rules)
    }

    /// The profile the rules are read under.
    pub fn profile(&self) -> Profile {
        match self.header() & 3 {
            0 => Profile::Rfc9309,
            1 => Profile::Google,
            2 => Profile::Draft1996,
            _ => Profile::Original1994,
        }
    }

    /// Whether any group applies to the crawler (as [`Matcher::has_group`]).
    pub fn has_group(&self) -> bool {
        self.header() & HAS_GROUP != 0
    }

    /// How many rules the crawler has.
    pub fn rule_count(&self) -> usize {
        let mut scan = Buckets::of(&self.bytes).all();
        let mut count = 0;
        while scan.next_rule().is_some() {
            count += 1;
        }
        count
    }

    /// The bytes the rules hold on the heap (one allocation).
    pub fn heap_bytes(&self) -> usize {
        self.bytes.len()
    }

    /// Check a URL, read as [`Matcher::check`] reads it (a full URL, or a
    /// path that starts with `/`).
    pub fn check(&self, url: impl AsRef<[u8]>) -> Verdict {
        self.decide(&path_from_url(url.as_ref()))
    }

    /// Check a path that is already `/path?query` (as [`Matcher::check_path`]).
    pub fn check_path(&self, path: impl AsRef<[u8]>) -> Verdict {
        self.decide(path.as_ref())
    }

    /// The verdict for `path` (`/path?query`), best rule first.
    fn decide(&self, path: &[u8]) -> Verdict {
        let profile = self.profile();
        let path = normalize_path(path, profile);
        if profile.robots_txt_always_allowed() && is_robots_txt(&path) {
            return Verdict::without_rule(Reason::RobotsTxt);
        }
        if !self.has_group() {
            return Verdict::without_rule(Reason::NoGroup);
        }
        let buckets = Buckets::of(&self.bytes);
        let head = Head::of(&path);
        // The best match of the path's bucket, then a better one of the
        // short rules' bucket: each is best first, so each first match is
        // its bucket's best.
        let mut best = None;
        if let Some(mut scan) = path.get(..2).and_then(|key| buckets.keyed(key)) {
            best = scan.first_match(&path, head, usize::MAX);
        }
        let before = best
            .as_ref()
            .map_or(usize::MAX, |rule| usize::from(rule.place));
        if let Some(rule) = buckets.short().first_match(&path, head, before) {
            best = Some(rule);
        }
        match best {
            Some(rule) => Verdict {
                allowed: rule.flags & ALLOW != 0,
                rule: Some(RuleId(rule.id)),
                reason: Reason::Rule,
            },
            None => Verdict::without_rule(Reason::NoMatchingRule),
        }
    }

    /// Whether the crawler may fetch `url`.
    pub fn is_allowed(&self, url: impl AsRef<[u8]>) -> bool {
        self.check(url).allowed
    }

    fn header(&self) -> u8 {
        match self.bytes.first() {
            Some(&header) => header,
            None => bug_cut(0),
        }
    }
}

/// The summary `Debug` shows: the profile, the rules, the bytes.
///
/// ```
/// use robots_runtime::{CompactRules, Policy, Profile};
/// let policy = Policy::parse("User-agent: *\nDisallow: /x\n", Profile::Google);
/// let compact = CompactRules::of(&policy.matcher("bot")).unwrap();
/// assert_eq!(format!("{compact:?}"), "CompactRules { profile: Google, rules: 1, bytes: 22 }");
/// ```
impl fmt::Debug for CompactRules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("CompactRules")
            .field("profile", &self.profile())
            .field("rules", &self.rule_count())
            .field("bytes", &self.heap_bytes())
            .finish()
    }
}

fn profile_bits(profile: Profile) -> u8 {
    match profile {
        Profile::Rfc9309 => 0,
        Profile::Google => 1,
        Profile::Draft1996 => 2,
        Profile::Original1994 => 3,
    }
}

/// One rule, as [`encode`] writes it: its segments are spans of the text.
struct RuleParts<'a> {
    rank: u64,
    id: u32,
    allow: bool,
    anchored: bool,
    first: Span,
    tail: &'a [Span],
}

/// The buffer of `rules` (segments in `text`), best rank first, or `None`
/// past [`CompactRules::MAX_RULES`] or [`CompactRules::MAX_TAIL_SEGMENTS`].
fn encode<'a>(
    profile: Profile,
    has_group: bool,
    text: &[u8],
    rules: impl Iterator<Item = RuleParts<'a>>,
) -> Option<CompactRules> {
    let mut parts: Vec<RuleParts<'a>> = Vec::new();
    let mut tail_segments = 0usize;
    for rule in rules {
        tail_segments += rule.tail.len();
        parts.push(rule);
        if parts.len() > CompactRules::MAX_RULES || tail_segments > CompactRules::MAX_TAIL_SEGMENTS
        {
            return None;
        }
    }
    // Best first: ranks are distinct, so the first match is the best.
    let mut order: Vec<(u64, u32)> = parts
        .iter()
        .enumerate()
        .map(|(at, rule)| (rule.rank, index(at)))
        .collect();
    sort_by_packed(&mut order, |&(rank, _)| u128::from(!rank));
    // (bucket key, place in the order, rule): the short rules' bucket
    // (`None`) first, then by key, each best first.
    let mut placed: Vec<(Option<[u8; 2]>, usize, &RuleParts<'a>)> = Vec::new();
    for (place, &(_, at)) in order.iter().enumerate() {
        let Some(rule) = parts.get(at as usize) else {
            bug_cut(at as usize)
        };
        let key = match rule.first.of(text) {
            &[a, b, ..] => Some([a, b]),
            _ => None,
        };
        placed.push((key, place, rule));
    }
    placed.sort_unstable_by_key(|&(key, place, _)| (key, place));
    let keys: Vec<[u8; 2]> = {
        let mut keys: Vec<[u8; 2]> = placed.iter().filter_map(|&(key, _, _)| key).collect();
        keys.dedup();
        keys
    };
    let mut bytes = Vec::new();
    let group = if has_group { HAS_GROUP } else { 0 };
    bytes.push(profile_bits(profile) | group);
    // At most MAX_RULES keys (checked above), so the count fits 16 bits.
    bytes.extend_from_slice(&u16::try_from(keys.len()).unwrap_or(u16::MAX).to_le_bytes());
    let directory = bytes.len();
    bytes.resize(directory + keys.len() * BUCKET_ENTRY, 0);
    let mut bucket = 0;
    let mut previous: Option<[u8; 2]> = None;
    for &(key, place, rule) in &placed {
        if let Some(key) = key.filter(|&k| previous != Some(k)) {
            let entry = directory + bucket * BUCKET_ENTRY;
            let start = u32::try_from(bytes.len()).unwrap_or(u32::MAX).to_le_bytes();
            if let Some(slot) = bytes.get_mut(entry..entry + BUCKET_ENTRY) {
                slot.copy_from_slice(&[key[0], key[1], start[0], start[1], start[2], start[3]]);
            }
            bucket += 1;
            previous = Some(key);
        }
        // At most MAX_RULES places (checked above), so it fits a byte.
        bytes.push(u8::try_from(place).unwrap_or(u8::MAX));
        let mut flags = 0;
        if rule.allow {
            flags |= ALLOW;
        }
        if rule.anchored {
            flags |= ANCHORED;
        }
        if !rule.tail.is_empty() {
            flags |= HAS_TAIL;
        }
        bytes.push(flags);
        if !rule.tail.is_empty() {
            // At most MAX_TAIL_SEGMENTS (checked above), so it fits a byte.
            bytes.push(u8::try_from(rule.tail.len()).unwrap_or(u8::MAX));
        }
        for segment in core::iter::once(&rule.first).chain(rule.tail) {
            let segment = segment.of(text);
            put_number(&mut bytes, index(segment.len()));
            bytes.extend_from_slice(segment);
        }
        put_number(&mut bytes, rule.id);
    }
    bytes.extend_from_slice(&[0; PAD]);
    Some(CompactRules {
        bytes: bytes.into_boxed_slice(),
    })
}

/// Append `n` as LEB128.
fn put_number(bytes: &mut Vec<u8>, mut n: u32) {
    while n >= 0x80 {
        bytes.push((n as u8) | 0x80);
        n >>= 7;
    }
    bytes.push(n as u8);
}

/// A reader over the rules' bytes.
#[derive(Clone, Copy)]
struct Scan<'a> {
    /// The whole buffer, header and padding included.
    bytes: &'a [u8],
    at: usize,
    /// Where the rules end (the padding starts).
    end: usize,
}

/// The path's first eight bytes as a word (zeros past its end), compared
/// with each rule's first eight at once.
#[derive(Clone, Copy)]
struct Head(u64);

impl Head {
    fn of(path: &[u8]) -> Head {
        let mut word = [0u8; 8];
        for (to, &from) in word.iter_mut().zip(path) {
            *to = from;
        }
        Head(u64::from_le_bytes(word))
    }
}

/// One rule, as [`Scan::next_rule`] reads it.
struct ScannedRule<'a> {
    /// Its place among all the rules, best first.
    place: u8,
    flags: u8,
    first: &'a [u8],
    /// The eight buffer bytes at `first`'s start, as a word.
    first_word: u64,
    /// The reader at the first segment after `first`, and how many there are.
    tail: Scan<'a>,
    tail_len: usize,
    id: u32,
}

/// A buffer's buckets: its directory, and where its rules start and end.
struct Buckets<'a> {
    bytes: &'a [u8],
    /// The directory's entries, by key.
    directory: &'a [u8],
    /// Where the rules start (the short rules' bucket first) and end (the
    /// padding starts).
    start: usize,
    end: usize,
}

impl<'a> Buckets<'a> {
    fn of(bytes: &'a [u8]) -> Buckets<'a> {
        let count = match bytes.get(1..3) {
            Some(&[lo, hi]) => usize::from(u16::from_le_bytes([lo, hi])),
            _ => bug_cut(bytes.len()),
        };
        let start = 3 + count * BUCKET_ENTRY;
        let Some(end) = bytes.len().checked_sub(PAD).filter(|&end| end >= start) else {
            bug_cut(bytes.len())
        };
        let Some(directory) = bytes.get(3..start) else {
            bug_cut(bytes.len())
        };
        Buckets {
            bytes,
            directory,
            start,
            end,
        }
    }

    /// Every rule, bucket after bucket.
    fn all(&self) -> Scan<'a> {
        self.scan(self.start, self.end)
    }

    /// The rules whose first segment is shorter than two bytes.
    fn short(&self) -> Scan<'a> {
        let end = match self.directory.len() {
            0 => self.end,
            _ => self.start_of(0),
        };
        self.scan(self.start, end)
    }

    /// The rules whose first segment starts with `key`, if any do.
    fn keyed(&self, key: &[u8]) -> Option<Scan<'a>> {
        let count = self.directory.len() / BUCKET_ENTRY;
        let (mut lo, mut hi) = (0, count);
        while lo < hi {
            let mid = (lo + hi) / 2;
            let at = mid * BUCKET_ENTRY;
            match self.directory.get(at..at + 2) {
                Some(k) if k == key => {
                    let end = if mid + 1 < count {
                        self.start_of(mid + 1)
                    } else {
                        self.end
                    };
                    return Some(self.scan(self.start_of(mid), end));
                }
                Some(k) if k < key => lo = mid + 1,
                Some(_) => hi = mid,
                None => bug_cut(3 + at),
            }
        }
        None
    }

    /// Where bucket `i` of the directory starts.
    fn start_of(&self, i: usize) -> usize {
        let at = i * BUCKET_ENTRY + 2;
        match self.directory.get(at..at + 4) {
            Some(&[a, b, c, d]) => u32::from_le_bytes([a, b, c, d]) as usize,
            _ => bug_cut(3 + at),
        }
    }

    fn scan(&self, at: usize, end: usize) -> Scan<'a> {
        if at < self.start || at > end || end > self.end {
            bug_cut(at);
        }
        Scan {
            bytes: self.bytes,
            at,
            end,
        }
    }
}

impl<'a> Scan<'a> {
    /// The first rule that matches `path` (whose first eight bytes are
    /// `head`) of those placed before `before`.
    #[inline]
    fn first_match(&mut self, path: &[u8], head: Head, before: usize) -> Option<ScannedRule<'a>> {
        while let Some(rule) = self.next_rule() {
            if usize::from(rule.place) >= before {
                return None;
            }
            if rule.matches(path, head) {
                return Some(rule);
            }
        }
        None
    }

    #[inline]
    fn byte(&mut self) -> u8 {
        match self.bytes.get(self.at) {
            Some(&b) => {
                self.at += 1;
                b
            }
            None => bug_cut(self.at),
        }
    }

    #[inline]
    fn number(&mut self) -> u32 {
        let mut n = 0u32;
        let mut shift = 0;
        loop {
            let b = self.byte();
            n |= u32::from(b & 0x7f) << shift;
            if b & 0x80 == 0 {
                return n;
            }
            shift += 7;
            if shift > 28 {
                bug_number(self.at);
            }
        }
    }

    #[inline]
    fn segment(&mut self) -> &'a [u8] {
        let len = self.number() as usize;
        if self.at + len > self.end {
            bug_cut(self.at + len);
        }
        match self.bytes.get(self.at..self.at + len) {
            Some(segment) => {
                self.at += len;
                segment
            }
            None => bug_cut(self.at + len),
        }
    }

    /// The next rule, or `None` at the end.
    #[inline]
    fn next_rule(&mut self) -> Option<ScannedRule<'a>> {
        if self.at >= self.end {
            return None;
        }
        let place = self.byte();
        let flags = self.byte();
        let tail_len = if flags & HAS_TAIL != 0 {
            usize::from(self.byte())
        } else {
            0
        };
        let first = self.segment();
        // A segment is followed by at least the rule's number, then the
        // padding: eight bytes from its start are always there.
        let start = self.at - first.len();
        let first_word = match self.bytes.get(start..start + 8) {
            Some(word) => u64::from_le_bytes(<[u8; 8]>::try_from(word).unwrap_or_default()),
            None => bug_cut(start + 8),
        };
        let tail = *self;
        for _ in 0..tail_len {
            self.segment();
        }
        let id = self.number();
        Some(ScannedRule {
            place,
            flags,
            first,
            first_word,
            tail,
            tail_len,
            id,
        })
    }
}

impl ScannedRule<'_> {
    /// Whether the rule matches the whole (normalised) `path`, whose first
    /// eight bytes are `head`.
    #[inline]
    fn matches(&self, path: &[u8], head: Head) -> bool {
        let n = self.first.len();
        if n > path.len() {
            return false;
        }
        // The first eight bytes at once (those of them the segment has).
        let mask = if n >= 8 {
            u64::MAX
        } else {
            (1u64 << (8 * n)) - 1
        };
        if (head.0 ^ self.first_word) & mask != 0 {
            return false;
        }
        let rest = match (path.get(8..n), self.first.get(8..)) {
            (Some(more), Some(first)) if more != first => return false,
            _ => path.get(n..).unwrap_or_default(),
        };
        let anchored = self.flags & ANCHORED != 0;
        if self.tail_len == 0 {
            return !anchored || rest.is_empty();
        }
        let tail = Tail {
            scan: self.tail,
            left: self.tail_len,
        };
        tail_matches_fast(rest, tail, anchored)
    }
}

/// A rule's segments after its first, read from the buffer.
struct Tail<'a> {
    scan: Scan<'a>,
    left: usize,
}

impl<'a> Iterator for Tail<'a> {
    type Item = &'a [u8];

    fn next(&mut self) -> Option<&'a [u8]> {
        self.left = self.left.checked_sub(1)?;
        Some(self.scan.segment())
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.left, Some(self.left))
    }
}

impl ExactSizeIterator for Tail<'_> {}

#[cold]
#[inline(never)]
fn bug_cut(at: usize) -> ! {
    panic!("bug: compact rules cut short at byte {at}")
}

#[cold]
#[inline(never)]
fn bug_number(at: usize) -> ! {
    panic!("bug: compact rules hold a number longer than 32 bits at byte {at}")
}

#[cold]
#[inline(never)]
fn bug_missing_group(g: u32) -> ! {
    panic!("bug: a rule set names group {g}, which the tables lack")
}

#[cfg(all(test, feature = "std"))]
mod tests {
    use super::*;
    use crate::policy::corpus_cases::{first_middle_last, for_each_case};
    use crate::PolicyBuilder;
    use alloc::string::String;
    use alloc::{format, vec};

    /// Every corpus file, with its URL list, under every profile, for an
    /// unknown crawler and the first, a middle and the last names the file
    /// gives, from the one-crawler policy and from the every-crawler one: the
    /// scan answers as the tables (verdict, reason, rule number), wherever
    /// it accepts the rules.
    #[test]
    fn compact_rules_answer_as_the_tables_on_the_corpus() {
        let (mut checks, mut declined) = (0, 0);
        for_each_case(first_middle_last, |case| {
            let one = PolicyBuilder::new()
                .profile(case.profile)
                .build_for_agent(case.text, case.agent);
            let every = crate::Policy::parse(case.text, case.profile);
            for matcher in [one.matcher(), every.matcher(case.agent)] {
                let Some(compact) = CompactRules::of(&matcher) else {
                    declined += 1;
                    continue;
                };
                assert_eq!(compact.profile(), case.profile);
                assert_eq!(compact.has_group(), matcher.has_group());
                for url in case.urls {
                    assert_eq!(compact.check(url), matcher.check(url), "{}", case.at(url));
                    checks += 1;
                }
            }
        });
        assert!(checks > 1_000_000, "{checks} checks");
        assert!(declined > 0, "the corpus has crawlers over the bounds");
    }

    /// Rules over either bound are declined; at the bounds, accepted.
    #[test]
    fn rules_past_the_bounds_are_declined() {
        let rules = |n: usize, rule: &str| {
            let mut text = String::from("User-agent: *\n");
            for i in 0..n {
                text.push_str(&format!("Disallow: /{i}{rule}\n"));
            }
            crate::Policy::parse(&text, Profile::Rfc9309)
        };
        let of = |p: &crate::Policy| CompactRules::of(&p.matcher("bot")).map(|c| c.rule_count());
        let max = CompactRules::MAX_RULES;
        assert_eq!(of(&rules(max, "")), Some(max));
        assert_eq!(of(&rules(max + 1, "")), None);
        let wild = CompactRules::MAX_TAIL_SEGMENTS / 2;
        assert_eq!(of(&rules(wild, "*a*b")), Some(wild));
        assert_eq!(of(&rules(wild + 1, "*a*b")), None);
    }

    /// The path's bucket and the short rules' bucket (a first segment under
    /// two bytes: `/`, `*…`, `/*…`) compete by rank either way round, paths
    /// shorter than two bytes read only the short bucket, and with
    /// [`MAX_RULES`](CompactRules::MAX_RULES) rules the last one placed is
    /// still reached: the tables' verdicts, reasons and rule numbers.
    #[test]
    fn buckets_answer_as_the_tables() {
        let mut files = vec![
            String::from("User-agent: *\nDisallow: /\nAllow: /a\nAllow: /ab/\nDisallow: /*.pdf$\n"),
            String::from("User-agent: *\nAllow: /*\nDisallow: /a\nDisallow: *x\nAllow: /ax\n"),
            String::from("User-agent: *\nDisallow: $\nDisallow: /b*\nAllow: /*b\nDisallow: /bb$\n"),
        ];
        let mut many = String::from("User-agent: *\n");
        for i in 0..CompactRules::MAX_RULES - 1 {
            many.push_str(&format!("Disallow: /{i:03}/x\n"));
        }
        // The shortest rule of all, so placed last.
        many.push_str("Disallow: /\n");
        let paths = [
            "/",
            "",
            "/a",
            "/ab",
            "/ab/",
            "/ab/c.pdf",
            "/a.pdf",
            "/ax",
            "/x",
            "/b",
            "/bb",
            "/cb",
            "/ab/x",
            "/255/x",
            "/000/x",
            "/000/y",
            "/999",
        ];
        let all = crate::Policy::parse(&many, Profile::Rfc9309);
        let all = CompactRules::of(&all.matcher("bot")).map(|c| c.rule_count());
        assert_eq!(all, Some(CompactRules::MAX_RULES));
        files.push(many);
        for text in &files {
            for profile in Profile::ALL {
                let policy = crate::Policy::parse(text, profile);
                let matcher = policy.matcher("bot");
                let compact = CompactRules::of(&matcher).expect("within the bounds");
                for path in paths {
                    assert_eq!(
                        compact.check(path),
                        matcher.check(path),
                        "[{profile}] {text} {path:?}"
                    );
                }
            }
        }
    }

    /// No group, no rules, and `/robots.txt`: the reasons the tables give.
    #[test]
    fn verdicts_without_a_rule_keep_their_reason() {
        let policy = crate::Policy::parse(
            "User-agent: a\nDisallow: /\n\nUser-agent: b\n",
            Profile::Rfc9309,
        );
        for agent in ["a", "b", "c"] {
            let matcher = policy.matcher(agent);
            let compact = CompactRules::of(&matcher).expect("few rules");
            for url in ["/", "/robots.txt", "/x?robots.txt"] {
                assert_eq!(compact.check(url), matcher.check(url), "{agent} {url}");
            }
        }
    }

    /// A buffer cut short is a broken invariant: the scan panics "bug:",
    /// never answering as if the rules ended there.
    #[test]
    #[should_panic(expected = "bug: compact rules cut short")]
    fn a_cut_buffer_is_a_bug() {
        let policy = crate::Policy::parse("User-agent: *\nDisallow: /private\n", Profile::Rfc9309);
        let compact = CompactRules::of(&policy.matcher("bot")).expect("one rule");
        let mut bytes = compact.bytes.into_vec();
        bytes.truncate(bytes.len() - PAD - 3);
        bytes.extend_from_slice(&[0; PAD]);
        let cut = CompactRules {
            bytes: bytes.into_boxed_slice(),
        };
        cut.check("/private");
    }
}
