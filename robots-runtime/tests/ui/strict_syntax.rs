// `strict` fails on every error finding, each rendered with its robots.txt line.
use robots_runtime::{robots, Policy};

static OUTSIDE_GROUP: Policy = robots!(
    text = "Disallow: /private\nUser-agent: *\nAllow: /\n",
    strict
);
static MISSPELLED: Policy = robots!(text = "User-agent: *\nDisalow: /tmp\n", strict);
static NOT_ABSOLUTE: Policy = robots!(text = "User-agent: *\nDisallow: private/\n", strict);

fn main() {}
