//! Building a policy's tables from a parsed document.

use crate::agent::names;
use crate::crawler_groups::{groups_of_agent, Judge};
use crate::directive::Directive;
use crate::document::{Document, ParseOptions};
use crate::extension::{
    check_sitemap_url, parse_clean_param, parse_crawl_delay, parse_host, parse_request_rate,
    parse_visit_time,
};
use crate::group::{AgentToken, Grouper, Step};
use crate::lex::lex_each;
use crate::pattern::{compile_segments, google_index_alias, google_plain, may_hold_index};
use crate::policy::{
    AgentEntry, ExtensionRecord, ExtensionValue, GroupAgentRecord, GroupRecord, Policy, RuleRecord,
    RuleSet, NONE,
};
use crate::profile::Profile;
use crate::report::LineReport;
use crate::search_tables::{self, Tries};
use crate::table::{Span, Table};
use crate::trie::{first_digit, TrieBuilder};
use alloc::vec::Vec;
use core::ops::Range;

fn index(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(NONE - 1)
}

/// The byte table every string of a policy lives in.
#[derive(Default)]
struct Text(Vec<u8>);

impl Text {
    fn push(&mut self, bytes: &[u8]) -> Span {
        let start = index(self.0.len());
        self.0.extend_from_slice(bytes);
        Span {
            start,
            len: index(bytes.len()),
        }
    }
}

/// Where `part` starts in `whole`, if it is a slice of it (the same bytes, not an equal copy).
fn within(whole: &[u8], part: &[u8]) -> Option<usize> {
    let at = (part.as_ptr() as usize).checked_sub(whole.as_ptr() as usize)?;
    (at <= whole.len() && part.len() <= whole.len() - at).then_some(at)
}

/// A table built in a vector sized for the worst case, without the spare room.
fn fitted<T>(mut table: Vec<T>) -> Table<T> {
    table.shrink_to_fit();
    table.into()
}

fn span_of(start: usize, end: usize) -> Span {
    Span {
        start: index(start),
        len: index(end.saturating_sub(start)),
    }
}

fn rank(profile: Profile, priority: u32, allow: bool, order: u32) -> u64 {
    let earlier = u64::from(u32::MAX - order);
    if profile.first_match_wins() {
        earlier
    } else {
        (u64::from(priority) << 33) | (u64::from(allow) << 32) | earlier
    }
}

struct Builder {
    profile: Profile,
    text: Text,
    rules: Vec<RuleRecord>,
    segments: Vec<Span>,
    groups: Vec<GroupRecord>,
    group_agents: Vec<GroupAgentRecord>,
    extensions: Vec<ExtensionRecord>,
    order: u32,
    /// Per rule, the trie's first sort digit of its first segment.
    heads: Vec<(u64, u8)>,
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
struct OpenGroup {
    line: u32,
    agents_start: usize,
    rules_start: usize,
}

impl Builder {
    /// A builder for `input`, with room for what it can hold: one rule per line
    /// at most, and no more text than the input has (escapes aside). Growing a
    /// table copies it, and a large file's tables are megabytes.
    fn new(profile: Profile, input: &[u8]) -> Self {
        let lines = memchr::memchr_iter(b'\n', input).count() + 1;
        Builder {
            profile,
            text: Text(Vec::with_capacity(input.len())),
            rules: Vec::with_capacity(lines),
            segments: Vec::with_capacity(lines),
            groups: Vec::new(),
            group_agents: Vec::new(),
            extensions: Vec::new(),
            order: 0,
            heads: Vec::with_capacity(lines),
        }
    }

    fn add_rule(
        &mut self,
        line: &LineReport,
        group: u32,
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
        let written = self.text.push(value);
        if self.profile == Profile::Google {
            if let Some(plain) = google_plain(value) {
                // Most rules: one segment, the written pattern's prefix (its
                // priority is its length: never 0).
                self.segments.push(Span {
                    start: written.start,
                    len: index(plain.body.len()),
                });
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
                Some(at) => Span {
                    start: written.start.saturating_add(index(at)),
                    len: index(segment.len()),
                },
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

    /// The record of a compiled rule of `line` (its segments pushed last), with
    /// `head`, its first segment's first sort digit.
    #[inline]
    fn push_rule(&mut self, line: &LineReport, group: u32, rule: NewRule, head: (u64, u8)) {
        self.heads.push(head);
        self.rules.push(RuleRecord {
            line: line.number,
            column: line.value_column(),
            allow: rule.allow,
            derived: rule.derived,
            priority: rule.priority,
            rank: rank(self.profile, rule.priority, rule.allow, self.order),
            pattern: rule.written,
            segments: span_of(rule.segments_start, self.segments.len()),
            anchored: rule.anchored,
            group,
        });
    }

    /// Start a group whose first user-agent line is `line`.
    fn open_group(&self, line: u32) -> OpenGroup {
        OpenGroup {
            line,
            agents_start: self.group_agents.len(),
            rules_start: self.rules.len(),
        }
    }

    fn add_agent(&mut self, line: &LineReport, value: &[u8]) {
        let value = self.text.push(value);
        self.group_agents.push(GroupAgentRecord {
            line: line.number,
            value,
        });
    }

    /// A rule line (allow or disallow) of group `group`. Inlined: the one-pass
    /// compiler calls it for most lines, and it is short (the alias is out of line).
    #[inline]
    fn add_rule_line(&mut self, line: &LineReport, group: u32, value: &[u8]) {
        let allow = line.kind == crate::LineKind::Directive(Directive::Allow);
        self.add_rule(line, group, allow, false, value);
        if allow && self.profile == Profile::Google {
            self.add_index_alias(line, group, value);
        }
        self.order = self.order.saturating_add(1);
    }

    /// Google's index alias of the allow rule `value`, if it has one. Out of line:
    /// the scan in it would cost every rule line registers (disallow lines too).
    #[inline(never)]
    fn add_index_alias(&mut self, line: &LineReport, group: u32, value: &[u8]) {
        // The cheap pre-check first: most allow rules have no `x`.
        if !may_hold_index(value) {
            return;
        }
        if let Some(alias) = google_index_alias(value) {
            self.add_rule(line, group, true, true, &alias);
        }
    }

    fn close_group(&mut self, open: OpenGroup) {
        self.groups.push(GroupRecord {
            line: open.line,
            agents: span_of(open.agents_start, self.group_agents.len()),
            rules: span_of(open.rules_start, self.rules.len()),
        });
    }

    fn add_group(&mut self, doc: &Document<'_>, at: usize, keep_rules: bool) {
        let group = &doc.groups()[at];
        let group_id = index(at);
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
            self.add_rule_line(line, group_id, doc.value(line));
        }
        for &line_index in records {
            let line = &doc.lines()[line_index];
            if let crate::LineKind::Directive(directive) = line.kind {
                self.add_extension(directive, line.number, group_id, doc.value(line));
            }
        }
        self.close_group(open);
    }

    fn add_extension(&mut self, directive: Directive, line: u32, group: u32, value: &[u8]) {
        let ok = |r: Result<(), _>| match r {
            Ok(()) => ExtensionValue::Text,
            Err(_) => ExtensionValue::Invalid,
        };
        let parsed =
            match directive {
                Directive::CrawlDelay => parse_crawl_delay(value)
                    .map_or(ExtensionValue::Invalid, ExtensionValue::CrawlDelay),
                Directive::RequestRate => parse_request_rate(value)
                    .map_or(ExtensionValue::Invalid, ExtensionValue::RequestRate),
                Directive::VisitTime => parse_visit_time(value)
                    .map_or(ExtensionValue::Invalid, ExtensionValue::VisitTime),
                Directive::Sitemap => ok(check_sitemap_url(value)),
                Directive::Host => ok(parse_host(value).map(|_| ())),
                Directive::CleanParam => ok(parse_clean_param(value).map(|_| ())),
                _ => ExtensionValue::Text,
            };
        let value = self.text.push(value);
        self.extensions.push(ExtensionRecord {
            directive,
            line,
            group,
            value,
            parsed,
        });
    }
}

/// Which groups each crawler name selects, and the `*` groups.
#[derive(Default)]
struct Selection {
    /// The lower-cased names, one after another.
    names: Vec<u8>,
    /// The group lists, one after another.
    lists: Vec<u32>,
    /// (name, groups, `*`) as ranges of `names` and `lists`, in the order the
    /// profile resolves them.
    named: Vec<(Range<usize>, Range<usize>, bool)>,
    any: Vec<u32>,
}

impl Selection {
    /// Each (lower-cased name as matched, groups, `*`) in order.
    fn entries(&self) -> impl Iterator<Item = (&[u8], &[u32], bool)> + '_ {
        self.named.iter().map(|(name, groups, any)| {
            (
                self.names.get(name.clone()).unwrap_or_default(),
                self.lists.get(groups.clone()).unwrap_or_default(),
                *any,
            )
        })
    }

    /// Add a name with one group.
    fn push(&mut self, name: &[u8], group: u32, any: bool) {
        let start = self.names.len();
        self.names.extend_from_slice(name);
        let first = self.lists.len();
        self.lists.push(group);
        self.named
            .push((start..self.names.len(), first..self.lists.len(), any));
    }
}

/// The selection of the user-agent lines `agents` (group, token), in file order;
/// names are byte ranges of `input`.
fn select<'t>(
    input: &[u8],
    agents: impl Iterator<Item = (usize, &'t AgentToken)>,
    profile: Profile,
) -> Selection {
    let name = |r: &Range<usize>| input.get(r.clone()).unwrap_or_default();
    let mut out = Selection::default();
    if profile.substring_agents() {
        // Legacy: records are tried in file order, each on its own.
        for (g, token) in agents {
            match token {
                AgentToken::Any => out.push(&[], index(g), true),
                AgentToken::Named(r) => {
                    let lower = name(r).to_ascii_lowercase();
                    out.push(&lower, index(g), false);
                }
            }
        }
        return out;
    }
    // Every name lower-cased into one buffer, then sorted (stably, so each name's
    // groups stay in file order): the order and lists a map by name would give.
    let mut lower: Vec<u8> = Vec::new();
    let mut lines: Vec<(Range<usize>, u32)> = Vec::new();
    for (g, token) in agents {
        let g = index(g);
        match token {
            AgentToken::Any => {
                if out.any.last() != Some(&g) {
                    out.any.push(g);
                }
            }
            AgentToken::Named(r) => {
                let start = lower.len();
                lower.extend(name(r).iter().map(u8::to_ascii_lowercase));
                lines.push((start..lower.len(), g));
            }
        }
    }
    let text = |r: &Range<usize>| lower.get(r.clone()).unwrap_or_default();
    lines.sort_by(|a, b| text(&a.0).cmp(text(&b.0)));
    let mut previous: Option<&[u8]> = None;
    for (r, g) in &lines {
        if previous == Some(text(r)) {
            // The same name again: one more group, unless it is the same group.
            if out.lists.last() != Some(g) {
                out.lists.push(*g);
                if let Some(last) = out.named.last_mut() {
                    last.1.end = out.lists.len();
                }
            }
        } else {
            out.push(text(r), *g, false);
            previous = Some(text(r));
        }
    }
    out
}

fn document_agents<'d>(doc: &'d Document<'_>) -> impl Iterator<Item = (usize, &'d AgentToken)> {
    doc.groups()
        .iter()
        .enumerate()
        .flat_map(|(g, group)| group.agents.iter().map(move |a| (g, &a.token)))
}

/// The group lists asked for as rule sets, in order, one after another.
#[derive(Default)]
struct Requests {
    groups: Vec<u32>,
    spans: Vec<core::ops::Range<usize>>,
}

impl Requests {
    /// Note a list; returns its request number.
    fn ask(&mut self, groups: &[u32]) -> u32 {
        let start = self.groups.len();
        self.groups.extend_from_slice(groups);
        self.spans.push(start..self.groups.len());
        index(self.spans.len() - 1)
    }

    fn list(&self, request: usize) -> &[u32] {
        self.spans
            .get(request)
            .and_then(|r| self.groups.get(r.clone()))
            .unwrap_or_default()
    }

    /// The set number of each request (equal lists share the number of the first
    /// of them; numbers follow first requests), and each set's list.
    fn sets(&self) -> (Vec<u32>, Vec<&[u32]>) {
        let n = self.spans.len();
        let mut by_list: Vec<usize> = (0..n).collect();
        // Equal lists end up together, the first request first.
        by_list.sort_unstable_by(|&a, &b| self.list(a).cmp(self.list(b)).then(a.cmp(&b)));
        let mut first = alloc::vec![0usize; n];
        let mut run_first = 0;
        for (i, &r) in by_list.iter().enumerate() {
            let starts_run = i == 0
                || by_list
                    .get(i - 1)
                    .map_or(true, |&p| self.list(p) != self.list(r));
            if starts_run {
                run_first = r;
            }
            if let Some(f) = first.get_mut(r) {
                *f = run_first;
            }
        }
        let mut set_of = alloc::vec![NONE; n];
        let mut lists = Vec::new();
        for r in 0..n {
            let f = first.get(r).copied().unwrap_or(r);
            let set = if f == r {
                lists.push(self.list(r));
                index(lists.len() - 1)
            } else {
                set_of.get(f).copied().unwrap_or(NONE)
            };
            if let Some(s) = set_of.get_mut(r) {
                *s = set;
            }
        }
        (set_of, lists)
    }
}

/// The groups that apply to `agent`, resolved as [`Policy::check`] resolves them.
fn groups_for(selection: &Selection, agent: &[u8], profile: Profile) -> Vec<u32> {
    if profile.substring_agents() {
        let named = selection
            .entries()
            .find(|(token, _, any)| !*any && names(profile, token, agent));
        let chosen = named.or_else(|| selection.entries().find(|(_, _, any)| *any));
        return chosen
            .map(|(_, groups, _)| groups.to_vec())
            .unwrap_or_default();
    }
    let lower = agent.to_ascii_lowercase();
    selection
        .entries()
        .find(|(token, _, _)| *token == lower.as_slice())
        .map_or_else(|| selection.any.clone(), |(_, groups, _)| groups.to_vec())
}

/// Compile a parsed document into a policy.
pub fn compile(doc: &Document<'_>) -> Policy {
    build(Source::Document(doc), None)
}

/// Compile only the rules that apply to `agent`: the smallest, fastest policy for
/// one crawler. The result answers as `agent` whatever agent it is asked about.
///
/// ```
/// use robots_core::{compile_for_agent, parse, ParseOptions};
/// let doc = parse(b"User-agent: a\nDisallow: /a\n\nUser-agent: *\nDisallow: /\n", ParseOptions::default());
/// let only_a = compile_for_agent(&doc, b"a");
/// assert_eq!(only_a.rule_count(), 1);
/// assert!(only_a.is_allowed("anyone", "/b"));
/// assert!(!only_a.is_allowed("anyone", "/a"));
/// ```
pub fn compile_for_agent(doc: &Document<'_>, agent: &[u8]) -> Policy {
    build(Source::Document(doc), Some(agent))
}

/// What to compile: a parsed document, or the input itself in one pass.
enum Source<'d, 'a> {
    Document(&'d Document<'a>),
    Input(&'a [u8], ParseOptions),
}

/// The tables of every group and record, and the crawler selection: from a document.
fn gather_document(
    doc: &Document<'_>,
    only: Option<&[u8]>,
) -> (Profile, Builder, Selection, Option<Vec<u32>>) {
    let profile = doc.profile();
    let selection = select(doc.source(), document_agents(doc), profile);
    // Sorted for the lookups below (a selection lists groups in file order already).
    let kept: Option<Vec<u32>> = only.map(|agent| {
        let mut groups = groups_for(&selection, agent, profile);
        groups.sort_unstable();
        groups
    });
    let mut b = Builder::new(profile, doc.source());
    for at in 0..doc.groups().len() {
        let keep = kept
            .as_ref()
            .map_or(true, |kept| kept.binary_search(&index(at)).is_ok());
        b.add_group(doc, at, keep);
    }
    for &line_index in doc.file_records() {
        let line = &doc.lines()[line_index];
        if let crate::LineKind::Directive(directive) = line.kind {
            b.add_extension(directive, line.number, NONE, doc.value(line));
        }
    }
    (profile, b, selection, kept)
}

/// A record line kept for later: its directive, line number and value.
type Record = (Directive, u32, core::ops::Range<usize>);

/// The same as [`gather_document`] of `parse(input, options)` for every crawler,
/// in one pass over the input without keeping its lines: each line is lexed,
/// grouped and compiled as it is read. A group's rules and user-agent lines go
/// straight into the tables (its user-agent lines all come before its first
/// rule); its records wait for the group's end, the file-wide ones for the file's.
///
/// With `only`, the rules of the groups that cannot apply to that crawler are not
/// compiled ([`compile_for_agent`]). Whether a group applies is only certain at the
/// file's end (a group naming the crawler may follow a `*` group), so each group
/// is judged as its rules start, by what came before; if the file's end proves a
/// judgement wrong, what was compiled too early is dropped.
fn gather_input(
    input: &[u8],
    options: ParseOptions,
    only: Option<&[u8]>,
) -> (Profile, Builder, Selection, Option<Vec<u32>>) {
    let profile = options.profile;
    let mut b = Builder::new(profile, input);
    let mut judge = only.map(|agent| Judge::new(profile, agent));
    let mut grouper = Grouper::new(profile);
    let mut agents: Vec<(usize, AgentToken)> = Vec::new();
    let mut open: Option<OpenGroup> = None;
    let mut records: Vec<Record> = Vec::new();
    let mut file_records: Vec<Record> = Vec::new();
    let value = |line: &LineReport| {
        line.value
            .clone()
            .and_then(|v| input.get(v))
            .unwrap_or_default()
    };
    let record = |line: &LineReport| match line.kind {
        crate::LineKind::Directive(d) => Some((d, line.number, line.value.clone().unwrap_or(0..0))),
        _ => None,
    };
    // A group's records, kept or not as its rules are (judged now if it has none).
    let flush = |b: &mut Builder,
                 open: OpenGroup,
                 records: &mut Vec<Record>,
                 judge: &mut Option<Judge<'_>>| {
        let group = index(b.groups.len());
        if !records.is_empty() && !judge.as_mut().map_or(true, Judge::keeps_group) {
            records.clear();
        }
        for (directive, number, range) in records.drain(..) {
            b.add_extension(
                directive,
                number,
                group,
                input.get(range).unwrap_or_default(),
            );
        }
        b.close_group(open);
    };
    lex_each(input, profile, options.max_bytes, |line| {
        match grouper.step(input, &line) {
            Step::Agent { new_group, token } => {
                if new_group || open.is_none() {
                    if let Some(previous) = open.take() {
                        flush(&mut b, previous, &mut records, &mut judge);
                    }
                    open = Some(b.open_group(line.number));
                    if let Some(judge) = judge.as_mut() {
                        judge.open_group(index(b.groups.len()));
                    }
                }
                if let Some(judge) = judge.as_mut() {
                    judge.agent(input, &token);
                }
                agents.push((b.groups.len(), token));
                b.add_agent(&line, value(&line));
            }
            Step::Rule => {
                if judge.as_mut().map_or(true, Judge::keeps_group) {
                    b.add_rule_line(&line, index(b.groups.len()), value(&line));
                }
            }
            Step::Record => records.extend(record(&line)),
            Step::File => file_records.extend(record(&line)),
            Step::Orphan | Step::Skip => {}
        }
    });
    if let Some(last) = open.take() {
        flush(&mut b, last, &mut records, &mut judge);
    }
    for (directive, number, range) in file_records {
        b.add_extension(
            directive,
            number,
            NONE,
            input.get(range).unwrap_or_default(),
        );
    }
    let Some((agent, judge)) = only.zip(judge) else {
        let selection = select(input, agents.iter().map(|(g, t)| (*g, t)), profile);
        return (profile, b, selection, None);
    };
    // One crawler needs no table of names (the builder reads none then).
    let mut kept = groups_of_agent(input, &agents, agent, profile);
    kept.sort_unstable();
    let applies = |g: &u32| kept.binary_search(g).is_ok();
    if judge.skipped_any(applies) {
        // A group judged not to apply does (the judgement never errs this way; if it
        // did, its rules would be missing): parse again in two passes.
        return gather_document(&crate::document::parse(input, options), only);
    }
    if !judge.compiled_only(applies) {
        b.retain_groups(&kept);
    }
    (profile, b, Selection::default(), Some(kept))
}

impl Builder {
    /// Keep only the rules and records of the groups in `kept` (sorted): undo what the
    /// one-pass judgement compiled of other groups (a `*` group, before the group
    /// naming the crawler came). Their text stays, unused; the kept rules keep
    /// their order, so they rank among themselves as before.
    fn retain_groups(&mut self, kept: &[u32]) {
        let keep = |g: u32| kept.binary_search(&g).is_ok();
        let mut segments = Vec::with_capacity(self.segments.len());
        let mut at = 0;
        for i in 0..self.rules.len() {
            let (Some(&rule), Some(&head)) = (self.rules.get(i), self.heads.get(i)) else {
                break;
            };
            if !keep(rule.group) {
                continue;
            }
            let start = segments.len();
            segments.extend_from_slice(rule.segments.of(&self.segments));
            if let (Some(r), Some(h)) = (self.rules.get_mut(at), self.heads.get_mut(at)) {
                *r = RuleRecord {
                    segments: span_of(start, segments.len()),
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
        let mut next = 0;
        for (g, group) in self.groups.iter_mut().enumerate() {
            let start = next;
            while self.rules.get(next).is_some_and(|r| r.group == index(g)) {
                next += 1;
            }
            group.rules = span_of(start, next);
        }
        self.extensions.retain(|e| e.group == NONE || keep(e.group));
    }
}

fn build(source: Source<'_, '_>, only: Option<&[u8]>) -> Policy {
    let (profile, mut b, selection, kept) = match source {
        Source::Document(doc) => gather_document(doc, only),
        Source::Input(input, options) => gather_input(input, options, only),
    };

    // Distinct group lists become rule sets, numbered in the order first asked
    // for: every list asked for is noted (`intern` gives its request number),
    // then equal lists are found by sorting, and requests become set numbers.
    let mut requests = Requests::default();
    let mut intern = |groups: &[u32]| -> u32 { requests.ask(groups) };
    let mut agents = Vec::new();
    let any_set = match &kept {
        // One crawler: no name lookup; every agent gets its set.
        Some(groups) if groups.is_empty() => NONE,
        Some(groups) => {
            let set = intern(groups);
            if profile.substring_agents() {
                agents.push(AgentEntry {
                    name: Span::EMPTY,
                    set,
                    any: true,
                });
            }
            set
        }
        None => {
            for (name, groups, is_any) in selection.entries() {
                let set = intern(groups);
                let name = b.text.push(name);
                agents.push(AgentEntry {
                    name,
                    set,
                    any: is_any,
                });
            }
            if selection.any.is_empty() {
                NONE
            } else {
                intern(&selection.any)
            }
        }
    };
    let (set_of, set_lists) = requests.sets();
    let set_of = |request: u32| set_of.get(request as usize).copied().unwrap_or(NONE);
    for agent in &mut agents {
        agent.set = set_of(agent.set);
    }
    let any_set = if any_set == NONE {
        NONE
    } else {
        set_of(any_set)
    };

    // One merged trie per set while that stays linear in the input; otherwise
    // one trie per group, shared by the sets that use it.
    let group_rules = |g: u32| b.groups[g as usize].rules.range();
    let total_rules = b.rules.len();
    let merged_cost: usize = set_lists
        .iter()
        .flat_map(|l| l.iter())
        .map(|&g| group_rules(g).len())
        .sum();
    let merge = merged_cost <= 4 * total_rules + 4096;

    let mut trie = TrieBuilder::new(&b.rules, &b.segments, &b.text.0, &b.heads);
    let mut sets = Vec::new();
    let mut set_roots = Vec::new();
    let mut set_groups = Vec::new();
    let mut group_roots: Vec<Option<u32>> = alloc::vec![None; b.groups.len()];
    for &list in &set_lists {
        let roots_start = set_roots.len();
        if merge {
            set_roots.push(trie.build(list.iter().map(|&g| group_rules(g))));
        } else {
            for &g in list {
                let root = match group_roots[g as usize] {
                    Some(root) => root,
                    None => {
                        let root = trie.build(core::iter::once(group_rules(g)));
                        group_roots[g as usize] = Some(root);
                        root
                    }
                };
                set_roots.push(root);
            }
        }
        let groups_start = set_groups.len();
        set_groups.extend_from_slice(list);
        sets.push(RuleSet {
            roots: span_of(roots_start, set_roots.len()),
            groups: span_of(groups_start, set_groups.len()),
        });
    }
    let tables = trie.finish();
    let search = search_tables::derive(
        Tries {
            edge_targets: &tables.edge_targets,
            wild_rules: &tables.wild_rules,
            set_roots: &set_roots,
            rules: &b.rules,
            segments: &b.segments,
            text: &b.text.0,
        },
        tables.nodes,
        tables.edge_bytes,
    );

    Policy {
        profile,
        text: fitted(b.text.0),
        agents: agents.into(),
        any_set,
        sets: sets.into(),
        set_roots: set_roots.into(),
        set_groups: set_groups.into(),
        nodes: fitted(search.nodes),
        edge_bytes: fitted(search.edge_bytes),
        edge_targets: fitted(tables.edge_targets),
        wild_rules: search.wild_rules.into(),
        walk_nodes: search.walk_nodes.into(),
        wide_edges: search.wide_edges.into(),
        best_prefix: search.best_prefix.into(),
        best_exact: search.best_exact.into(),
        root_wild: search.root_wild.into(),
        slot_words: search.slot_words.into(),
        slot_starts: search.slot_starts.into(),
        wild_candidates: search.wild_candidates.into(),
        rules: fitted(b.rules),
        segments: fitted(b.segments),
        groups: b.groups.into(),
        group_agents: b.group_agents.into(),
        extensions: b.extensions.into(),
    }
}

impl Policy {
    /// Parse `input` under `profile` (with its default cap) and compile it.
    pub fn parse(input: &[u8], profile: Profile) -> Policy {
        build(Source::Input(input, ParseOptions::new(profile)), None)
    }

    /// Parse `input` with `options` and compile it.
    pub fn parse_with(input: &[u8], options: ParseOptions) -> Policy {
        build(Source::Input(input, options), None)
    }

    /// Parse `input` with `options` and compile only the rules that apply to
    /// `agent`, in one pass: what [`compile_for_agent`] gives for
    /// `parse(input, options)`, the smallest and fastest policy for one crawler.
    /// The result answers as `agent` whatever agent it is asked about.
    ///
    /// ```
    /// use robots_core::{ParseOptions, Policy, Profile};
    /// let input = b"User-agent: *\nDisallow: /\n\nUser-agent: FooBot\nDisallow: /foo\n";
    /// let foo = Policy::parse_for_agent(input, ParseOptions::new(Profile::Google), b"foobot");
    /// assert_eq!(foo.rule_count(), 1);
    /// assert!(foo.is_allowed("anyone", "/bar"));
    /// assert!(!foo.is_allowed("anyone", "/foo"));
    /// ```
    pub fn parse_for_agent(input: &[u8], options: ParseOptions, agent: &[u8]) -> Policy {
        build(Source::Input(input, options), Some(agent))
    }

    /// Compile an already parsed document.
    pub fn from_document(doc: &Document<'_>) -> Policy {
        compile(doc)
    }
}

#[cfg(all(test, feature = "std"))]
mod tests {
    use super::*;
    use crate::document::parse;
    use alloc::format;
    use alloc::string::String;

    const PROFILES: [Profile; 4] = [
        Profile::Google,
        Profile::Rfc9309,
        Profile::Draft1996,
        Profile::Original1994,
    ];

    /// The one-pass path gives the very tables `compile(&parse(..))` gives.
    fn assert_same(name: &str, input: &[u8]) {
        for profile in PROFILES {
            let caps = [
                ParseOptions::new(profile),
                ParseOptions::new(profile).max_bytes(None),
                ParseOptions::new(profile).max_bytes(Some(input.len() / 2)),
            ];
            for options in caps {
                let lean = format!("{:?}", Policy::parse_with(input, options));
                let doc = parse(input, options);
                let full = format!("{:?}", compile(&doc));
                assert!(lean == full, "{name}: {options:?}");
                for agent in agents_to_try(&doc) {
                    let lean = Policy::parse_for_agent(input, options, &agent);
                    let full = compile_for_agent(&doc, &agent);
                    if let Err(e) = same_for_agent(&lean, &full) {
                        panic!("{name}: {options:?}, for {agent:?}: {e}");
                    }
                }
            }
        }
    }

    /// `parse_for_agent` and `compile_for_agent` give the same rules, groups,
    /// records and verdicts (the tables may differ in layout: text a late judgement
    /// dropped stays, and ranks count the dropped lines).
    fn same_for_agent(lean: &Policy, full: &Policy) -> Result<(), String> {
        type Rule<'p> = (Option<crate::RuleInfo<'p>>, u32, bool, Vec<&'p [u8]>);
        fn rule(p: &Policy, i: usize) -> Option<Rule<'_>> {
            p.rules.get(i).map(|r| {
                let segments = r.segments.of(&p.segments).iter();
                let segments = segments.map(|s| p.bytes(*s)).collect();
                (p.get_rule(index(i)), r.group, r.anchored, segments)
            })
        }
        type Group<'p> = (u32, Vec<(u32, &'p [u8])>, Range<usize>);
        fn groups(p: &Policy) -> Vec<Group<'_>> {
            let agents = |g: &GroupRecord| {
                let agents = g.agents.of(&p.group_agents).iter();
                agents.map(|a| (a.line, p.bytes(a.value))).collect()
            };
            p.groups
                .iter()
                .map(|g| (g.line, agents(g), g.rules.range()))
                .collect()
        }
        type Extension<'p> = (Directive, u32, u32, &'p [u8], ExtensionValue);
        fn extensions(p: &Policy) -> Vec<Extension<'_>> {
            let extension =
                |e: &ExtensionRecord| (e.directive, e.line, e.group, p.bytes(e.value), e.parsed);
            p.extensions.iter().map(extension).collect()
        }
        if lean.rule_count() != full.rule_count() {
            return Err(format!(
                "{} rules, not {}",
                lean.rule_count(),
                full.rule_count()
            ));
        }
        for i in 0..full.rules.len() {
            if rule(lean, i) != rule(full, i) {
                return Err(format!(
                    "rule {i}: {:?}, not {:?}",
                    rule(lean, i),
                    rule(full, i)
                ));
            }
        }
        if groups(lean) != groups(full) {
            return Err("groups differ".into());
        }
        if extensions(lean) != extensions(full) {
            return Err("extensions differ".into());
        }
        // Every rule's pattern as a path (and a few more), for any crawler.
        let mut paths: Vec<Vec<u8>> =
            alloc::vec![b"/".to_vec(), b"/x".to_vec(), b"/index.html".to_vec()];
        for r in full.rules.iter() {
            let pattern = full.bytes(r.pattern);
            paths.push(
                pattern
                    .iter()
                    .copied()
                    .filter(|&b| b != b'*' && b != b'$')
                    .collect(),
            );
            paths.push([pattern, b"/more"].concat());
        }
        for path in &paths {
            let (a, b) = (lean.check("anyone", path), full.check("anyone", path));
            if a != b {
                return Err(format!(
                    "{:?}: {a:?}, not {b:?}",
                    String::from_utf8_lossy(path)
                ));
            }
        }
        Ok(())
    }

    /// The first and last crawler a file names, one it does not, and one that
    /// some names are part of (the substring profile).
    fn agents_to_try(doc: &Document<'_>) -> Vec<Vec<u8>> {
        let mut agents = alloc::vec![b"UnknownCrawler".to_vec(), b"AbcBot/2.1".to_vec()];
        agents.extend(doc.agent_names().next().map(<[u8]>::to_vec));
        agents.extend(doc.agent_names().last().map(<[u8]>::to_vec));
        agents
    }

    #[test]
    fn one_pass_equals_parse_then_compile_on_the_corpus() {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../testdata/corpus");
        let mut files = 0;
        for entry in std::fs::read_dir(dir).expect("corpus") {
            let path = entry.expect("entry").path();
            if path.extension().is_some_and(|e| e == "txt") {
                let body = std::fs::read(&path).expect("read");
                assert_same(&path.display().to_string(), &body);
                files += 1;
            }
        }
        assert!(files > 200, "{files} corpus files");
    }

    #[test]
    fn one_pass_equals_parse_then_compile_on_odd_shapes() {
        let cases: [&[u8]; 15] = [
            // A `*` group before the crawler's own: the one-pass judgement is undone.
            b"User-agent: *\nDisallow: /all\nUser-agent: a\nDisallow: /a\nUser-agent: *\nDisallow: /all2\n",
            b"User-agent: a\nDisallow: /a\nUser-agent: *\nDisallow: /all\nUser-agent: A\nAllow: /a2\n",
            b"User-agent: abc\nUser-agent: *\nDisallow: /x\nUser-agent: b\nDisallow: /b\nUser-agent: AbcBot\nDisallow: /y\n",
            b"",
            b"Disallow: /orphan\nCrawl-delay: 3\nUser-agent: a\nDisallow: /a\n",
            b"User-agent: a\nCrawl-delay: 1\nUser-agent: b\nDisallow: /x\nVisit-time: 0100-0200\nUser-agent: c\nAllow: /c/index.html\n",
            b"User-agent: a\n\nDisallow: /after-blank\nUser-agent: b\nRequest-rate: 1/5\n\nSitemap: https://a/s.xml\n",
            b"\xef\xbb\xbfUser-agent: *\r\nDisallow: /crlf\r\rAllow: /cr$\n",
            b"User-agent: *\nDisallow: /nul\0# not a comment\nDisallow: /x # comment\n",
            b"Sitemap: https://a/1.xml\nHost: example.com\nClean-param: ref /a/\nUser-agent: *\nAllow: /\nRobot-version: 2.0\n",
            b"useragent: FooBot/1.0\ndisalow: /typo\nuser agent foo\nallow /dir/index.htm\n",
            b"User-agent: *\nDisallow:\nAllow: $\nDisallow: *\nDisallow: /a*b$\nDisallow: /%c3%a9\xc3\xa9\n",
            b"User-agent: a\nUser-agent: A\nUser-agent: *\nDisallow: /1\nUser-agent: a\nDisallow: /2\n",
            b"User-agent: * bots\nDisallow: /star\nUser-agent: *\nComment: hi\nNoindex: /n\n",
            b"User-agent: a\nDisallow: /same\nDisallow: /same\nAllow: /same\nDisallow: /same*x\nAllow: /same*x$\n",
        ];
        for (i, case) in cases.iter().enumerate() {
            assert_same(&format!("case {i}"), case);
        }
        let mut long = String::from("User-agent: *\n");
        for i in 0..3000 {
            long.push_str(&format!("Disallow: /{}/{}\n", i % 7, i * 7919 % 1000));
        }
        long.push_str(&format!("Allow: /{}\n", "x".repeat(20_000)));
        assert_same("long", long.as_bytes());
    }

    /// Every rule value over a small alphabet (plain bytes, `/`, `$`, `*`, `%`,
    /// a hex digit, a non-ASCII byte), up to five bytes.
    fn rule_values() -> Vec<Vec<u8>> {
        let alphabet = [b'a', b'/', b'$', b'*', b'%', b'4', 0xC3];
        let mut values = Vec::new();
        for len in 0..=5u32 {
            for code in 0..alphabet.len().pow(len) {
                let mut code = code;
                values.push(
                    (0..len)
                        .map(|_| {
                            let b = alphabet[code % alphabet.len()];
                            code /= alphabet.len();
                            b
                        })
                        .collect(),
                );
            }
        }
        values
    }

    /// The builder's shortcut for plain Google rules compiles every value as
    /// `pattern::compile` reads it: the same segments, priority and anchor, and
    /// the first digit of the first segment (values that need escaping or hold
    /// a `*` take the general path, and are compared too).
    #[test]
    fn plain_google_rules_compile_as_the_general_reading() {
        let lines = crate::lex::lex(b"Disallow: /", Profile::Google, None).reports;
        let line = lines.first().expect("one line");
        for value in rule_values() {
            let mut b = Builder::new(Profile::Google, b"");
            b.add_rule(line, 0, false, false, &value);
            let want = crate::pattern::compile(&value, Profile::Google);
            let Some(rule) = b.rules.first() else {
                assert_eq!(want.priority, 0, "{value:?}");
                continue;
            };
            let segments: Vec<Vec<u8>> = rule
                .segments
                .of(&b.segments)
                .iter()
                .map(|s| s.of(&b.text.0).to_vec())
                .collect();
            assert_eq!(segments, want.segments, "{value:?}");
            assert_eq!(rule.priority, want.priority, "{value:?}");
            assert_eq!(rule.anchored, want.anchored, "{value:?}");
            assert_eq!(rule.pattern.of(&b.text.0), &value[..], "{value:?}");
            let first = want.segments.first().map_or(&[][..], |s| &s[..]);
            assert_eq!(b.heads, [first_digit(first)], "{value:?}");
        }
    }
}
