//! The SQL functions: their signatures, and what they share (the arguments of
//! a call, the bodies of a vector, the matchers of its (body, agent) pairs).
//!
//! Every function takes its text arguments as VARCHAR or BLOB (a BLOB holds
//! what VARCHAR cannot: invalid UTF-8, NUL bytes), and all but
//! `robots_token` take the profile as an optional last VARCHAR argument
//! (`google` when omitted). A NULL argument gives a NULL result for its row;
//! an unknown profile name fails the query, naming the profiles.

mod access;
mod allowed;
mod lists;
mod token;

pub use lists::ListKind;

use crate::cache::{Bodies, FastMap};
use crate::crawler::Resolution;
use crate::vectors::TextColumn;
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
    Ok(())
}

/// Every signature of a function of `texts` text arguments (each VARCHAR or
/// BLOB), with and (when `profile`) without the trailing profile.
pub fn signatures(
    texts: usize,
    profile: bool,
    returns: impl Fn() -> LogicalTypeHandle,
) -> Vec<ScalarFunctionSignature> {
    let mut out = Vec::new();
    for mask in 0..(1usize << texts) {
        let params = || -> Vec<LogicalTypeHandle> {
            (0..texts)
                .map(|i| {
                    LogicalTypeHandle::from(if mask & (1 << i) == 0 {
                        LogicalTypeId::Varchar
                    } else {
                        LogicalTypeId::Blob
                    })
                })
                .collect()
        };
        out.push(ScalarFunctionSignature::exact(params(), returns()));
        if profile {
            let mut with_profile = params();
            with_profile.push(LogicalTypeHandle::from(LogicalTypeId::Varchar));
            out.push(ScalarFunctionSignature::exact(with_profile, returns()));
        }
    }
    out
}

/// The arguments of one call: the text columns, then the profile column when
/// the call gives one.
pub struct Call<'a> {
    texts: Vec<TextColumn<'a>>,
    profile: Option<TextColumn<'a>>,
    rows: usize,
    /// The last profile read, and its name: a constant repeats it.
    last_profile: Option<(&'a [u8], Profile)>,
}

impl<'a> Call<'a> {
    /// Read `chunk` as `texts` text arguments and an optional profile.
    ///
    /// # Errors
    /// A "bug:" message when the chunk does not have the declared columns.
    pub fn new(chunk: &'a DataChunkHandle, texts: usize) -> Result<Call<'a>, Box<dyn Error>> {
        let columns = (0..texts)
            .map(|i| TextColumn::new(chunk, i))
            .collect::<Result<Vec<_>, _>>()?;
        let profile = if chunk.num_columns() > texts {
            Some(TextColumn::new(chunk, texts)?)
        } else {
            None
        };
        Ok(Call {
            texts: columns,
            profile,
            rows: chunk.len(),
            last_profile: None,
        })
    }

    /// How many rows the chunk has.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Text argument `arg` of row `row` (`None`: NULL).
    #[inline]
    pub fn text(&self, arg: usize, row: usize) -> Option<&'a [u8]> {
        self.texts.get(arg).and_then(|c| c.get(row))
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

    /// For each row, the slot in `bodies` of its body (text argument `arg`)
    /// under its profile; `None` where either is NULL.
    ///
    /// # Errors
    /// When a profile name is no profile's.
    pub fn body_slots(
        &mut self,
        arg: usize,
        bodies: &mut Bodies,
    ) -> Result<Vec<Option<usize>>, String> {
        let mut slots = Vec::with_capacity(self.rows);
        // Rows of one site follow each other: the previous row's answer first.
        let mut last: Option<((usize, usize, Profile), usize)> = None;
        for row in 0..self.rows {
            let (Some(body), Some(profile)) = (self.text(arg, row), self.profile(row)?) else {
                slots.push(None);
                continue;
            };
            let key = (body.as_ptr() as usize, body.len(), profile);
            let slot = match last {
                Some((k, slot)) if k == key => slot,
                _ => bodies.resolve(body, profile),
            };
            last = Some((key, slot));
            slots.push(Some(slot));
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
    /// The pairs of text arguments `body` and `agent` of `call`.
    ///
    /// # Errors
    /// When a profile name is no profile's.
    pub fn new(call: &mut Call<'_>, body: usize, agent: usize) -> Result<Pairs, String> {
        let mut bodies = Bodies::default();
        let slots = call.body_slots(body, &mut bodies)?;
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
