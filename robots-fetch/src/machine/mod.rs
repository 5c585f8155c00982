//! The sans-IO state machine (the crate root documents it): settings, the
//! requests it asks for, the headers it reads, and the outcome it ends in.

mod config;
mod headers;
pub(crate) mod outcome;
mod parser;
mod request;
mod state;
mod target;
#[cfg(test)]
mod tests;

pub use config::{FetchProfile, FetchSettings, LongOutage};
pub use outcome::{CachedCopy, FetchReason, KeptRules, Outcome, Previous, Rules, Validators};
#[cfg(feature = "url")]
pub use parser::UrlCrate;
pub use parser::{ParsedUrl, UrlParser};
pub use request::Request;
pub use state::{Action, Failure, RobotsFetch};
pub use target::origin_key_with;
#[cfg(feature = "url")]
pub use target::{origin, origin_key, robots_txt_url};
