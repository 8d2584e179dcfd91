//! Result rows, the per-payload tables printed on stdout, and `results.csv`.

use std::fmt::Write as _;
use std::io::Write as _;
use std::path::Path;

use crate::Measurement;

/// The CSV header; its column set and order are fixed (other tools read the file).
pub const CSV_HEADER: &str =
    "payload,direction,method,ns_per_op,mb_per_s,allocs_per_op,bytes_per_op,ratio_vs_serde_json";

/// The method every ratio is taken against.
pub const BASELINE: &str = "serde_json";

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Direction {
    Ser,
    De,
}

impl Direction {
    pub fn as_str(self) -> &'static str {
        match self {
            Direction::Ser => "ser",
            Direction::De => "de",
        }
    }
}

/// One payload × direction × method result.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    /// The payload's file stem (`twitter`, `order_1k`).
    pub payload: String,
    pub direction: Direction,
    pub method: String,
    pub ns_per_op: f64,
    /// Throughput in 10^6 bytes per second: input bytes for reads, output bytes for writes.
    pub mb_per_s: f64,
    pub allocs_per_op: f64,
    pub bytes_per_op: f64,
    /// This row's time over the `serde_json` row's time for the same payload and direction
    /// (below 1 is faster); NaN until [`fill_ratios`] runs or if there is no baseline.
    pub ratio_vs_serde_json: f64,
    /// The measurement's interquartile range over its median (shown in the table only).
    pub spread: f64,
    /// Shown under the table (e.g. "output differs from serde_json").
    pub note: Option<String>,
}

impl Row {
    /// A row from a measurement; `bytes` is what one call reads or writes.
    pub fn new(
        payload: &str,
        direction: Direction,
        method: &str,
        m: &Measurement,
        bytes: usize,
    ) -> Self {
        Row {
            payload: payload.to_owned(),
            direction,
            method: method.to_owned(),
            ns_per_op: m.ns_per_op,
            mb_per_s: bytes as f64 / m.ns_per_op * 1e3,
            allocs_per_op: m.allocs_per_op,
            bytes_per_op: m.bytes_per_op,
            ratio_vs_serde_json: f64::NAN,
            spread: m.spread,
            note: None,
        }
    }

    /// `payload/direction/method`, the name filters match against.
    pub fn id(&self) -> String {
        format!(
            "{}/{}/{}",
            self.payload,
            self.direction.as_str(),
            self.method
        )
    }

    /// How many times faster than the baseline (the inverse of the ratio).
    pub fn speedup(&self) -> f64 {
        1.0 / self.ratio_vs_serde_json
    }
}

/// Sets each row's ratio against the `serde_json` row of the same payload and direction.
pub fn fill_ratios(rows: &mut [Row]) {
    let baselines: Vec<(String, Direction, f64)> = rows
        .iter()
        .filter(|r| r.method == BASELINE)
        .map(|r| (r.payload.clone(), r.direction, r.ns_per_op))
        .collect();
    for row in rows.iter_mut() {
        row.ratio_vs_serde_json = baselines
            .iter()
            .find(|(p, d, _)| *p == row.payload && *d == row.direction)
            .map_or(f64::NAN, |(_, _, base)| row.ns_per_op / base);
    }
}

/// `1.23 µs`, `456.7 ns`, `12.34 ms`.
pub fn format_time(ns: f64) -> String {
    if ns >= 1e6 {
        format!("{:.2} ms", ns / 1e6)
    } else if ns >= 1e3 {
        format!("{:.2} µs", ns / 1e3)
    } else {
        format!("{ns:.1} ns")
    }
}

/// `0 B`, `312 B`, `4.6 kB`, `1.22 MB` (powers of 10).
pub fn format_bytes(bytes: f64) -> String {
    if bytes >= 1e6 {
        format!("{:.2} MB", bytes / 1e6)
    } else if bytes >= 1e4 {
        format!("{:.1} kB", bytes / 1e3)
    } else {
        format!("{bytes:.0} B")
    }
}

/// Whole counts as integers, fractional ones with two decimals.
pub fn format_count(n: f64) -> String {
    if (n - n.round()).abs() < 0.005 {
        format!("{n:.0}")
    } else {
        format!("{n:.2}")
    }
}

/// The table for one payload: a header line, then one line per row, then notes.
pub fn table(title: &str, rows: &[&Row], failures: &[(String, String)]) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "\n{title}");
    let _ = writeln!(
        s,
        "{:<3} {:<30} {:>11} {:>9} {:>11} {:>10} {:>8} {:>8} {:>6}",
        "dir", "method", "time/call", "MB/s", "allocs/call", "bytes/call", "ratio", "speedup", "±"
    );
    for r in rows {
        let _ = writeln!(
            s,
            "{:<3} {:<30} {:>11} {:>9.1} {:>11} {:>10} {:>8.3} {:>7.2}x {:>5.1}%",
            r.direction.as_str(),
            r.method,
            format_time(r.ns_per_op),
            r.mb_per_s,
            format_count(r.allocs_per_op),
            format_bytes(r.bytes_per_op),
            r.ratio_vs_serde_json,
            r.speedup(),
            r.spread * 50.0,
        );
    }
    for r in rows {
        if let Some(note) = &r.note {
            let _ = writeln!(s, "    note: {}: {note}", r.id());
        }
    }
    for (id, msg) in failures {
        let _ = writeln!(s, "    FAILED: {id}: {msg}");
    }
    s
}

/// The CSV text for `rows` (header included).
pub fn csv(rows: &[Row]) -> String {
    let mut s = String::from(CSV_HEADER);
    s.push('\n');
    for r in rows {
        let _ = writeln!(
            s,
            "{},{},{},{:.1},{:.1},{:.2},{:.1},{:.4}",
            r.payload,
            r.direction.as_str(),
            r.method,
            r.ns_per_op,
            r.mb_per_s,
            r.allocs_per_op,
            r.bytes_per_op,
            r.ratio_vs_serde_json,
        );
    }
    s
}

/// Writes [`csv`] to `path`.
pub fn write_csv(path: &Path, rows: &[Row]) -> std::io::Result<()> {
    let mut file = std::fs::File::create(path)?;
    file.write_all(csv(rows).as_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(payload: &str, direction: Direction, method: &str, ns: f64) -> Row {
        let m = Measurement {
            ns_per_op: ns,
            spread: 0.0,
            samples: 1,
            calls_per_sample: 1,
            allocs_per_op: 1.0,
            bytes_per_op: 64.0,
        };
        Row::new(payload, direction, method, &m, 1000)
    }

    #[test]
    fn ratios_are_per_payload_and_direction() {
        let mut rows = vec![
            row("a", Direction::Ser, "serde_json", 200.0),
            row("a", Direction::Ser, "fastjson", 50.0),
            row("a", Direction::De, "serde_json", 100.0),
            row("a", Direction::De, "fastjson", 50.0),
            row("b", Direction::De, "fastjson", 10.0),
        ];
        fill_ratios(&mut rows);
        assert_eq!(rows[1].ratio_vs_serde_json, 0.25);
        assert_eq!(rows[1].speedup(), 4.0);
        assert_eq!(rows[3].ratio_vs_serde_json, 0.5);
        assert!(rows[4].ratio_vs_serde_json.is_nan());
        // 1000 bytes in 50 ns = 20 GB/s.
        assert_eq!(rows[1].mb_per_s, 20_000.0);
    }

    #[test]
    fn csv_has_the_fixed_header_and_one_line_per_row() {
        let mut rows = vec![row("twitter", Direction::De, "serde_json", 1234.5)];
        fill_ratios(&mut rows);
        let text = csv(&rows);
        let mut lines = text.lines();
        assert_eq!(lines.next(), Some(CSV_HEADER));
        assert_eq!(
            lines.next(),
            Some("twitter,de,serde_json,1234.5,810.0,1.00,64.0,1.0000")
        );
        assert_eq!(lines.next(), None);
    }

    #[test]
    fn formats() {
        assert_eq!(format_time(512.0), "512.0 ns");
        assert_eq!(format_time(1_500.0), "1.50 µs");
        assert_eq!(format_time(2_500_000.0), "2.50 ms");
        assert_eq!(format_bytes(0.0), "0 B");
        assert_eq!(format_bytes(46_000.0), "46.0 kB");
        assert_eq!(format_count(3.0), "3");
        assert_eq!(format_count(0.5), "0.50");
    }
}
