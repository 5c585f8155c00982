//! Shared by the criterion targets: an engine's prepared check, run by a criterion `Bencher`.

use criterion::measurement::WallTime;
use criterion::Bencher;
use robots_benches::engines::Visit;
use std::hint::black_box;

/// Times every `stride`-th path of a file per iteration.
pub struct BenchVisit<'a, 'b> {
    /// The criterion bencher.
    pub bencher: &'a mut Bencher<'b, WallTime>,
    /// Check every `stride`-th path.
    pub stride: usize,
}

impl Visit for BenchVisit<'_, '_> {
    fn visit<F: FnMut(usize) -> bool>(&mut self, n: usize, mut check: F) {
        let stride = self.stride.max(1);
        self.bencher.iter(|| {
            let mut allowed = 0usize;
            for i in (0..n).step_by(stride) {
                allowed += usize::from(check(black_box(i)));
            }
            allowed
        });
    }
}
