//! One request judged against every robots.txt version a crawler may have
//! held when it sent it.
//!
//! A request is a violation only if every such version disallows it; if the
//! version in force disallows it but an older one still within the cache
//! window allows it, the crawler may have used its cached copy: stale cache.

use crate::sites::Site;
use crate::time::minute_of_day;
use robots_core::records::TimeWindow;
use robots_core::{Matcher, RuleId};
use std::ops::Range;

/// One robots.txt version, read for one crawler.
pub(crate) struct Judge<'p> {
    matcher: Matcher<'p>,
    /// Its `Crawl-delay`, in seconds.
    crawl_delay: Option<f64>,
    /// Its `Request-rate` as the interval it implies, and the hours it applies in.
    rate: Option<(f64, Option<TimeWindow>)>,
}

/// What a request is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Judgement {
    /// The version in force allows it.
    Allowed,
    /// Every version held disallows it; `version` (the one in force) and its `rule` decide.
    Violation {
        version: usize,
        rule: Option<RuleId>,
    },
    /// The version in force disallows it; `allowed_by`, replaced less than the
    /// cache window before, allows it (by `allowed_rule`, or by no rule).
    Stale {
        version: usize,
        rule: Option<RuleId>,
        allowed_by: usize,
        allowed_rule: Option<RuleId>,
    },
}

impl<'p> Judge<'p> {
    /// Every version of `site`, read for the crawler of `chain`, oldest first.
    pub(crate) fn all(site: &Site<'p>, chain: &[String]) -> Box<[Judge<'p>]> {
        site.versions
            .iter()
            .map(|v| {
                let matcher = v.policy().matcher_chain(chain);
                Judge {
                    matcher,
                    crawl_delay: matcher.crawl_delay().map(|d| d.as_secs_f64()),
                    rate: matcher
                        .request_rate()
                        .map(|r| (r.interval().as_secs_f64(), r.window)),
                }
            })
            .collect()
    }

    /// The delay this version asks between two requests sent at `now`: the
    /// longer of its `Crawl-delay` and its `Request-rate` (when `now` is within
    /// the rate's hours).
    pub(crate) fn asked_delay(&self, now: i64) -> Option<f64> {
        let rate = self.rate.and_then(|(interval, window)| {
            window
                .map_or(true, |w| w.contains(minute_of_day(now)))
                .then_some(interval)
        });
        match (self.crawl_delay, rate) {
            (Some(a), Some(b)) => Some(a.max(b)),
            (a, b) => a.or(b),
        }
    }

    /// Judge a request for `target` by the versions `held` (numbers into
    /// `judges`; the last is the one in force).
    pub(crate) fn judge(judges: &[Judge<'_>], held: Range<usize>, target: &[u8]) -> Judgement {
        let in_force = held.end.saturating_sub(1);
        let Some(judge) = judges.get(in_force) else {
            panic!("bug: version {in_force} of {} judges", judges.len());
        };
        let verdict = judge.matcher.check(target);
        if verdict.allowed {
            return Judgement::Allowed;
        }
        // The newest older version that allows it, if any.
        for older in (held.start..in_force).rev() {
            let Some(judge) = judges.get(older) else {
                panic!("bug: version {older} of {} judges", judges.len());
            };
            let old = judge.matcher.check(target);
            if old.allowed {
                return Judgement::Stale {
                    version: in_force,
                    rule: verdict.rule,
                    allowed_by: older,
                    allowed_rule: old.rule,
                };
            }
        }
        Judgement::Violation {
            version: in_force,
            rule: verdict.rule,
        }
    }
}
