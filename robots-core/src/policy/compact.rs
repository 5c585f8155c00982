//! [`CompactRules`]: one crawler's rules in one boxed byte buffer, checked by
//! a scan: what a cache of millions of origins keeps per origin.
//!
//! A compiled policy keeps search tables (tries, the best rule of each node,
//! anchors) that make a check cost about the path's length whatever the number
//! of rules. For the few dozen rules a crawler usually gets, a scan over the
//! rules costs about as much, and the tables weigh more than the file. So this
//! form keeps only what a scan reads, best rule first, so that the first match
//! decides:
//!
//! ```text
//! header   u8      profile (bits 0-1), a group applies (bit 2)
//! per rule, best rank first:
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
use crate::policy::first_verdict::rule_without_segments;
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
/// A scan costs one prefix comparison per rule until the first match, plus a
/// search of the path for each wildcard segment it reaches, so
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
            let Some((&first, tail)) = rule.segments.of(&b.segments).split_first() else {
                rule_without_segments(rule.line)
            };
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
        let mut scan = Scan::of(&self.bytes);
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
        let mut scan = Scan::of(&self.bytes);
        let head = Head::of(&path);
        while let Some(rule) = scan.next_rule() {
            if rule.matches(&path, head) {
                return Verdict {
                    allowed: rule.flags & ALLOW != 0,
                    rule: Some(RuleId(rule.id)),
                    reason: Reason::Rule,
                };
            }
        }
        Verdict::without_rule(Reason::NoMatchingRule)
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
/// assert_eq!(format!("{compact:?}"), "CompactRules { profile: Google, rules: 1, bytes: 13 }");
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
    let mut bytes = Vec::new();
    let group = if has_group { HAS_GROUP } else { 0 };
    bytes.push(profile_bits(profile) | group);
    for &(_, at) in &order {
        let Some(rule) = parts.get(at as usize) else {
            bug_cut(at as usize)
        };
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
    flags: u8,
    first: &'a [u8],
    /// The eight buffer bytes at `first`'s start, as a word.
    first_word: u64,
    /// The reader at the first segment after `first`, and how many there are.
    tail: Scan<'a>,
    tail_len: usize,
    id: u32,
}

impl<'a> Scan<'a> {
    /// The rules of a whole buffer (after the header, before the padding).
    fn of(bytes: &'a [u8]) -> Scan<'a> {
        let Some(end) = bytes.len().checked_sub(PAD).filter(|&end| end >= 1) else {
            bug_cut(bytes.len())
        };
        Scan { bytes, at: 1, end }
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
    use alloc::format;
    use alloc::string::String;

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
