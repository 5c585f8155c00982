//! Intervals between requests, counted in buckets of whole seconds, so that
//! the reports of several parts of a log add up exactly to the report of the
//! whole: counts add, bucket by bucket.

use std::collections::BTreeMap;

/// How many seconds are counted one by one in a flat array (most intervals
/// between a crawler's requests are short); longer ones go to a sorted map.
const FLAT: usize = 64;

/// The longest interval told apart: 30 days. Longer ones share its bucket.
pub const LONGEST_INTERVAL: u64 = 30 * 86_400;

/// A count of intervals by length, in buckets of one second below an hour,
/// one minute below a day, one hour below [`LONGEST_INTERVAL`], and one for
/// anything longer. Memory is bounded by the number of buckets (5,677),
/// never by the number of intervals.
///
/// ```
/// use robots_audit::Histogram;
/// let mut pace = Histogram::default();
/// for seconds in [1, 1, 5, 7_300, 90_000_000] {
///     pace.add(seconds);
/// }
/// assert_eq!(pace.count(), 5);
/// assert_eq!(pace.median(), Some(5));
/// let buckets: Vec<(u64, u64)> = pace.iter().collect();
/// assert_eq!(buckets, [(1, 2), (5, 1), (7_260, 1), (2_592_000, 1)]);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Histogram {
    flat: [u64; FLAT],
    longer: BTreeMap<u64, u64>,
    count: u64,
}

impl Default for Histogram {
    fn default() -> Self {
        Histogram {
            flat: [0; FLAT],
            longer: BTreeMap::new(),
            count: 0,
        }
    }
}

impl Histogram {
    /// The first second of the bucket `seconds` falls in.
    pub fn bucket(seconds: u64) -> u64 {
        match seconds {
            0..3_600 => seconds,
            3_600..86_400 => seconds - seconds % 60,
            86_400..LONGEST_INTERVAL => seconds - seconds % 3_600,
            _ => LONGEST_INTERVAL,
        }
    }

    /// Count one interval of `seconds`.
    pub fn add(&mut self, seconds: u64) {
        self.add_many(seconds, 1);
    }

    /// Count `count` intervals of `seconds` (as another report's bucket gives them).
    pub fn add_many(&mut self, seconds: u64, count: u64) {
        let bucket = Histogram::bucket(seconds);
        match usize::try_from(bucket)
            .ok()
            .and_then(|b| self.flat.get_mut(b))
        {
            Some(slot) => *slot += count,
            None => *self.longer.entry(bucket).or_default() += count,
        }
        self.count += count;
    }

    /// Add every interval of `other`.
    pub fn merge(&mut self, other: &Histogram) {
        for (bucket, count) in other.iter() {
            self.add_many(bucket, count);
        }
    }

    /// How many intervals were counted.
    pub fn count(&self) -> u64 {
        self.count
    }

    /// The median interval (the lower one of an even count), as the first
    /// second of its bucket; `None` when there is none.
    pub fn median(&self) -> Option<u64> {
        let rank = self.count.div_ceil(2);
        let mut seen = 0;
        self.iter().find_map(|(bucket, count)| {
            seen += count;
            (seen >= rank && rank > 0).then_some(bucket)
        })
    }

    /// The shortest interval counted (its bucket's first second).
    pub fn min(&self) -> Option<u64> {
        self.iter().next().map(|(bucket, _)| bucket)
    }

    /// Every bucket that counted something: its first second and its count, shortest first.
    pub fn iter(&self) -> impl Iterator<Item = (u64, u64)> + '_ {
        (0u64..)
            .zip(self.flat.iter().copied())
            .chain(self.longer.iter().map(|(&b, &c)| (b, c)))
            .filter(|&(_, count)| count > 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn buckets_and_merges_add_up() {
        assert_eq!(Histogram::bucket(63), 63);
        assert_eq!(Histogram::bucket(3_599), 3_599);
        assert_eq!(Histogram::bucket(3_659), 3_600);
        assert_eq!(Histogram::bucket(86_399), 86_340);
        assert_eq!(Histogram::bucket(86_400 + 3_599), 86_400);
        assert_eq!(Histogram::bucket(u64::MAX), LONGEST_INTERVAL);
        let (mut a, mut b, mut whole) = (
            Histogram::default(),
            Histogram::default(),
            Histogram::default(),
        );
        for (i, s) in [0u64, 3, 3, 64, 200, 4_000, 100_000, 3, 9]
            .into_iter()
            .enumerate()
        {
            if i % 2 == 0 {
                a.add(s);
            } else {
                b.add(s);
            }
            whole.add(s);
        }
        a.merge(&b);
        assert_eq!(a, whole);
        assert_eq!(
            (whole.count(), whole.median(), whole.min()),
            (9, Some(9), Some(0))
        );
        assert_eq!(Histogram::default().median(), None);
    }
}
