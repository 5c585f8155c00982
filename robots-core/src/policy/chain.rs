//! Fallback chains: one crawler that answers to several tokens.
//!
//! Google documents that `Googlebot-Image` obeys the `Googlebot` group when no
//! group names `Googlebot-Image`; Apple's `Applebot` falls back to `Googlebot`,
//! Bing's `bingbot` to `msnbot`. A chain is such a list of tokens, most specific
//! first: the first token that some group names wins, else the `*` groups apply,
//! as for a crawler no group names.
//!
//! "Names" is the profile's own agent match, the first half of the one
//! agent → group selection (`group::select::resolve_named`), so a chain of one token is that
//! token's matcher under every profile.

use crate::group::select::{resolve_named, wildcard_set};
use crate::ids::SetId;
use crate::policy::Matcher;
use crate::search::automata::Automata;
use crate::tables::view::Tables;

/// `Policy::chain_choice`: the position of the first token a group names.
#[cfg_attr(robots_size, optimize(size))]
pub(crate) fn chain_choice<I>(tables: &Tables<'_>, tokens: I) -> Option<usize>
where
    I: IntoIterator,
    I::Item: AsRef<[u8]>,
{
    tokens
        .into_iter()
        .position(|t| resolve_named(tables, t.as_ref()).is_some())
}

/// `Policy::matcher_chain`: the matcher of the first token a group names, else
/// of the `*` groups.
#[cfg_attr(robots_size, optimize(size))]
pub(crate) fn matcher_chain<'p, I>(
    tables: &'p Tables<'p>,
    automata: &'p Automata,
    tokens: I,
) -> Matcher<'p>
where
    I: IntoIterator,
    I::Item: AsRef<[u8]>,
{
    matcher_obeying(tables, automata, tokens, true)
}

/// `Policy::matcher_obeying`: as [`matcher_chain`], but with no group at all
/// (every URL allowed) when no token is named and the crawler ignores `*`.
#[cfg_attr(robots_size, optimize(size))]
pub(crate) fn matcher_obeying<'p, I>(
    tables: &'p Tables<'p>,
    automata: &'p Automata,
    tokens: I,
    obeys_wildcard: bool,
) -> Matcher<'p>
where
    I: IntoIterator,
    I::Item: AsRef<[u8]>,
{
    let named = tokens
        .into_iter()
        .find_map(|t| resolve_named(tables, t.as_ref()));
    let set = match named {
        Some(set) => set,
        None if obeys_wildcard => wildcard_set(tables),
        None => SetId::NONE,
    };
    Matcher::of_set(tables, automata, set)
}

#[cfg(test)]
mod tests {
    use crate::{Policy, Profile};

    const ROBOTS: &[u8] = b"User-agent: *\nDisallow: /\n\nUser-agent: Googlebot\nDisallow: /g/\n\nUser-agent: FooBot\nDisallow: /f/\n";

    #[test]
    fn the_first_named_token_wins_under_every_profile() {
        for profile in Profile::ALL {
            let policy = Policy::parse(ROBOTS, profile);
            let chain = policy.matcher_chain(["Googlebot-Image", "Googlebot"]);
            assert!(!chain.is_allowed("/g/x"), "{profile}");
            assert!(chain.is_allowed("/f/x"), "{profile}");
            // FooBot comes first and is named: it wins over Googlebot.
            let foo = policy.matcher_chain(["FooBot", "Googlebot"]);
            assert!(!foo.is_allowed("/f/x"), "{profile}");
            assert!(foo.is_allowed("/g/x"), "{profile}");
            // Nothing named: the `*` group.
            let none = policy.matcher_chain(["OtherBot", "ThirdBot"]);
            assert!(!none.is_allowed("/x"), "{profile}");
            let empty: [&str; 0] = [];
            assert!(!policy.matcher_chain(empty).is_allowed("/x"), "{profile}");
        }
    }

    #[test]
    fn a_chain_of_one_is_the_matcher() {
        let urls = ["/", "/g/x", "/f/x", "/robots.txt", "/other"];
        for profile in Profile::ALL {
            let policy = Policy::parse(ROBOTS, profile);
            for agent in [
                "Googlebot",
                "googlebot",
                "FooBot",
                "Other",
                "",
                "*",
                "Googlebot-Image",
            ] {
                for url in urls {
                    assert_eq!(
                        policy.matcher_chain([agent]).check(url),
                        policy.matcher(agent).check(url),
                        "{profile} {agent} {url}"
                    );
                }
            }
        }
    }

    #[test]
    fn legacy_profiles_match_names_by_substring() {
        // Under the 1994 reading `Google` names `Googlebot-Image` (a substring),
        // so the first token wins; under RFC 9309 it names nothing.
        let policy = Policy::parse(b"User-agent: Google\nDisallow: /\n", Profile::Original1994);
        assert_eq!(
            policy.chain_choice(["Googlebot-Image", "Googlebot"]),
            Some(0)
        );
        let policy = Policy::parse(b"User-agent: Google\nDisallow: /\n", Profile::Rfc9309);
        assert_eq!(policy.chain_choice(["Googlebot-Image", "Googlebot"]), None);
    }
}
