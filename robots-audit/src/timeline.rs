//! Requests over time: each crawler's counts by time bucket, one step for the
//! whole report, so that charts of several crawlers share their buckets.
//!
//! The step is the finest of [`TIMELINE_STEPS`] at which the log's timed
//! crawler requests fall in at most [`MAX_TIMELINE_BUCKETS`] buckets. Each
//! step divides the next and buckets start at multiples of the step since the
//! Unix epoch, so the step and every count are a function of the requests
//! alone, whatever their order: the timelines of several parts of a log merge
//! into the timeline of the whole exactly (take the coarser step, re-bucket,
//! add, and coarsen again while there are too many buckets).

/// How many buckets a report's timeline may have; past that every timeline
/// is re-bucketed by the next step of [`TIMELINE_STEPS`]. 31 days of hours.
pub const MAX_TIMELINE_BUCKETS: usize = 31 * 24;

const HOUR: u64 = 3_600;
const DAY: u64 = 24 * HOUR;
const WEEK: u64 = 7 * DAY;

/// The steps a timeline is kept at, finest first: an hour, a day, a week,
/// then 4 weeks and its doublings (each divides the next). The last one
/// (4 × 2⁹ weeks, about 39 years) spans any log's time range in a few buckets.
pub const TIMELINE_STEPS: [u64; 13] = [
    HOUR,
    DAY,
    WEEK,
    4 * WEEK,
    8 * WEEK,
    16 * WEEK,
    32 * WEEK,
    64 * WEEK,
    128 * WEEK,
    256 * WEEK,
    512 * WEEK,
    1024 * WEEK,
    2048 * WEEK,
];

/// One crawler's requests (of one verification class) within one bucket.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct TimeBucket {
    /// When the bucket starts, in seconds since the Unix epoch (a multiple of the step).
    pub start: i64,
    /// Requests other than for `/robots.txt`.
    pub requests: u64,
    /// Requests for `/robots.txt`.
    pub robots_fetches: u64,
    /// Violations among the requests.
    pub violations: u64,
    /// Stale-cache requests among them.
    pub stale_cache: u64,
}

impl TimeBucket {
    fn add(&mut self, other: &TimeBucket) {
        self.requests += other.requests;
        self.robots_fetches += other.robots_fetches;
        self.violations += other.violations;
        self.stale_cache += other.stale_cache;
    }
}

/// What a request adds to its bucket.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Count {
    Request,
    RobotsFetch,
    Violation,
    StaleCache,
}

/// The start of the bucket of `time` at `step`.
fn bucket_start(time: i64, step: u64) -> i64 {
    let step = i64::try_from(step).unwrap_or(i64::MAX);
    time.div_euclid(step).saturating_mul(step)
}

/// The report's step and every bucket any crawler has a count in.
#[derive(Debug, Default)]
pub(crate) struct Clock {
    /// Index into [`TIMELINE_STEPS`].
    level: usize,
    /// Every bucket start seen at this step, sorted.
    starts: Vec<i64>,
    /// The bucket of the last time placed (most lines share it).
    last: Option<i64>,
}

impl Clock {
    /// The current step, in seconds.
    pub(crate) fn step(&self) -> u64 {
        TIMELINE_STEPS
            .get(self.level)
            .copied()
            .unwrap_or(2048 * WEEK)
    }

    /// The start of `time`'s bucket, and whether the step had to grow to
    /// keep within [`MAX_TIMELINE_BUCKETS`] (then every series must be
    /// [`Series::rebucket`]ed to [`Clock::step`]).
    pub(crate) fn place(&mut self, time: i64) -> (i64, bool) {
        let start = bucket_start(time, self.step());
        if self.last == Some(start) {
            return (start, false);
        }
        let mut grew = false;
        if let Err(at) = self.starts.binary_search(&start) {
            self.starts.insert(at, start);
            while self.starts.len() > MAX_TIMELINE_BUCKETS && self.level + 1 < TIMELINE_STEPS.len()
            {
                self.level += 1;
                let step = self.step();
                for s in &mut self.starts {
                    *s = bucket_start(*s, step);
                }
                self.starts.dedup();
                grew = true;
            }
        }
        let start = bucket_start(time, self.step());
        self.last = Some(start);
        (start, grew)
    }
}

/// One crawler's buckets (of one verification class), sorted by start.
#[derive(Debug, Default)]
pub(crate) struct Series {
    buckets: Vec<TimeBucket>,
    /// The index of the bucket counted last (most requests fall in it again).
    last: usize,
}

impl Series {
    /// Count one `what` in the bucket starting at `start`.
    pub(crate) fn count(&mut self, start: i64, what: Count) {
        let at = match self.buckets.get(self.last) {
            Some(b) if b.start == start => self.last,
            _ => match self.buckets.binary_search_by_key(&start, |b| b.start) {
                Ok(at) => at,
                Err(at) => {
                    self.buckets.insert(
                        at,
                        TimeBucket {
                            start,
                            ..TimeBucket::default()
                        },
                    );
                    at
                }
            },
        };
        self.last = at;
        let Some(bucket) = self.buckets.get_mut(at) else {
            panic!("bug: timeline bucket {at} of {}", self.buckets.len());
        };
        match what {
            Count::Request => bucket.requests += 1,
            Count::RobotsFetch => bucket.robots_fetches += 1,
            Count::Violation => bucket.violations += 1,
            Count::StaleCache => bucket.stale_cache += 1,
        }
    }

    /// Put every count in its bucket at `step` (a coarser step than before).
    pub(crate) fn rebucket(&mut self, step: u64) {
        let mut merged: Vec<TimeBucket> = Vec::with_capacity(self.buckets.len());
        for b in &self.buckets {
            let start = bucket_start(b.start, step);
            match merged.last_mut() {
                Some(last) if last.start == start => last.add(b),
                _ => merged.push(TimeBucket { start, ..*b }),
            }
        }
        self.buckets = merged;
        self.last = 0;
    }

    /// The buckets, earliest first.
    pub(crate) fn into_buckets(self) -> Vec<TimeBucket> {
        self.buckets
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Feed `times` (one request each) to a clock and one series.
    fn timeline(times: &[i64]) -> (u64, Vec<TimeBucket>) {
        let mut clock = Clock::default();
        let mut series = Series::default();
        for &t in times {
            let (start, grew) = clock.place(t);
            if grew {
                series.rebucket(clock.step());
            }
            series.count(start, Count::Request);
        }
        (clock.step(), series.into_buckets())
    }

    /// The merge the report's readers do (the Spark job's, in Python): the
    /// coarser step, re-bucketed, added, coarsened while too many.
    fn merge(parts: &[(u64, Vec<TimeBucket>)]) -> (u64, Vec<TimeBucket>) {
        let mut step = parts.iter().map(|p| p.0).max().unwrap_or(HOUR);
        loop {
            let mut all = Series::default();
            for (_, buckets) in parts {
                for b in buckets {
                    let start = bucket_start(b.start, step);
                    for _ in 0..b.requests {
                        all.count(start, Count::Request);
                    }
                }
            }
            if all.buckets.len() <= MAX_TIMELINE_BUCKETS {
                return (step, all.into_buckets());
            }
            step = TIMELINE_STEPS
                .into_iter()
                .find(|&s| s > step)
                .unwrap_or(step);
        }
    }

    #[test]
    fn buckets_by_hour_until_too_many_then_by_day() {
        let t0 = 1_795_780_800; // 2026-11-27T12:00:00Z
        let (step, buckets) = timeline(&[t0, t0 + 59, t0 + 3_600, t0 - 1]);
        assert_eq!(step, HOUR);
        let counts: Vec<(i64, u64)> = buckets.iter().map(|b| (b.start, b.requests)).collect();
        assert_eq!(counts, [(t0 - 3_600, 1), (t0, 2), (t0 + 3_600, 1)]);
        // One request an hour for 40 days: 960 hours, too many; 41 days.
        let hourly: Vec<i64> = (0..40 * 24).map(|h| t0 + h * 3_600).collect();
        let (step, buckets) = timeline(&hourly);
        assert_eq!(step, DAY);
        assert_eq!(buckets.len(), 41);
        assert_eq!(buckets.iter().map(|b| b.requests).sum::<u64>(), 960);
        assert_eq!(buckets[0].start % 86_400, 0);
    }

    #[test]
    fn parts_merge_into_the_whole_in_any_order() {
        // Times over 60 days, in an order that is not sorted.
        let t0: i64 = 1_795_780_800;
        let times: Vec<i64> = (0..5_000i64)
            .map(|i| t0 + (i * 7_919 % 5_000) * 1_037)
            .collect();
        let whole = timeline(&times);
        assert_eq!(whole.0, DAY);
        let mut reversed = times.clone();
        reversed.reverse();
        assert_eq!(timeline(&reversed), whole);
        // Parts of 20 days or so each keep hours; merged, they give days.
        let mut sorted = times.clone();
        sorted.sort_unstable();
        let parts: Vec<(u64, Vec<TimeBucket>)> = sorted.chunks(1_500).map(timeline).collect();
        assert!(
            parts.iter().any(|p| p.0 == HOUR),
            "{:?}",
            parts.iter().map(|p| p.0).collect::<Vec<_>>()
        );
        assert_eq!(merge(&parts), whole);
        // A century, a request every 30 days: 1,217 buckets of 4 weeks, 652 of 8.
        let monthly: Vec<i64> = (0..1_217).map(|m| t0 + m * 30 * 86_400).collect();
        let (step, buckets) = timeline(&monthly);
        assert_eq!((step, buckets.len()), (8 * WEEK, 652));
        assert_eq!(timeline(&[i64::MIN, i64::MAX]).1.len(), 2);
    }
}
