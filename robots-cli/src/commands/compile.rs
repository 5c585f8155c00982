//! `robots compile`: a robots.txt into a policy file.
//!
//! The file is the policy's byte form (`Policy::to_bytes`, or
//! `AgentPolicy::to_bytes` with `--agent`): versioned, checksummed, loaded by
//! `robots check` and by the library (`Policy::from_bytes`,
//! `PolicyRef::from_bytes`) without parsing. What was written is said on stderr,
//! so that `-o -` leaves standard output to the policy alone.

use crate::error::Error;
use crate::flags::Compile;
use crate::input::Input;
use crate::notices;
use crate::output::Streams;
use robots_runtime::Policy;

/// Run `compile`.
///
/// # Errors
/// - [`Error::Read`] when the robots.txt cannot be read;
/// - [`Error::Write`] / [`Error::Stdout`] when the policy cannot be written.
pub fn run(args: &Compile, io: &mut Streams<'_>) -> Result<(), Error> {
    let body = args.robots.read_robots_txt(io)?;
    let name = args.robots.name();
    notices::inspect(io, &name, &body, args.profile);
    let builder = Policy::builder().profile(args.profile);
    let (bytes, scope) = match &args.agent {
        Some(agent) => (
            builder.build_for_agent(&body, agent).to_bytes(),
            format!(", for {} only", String::from_utf8_lossy(agent)),
        ),
        None => (builder.build(&body).to_bytes(), String::new()),
    };
    match &args.output {
        Input::Stdin => {
            io.stdout.write_all(&bytes)?;
            io.stdout.flush()?;
        }
        Input::File(path) => std::fs::write(path, &bytes).map_err(|source| Error::Write {
            what: format!("policy '{}'", path.display()),
            source,
        })?,
    }
    io.note(&format!(
        "compiled {name} ({} bytes, {}{scope}) into {} ({} bytes)",
        body.len(),
        args.profile,
        match &args.output {
            Input::Stdin => String::from("<stdout>"),
            Input::File(path) => path.display().to_string(),
        },
        bytes.len()
    ));
    Ok(())
}
