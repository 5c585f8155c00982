// Malformed extension values under `strict`: all of one file's errors at once.
use robots_runtime::{robots, Policy};

static VALUES: Policy = robots!(
    text = "User-agent: *
Disallow: /tmp
Crawl-delay: soon
Request-rate: 1/0
Visit-time: 2500-0100

Sitemap: /sitemap.xml
",
    strict,
);

fn main() {}
