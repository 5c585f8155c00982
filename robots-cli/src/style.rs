//! Colour on a terminal, as rustc and ripgrep do it: `--color auto` (the
//! default) colours only when standard output is a terminal and `NO_COLOR` is
//! not set (<https://no-color.org>); `always` and `never` say so outright.
//! What is coloured: the verdict words of `check` (`allowed` green,
//! `disallowed` red) and `lint`'s diagnostics (annotate-snippets' styles, as
//! rustc's). Machine formats (JSON, CSV, SARIF, GitHub) never are.

use anstyle::{AnsiColor, Color, Style};
use std::io::IsTerminal;

/// Where the tool's output goes, which `--color auto` reads.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Terminal {
    /// Standard output is a terminal.
    pub stdout_is_terminal: bool,
    /// `NO_COLOR` is set to something other than the empty string.
    pub no_color: bool,
}

impl Terminal {
    /// The running process's: whether its standard output is a terminal, and
    /// whether `NO_COLOR` is set.
    pub fn of_process() -> Terminal {
        Terminal {
            stdout_is_terminal: std::io::stdout().is_terminal(),
            no_color: std::env::var_os("NO_COLOR").is_some_and(|value| !value.is_empty()),
        }
    }

    /// `--color auto`: colour for a terminal, unless `NO_COLOR` says no.
    pub fn wants_color(self) -> bool {
        self.stdout_is_terminal && !self.no_color
    }
}

/// `allowed`.
const ALLOWED: Style = Style::new()
    .bold()
    .fg_color(Some(Color::Ansi(AnsiColor::Green)));

/// `disallowed`.
const DISALLOWED: Style = Style::new()
    .bold()
    .fg_color(Some(Color::Ansi(AnsiColor::Red)));

/// Append the verdict word (`allowed` or `disallowed`) to `line`, coloured if `color`.
pub fn verdict(line: &mut Vec<u8>, allowed: bool, color: bool) {
    let (word, style) = if allowed {
        ("allowed", ALLOWED)
    } else {
        ("disallowed", DISALLOWED)
    };
    if color {
        line.extend_from_slice(
            format!("{}{word}{}", style.render(), style.render_reset()).as_bytes(),
        );
    } else {
        line.extend_from_slice(word.as_bytes());
    }
}

#[cfg(test)]
mod tests {
    use super::{verdict, Terminal};

    #[test]
    fn verdict_words_are_plain_unless_coloured() {
        let mut line = Vec::new();
        verdict(&mut line, true, false);
        verdict(&mut line, false, false);
        assert_eq!(line, b"alloweddisallowed");
        let mut line = Vec::new();
        verdict(&mut line, true, true);
        assert_eq!(line, b"\x1b[1m\x1b[32mallowed\x1b[0m");
        let mut line = Vec::new();
        verdict(&mut line, false, true);
        assert_eq!(line, b"\x1b[1m\x1b[31mdisallowed\x1b[0m");
    }

    #[test]
    fn auto_colours_a_terminal_without_no_color_only() {
        let of = |stdout_is_terminal, no_color| {
            Terminal {
                stdout_is_terminal,
                no_color,
            }
            .wants_color()
        };
        assert!(of(true, false));
        assert!(!of(true, true));
        assert!(!of(false, false));
        assert!(!of(false, true));
    }
}
