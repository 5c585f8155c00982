// A file over the parsing cap fails a strict build.
use robots_runtime::{robots, Policy};

static TOO_LARGE: Policy = robots!(
    text = "User-agent: *\nDisallow: /one\nDisallow: /two\nDisallow: /three\nDisallow: /four\n",
    max_bytes = 64,
    strict,
);

fn main() {}
