// The facade's only ways to a policy parse robots.txt text: nothing takes tables.
use robots_runtime::{AgentPolicy, Policy};

fn main() {
    let _ = Policy::from_tables(());
    let _ = Policy::from_document(());
    let _ = AgentPolicy::new((), b"bot");
    let _ = robots_runtime::document::Document::from_tables(());
}
