//! Structured log events: messages with newlines, quotes, tabs, ANSI colour escapes (written
//! `\u001b`) and non-ASCII text, string maps of fields, an optional span.

use super::rng::Rng;
use json_runtime::FastJson;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The whole document: a page of events from a log store.
pub type Logs = Vec<LogEvent>;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
#[cfg_attr(
    feature = "simd-json-derive",
    derive(simd_json_derive::Serialize, simd_json_derive::Deserialize)
)]
pub struct LogEvent {
    pub timestamp: String,
    pub level: Level,
    pub target: String,
    pub message: String,
    pub fields: BTreeMap<String, String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub span: Option<Span>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, FastJson)]
#[cfg_attr(
    feature = "simd-json-derive",
    derive(simd_json_derive::Serialize, simd_json_derive::Deserialize)
)]
pub enum Level {
    Trace,
    Debug,
    Info,
    Warn,
    Error,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
#[cfg_attr(
    feature = "simd-json-derive",
    derive(simd_json_derive::Serialize, simd_json_derive::Deserialize)
)]
pub struct Span {
    pub name: String,
    pub id: u64,
}

const TARGETS: &[&str] = &[
    "api::http::server",
    "api::auth",
    "db::pool",
    "worker::queue",
    "cache::redis",
];
const WORDS: &[&str] = &[
    "request",
    "finished",
    "connection",
    "reset",
    "by",
    "peer",
    "retrying",
    "user",
    "not",
    "found",
    "timeout",
    "élève",
    "naïve",
    "Grüße",
    "café",
    "заказ",
    "обработан",
    "東京",
    "処理",
    "完了",
    "🚀",
    "✓",
    "→",
    "queue",
    "depth",
    "slow",
    "query",
];
const PATHS: &[&str] = &[
    "/api/v2/orders",
    "/api/v2/users/me",
    "/health",
    "/search?q=\"rust json\"",
    "/files/C:\\temp\\report.pdf",
];

/// `n` events.
pub fn generate(n: usize) -> Logs {
    let mut rng = Rng::new(0x10_6e_7e);
    (0..n)
        .map(|i| {
            let level = match rng.below(10) {
                0 => Level::Error,
                1 | 2 => Level::Warn,
                3 => Level::Debug,
                4 => Level::Trace,
                _ => Level::Info,
            };
            let words = rng.range(4, 14) as usize;
            let mut message = rng.sentence(WORDS, words);
            match rng.below(5) {
                0 => message.push_str(&format!(
                    "\n  caused by: \"{}\"\n\tat line {}",
                    rng.sentence(WORDS, 3),
                    rng.below(500)
                )),
                1 => message = format!("\u{1b}[31m{message}\u{1b}[0m"),
                2 => message.push_str(" (retry 1/3)\r\n"),
                _ => {}
            }
            let mut fields = BTreeMap::new();
            fields.insert("request_id".to_owned(), rng.hex(16));
            fields.insert(
                "method".to_owned(),
                (*rng.pick(&["GET", "POST", "PUT"])).to_owned(),
            );
            fields.insert("path".to_owned(), (*rng.pick(PATHS)).to_owned());
            if rng.chance(0.5) {
                fields.insert(
                    "user".to_owned(),
                    format!("user{}@example.com", rng.below(5000)),
                );
            }
            if rng.chance(0.3) {
                fields.insert("latency_ms".to_owned(), rng.below(3000).to_string());
            }
            LogEvent {
                timestamp: rng.timestamp(6),
                level,
                target: (*rng.pick(TARGETS)).to_owned(),
                message,
                fields,
                span: rng.chance(0.4).then(|| Span {
                    name: (*rng.pick(&["handle_request", "checkout", "sync_inventory"])).to_owned(),
                    id: i as u64 * 7919 + rng.below(7919),
                }),
            }
        })
        .collect()
}
