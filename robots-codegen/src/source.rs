//! Generated tokens as source text a person can read: one item per line in
//! blocks, one element per line in arrays and in struct literals with several
//! fields, and rustfmt-like spacing. Only the layout differs from the tokens'
//! own `Display`; the tokens are the same.

use proc_macro2::{Delimiter, Spacing, TokenStream, TokenTree};
use std::fmt::Write;

/// Write `tokens` as Rust source, indented.
pub(crate) fn to_source(tokens: TokenStream) -> String {
    let mut w = Writer {
        out: String::new(),
        prev: Prev::LineStart,
    };
    w.stream(tokens, 0, Layout::Flow);
    w.out.push('\n');
    w.out
}

/// How a delimited group lays out its contents.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Layout {
    /// On one line.
    Flow,
    /// A line break after each `;` and each `{ .. }` (blocks).
    Statements,
    /// A line break after each `,` (arrays of records, struct literals with several fields).
    Elements,
}

/// What was written last, for spacing.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Prev {
    LineStart,
    Ident(bool),
    Literal,
    Punct(char, Spacing),
    /// The second `:` of `::`.
    PathSep,
    Group,
}

struct Writer {
    out: String,
    prev: Prev,
}

impl Writer {
    fn newline(&mut self, depth: usize) {
        while self.out.ends_with(' ') {
            self.out.pop();
        }
        self.out.push('\n');
        self.out.extend(std::iter::repeat("    ").take(depth));
        self.prev = Prev::LineStart;
    }

    fn space_before(&self, tree: &TokenTree) -> bool {
        let glued = match self.prev {
            Prev::LineStart | Prev::PathSep => true,
            Prev::Punct(_, Spacing::Joint) => true,
            Prev::Punct(c, _) => matches!(c, '&' | '#' | '!'),
            Prev::Ident(_) | Prev::Literal | Prev::Group => false,
        };
        if glued {
            return false;
        }
        match tree {
            TokenTree::Punct(p) => match p.as_char() {
                ',' | ';' => false,
                // `::` after a path segment; a field's `:`.
                ':' => {
                    p.spacing() == Spacing::Joint
                        && !matches!(self.prev, Prev::Ident(false) | Prev::Group)
                }
                _ => true,
            },
            // A call, an index, a macro's arguments.
            TokenTree::Group(g) => {
                !(g.delimiter() != Delimiter::Brace && matches!(self.prev, Prev::Ident(false)))
            }
            _ => true,
        }
    }

    fn stream(&mut self, tokens: TokenStream, depth: usize, layout: Layout) {
        for tree in tokens {
            if self.space_before(&tree) {
                self.out.push(' ');
            }
            match tree {
                TokenTree::Group(group) => {
                    let delimiter = group.delimiter();
                    self.group(delimiter, group.stream(), depth);
                    self.prev = Prev::Group;
                    // An item with a body ends a statement too.
                    if layout == Layout::Statements && delimiter == Delimiter::Brace {
                        self.newline(depth);
                    }
                }
                TokenTree::Punct(punct) => {
                    let c = punct.as_char();
                    self.out.push(c);
                    let path_sep = c == ':' && self.prev == Prev::Punct(':', Spacing::Joint);
                    self.prev = if path_sep {
                        Prev::PathSep
                    } else {
                        Prev::Punct(c, punct.spacing())
                    };
                    let breaks = match layout {
                        Layout::Statements => c == ';',
                        Layout::Elements => c == ',',
                        Layout::Flow => false,
                    };
                    if breaks {
                        self.newline(depth);
                    }
                }
                TokenTree::Ident(ident) => {
                    let _ = write!(self.out, "{ident}");
                    // Keywords that a path or a group may follow with a space.
                    let keyword = matches!(ident.to_string().as_str(), "use" | "as" | "fn");
                    self.prev = Prev::Ident(keyword);
                }
                TokenTree::Literal(literal) => {
                    let _ = write!(self.out, "{literal}");
                    self.prev = Prev::Literal;
                }
            }
        }
    }

    fn group(&mut self, delimiter: Delimiter, inner: TokenStream, depth: usize) {
        let (open, close) = match delimiter {
            Delimiter::Brace => ('{', '}'),
            Delimiter::Bracket => ('[', ']'),
            Delimiter::Parenthesis => ('(', ')'),
            Delimiter::None => {
                self.stream(inner, depth, Layout::Flow);
                return;
            }
        };
        let count = |c: char| {
            inner
                .clone()
                .into_iter()
                .filter(|t| matches!(t, TokenTree::Punct(p) if p.as_char() == c))
                .count()
        };
        let has_group = inner
            .clone()
            .into_iter()
            .any(|t| matches!(t, TokenTree::Group(_)));
        let layout = if inner.is_empty() || delimiter == Delimiter::Parenthesis {
            Layout::Flow
        } else if delimiter == Delimiter::Brace && count(';') > 0 {
            Layout::Statements
        } else if delimiter == Delimiter::Bracket && count(',') > 0 && has_group {
            // An array of records.
            Layout::Elements
        } else if delimiter == Delimiter::Brace && count(',') > 2 {
            Layout::Elements
        } else {
            Layout::Flow
        };
        self.out.push(open);
        self.prev = Prev::LineStart;
        match layout {
            Layout::Flow => {
                let padded = delimiter == Delimiter::Brace && !inner.is_empty();
                if padded {
                    self.out.push(' ');
                }
                self.stream(inner, depth, layout);
                if padded {
                    self.out.push(' ');
                }
            }
            Layout::Statements | Layout::Elements => {
                self.newline(depth + 1);
                self.stream(inner, depth + 1, layout);
                if self.prev == Prev::LineStart {
                    // The last separator opened a line: close the group on it.
                    while self.out.ends_with(' ') {
                        self.out.pop();
                    }
                    self.out.extend(std::iter::repeat("    ").take(depth));
                } else {
                    self.newline(depth);
                }
            }
        }
        self.out.push(close);
    }
}
