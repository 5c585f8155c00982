//! Which groups apply to a crawler: the one definition of the selection, the
//! index a compiled policy looks crawlers up in, and the one-pass judgement.
//!
//! Under `rfc9309` and `google` a crawler gets every group that names it, merged,
//! or else every `*` group. Under the substring profiles (`draft1996`,
//! `original1994`) it gets the first record that names it, or else the first `*`
//! record. [`applicable_groups`] is that rule; the rest of this module finds its
//! answer faster in one situation or another, and the tests hold each to it.

use crate::group::agent::{names, AgentMatch};
use crate::group::grouper::AgentToken;
use crate::ids::{FileGroup, SetId};
use crate::profile::Profile;
use crate::sort::{bytes_prefix, sort_by_prefix};
use crate::tables::layout::AgentEntry;
use crate::tables::view::Tables;
use alloc::vec::Vec;
use core::ops::Range;

/// The groups that apply to a crawler, given how each user-agent line of the
/// file relates to it (its group, match), in file order. Each group is
/// listed once, in file order.
pub(crate) fn applicable_groups(
    profile: Profile,
    lines: impl Iterator<Item = (FileGroup, AgentMatch)> + Clone,
) -> Vec<FileGroup> {
    let mut groups: Vec<FileGroup> = Vec::new();
    let mut add = |g: FileGroup| {
        if groups.last() != Some(&g) {
            groups.push(g);
        }
    };
    let named = |(_, m): &(FileGroup, AgentMatch)| *m == AgentMatch::Name;
    let any = |(_, m): &(FileGroup, AgentMatch)| *m == AgentMatch::Any;
    if profile.substring_agents() {
        let first = lines.clone().find(named);
        if let Some((g, _)) = first.or_else(|| lines.clone().find(any)) {
            add(g);
        }
    } else if lines.clone().any(|l| named(&l)) {
        lines.filter(named).for_each(|(g, _)| add(g));
    } else {
        lines.filter(any).for_each(|(g, _)| add(g));
    }
    groups
}

/// [`applicable_groups`] for `agent`, over the user-agent lines `agents`
/// (group, token; names are byte ranges of `input`).
pub(crate) fn groups_of_agent<'t>(
    input: &[u8],
    agents: impl Iterator<Item = (FileGroup, &'t AgentToken)> + Clone,
    agent: &[u8],
    profile: Profile,
) -> Vec<FileGroup> {
    let lines = agents.map(|(g, token)| {
        let relation = match token {
            AgentToken::Any => AgentMatch::Any,
            AgentToken::Named(r) => {
                let name = input.get(r.clone()).unwrap_or_default();
                if names(profile, name, agent) {
                    AgentMatch::Name
                } else {
                    AgentMatch::No
                }
            }
        };
        (g, relation)
    });
    applicable_groups(profile, lines)
}

/// The rule set of `agent` in compiled tables (or [`SetId::NONE`]): the lookup in the
/// index [`select`] built, which gives the set of [`applicable_groups`].
pub(crate) fn resolve(t: &Tables<'_>, agent: &[u8]) -> SetId {
    if t.profile.substring_agents() {
        return resolve_substring(t, agent);
    }
    let agents = t.agents();
    match agents.binary_search_by(|e| cmp_ignore_case(e.name.of(t.text()), agent)) {
        Ok(i) => agents.get(i).map_or(SetId::NONE, AgentEntry::set_id),
        Err(_) => t.any_set_id(),
    }
}

/// [`resolve`]'s first half, for fallback chains (`Policy::matcher_chain`):
/// the rule set of the groups that name `agent`, or `None` when no group names
/// it (then [`wildcard_set`] applies). Exactly the names [`resolve`] matches.
pub(crate) fn resolve_named(t: &Tables<'_>, agent: &[u8]) -> Option<SetId> {
    if t.profile.substring_agents() {
        return t
            .agents()
            .iter()
            .find(|e| e.any == 0 && names(t.profile, e.name.of(t.text()), agent))
            .map(AgentEntry::set_id);
    }
    let agents = t.agents();
    match agents.binary_search_by(|e| cmp_ignore_case(e.name.of(t.text()), agent)) {
        Ok(i) => agents.get(i).filter(|e| e.any == 0).map(AgentEntry::set_id),
        Err(_) => None,
    }
}

/// [`resolve`]'s second half: the rule set of a crawler no group names (the
/// first `*` record under the substring profiles, the merged `*` groups
/// otherwise), or [`SetId::NONE`].
pub(crate) fn wildcard_set(t: &Tables<'_>) -> SetId {
    if t.profile.substring_agents() {
        t.agents()
            .iter()
            .find(|e| e.any != 0)
            .map_or(SetId::NONE, AgentEntry::set_id)
    } else {
        t.any_set_id()
    }
}

/// The substring profiles: the first record whose name is a substring of the
/// robot's name (version removed, any case); else the first `*` record.
fn resolve_substring(t: &Tables<'_>, agent: &[u8]) -> SetId {
    let mut any = SetId::NONE;
    for entry in t.agents() {
        if entry.any != 0 {
            if any.is_none() {
                any = entry.set_id();
            }
        } else if names(t.profile, entry.name.of(t.text()), agent) {
            return entry.set_id();
        }
    }
    any
}

fn cmp_ignore_case(a: &[u8], b: &[u8]) -> core::cmp::Ordering {
    a.iter()
        .map(u8::to_ascii_lowercase)
        .cmp(b.iter().map(u8::to_ascii_lowercase))
}

/// Which groups each crawler name selects, and the `*` groups.
#[derive(Clone, Default)]
pub(crate) struct Selection {
    /// The lower-cased names, one after another.
    names: Vec<u8>,
    /// The group lists, one after another.
    lists: Vec<FileGroup>,
    /// (name, groups, `*`) as ranges of `names` and `lists`, in the order the
    /// profile resolves them.
    named: Vec<(Range<usize>, Range<usize>, bool)>,
    pub(crate) any: Vec<FileGroup>,
}

impl Selection {
    /// Each (lower-cased name as matched, groups, `*`) in order.
    pub(crate) fn entries(&self) -> impl Iterator<Item = (&[u8], &[FileGroup], bool)> + '_ {
        self.named.iter().map(|(name, groups, any)| {
            (
                self.names.get(name.clone()).unwrap_or_default(),
                self.lists.get(groups.clone()).unwrap_or_default(),
                *any,
            )
        })
    }

    /// Add a name with one group.
    fn push(&mut self, name: &[u8], group: FileGroup, any: bool) {
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
pub(crate) fn select<'t>(
    input: &[u8],
    agents: impl Iterator<Item = (FileGroup, &'t AgentToken)>,
    profile: Profile,
) -> Selection {
    let name = |r: &Range<usize>| input.get(r.clone()).unwrap_or_default();
    let mut out = Selection::default();
    if profile.substring_agents() {
        // Legacy: records are tried in file order, each on its own.
        for (g, token) in agents {
            match token {
                AgentToken::Any => out.push(&[], g, true),
                AgentToken::Named(r) => {
                    let lower = name(r).to_ascii_lowercase();
                    out.push(&lower, g, false);
                }
            }
        }
        return out;
    }
    // Every name lower-cased into one buffer, then sorted (stably, so each name's
    // groups stay in file order): the order and lists a map by name would give.
    let mut lower: Vec<u8> = Vec::new();
    let mut lines: Vec<(Range<usize>, FileGroup)> = Vec::new();
    for (g, token) in agents {
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
    sort_by_prefix(
        &mut lines,
        |a| bytes_prefix(text(&a.0)),
        |a, b| text(&a.0).cmp(text(&b.0)),
    );
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

/// The one-pass judgement of which groups' rules and records one crawler needs,
/// made as each group's rules start: a group that names the crawler; or, while
/// none has, the `*` groups (under the substring profile, only the first of
/// either). The groups judged not to apply are kept, for the check at the end
/// (what was compiled of groups that prove not to apply is dropped then).
pub(crate) struct Judge<'a> {
    profile: Profile,
    agent: &'a [u8],
    /// The open group, once one is.
    group: Option<FileGroup>,
    names_agent: bool,
    has_any: bool,
    /// The open group's verdict, once its first rule came.
    verdict: Option<bool>,
    named_seen: bool,
    any_seen: bool,
    skipped: Vec<FileGroup>,
}

impl<'a> Judge<'a> {
    pub(crate) fn new(profile: Profile, agent: &'a [u8]) -> Self {
        Judge {
            profile,
            agent,
            group: None,
            names_agent: false,
            has_any: false,
            verdict: None,
            named_seen: false,
            any_seen: false,
            skipped: Vec::new(),
        }
    }

    pub(crate) fn open_group(&mut self, group: FileGroup) {
        self.group = Some(group);
        self.names_agent = false;
        self.has_any = false;
        self.verdict = None;
    }

    pub(crate) fn agent(&mut self, input: &[u8], token: &AgentToken) {
        match token {
            AgentToken::Any => self.has_any = true,
            AgentToken::Named(r) => {
                let name = input.get(r.clone()).unwrap_or_default();
                self.names_agent |= names(self.profile, name, self.agent);
            }
        }
    }

    /// Whether the open group's rules and records are kept (judged at its first
    /// rule, or at its end if it has records and no rules). Inlined: every rule
    /// line asks, and all but a group's first find the verdict made.
    #[inline]
    pub(crate) fn keeps_group(&mut self) -> bool {
        match self.verdict {
            Some(verdict) => verdict,
            None => self.judge_group(),
        }
    }

    /// Judge the open group, at its first rule (or its end).
    fn judge_group(&mut self) -> bool {
        let first_only = self.profile.substring_agents();
        let keep = if self.names_agent && !(first_only && self.named_seen) {
            self.named_seen = true;
            true
        } else {
            let keep = self.has_any && !self.named_seen && !(first_only && self.any_seen);
            self.any_seen |= self.has_any;
            keep
        };
        if !keep {
            self.skipped.extend(self.group);
        }
        self.verdict = Some(keep);
        keep
    }

    /// Whether a group was judged not to apply that does.
    pub(crate) fn skipped_any(&self, applies: impl Fn(&FileGroup) -> bool) -> bool {
        self.skipped.iter().any(applies)
    }
}
