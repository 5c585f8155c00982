//! Reverse DNS verification end to end, against a DNS server this test starts
//! on 127.0.0.1 (a UDP responder built on hickory's message types, answering
//! from a table): forward-confirmed names, a forward record that points
//! elsewhere, no PTR record, a server that never answers, and the cache and
//! the bounds. The addresses verified are documentation addresses; nothing is
//! sent anywhere but 127.0.0.1.

#![cfg(feature = "dns")]
// The server's helpers unwrap and index too: a panic there fails the test.
#![allow(clippy::unwrap_used, clippy::indexing_slicing)]

use hickory_proto::op::{Message, MessageType, OpCode, ResponseCode};
use hickory_proto::rr::rdata::{A, AAAA, PTR};
use hickory_proto::rr::{Name, RData, Record, RecordType};
use robots_audit::{
    DnsAnswer, DnsProblem, DnsSettings, Evidence, IpRanges, ReverseDns, Verification, Verifier,
    Verify,
};
use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr, UdpSocket};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

/// What the server knows, by lower-case name with its trailing dot.
#[derive(Default)]
struct Zone {
    ptr: HashMap<String, Vec<String>>,
    addr: HashMap<String, Vec<IpAddr>>,
    /// Names it never answers (a query for them times out).
    silent: Vec<String>,
}

/// The PTR name of an address (`1.100.51.198.in-addr.arpa.`).
fn reverse_name(addr: IpAddr) -> String {
    match addr {
        IpAddr::V4(v4) => {
            let [a, b, c, d] = v4.octets();
            format!("{d}.{c}.{b}.{a}.in-addr.arpa.")
        }
        IpAddr::V6(v6) => {
            let mut name = String::new();
            for byte in v6.octets().iter().rev() {
                name.push_str(&format!("{:x}.{:x}.", byte & 0xf, byte >> 4));
            }
            name + "ip6.arpa."
        }
    }
}

impl Zone {
    fn ptr(mut self, addr: &str, names: &[&str]) -> Zone {
        let key = reverse_name(addr.parse().unwrap());
        self.ptr
            .insert(key, names.iter().map(|n| format!("{n}.")).collect());
        self
    }

    fn addr(mut self, name: &str, addrs: &[&str]) -> Zone {
        self.addr.insert(
            format!("{name}."),
            addrs.iter().map(|a| a.parse().unwrap()).collect(),
        );
        self
    }

    fn silent(mut self, addr: &str) -> Zone {
        self.silent.push(reverse_name(addr.parse().unwrap()));
        self
    }

    /// The answer to `query`, or `None` to stay silent.
    fn answer(&self, query: &Message) -> Option<Message> {
        let mut reply = Message::new();
        reply
            .set_id(query.id())
            .set_message_type(MessageType::Response)
            .set_op_code(OpCode::Query)
            .set_recursion_desired(query.recursion_desired())
            .set_recursion_available(true)
            .set_authoritative(true);
        let mut found = false;
        for q in query.queries() {
            reply.add_query(q.clone());
            let name = q.name().to_ascii().to_ascii_lowercase();
            if self.silent.contains(&name) {
                return None;
            }
            match q.query_type() {
                RecordType::PTR => {
                    for target in self.ptr.get(&name).into_iter().flatten() {
                        found = true;
                        let target = Name::from_ascii(target).unwrap();
                        reply.add_answer(Record::from_rdata(
                            q.name().clone(),
                            60,
                            RData::PTR(PTR(target)),
                        ));
                    }
                }
                RecordType::A | RecordType::AAAA => {
                    let known = self.addr.get(&name);
                    found |= known.is_some();
                    for addr in known.into_iter().flatten() {
                        let rdata = match (addr, q.query_type()) {
                            (IpAddr::V4(v4), RecordType::A) => RData::A(A(*v4)),
                            (IpAddr::V6(v6), RecordType::AAAA) => RData::AAAA(AAAA(*v6)),
                            _ => continue,
                        };
                        reply.add_answer(Record::from_rdata(q.name().clone(), 60, rdata));
                    }
                }
                _ => {}
            }
        }
        reply.set_response_code(if found {
            ResponseCode::NoError
        } else {
            ResponseCode::NXDomain
        });
        Some(reply)
    }
}

/// The server: a thread answering on 127.0.0.1, stopped (and joined) on drop.
struct Server {
    addr: SocketAddr,
    stop: Arc<AtomicBool>,
    /// Queries received, by name.
    queries: Arc<Mutex<Vec<String>>>,
    thread: Option<JoinHandle<()>>,
    served: Arc<AtomicUsize>,
}

impl Server {
    fn start(zone: Zone) -> Server {
        let socket = UdpSocket::bind("127.0.0.1:0").unwrap();
        socket
            .set_read_timeout(Some(Duration::from_millis(20)))
            .unwrap();
        let addr = socket.local_addr().unwrap();
        let stop = Arc::new(AtomicBool::new(false));
        let queries = Arc::new(Mutex::new(Vec::new()));
        let served = Arc::new(AtomicUsize::new(0));
        let thread = {
            let (stop, queries, served) = (stop.clone(), queries.clone(), served.clone());
            std::thread::spawn(move || {
                let mut buf = [0u8; 4096];
                while !stop.load(Ordering::Relaxed) {
                    let Ok((n, from)) = socket.recv_from(&mut buf) else {
                        continue;
                    };
                    let Ok(query) = Message::from_vec(&buf[..n]) else {
                        continue;
                    };
                    for q in query.queries() {
                        queries
                            .lock()
                            .unwrap()
                            .push(q.name().to_ascii().to_ascii_lowercase());
                    }
                    if let Some(reply) = zone.answer(&query) {
                        let _ = socket.send_to(&reply.to_vec().unwrap(), from);
                        served.fetch_add(1, Ordering::Relaxed);
                    }
                }
            })
        };
        Server {
            addr,
            stop,
            queries,
            thread: Some(thread),
            served,
        }
    }

    /// How many queries named `name` (with its trailing dot).
    fn asked(&self, name: &str) -> usize {
        self.queries
            .lock()
            .unwrap()
            .iter()
            .filter(|q| *q == name)
            .count()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        if let Some(thread) = self.thread.take() {
            thread.join().unwrap();
        }
    }
}

fn ip(text: &str) -> Option<IpAddr> {
    Some(text.parse().unwrap())
}

fn zone() -> Zone {
    Zone::default()
        // Forward-confirmed.
        .ptr("198.51.100.1", &["spider-1.yandex.com"])
        .addr("spider-1.yandex.com", &["198.51.100.1"])
        // The forward record names another address.
        .ptr("198.51.100.2", &["spider-2.yandex.com"])
        .addr("spider-2.yandex.com", &["198.51.100.99"])
        // No PTR record: 198.51.100.3 is in no table.
        // A server that never answers.
        .silent("198.51.100.4")
        // A Google name, confirmed: Googlebot by DNS, though outside the ranges.
        .ptr("198.51.100.5", &["crawl-198-51-100-5.googlebot.com"])
        .addr("crawl-198-51-100-5.googlebot.com", &["198.51.100.5"])
        // A spoofer's own PTR name, made to look like Yandex's.
        .ptr("198.51.100.6", &["spider.yandex.com.evil.example"])
        .addr("spider.yandex.com.evil.example", &["198.51.100.6"])
        // IPv6.
        .ptr("2001:db8::5", &["spider-v6.yandex.net"])
        .addr("spider-v6.yandex.net", &["2001:db8::5"])
}

fn verifier(server: &Server, settings: impl FnOnce(DnsSettings) -> DnsSettings) -> Verifier {
    let settings =
        settings(DnsSettings::server(server.addr).with_timeout(Duration::from_millis(300)));
    Verifier::new(IpRanges::snapshot()).with_dns(ReverseDns::new(settings).unwrap())
}

#[test]
fn forward_confirmed_mismatching_no_ptr_and_timeout() {
    let server = Server::start(zone());
    let verifier = verifier(&server, |s| s);
    let cases = [
        (
            "198.51.100.1",
            Verification::Verified,
            Evidence::DnsName(String::from("spider-1.yandex.com")),
        ),
        (
            "198.51.100.2",
            Verification::Spoofed,
            Evidence::Failed {
                ranges: false,
                dns: Some(DnsAnswer::Unconfirmed(vec![String::from(
                    "spider-2.yandex.com",
                )])),
            },
        ),
        (
            "198.51.100.3",
            Verification::Spoofed,
            Evidence::Failed {
                ranges: false,
                dns: Some(DnsAnswer::NoName),
            },
        ),
        (
            "198.51.100.4",
            Verification::Unverifiable,
            Evidence::DnsUnavailable(DnsProblem::Timeout),
        ),
        (
            "198.51.100.6",
            Verification::Spoofed,
            Evidence::Failed {
                ranges: false,
                dns: Some(DnsAnswer::Unconfirmed(vec![String::from(
                    "spider.yandex.com.evil.example",
                )])),
            },
        ),
        (
            "2001:db8::5",
            Verification::Verified,
            Evidence::DnsName(String::from("spider-v6.yandex.net")),
        ),
    ];
    for (addr, want, evidence) in cases {
        assert_eq!(
            verifier.explain("YandexBot", ip(addr)),
            (want, evidence),
            "{addr}"
        );
    }
    // The spoofer's name is in no operator's domain: it is never resolved forward.
    assert_eq!(server.asked("spider.yandex.com.evil.example."), 0);
    assert!(server.asked("spider-1.yandex.com.") >= 1);
    let counts = verifier.dns().unwrap().counts();
    assert_eq!(
        (counts.lookups, counts.timeouts, counts.not_looked_up()),
        (6, 1, 0)
    );
    assert!(counts.spent >= Duration::from_millis(300), "{counts:?}");
}

#[test]
fn a_confirmed_name_verifies_its_own_operator_only_and_ranges_come_first() {
    let server = Server::start(zone());
    let verifier = verifier(&server, |s| s);
    // Outside Google's published ranges, but Google's name, forward-confirmed.
    assert_eq!(
        verifier.explain("Googlebot", ip("198.51.100.5")),
        (
            Verification::Verified,
            Evidence::DnsName(String::from("crawl-198-51-100-5.googlebot.com"))
        )
    );
    // The same address claiming Yandex: a Google name is no Yandex name.
    assert_eq!(
        verifier.explain("YandexBot", ip("198.51.100.5")).0,
        Verification::Spoofed
    );
    // GPTBot's operator publishes no DNS names: DNS is not asked for it.
    assert_eq!(
        verifier.verify("GPTBot", ip("198.51.100.1")),
        Verification::Spoofed
    );
    // In the ranges: no DNS query at all.
    let before = server.served.load(Ordering::Relaxed);
    assert_eq!(
        verifier.verify("Googlebot", ip("66.249.66.1")),
        Verification::Verified
    );
    assert_eq!(server.served.load(Ordering::Relaxed), before);
}

#[test]
fn each_address_is_looked_up_once() {
    let server = Server::start(zone());
    let verifier = verifier(&server, |s| s);
    for _ in 0..3 {
        assert_eq!(
            verifier.verify("YandexBot", ip("198.51.100.1")),
            Verification::Verified
        );
        assert_eq!(
            verifier.verify("YandexMobileBot", ip("198.51.100.1")),
            Verification::Verified
        );
        // An IPv4-mapped IPv6 address is the same address.
        assert_eq!(
            verifier.verify("YandexBot", ip("::ffff:198.51.100.1")),
            Verification::Verified
        );
    }
    assert_eq!(server.asked("1.100.51.198.in-addr.arpa."), 1);
    assert_eq!(verifier.dns().unwrap().counts().lookups, 1);
}

#[test]
fn lookups_stop_at_the_count_bound_and_say_so() {
    let server = Server::start(zone());
    let verifier = verifier(&server, |s| s.with_max_lookups(2));
    assert_eq!(
        verifier.verify("YandexBot", ip("198.51.100.1")),
        Verification::Verified
    );
    assert_eq!(
        verifier.verify("YandexBot", ip("198.51.100.3")),
        Verification::Spoofed
    );
    assert_eq!(
        verifier.explain("YandexBot", ip("2001:db8::5")),
        (
            Verification::Unverifiable,
            Evidence::DnsUnavailable(DnsProblem::OutOfLookups)
        )
    );
    // Cached answers still count.
    assert_eq!(
        verifier.verify("YandexBot", ip("198.51.100.1")),
        Verification::Verified
    );
    let counts = verifier.dns().unwrap().counts();
    assert_eq!(
        (
            counts.lookups,
            counts.out_of_lookups,
            counts.not_looked_up()
        ),
        (2, 1, 1)
    );
    assert_eq!(
        server.asked(&reverse_name("2001:db8::5".parse().unwrap())),
        0
    );
}

#[test]
fn lookups_stop_at_the_time_bound_and_say_so() {
    let server = Server::start(zone().silent("198.51.100.7"));
    // 300 ms per lookup, 350 ms in all: the first silent address takes 300,
    // the second the 50 left, and the third is not asked.
    let verifier = verifier(&server, |s| s.with_total_time(Duration::from_millis(350)));
    for addr in ["198.51.100.4", "198.51.100.7"] {
        assert_eq!(
            verifier.explain("YandexBot", ip(addr)),
            (
                Verification::Unverifiable,
                Evidence::DnsUnavailable(DnsProblem::Timeout)
            ),
            "{addr}"
        );
    }
    assert_eq!(
        verifier.explain("YandexBot", ip("198.51.100.1")),
        (
            Verification::Unverifiable,
            Evidence::DnsUnavailable(DnsProblem::OutOfTime)
        )
    );
    let counts = verifier.dns().unwrap().counts();
    assert_eq!(
        (counts.lookups, counts.timeouts, counts.out_of_time),
        (2, 2, 1)
    );
    assert!(counts.spent >= Duration::from_millis(350), "{counts:?}");
    assert!(counts.spent < Duration::from_secs(5), "{counts:?}");
}

/// An audit through DNS: its summary says how many addresses were looked up
/// and what DNS decided, and names no crawler as left to DNS not asked.
#[test]
fn the_audit_summary_counts_what_dns_decided() {
    use robots_audit::{Audit, LogFormat, Sites};
    use robots_core::{Policy, Profile};
    let server = Server::start(zone());
    let verifier = verifier(&server, |s| s);
    let policy = Policy::parse("User-agent: *\nDisallow: /private/\n", Profile::Rfc9309);
    let identify = |ua: &[u8]| robots_audit::identity(ua, false);
    let mut audit =
        Audit::new(Sites::single(&policy), &identify, LogFormat::Auto).verify_with(&verifier);
    let line = |client: &str, agent: &str| {
        format!("{client} - - [28/Nov/2026:10:00:00 +0000] \"GET / HTTP/1.1\" 200 1 \"-\" \"{agent}\"\n")
    };
    let yandex = "Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)";
    let google = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
    let log = [
        line("198.51.100.1", yandex),
        line("198.51.100.1", yandex),
        line("198.51.100.2", yandex),
        line("198.51.100.3", yandex),
        // In Google's ranges: verified without DNS.
        line("66.249.66.1", google),
    ]
    .concat();
    audit.read("access.log", log.as_bytes()).unwrap();
    let report = audit.finish();
    let summary = verifier.summary(&report);
    assert!(summary.dns.enabled);
    assert_eq!(
        (
            summary.dns.lookups,
            summary.dns.verified,
            summary.dns.spoofed,
            summary.dns.failed
        ),
        (3, 1, 2, 0)
    );
    assert!(summary.dns_not_asked.is_empty());
    let json = summary.to_json();
    assert_eq!(json["dns"]["asked"], 3);
    assert_eq!(json["dns"]["spoofed"], 2);
    assert_eq!(json["dns"]["not_asked"], 0);
    assert!(summary
        .text()
        .contains("3 address(es) looked up, 1 verified, 2 spoofed"));
}
