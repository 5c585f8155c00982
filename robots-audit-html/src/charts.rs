//! The report's charts, drawn by plotters as SVG text.
//!
//! Every chart is drawn at report time from the report's counts: requests and
//! violations over time, the intervals between requests against the asked
//! delay, and the verification split. Text from the log (crawler tokens) is
//! escaped by plotters' SVG backend.

use crate::svg::Svg;
use crate::text::{duration, time_label};
use plotters::coord::Shift;
use plotters::prelude::*;
use robots_audit::{CrawlerAudit, Histogram, TimeBucket, Verification};

/// Requests (blue), violations (red), stale-cache requests (orange), robots.txt fetches (purple).
pub(crate) const REQUESTS: RGBColor = RGBColor(0x3b, 0x6e, 0xc4);
pub(crate) const VIOLATIONS: RGBColor = RGBColor(0xc6, 0x28, 0x28);
pub(crate) const STALE: RGBColor = RGBColor(0xe0, 0x7a, 0x10);
pub(crate) const FETCHES: RGBColor = RGBColor(0x7b, 0x3f, 0xa8);
/// Intervals that kept the asked delay.
pub(crate) const KEPT: RGBColor = RGBColor(0x2e, 0x7d, 0x32);
const GREY: RGBColor = RGBColor(0x75, 0x75, 0x75);
const LIGHT: RGBColor = RGBColor(0xe4, 0xe4, 0xe4);

/// A colour as CSS writes it, with `alpha` (the charts' fills are mixed with white by opacity).
pub(crate) fn css(color: RGBColor, alpha: f64) -> String {
    let RGBColor(r, g, b) = color;
    format!("rgba({r},{g},{b},{alpha})")
}

/// The colour of a verification class.
pub(crate) fn class_color(class: Verification) -> RGBColor {
    match class {
        Verification::Verified => KEPT,
        Verification::Spoofed => VIOLATIONS,
        Verification::Unverifiable => GREY,
    }
}

const FONT: &str = "sans-serif";

type Area<'a> = DrawingArea<Svg<'a>, Shift>;
type Drawn = Result<(), Box<dyn std::error::Error>>;

/// Draw with `draw` on an SVG of `size`; the SVG's text, or a note when
/// plotters failed (it does not on a string, but a chart is never worth a panic).
fn svg(size: (u32, u32), draw: impl FnOnce(&Area<'_>) -> Drawn) -> String {
    let mut out = String::new();
    let drawn = {
        let area = Svg::new(&mut out, size).into_drawing_area();
        draw(&area).and_then(|()| area.present().map_err(Into::into))
    };
    match drawn {
        Ok(()) => out,
        Err(e) => {
            maud::html! { p.chart-error { "The chart could not be drawn: " (e.to_string()) } }
                .into_string()
        }
    }
}

/// A step line through `buckets`' `value`s: flat over each bucket, down to 0
/// across any gap between two buckets.
fn steps(buckets: &[TimeBucket], step: i64, value: impl Fn(&TimeBucket) -> u64) -> Vec<(i64, u64)> {
    let mut points = Vec::with_capacity(buckets.len() * 2 + 2);
    let mut end: Option<i64> = None;
    for b in buckets {
        let v = value(b);
        if end != Some(b.start) {
            if let Some(end) = end {
                points.push((end, 0));
            }
            points.push((b.start, 0));
        }
        points.push((b.start, v));
        points.push((b.start.saturating_add(step), v));
        end = Some(b.start.saturating_add(step));
    }
    if let Some(end) = end {
        points.push((end, 0));
    }
    points
}

/// Requests, violations, stale-cache requests and robots.txt fetches of one
/// crawler per bucket of `step` seconds, over `span` (the whole report's time
/// range, so that every crawler's chart has the same axis).
pub(crate) fn timeline(c: &CrawlerAudit, step: u64, span: (i64, i64)) -> String {
    let step = i64::try_from(step).unwrap_or(i64::MAX).max(1);
    let top = c
        .timeline
        .iter()
        .map(|b| b.requests.max(b.robots_fetches))
        .max()
        .unwrap_or(0)
        .max(1);
    let top = top + top.div_ceil(8);
    // The axis counts steps since the epoch, so that its labels fall on whole
    // hours (days, weeks) rather than on round numbers of seconds.
    let (from, to) = (span.0.div_euclid(step), span.1.div_euclid(step));
    let in_steps = |buckets: &[TimeBucket], value: fn(&TimeBucket) -> u64| -> Vec<(i64, u64)> {
        steps(buckets, step, value)
            .into_iter()
            .map(|(t, v)| (t.div_euclid(step), v))
            .collect()
    };
    svg((760, 220), |area| {
        area.fill(&WHITE)?;
        let mut chart = ChartBuilder::on(area)
            .margin(10)
            .x_label_area_size(30)
            .y_label_area_size(48)
            .build_cartesian_2d(from..to.max(from + 1), 0u64..top)?;
        chart
            .configure_mesh()
            .disable_x_mesh()
            .light_line_style(LIGHT)
            .bold_line_style(LIGHT)
            .x_labels(7)
            .x_label_formatter(&|n| time_label(n.saturating_mul(step), step))
            .y_labels(5)
            .y_desc(if step == 3_600 {
                "per hour"
            } else {
                "per bucket"
            })
            .label_style((FONT, 12))
            .axis_desc_style((FONT, 12))
            .draw()?;
        chart.draw_series(
            AreaSeries::new(in_steps(&c.timeline, |b| b.requests), 0, REQUESTS.mix(0.35))
                .border_style(REQUESTS),
        )?;
        if c.violations > 0 {
            chart.draw_series(
                AreaSeries::new(
                    in_steps(&c.timeline, |b| b.violations),
                    0,
                    VIOLATIONS.mix(0.6),
                )
                .border_style(VIOLATIONS),
            )?;
        }
        if c.stale_cache > 0 {
            chart.draw_series(LineSeries::new(
                in_steps(&c.timeline, |b| b.stale_cache),
                STALE.stroke_width(2),
            ))?;
        }
        if c.robots_fetches > 0 {
            chart.draw_series(c.timeline.iter().filter(|b| b.robots_fetches > 0).map(|b| {
                TriangleMarker::new(
                    (b.start.div_euclid(step), b.robots_fetches),
                    5,
                    FETCHES.filled(),
                )
            }))?;
        }
        Ok(())
    })
}

/// The edges of the pace chart's bins, in seconds: bin `i` holds intervals
/// from `EDGES[i]` up to the next edge; the last, 30 days and more.
const EDGES: [u64; 19] = [
    0, 1, 2, 3, 5, 10, 15, 30, 60, 120, 300, 600, 1_800, 3_600, 10_800, 43_200, 86_400, 604_800,
    2_592_000,
];

fn bin_of(seconds: u64) -> usize {
    EDGES.iter().rposition(|&e| e <= seconds).unwrap_or(0)
}

/// Where `delay` seconds falls on the bins' axis (bin `i` spans `i..i + 1`).
fn position(delay: f64) -> f64 {
    let bin = EDGES.iter().rposition(|&e| e as f64 <= delay).unwrap_or(0);
    match (EDGES.get(bin), EDGES.get(bin + 1)) {
        (Some(&lo), Some(&hi)) => bin as f64 + (delay - lo as f64) / (hi - lo) as f64,
        _ => bin as f64 + 0.5,
    }
}

/// Intervals shorter than asked and kept, per bin.
pub(crate) fn pace_bins(intervals: &Histogram, asked: Option<f64>) -> [(u64, u64); EDGES.len()] {
    let mut bins = [(0u64, 0u64); EDGES.len()];
    for (seconds, count) in intervals.iter() {
        if let Some(bin) = bins.get_mut(bin_of(seconds)) {
            match asked {
                Some(d) if (seconds as f64) < d => bin.0 += count,
                _ => bin.1 += count,
            }
        }
    }
    bins
}

/// The intervals between a crawler's requests to one host, by length (a
/// scale that widens with the length), shorter than the asked delay in red,
/// the rest green (grey when no delay was asked), and the asked delay marked.
pub(crate) fn pace(c: &CrawlerAudit) -> String {
    let asked = c.pace.asked_delay_secs;
    let bins = pace_bins(&c.pace.intervals, asked);
    let top = bins.iter().map(|(a, b)| a + b).max().unwrap_or(0).max(1);
    let top = top + top.div_ceil(8);
    let kept_color = if asked.is_some() { KEPT } else { GREY };
    svg((760, 220), |area| {
        area.fill(&WHITE)?;
        let mut chart = ChartBuilder::on(area)
            .margin(10)
            .x_label_area_size(30)
            .y_label_area_size(48)
            .build_cartesian_2d(0f64..EDGES.len() as f64, 0u64..top)?;
        chart
            .configure_mesh()
            .disable_x_mesh()
            .light_line_style(LIGHT)
            .bold_line_style(LIGHT)
            .x_labels(EDGES.len() + 1)
            .x_label_formatter(&|x| {
                let i = x.round();
                if (x - i).abs() > 0.01 || i < 0.0 {
                    return String::new();
                }
                EDGES
                    .get(i as usize)
                    .map_or(String::new(), |&e| duration(e).replace(' ', ""))
            })
            .y_labels(5)
            .y_desc("intervals")
            .label_style((FONT, 11))
            .axis_desc_style((FONT, 12))
            .draw()?;
        let bar = |i: usize, from: u64, to: u64, color: RGBColor| {
            let x = i as f64;
            Rectangle::new([(x + 0.08, from), (x + 0.92, to)], color.mix(0.75).filled())
        };
        chart.draw_series(
            bins.iter()
                .enumerate()
                .filter(|(_, b)| b.1 > 0)
                .map(|(i, b)| bar(i, b.0, b.0 + b.1, kept_color)),
        )?;
        if let Some(delay) = asked {
            chart.draw_series(
                bins.iter()
                    .enumerate()
                    .filter(|(_, b)| b.0 > 0)
                    .map(|(i, b)| bar(i, 0, b.0, VIOLATIONS)),
            )?;
            let x = position(delay);
            chart.draw_series(DashedLineSeries::new(
                [(x, 0), (x, top)],
                6,
                4,
                BLACK.stroke_width(2),
            ))?;
        }
        Ok(())
    })
}

/// A delay as written in robots.txt: whole seconds without a fraction.
pub(crate) fn duration_f(seconds: f64) -> String {
    if seconds.fract() == 0.0 && seconds < 1e15 {
        duration(seconds as u64)
    } else {
        format!("{seconds:.1} s")
    }
}

/// One bar per crawler token: its requests from verified, spoofed and
/// unverifiable senders, stacked. `rows`: (token, [verified, spoofed, unverifiable]).
pub(crate) fn verification(rows: &[(String, [u64; 3])]) -> String {
    let top = rows
        .iter()
        .map(|(_, n)| n.iter().sum::<u64>())
        .max()
        .unwrap_or(0)
        .max(1);
    let top = top + top.div_ceil(10);
    let count = rows.len().max(1);
    let height = 60 + 26 * count as u32;
    let names: Vec<String> = rows
        .iter()
        .map(|(token, _)| {
            if token.chars().count() > 24 {
                format!("{}…", token.chars().take(23).collect::<String>())
            } else {
                token.clone()
            }
        })
        .collect();
    svg((760, height), |area| {
        area.fill(&WHITE)?;
        let mut chart = ChartBuilder::on(area)
            .margin(10)
            .x_label_area_size(30)
            .y_label_area_size(170)
            .build_cartesian_2d(0u64..top, (0..count).into_segmented())?;
        chart
            .configure_mesh()
            .disable_y_mesh()
            .light_line_style(LIGHT)
            .bold_line_style(LIGHT)
            .x_labels(6)
            .x_desc("requests")
            .y_labels(count)
            .y_label_formatter(&|y| match y {
                SegmentValue::CenterOf(i) => count
                    .checked_sub(i + 1)
                    .and_then(|k| names.get(k))
                    .cloned()
                    .unwrap_or_default(),
                _ => String::new(),
            })
            .label_style((FONT, 12))
            .axis_desc_style((FONT, 12))
            .draw()?;
        for (k, class) in Verification::ALL.into_iter().enumerate() {
            let color = class_color(class);
            chart.draw_series(
                rows.iter()
                    .enumerate()
                    .filter(|(_, (_, n))| n.get(k).copied().unwrap_or(0) > 0)
                    .map(|(i, (_, n))| {
                        let from: u64 = n.iter().take(k).sum();
                        let to = from + n.get(k).copied().unwrap_or(0);
                        let row = count - 1 - i;
                        let mut bar = Rectangle::new(
                            [
                                (from, SegmentValue::Exact(row)),
                                (to, SegmentValue::Exact(row + 1)),
                            ],
                            color.mix(0.8).filled(),
                        );
                        bar.set_margin(4, 4, 0, 0);
                        bar
                    }),
            )?;
        }
        Ok(())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bins_and_positions() {
        assert_eq!(bin_of(0), 0);
        assert_eq!(bin_of(4), 3);
        assert_eq!(bin_of(5), 4);
        assert_eq!(bin_of(3_000_000), EDGES.len() - 1);
        assert!((position(10.0) - 5.0).abs() < 1e-9);
        assert!((position(12.5) - 5.5).abs() < 1e-9);
        let mut h = Histogram::default();
        for s in [0, 1, 4, 4, 9, 10, 60] {
            h.add(s);
        }
        let bins = pace_bins(&h, Some(5.0));
        assert_eq!(
            &bins[..6],
            &[(1, 0), (1, 0), (0, 0), (2, 0), (0, 1), (0, 1)]
        );
        assert_eq!(bins[8], (0, 1));
        assert_eq!(pace_bins(&h, None)[3], (0, 2));
    }

    #[test]
    fn steps_drop_to_zero_across_gaps() {
        // TimeBucket is non_exhaustive outside its crate: built from its default.
        let b = |start, requests| {
            let mut bucket = TimeBucket::default();
            (bucket.start, bucket.requests) = (start, requests);
            bucket
        };
        let buckets = [b(0, 2), b(10, 3), b(30, 1)];
        assert_eq!(
            steps(&buckets, 10, |b| b.requests),
            [
                (0, 0),
                (0, 2),
                (10, 2),
                (10, 3),
                (20, 3),
                (20, 0),
                (30, 0),
                (30, 1),
                (40, 1),
                (40, 0)
            ]
        );
    }
}
