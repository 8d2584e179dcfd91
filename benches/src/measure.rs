//! The sampler: calibrates each case, takes interleaved timed samples (every case's sample 1,
//! then every case's sample 2, ...) so slow drift of the machine hits all cases alike, reports
//! the median, and counts allocations in a separate loop.

use std::hint::black_box;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::time::{Duration, Instant};

use crate::alloc::AllocSnapshot;

/// How long to measure. `BENCH_QUICK=1` gives a short run; `BENCH_SAMPLES` and
/// `BENCH_SAMPLE_MS` override the sample count and length of either.
#[derive(Clone, Debug)]
pub struct Config {
    pub quick: bool,
    /// Time spent calling each case before sampling (also calibrates the iteration count).
    pub warmup: Duration,
    /// Target length of one timed sample; [`Config::for_payload`] scales it by payload size.
    pub sample_time: Duration,
    /// Set when `BENCH_SAMPLE_MS` fixed the sample length (then it is not scaled).
    pub sample_time_fixed: bool,
    /// Timed samples per case; the reported time is their median.
    pub samples: usize,
    /// Calls in the separate allocation-counting loop (at most; fewer for slow cases).
    pub alloc_calls: u64,
    /// Substrings from the command line: a row runs if its `payload/direction/method` contains
    /// any of them (all rows when empty).
    pub filters: Vec<String>,
}

impl Config {
    /// The full run's settings.
    pub fn full() -> Self {
        Config {
            quick: false,
            warmup: Duration::from_millis(200),
            sample_time: Duration::from_millis(100),
            sample_time_fixed: false,
            samples: 15,
            alloc_calls: 1000,
            filters: Vec::new(),
        }
    }

    /// The quick run's settings (`BENCH_QUICK=1`).
    pub fn quick() -> Self {
        Config {
            quick: true,
            warmup: Duration::from_millis(40),
            sample_time: Duration::from_millis(25),
            sample_time_fixed: false,
            samples: 7,
            alloc_calls: 200,
            filters: Vec::new(),
        }
    }

    /// Reads `BENCH_QUICK`, `BENCH_SAMPLES`, `BENCH_SAMPLE_MS` and the command line (cargo
    /// passes `--bench`; arguments starting with `-` are ignored, the rest are filters).
    pub fn from_env() -> Self {
        let quick = std::env::var("BENCH_QUICK").is_ok_and(|v| !v.is_empty() && v != "0");
        let mut cfg = if quick { Self::quick() } else { Self::full() };
        if let Some(n) = env_number("BENCH_SAMPLES") {
            cfg.samples = (n as usize).max(1);
        }
        if let Some(ms) = env_number("BENCH_SAMPLE_MS") {
            cfg.sample_time = Duration::from_millis(ms.max(1));
            cfg.sample_time_fixed = true;
        }
        cfg.filters = std::env::args()
            .skip(1)
            .filter(|a| !a.starts_with('-'))
            .collect();
        cfg
    }

    /// The settings for a payload whose larger side (input or output) is `bytes` long: small
    /// payloads run thousands of calls per sample, so shorter samples are as stable; large ones
    /// (a few calls per sample) keep the full length. Samples of a payload under 16 kB last 40%
    /// of the configured length, under 512 kB 70%.
    pub fn for_payload(&self, bytes: usize) -> Config {
        let mut cfg = self.clone();
        if !cfg.sample_time_fixed {
            let percent = match bytes {
                0..=16_383 => 40,
                16_384..=524_287 => 70,
                _ => 100,
            };
            cfg.sample_time = cfg.sample_time * percent / 100;
        }
        cfg
    }

    /// A one-line description of the sampling, for the header.
    pub fn describe(&self) -> String {
        let mode = if self.quick {
            "quick (BENCH_QUICK=1)"
        } else {
            "full"
        };
        let length = if self.sample_time_fixed {
            format!("~{} ms", self.sample_time.as_millis())
        } else {
            let ms = |b| self.for_payload(b).sample_time.as_millis();
            format!(
                "~{}/{}/{} ms (payloads under 16 kB / under 512 kB / larger)",
                ms(0),
                ms(20_000),
                ms(1 << 20)
            )
        };
        format!(
            "{mode}: {} samples of {length} per row after {} ms warm-up; median reported",
            self.samples,
            self.warmup.as_millis()
        )
    }

    /// Whether the row named `id` (`payload/direction/method`) should run.
    pub fn selects(&self, id: &str) -> bool {
        self.filters.is_empty() || self.filters.iter().any(|f| id.contains(f.as_str()))
    }
}

fn env_number(name: &str) -> Option<u64> {
    std::env::var(name).ok()?.trim().parse().ok()
}

/// What one case measured.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Measurement {
    /// Median time per call over the samples.
    pub ns_per_op: f64,
    /// Interquartile range of the samples over the median (0.02 = ±1% around the median).
    pub spread: f64,
    pub samples: usize,
    pub calls_per_sample: u64,
    /// Allocations per call, from the separate counting loop.
    pub allocs_per_op: f64,
    /// Bytes requested from the allocator per call, from the same loop.
    pub bytes_per_op: f64,
}

/// Makes the allocator finish the work the previous case left it, outside the clock. glibc's
/// malloc defers merging small freed blocks until the next request of about 1 KiB or more: a
/// case that frees a large value of small blocks at its end (a `Vec` of records) would
/// otherwise have part of its frees timed in whichever case runs next (`streams_ab` measured
/// 463 instructions per log record charged to a stream reader's first buffer that way).
fn settle_heap() {
    drop(black_box(Vec::<u8>::with_capacity(64 << 10)));
}

/// Something that can be called `calls` times under the clock.
trait Case {
    /// Runs the case `calls` times; returns the time of the calls alone (setup excluded) and
    /// the allocations made by the calls alone.
    fn run(&mut self, calls: u64) -> (Duration, AllocSnapshot);
}

struct Plain<F>(F);

impl<R, F: FnMut() -> R> Case for Plain<F> {
    #[inline(never)]
    fn run(&mut self, calls: u64) -> (Duration, AllocSnapshot) {
        settle_heap();
        let a0 = AllocSnapshot::now();
        let t0 = Instant::now();
        for _ in 0..calls {
            black_box((self.0)());
        }
        let elapsed = t0.elapsed();
        (elapsed, AllocSnapshot::now().since(a0))
    }
}

/// A case whose every call consumes a fresh input made by `setup` outside the clock, in
/// batches of `batch` inputs (keep a batch small enough to stay in cache).
struct Batched<S, F> {
    setup: S,
    routine: F,
    batch: usize,
}

impl<I, R, S: FnMut() -> I, F: FnMut(&mut I) -> R> Case for Batched<S, F> {
    #[inline(never)]
    fn run(&mut self, calls: u64) -> (Duration, AllocSnapshot) {
        let mut elapsed = Duration::ZERO;
        let mut allocs = AllocSnapshot::default();
        let mut left = calls;
        while left > 0 {
            let n = left.min(self.batch as u64);
            let mut inputs: Vec<I> = (0..n).map(|_| (self.setup)()).collect();
            settle_heap();
            let a0 = AllocSnapshot::now();
            let t0 = Instant::now();
            for input in inputs.iter_mut() {
                black_box((self.routine)(input));
            }
            elapsed += t0.elapsed();
            let a = AllocSnapshot::now().since(a0);
            allocs.allocs += a.allocs;
            allocs.bytes += a.bytes;
            drop(inputs);
            left -= n;
        }
        (elapsed, allocs)
    }
}

/// A case being sampled: its calls per sample and the samples so far (ns per call).
struct Live<'a> {
    name: String,
    case: Box<dyn Case + 'a>,
    calls: u64,
    samples: Vec<f64>,
}

/// A set of cases measured together (one payload and direction), sample-interleaved.
pub struct Sampler<'a> {
    cfg: Config,
    prefix: String,
    cases: Vec<(String, Box<dyn Case + 'a>)>,
}

impl<'a> Sampler<'a> {
    /// A sampler for the cases named `<prefix>/<name>` (`prefix` is `payload/direction`);
    /// cases the command-line filters do not select are dropped as they are added.
    pub fn new(cfg: &Config, prefix: &str) -> Self {
        Sampler {
            cfg: cfg.clone(),
            prefix: prefix.to_owned(),
            cases: Vec::new(),
        }
    }

    fn selects(&self, name: &str) -> bool {
        self.cfg.selects(&format!("{}/{name}", self.prefix))
    }

    /// Adds a case that calls `f` (its result is passed through `black_box` and dropped inside
    /// the timed loop).
    pub fn add<R>(&mut self, name: &str, f: impl FnMut() -> R + 'a) {
        if self.selects(name) {
            self.cases.push((name.to_owned(), Box::new(Plain(f))));
        }
    }

    /// Adds a case that calls `routine` on a fresh input from `setup` each time; `setup` runs
    /// outside the clock, `batch` inputs at a time.
    pub fn add_batched<I, R>(
        &mut self,
        name: &str,
        batch: usize,
        setup: impl FnMut() -> I + 'a,
        routine: impl FnMut(&mut I) -> R + 'a,
    ) {
        if self.selects(name) {
            let batch = batch.max(1);
            let case = Batched {
                setup,
                routine,
                batch,
            };
            self.cases.push((name.to_owned(), Box::new(case)));
        }
    }

    /// Measures every case. A case that panics (a library rejecting the input, say) is
    /// reported as `Err` with the panic message, and the others go on.
    pub fn run(self) -> Vec<(String, Result<Measurement, String>)> {
        let cfg = self.cfg;
        let mut live: Vec<Live<'a>> = Vec::new();
        let mut out: Vec<(String, Result<Measurement, String>)> = Vec::new();

        // Warm up and calibrate each case: double the calls until the warm-up time is spent.
        for (name, mut case) in self.cases {
            let calibrated = catch_unwind(AssertUnwindSafe(|| {
                let mut calls = 1u64;
                let mut spent = Duration::ZERO;
                loop {
                    let (d, _) = case.run(calls);
                    spent += d;
                    if spent >= cfg.warmup {
                        let per_call = d.as_secs_f64() / calls as f64;
                        let per_sample = cfg.sample_time.as_secs_f64() / per_call.max(1e-10);
                        break (per_sample as u64).max(1);
                    }
                    calls = calls.saturating_mul(2);
                }
            }));
            match calibrated {
                Ok(calls) => live.push(Live {
                    name,
                    case,
                    calls,
                    samples: Vec::with_capacity(cfg.samples),
                }),
                Err(panic) => out.push((name, Err(panic_message(&*panic)))),
            }
        }

        // Interleaved samples.
        for _ in 0..cfg.samples {
            for l in live.iter_mut() {
                let (d, _) = l.case.run(l.calls);
                l.samples.push(d.as_nanos() as f64 / l.calls as f64);
            }
        }

        // The allocation-counting loop, then the summary.
        for Live {
            name,
            mut case,
            calls,
            mut samples,
        } in live
        {
            let counted = calls.min(cfg.alloc_calls).max(1);
            let (_, allocs) = case.run(counted);
            samples.sort_by(f64::total_cmp);
            let median = percentile(&samples, 0.5);
            let iqr = percentile(&samples, 0.75) - percentile(&samples, 0.25);
            out.push((
                name,
                Ok(Measurement {
                    ns_per_op: median,
                    spread: if median > 0.0 { iqr / median } else { 0.0 },
                    samples: samples.len(),
                    calls_per_sample: calls,
                    allocs_per_op: allocs.allocs as f64 / counted as f64,
                    bytes_per_op: allocs.bytes as f64 / counted as f64,
                }),
            ));
        }
        out
    }
}

/// Linear-interpolated percentile of sorted data (`q` in 0..=1).
pub fn percentile(sorted: &[f64], q: f64) -> f64 {
    match sorted.len() {
        0 => f64::NAN,
        1 => sorted[0],
        n => {
            let pos = q.clamp(0.0, 1.0) * (n - 1) as f64;
            let lo = pos.floor() as usize;
            let hi = pos.ceil() as usize;
            sorted[lo] + (sorted[hi] - sorted[lo]) * (pos - lo as f64)
        }
    }
}

fn panic_message(panic: &(dyn std::any::Any + Send)) -> String {
    if let Some(s) = panic.downcast_ref::<&str>() {
        (*s).to_owned()
    } else if let Some(s) = panic.downcast_ref::<String>() {
        s.clone()
    } else {
        "panicked".to_owned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sample_length_scales_with_payload_size_unless_fixed() {
        let cfg = Config::full();
        assert_eq!(cfg.for_payload(300).sample_time, Duration::from_millis(40));
        assert_eq!(
            cfg.for_payload(100_000).sample_time,
            Duration::from_millis(70)
        );
        assert_eq!(
            cfg.for_payload(2_000_000).sample_time,
            Duration::from_millis(100)
        );
        let fixed = Config {
            sample_time_fixed: true,
            ..Config::quick()
        };
        assert_eq!(fixed.for_payload(300).sample_time, fixed.sample_time);
    }

    #[test]
    fn percentiles() {
        let v = [1.0, 2.0, 3.0, 4.0, 5.0];
        assert_eq!(percentile(&v, 0.5), 3.0);
        assert_eq!(percentile(&v, 0.25), 2.0);
        assert_eq!(percentile(&[1.0, 2.0], 0.5), 1.5);
    }

    #[test]
    fn sampler_reports_every_case_and_survives_a_panic() {
        let cfg = Config {
            samples: 3,
            warmup: Duration::from_millis(1),
            sample_time: Duration::from_millis(1),
            ..Config::quick()
        };
        let mut s = Sampler::new(&cfg, "p/ser");
        s.add("sum", || (0..100u64).sum::<u64>());
        s.add_batched("batched", 4, || vec![1u8; 16], |v: &mut Vec<u8>| v.len());
        s.add("boom", || -> u8 { panic!("rejected") });
        let results = s.run();
        assert_eq!(results.len(), 3);
        for (name, r) in &results {
            match name.as_str() {
                "boom" => assert_eq!(r.as_ref().unwrap_err(), "rejected"),
                _ => assert!(r.as_ref().unwrap().ns_per_op > 0.0, "{name}"),
            }
        }
    }
}
