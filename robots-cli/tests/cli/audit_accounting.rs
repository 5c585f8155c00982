//! `robots audit` accounts for every line of any log, in every output format:
//! the invariants the `audit_log` fuzz target checks (`fuzz/audit_invariants.rs`),
//! over hand-made logs of each kind of line and every option the fuzz input's
//! first byte picks, and over the inputs the fuzzer kept (`fuzz/regressions/audit_log/`).

#[path = "../../../fuzz/audit_invariants.rs"]
mod audit_invariants;

use audit_invariants::check_audit_input;
use std::path::Path;

const ROBOTS: &[u8] = b"User-agent: *\nDisallow: /private/\nCrawl-delay: 5\n\nUser-agent: Googlebot\nDisallow: /nogoogle\n";

/// Logs with every kind of line: crawlers from their operators' ranges and
/// not, `/robots.txt` fetches, browsers, blank and malformed lines, JSON
/// lines (one with an escaped line end in its target), W3C logs (IIS's and
/// CloudFront's, with directives, a line before any `#Fields:` and one that
/// does not fit its layout), hosts, a line past the longest the audit reads,
/// a gzip header over garbage.
fn logs() -> Vec<Vec<u8>> {
    let clf = concat!(
        "66.249.66.1 - - [28/Nov/2026:10:00:00 +0000] \"GET /robots.txt HTTP/1.1\" 200 80 \"-\" \"Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)\"\n",
        "66.249.66.1 - - [28/Nov/2026:10:00:01 +0000] \"GET /nogoogle/a HTTP/1.1\" 200 80 \"-\" \"Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)\"\n",
        "203.0.113.9 - - [28/Nov/2026:10:00:02 +0000] \"GET /private/x HTTP/1.1\" 404 0 \"-\" \"Googlebot/2.1\"\n",
        "\n   \r\n",
        "198.51.100.7 - - [28/Nov/2026:10:00:03 +0000] \"GET /private/y HTTP/1.1\" 200 9 \"-\" \"Mozilla/5.0 (X11; Linux x86_64)\"\n",
        "example.com:443 198.51.100.8 - - [28/Nov/2026:10:00:04 +0000] \"GET /private/z HTTP/1.1\" 200 9 \"-\" \"GPTBot/1.2\"\n",
        "other.org:80 198.51.100.8 - - [28/Nov/2026:10:00:05 +0000] \"GET /a HTTP/1.1\" 200 9 \"-\" \"ExampleBot/0.1\"\n",
        "not a log line\n",
        "198.51.100.7 - - [28/Nov/2026:10:00:06 +0000] \"GET /private/y HTTP/1.1\" 200 9 \"-\" \"-\"",
    );
    let json = concat!(
        "{\"host\":\"example.com\",\"time\":\"2026-11-28T10:00:00Z\",\"request\":\"GET /private/a HTTP/1.1\",\"status\":200,\"user_agent\":\"bingbot/2.0\",\"remote_addr\":\"40.77.167.1\"}\n",
        "{\"time\":\"2026-11-28T10:00:01Z\",\"target\":\"/private/b\\nc\",\"user_agent\":\"CCBot/2.0\"}\n",
        "{\"time\": 12, \"user_agent\": [1]}\n",
        "{broken\n",
    );
    let w3c = concat!(
        "2026-11-28 09:59:59 /before-fields 66.249.66.1 Googlebot/2.1\n",
        "#Software: Microsoft Internet Information Services 10.0\n",
        "#Version: 1.0\n",
        "#Fields: date time s-ip cs-method cs-uri-stem cs-uri-query c-ip cs(User-Agent) sc-status cs-host\n",
        "2026-11-28 10:00:00 10.0.0.1 GET /robots.txt - 66.249.66.1 Mozilla/5.0+(compatible;+Googlebot/2.1;++http://www.google.com/bot.html) 200 example.com\n",
        "2026-11-28 10:00:01 10.0.0.1 GET /nogoogle/a q=1 66.249.66.1 Googlebot/2.1 200 example.com\n",
        "2026-11-28 10:00:02 10.0.0.1 GET /private/b - 198.51.100.7 Mozilla/5.0+(X11) 200 -\n",
        "2026-11-28 10:00:03 10.0.0.1 GET /too few\n",
        "# a comment, not a directive\n",
        "#Fields: date time c-ip cs(Host) cs-uri-stem sc-status cs(User-Agent) cs-uri-query x-host-header\n",
        "2026-11-28\t10:00:04\t40.77.167.1\td1.cloudfront.net\t/private/c\t403\tbingbot/2.0%2520(+http://www.bing.com/bingbot.htm)\t-\tother.org\n",
        "2026-11-28\t10:00:05\t\t\t-\t200\t-\t-\t-\n",
    );
    let mut long = b"1.2.3.4 - - [28/Nov/2026:10:00:00 +0000] \"GET /".to_vec();
    long.resize(70_000, b'a');
    long.extend_from_slice(b" HTTP/1.1\" 200 1 \"-\" \"Googlebot/2.1\"\n   \n");
    long.extend_from_slice(&vec![b' '; 70_000]);
    vec![
        clf.as_bytes().to_vec(),
        json.as_bytes().to_vec(),
        w3c.as_bytes().to_vec(),
        [clf.as_bytes(), b"\n", json.as_bytes()].concat(),
        long,
        b"\x1f\x8b\x08\x00garbage".to_vec(),
        Vec::new(),
        b"\xff\xfe\x00 \"\" [x] \n\t\n".to_vec(),
    ]
}

#[test]
fn every_line_of_any_log_is_accounted_for_in_every_format() {
    // Option bytes (bits 2-6: log format, --browsers, no cache window, one
    // host) in which each bit is set in half and pairs of bits vary apart; the
    // low two bits pick the profile. Each log is audited under four of them in
    // turn (an audit's fixed cost, the IP ranges and the registry, is tens of
    // milliseconds in the test build).
    const OPTIONS: [u8; 8] = [
        0b00000, 0b11111, 0b00101, 0b01010, 0b10011, 0b01100, 0b10110, 0b11001,
    ];
    for (i, log) in logs().iter().enumerate() {
        for k in 0..4 {
            let options = OPTIONS[(i * 4 + k) % OPTIONS.len()];
            let mode = (options << 2) | ((i + k) as u8 & 3);
            let input = [&[mode][..], ROBOTS, &[0xFF], log].concat();
            check_audit_input(&input, "accounting");
        }
    }
}

#[test]
fn the_fuzzers_inputs_are_accounted_for() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../fuzz/regressions/audit_log");
    let mut replayed = 0;
    for entry in std::fs::read_dir(&dir).expect("fuzz/regressions/audit_log") {
        let input = std::fs::read(entry.expect("a directory entry").path()).expect("an input");
        check_audit_input(&input, "regressions");
        replayed += 1;
    }
    assert!(replayed > 0, "no inputs in {}", dir.display());
}
