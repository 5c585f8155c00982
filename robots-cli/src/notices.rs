//! What a command says on stderr about its robots.txt before it answers: that
//! the file is no robots.txt at all (an HTML page, binary data, UTF-16), or
//! that the parsing cap cut it. Verdicts from such a file are still given, but
//! never in silence.

use crate::output::Streams;
use robots_lint::{googlebot_cut, sniff, NotRobotsTxt, GOOGLEBOT_MAX_BYTES};
use robots_runtime::document::{parse, ParseOptions, Truncation};
use robots_runtime::Profile;

/// What the notices found about one robots.txt.
#[derive(Clone, Debug, Default)]
pub struct Reading {
    /// What the file is, when it is no robots.txt.
    pub not_robots: Option<NotRobotsTxt>,
    /// Where the parsing cap cut it.
    pub truncation: Option<Truncation>,
}

/// Look at `body` (named `name`) as `profile` reads it, and warn on stderr:
///
/// ```text
/// robots: warning: page.html is an HTML page, not a robots.txt: crawlers find no rules in it
/// robots: warning: big.txt is 852930 bytes; rfc9309 reads only the first 512000 bytes, so everything from line 19134 on is ignored
/// robots: warning: big.txt is 852930 bytes; Googlebot reads only the first 512000 bytes, so it stops reading at line 19134 (the google profile reads the whole file, as Google's library does: verdicts here cover lines Googlebot never sees)
/// ```
pub fn inspect(io: &mut Streams<'_>, name: &str, body: &[u8], profile: Profile) -> Reading {
    let not_robots = sniff(body);
    if let Some(kind) = not_robots {
        io.warn(&format!(
            "{name} is {}, not a robots.txt: crawlers find no rules in it",
            kind.describe()
        ));
    }
    let options = ParseOptions::new(profile);
    // Only a file over the cap needs the parse that says where the cut fell.
    let truncation = match options.max_bytes {
        Some(max) if body.len() > max => parse(body, options).truncation().cloned(),
        _ => None,
    };
    if let Some(t) = &truncation {
        io.warn(&format!(
            "{name} is {} bytes; {profile} reads only the first {} bytes, so everything from line {} on is ignored",
            t.input_len, t.max_bytes, t.first_ignored_line
        ));
    }
    // Where Googlebot stops reading, when the profile's own cap does not cut
    // the file there already: under `google`, which reads it all.
    let googlebot = match &truncation {
        Some(t) if t.max_bytes <= GOOGLEBOT_MAX_BYTES => None,
        _ => googlebot_cut(body),
    };
    if let Some(t) = &googlebot {
        io.warn(&format!(
            "{name} is {} bytes; Googlebot reads only the first {} bytes, so it stops reading at line {} (the {profile} profile reads the whole file, as Google's library does: verdicts here cover lines Googlebot never sees)",
            t.input_len, t.max_bytes, t.first_ignored_line
        ));
    }
    Reading {
        not_robots,
        truncation,
    }
}
