//! [`CompactOrPolicy`]: one crawler's rules read straight into
//! [`CompactRules`], without the search tables a policy builds, or the
//! policy when compact rules decline them.

use crate::compile;
use crate::document::ParseOptions;
use crate::policy::records::of_groups_in;
use crate::policy::{AgentPolicy, CompactRules, Policy};
use crate::records::RequestRate;
use core::time::Duration;

/// What [`PolicyBuilder::build_compact_for_agent`](crate::PolicyBuilder::build_compact_for_agent)
/// gives: the crawler's rules as [`CompactRules`] with its pace, when they
/// fit, else its compiled policy. What a cache of one crawler's rules per
/// origin keeps.
#[derive(Clone, Debug)]
pub enum CompactOrPolicy {
    /// The crawler's rules, byte for byte what [`CompactRules::of`] gives for
    /// the matcher of [`build_for_agent`](crate::PolicyBuilder::build_for_agent)'s
    /// policy, with that matcher's `Crawl-delay` and `Request-rate`.
    Compact {
        /// The rules.
        rules: CompactRules,
        /// The first valid `Crawl-delay` of the groups that apply.
        crawl_delay: Option<Duration>,
        /// The first valid `Request-rate` of the groups that apply.
        request_rate: Option<RequestRate>,
    },
    /// More rules than [`CompactRules`] holds: the policy `build_for_agent`
    /// gives (built of the same reading of the file). (Not named `Policy`:
    /// a variant of that name would make compiler messages spell the
    /// `Policy` type out in full.)
    Compiled(AgentPolicy),
}

/// Read `text` for `agent` in one pass; keep its rules compact, or build
/// the tables of that same reading when compact rules decline them.
pub(crate) fn build(options: ParseOptions, text: &[u8], agent: &[u8]) -> CompactOrPolicy {
    let gathered = compile::gather_for_agent(text, options, agent, false);
    let Some(rules) = CompactRules::of_gathered(&gathered) else {
        let policy = Policy::from_compiled(compile::build(gathered));
        return CompactOrPolicy::Compiled(AgentPolicy::new(policy, agent));
    };
    let b = &gathered.builder;
    let kept = gathered.kept.as_deref().unwrap_or_default();
    let records = || of_groups_in(&b.extensions, &b.text.0, kept);
    let crawl_delay = records().find_map(|r| r.crawl_delay());
    let request_rate = records().find_map(|r| r.request_rate());
    CompactOrPolicy::Compact {
        rules,
        crawl_delay,
        request_rate,
    }
}

#[cfg(all(test, feature = "std"))]
mod tests {
    use super::*;
    use crate::policy::corpus_cases::{first_middle_last, for_each_case};
    use crate::PolicyBuilder;

    /// On the whole corpus, every profile, an unknown crawler and the
    /// first, a middle and the last names of each file: the rules read
    /// straight from the file are the very bytes the tables reduce to, with
    /// the matcher's pace; where compact rules decline, the policy is
    /// `build_for_agent`'s, byte for byte.
    #[test]
    fn the_direct_build_is_the_reduction_of_the_tables_on_the_corpus() {
        let (mut compact, mut declined) = (0, 0);
        for_each_case(first_middle_last, |case| {
            let builder = PolicyBuilder::new().profile(case.profile);
            let tables = builder.build_for_agent(case.text, case.agent);
            let matcher = tables.matcher();
            match builder.build_compact_for_agent(case.text, case.agent) {
                CompactOrPolicy::Compact {
                    rules,
                    crawl_delay,
                    request_rate,
                } => {
                    let reduced = CompactRules::of(&matcher);
                    assert_eq!(Some(&rules), reduced.as_ref(), "{}", case.at(b""));
                    assert_eq!(crawl_delay, matcher.crawl_delay(), "{}", case.at(b""));
                    assert_eq!(request_rate, matcher.request_rate(), "{}", case.at(b""));
                    compact += 1;
                }
                CompactOrPolicy::Compiled(policy) => {
                    assert_eq!(CompactRules::of(&matcher), None, "{}", case.at(b""));
                    assert_eq!(policy.to_bytes(), tables.to_bytes(), "{}", case.at(b""));
                    declined += 1;
                }
            }
        });
        assert!(compact > 1_000, "{compact} compact");
        assert!(declined > 0, "the corpus has crawlers over the bounds");
    }

    /// Pace comes from the groups that apply only, first valid value first.
    #[test]
    fn the_pace_is_the_crawlers() {
        let text = "User-agent: a\nCrawl-delay: x\nCrawl-delay: 4\nDisallow: /a\n\n\
                    User-agent: *\nCrawl-delay: 9\nRequest-rate: 1/5\nDisallow: /\n";
        for (agent, delay) in [("a", Some(4)), ("b", Some(9))] {
            let built = PolicyBuilder::new().build_compact_for_agent(text, agent);
            let CompactOrPolicy::Compact { crawl_delay, .. } = built else {
                panic!("two rules at most")
            };
            assert_eq!(crawl_delay, delay.map(Duration::from_secs), "{agent}");
        }
    }
}
