//! Drive the robots.txt fetch state machine with responses decoded from the
//! input: it must never panic, must end within the redirect bound, and must
//! never keep more body than the parse limit.
//!
//! Input layout, one event after another: a tag byte, then
//! - `0`: a response head: status (2 bytes, big-endian), a header count byte, and
//!   per header a name-choice byte and a length-prefixed value;
//! - `1`: body bytes: a 2-byte length (times 16), the bytes repeated from the input;
//! - `2`: the end of the body; `3`: a network failure; `4`: a timeout.
#![no_main]

use libfuzzer_sys::fuzz_target;
use robots_runtime::fetch::{Action, Failure, FetchProfile, FetchSettings, RobotsFetch};

const NAMES: [&[u8]; 6] = [
    b"location",
    b"cache-control",
    b"etag",
    b"last-modified",
    b"retry-after",
    b"content-length",
];

/// Reads the input front to back; runs out quietly.
struct Script<'a>(&'a [u8]);

impl<'a> Script<'a> {
    fn byte(&mut self) -> Option<u8> {
        let (&first, rest) = self.0.split_first()?;
        self.0 = rest;
        Some(first)
    }

    fn bytes(&mut self, n: usize) -> &'a [u8] {
        let n = n.min(self.0.len());
        let (head, rest) = self.0.split_at(n);
        self.0 = rest;
        head
    }
}

fuzz_target!(|data: &[u8]| {
    let mut script = Script(data);
    let profile = match script.byte() {
        Some(b) if b % 2 == 1 => FetchProfile::Google,
        _ => FetchProfile::Rfc9309,
    };
    let hops = script.byte().unwrap_or(5) % 8;
    let policy = FetchSettings::new(profile).with_max_redirects(hops);
    let limit = policy.max_bytes();
    let Ok(mut fetch) = RobotsFetch::new("http://example.com/page", &policy) else {
        return;
    };
    let filler = vec![b'#'; 1 << 20];
    let mut answered = 0usize;
    while let Some(tag) = script.byte() {
        let sending = matches!(fetch.action(), Action::Send(_));
        if let Action::Read { max } = fetch.action() {
            assert!(max >= 1 && max <= limit + 1);
        }
        match tag % 5 {
            0 => {
                let status =
                    u16::from_be_bytes([script.byte().unwrap_or(0), script.byte().unwrap_or(0)]);
                let mut headers = Vec::new();
                for _ in 0..script.byte().unwrap_or(0) % 6 {
                    let name = NAMES[usize::from(script.byte().unwrap_or(0)) % NAMES.len()];
                    let len = usize::from(script.byte().unwrap_or(0));
                    headers.push((name, script.bytes(len)));
                }
                answered += usize::from(sending);
                fetch.receive_head(status, headers.iter().map(|(n, v)| (*n, *v)));
            }
            1 => {
                let len = usize::from(u16::from_be_bytes([
                    script.byte().unwrap_or(0),
                    script.byte().unwrap_or(0),
                ])) * 16;
                fetch.receive_body(&filler[..len.min(filler.len())]);
            }
            2 => fetch.end_body(),
            3 => fetch.fail(Failure::Network),
            _ => fetch.fail(Failure::Timeout),
        }
    }
    let outcome = fetch.finish();
    assert!(answered <= usize::from(hops) + 1);
    assert!(outcome.redirects <= hops);
    assert!(outcome.bytes <= limit);
});
