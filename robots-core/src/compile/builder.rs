//! The builder of a policy's record tables: rules (with their literal segments),
//! groups, user-agent lines and extension records, all strings in one text table.

use crate::compile::key_sort::first_digit;
use crate::compile::pattern::{compile_segments, google_index_alias, google_plain, may_hold_index};
use crate::document::Document;
use crate::group::agent::{agent_name, names, AgentMatch};
use crate::ids::{index, FileGroup, GroupId};
use crate::parse::{Directive, LineKind, LineReport};
use crate::profile::Profile;
use crate::swar::word;
use crate::tables::layout::{ExtensionRecord, GroupAgentRecord, GroupRecord, Span, U32};
use crate::tables::rank::rank;
use alloc::vec::Vec;

/// The span `start..end` (empty if `end < start`).
#[inline]
pub(crate) fn span_of(start: usize, end: usize) -> Span {
    Span::new(index(start), index(end.saturating_sub(start)))
}

/// A rule as the compiler holds it: what its layout record
/// ([`RuleRecord`](crate::tables::layout::RuleRecord)), extra and line will
/// say, and what building the tries needs besides (its rank, segments and group).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CompiledRule {
    /// 1-based line of the rule.
    pub line: u32,
    /// 1-based byte column of the pattern on that line.
    pub column: u32,
    /// `Allow` (true) or `Disallow` (false).
    pub allow: bool,
    /// Google's `index.htm` alias, derived from the line's `Allow`.
    pub derived: bool,
    /// The rule's specificity (octets), as the profile counts them.
    pub priority: u32,
    /// Higher wins (see [`rank`]).
    pub rank: u64,
    /// The pattern as written (bytes in the policy's text).
    pub pattern: Span,
    /// The literal segments (a range of the builder's segment table).
    pub segments: Span,
    /// A final `$` anchors the pattern.
    pub anchored: bool,
    /// The group the rule belongs to, as the file numbers it (a one-crawler
    /// policy numbers its groups otherwise: see [`Builder::keep_groups`]).
    pub group: FileGroup,
}

impl CompiledRule {
    /// The rule's first literal segment and those after it (each a `*`
    /// later), as spans of the text; `segments` is the builder's table.
    ///
    /// # Panics
    /// With a message starting "bug:" when the rule has no segment: every
    /// compiled rule has one (an empty pattern is no rule), and one without
    /// must never read as "matches every path".
    pub(crate) fn first_and_tail<'s>(&self, segments: &'s [Span]) -> (Span, &'s [Span]) {
        match self.segments.of(segments).split_first() {
            Some((&first, tail)) => (first, tail),
            None => rule_without_segments(self.line),
        }
    }
}

#[cold]
#[inline(never)]
fn rule_without_segments(line: u32) -> ! {
    panic!("bug: the rule of line {line} has no segments")
}

/// The byte table every string of a policy lives in.
#[derive(Clone, Default)]
pub(crate) struct Text(pub(crate) Vec<u8>);

impl Text {
    pub(crate) fn push(&mut self, bytes: &[u8]) -> Span {
        let start = index(self.0.len());
        self.0.extend_from_slice(bytes);
        Span::new(start, index(bytes.len()))
    }
}

/// The patterns already in the text, by a hash of their length and first and
/// last eight bytes, so that a repeated pattern (a group copied under another
/// user-agent line, as many files do) points at the first copy instead of
/// adding another. Direct-mapped and lossy: a slot holds the last pattern that
/// hashed to it, and a hit is confirmed against the text, so it is never wrong
/// and costs a few instructions a rule.
#[derive(Clone)]
struct PatternCache {
    /// `(start, len)` of a pattern in the text; `len` 0 is an empty slot.
    slots: Vec<(u32, u32)>,
    /// The hash's top bits pick the slot: 64 less the slot count's log.
    shift: u32,
}

impl PatternCache {
    /// A cache for a file of `lines` lines: a slot a line, between 16 and 1,024.
    fn new(lines: usize) -> PatternCache {
        let slots = lines.clamp(16, 1 << 16).next_power_of_two();
        PatternCache {
            slots: alloc::vec![(0, 0); slots],
            shift: 64 - slots.trailing_zeros(),
        }
    }

    fn slot(&self, value: &[u8]) -> usize {
        let last = value.len().saturating_sub(8);
        let ends = word(value) ^ word(value.get(last..).unwrap_or_default()).rotate_left(29);
        let hash = (ends ^ value.len() as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        (hash >> self.shift) as usize
    }
}

/// Where `part` starts in `whole`, if it is a slice of it (the same bytes, not an equal copy).
fn within(whole: &[u8], part: &[u8]) -> Option<usize> {
    let at = (part.as_ptr() as usize).checked_sub(whole.as_ptr() as usize)?;
    (at <= whole.len() && part.len() <= whole.len() - at).then_some(at)
}

#[derive(Clone)]
pub(crate) struct Builder {
    pub(crate) profile: Profile,
    pub(crate) text: Text,
    pub(crate) rules: Vec<CompiledRule>,
    pub(crate) segments: Vec<Span>,
    pub(crate) groups: Vec<GroupRecord>,
    pub(crate) group_agents: Vec<GroupAgentRecord>,
    pub(crate) extensions: Vec<ExtensionRecord>,
    /// Per rule, the trie's first sort digit of its first segment.
    pub(crate) heads: Vec<(u64, u8)>,
    /// Patterns in the text, to store a repeated one once.
    patterns: PatternCache,
    /// Only the rules are kept, for a verdict (see [`Builder::for_rules`]):
    /// no pattern cache (the text lives as long as one check) and no sort digits.
    rules_only: bool,
}

/// A compiled rule, before its record: what [`Builder::push_rule`] needs.
struct NewRule {
    allow: bool,
    derived: bool,
    priority: u32,
    anchored: bool,
    /// The pattern as written, in the text table.
    written: Span,
    /// Where its segments start in the segment table.
    segments_start: usize,
}

/// Where the group being built starts in the builder's tables.
pub(crate) struct OpenGroup {
    line: u32,
    agents_start: usize,
    rules_start: usize,
}

impl Builder {
    /// A builder for `input`, with room for what it can hold: one rule per line
    /// at most, and no more text than the input has (escapes aside). Growing a
    /// table copies it, and a large file's tables are megabytes. A pattern
    /// written again is stored once.
    pub(crate) fn new(profile: Profile, input: &[u8]) -> Self {
        let lines = memchr::memchr_iter(b'\n', input).count() + 1;
        Builder {
            patterns: PatternCache::new(lines),
            profile,
            text: Text(Vec::with_capacity(input.len())),
            rules: Vec::with_capacity(lines),
            segments: Vec::with_capacity(lines),
            groups: Vec::new(),
            group_agents: Vec::new(),
            extensions: Vec::new(),
            heads: Vec::with_capacity(lines),
            rules_only: false,
        }
    }

    /// A builder for the rules of one crawler alone (what a verdict reads):
    /// tables that grow as the rules come, none sized for the whole input,
    /// and the smallest pattern cache.
    pub(crate) fn for_rules(profile: Profile) -> Self {
        Builder {
            patterns: PatternCache::new(0),
            profile,
            text: Text(Vec::new()),
            rules: Vec::new(),
            segments: Vec::new(),
            groups: Vec::new(),
            group_agents: Vec::new(),
            extensions: Vec::new(),
            heads: Vec::new(),
            rules_only: true,
        }
    }

    pub(crate) fn add_rule(
        &mut self,
        line: &LineReport,
        group: FileGroup,
        allow: bool,
        derived: bool,
        value: &[u8],
    ) {
        if value.is_empty() {
            // An empty pattern matches nothing, in every profile (and only an
            // empty value reads as one: see below).
            return;
        }
        let text_mark = self.text.0.len();
        let start = self.segments.len();
        // The pattern as written first; a segment that is a slice of it (the
        // common case: nothing to escape) points into it instead of a copy.
        let written = self.push_pattern(value);
        if self.profile == Profile::Google {
            if let Some(plain) = google_plain(value) {
                // Most rules: one segment, the written pattern's prefix (its
                // priority is its length: never 0).
                self.segments
                    .push(Span::new(written.start.get(), index(plain.body.len())));
                let head = first_digit(plain.body);
                let rule = NewRule {
                    allow,
                    derived,
                    priority: plain.priority,
                    anchored: plain.anchored,
                    written,
                    segments_start: start,
                };
                self.push_rule(line, group, rule, head);
                return;
            }
        }
        let (text, segments) = (&mut self.text, &mut self.segments);
        let mut head = None;
        let (priority, anchored) = compile_segments(value, self.profile, |segment| {
            head.get_or_insert_with(|| first_digit(segment));
            let span = match within(value, segment) {
                Some(at) => Span::new(
                    written.start.get().saturating_add(index(at)),
                    index(segment.len()),
                ),
                None => text.push(segment),
            };
            segments.push(span);
        });
        if priority == 0 {
            // An empty pattern matches nothing, in every profile.
            self.text.0.truncate(text_mark);
            self.segments.truncate(start);
            return;
        }
        let rule = NewRule {
            allow,
            derived,
            priority,
            anchored,
            written,
            segments_start: start,
        };
        self.push_rule(line, group, rule, head.unwrap_or_else(|| first_digit(&[])));
    }

    /// Put a rule's pattern in the text, or find it there (see [`PatternCache`]).
    #[inline]
    fn push_pattern(&mut self, value: &[u8]) -> Span {
        if self.rules_only {
            return self.text.push(value);
        }
        let cache = &mut self.patterns;
        let slot = cache.slot(value);
        if let Some(&(start, len)) = cache.slots.get(slot) {
            let seen = self
                .text
                .0
                .get(start as usize..start as usize + len as usize);
            if len != 0 && seen == Some(value) {
                return Span::new(start, len);
            }
        }
        let span = self.text.push(value);
        if let Some(entry) = cache.slots.get_mut(slot) {
            *entry = (span.start.get(), span.len.get());
        }
        span
    }

    /// The record of a compiled rule of `line` (its segments pushed last), with
    /// `head`, its first segment's first sort digit.
    #[inline]
    fn push_rule(&mut self, line: &LineReport, group: FileGroup, rule: NewRule, head: (u64, u8)) {
        if !self.rules_only {
            self.heads.push(head);
        }
        self.rules.push(CompiledRule {
            line: line.number,
            column: line.value_column(),
            allow: rule.allow,
            derived: rule.derived,
            priority: rule.priority,
            rank: rank(
                self.profile,
                rule.priority,
                rule.allow,
                index(self.rules.len()),
            ),
            pattern: rule.written,
            segments: span_of(rule.segments_start, self.segments.len()),
            anchored: rule.anchored,
            group,
        });
    }

    /// Start a group whose first user-agent line is `line`.
    pub(crate) fn open_group(&self, line: u32) -> OpenGroup {
        OpenGroup {
            line,
            agents_start: self.group_agents.len(),
            rules_start: self.rules.len(),
        }
    }

    /// The file's number of the group open now (or of the next, between
    /// groups): the builder holds the file's groups, in file order, until
    /// [`Builder::keep_groups`].
    #[inline]
    pub(crate) fn current_group(&self) -> FileGroup {
        FileGroup(index(self.groups.len()))
    }

    pub(crate) fn add_agent(&mut self, line: &LineReport, value: &[u8]) {
        let value = self.text.push(value);
        self.group_agents.push(GroupAgentRecord {
            line: U32::new(line.number),
            value,
        });
    }

    /// A rule line (allow or disallow) of group `group`. Inlined: the one-pass
    /// compiler calls it for most lines, and it is short (the alias is out of line).
    #[inline]
    pub(crate) fn add_rule_line(&mut self, line: &LineReport, group: FileGroup, value: &[u8]) {
        let allow = line.kind == LineKind::Directive(Directive::Allow);
        self.add_rule(line, group, allow, false, value);
        if allow && self.profile == Profile::Google {
            self.add_index_alias(line, group, value);
        }
    }

    /// Google's index alias of the allow rule `value`, if it has one. Out of line:
    /// the scan in it would cost every rule line registers (disallow lines too).
    #[inline(never)]
    fn add_index_alias(&mut self, line: &LineReport, group: FileGroup, value: &[u8]) {
        // The cheap pre-check first: most allow rules have no `x`.
        if !may_hold_index(value) {
            return;
        }
        if let Some(alias) = google_index_alias(value) {
            self.add_rule(line, group, true, true, &alias);
        }
    }

    pub(crate) fn close_group(&mut self, open: OpenGroup) {
        self.groups.push(GroupRecord {
            line: U32::new(open.line),
            agents: span_of(open.agents_start, self.group_agents.len()),
            rules: span_of(open.rules_start, self.rules.len()),
        });
    }

    /// Add group `file_group` of `doc` (the next group: the builder holds the
    /// file's groups in file order), with its rules and records if `keep_rules`.
    #[allow(clippy::indexing_slicing)] // the document's own group and line numbers
    pub(crate) fn add_group(
        &mut self,
        doc: &Document<'_>,
        file_group: FileGroup,
        keep_rules: bool,
    ) {
        let group = &doc.groups()[file_group.as_usize()];
        let first_line = group
            .agents
            .first()
            .map_or(0, |a| doc.lines()[a.line].number);
        let open = self.open_group(first_line);
        for agent in &group.agents {
            let line = &doc.lines()[agent.line];
            self.add_agent(line, doc.value(line));
        }
        let (rules, records): (&[usize], &[usize]) = if keep_rules {
            (&group.rules, &group.records)
        } else {
            (&[], &[])
        };
        for &line_index in rules {
            let line = &doc.lines()[line_index];
            self.add_rule_line(line, file_group, doc.value(line));
        }
        for &line_index in records {
            let line = &doc.lines()[line_index];
            if let LineKind::Directive(directive) = line.kind {
                self.add_extension(directive, line.number, Some(file_group), doc.value(line));
            }
        }
        self.close_group(open);
    }

    /// Add a record of `group`, or (with `None`) a file-wide one. The record
    /// names its group as a policy of every group does (the file's number);
    /// [`Builder::keep_groups`] renumbers it for one crawler.
    pub(crate) fn add_extension(
        &mut self,
        directive: Directive,
        line: u32,
        group: Option<FileGroup>,
        value: &[u8],
    ) {
        let value = self.text.push(value);
        let mut record = ExtensionRecord {
            directive: directive.code(),
            line: U32::new(line),
            group: U32::new(0),
            value,
        };
        record.set_group(group.map(FileGroup::in_full_policy));
        self.extensions.push(record);
    }
}

impl Builder {
    /// Keep only the groups in `kept` (sorted), renumbered from 0 in file order,
    /// with their rules, user-agent lines and records: a one-crawler policy holds
    /// nothing of the groups that cannot apply to its crawler (a blocklist of a
    /// thousand bots would otherwise be most of it). This also undoes what the
    /// one-pass judgement compiled of other groups (a `*` group, before the group
    /// naming the crawler came), and drops the text only the dropped records used.
    /// The kept rules keep their order, and are ranked by their new numbers.
    /// Of the kept groups' user-agent lines, only those that select the group
    /// for `agent` stay (see [`Builder::keep_agent_lines`]).
    /// Returns the kept groups' ids in the policy. With every group kept
    /// (`kept` lists each group once), nothing else can have been compiled, so
    /// only user-agent lines can go.
    pub(crate) fn keep_groups(&mut self, kept: &[FileGroup], agent: &[u8]) -> Vec<GroupId> {
        let new_numbers = (0..index(kept.len())).map(GroupId).collect();
        if kept.len() == self.groups.len() {
            if self.keep_agent_lines(agent) {
                self.compact_text();
            }
            return new_numbers;
        }
        let renumbered = |g: FileGroup| kept.binary_search(&g).ok().map(|i| GroupId(index(i)));
        let mut segments = Vec::with_capacity(self.segments.len());
        let mut at = 0;
        for i in 0..self.rules.len() {
            let (Some(&rule), Some(&head)) = (self.rules.get(i), self.heads.get(i)) else {
                break;
            };
            if kept.binary_search(&rule.group).is_err() {
                continue;
            }
            let start = segments.len();
            segments.extend_from_slice(rule.segments.of(&self.segments));
            if let (Some(r), Some(h)) = (self.rules.get_mut(at), self.heads.get_mut(at)) {
                *r = CompiledRule {
                    segments: span_of(start, segments.len()),
                    rank: rank(self.profile, rule.priority, rule.allow, index(at)),
                    ..rule
                };
                *h = head;
            }
            at += 1;
        }
        self.rules.truncate(at);
        self.heads.truncate(at);
        self.segments = segments;
        // Rules are in group order: each group's are the next run of its number.
        let mut groups = Vec::with_capacity(kept.len());
        let mut agents = Vec::new();
        let mut next = 0;
        for &g in kept {
            let group = g.of(&self.groups);
            let (rules_start, agents_start) = (next, agents.len());
            while self.rules.get(next).is_some_and(|r| r.group == g) {
                next += 1;
            }
            agents.extend_from_slice(group.agents.of(&self.group_agents));
            groups.push(GroupRecord {
                line: group.line,
                agents: span_of(agents_start, agents.len()),
                rules: span_of(rules_start, next),
            });
        }
        self.groups = groups;
        self.group_agents = agents;
        self.extensions.retain_mut(|e| {
            let Some(group) = e.group_id() else {
                return true;
            };
            renumbered(FileGroup::of_full_policy(group))
                .map(|g| e.set_group(Some(g)))
                .is_some()
        });
        self.keep_agent_lines(agent);
        self.compact_text();
        new_numbers
    }

    /// Keep the rules of the groups `kept` (sorted) only, numbered and ranked
    /// as [`Builder::keep_groups`] numbers them; nothing else is touched (the
    /// segments and text of the dropped rules stay, unused).
    pub(crate) fn keep_rules_of(&mut self, kept: &[FileGroup]) {
        if kept.len() == self.groups.len() {
            // Every group kept: the rules are numbered and ranked already.
            return;
        }
        let profile = self.profile;
        let mut at = 0;
        self.rules.retain_mut(|rule| {
            if kept.binary_search(&rule.group).is_err() {
                return false;
            }
            rule.rank = rank(profile, rule.priority, rule.allow, index(at));
            at += 1;
            true
        });
        self.heads.clear();
    }

    /// Of every group (each one that applies to `agent`), keep the user-agent
    /// lines that select it for `agent`: the lines naming it, or, when no line
    /// names it, the `*` lines. A group that applies keeps at least one. A
    /// one-crawler policy has no use for the other names (a group listing a
    /// hundred AI crawlers would keep all hundred for each). Returns whether
    /// any line went (their text is then unused).
    fn keep_agent_lines(&mut self, agent: &[u8]) -> bool {
        let (profile, text) = (self.profile, &self.text.0);
        let relation = |line: &GroupAgentRecord| match agent_name(line.value.of(text), profile) {
            None => AgentMatch::Any,
            Some(name) if names(profile, name, agent) => AgentMatch::Name,
            Some(_) => AgentMatch::No,
        };
        let named = self
            .group_agents
            .iter()
            .any(|line| relation(line) == AgentMatch::Name);
        let wanted = if named {
            AgentMatch::Name
        } else {
            AgentMatch::Any
        };
        let mut agents = Vec::new();
        for group in &mut self.groups {
            let start = agents.len();
            let lines = group.agents.of(&self.group_agents);
            agents.extend(lines.iter().filter(|line| relation(line) == wanted));
            // A group applies through one of its lines; never leave it none.
            if agents.len() == start {
                agents.extend(lines.first());
            }
            group.agents = span_of(start, agents.len());
        }
        let dropped = agents.len() != self.group_agents.len();
        self.group_agents = agents;
        dropped
    }

    /// Drop the bytes of the text no record refers to, and move every span to
    /// where its bytes went. Linear in the text and the records: a span's bytes
    /// are all kept, so it stays whole, at the number of kept bytes before it.
    fn compact_text(&mut self) {
        let text = &self.text.0;
        let mut used = alloc::vec![0u64; text.len().div_ceil(64)];
        let spans = self
            .rules
            .iter()
            .map(|r| r.pattern)
            .chain(self.segments.iter().copied())
            .chain(self.group_agents.iter().map(|a| a.value))
            .chain(self.extensions.iter().map(|e| e.value));
        for span in spans {
            for at in span.range() {
                if let Some(bits) = used.get_mut(at / 64) {
                    *bits |= 1 << (at % 64);
                }
            }
        }
        // The kept bytes before each word of `used`.
        let mut before = Vec::with_capacity(used.len());
        let mut kept = 0u32;
        for bits in &used {
            before.push(kept);
            kept += bits.count_ones();
        }
        if kept as usize == text.len() {
            return;
        }
        let moved = |at: u32| {
            let (word, bit) = (at as usize / 64, at % 64);
            let below = used.get(word).map_or(0, |bits| bits & ((1u64 << bit) - 1));
            before.get(word).map_or(kept, |b| b + below.count_ones())
        };
        let mut compact = Vec::with_capacity(kept as usize);
        for (at, &byte) in text.iter().enumerate() {
            if used
                .get(at / 64)
                .is_some_and(|bits| bits & (1 << (at % 64)) != 0)
            {
                compact.push(byte);
            }
        }
        let mut move_span = |span: &mut Span| span.start = U32::new(moved(span.start.get()));
        self.rules
            .iter_mut()
            .for_each(|r| move_span(&mut r.pattern));
        self.segments.iter_mut().for_each(&mut move_span);
        self.group_agents
            .iter_mut()
            .for_each(|a| move_span(&mut a.value));
        self.extensions
            .iter_mut()
            .for_each(|e| move_span(&mut e.value));
        self.text.0 = compact;
        // The cache's spans are of the old text.
        self.patterns
            .slots
            .iter_mut()
            .for_each(|slot| *slot = (0, 0));
    }
}
