//! The crawler a command asks about, from `--agent NAME` or
//! `--user-agent-header HEADER`, and the chain of tokens it follows.
//!
//! One rule for every command (`check`, `check --fetch`, `explain`, `diff`,
//! `report`, and the browser page): a crawler obeys the groups that name its
//! token, else those of the fallbacks the known-crawler registry documents for
//! it (`Googlebot-Image` → `Googlebot`), else those of any `--fallback`, else
//! the `*` groups, unless the registry documents that it ignores `*` (Google's
//! ads crawlers: then no group applies). When the registry adds tokens the command line did not
//! name, a note on stderr gives the chain, so that `check` never answers
//! otherwise than `report` in silence. `--no-fallback` asks for the one token
//! (and any `--fallback`), as Google's library matches the one name it is
//! given.
//!
//! `--agent` is one token, matched as given: when the value is plainly a
//! header (`/` then a digit, or `(`), the command says so on stderr and names
//! the token the header reading would use; the verdicts do not change.
//! `--user-agent-header` is the explicit header reading: the token
//! [`token_of_header`] finds, then the chain as above.
//!
//! Why a separate flag rather than guessing: a name such as `Foo/1` may be
//! meant whole (the legacy profiles match by substring), and a silent guess
//! would change verdicts that scripts already depend on. The warning catches
//! the mistake; the flag makes the reading explicit and reproducible.

use crate::error::Error;
use robots_runtime::registry::{looks_like_header, token_of_header, AgentChain, TokenSource};

/// Something to say on stderr about how the crawler was read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Notice {
    /// `robots: warning: …`
    Warning(String),
    /// `robots: …`
    Note(String),
}

/// The crawler's chain and what to say about it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Resolved {
    /// The token matched against the file.
    pub agent: Vec<u8>,
    /// The tokens it falls back to, most specific first.
    pub fallbacks: Vec<Vec<u8>>,
    /// Whether the `*` groups apply when no group names the chain (`false`
    /// for a registry crawler documented to ignore `*`).
    pub obeys_wildcard: bool,
    /// What to print on stderr before the answer.
    pub notices: Vec<Notice>,
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Resolve `--agent` / `--user-agent-header` (exactly one is given), the
/// registry's documented fallbacks (when `documented`) and `--fallback`s.
///
/// # Errors
/// [`Error::Usage`] when the header holds no crawler token (a browser's
/// header), or when a `--fallback` is empty (an empty `--agent` is checked,
/// with a warning).
pub fn resolve(
    agent: Option<&[u8]>,
    header: Option<&[u8]>,
    fallbacks: Vec<Vec<u8>>,
    documented: bool,
) -> Result<Resolved, Error> {
    if fallbacks.iter().any(Vec::is_empty) {
        return Err(Error::Usage(String::from(
            "--fallback is empty: name a product token (a robots.txt's `User-agent:` value)",
        )));
    }
    let mut notices = Vec::new();
    let (token, how) = match (header, agent) {
        (Some(header), _) => {
            let Some(found) = token_of_header(header) else {
                return Err(Error::Usage(format!(
                    "--user-agent-header `{}` holds no crawler token (only browser product tokens such as Mozilla, AppleWebKit, Chrome); name the crawler with --agent",
                    text(header)
                )));
            };
            let how = match (found.source, found.crawler) {
                (TokenSource::DocumentedForm, Some(c)) => {
                    format!("a documented header of {} ({})", c.token, c.operator)
                }
                (_, Some(c)) => format!("the product token of {} ({})", c.token, c.operator),
                (_, None) => String::from("its first product token, no known crawler"),
            };
            (found.token.to_vec(), Some(how))
        }
        (None, agent) => {
            let agent = agent.unwrap_or_default().to_vec();
            if agent.trim_ascii().is_empty() {
                // Google's library answers for an empty name (its tests ask),
                // so it is checked; but never in silence.
                notices.push(Notice::Warning(String::from(
                    "--agent is empty: it names no crawler, so no group names it and only the `*` groups apply; name the crawler's product token (a robots.txt's `User-agent:` value, such as Googlebot), or `*` for a crawler no group names",
                )));
            }
            if looks_like_header(&agent) {
                let token = token_of_header(&agent).map_or_else(
                    || String::from("no crawler token"),
                    |t| format!("`{}`", text(t.token)),
                );
                notices.push(Notice::Warning(format!(
                    "--agent `{}` looks like a whole User-Agent header; it is matched exactly, as given, so a group for its crawler does not apply. Its token is {token}: pass that to --agent, or the header to --user-agent-header",
                    text(&agent)
                )));
            }
            (agent, None)
        }
    };
    // The token, then the registry's fallbacks for it, then the command line's.
    // The registry's rule (`AgentChain`): its fallbacks (without `documented`,
    // the one token), and whether it obeys `*`, which `--no-fallback` keeps, as
    // `report --no-fallback` does: the registry's word on `*` is not a fallback.
    let registry = AgentChain::of(&token);
    let obeys_wildcard = registry.obeys_wildcard;
    let mut chain: Vec<Vec<u8>> = if documented {
        registry.tokens.into_iter().map(<[u8]>::to_vec).collect()
    } else {
        vec![token.clone()]
    };
    let added: Vec<Vec<u8>> = chain
        .iter()
        .skip(1)
        .filter(|t| !fallbacks.iter().any(|f| f.eq_ignore_ascii_case(t)))
        .cloned()
        .collect();
    for f in fallbacks {
        if !chain.iter().any(|c| c.eq_ignore_ascii_case(&f)) {
            chain.push(f);
        }
    }
    let names: Vec<String> = chain.iter().map(|t| text(t)).collect();
    match how {
        Some(how) => notices.push(Notice::Note(format!(
            "the User-Agent header is {how}: checking as {}",
            names.join(", then ")
        ))),
        None if !added.is_empty() => {
            let added: Vec<String> = added.iter().map(|t| format!("`{}`", text(t))).collect();
            notices.push(Notice::Note(format!(
                "the registry documents that `{}` obeys the groups of {} when none names it: checking as {} (--no-fallback checks `{}` alone)",
                text(&token),
                added.join(", then "),
                names.join(", then "),
                text(&token)
            )));
        }
        None => {}
    }
    let mut chain = chain.into_iter();
    Ok(Resolved {
        agent: chain.next().unwrap_or(token),
        fallbacks: chain.collect(),
        obeys_wildcard,
        notices,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_plain_name_is_used_as_given_in_silence() {
        let r = resolve(
            Some(&b"ExampleBot"[..]),
            None,
            vec![b"Other".to_vec()],
            true,
        )
        .unwrap();
        assert_eq!(
            (r.agent.as_slice(), r.fallbacks.len()),
            (&b"ExampleBot"[..], 1)
        );
        assert!(r.notices.is_empty());
    }

    #[test]
    fn a_header_given_to_agent_is_matched_whole_with_a_warning() {
        let r = resolve(
            Some(&b"ExampleBot/1.0 (+https://example.com/bot)"[..]),
            None,
            vec![],
            true,
        )
        .unwrap();
        assert_eq!(r.agent, b"ExampleBot/1.0 (+https://example.com/bot)");
        let [Notice::Warning(w)] = r.notices.as_slice() else {
            panic!("{:?}", r.notices)
        };
        assert!(w.contains("token is `ExampleBot`"), "{w}");
        let r = resolve(
            Some(&b"Mozilla/5.0 (Windows NT 10.0)"[..]),
            None,
            vec![],
            true,
        )
        .unwrap();
        assert!(
            matches!(r.notices.as_slice(), [Notice::Warning(w)] if w.contains("no crawler token"))
        );
    }

    #[test]
    fn a_header_flag_reads_the_token_and_the_documented_chain() {
        let r = resolve(
            None,
            Some(&b"Googlebot-Image/1.0"[..]),
            vec![b"Extra".to_vec()],
            true,
        )
        .unwrap();
        assert_eq!(r.agent, b"Googlebot-Image");
        assert_eq!(r.fallbacks, [b"Googlebot".to_vec(), b"Extra".to_vec()]);
        assert!(
            matches!(r.notices.as_slice(), [Notice::Note(n)] if n.contains("Googlebot-Image, then Googlebot, then Extra"))
        );
        let r = resolve(
            None,
            Some(&b"Mozilla/5.0 (compatible; NoSuchBotXyz/2)"[..]),
            vec![],
            true,
        )
        .unwrap();
        assert_eq!(r.agent, b"NoSuchBotXyz");
        assert!(
            matches!(r.notices.as_slice(), [Notice::Note(n)] if n.contains("no known crawler"))
        );
        let err = resolve(
            None,
            Some(&b"Mozilla/5.0 (X11; Linux x86_64) Gecko/20100101 Firefox/121.0"[..]),
            vec![],
            true,
        );
        assert!(matches!(err, Err(Error::Usage(m)) if m.contains("no crawler token")));
    }

    /// `robots check` end to end: the example.
    #[test]
    fn check_warns_on_a_header_agent_and_reads_the_header_flag() {
        let dir = std::env::temp_dir().join(format!("robots-agent-arg-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let robots = dir.join("robots.txt");
        std::fs::write(
            &robots,
            "User-agent: ExampleBot\nDisallow: /drafts/\n\nUser-agent: Googlebot\nDisallow: /g/\n",
        )
        .unwrap();
        let run = |args: &[&str]| {
            let mut argv = vec!["robots", "check", robots.to_str().unwrap()];
            argv.extend_from_slice(args);
            let (mut out, mut err) = (Vec::new(), Vec::new());
            let status = crate::run(
                argv,
                &mut std::io::Cursor::new(&b""[..]),
                &mut out,
                &mut err,
            );
            (
                status,
                String::from_utf8(out).unwrap(),
                String::from_utf8(err).unwrap(),
            )
        };
        let header = "ExampleBot/1.0 (+https://example.com/bot)";
        let (status, out, err) = run(&["--agent", header, "/drafts/x"]);
        assert_eq!((status, out.as_str()), (0, "allowed\t/drafts/x\n"));
        assert!(
            err.starts_with("robots: warning: --agent `ExampleBot/1.0"),
            "{err}"
        );
        assert!(err.contains("Its token is `ExampleBot`"), "{err}");
        let (status, out, err) = run(&["--user-agent-header", header, "/drafts/x"]);
        assert_eq!((status, out.as_str()), (0, "disallowed\t/drafts/x\n"));
        assert!(err.contains("checking as ExampleBot"), "{err}");
        // Googlebot-Image's header: its token, then Googlebot (documented).
        let (_, out, _) = run(&["--user-agent-header", "Googlebot-Image/1.0", "/g/x"]);
        assert_eq!(out, "disallowed\t/g/x\n");
        let (_, out, err) = run(&["--agent", "ExampleBot", "/drafts/x"]);
        assert_eq!(
            (out.as_str(), err.as_str()),
            ("disallowed\t/drafts/x\n", "")
        );
        let (status, _, err) = run(&["--agent", "A", "--user-agent-header", "B/1", "/x"]);
        assert_eq!(status, crate::EXIT_USAGE, "{err}");
        let (status, _, err) = run(&[
            "--user-agent-header",
            "Mozilla/5.0 (X11; Linux x86_64) Gecko/20100101 Firefox/121.0",
            "/x",
        ]);
        assert_eq!(status, crate::EXIT_USAGE);
        assert!(err.contains("no crawler token"), "{err}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
