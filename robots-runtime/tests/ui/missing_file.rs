// The path is resolved against the calling crate's directory, and a file that
// cannot be read is reported on the path literal.
use robots_runtime::{robots, Policy};

static MISSING: Policy = robots!("no/such/robots.txt", profile = google);

fn main() {}
