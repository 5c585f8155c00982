//! The engines under test, each through its best parse-once API.
//!
//! An engine is prepared for one file and one crawler (untimed), then hands a
//! visitor a closure `check(i) -> allowed` over the file's paths: the visitor
//! times it, records its verdicts, or both. Generic visitors keep every closure
//! monomorphised, so no engine pays for dynamic dispatch.

use crate::corpus::{Site, ORIGIN};
use robots_runtime::{AgentPolicy, Matcher, Policy, Profile};
use std::hint::black_box;

/// An engine (or the floor) in the comparison.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Engine {
    /// Reading each path's bytes once (a byte checksum the compiler vectorises): no
    /// engine can check faster.
    Floor,
    /// Reading each path's bytes once, one byte at a time (one load and one add per
    /// byte, no SIMD): the kind the issue's figures come nearest (the report's "The
    /// two floors" works it out in each run).
    FloorBytewise,
    /// Ours, compiled in at build time by `robots-codegen` (a `static Policy`), `check_path`.
    Static,
    /// Ours, compiled in (as `Static`), `Matcher::check_paths`: many paths per call.
    StaticBatch,
    /// Ours, `Policy::parse` at run time, `Matcher::check_path`.
    Runtime,
    /// Ours, `Policy::parse` at run time, `Matcher::check_paths`: many paths per call.
    RuntimeBatch,
    /// Ours, `Policy::parse_for_agent` at run time (only the crawler's rules, as
    /// `texting_robots` keeps them), `Matcher::check_path`.
    RuntimeAgent,
    /// Ours, `Policy::parse` at run time, `Matcher::check` on the full URL (URL parsing included).
    RuntimeUrl,
    /// `texting_robots` 0.2: `Robot::new(agent, body)`, `Robot::allowed(path)`.
    TextingRobots,
    /// `fast-robots` 0.1: `RobotsTxt::parse(body).matcher()`, `RobotsMatcher::is_allowed(agent, path)`.
    FastRobots,
    /// `robotparser` 0.11: `parse_robots_txt(origin, body)`, `can_fetch(agent, &Url)` (URLs parsed beforehand, untimed).
    Robotparser,
    /// `robotstxt` 0.3 (Google's C++ library ported): parses the file again on every check.
    Robotstxt,
}

impl Engine {
    /// Every engine, in table order.
    pub const ALL: [Engine; 12] = [
        Engine::Floor,
        Engine::FloorBytewise,
        Engine::Static,
        Engine::StaticBatch,
        Engine::Runtime,
        Engine::RuntimeBatch,
        Engine::RuntimeAgent,
        Engine::RuntimeUrl,
        Engine::TextingRobots,
        Engine::FastRobots,
        Engine::Robotparser,
        Engine::Robotstxt,
    ];

    /// The peers (other crates).
    pub const PEERS: [Engine; 4] = [
        Engine::TextingRobots,
        Engine::FastRobots,
        Engine::Robotparser,
        Engine::Robotstxt,
    ];

    /// A short stable name (criterion ids, JSON keys).
    pub const fn id(self) -> &'static str {
        match self {
            Engine::Floor => "floor",
            Engine::FloorBytewise => "floor-bytewise",
            Engine::Static => "robots-static",
            Engine::StaticBatch => "robots-static-batch",
            Engine::Runtime => "robots-runtime",
            Engine::RuntimeBatch => "robots-runtime-batch",
            Engine::RuntimeAgent => "robots-runtime-agent",
            Engine::RuntimeUrl => "robots-runtime-url",
            Engine::TextingRobots => "texting_robots",
            Engine::FastRobots => "fast-robots",
            Engine::Robotparser => "robotparser",
            Engine::Robotstxt => "robotstxt",
        }
    }

    /// The name the report shows.
    pub const fn label(self) -> &'static str {
        match self {
            Engine::Floor => "floor (read each path once)",
            Engine::FloorBytewise => "floor, one byte at a time",
            Engine::Static => "**robots, static** (`check_path`)",
            Engine::StaticBatch => "**robots, static, batch** (`check_paths`)",
            Engine::Runtime => "**robots, runtime** (`check_path`)",
            Engine::RuntimeBatch => "**robots, runtime, batch** (`check_paths`)",
            Engine::RuntimeAgent => "**robots, runtime, one crawler** (`build_for_agent`)",
            Engine::RuntimeUrl => "**robots, runtime** (`check`, full URL)",
            Engine::TextingRobots => "texting_robots 0.2",
            Engine::FastRobots => "fast-robots 0.1",
            Engine::Robotparser => "robotparser 0.11",
            Engine::Robotstxt => "robotstxt 0.3 (re-parses per check)",
        }
    }

    /// Whether the engine is built into this binary (the static one needs `robots-codegen`).
    pub fn available(self) -> bool {
        match self {
            Engine::Static | Engine::StaticBatch => crate::statics::AVAILABLE,
            _ => true,
        }
    }

    /// Whether the engine is a floor: it reads the paths and gives no verdicts.
    pub const fn is_floor(self) -> bool {
        matches!(self, Engine::Floor | Engine::FloorBytewise)
    }

    /// Whether the engine is one of ours.
    pub const fn ours(self) -> bool {
        matches!(
            self,
            Engine::Static
                | Engine::StaticBatch
                | Engine::Runtime
                | Engine::RuntimeBatch
                | Engine::RuntimeAgent
                | Engine::RuntimeUrl
        )
    }

    /// Check every `stride`-th path only. `robotstxt` parses the whole file on each check,
    /// so it is sampled: every 20th path (100 of each file's 2,000).
    pub const fn stride(self) -> usize {
        match self {
            Engine::Robotstxt => 20,
            _ => 1,
        }
    }

    /// Prepare the engine for `site` and `agent` (untimed), then hand `visitor` the check.
    pub fn run<V: Visit>(self, site: &Site, agent: &str, visitor: &mut V) {
        let n = site.paths.len();
        match self {
            Engine::Floor => {
                let paths = &site.paths;
                visitor.visit(n, |i| floor_read(paths[i].as_bytes()));
            }
            Engine::FloorBytewise => {
                let paths = &site.paths;
                visitor.visit(n, |i| floor_read_bytewise(paths[i].as_bytes()));
            }
            Engine::Static => {
                let Some(policy) = crate::statics::policy(&site.name) else {
                    return;
                };
                let matcher = policy.matcher(agent);
                let paths = &site.paths;
                visitor.visit(n, |i| matcher.check_path(paths[i].as_bytes()).allowed);
            }
            Engine::StaticBatch => {
                let Some(policy) = crate::statics::policy(&site.name) else {
                    return;
                };
                let matcher = policy.matcher(agent);
                visitor.visit(n, in_batches(matcher, &site.paths));
            }
            Engine::Runtime => {
                let policy = Policy::parse(&site.body, Profile::Google);
                let matcher = policy.matcher(agent);
                let paths = &site.paths;
                visitor.visit(n, |i| matcher.check_path(paths[i].as_bytes()).allowed);
            }
            Engine::RuntimeBatch => {
                let policy = Policy::parse(&site.body, Profile::Google);
                let matcher = policy.matcher(agent);
                visitor.visit(n, in_batches(matcher, &site.paths));
            }
            Engine::RuntimeAgent => {
                let policy = parse_for_agent(&site.body, agent);
                let matcher = policy.matcher();
                let paths = &site.paths;
                visitor.visit(n, |i| matcher.check_path(paths[i].as_bytes()).allowed);
            }
            Engine::RuntimeUrl => {
                let policy = Policy::parse(&site.body, Profile::Google);
                let matcher = policy.matcher(agent);
                let urls = &site.urls;
                visitor.visit(n, |i| matcher.check(urls[i].as_bytes()).allowed);
            }
            Engine::TextingRobots => {
                let robot = match texting_robots::Robot::new(agent, &site.body) {
                    Ok(robot) => robot,
                    Err(_) => return visitor.failed(),
                };
                let paths = &site.paths;
                visitor.visit(n, |i| robot.allowed(&paths[i]));
            }
            Engine::FastRobots => {
                let robots = fast_robots::RobotsTxt::parse(&site.body_str);
                let matcher = robots.matcher();
                let paths = &site.paths;
                visitor.visit(n, |i| matcher.is_allowed(agent, &paths[i]));
            }
            Engine::Robotparser => {
                use robotparser::service::RobotsTxtService;
                let origin = url::Url::parse(ORIGIN).expect("origin").origin();
                let robots =
                    robotparser::parser::parse_robots_txt(origin, &site.body_str).get_result();
                let urls: Vec<url::Url> = site
                    .urls
                    .iter()
                    .map(|u| url::Url::parse(u).expect("corpus URLs parse"))
                    .collect();
                visitor.visit(n, |i| robots.can_fetch(agent, &urls[i]));
            }
            Engine::Robotstxt => {
                let body = site.body_str.as_str();
                let urls = &site.urls;
                let mut matcher = robotstxt::DefaultMatcher::default();
                visitor.visit(n, |i| {
                    matcher.one_agent_allowed_by_robots(body, agent, &urls[i])
                });
            }
        }
    }

    /// Parse (and compile) `site` as the engine's parse-once API does, and drop the result.
    /// Returns false if the engine rejected the file. `Static` has nothing to do at run time.
    pub fn parse_once(self, site: &Site) -> bool {
        let agent = site
            .named_agent
            .as_deref()
            .unwrap_or(crate::corpus::UNKNOWN_AGENT);
        match self {
            Engine::Floor | Engine::FloorBytewise | Engine::Static | Engine::StaticBatch => true,
            Engine::Runtime | Engine::RuntimeBatch | Engine::RuntimeUrl => {
                black_box(Policy::parse(black_box(&site.body), Profile::Google));
                true
            }
            Engine::RuntimeAgent => {
                black_box(parse_for_agent(black_box(&site.body), agent));
                true
            }
            Engine::TextingRobots => {
                black_box(texting_robots::Robot::new(agent, black_box(&site.body))).is_ok()
            }
            Engine::FastRobots => {
                let robots = fast_robots::RobotsTxt::parse(black_box(&site.body_str));
                black_box(robots.matcher());
                true
            }
            Engine::Robotparser => {
                let origin = url::Url::parse(ORIGIN).expect("origin").origin();
                black_box(robotparser::parser::parse_robots_txt(
                    origin,
                    black_box(&site.body_str),
                ));
                true
            }
            Engine::Robotstxt => {
                robotstxt::parse_robotstxt(black_box(&site.body_str), &mut NoopHandler);
                true
            }
        }
    }
}

/// Paths per batch call of the batch engines.
pub const BATCH: usize = 64;

/// A per-path check (as a visitor takes it) over `Matcher::check_paths`: asked for
/// path `i`, it checks the batch of [`BATCH`] paths starting there unless `i` is in
/// the last batch checked, and answers from that batch's verdicts. Timed per file,
/// the whole cost lands on the paths as the visitor sees them.
pub fn in_batches<'a>(matcher: Matcher<'a>, paths: &'a [String]) -> impl FnMut(usize) -> bool + 'a {
    let mut verdicts = [false; BATCH];
    let mut start = usize::MAX;
    move |i| {
        if !(start..start.saturating_add(BATCH)).contains(&i) {
            start = i;
            let end = (i + BATCH).min(paths.len());
            let batch = paths.get(i..end).unwrap_or_default();
            matcher.check_paths(batch, |k, verdict| verdicts[k] = verdict.allowed);
        }
        verdicts[i - start]
    }
}

/// Ours for one crawler: `PolicyBuilder::build_for_agent` under `Profile::Google`.
pub fn parse_for_agent(body: &[u8], agent: &str) -> AgentPolicy {
    Policy::builder()
        .profile(Profile::Google)
        .build_for_agent(body, agent)
}

/// The floor's work: every byte of the path read once, folded into a checksum.
/// The compiler sums 32 bytes per instruction: the least any reading can cost.
#[inline]
pub fn floor_read(path: &[u8]) -> bool {
    let bytes = black_box(path);
    bytes.iter().fold(0u8, |acc, &b| acc.wrapping_add(b)) & 1 == 0
}

/// The byte-at-a-time floor's work: the same checksum, but each partial sum goes
/// through `black_box`, so the compiler keeps one load and one add per byte and
/// cannot use SIMD. Relative to texting_robots, it comes near the floor in the
/// issue's table (33 ns a path there, against 4.5 µs for texting_robots).
///
/// The barrier between bytes keeps the sum in a register (an empty `asm!` that
/// takes and gives it back): `black_box` there would store and reload it each
/// byte, whose cost depends on the processor (a few cycles a byte where the
/// store is forwarded, next to none where the processor renames memory), and
/// the floor moved fivefold between machines.
#[inline]
pub fn floor_read_bytewise(path: &[u8]) -> bool {
    let bytes = black_box(path);
    let mut sum = 0u32;
    for &b in bytes {
        sum = opaque(sum.wrapping_add(u32::from(b)));
    }
    sum & 1 == 0
}

/// `value`, which the compiler can no longer see through, left in a register.
#[inline(always)]
fn opaque(mut value: u32) -> u32 {
    // SAFETY (both): the assembly is a comment: it reads and writes only the
    // register it is given, touches no memory, and keeps the flags.
    #[cfg(target_arch = "x86_64")]
    unsafe {
        core::arch::asm!("/* {0:e} */", inout(reg) value, options(pure, nomem, nostack, preserves_flags));
    }
    #[cfg(target_arch = "aarch64")]
    unsafe {
        core::arch::asm!("/* {0:w} */", inout(reg) value, options(pure, nomem, nostack, preserves_flags));
    }
    #[cfg(not(any(target_arch = "x86_64", target_arch = "aarch64")))]
    {
        value = black_box(value);
    }
    value
}

/// A `robotstxt` parse handler that does nothing: its parser alone.
pub struct NoopHandler;

impl robotstxt::RobotsParseHandler for NoopHandler {
    fn handle_robots_start(&mut self) {}
    fn handle_robots_end(&mut self) {}
    fn handle_user_agent(&mut self, _: u32, value: &str) {
        black_box(value);
    }
    fn handle_allow(&mut self, _: u32, value: &str) {
        black_box(value);
    }
    fn handle_disallow(&mut self, _: u32, value: &str) {
        black_box(value);
    }
    fn handle_sitemap(&mut self, _: u32, value: &str) {
        black_box(value);
    }
    fn handle_unknown_action(&mut self, _: u32, _: &str, value: &str) {
        black_box(value);
    }
}

/// What an engine's prepared check is handed to.
pub trait Visit {
    /// `check(i)` says whether the `i`-th of the file's `n` paths is allowed.
    fn visit<F: FnMut(usize) -> bool>(&mut self, n: usize, check: F);

    /// The engine rejected the file (nothing to check).
    fn failed(&mut self) {}
}

/// A visitor that records every `stride`-th verdict (`None` where the engine failed).
#[derive(Default)]
pub struct Verdicts {
    /// Every `stride`-th verdict.
    pub verdicts: Vec<Option<bool>>,
    /// Which paths to check.
    pub stride: usize,
    /// How many paths the file has (for `failed`).
    pub n: usize,
}

impl Verdicts {
    /// Record every `stride`-th verdict of a file with `n` paths.
    pub fn new(n: usize, stride: usize) -> Verdicts {
        Verdicts {
            verdicts: Vec::new(),
            stride: stride.max(1),
            n,
        }
    }
}

impl Visit for Verdicts {
    fn visit<F: FnMut(usize) -> bool>(&mut self, n: usize, mut check: F) {
        self.verdicts = (0..n)
            .step_by(self.stride)
            .map(|i| Some(check(i)))
            .collect();
    }

    fn failed(&mut self) {
        self.verdicts = vec![None; self.n.div_ceil(self.stride)];
    }
}
