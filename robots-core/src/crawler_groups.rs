//! Which groups one crawler needs, for a policy of that crawler alone
//! (`Policy::parse_for_agent`): judged group by group during the one pass, and
//! found for certain once every user-agent line is known.

use crate::agent::names;
use crate::group::AgentToken;
use crate::policy::NONE;
use crate::profile::Profile;
use alloc::vec::Vec;

/// `groups_for` (in `compile`) of the selection of `agents` (the user-agent
/// lines: group, token), found directly: the groups naming `agent`, else the
/// `*` groups (under the substring profile, the first of either).
pub(crate) fn groups_of_agent(
    input: &[u8],
    agents: &[(usize, AgentToken)],
    agent: &[u8],
    profile: Profile,
) -> Vec<u32> {
    let named = |token: &AgentToken| match token {
        AgentToken::Named(r) => names(profile, input.get(r.clone()).unwrap_or_default(), agent),
        AgentToken::Any => false,
    };
    let any = |token: &AgentToken| *token == AgentToken::Any;
    let mut groups: Vec<u32> = Vec::new();
    let mut add = |g: usize| {
        let g = u32::try_from(g).unwrap_or(NONE);
        if groups.last() != Some(&g) {
            groups.push(g);
        }
    };
    if profile.substring_agents() {
        let first = agents.iter().find(|(_, t)| named(t));
        if let Some(&(g, _)) = first.or_else(|| agents.iter().find(|(_, t)| any(t))) {
            add(g);
        }
    } else if agents.iter().any(|(_, t)| named(t)) {
        agents
            .iter()
            .filter(|(_, t)| named(t))
            .for_each(|&(g, _)| add(g));
    } else {
        agents
            .iter()
            .filter(|(_, t)| any(t))
            .for_each(|&(g, _)| add(g));
    }
    groups
}

/// The one-pass judgement of which groups' rules and records one crawler needs,
/// made as each group's rules start: a group that names the crawler; or, while
/// none has, the `*` groups (under the substring profile, only the first of
/// either). The groups judged either way are kept, for the check at the end.
pub(crate) struct Judge<'a> {
    profile: Profile,
    agent: &'a [u8],
    group: u32,
    names_agent: bool,
    has_any: bool,
    /// The open group's verdict, once its first rule came.
    verdict: Option<bool>,
    named_seen: bool,
    any_seen: bool,
    compiled: Vec<u32>,
    skipped: Vec<u32>,
}

impl<'a> Judge<'a> {
    pub(crate) fn new(profile: Profile, agent: &'a [u8]) -> Self {
        Judge {
            profile,
            agent,
            group: NONE,
            names_agent: false,
            has_any: false,
            verdict: None,
            named_seen: false,
            any_seen: false,
            compiled: Vec::new(),
            skipped: Vec::new(),
        }
    }

    pub(crate) fn open_group(&mut self, group: u32) {
        self.group = group;
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
        if keep {
            self.compiled.push(self.group);
        } else {
            self.skipped.push(self.group);
        }
        self.verdict = Some(keep);
        keep
    }

    /// Whether a group was judged not to apply that does.
    pub(crate) fn skipped_any(&self, applies: impl Fn(&u32) -> bool) -> bool {
        self.skipped.iter().any(applies)
    }

    /// Whether every group judged to apply does.
    pub(crate) fn compiled_only(&self, applies: impl Fn(&u32) -> bool) -> bool {
        self.compiled.iter().all(applies)
    }
}
