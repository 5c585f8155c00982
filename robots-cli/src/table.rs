//! Aligned text tables for human output: every column as wide as its widest
//! cell (counted in characters), cells separated by two spaces.

/// How a column's cells are aligned.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Align {
    /// Text.
    Left,
    /// Numbers.
    Right,
}

/// Column widths for `rows` (a header row included, if any).
pub fn widths(rows: &[Vec<String>]) -> Vec<usize> {
    let mut widths: Vec<usize> = Vec::new();
    for row in rows {
        for (i, cell) in row.iter().enumerate() {
            let n = cell.chars().count();
            match widths.get_mut(i) {
                Some(w) => *w = (*w).max(n),
                None => widths.push(n),
            }
        }
    }
    widths
}

/// One row laid out in `widths`, after `indent`; trailing spaces trimmed.
pub fn line(row: &[String], widths: &[usize], align: &[Align], indent: &str) -> String {
    let mut out = String::from(indent);
    for (i, cell) in row.iter().enumerate() {
        if i > 0 {
            out.push_str("  ");
        }
        let width = widths.get(i).copied().unwrap_or(0);
        let pad = width.saturating_sub(cell.chars().count());
        if align.get(i) == Some(&Align::Right) {
            out.push_str(&" ".repeat(pad));
            out.push_str(cell);
        } else {
            out.push_str(cell);
            out.push_str(&" ".repeat(pad));
        }
    }
    out.truncate(out.trim_end().len());
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_line_up() {
        let rows = vec![
            vec![String::from("crawler"), String::from("share")],
            vec![String::from("GPTBot"), String::from("0.0%")],
            vec![String::from("Googlebot-Image"), String::from("100.0%")],
        ];
        let w = widths(&rows);
        assert_eq!(w, [15, 6]);
        let align = [Align::Left, Align::Right];
        assert_eq!(
            line(&rows[1], &w, &align, "  "),
            "  GPTBot             0.0%"
        );
        assert_eq!(
            line(&rows[2], &w, &align, "  "),
            "  Googlebot-Image  100.0%"
        );
        assert_eq!(
            line(&[String::from("é"), String::new()], &[3, 2], &align, ""),
            "é"
        );
    }
}
