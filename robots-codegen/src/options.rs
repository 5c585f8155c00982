//! What to generate: the profile, the parsing cap, one crawler or all, strictness,
//! and the path the generated code names the runtime by.

use proc_macro2::TokenStream;
use quote::quote;
use robots_core::document::ParseOptions;
use robots_core::Profile;

/// How to turn a robots.txt into a policy expression.
///
/// ```
/// use robots_codegen::{Options, Profile};
/// let options = Options::new(Profile::Google).agent("MyBot").strict(true);
/// assert_eq!(options.profile_value(), Profile::Google);
/// assert_eq!(options.agent_value(), Some(&b"MyBot"[..]));
/// // `google` has no parsing cap unless one is set.
/// assert_eq!(options.parse_options().max_bytes, None);
/// assert_eq!(options.clone().max_bytes(Some(1024)).parse_options().max_bytes, Some(1024));
/// assert_eq!(options.crate_path_value().to_string(), ":: robots_runtime");
/// ```
#[derive(Clone, Debug)]
pub struct Options {
    profile: Profile,
    /// `None`: the profile's default cap; `Some(None)`: no cap.
    max_bytes: Option<Option<usize>>,
    agent: Option<Vec<u8>>,
    strict: bool,
    crate_path: TokenStream,
    /// CI assertions (the file's bytes, and the name messages show it under).
    assertions: Option<(Vec<u8>, String)>,
}

impl Default for Options {
    fn default() -> Self {
        Options::new(Profile::default())
    }
}

impl Options {
    /// Options for `profile`: its default cap, every crawler, not strict,
    /// runtime at `::robots_runtime`.
    pub fn new(profile: Profile) -> Options {
        Options {
            profile,
            max_bytes: None,
            agent: None,
            strict: false,
            crate_path: quote!(::robots_runtime),
            assertions: None,
        }
    }

    /// The semantics to read the file under.
    #[must_use]
    pub fn profile(mut self, profile: Profile) -> Options {
        self.profile = profile;
        self
    }

    /// The parsing cap: bytes past it are ignored (a `file-too-large` finding).
    /// `None` means no cap. Unset, the profile's default applies
    /// ([`Profile::default_max_bytes`]).
    #[must_use]
    pub fn max_bytes(mut self, max_bytes: Option<usize>) -> Options {
        self.max_bytes = Some(max_bytes);
        self
    }

    /// Keep only the rules for this crawler: the expression is then an
    /// `AgentPolicy`, whose checks take no agent.
    #[must_use]
    pub fn agent(mut self, agent: impl AsRef<[u8]>) -> Options {
        self.agent = Some(agent.as_ref().to_vec());
        self
    }

    /// Fail on every [`Severity::Error`](robots_lint::Severity::Error)
    /// finding of [`line_findings`](robots_lint::line_findings).
    #[must_use]
    pub fn strict(mut self, strict: bool) -> Options {
        self.strict = strict;
        self
    }

    /// The path the generated code names the runtime crate by (default
    /// `::robots_runtime`); it must have the runtime's `__private` module.
    #[must_use]
    pub fn crate_path(mut self, path: TokenStream) -> Options {
        self.crate_path = path;
        self
    }

    /// CI assertions the policy must satisfy (the format of
    /// [`parse_assertions`](robots_lint::parse_assertions): `allow|block AGENT URL`
    /// per line). Generation fails, naming the deciding line, when one breaks;
    /// `shown` is the name messages give the assertion file.
    #[must_use]
    pub fn assertions(mut self, text: impl Into<Vec<u8>>, shown: impl Into<String>) -> Options {
        self.assertions = Some((text.into(), shown.into()));
        self
    }

    /// The assertions and their file's name, if any.
    pub fn assertions_value(&self) -> Option<(&[u8], &str)> {
        self.assertions
            .as_ref()
            .map(|(text, shown)| (text.as_slice(), shown.as_str()))
    }

    /// The profile.
    pub fn profile_value(&self) -> Profile {
        self.profile
    }

    /// The crawler the policy is narrowed to, if any.
    pub fn agent_value(&self) -> Option<&[u8]> {
        self.agent.as_deref()
    }

    /// Whether error findings fail generation.
    pub fn strict_value(&self) -> bool {
        self.strict
    }

    /// The runtime's path in generated code.
    pub fn crate_path_value(&self) -> &TokenStream {
        &self.crate_path
    }

    /// How the file is parsed: the profile and the effective cap.
    pub fn parse_options(&self) -> ParseOptions {
        let options = ParseOptions::new(self.profile);
        match self.max_bytes {
            Some(cap) => options.max_bytes(cap),
            None => options,
        }
    }
}
