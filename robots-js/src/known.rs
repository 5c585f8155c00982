//! What this binding was written against: every directive and every profile
//! of the engine, by name. Both enums are `#[non_exhaustive]`, so a match here
//! needs a `_` arm and a new variant would pass through it in silence (a new
//! record kind shown as text, a profile the JavaScript layer refuses). Instead
//! the build walks `Directive::ALL` and `Profile::ALL` and fails, naming the
//! file, until the lists below name every one.
//!
//! To handle a new directive: type its records in `convert/records.rs` (its
//! `parsed` value) and in `npm/index.d.ts` (`RobotsRecord.parsed`), then add
//! its name to [`DIRECTIVES`]. A new profile: add it to `js/api.js`
//! (`PROFILES`), to `npm/index.d.ts` (`Profile`) and the README, then to
//! [`PROFILES`] (the node test `profiles.test.js` checks the JavaScript side).

use robots_runtime::document::Directive;
use robots_runtime::Profile;

/// Every directive this binding handles, in `Directive::ALL`'s order.
pub const DIRECTIVES: [&str; 18] = [
    "user-agent",
    "allow",
    "disallow",
    "sitemap",
    "crawl-delay",
    "request-rate",
    "visit-time",
    "host",
    "clean-param",
    "comment",
    "robot-version",
    "noindex",
    "nofollow",
    "noarchive",
    "content-signal",
    "content-usage",
    "llm-policy",
    "license",
];

/// Every profile this binding handles, in `Profile::ALL`'s order.
pub const PROFILES: [&str; 4] = ["rfc9309", "google", "draft1996", "original1994"];

const fn same(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

const fn directives_known() -> bool {
    let all = Directive::ALL;
    if all.len() != DIRECTIVES.len() {
        return false;
    }
    let mut i = 0;
    while i < all.len() {
        if !same(all[i].name(), DIRECTIVES[i]) {
            return false;
        }
        i += 1;
    }
    true
}

const fn profiles_known() -> bool {
    let all = Profile::ALL;
    if all.len() != PROFILES.len() {
        return false;
    }
    let mut i = 0;
    while i < all.len() {
        if !same(all[i].name(), PROFILES[i]) {
            return false;
        }
        i += 1;
    }
    true
}

const _: () = assert!(
    directives_known(),
    "the engine's Directive::ALL names a directive robots-js does not handle: see robots-js/src/known.rs"
);
const _: () = assert!(
    profiles_known(),
    "the engine's Profile::ALL names a profile robots-js does not handle: see robots-js/src/known.rs"
);
