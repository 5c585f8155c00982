// Values the API hands out cannot be built or altered from outside.
use robots_runtime::{Policy, Profile, RuleId, Verdict};

fn main() {
    let policy = Policy::parse("User-agent: *\nDisallow: /x\n", Profile::Rfc9309);
    let _ = policy.read;
    let _ = RuleId(3);
    let _ = Verdict { allowed: true, rule: None, reason: robots_runtime::Reason::Rule };
}
