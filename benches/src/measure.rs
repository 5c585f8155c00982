//! Timing the workload: per-file check cost, parse throughput, agreement.

use crate::corpus::Site;
use crate::engines::{Engine, Visit};
use crate::stats::median;
use std::hint::black_box;
use std::time::{Duration, Instant};

/// A visitor that times the check over every `stride`-th path, `rounds` times, and keeps the median round.
pub struct Timer {
    /// Passes over the paths; the median one counts.
    pub rounds: usize,
    /// Check every `stride`-th path.
    pub stride: usize,
    /// Nanoseconds of the median pass (0 if the engine failed).
    pub nanos: f64,
    /// Checks in one pass.
    pub checks: usize,
    /// The engine rejected the file.
    pub failed: bool,
    /// The verdicts of the first pass, if asked for ([`Timer::recording`]).
    pub verdicts: Option<Vec<bool>>,
}

impl Timer {
    /// Also keep the first pass's verdicts (for agreement).
    pub fn recording(mut self) -> Timer {
        self.verdicts = Some(Vec::new());
        self
    }

    /// A timer of `rounds` passes over every `stride`-th path.
    pub fn new(rounds: usize, stride: usize) -> Timer {
        Timer {
            rounds: rounds.max(1),
            stride: stride.max(1),
            nanos: 0.0,
            checks: 0,
            failed: false,
            verdicts: None,
        }
    }
}

impl Visit for Timer {
    fn visit<F: FnMut(usize) -> bool>(&mut self, n: usize, mut check: F) {
        let mut times = Vec::with_capacity(self.rounds);
        let mut allowed = 0usize;
        if let Some(v) = self.verdicts.as_mut() {
            // An untimed first pass that records the verdicts (and warms the caches).
            v.clear();
            v.extend((0..n).step_by(self.stride).map(&mut check));
        }
        for _ in 0..self.rounds {
            let start = Instant::now();
            for i in (0..n).step_by(self.stride) {
                allowed += usize::from(check(black_box(i)));
            }
            times.push(start.elapsed().as_nanos() as f64);
        }
        black_box(allowed);
        self.nanos = median(&mut times);
        self.checks = n.div_ceil(self.stride);
    }

    fn failed(&mut self) {
        self.failed = true;
    }
}

/// The check cost of one file (both agents together).
#[derive(Clone, Debug)]
pub struct FileCost {
    /// The corpus file.
    pub site: String,
    /// Checks timed.
    pub checks: usize,
    /// Nanoseconds those checks took (median pass).
    pub nanos: f64,
    /// The engine rejected the file for some agent.
    pub failed: bool,
}

impl FileCost {
    /// Nanoseconds per check.
    pub fn per_check(&self) -> f64 {
        if self.checks == 0 {
            0.0
        } else {
            self.nanos / self.checks as f64
        }
    }
}

/// Time `engine` on one file, for each of its agents: `rounds` passes each. With
/// `verdicts`, an untimed first pass also records each agent's verdicts there.
pub fn time_file(
    engine: Engine,
    site: &Site,
    rounds: usize,
    mut verdicts: Option<&mut Vec<Vec<bool>>>,
) -> FileCost {
    let mut cost = FileCost {
        site: site.name.clone(),
        checks: 0,
        nanos: 0.0,
        failed: false,
    };
    for agent in site.agents() {
        let timer = Timer::new(rounds, engine.stride());
        let mut timer = if verdicts.is_some() {
            timer.recording()
        } else {
            timer
        };
        engine.run(site, agent, &mut timer);
        cost.checks += timer.checks;
        cost.nanos += timer.nanos;
        cost.failed |= timer.failed;
        if let Some(out) = verdicts.as_deref_mut() {
            out.push(timer.verdicts.unwrap_or_default());
        }
    }
    cost
}

/// Time `engine` on every file and agent of the workload: `rounds` passes each.
pub fn time_workload(engine: Engine, sites: &[Site], rounds: usize) -> Vec<FileCost> {
    sites
        .iter()
        .map(|site| time_file(engine, site, rounds, None))
        .collect()
}

/// Summary of a workload timing.
#[derive(Clone, Copy, Debug, Default)]
pub struct CheckSummary {
    /// Mean over every check: total time / total checks.
    pub mean_ns: f64,
    /// The median over files of each file's per-check cost.
    pub median_file_ns: f64,
    /// Checks timed.
    pub checks: usize,
    /// Files the engine rejected.
    pub failed_files: usize,
}

/// Mean over every check and the median file's per-check cost.
pub fn summarize(costs: &[FileCost]) -> CheckSummary {
    let timed: Vec<&FileCost> = costs.iter().filter(|c| c.checks > 0).collect();
    let checks: usize = timed.iter().map(|c| c.checks).sum();
    let nanos: f64 = timed.iter().map(|c| c.nanos).sum();
    let mut per_file: Vec<f64> = timed.iter().map(|c| c.per_check()).collect();
    CheckSummary {
        mean_ns: if checks == 0 {
            0.0
        } else {
            nanos / checks as f64
        },
        median_file_ns: median(&mut per_file),
        checks,
        failed_files: costs.iter().filter(|c| c.failed).count(),
    }
}

/// Parse throughput over the whole corpus.
#[derive(Clone, Copy, Debug, Default)]
pub struct ParseSummary {
    /// Corpus bytes per second of parse(+compile), in MB/s (10^6 bytes).
    pub mb_per_s: f64,
    /// Total seconds for one parse of every file (sum of per-file medians).
    pub seconds: f64,
    /// Files the engine rejected.
    pub failed_files: usize,
}

/// Parse every file `rounds` times (at least once, more for small files up to a time budget); sum the per-file medians.
pub fn time_parse(engine: Engine, sites: &[Site], rounds: usize) -> ParseSummary {
    let mut total = 0.0;
    let mut bytes = 0usize;
    let mut failed = 0;
    for site in sites {
        let mut times = Vec::with_capacity(rounds);
        let mut ok = true;
        let budget = Duration::from_millis(200);
        let started = Instant::now();
        for round in 0..rounds.max(1) {
            let start = Instant::now();
            ok &= engine.parse_once(site);
            times.push(start.elapsed().as_nanos() as f64);
            if round >= 2 && started.elapsed() > budget {
                break;
            }
        }
        if !ok {
            failed += 1;
        }
        total += median(&mut times);
        bytes += site.body.len();
    }
    let seconds = total / 1e9;
    ParseSummary {
        mb_per_s: if seconds > 0.0 {
            bytes as f64 / 1e6 / seconds
        } else {
            0.0
        },
        seconds,
        failed_files: failed,
    }
}

/// How an engine's verdicts compare with ours (runtime, `google` profile).
#[derive(Clone, Debug, Default)]
pub struct Agreement {
    /// Checks compared.
    pub checks: usize,
    /// Checks whose verdict differs from ours (a rejected file counts every check).
    pub differ: usize,
    /// Per file: (file, agent, differing checks, one example path).
    pub by_file: Vec<(String, String, usize, String)>,
}

impl Agreement {
    /// Share of checks that agree, in percent.
    pub fn percent(&self) -> f64 {
        if self.checks == 0 {
            100.0
        } else {
            100.0 * (self.checks - self.differ) as f64 / self.checks as f64
        }
    }
}

/// Compare verdicts recorded over the workload (one list per file and agent, in
/// [`Site::agents`] order) with ours; `stride` is the engine's sampling.
pub fn agreement_of(
    sites: &[Site],
    ours: &[Vec<bool>],
    theirs: &[Vec<bool>],
    stride: usize,
) -> Agreement {
    let mut out = Agreement::default();
    let mut k = 0;
    for site in sites {
        for agent in site.agents() {
            let (Some(a), Some(b)) = (ours.get(k), theirs.get(k)) else {
                break;
            };
            k += 1;
            let sampled: Vec<bool> = a.iter().copied().step_by(stride.max(1)).collect();
            let mut differ = 0;
            let mut example = String::new();
            for (j, ours) in sampled.iter().enumerate() {
                // A missing verdict (the engine rejected the file) counts as a difference.
                if b.get(j) != Some(ours) {
                    if differ == 0 {
                        example = site.paths[j * stride.max(1)].clone();
                    }
                    differ += 1;
                }
            }
            out.checks += sampled.len();
            out.differ += differ;
            if differ > 0 {
                out.by_file
                    .push((site.name.clone(), agent.to_owned(), differ, example));
            }
        }
    }
    out.by_file
        .sort_by(|a, b| b.2.cmp(&a.2).then(a.0.cmp(&b.0)));
    out
}

/// How an engine's per-file check cost spreads, each file as a multiple of a floor's
/// cost on the same file (the floor reads the same paths).
#[derive(Clone, Debug, Default)]
pub struct FloorRatios {
    /// The median file.
    pub median: f64,
    /// The 90th-percentile file (nearest rank).
    pub p90: f64,
    /// The worst file.
    pub worst: f64,
    /// The worst file's name.
    pub worst_file: String,
    /// Every file's ratio with its name, worst first.
    pub by_file: Vec<(f64, String)>,
}

/// Each file's per-check cost in `ours` over its cost in `floor` (both timed over the
/// same files, in the same order), summarised. Files either side did not time are left out.
pub fn floor_ratios(ours: &[FileCost], floor: &[FileCost]) -> FloorRatios {
    let mut by_file: Vec<(f64, String)> = ours
        .iter()
        .zip(floor)
        .filter(|(o, f)| o.checks > 0 && f.checks > 0 && f.per_check() > 0.0)
        .map(|(o, f)| (o.per_check() / f.per_check(), o.site.clone()))
        .collect();
    by_file.sort_by(|a, b| b.0.total_cmp(&a.0));
    let mut ratios: Vec<f64> = by_file.iter().map(|r| r.0).collect();
    let n = ratios.len();
    // Nearest rank: the smallest value with at least 90% of the files at or below it.
    let p90 = {
        let mut ascending = ratios.clone();
        ascending.sort_by(f64::total_cmp);
        let rank = (n * 9).div_ceil(10).max(1);
        ascending.get(rank - 1).copied().unwrap_or(0.0)
    };
    FloorRatios {
        median: median(&mut ratios),
        p90,
        worst: by_file.first().map_or(0.0, |r| r.0),
        worst_file: by_file.first().map(|r| r.1.clone()).unwrap_or_default(),
        by_file,
    }
}
