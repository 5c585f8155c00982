// An `AgentPolicy` does not deref to its policy's read API, whose `check`,
// `explain` and `matcher` take an agent: questions about the whole policy go
// through `policy()`, so no method hides another of the same name.
use robots_runtime::{AgentPolicy, Policy, PolicyRef};

fn main() {
    let mine: AgentPolicy = Policy::builder().build_for_agent("User-agent: *\nDisallow: /\n", "bot");
    let _read: &PolicyRef<'static> = &mine;
    let _count = mine.rule_count();
    let _through_policy = mine.policy().rule_count();
}
