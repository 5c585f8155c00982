//! A file's first verdict for one crawler, without its search tables: the
//! file is read for that crawler in one pass, and the crawler's rules are
//! tested one by one ([`spans`](crate::search::spans)). Building the tries and
//! their search tables costs as much as the parse; one check does not need them.
//! When the crawler's wildcard rules would make the scan cost more than a
//! budget linear in the input, the tables are built and searched instead.

use crate::compile::{self, Gathered};
use crate::document::ParseOptions;
use crate::policy::{AgentPolicy, Policy};
use crate::search::segments::normalize_path;
use crate::search::spans::{decide_by_spans, span_budget, span_work, SpanRule};
use crate::search::url::path_from_url;
use crate::search::verdict::Verdict;

/// The verdict `build_for_agent(text, agent).check(url)` gives, rule number
/// included (see [`PolicyBuilder::check_for_agent`](crate::PolicyBuilder::check_for_agent)).
pub(crate) fn check_for_agent(
    options: ParseOptions,
    text: &[u8],
    agent: &[u8],
    url: &[u8],
) -> Verdict {
    let rules = compile::gather_for_agent(text, options, agent, true);
    match by_spans(&rules, url, |path_len| span_budget(text.len(), path_len)) {
        Some(verdict) => verdict,
        None => by_tables(
            compile::gather_for_agent(text, options, agent, false),
            agent,
            url,
        ),
    }
}

/// The verdict for `url` from the rules `gathered` for one crawler, tested one
/// by one; `None` if their wildcard segments could cost more than `budget`
/// (of the path's length) bytes of path looked at.
pub(crate) fn by_spans(
    gathered: &Gathered,
    url: &[u8],
    budget: impl FnOnce(usize) -> usize,
) -> Option<Verdict> {
    let raw = path_from_url(url);
    let path = normalize_path(&raw, gathered.profile);
    let b = &gathered.builder;
    let tail_segments: usize = b
        .rules
        .iter()
        .map(|r| r.segments.len.get().saturating_sub(1) as usize)
        .sum();
    if span_work(tail_segments, path.len()) > budget(path.len()) {
        return None;
    }
    let has_group = gathered.kept.as_ref().is_some_and(|kept| !kept.is_empty());
    let (text, segments) = (&b.text.0[..], &b.segments[..]);
    let rules = b.rules.iter().map(|rule| {
        let (first, tail) = rule.first_and_tail(segments);
        SpanRule {
            first: first.of(text),
            tail: tail.iter().map(|s| s.of(text)),
            anchored: rule.anchored,
            allow: rule.allow,
            rank: rule.rank,
        }
    });
    Some(decide_by_spans(gathered.profile, has_group, &path, rules))
}

/// The verdict from the tables built of `gathered` (what `build_for_agent`
/// then `check` does).
fn by_tables(gathered: Gathered, agent: &[u8], url: &[u8]) -> Verdict {
    AgentPolicy::new(Policy::from_compiled(compile::build(gathered)), agent).check(url)
}

#[cfg(all(test, feature = "std"))]
mod tests {
    use super::*;
    use crate::policy::corpus_cases::{first_and_last, for_each_case};
    use crate::profile::Profile;
    use alloc::format;
    use alloc::string::String;

    /// The span path and the tables answer alike (verdict, reason and rule
    /// number) for `agent` on each of `urls`, under `options`; the number of
    /// checks the budget would have sent to the tables.
    fn spans_agree(
        name: &str,
        text: &[u8],
        options: ParseOptions,
        agent: &[u8],
        urls: &[&[u8]],
    ) -> usize {
        let gathered = compile::gather_for_agent(text, options, agent, true);
        let policy = crate::PolicyBuilder::new()
            .profile(options.profile)
            .max_bytes(options.max_bytes)
            .build_for_agent(text, agent);
        let mut over_budget = 0;
        for url in urls {
            let spans = by_spans(&gathered, url, |_| usize::MAX);
            let tables = policy.check(url);
            assert_eq!(
                spans,
                Some(tables),
                "{name} [{}] {:?} {:?}",
                options.profile,
                String::from_utf8_lossy(agent),
                String::from_utf8_lossy(url)
            );
            if by_spans(&gathered, url, |len| span_budget(text.len(), len)).is_none() {
                over_budget += 1;
            }
        }
        over_budget
    }

    /// Every corpus file, with its URL list, under every profile, for an
    /// unknown crawler and the first and last names the file gives: the
    /// rules tested one by one answer as the tables' search.
    #[test]
    fn spans_answer_as_the_tables_on_the_corpus() {
        let (mut checks, mut over_budget) = (0, 0);
        for_each_case(first_and_last, |case| {
            let options = ParseOptions::new(case.profile);
            over_budget += spans_agree(case.name, case.text, options, case.agent, case.urls);
            checks += case.urls.len();
        });
        assert!(checks > 1_000_000, "{checks} checks");
        // The budget sends few checks to the tables (the corpus's wildcard rules are few).
        assert!(
            over_budget * 100 < checks,
            "{over_budget} of {checks} over budget"
        );
    }

    /// A crawler with many wildcard rules, checked on a long path, goes to the
    /// tables (the scan would cost rules × path), and answers as they do.
    #[test]
    fn many_wildcard_rules_and_a_long_path_build_the_tables() {
        let mut text = String::from("User-agent: *\n");
        for i in 0..2_000 {
            text.push_str(&format!("Disallow: /*a*b{i}*c\n"));
        }
        let path = format!("/{}", "a".repeat(100_000));
        let options = ParseOptions::new(Profile::Rfc9309);
        let gathered = compile::gather_for_agent(text.as_bytes(), options, b"bot", true);
        let budget = |len| span_budget(text.len(), len);
        assert_eq!(by_spans(&gathered, path.as_bytes(), budget), None);
        let short = by_spans(&gathered, b"/a/b7/c", budget);
        assert!(short.is_some_and(|v| !v.allowed));
        let policy = crate::PolicyBuilder::new().build_for_agent(&text, "bot");
        for url in [path.as_str(), "/a/b7/c", "/x"] {
            assert_eq!(
                crate::PolicyBuilder::new().check_for_agent(&text, "bot", url),
                policy.check(url)
            );
        }
    }
}
