//! A robots.txt compiled into the binary twice: once by `build.rs` through
//! `robots_codegen::Builder`, once by the `robots!` macro. Both are `static`
//! data; checking a URL parses nothing and allocates nothing.
//!
//! `cargo run -p robots-example-compiled` prints a few verdicts.

use robots_runtime::{robots, AgentPolicy, Policy};

/// Written by build.rs.
static FROM_BUILD_SCRIPT: Policy = include!(concat!(env!("OUT_DIR"), "/robots_policy.rs"));

/// Written by the macro, from the same file with the same options.
static FROM_MACRO: Policy = robots!("robots.txt", profile = google, strict);

/// Only ExampleBot's rules: its checks take no agent.
static EXAMPLEBOT_ONLY: AgentPolicy = robots!("robots.txt", profile = google, agent = "ExampleBot");

const AGENTS: [&str; 2] = ["ExampleBot", "OtherBot"];
const URLS: [&str; 6] = [
    "https://example.com/",
    "https://example.com/search?q=robots",
    "https://example.com/search/about",
    "https://example.com/docs/manual.pdf",
    "https://example.com/drafts/next.html",
    "https://example.com/cart?sessionid=42",
];

/// One line: `agent url => allowed|disallowed (rule at line N | reason)`.
fn describe(policy: &Policy, agent: &str, url: &str) -> String {
    let verdict = policy.check(agent, url);
    let word = if verdict.allowed {
        "allowed"
    } else {
        "disallowed"
    };
    let why = match verdict.rule.and_then(|id| policy.rule(id)) {
        Some(rule) => format!("rule at line {}", rule.line),
        None => verdict.reason.name().to_owned(),
    };
    format!("{agent} {url} => {word} ({why})")
}

fn main() {
    for agent in AGENTS {
        for url in URLS {
            println!("{}", describe(&FROM_BUILD_SCRIPT, agent, url));
        }
    }
    let delay = FROM_MACRO.matcher("OtherBot").crawl_delay();
    println!("OtherBot crawl-delay: {delay:?}");
    println!(
        "ExampleBot-only policy: {} rules; drafts allowed: {}",
        EXAMPLEBOT_ONLY.policy().rule_count(),
        EXAMPLEBOT_ONLY.is_allowed("/drafts/x")
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn build_script_and_macro_agree() {
        for agent in AGENTS.iter().chain(&["examplebot-news", ""]) {
            for url in URLS.iter().chain(&["/private/x", "/a.pdf", "/robots.txt"]) {
                assert_eq!(
                    describe(&FROM_BUILD_SCRIPT, agent, url),
                    describe(&FROM_MACRO, agent, url)
                );
                assert_eq!(
                    FROM_BUILD_SCRIPT.explain(agent, url),
                    FROM_MACRO.explain(agent, url)
                );
            }
        }
        // The very same tables.
        assert_eq!(format!("{FROM_BUILD_SCRIPT:?}"), format!("{FROM_MACRO:?}"));
        assert!(FROM_BUILD_SCRIPT.sitemaps().eq(FROM_MACRO.sitemaps()));
    }

    #[test]
    fn both_agree_with_the_runtime_parser() {
        let runtime = Policy::parse(
            include_bytes!("../robots.txt"),
            robots_runtime::Profile::Google,
        );
        for agent in AGENTS {
            for url in URLS {
                assert_eq!(runtime.check(agent, url), FROM_MACRO.check(agent, url));
            }
        }
    }

    #[test]
    fn verdicts() {
        assert!(FROM_MACRO.is_allowed("ExampleBot", "/search?q=robots"));
        assert!(!FROM_MACRO.is_allowed("OtherBot", "/search?q=robots"));
        assert!(FROM_MACRO.is_allowed("OtherBot", "/search/about"));
        assert!(!FROM_MACRO.is_allowed("ExampleBot", "/drafts/next.html"));
        assert!(!EXAMPLEBOT_ONLY.is_allowed("/drafts/next.html"));
        assert_eq!(EXAMPLEBOT_ONLY.agent(), "ExampleBot");
        assert_eq!(
            FROM_MACRO.matcher("OtherBot").crawl_delay(),
            Some(core::time::Duration::from_secs(1))
        );
    }
}
