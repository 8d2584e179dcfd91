//! The SVG bar chart written next to `results.csv`: one panel per payload and direction, one
//! bar per method, bar length = speed relative to serde_json (longer is faster).

use std::fmt::Write as _;

use crate::report::{format_count, Row};

const WIDTH: f64 = 1000.0;
const LABEL_W: f64 = 220.0;
const BAR_W: f64 = 520.0;
const ROW_H: f64 = 18.0;
const PANEL_GAP: f64 = 26.0;

/// Bar colour by library: a method name starts with its library's name.
fn colour(method: &str) -> &'static str {
    if method.starts_with("fastjson") {
        "#2b6cb0"
    } else if method.starts_with("sonic_rs") {
        "#dd6b20"
    } else if method.starts_with("simd_json_derive") {
        "#38a169"
    } else if method.starts_with("simd_json") {
        "#805ad5"
    } else {
        "#718096"
    }
}

/// Escapes text for SVG content and attribute values.
fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The whole chart as an SVG document.
pub fn svg(title: &str, subtitle: &str, rows: &[Row]) -> String {
    // Panels in order of first appearance.
    let mut panels: Vec<(&str, &str, Vec<&Row>)> = Vec::new();
    for row in rows.iter().filter(|r| r.ratio_vs_serde_json.is_finite()) {
        let dir = row.direction.as_str();
        match panels
            .iter_mut()
            .find(|(p, d, _)| *p == row.payload && *d == dir)
        {
            Some((_, _, list)) => list.push(row),
            None => panels.push((&row.payload, dir, vec![row])),
        }
    }

    let header_h = 84.0;
    let height = header_h
        + panels
            .iter()
            .map(|(_, _, list)| 22.0 + list.len() as f64 * ROW_H + PANEL_GAP)
            .sum::<f64>();

    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" viewBox="0 0 {WIDTH} {height}" font-family="sans-serif" font-size="12">"#
    );
    let _ = writeln!(s, r##"<rect width="100%" height="100%" fill="#ffffff"/>"##);
    let _ = writeln!(
        s,
        r#"<text x="16" y="26" font-size="18" font-weight="bold">{}</text>"#,
        esc(title)
    );
    let _ = writeln!(
        s,
        r##"<text x="16" y="46" fill="#4a5568">{}</text>"##,
        esc(subtitle)
    );
    // Legend.
    for (i, (name, method)) in [
        ("fastjson", "fastjson"),
        ("serde_json", "serde_json"),
        ("sonic-rs", "sonic_rs"),
        ("simd-json", "simd_json"),
        ("simd-json-derive", "simd_json_derive"),
    ]
    .iter()
    .enumerate()
    {
        let x = 16.0 + i as f64 * 130.0;
        let _ = writeln!(
            s,
            r#"<rect x="{x}" y="58" width="12" height="12" fill="{}"/><text x="{}" y="69">{name}</text>"#,
            colour(method),
            x + 18.0
        );
    }

    let mut y = header_h;
    for (payload, dir, list) in &panels {
        let what = if *dir == "ser" {
            "serialize"
        } else {
            "deserialize"
        };
        let _ = writeln!(
            s,
            r#"<text x="16" y="{}" font-size="14" font-weight="bold">{} · {what}</text>"#,
            y + 14.0,
            esc(payload)
        );
        y += 22.0;
        let max = list.iter().map(|r| r.speedup()).fold(1.0f64, f64::max);
        let scale = BAR_W / max;
        let top = y;
        for r in list {
            let w = (r.speedup() * scale).max(1.0);
            let _ = writeln!(
                s,
                r#"<text x="{}" y="{}" text-anchor="end">{}</text>"#,
                LABEL_W - 8.0,
                y + 13.0,
                esc(&r.method)
            );
            let _ = writeln!(
                s,
                r#"<rect x="{LABEL_W}" y="{}" width="{w:.1}" height="{}" fill="{}"><title>{}: {:.1} ns/call</title></rect>"#,
                y + 2.0,
                ROW_H - 4.0,
                colour(&r.method),
                esc(&r.id()),
                r.ns_per_op
            );
            let _ = writeln!(
                s,
                r##"<text x="{}" y="{}" fill="#2d3748">{:.2}x · {:.0} MB/s · {} allocs</text>"##,
                LABEL_W + w + 6.0,
                y + 13.0,
                r.speedup(),
                r.mb_per_s,
                format_count(r.allocs_per_op)
            );
            y += ROW_H;
        }
        // The serde_json line (speed 1.0).
        let x1 = LABEL_W + scale;
        let _ = writeln!(
            s,
            r##"<line x1="{x1:.1}" y1="{top}" x2="{x1:.1}" y2="{y}" stroke="#1a202c" stroke-dasharray="3,3"/>"##
        );
        y += PANEL_GAP;
    }
    s.push_str("</svg>\n");
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::{fill_ratios, Direction};
    use crate::Measurement;

    #[test]
    fn one_bar_per_row_and_escaped_text() {
        let m = |ns| Measurement {
            ns_per_op: ns,
            spread: 0.0,
            samples: 1,
            calls_per_sample: 1,
            allocs_per_op: 0.0,
            bytes_per_op: 0.0,
        };
        let mut rows = vec![
            Row::new("a<b", Direction::Ser, "serde_json", &m(100.0), 10),
            Row::new("a<b", Direction::Ser, "fastjson", &m(25.0), 10),
        ];
        fill_ratios(&mut rows);
        let doc = svg("t & t", "sub", &rows);
        assert!(doc.starts_with("<svg"));
        assert!(doc.trim_end().ends_with("</svg>"));
        assert!(doc.contains("t &amp; t"));
        assert!(doc.contains("a&lt;b · serialize"));
        assert_eq!(doc.matches("<title>").count(), 2);
        assert!(doc.contains("4.00x"));
    }
}
