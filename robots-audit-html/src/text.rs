//! Numbers, lengths of time and times, as the report writes them.

use robots_audit::format_time;

/// A length of time, short: `45 s`, `12 min`, `3 h`, `2 d`.
pub(crate) fn duration(seconds: u64) -> String {
    match seconds {
        0..120 => format!("{seconds} s"),
        120..7_200 => format!("{} min", seconds / 60),
        7_200..172_800 => format!("{} h", seconds / 3_600),
        _ => format!("{} d", seconds / 86_400),
    }
}

/// A time on a timeline's axis: `11-27 12:00` for buckets shorter than a
/// day, `2026-11-27` for longer ones (UTC).
pub(crate) fn time_label(seconds: i64, step: i64) -> String {
    let text = format_time(seconds);
    match (step < 86_400, text.get(5..16), text.get(..10)) {
        (true, Some(minute), _) => minute.replacen('T', " ", 1),
        (false, _, Some(day)) => day.to_owned(),
        _ => text,
    }
}

/// A time in a table: `2026-11-27 12:00:05 UTC`.
pub(crate) fn time(seconds: Option<i64>) -> String {
    seconds.map_or_else(
        || String::from("-"),
        |s| {
            let text = format_time(s);
            match text.strip_suffix('Z') {
                Some(t) => format!("{} UTC", t.replacen('T', " ", 1)),
                None => text,
            }
        },
    )
}

/// A count with thousands separated: `1,234,567`.
pub(crate) fn count(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, d) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(d);
    }
    out
}

/// A share as a percentage: `12.5%`, `0%`, `100%`.
pub(crate) fn percent(share: f64) -> String {
    let p = share * 100.0;
    if p == 0.0 || p == 100.0 || p >= 10.0 {
        format!("{p:.0}%")
    } else {
        format!("{p:.1}%")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writes_numbers_and_times() {
        assert_eq!(count(0), "0");
        assert_eq!(count(999), "999");
        assert_eq!(count(1_234_567), "1,234,567");
        assert_eq!(duration(45), "45 s");
        assert_eq!(duration(720), "12 min");
        assert_eq!(time_label(1_795_780_800, 3_600), "11-27 12:00");
        assert_eq!(time_label(1_795_780_800, 86_400), "2026-11-27");
        assert_eq!(time(Some(1_795_780_805)), "2026-11-27 12:00:05 UTC");
        assert_eq!(percent(0.045), "4.5%");
        assert_eq!(percent(0.5), "50%");
    }
}
