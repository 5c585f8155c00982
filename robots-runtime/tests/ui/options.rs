// Every mistake in the options is reported, each on its own token.
use robots_runtime::{robots, Policy};

static UNKNOWN: Policy = robots!(text = "", proflie = google, strict);
static BAD_PROFILE: Policy = robots!(text = "", profile = rfc9310);
static ALL_AT_ONCE: Policy = robots!(
    text = "",
    profile = "gogle",
    max_bytes = "64",
    strict,
    strict,
    crate = 42,
);
static NO_INPUT: Policy = robots!(profile = google);

fn main() {}
