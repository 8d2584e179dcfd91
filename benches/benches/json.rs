//! `cargo bench -p json-benches`: FastJson against serde_json, sonic-rs, simd-json and
//! simd-json-derive on the three corpora, the five seed payloads, the ten extra documents,
//! generated payloads, pretty-printed variants and skim reads (`*_skim`: a few fields of a large
//! document); both directions, time and allocations per call.
//!
//! `BENCH_QUICK=1` for a short run; arguments filter rows by `payload/direction/method`
//! substring (`cargo bench -p json-benches -- twitter/de`). Prints a table per payload and a
//! summary, and writes `<target>/bench-results/results.csv`, `results.svg` and `summary.md`
//! (a filtered run writes them to `<target>/bench-results/filtered/`, leaving the full run's).
//! The second configuration builds into its own target dir, so its results land there:
//! `RUSTFLAGS="-C target-cpu=native" CARGO_TARGET_DIR=target/native cargo bench`.

use std::time::Instant;

use json_benches::suite::{self, Suite};
use json_benches::{chart, corpora, paths, report, summary, users, Config, CountingAlloc};

#[global_allocator]
static ALLOC: CountingAlloc = CountingAlloc;

fn main() {
    let cfg = Config::from_env();
    let started = Instant::now();
    let settings = cfg.describe();
    println!("FastJson benchmarks on {}", suite::machine());
    println!("build: {}", suite::build_config());
    println!("{settings}");
    for peer in suite::peers() {
        println!("peer: {peer}");
    }
    println!(
        "time/call: median; MB/s: 10^6 bytes/s of input (de) or output (ser); allocs and bytes per \
         call: counting allocator, separate loop; ratio: time / serde_json's time for the same \
         payload and direction (lower is faster); speedup = 1/ratio; ±: half the interquartile \
         range of the samples"
    );
    let mut suite = Suite::new(cfg);

    // Each group registers and measures its payloads; add new groups here, one call each.
    corpora::run(&mut suite);
    users::run(&mut suite);
    suite.rows.extend(json_benches::bridge::run(&suite.cfg));

    json_benches::streams::run(&suite.cfg, &mut suite.rows);

    let elapsed = started.elapsed().as_secs_f64();
    let summary_text = summary::lines(&suite.rows) + &summary::stream_lines(&suite.rows);
    let unsupported = summary::unsupported_lines(&suite.unsupported);
    println!(
        "\n== summary: speed relative to serde_json (default features), {}",
        suite::build_config()
    );
    print!("{summary_text}{unsupported}");
    write_results(&suite, &settings, &summary_text, &unsupported, elapsed);
}

/// Writes results.csv, results.svg and summary.md into the target dir's bench-results/ (its
/// filtered/ subdirectory when filters selected the rows).
fn write_results(
    suite: &Suite,
    settings: &str,
    summary_text: &str,
    unsupported: &str,
    elapsed: f64,
) {
    let dir = match paths::results_dir_for(!suite.cfg.filters.is_empty()) {
        Ok(dir) => dir,
        Err(e) => {
            eprintln!("cannot create the results directory: {e}");
            std::process::exit(1);
        }
    };
    let csv_path = dir.join("results.csv");
    let svg_path = dir.join("results.svg");
    let md_path = dir.join("summary.md");
    let subtitle = format!(
        "{}; {}; {settings}",
        suite::machine(),
        suite::build_config()
    );
    let svg = chart::svg(
        "FastJson vs serde_json, sonic-rs, simd-json, simd-json-derive: speed relative to serde_json (longer is faster)",
        &subtitle,
        &suite.rows,
    );
    let md = format!(
        "{subtitle}\n\n```text\n{summary_text}{unsupported}```\n\n{}",
        summary::markdown_table(&suite.rows)
    );
    for (path, result) in [
        (&csv_path, report::write_csv(&csv_path, &suite.rows)),
        (&svg_path, std::fs::write(&svg_path, svg)),
        (&md_path, std::fs::write(&md_path, md)),
    ] {
        if let Err(e) = result {
            eprintln!("cannot write {}: {e}", path.display());
            std::process::exit(1);
        }
    }
    println!(
        "\n{} rows in {elapsed:.1} s; wrote {}, {} and {}",
        suite.rows.len(),
        csv_path.display(),
        svg_path.display(),
        md_path.display()
    );
}
