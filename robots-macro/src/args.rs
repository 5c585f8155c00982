//! Parsing the macro's input: the robots.txt (a path or inline text), then options.
//!
//! Mistakes in options do not stop parsing: each is recorded on its token and
//! parsing resumes at the next comma, so one expansion reports them all.

use proc_macro2::TokenStream;
use quote::ToTokens;
use robots_codegen::{Options, Profile};
use syn::ext::IdentExt;
use syn::parse::{ParseStream, Parser};
use syn::{Ident, LitBool, LitInt, LitStr, Token};

/// Where the robots.txt comes from.
pub(crate) enum Source {
    /// `robots!("path/to/robots.txt")`.
    Path(LitStr),
    /// `robots!(text = "...")`.
    Text(LitStr),
}

impl Source {
    pub(crate) fn literal(&self) -> &LitStr {
        match self {
            Source::Path(lit) | Source::Text(lit) => lit,
        }
    }
}

/// The parsed input, and the option mistakes found along the way.
pub(crate) struct Args {
    pub(crate) source: Source,
    pub(crate) options: Options,
    /// `assert = "file"` (relative to the crate) or `assert_text = "..."`: CI assertions.
    pub(crate) assertions: Option<Source>,
    pub(crate) errors: Vec<syn::Error>,
}

const OPTIONS: &str = "profile, agent, max_bytes, strict, assert, assert_text or crate";

pub(crate) fn parse(input: TokenStream) -> syn::Result<Args> {
    Parser::parse2(parse_args, input)
}

fn parse_args(input: ParseStream<'_>) -> syn::Result<Args> {
    let source = parse_source(input)?;
    let mut args = Args {
        source,
        options: Options::default(),
        assertions: None,
        errors: Vec::new(),
    };
    let mut seen: Vec<String> = Vec::new();
    while !input.is_empty() {
        input.parse::<Token![,]>()?;
        if input.is_empty() {
            break;
        }
        let key = Ident::parse_any(input)?;
        let name = key.to_string();
        let result = if seen.contains(&name) {
            Err(syn::Error::new(
                key.span(),
                format!("duplicate option `{name}`"),
            ))
        } else {
            seen.push(name);
            if key == "assert" || key == "assert_text" {
                let make = if key == "assert" {
                    Source::Path
                } else {
                    Source::Text
                };
                let seen_other = seen.iter().filter(|s| s.starts_with("assert")).count() > 1;
                if seen_other {
                    Err(syn::Error::new(
                        key.span(),
                        "give `assert` or `assert_text`, not both",
                    ))
                } else {
                    parse_assert(input).map(|lit| args.assertions = Some(make(lit)))
                }
            } else {
                parse_option(input, &key, &mut args.options)
            }
        };
        if let Err(e) = result {
            args.errors.push(e);
            skip_to_comma(input)?;
        }
    }
    Ok(args)
}

/// `assert = "path"` or `assert_text = "..."`: the string.
fn parse_assert(input: ParseStream<'_>) -> syn::Result<LitStr> {
    input.parse::<Token![=]>()?;
    let path: LitStr = input.parse().map_err(|e| {
        syn::Error::new(
            e.span(),
            "expected a string: `assert = \"robots.asserts\"` or `assert_text = \"allow * /\"`",
        )
    })?;
    if input.is_empty() || input.peek(Token![,]) {
        Ok(path)
    } else {
        Err(input.error("expected `,` between options"))
    }
}

fn parse_source(input: ParseStream<'_>) -> syn::Result<Source> {
    if input.peek(LitStr) {
        return Ok(Source::Path(input.parse()?));
    }
    if input.peek(Ident) && input.peek2(Token![=]) {
        let key: Ident = input.fork().parse()?;
        if key == "text" {
            input.parse::<Ident>()?;
            input.parse::<Token![=]>()?;
            return Ok(Source::Text(input.parse()?));
        }
    }
    Err(input.error(
        "expected the path of a robots.txt (`robots!(\"robots.txt\")`) or inline text (`robots!(text = \"...\")`)",
    ))
}

fn parse_option(input: ParseStream<'_>, key: &Ident, options: &mut Options) -> syn::Result<()> {
    let set = |options: &mut Options, f: &dyn Fn(Options) -> Options| {
        *options = f(std::mem::take(options));
    };
    match key.to_string().as_str() {
        "profile" => {
            input.parse::<Token![=]>()?;
            let (name, span) = if input.peek(LitStr) {
                let lit: LitStr = input.parse()?;
                (lit.value(), lit.span())
            } else {
                let ident = Ident::parse_any(input)?;
                (ident.to_string(), ident.span())
            };
            let profile: Profile = name.parse().map_err(|_| {
                syn::Error::new(
                    span,
                    format!("unknown profile `{name}`: expected rfc9309, google, draft1996 or original1994"),
                )
            })?;
            set(options, &|o| o.profile(profile));
        }
        "agent" => {
            input.parse::<Token![=]>()?;
            let agent: LitStr = input.parse().map_err(|e| {
                syn::Error::new(
                    e.span(),
                    "expected the crawler's name as a string, e.g. `agent = \"MyBot\"`",
                )
            })?;
            set(options, &|o| o.agent(agent.value()));
        }
        "max_bytes" => {
            input.parse::<Token![=]>()?;
            let cap = if input.peek(Ident) {
                let none: Ident = input.parse()?;
                if none != "none" {
                    return Err(syn::Error::new(
                        none.span(),
                        "expected a number of bytes or `none`",
                    ));
                }
                None
            } else {
                let bytes = input
                    .parse::<LitInt>()
                    .and_then(|lit| lit.base10_parse::<usize>());
                Some(bytes.map_err(|e| {
                    syn::Error::new(e.span(), "expected a number of bytes or `none`")
                })?)
            };
            set(options, &|o| o.max_bytes(cap));
        }
        "strict" => {
            let strict = if input.peek(Token![=]) {
                input.parse::<Token![=]>()?;
                input
                    .parse::<LitBool>()
                    .map_err(|e| syn::Error::new(e.span(), "expected `true` or `false`"))?
                    .value
            } else {
                true
            };
            set(options, &|o| o.strict(strict));
        }
        "crate" => {
            input.parse::<Token![=]>()?;
            let path: syn::Path = input.parse().map_err(|e| {
                syn::Error::new(
                    e.span(),
                    "expected the runtime crate's path, e.g. `crate = ::robots_runtime`",
                )
            })?;
            set(options, &|o| o.crate_path(path.to_token_stream()));
        }
        other => {
            return Err(syn::Error::new(
                key.span(),
                format!("unknown option `{other}`: expected {OPTIONS}"),
            ))
        }
    }
    if input.is_empty() || input.peek(Token![,]) {
        Ok(())
    } else {
        Err(input.error("expected `,` between options"))
    }
}

/// Skip the rest of an option after a mistake.
fn skip_to_comma(input: ParseStream<'_>) -> syn::Result<()> {
    input.step(|cursor| {
        let mut rest = *cursor;
        while let Some((tt, next)) = rest.token_tree() {
            if let proc_macro2::TokenTree::Punct(p) = &tt {
                if p.as_char() == ',' {
                    return Ok(((), rest));
                }
            }
            rest = next;
        }
        Ok(((), rest))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use quote::quote;

    fn messages(args: &Args) -> Vec<String> {
        args.errors.iter().map(ToString::to_string).collect()
    }

    #[test]
    fn path_and_every_option() {
        let args = parse(quote!(
            "robots.txt",
            profile = google,
            agent = "MyBot",
            max_bytes = 1024,
            strict,
            crate = ::my::robots,
        ))
        .expect("parses");
        assert!(matches!(&args.source, Source::Path(p) if p.value() == "robots.txt"));
        assert!(args.errors.is_empty(), "{:?}", messages(&args));
        let o = &args.options;
        assert_eq!(o.profile_value(), Profile::Google);
        assert_eq!(o.agent_value(), Some(&b"MyBot"[..]));
        assert_eq!(o.parse_options().max_bytes, Some(1024));
        assert!(o.strict_value());
        assert_eq!(o.crate_path_value().to_string(), ":: my :: robots");
    }

    #[test]
    fn inline_text_and_spellings() {
        let args = parse(quote!(
            text = "User-agent: *",
            profile = "Draft1996",
            max_bytes = none,
            strict = false
        ))
        .expect("parses");
        assert!(matches!(&args.source, Source::Text(t) if t.value() == "User-agent: *"));
        assert!(args.errors.is_empty(), "{:?}", messages(&args));
        assert_eq!(args.options.profile_value(), Profile::Draft1996);
        assert_eq!(args.options.parse_options().max_bytes, None);
        assert!(!args.options.strict_value());
    }

    #[test]
    fn every_option_mistake_is_collected() {
        let args = parse(quote!(
            text = "",
            profile = rfc9310,
            colour = blue,
            agent = MyBot,
            strict,
            strict,
            max_bytes = -1,
        ))
        .expect("parses");
        assert_eq!(
            messages(&args),
            [
                "unknown profile `rfc9310`: expected rfc9309, google, draft1996 or original1994",
                "unknown option `colour`: expected profile, agent, max_bytes, strict, assert, assert_text or crate",
                "expected the crawler's name as a string, e.g. `agent = \"MyBot\"`",
                "duplicate option `strict`",
                "expected a number of bytes or `none`",
            ]
        );
        // Options after a mistake still apply.
        assert!(args.options.strict_value());
    }

    #[test]
    fn input_must_start_with_the_file() {
        for input in [quote!(), quote!(profile = google), quote!(42)] {
            let error = parse(input).err().expect("fails");
            let message = error.to_string();
            assert!(
                message.contains("expected the path of a robots.txt"),
                "{message}"
            );
        }
        let error = parse(quote!("a.txt" profile = google))
            .err()
            .expect("fails");
        assert_eq!(error.to_string(), "expected `,`");
    }
}
