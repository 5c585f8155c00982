// A policy's tables are private: no struct literal, from the root or any module.
#![allow(unreachable_code)]
use robots_runtime::{AgentPolicy, Policy};

fn main() {
    let _ = Policy { read: todo!() };
    let _ = AgentPolicy { policy: todo!(), selected: todo!(), agent: todo!() };
}
