//! `robots audit`'s verified identity: the [`Verifier`] its flags ask for.
//!
//! The operators' published IP ranges always count (the snapshot bundled with
//! robots-audit, with any `--ip-ranges` files in place of its copies);
//! forward-confirmed reverse DNS only with `--verify-dns`, asking
//! `--dns-server` or the system's resolver, within `--dns-timeout` per
//! address, `--dns-budget` in all and `--dns-max-lookups` addresses.

use crate::error::Error;
use crate::flags::Audit;
use robots_audit::{FreshRanges, IpRanges, Verifier};

/// The verifier `args` describe.
///
/// # Errors
/// [`Error::Invalid`] when a range file cannot be read or is not of the
/// operators' shape (the message names the file and the entry), or reverse
/// DNS cannot be set up; [`Error::Usage`] for `--verify-dns` in a build
/// without the `dns` feature.
pub fn verifier(args: &Audit) -> Result<Verifier, Error> {
    let fresh: Vec<FreshRanges> = args
        .ip_ranges
        .iter()
        .map(|spec| FreshRanges::parse(spec))
        .collect();
    let ranges = IpRanges::with_fresh(&fresh).map_err(|e| Error::Invalid(e.to_string()))?;
    let verifier = Verifier::new(ranges);
    match &args.dns {
        None => Ok(verifier),
        Some(dns) => with_dns(verifier, dns),
    }
}

#[cfg(feature = "dns")]
fn with_dns(verifier: Verifier, dns: &crate::flags::AuditDns) -> Result<Verifier, Error> {
    use robots_audit::{DnsSettings, ReverseDns};
    let settings = dns
        .server
        .map_or_else(DnsSettings::default, DnsSettings::server)
        .with_timeout(dns.timeout)
        .with_total_time(dns.budget)
        .with_max_lookups(dns.max_lookups);
    let reverse = ReverseDns::new(settings).map_err(|e| Error::Invalid(e.to_string()))?;
    Ok(verifier.with_dns(reverse))
}

#[cfg(not(feature = "dns"))]
fn with_dns(_verifier: Verifier, _dns: &crate::flags::AuditDns) -> Result<Verifier, Error> {
    Err(Error::Usage(String::from(
        "--verify-dns needs the DNS resolver, and this robots was built without it \
         (without the `dns` feature); build it with default features to verify by DNS",
    )))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::flags::{parse, Command, Parsed};
    use robots_audit::{Verification, Verify};

    fn audit(args: &[&str]) -> Audit {
        let mut argv = vec!["robots", "audit"];
        argv.extend_from_slice(args);
        match parse(argv) {
            Ok(Parsed::Run(Command::Audit(audit), _)) => *audit,
            other => panic!("{args:?}: {other:?}"),
        }
    }

    fn ip(text: &str) -> Option<std::net::IpAddr> {
        Some(text.parse().unwrap())
    }

    #[test]
    fn the_bundled_ranges_by_default_and_no_dns() {
        let args = audit(&["robots.txt", "access.log"]);
        assert!(args.ip_ranges.is_empty() && args.dns.is_none());
        let verifier = verifier(&args).unwrap();
        assert_eq!(
            verifier.verify("Googlebot", ip("66.249.66.1")),
            Verification::Verified
        );
        assert_eq!(
            verifier.verify("Googlebot", ip("192.0.2.1")),
            Verification::Spoofed
        );
        assert_eq!(
            verifier.verify("YandexBot", ip("192.0.2.1")),
            Verification::Unverifiable
        );
        #[cfg(feature = "dns")]
        assert!(verifier.dns().is_none());
    }

    #[test]
    fn fresh_ranges_replace_the_bundled_ones() {
        let dir = std::env::temp_dir().join(format!("robots-cli-ranges-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let gptbot = dir.join("gptbot.json");
        std::fs::write(
            &gptbot,
            r#"{"prefixes": [{"ipv4Prefix": "203.0.113.0/24"}]}"#,
        )
        .unwrap();
        let old = dir.join("old.json");
        std::fs::write(&old, r#"{"prefixes": [{"ipv6Prefix": "2001:db8::/32"}]}"#).unwrap();
        let gptbot = gptbot.to_str().unwrap();
        let by_token = format!("Googlebot={}", old.display());
        // After the logs, several values; or once per file, before them.
        for args in [
            audit(&["robots.txt", "access.log", "--ip-ranges", gptbot, &by_token]),
            audit(&[
                "--ip-ranges",
                gptbot,
                "--ip-ranges",
                &by_token,
                "--",
                "robots.txt",
                "access.log",
            ]),
        ] {
            assert_eq!(args.ip_ranges, [gptbot, by_token.as_str()]);
            assert_eq!(args.logs, ["access.log"]);
            let verifier = verifier(&args).unwrap();
            assert_eq!(
                verifier.verify("GPTBot", ip("203.0.113.5")),
                Verification::Verified
            );
            assert_eq!(
                verifier.verify("GPTBot", ip("132.196.86.7")),
                Verification::Spoofed
            );
            assert_eq!(
                verifier.verify("Googlebot", ip("2001:db8::1")),
                Verification::Verified
            );
            assert_eq!(
                verifier.verify("Googlebot", ip("66.249.66.1")),
                Verification::Spoofed
            );
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn bad_range_files_are_errors_that_name_them() {
        for (spec, says) in [
            (
                "/no/such/gptbot.json",
                "cannot read IP ranges '/no/such/gptbot.json'",
            ),
            (
                "/no/such/mine.json",
                "IP ranges 'mine.json': no operator in the registry publishes",
            ),
        ] {
            match verifier(&audit(&["robots.txt", "--ip-ranges", spec])) {
                Err(Error::Invalid(message)) => assert!(message.contains(says), "{message}"),
                other => panic!("{spec}: {other:?}"),
            }
        }
    }

    #[test]
    fn dns_flags_parse_into_bounds() {
        let args = audit(&[
            "robots.txt",
            "--verify-dns",
            "--dns-server",
            "127.0.0.1:5353",
            "--dns-timeout",
            "0.5",
            "--dns-budget",
            "30",
            "--dns-max-lookups",
            "7",
        ]);
        let dns = args.dns.clone().unwrap();
        assert_eq!(dns.server, Some("127.0.0.1:5353".parse().unwrap()));
        assert_eq!(dns.timeout, std::time::Duration::from_millis(500));
        assert_eq!(dns.budget, std::time::Duration::from_secs(30));
        assert_eq!(dns.max_lookups, 7);
        // A bare address asks port 53; defaults apply.
        let plain = audit(&["robots.txt", "--verify-dns", "--dns-server", "::1"])
            .dns
            .unwrap();
        assert_eq!(plain.server, Some("[::1]:53".parse().unwrap()));
        assert_eq!(
            (
                plain.timeout.as_secs(),
                plain.budget.as_secs(),
                plain.max_lookups
            ),
            (2, 120, 10_000)
        );
        #[cfg(feature = "dns")]
        {
            let verifier = verifier(&args).unwrap();
            let reverse = verifier.dns().unwrap();
            assert_eq!(
                reverse.settings().server,
                Some("127.0.0.1:5353".parse().unwrap())
            );
            assert_eq!(reverse.settings().max_lookups, 7);
            assert_eq!(reverse.counts().lookups, 0);
        }
    }

    #[test]
    fn dns_bounds_need_verify_dns_and_a_server_must_be_an_address() {
        for args in [
            &["robots.txt", "--dns-server", "127.0.0.1"][..],
            &["robots.txt", "--dns-timeout", "1"],
            &["robots.txt", "--dns-max-lookups", "1"],
        ] {
            let mut argv = vec!["robots", "audit"];
            argv.extend_from_slice(args);
            assert!(matches!(parse(argv), Err(Error::Usage(_))), "{args:?}");
        }
        let mut argv = vec![
            "robots",
            "audit",
            "robots.txt",
            "--verify-dns",
            "--dns-server",
            "dns.example",
        ];
        match parse(argv.drain(..)) {
            Err(Error::Usage(message)) => assert!(
                message.contains("--dns-server takes an IP address"),
                "{message}"
            ),
            other => panic!("{other:?}"),
        }
    }
}
