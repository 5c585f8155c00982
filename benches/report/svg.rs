//! The report's plot, written as SVG by hand: per-check cost of every engine
//! (log scale), and the hostile series (log-log, one panel each).

use std::fmt::Write;

/// One engine's bars.
pub struct Bar {
    pub label: String,
    pub mean_ns: f64,
    pub median_ns: f64,
    pub ours: bool,
}

/// One line of a hostile panel.
pub struct Line {
    pub label: String,
    pub points: Vec<(f64, f64)>,
    pub ours: bool,
}

/// One hostile panel.
pub struct Panel {
    pub title: String,
    pub x: String,
    pub y: String,
    pub lines: Vec<Line>,
}

const WIDTH: f64 = 960.0;
const COLORS: [&str; 8] = [
    "#d62728", "#1f77b4", "#2ca02c", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f", "#17becf",
];

fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace(['*', '`'], "")
}

fn log_range(values: impl Iterator<Item = f64>) -> (f64, f64) {
    let (mut lo, mut hi) = (f64::INFINITY, f64::NEG_INFINITY);
    for v in values.filter(|v| *v > 0.0 && v.is_finite()) {
        lo = lo.min(v);
        hi = hi.max(v);
    }
    if !lo.is_finite() {
        return (0.0, 1.0);
    }
    (
        lo.log10().floor(),
        hi.log10().ceil().max(lo.log10().floor() + 1.0),
    )
}

fn si(v: f64) -> String {
    let p = v.log10().round() as i32;
    match p {
        0 => "1".into(),
        1 => "10".into(),
        2 => "100".into(),
        3 => "1k".into(),
        4 => "10k".into(),
        5 => "100k".into(),
        6 => "1M".into(),
        7 => "10M".into(),
        8 => "100M".into(),
        9 => "1G".into(),
        _ => format!("1e{p}"),
    }
}

/// The whole plot.
pub fn plot(title: &str, bars: &[Bar], panels: &[Panel]) -> String {
    let bar_h = 14.0;
    let top = 60.0;
    let left = 300.0;
    let plot_w = WIDTH - left - 40.0;
    let bars_h = bars.len() as f64 * (2.0 * bar_h + 10.0);
    let panel_w = 300.0;
    let gap = 10.0;
    let panel_h = 210.0;
    let cols = 3usize;
    let rows = panels.len().div_ceil(cols);
    let panels_top = top + bars_h + 70.0;
    let height = panels_top + rows as f64 * (panel_h + 40.0);
    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" viewBox="0 0 {WIDTH} {height}" font-family="sans-serif" font-size="12">"#
    );
    let _ = writeln!(
        s,
        r#"<rect width="100%" height="100%" fill="white"/><text x="{}" y="24" font-size="16" text-anchor="middle" font-weight="bold">{}</text>"#,
        WIDTH / 2.0,
        esc(title)
    );
    let _ = writeln!(
        s,
        r##"<text x="{}" y="44" text-anchor="middle">ns per check, log scale: <tspan fill="#1f77b4">■ mean over every check</tspan>  <tspan fill="#9ecae1">■ median file</tspan></text>"##,
        WIDTH / 2.0
    );
    let (lo, hi) = log_range(bars.iter().flat_map(|b| [b.mean_ns, b.median_ns]));
    let x_of = |v: f64| left + (v.max(1e-9).log10() - lo) / (hi - lo) * plot_w;
    let mut p = lo;
    while p <= hi {
        let x = x_of(10f64.powf(p));
        let _ = writeln!(
            s,
            r##"<line x1="{x:.1}" y1="{top}" x2="{x:.1}" y2="{:.1}" stroke="#ddd"/><text x="{x:.1}" y="{:.1}" text-anchor="middle" fill="#555">{}</text>"##,
            top + bars_h,
            top + bars_h + 14.0,
            si(10f64.powf(p))
        );
        p += 1.0;
    }
    for (i, bar) in bars.iter().enumerate() {
        let y = top + i as f64 * (2.0 * bar_h + 10.0);
        let weight = if bar.ours { "bold" } else { "normal" };
        let _ = writeln!(
            s,
            r#"<text x="{:.1}" y="{:.1}" text-anchor="end" font-weight="{weight}">{}</text>"#,
            left - 8.0,
            y + bar_h + 4.0,
            esc(&bar.label)
        );
        for (k, (v, color)) in [(bar.mean_ns, "#1f77b4"), (bar.median_ns, "#9ecae1")]
            .into_iter()
            .enumerate()
        {
            if v <= 0.0 {
                continue;
            }
            let yy = y + k as f64 * bar_h;
            let w = (x_of(v) - left).max(1.0);
            let _ = writeln!(
                s,
                r##"<rect x="{left}" y="{yy:.1}" width="{w:.1}" height="{:.1}" fill="{color}"/><text x="{:.1}" y="{:.1}" font-size="10" fill="#333">{}</text>"##,
                bar_h - 2.0,
                left + w + 4.0,
                yy + bar_h - 4.0,
                fmt_ns(v)
            );
        }
    }
    let _ = writeln!(
        s,
        r#"<text x="{}" y="{:.1}" font-size="14" text-anchor="middle" font-weight="bold">Hostile inputs (log-log; a slope-1 line is linear growth)</text>"#,
        WIDTH / 2.0,
        panels_top - 30.0
    );
    for (i, panel) in panels.iter().enumerate() {
        let px = 20.0 + (i % cols) as f64 * (panel_w + gap);
        let py = panels_top + (i / cols) as f64 * (panel_h + 40.0);
        draw_panel(&mut s, panel, px, py, panel_w - 45.0, panel_h - 40.0);
    }
    s.push_str("</svg>\n");
    s
}

fn draw_panel(s: &mut String, panel: &Panel, px: f64, py: f64, w: f64, h: f64) {
    let (xlo, xhi) = log_range(
        panel
            .lines
            .iter()
            .flat_map(|l| l.points.iter().map(|p| p.0)),
    );
    let (ylo, yhi) = log_range(
        panel
            .lines
            .iter()
            .flat_map(|l| l.points.iter().map(|p| p.1)),
    );
    let x_of = |v: f64| px + 30.0 + (v.log10() - xlo) / (xhi - xlo) * w;
    let y_of = |v: f64| py + h - (v.log10() - ylo) / (yhi - ylo) * h;
    let _ = writeln!(
        s,
        r#"<text x="{:.1}" y="{:.1}" font-weight="bold">{}</text>"#,
        px,
        py - 8.0,
        esc(&panel.title)
    );
    let _ = writeln!(
        s,
        r##"<rect x="{:.1}" y="{py:.1}" width="{w:.1}" height="{h:.1}" fill="none" stroke="#999"/>"##,
        px + 30.0
    );
    let mut p = xlo;
    while p <= xhi {
        let x = x_of(10f64.powf(p));
        let _ = writeln!(
            s,
            r##"<text x="{x:.1}" y="{:.1}" font-size="10" text-anchor="middle" fill="#555">{}</text>"##,
            py + h + 12.0,
            si(10f64.powf(p))
        );
        p += 1.0;
    }
    let mut p = ylo;
    while p <= yhi {
        let y = y_of(10f64.powf(p));
        let _ = writeln!(
            s,
            r##"<line x1="{:.1}" y1="{y:.1}" x2="{:.1}" y2="{y:.1}" stroke="#eee"/><text x="{:.1}" y="{:.1}" font-size="10" text-anchor="end" fill="#555">{}</text>"##,
            px + 30.0,
            px + 30.0 + w,
            px + 27.0,
            y + 3.0,
            fmt_ns(10f64.powf(p))
        );
        p += 1.0;
    }
    let _ = writeln!(
        s,
        r##"<text x="{:.1}" y="{:.1}" font-size="10" text-anchor="middle" fill="#555">{} → ({})</text>"##,
        px + 30.0 + w / 2.0,
        py + h + 26.0,
        esc(&panel.x),
        esc(&panel.y)
    );
    for (k, line) in panel.lines.iter().enumerate() {
        let color = COLORS[k % COLORS.len()];
        let width = if line.ours { 2.5 } else { 1.2 };
        let pts: Vec<String> = line
            .points
            .iter()
            .filter(|p| p.0 > 0.0 && p.1 > 0.0)
            .map(|p| format!("{:.1},{:.1}", x_of(p.0), y_of(p.1)))
            .collect();
        if pts.is_empty() {
            continue;
        }
        let _ = writeln!(
            s,
            r#"<polyline points="{}" fill="none" stroke="{color}" stroke-width="{width}"/>"#,
            pts.join(" ")
        );
        for pt in &pts {
            let (x, y) = pt.split_once(',').unwrap_or(("0", "0"));
            let _ = writeln!(s, r#"<circle cx="{x}" cy="{y}" r="2.5" fill="{color}"/>"#);
        }
        let _ = writeln!(
            s,
            r#"<text x="{:.1}" y="{:.1}" font-size="10" fill="{color}">{}</text>"#,
            px + 36.0,
            py + 12.0 + k as f64 * 12.0,
            esc(&line.label)
        );
    }
}

/// A duration in ns, shortened: `6.1 ns`, `3.2 µs`, `1.5 ms`, `2.0 s`.
pub fn fmt_ns(v: f64) -> String {
    if v < 1e3 {
        format!("{v:.1} ns")
    } else if v < 1e6 {
        format!("{:.1} µs", v / 1e3)
    } else if v < 1e9 {
        format!("{:.1} ms", v / 1e6)
    } else {
        format!("{:.2} s", v / 1e9)
    }
}
