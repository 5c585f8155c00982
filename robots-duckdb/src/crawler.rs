//! Which groups of a robots.txt a crawler obeys, for every function that
//! takes an agent: the registry's rule (`robots_runtime::registry::AgentChain`,
//! the one `robots report`, `check`, `explain` and `diff` follow).
//!
//! A token the known-crawler registry lists obeys the groups that name it,
//! else those of the fallbacks the registry documents for it
//! (`Googlebot-Image` → `Googlebot`, `bingbot` → `msnbot`), else the `*`
//! groups; a crawler the registry documents as ignoring `*` (Google's ads
//! crawlers) obeys no group at all when none names its chain, so it may fetch
//! everything. Any other agent is matched as given. The chain is read once
//! per distinct agent ([`crawler`]), and resolved against a body once per
//! (body, agent) ([`Resolution`], kept with the compiled body).

use crate::output::Cell;
use robots_lint::{Access, ChainReports};
use robots_runtime::registry::AgentChain;
use robots_runtime::{Matcher, OwnedMatcher, Policy};
use std::cell::{OnceCell, RefCell};
use std::collections::HashMap;
use std::rc::Rc;
use std::sync::Arc;

/// A crawler as the functions read an agent argument.
#[derive(Debug)]
pub struct Crawler {
    /// The tokens it obeys, most specific first: the agent as given, then
    /// the fallbacks the registry documents for it.
    pub chain: Vec<Box<[u8]>>,
    /// Whether the `*` groups apply when no group names a token of the
    /// chain (false only for a registry crawler documented to ignore `*`).
    pub obeys_wildcard: bool,
}

impl Crawler {
    fn of(agent: &[u8]) -> Crawler {
        // The registry's rule, shared with `robots report` and the CLI.
        let documented = AgentChain::of(agent);
        Crawler {
            chain: documented.tokens.into_iter().map(Box::from).collect(),
            obeys_wildcard: documented.obeys_wildcard,
        }
    }
}

/// How many agents a thread remembers before it starts afresh (a column of
/// distinct User-Agent headers must not grow memory without bound).
const REMEMBERED_AGENTS: usize = 4096;

thread_local! {
    static CRAWLERS: RefCell<HashMap<Box<[u8]>, Rc<Crawler>, foldhash::fast::RandomState>> =
        RefCell::default();
}

/// The crawler an agent argument names (remembered per thread: the registry
/// is searched once per distinct agent, not once per row).
pub fn crawler(agent: &[u8]) -> Rc<Crawler> {
    CRAWLERS.with(|known| {
        let mut known = known.borrow_mut();
        if let Some(found) = known.get(agent) {
            return Rc::clone(found);
        }
        if known.len() >= REMEMBERED_AGENTS {
            known.clear();
        }
        let made = Rc::new(Crawler::of(agent));
        known.insert(Box::from(agent), Rc::clone(&made));
        made
    })
}

/// One body's crawler reports (`robots report`'s rows, asked one crawler at a
/// time, without a sample), shared by the [`Resolution`]s made from it.
pub type Reports = Rc<RefCell<ChainReports<Arc<Policy>>>>;

/// What one body gives one crawler: the groups it obeys, resolved once.
pub struct Resolution {
    /// The matcher of the groups that apply; `None` when the crawler ignores
    /// `*` and no group names a token of its chain: no group applies.
    matcher: Option<OwnedMatcher>,
    /// The token whose groups apply (the first of the chain that a group
    /// names), or the agent itself when the `*` groups apply: explaining a
    /// verdict for it gives the chain's explanation.
    pub token: Box<[u8]>,
    /// The body's reports, shared by every crawler resolved against it
    /// (crawlers that get the same groups share one exact decision), and the
    /// crawler: `robots_access` asks them for its row.
    reports: Reports,
    crawler: Rc<Crawler>,
    /// The access record (`robots_access`), made when first asked for.
    access: OnceCell<Rc<Vec<Cell>>>,
}

impl Resolution {
    /// The groups of `policy` that `crawler` obeys; `reports` are the
    /// policy's (see [`Reports`]).
    pub fn new(policy: &Arc<Policy>, crawler: Rc<Crawler>, reports: Reports) -> Resolution {
        let choice = policy.chain_choice(&crawler.chain);
        let token = choice
            .and_then(|i| crawler.chain.get(i))
            .or(crawler.chain.first())
            .cloned()
            .unwrap_or_default();
        let matcher = (choice.is_some() || crawler.obeys_wildcard)
            .then(|| OwnedMatcher::chain(Arc::clone(policy), &crawler.chain));
        Resolution {
            matcher,
            token,
            reports,
            crawler,
            access: OnceCell::new(),
        }
    }

    /// The matcher of the groups that apply (`None`: no group applies, every
    /// URL may be fetched).
    #[inline]
    pub fn matcher(&self) -> Option<Matcher<'_>> {
        self.matcher.as_ref().map(OwnedMatcher::matcher)
    }

    /// Whether the crawler may fetch `url`.
    #[inline]
    pub fn is_allowed(&self, url: &[u8]) -> bool {
        self.matcher().is_none_or(|m| m.is_allowed(url))
    }

    /// The access record: `robots report`'s row for this crawler
    /// (`CrawlerReport::for_chain` over its chain: the same fallbacks, the
    /// same rule for a crawler that ignores `*`), turned into cells by
    /// `make` the first time, then remembered.
    pub fn access(&self, make: impl FnOnce(&Access) -> Vec<Cell>) -> Rc<Vec<Cell>> {
        Rc::clone(self.access.get_or_init(|| {
            // No sample: only the exact access is read from the row.
            let report = self.reports.borrow_mut().report(&self.crawler.chain);
            let access = report
                .rows
                .first()
                .map_or(Access::Allowed, |row| row.access.clone());
            Rc::new(make(&access))
        }))
    }
}
