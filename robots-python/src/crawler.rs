//! `Policy.obeyed_token(agent)` and `Policy.access_of(agent)`: an agent read
//! by the registry's rule (`robots_runtime::registry::AgentChain`), the one
//! `robots report` and the CLI follow and the DuckDB extension's functions
//! too (so Spark SQL gives the same rows).
//!
//! A token the known-crawler registry lists obeys the groups that name it,
//! else those of the fallbacks the registry documents for it
//! (`Googlebot-Image` → `Googlebot`), else the `*` groups; a crawler the
//! registry documents as ignoring `*` obeys no group when none names its
//! chain. Any other agent is matched as given.

use robots_lint::{Access, CrawlerReport};
use robots_runtime::registry::AgentChain;
use robots_runtime::Policy;

/// The tokens `agent` obeys, most specific first (`AgentChain`: an empty
/// agent names no token; it is checked as given, as `robots check --agent ''` is).
pub fn chain(agent: &[u8]) -> Vec<&[u8]> {
    AgentChain::of(agent).tokens
}

/// The token whose groups apply to `agent` (the first of its chain some group
/// names, or the agent itself when the `*` groups apply), or `None` when the
/// crawler ignores `*` and no group names its chain: no group applies.
pub fn obeyed_token<'a>(policy: &Policy, agent: &'a [u8]) -> Option<&'a [u8]> {
    let documented = AgentChain::of(agent);
    match policy.chain_choice(&documented.tokens) {
        Some(i) => documented.tokens.get(i).copied(),
        None if documented.obeys_wildcard => Some(agent),
        None => None,
    }
}

/// `robots report`'s access for `agent` (`CrawlerReport::for_chain` over its chain).
pub fn access(policy: &Policy, agent: &[u8]) -> Access {
    // No sample: only the exact access is read from the row.
    CrawlerReport::for_chain(policy, Vec::new(), &chain(agent))
        .rows
        .first()
        .map_or(Access::Allowed, |row| row.access.clone())
}
