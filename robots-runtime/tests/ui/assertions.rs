use robots_runtime::{robots, Policy};

// A must-allow URL that the policy blocks fails the build, naming the deciding line.
static POLICY: Policy = robots!(
    text = "User-agent: *\nDisallow: /private\nAllow: /private/press\n",
    assert_text = "allow * /private/press/2024\nallow FooBot /private/notes\nblock * /",
);

fn main() {
    let _ = &POLICY;
}
