//! Memory: what each engine keeps on the heap for one file. The bytes are counted by
//! the `memory` binary's counting global allocator; this module only builds and holds.

use crate::corpus::{Site, ORIGIN, UNKNOWN_AGENT};
use crate::engines::Engine;
use robots_runtime::{Policy, Profile};
use std::hint::black_box;

/// Build `engine`'s parsed form of `site`, call `held` while it is alive, then drop it.
/// Returns false if the engine keeps nothing between checks (the floor, `robotstxt`) or
/// has nothing on the heap (static).
pub fn hold(engine: Engine, site: &Site, held: impl FnOnce()) -> bool {
    let agent = site.named_agent.as_deref().unwrap_or(UNKNOWN_AGENT);
    match engine {
        Engine::Floor
        | Engine::FloorBytewise
        | Engine::Static
        | Engine::StaticBatch
        | Engine::Robotstxt => false,
        Engine::Runtime | Engine::RuntimeBatch | Engine::RuntimeUrl => {
            let policy = Policy::parse(&site.body, Profile::Google);
            held();
            black_box(&policy);
            true
        }
        Engine::RuntimeAgent => {
            let policy = crate::engines::parse_for_agent(&site.body, agent);
            held();
            black_box(&policy);
            true
        }
        Engine::TextingRobots => {
            let robot = texting_robots::Robot::new(agent, &site.body);
            held();
            black_box(&robot);
            true
        }
        Engine::FastRobots => {
            let robots = fast_robots::RobotsTxt::parse(&site.body_str);
            let matcher = robots.matcher();
            held();
            black_box(&matcher);
            true
        }
        Engine::Robotparser => {
            let origin = url::Url::parse(ORIGIN).expect("origin").origin();
            let robots = robotparser::parser::parse_robots_txt(origin, &site.body_str);
            held();
            black_box(&robots);
            true
        }
    }
}

/// The bytes of a policy's tables: what a static policy puts in read-only data,
/// and what a runtime one holds in its one buffer (its byte form, header included).
pub fn table_bytes(p: &Policy) -> usize {
    p.to_bytes().len()
}

/// The rules of a file as written (Allow/Disallow lines that made a rule; derived aliases excluded).
pub fn rule_count(site: &Site) -> usize {
    let policy = Policy::parse(&site.body, Profile::Google);
    policy.rules().filter(|r| !r.derived).count()
}
