//! The `robots` binary: standard streams in, [`robots_cli::run`], exit status out.

use std::io::{self, BufReader, BufWriter};

/// Buffer size for standard input and output.
const BUFFER: usize = 1 << 16;

fn main() {
    let stdin = io::stdin();
    let mut input = BufReader::with_capacity(BUFFER, stdin.lock());
    let stdout = io::stdout();
    let mut output = BufWriter::with_capacity(BUFFER, stdout.lock());
    let stderr = io::stderr();
    let status = robots_cli::run_on(
        robots_cli::Terminal::of_process(),
        std::env::args_os(),
        &mut input,
        &mut output,
        &mut stderr.lock(),
    );
    // `run` has flushed; after a broken pipe the remaining buffer is dropped quietly.
    drop(output);
    std::process::exit(status);
}
