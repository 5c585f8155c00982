//! The fetch state machine driven by random response sequences: it never
//! panics, always ends within the redirect bound, and never keeps more body than
//! the limit.

use proptest::prelude::*;
use robots_fetch::{Action, Failure, FetchProfile, FetchSettings, Previous, RobotsFetch};

/// One thing a server or network can do next.
#[derive(Clone, Debug)]
enum Event {
    Head(u16, Vec<(String, String)>),
    Chunk(usize),
    End,
    Fail(bool),
}

fn header() -> impl Strategy<Value = (String, String)> {
    let location = prop_oneof![
        Just("/robots.txt".to_owned()),
        Just("/r".to_owned()),
        Just("http://example.com/robots.txt".to_owned()),
        Just("https://other.example:8443/x".to_owned()),
        Just("ftp://nope/".to_owned()),
        Just("http://[::1".to_owned()),
        "[a-z/.:?#%]{0,12}",
        "/[0-9]{1,3}",
    ];
    prop_oneof![
        location.prop_map(|l| ("Location".to_owned(), l)),
        "(max-age=[0-9]{1,12}|no-store|no-cache|,|max-age=\"1\"| ){0,4}"
            .prop_map(|v| ("Cache-Control".to_owned(), v)),
        "[ -~]{0,20}".prop_map(|v| ("ETag".to_owned(), v)),
        "[0-9]{0,25}".prop_map(|v| ("Retry-After".to_owned(), v)),
    ]
}

fn event() -> impl Strategy<Value = Event> {
    let status = prop_oneof![
        Just(200u16),
        Just(204),
        300u16..=308,
        Just(304),
        400u16..=451,
        Just(429),
        500u16..=504,
        0u16..=999,
    ];
    prop_oneof![
        4 => (status, proptest::collection::vec(header(), 0..4)).prop_map(|(s, h)| Event::Head(s, h)),
        3 => prop_oneof![0usize..100, 0usize..300_000, Just(600_000)].prop_map(Event::Chunk),
        1 => Just(Event::End),
        1 => any::<bool>().prop_map(Event::Fail),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn random_responses_end_within_bounds(
        events in proptest::collection::vec(event(), 0..40),
        google in any::<bool>(),
        hops in 0u8..8,
        extra in 0usize..100_000,
    ) {
        let profile = if google { FetchProfile::Google } else { FetchProfile::Rfc9309 };
        let policy = FetchSettings::new(profile)
            .with_max_redirects(hops)
            .with_max_bytes(FetchSettings::MIN_MAX_BYTES + extra);
        let limit = policy.max_bytes();
        let mut fetch = RobotsFetch::revalidate("http://example.com/page", &policy, Previous::default()).unwrap();
        let mut sends = 0usize;
        let filler = vec![b'x'; 600_000];
        for event in &events {
            match fetch.action() {
                // A request answered: one more request was sent.
                Action::Send(_) if matches!(event, Event::Head(..)) => sends += 1,
                Action::Send(_) => {}
                Action::Read { max } => prop_assert!(max >= 1 && max <= limit + 1),
                Action::Done => break,
            }
            // Every event in every state: the unexpected ones must be ignored.
            match event {
                Event::Head(status, headers) => fetch.receive_head(
                    *status,
                    headers.iter().map(|(n, v)| (n.as_bytes(), v.as_bytes())),
                ),
                Event::Chunk(n) => fetch.receive_body(&filler[..*n]),
                Event::End => fetch.end_body(),
                Event::Fail(timeout) => fetch.fail(if *timeout { Failure::Timeout } else { Failure::Network }),
            }
        }
        let outcome = fetch.finish();
        prop_assert!(sends <= usize::from(hops) + 1, "{} requests for {} hops", sends, hops);
        prop_assert!(outcome.redirects <= hops);
        prop_assert!(outcome.bytes <= limit);
        prop_assert!(!outcome.truncated || outcome.bytes == limit);
        prop_assert_eq!(&outcome.robots_url, "http://example.com/robots.txt");
        // Rules and reason agree.
        match outcome.rules.name() {
            "disallow-all" => prop_assert!(outcome.reason.is_unreachable() || outcome.reason.name() == "forbidden"),
            "allow-all" => prop_assert!(!outcome.reason.is_unreachable()),
            _ => prop_assert!(matches!(outcome.reason.name(), "ok" | "not-modified")),
        }
    }

    #[test]
    fn a_driver_that_always_answers_gets_an_outcome(
        statuses in proptest::collection::vec(prop_oneof![Just(301u16), Just(302), 200u16..=599], 1..12),
        body in proptest::collection::vec(any::<u8>(), 0..2000),
    ) {
        let policy = FetchSettings::default();
        let mut fetch = RobotsFetch::new("https://example.com/", &policy).unwrap();
        let mut steps = 0;
        let mut statuses = statuses.iter().cycle();
        let mut n = 0;
        while !fetch.is_done() {
            steps += 1;
            prop_assert!(steps < 200);
            match fetch.action() {
                Action::Send(_) => {
                    n += 1;
                    let location = format!("/hop{n}");
                    let status = *statuses.next().unwrap();
                    fetch.receive_head(status, [(&b"location"[..], location.as_bytes())]);
                }
                Action::Read { .. } => {
                    fetch.receive_body(&body);
                    fetch.end_body();
                }
                Action::Done => {}
            }
        }
        prop_assert!(n <= 6);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4096))]

    /// The cache's key is the origin, however the URL is written: the fast
    /// path (a slice of the URL) only ever answers what the parser answers.
    #[test]
    fn origin_keys_are_origins(
        scheme in "(http|https|HTTP|Http|ftp)",
        host in "[a-zA-Z0-9.\\-]{0,12}|[0-9]{1,4}(\\.[0-9]{1,4}){0,4}\\.?|xn--[a-z0-9]{1,6}|0x[0-9a-f]{1,3}(\\.[0-9]{1,3}){0,3}",
        port in "(:[0-9]{0,6})?",
        tail in "(/[a-z]{0,3}|\\?x|#y|\\\\z)?",
    ) {
        let url = format!("{scheme}://{host}{port}{tail}");
        let fast = robots_fetch::origin_key(&url).map(std::borrow::Cow::into_owned);
        let slow = robots_fetch::origin(&url);
        prop_assert_eq!(fast, slow, "{}", url);
    }
}
