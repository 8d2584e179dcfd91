//! Many tiny documents: click-stream rows of ~150 bytes, written and read as JSON Lines (one
//! document per line, each read on its own).

use super::rng::Rng;
use json_runtime::FastJson;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
#[cfg_attr(
    feature = "simd-json-derive",
    derive(simd_json_derive::Serialize, simd_json_derive::Deserialize)
)]
pub struct Click {
    pub ts: u64,
    pub user: u32,
    pub session: String,
    pub event: String,
    pub path: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub referrer: Option<String>,
    pub dur_ms: u32,
    pub ok: bool,
}

/// `n` rows.
pub fn generate(n: usize) -> Vec<Click> {
    let mut rng = Rng::new(0x000c_11c5);
    let mut ts = 1_735_689_600_000u64;
    (0..n)
        .map(|_| {
            ts += rng.below(400);
            Click {
                ts,
                user: rng.below(100_000) as u32,
                session: rng.hex(16),
                event: (*rng.pick(&["page_view", "click", "scroll", "add_to_cart"])).to_owned(),
                path: format!(
                    "/{}/{}",
                    rng.pick(&["shop", "blog", "account", "cart"]),
                    rng.below(1000)
                ),
                referrer: rng.chance(0.3).then(|| {
                    (*rng.pick(&["https://www.google.com/", "https://news.ycombinator.com/"]))
                        .to_owned()
                }),
                dur_ms: rng.below(20_000) as u32,
                ok: !rng.chance(0.02),
            }
        })
        .collect()
}

/// The rows as JSON Lines (compact, one per line, each followed by `\n`), the way
/// `serde_json` writes them.
pub fn lines<F: FnMut(&Click) -> Vec<u8>>(rows: &[Click], mut write: F) -> Vec<u8> {
    let mut out = Vec::new();
    for row in rows {
        out.extend_from_slice(&write(row));
        out.push(b'\n');
    }
    out
}
