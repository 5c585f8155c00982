//! The SQL functions: their signatures, and what they share (the arguments of
//! a call, the bodies of a vector, the matchers of its (body, agent) pairs).
//!
//! Every function takes its text arguments as VARCHAR or BLOB (a BLOB holds
//! what VARCHAR cannot: invalid UTF-8, NUL bytes), and all but
//! `robots_token` take the profile as an optional last VARCHAR argument
//! (`google` when omitted). A NULL argument gives a NULL result for its row;
//! an unknown profile name fails the query, naming the profiles.
//!
//! Every function that takes a body also takes, in its place, a key from
//! `robots_compile` ([`compile`], [`crate::registry`]): a UBIGINT that names
//! a body compiled once under a profile. A keyed call's profile is the key's:
//! a profile argument, when given, must name the same profile (the query
//! fails otherwise, rather than answer under a profile the call did not ask
//! for); NULL gives NULL, as everywhere.

mod access;
mod allowed;
mod compile;
mod lists;
mod token;

pub use lists::ListKind;

use crate::cache::{Bodies, FastMap};
use crate::crawler::Resolution;
use crate::vectors::{is_key_column, KeyColumn, TextColumn};
use duckdb::core::{DataChunkHandle, LogicalTypeHandle, LogicalTypeId};
use duckdb::vscalar::{ScalarFunctionSignature, VScalar};
use duckdb::vtab::arrow::WritableVector;
use duckdb::Connection;
use robots_runtime::Profile;
use std::error::Error;
use std::rc::Rc;

/// The profile when the call names none: Google's reading, as crawlers and
/// the studies of them use.
pub const DEFAULT_PROFILE: Profile = Profile::Google;

/// Register every function with the database.
///
/// # Errors
/// When DuckDB refuses a registration.
pub fn register(con: &Connection) -> duckdb::Result<()> {
    con.register_scalar_function::<allowed::Allowed>("robots_allowed")?;
    con.register_scalar_function::<allowed::Explain>("robots_explain")?;
    con.register_scalar_function::<allowed::ContentUsage>("robots_content_usage")?;
    con.register_scalar_function::<access::Access>("robots_access")?;
    con.register_scalar_function::<token::Token>("robots_token")?;
    con.register_scalar_function::<lists::Records>("robots_records")?;
    con.register_scalar_function::<lists::Lint>("robots_lint")?;
    con.register_scalar_function::<lists::Report>("robots_report")?;
    con.register_scalar_function::<ParseCount>("robots_parse_count")?;
    con.register_scalar_function::<compile::Compile>("robots_compile")?;
    Ok(())
}

/// Which forms of the first argument a function's signatures take.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum First {
    /// Text only (`robots_token`, `robots_compile`).
    Text,
    /// A body (text), or a key from `robots_compile` (UBIGINT).
    BodyOrKey,
}

/// Every signature of a function of `texts` arguments (each VARCHAR or BLOB;
/// the first also UBIGINT, a key, when `first` says so), with and (when
/// `profile`) without the trailing profile.
pub fn signatures(
    texts: usize,
    profile: bool,
    first: First,
    returns: impl Fn() -> LogicalTypeHandle,
) -> Vec<ScalarFunctionSignature> {
    let text = |blob: bool| {
        LogicalTypeHandle::from(if blob {
            LogicalTypeId::Blob
        } else {
            LogicalTypeId::Varchar
        })
    };
    let mut lists: Vec<Vec<LogicalTypeHandle>> = Vec::new();
    for mask in 0..(1usize << texts) {
        lists.push((0..texts).map(|i| text(mask & (1 << i) != 0)).collect());
    }
    if first == First::BodyOrKey && texts > 0 {
        for mask in 0..(1usize << (texts - 1)) {
            let mut params = vec![LogicalTypeHandle::from(LogicalTypeId::UBigint)];
            params.extend((1..texts).map(|i| text(mask & (1 << (i - 1)) != 0)));
            lists.push(params);
        }
    }
    let mut out = Vec::new();
    for params in lists {
        if profile {
            let mut with_profile: Vec<LogicalTypeHandle> = params
                .iter()
                .map(|t| LogicalTypeHandle::from(t.id()))
                .collect();
            with_profile.push(LogicalTypeHandle::from(LogicalTypeId::Varchar));
            out.push(ScalarFunctionSignature::exact(with_profile, returns()));
        }
        out.push(ScalarFunctionSignature::exact(params, returns()));
    }
    out
}

/// What a row's body was last found as, so that the next row with the same
/// one skips the lookup: a body by address, length and profile, or a key
/// (with the profile the call asks for, when it gives one).
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Seen {
    /// A body.
    Body(usize, usize, Profile),
    /// A key.
    Key(u64, Option<Profile>),
}

/// The arguments of one call: the body or key column, the other text
/// columns, then the profile column when the call gives one.
pub struct Call<'a> {
    /// The first argument as keys, when the call passes keys.
    keys: Option<KeyColumn<'a>>,
    /// The text arguments, from `first_text` on (1 when the first is a key).
    texts: Vec<TextColumn<'a>>,
    first_text: usize,
    profile: Option<TextColumn<'a>>,
    rows: usize,
    /// The last profile read, and its name: a constant repeats it.
    last_profile: Option<(&'a [u8], Profile)>,
}

impl<'a> Call<'a> {
    /// Read `chunk` as `texts` text arguments (the first may be a key
    /// column instead) and an optional profile.
    ///
    /// # Errors
    /// A "bug:" message when the chunk does not have the declared columns.
    pub fn new(chunk: &'a DataChunkHandle, texts: usize) -> Result<Call<'a>, Box<dyn Error>> {
        let keys = if is_key_column(chunk, 0) {
            Some(KeyColumn::new(chunk, 0)?)
        } else {
            None
        };
        let first_text = usize::from(keys.is_some());
        let columns = (first_text..texts)
            .map(|i| TextColumn::new(chunk, i))
            .collect::<Result<Vec<_>, _>>()?;
        let profile = if chunk.num_columns() > texts {
            Some(TextColumn::new(chunk, texts)?)
        } else {
            None
        };
        Ok(Call {
            keys,
            texts: columns,
            first_text,
            profile,
            rows: chunk.len(),
            last_profile: None,
        })
    }

    /// How many rows the chunk has.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Text argument `arg` of row `row` (`None`: NULL, or the key argument).
    #[inline]
    pub fn text(&self, arg: usize, row: usize) -> Option<&'a [u8]> {
        self.texts
            .get(arg.checked_sub(self.first_text)?)
            .and_then(|c| c.get(row))
    }

    /// The profile of row `row`: the default when the call names none,
    /// `None` when it is NULL.
    ///
    /// # Errors
    /// When the name is no profile's.
    #[inline]
    pub fn profile(&mut self, row: usize) -> Result<Option<Profile>, String> {
        let Some(column) = &self.profile else {
            return Ok(Some(DEFAULT_PROFILE));
        };
        let Some(name) = column.get(row) else {
            return Ok(None);
        };
        // Compared by bytes: a short constant is stored inline in every row.
        if let Some((last, profile)) = self.last_profile {
            if last == name {
                return Ok(Some(profile));
            }
        }
        let profile = profile_named(name)?;
        self.last_profile = Some((name, profile));
        Ok(Some(profile))
    }

    /// The slot in `bodies` of row `row`'s body (the first argument: a body
    /// under the row's profile, or a key); `None` where it or the profile is
    /// NULL. `last` is the previous row's (rows of one site follow each
    /// other, so it is tried first).
    ///
    /// # Errors
    /// When a profile name is no profile's, a key names no body, or a keyed
    /// row's profile is not its key's.
    #[inline]
    pub fn slot(
        &mut self,
        bodies: &mut Bodies,
        row: usize,
        last: &mut Option<(Seen, usize)>,
    ) -> Result<Option<usize>, String> {
        let Some(keys) = &self.keys else {
            let (Some(body), Some(profile)) = (self.text(0, row), self.profile(row)?) else {
                return Ok(None);
            };
            let seen = Seen::Body(body.as_ptr() as usize, body.len(), profile);
            return Ok(Some(match *last {
                Some((s, slot)) if s == seen => slot,
                _ => {
                    let slot = bodies.resolve(body, profile);
                    *last = Some((seen, slot));
                    slot
                }
            }));
        };
        let Some(key) = keys.get(row) else {
            return Ok(None);
        };
        // The call's profile, if it names one: it must be the key's.
        let asked = if self.profile.is_some() {
            match self.profile(row)? {
                Some(profile) => Some(profile),
                None => return Ok(None),
            }
        } else {
            None
        };
        let seen = Seen::Key(key, asked);
        if let Some((s, slot)) = *last {
            if s == seen {
                return Ok(Some(slot));
            }
        }
        let slot = bodies.resolve_key(key).map_err(|e| e.to_string())?;
        if let Some(asked) = asked {
            let compiled = bodies
                .compiled
                .get(slot)
                .ok_or("bug: a key's slot past the slots")?;
            if compiled.profile != asked {
                return Err(format!(
                    "robots key {key} was compiled under the {} profile, and the call asks for {}: \
                     a key's profile is robots_compile's (robots_compile(body, '{}')), or leave the \
                     profile out",
                    compiled.profile.name(),
                    asked.name(),
                    asked.name()
                ));
            }
        }
        *last = Some((seen, slot));
        Ok(Some(slot))
    }

    /// For each row, the slot in `bodies` of its body or key ([`Call::slot`]).
    ///
    /// # Errors
    /// As [`Call::slot`].
    pub fn body_slots(&mut self, bodies: &mut Bodies) -> Result<Vec<Option<usize>>, String> {
        let mut slots = Vec::with_capacity(self.rows);
        let mut last = None;
        for row in 0..self.rows {
            slots.push(self.slot(bodies, row, &mut last)?);
        }
        Ok(slots)
    }
}

/// The profile a name (`google`, `rfc9309`, `draft1996`, `original1994`) names.
///
/// # Errors
/// A message that lists the names.
pub fn profile_named(name: &[u8]) -> Result<Profile, String> {
    std::str::from_utf8(name)
        .ok()
        .and_then(|n| n.parse::<Profile>().ok())
        .ok_or_else(|| {
            let names: Vec<&str> = Profile::ALL.iter().map(|p| p.name()).collect();
            format!(
                "unknown robots.txt profile {:?}: expected one of {}",
                String::from_utf8_lossy(name),
                names.join(", ")
            )
        })
}

/// `robots_parse_count() -> BIGINT`: how many robots.txt bodies this process
/// has parsed. A diagnostic of the cache: a query that repeats a body on
/// many rows should add one per distinct body (per thread), not one per row.
pub struct ParseCount;

impl VScalar for ParseCount {
    type State = ();

    fn invoke(
        _: &(),
        input: &mut DataChunkHandle,
        output: &mut dyn WritableVector,
    ) -> Result<(), Box<dyn Error>> {
        let count = i64::try_from(crate::cache::parsed()).unwrap_or(i64::MAX);
        let mut out = output.flat_vector();
        #[allow(unsafe_code)]
        // SAFETY: a BIGINT result vector holds one `i64` per row, at least
        // as many as the chunk has rows (at least one: a call without
        // arguments is one row).
        let slots = unsafe { out.as_mut_slice_with_len::<i64>(input.len().max(1)) };
        slots.fill(count);
        Ok(())
    }

    fn signatures() -> Vec<ScalarFunctionSignature> {
        vec![ScalarFunctionSignature::exact(
            Vec::new(),
            LogicalTypeHandle::from(LogicalTypeId::Bigint),
        )]
    }

    fn volatile() -> bool {
        true
    }
}

/// The (body, crawler) pair of each row of one vector: each distinct body
/// compiled once ([`Bodies`]), each distinct pair resolved once (and that
/// kept with the compiled body, for the vectors after this one).
pub struct Pairs {
    /// The vector's distinct bodies.
    pub bodies: Bodies,
    /// The vector's distinct (body, crawler) pairs.
    pub resolved: Vec<Rc<Resolution>>,
    /// Per row, its pair in `resolved` and its body's slot in `bodies`;
    /// `None` where the body, the agent or the profile is NULL, or the body
    /// is binary data (no robots.txt).
    pub rows: Vec<Option<(u32, u32)>>,
}

impl Pairs {
    /// The pairs of the body (or key) and text argument `agent` of `call`.
    ///
    /// # Errors
    /// When a profile name is no profile's.
    pub fn new(call: &mut Call<'_>, agent: usize) -> Result<Pairs, String> {
        let mut bodies = Bodies::default();
        let slots = call.body_slots(&mut bodies)?;
        let mut resolved = Vec::new();
        let mut rows = Vec::with_capacity(slots.len());
        // Agents numbered by their bytes (a short constant is stored inline
        // in every row, so its address tells nothing); the previous row's
        // agent and pair first, as one query mostly asks for one agent.
        let mut agents: FastMap<&[u8], u32> = FastMap::default();
        let mut last_agent: Option<(&[u8], u32)> = None;
        let mut pairs: FastMap<(u32, u32), Option<u32>> = FastMap::default();
        let mut last_pair: Option<((u32, u32), Option<u32>)> = None;
        for (row, slot) in slots.into_iter().enumerate() {
            let (Some(slot), Some(name)) = (slot, call.text(agent, row)) else {
                rows.push(None);
                continue;
            };
            let agent_id = match last_agent {
                Some((last, id)) if last == name => id,
                _ => {
                    let next = u32::try_from(agents.len()).unwrap_or(u32::MAX);
                    let id = *agents.entry(name).or_insert(next);
                    last_agent = Some((name, id));
                    id
                }
            };
            let slot = u32::try_from(slot).unwrap_or(u32::MAX);
            let key = (slot, agent_id);
            let pair = match last_pair {
                Some((last, pair)) if last == key => pair,
                _ => {
                    let pair = *pairs.entry(key).or_insert_with(|| {
                        let found = bodies
                            .compiled
                            .get(slot as usize)
                            .and_then(|c| c.resolution(name))?;
                        resolved.push(found);
                        u32::try_from(resolved.len() - 1).ok()
                    });
                    last_pair = Some((key, pair));
                    pair
                }
            };
            rows.push(pair.map(|p| (p, slot)));
        }
        Ok(Pairs {
            bodies,
            resolved,
            rows,
        })
    }

    /// The resolution of `pair` (an index from [`Pairs::rows`]).
    #[inline]
    pub fn resolution(&self, pair: u32) -> Option<&Resolution> {
        self.resolved.get(pair as usize).map(|r| &**r)
    }
}
