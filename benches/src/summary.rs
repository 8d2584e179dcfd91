//! The summary under the tables: per direction, FastJson's and each peer's speed relative to
//! serde_json (geometric mean over payloads, and FastJson's minimum with its payload), the
//! per-payload ratios with the best peer, and the cells peers leave empty.
//!
//! Write: `fastjson_pooled` against `serde_json_reuse` (both reuse their buffer); peers against
//! `serde_json_reuse` too. Read: `fastjson` and the peers against `serde_json`.

use std::fmt::Write as _;

use crate::report::{Direction, Row};

/// The baseline and FastJson's method for one direction, and the peers' methods.
pub struct Pairing {
    pub direction: Direction,
    pub baseline: &'static str,
    pub fastjson: &'static str,
    pub peers: &'static [&'static str],
}

pub const PAIRINGS: [Pairing; 2] = [
    Pairing {
        direction: Direction::Ser,
        baseline: "serde_json_reuse",
        fastjson: "fastjson_pooled",
        peers: &["sonic_rs", "simd_json_derive"],
    },
    Pairing {
        direction: Direction::De,
        baseline: "serde_json",
        fastjson: "fastjson",
        peers: &["sonic_rs", "simd_json", "simd_json_derive"],
    },
];

/// `baseline time / method time` for `payload` (above 1: faster than the baseline).
pub fn speedup(
    rows: &[Row],
    payload: &str,
    direction: Direction,
    method: &str,
    baseline: &str,
) -> Option<f64> {
    let time = |m: &str| {
        rows.iter()
            .find(|r| r.payload == payload && r.direction == direction && r.method == m)
            .map(|r| r.ns_per_op)
            .filter(|t| t.is_finite() && *t > 0.0)
    };
    Some(time(baseline)? / time(method)?)
}

/// The geometric mean of `xs` (NaN when empty).
pub fn geomean(xs: &[f64]) -> f64 {
    if xs.is_empty() {
        return f64::NAN;
    }
    (xs.iter().map(|x| x.ln()).sum::<f64>() / xs.len() as f64).exp()
}

/// Payload names in order of first appearance.
pub fn payloads(rows: &[Row]) -> Vec<&str> {
    let mut out: Vec<&str> = Vec::new();
    for r in rows {
        if !out.contains(&r.payload.as_str()) {
            out.push(&r.payload);
        }
    }
    out
}

/// One method's speedups over the payloads that have it: `(payload, speedup)`.
fn series<'r>(rows: &'r [Row], p: &Pairing, method: &str) -> Vec<(&'r str, f64)> {
    payloads(rows)
        .into_iter()
        .filter_map(|name| Some((name, speedup(rows, name, p.direction, method, p.baseline)?)))
        .collect()
}

/// The summary lines (plain text, one per direction and method).
pub fn lines(rows: &[Row]) -> String {
    let mut s = String::new();
    for p in &PAIRINGS {
        let dir = p.direction.as_str();
        let fast = series(rows, p, p.fastjson);
        if fast.is_empty() {
            continue;
        }
        let values: Vec<f64> = fast.iter().map(|(_, x)| *x).collect();
        let (min_payload, min) = fast
            .iter()
            .copied()
            .min_by(|a, b| a.1.total_cmp(&b.1))
            .unwrap_or(("-", f64::NAN));
        let _ = writeln!(
            s,
            "{dir} {} vs {}: geometric mean {:.2}x over {} payloads; minimum {min:.2}x ({min_payload})",
            p.fastjson,
            p.baseline,
            geomean(&values),
            fast.len()
        );
        for peer in p.peers {
            let peer_series = series(rows, p, peer);
            if peer_series.is_empty() {
                continue;
            }
            let names: Vec<&str> = peer_series.iter().map(|(n, _)| *n).collect();
            let peer_values: Vec<f64> = peer_series.iter().map(|(_, x)| *x).collect();
            let fast_same: Vec<f64> = fast
                .iter()
                .filter(|(n, _)| names.contains(n))
                .map(|(_, x)| *x)
                .collect();
            let _ = writeln!(
                s,
                "{dir} {peer} vs {}: geometric mean {:.2}x over {} payloads (FastJson on the same payloads: {:.2}x)",
                p.baseline,
                geomean(&peer_values),
                peer_series.len(),
                geomean(&fast_same)
            );
        }
    }
    s
}

/// The stream rows' lines: per payload, each buffered reader's time over the slice reader's on
/// the same bytes (lower is better; the streams' promise is within 10%), and JSON Lines read
/// against serde_json line by line (`serde_json_lines`, a `BufReader` and `from_slice` per line).
pub fn stream_lines(rows: &[Row]) -> String {
    const PAIRS: [(&str, &str, &str, &str); 3] = [
        (
            "fastjson_lines_reader",
            "fastjson_lines_slice",
            "lines_from_reader",
            "lines_from_slice",
        ),
        (
            "fastjson_lines",
            "fastjson_lines_slice",
            "lines_from_reader",
            "lines_from_slice",
        ),
        (
            "fastjson_array_reader",
            "fastjson_from_slice_vec",
            "array_from_reader",
            "from_slice::<Vec<T>>",
        ),
    ];
    let de = Direction::De;
    let mut s = String::new();
    for name in payloads(rows) {
        let parts: Vec<String> = PAIRS
            .iter()
            .filter_map(|(reader, slice, r, sl)| {
                // `speedup(slice, reader)` is the reader's time over the slice reader's.
                let t = speedup(rows, name, de, slice, reader)?;
                Some(format!("{r} {t:.2}x the time of {sl}"))
            })
            .collect();
        if !parts.is_empty() {
            let _ = writeln!(s, "stream {name}: {}", parts.join("; "));
        }
        for (method, what) in [
            ("fastjson_lines", "lines_from_reader"),
            ("fastjson_lines_slice", "lines_from_slice"),
        ] {
            if let Some(x) = speedup(rows, name, de, method, "serde_json_lines") {
                let _ = writeln!(
                    s,
                    "stream {name}: {what} {x:.2}x serde_json line by line (from_slice per line)"
                );
            }
        }
    }
    s
}

/// The best peer for a payload and direction: `(method, speedup)`.
fn best_peer(rows: &[Row], payload: &str, p: &Pairing) -> Option<(&'static str, f64)> {
    p.peers
        .iter()
        .filter_map(|m| Some((*m, speedup(rows, payload, p.direction, m, p.baseline)?)))
        .max_by(|a, b| a.1.total_cmp(&b.1))
}

/// The per-payload table in Markdown: FastJson's speedups and the best peer's, per direction.
pub fn markdown_table(rows: &[Row]) -> String {
    let mut s = String::from(
        "| payload | write: FastJson | write: best peer | read: FastJson | read: best peer |\n\
         | --- | --- | --- | --- | --- |\n",
    );
    let cell = |x: Option<f64>| x.map_or("–".to_owned(), |x| format!("{x:.2}x"));
    let peer = |b: Option<(&str, f64)>| b.map_or("–".to_owned(), |(m, x)| format!("{m} {x:.2}x"));
    for name in payloads(rows) {
        let [ser, de] = &PAIRINGS;
        let _ = writeln!(
            s,
            "| {name} | {} | {} | {} | {} |",
            cell(speedup(
                rows,
                name,
                ser.direction,
                ser.fastjson,
                ser.baseline
            )),
            peer(best_peer(rows, name, ser)),
            cell(speedup(rows, name, de.direction, de.fastjson, de.baseline)),
            peer(best_peer(rows, name, de)),
        );
    }
    s
}

/// The cells a peer leaves empty, one line per payload and peer.
pub fn unsupported_lines(unsupported: &[(String, String, String)]) -> String {
    let mut s = String::new();
    for (payload, method, why) in unsupported {
        let _ = writeln!(s, "note: no {method} cells for {payload}: {why}");
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::fill_ratios;
    use crate::Measurement;

    fn row(payload: &str, direction: Direction, method: &str, ns: f64) -> Row {
        let m = Measurement {
            ns_per_op: ns,
            spread: 0.0,
            samples: 1,
            calls_per_sample: 1,
            allocs_per_op: 0.0,
            bytes_per_op: 0.0,
        };
        Row::new(payload, direction, method, &m, 100)
    }

    #[test]
    fn geometric_means_minimum_and_best_peer() {
        let (ser, de) = (Direction::Ser, Direction::De);
        let mut rows = vec![
            row("a", ser, "serde_json_reuse", 400.0),
            row("a", ser, "fastjson_pooled", 100.0),
            row("a", ser, "sonic_rs", 200.0),
            row("a", de, "serde_json", 100.0),
            row("a", de, "fastjson", 50.0),
            row("a", de, "simd_json", 80.0),
            row("b", ser, "serde_json_reuse", 100.0),
            row("b", ser, "fastjson_pooled", 100.0),
            row("b", de, "serde_json", 100.0),
            row("b", de, "fastjson", 25.0),
            row("b", de, "simd_json_derive", 50.0),
        ];
        fill_ratios(&mut rows);
        let text = lines(&rows);
        // Write: 4x and 1x -> 2x; the minimum is b.
        assert!(text.contains("ser fastjson_pooled vs serde_json_reuse: geometric mean 2.00x over 2 payloads; minimum 1.00x (b)"), "{text}");
        assert!(text.contains("ser sonic_rs vs serde_json_reuse: geometric mean 2.00x over 1 payloads (FastJson on the same payloads: 4.00x)"), "{text}");
        // Read: 2x and 4x -> 2.83x.
        assert!(text.contains("de fastjson vs serde_json: geometric mean 2.83x over 2 payloads; minimum 2.00x (a)"), "{text}");
        assert!(
            text.contains(
                "de simd_json_derive vs serde_json: geometric mean 2.00x over 1 payloads"
            ),
            "{text}"
        );
        let table = markdown_table(&rows);
        assert!(stream_lines(&rows).is_empty());
        assert!(
            table.contains("| a | 4.00x | sonic_rs 2.00x | 2.00x | simd_json 1.25x |"),
            "{table}"
        );
        assert!(
            table.contains("| b | 1.00x | – | 4.00x | simd_json_derive 2.00x |"),
            "{table}"
        );
    }

    #[test]
    fn stream_lines_compare_readers_with_slices() {
        let de = Direction::De;
        let mut rows = vec![
            row("stream_short", de, "serde_json", 300.0),
            row("stream_short", de, "fastjson_lines_slice", 100.0),
            row("stream_short", de, "fastjson_lines_reader", 105.0),
            row("stream_short", de, "fastjson_from_slice_vec", 80.0),
            row("stream_short", de, "fastjson_array_reader", 100.0),
            row("jsonl", de, "serde_json_lines", 220.0),
            row("jsonl", de, "fastjson_lines", 110.0),
            row("jsonl", de, "fastjson_lines_slice", 100.0),
        ];
        fill_ratios(&mut rows);
        let text = stream_lines(&rows);
        assert!(
            text.contains("stream stream_short: lines_from_reader 1.05x the time of lines_from_slice; array_from_reader 1.25x the time of from_slice::<Vec<T>>\n"),
            "{text}"
        );
        assert!(
            text.contains("stream jsonl: lines_from_reader 1.10x the time of lines_from_slice\n"),
            "{text}"
        );
        assert!(
            text.contains("stream jsonl: lines_from_reader 2.00x serde_json line by line (from_slice per line)\n"),
            "{text}"
        );
        assert!(
            text.contains("stream jsonl: lines_from_slice 2.20x serde_json line by line"),
            "{text}"
        );
    }
}
