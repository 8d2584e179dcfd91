//! Record streams: the same records as JSON Lines (one per line) and as one top-level array,
//! in four shapes, for the stream readers' benches and tests.
//!
//! - [`Shape::Short`]: ~50-byte lines of four scalar fields.
//! - [`Shape::Log`]: ~250-byte log records: an internally tagged enum, a
//!   `BTreeMap<String, String>`, optional fields, a few short strings.
//! - [`Shape::Long`]: ~50 KB lines: a batch holding a `Vec` of ~700 small objects.
//! - [`Shape::Escaped`]: ~200-byte lines whose strings hold escapes (`\n`, `\"`, `\\`, `\t`,
//!   control characters written `\u00XX`) and non-ASCII text.

use super::rng::Rng;
use json_runtime::{FastJson, JsonBuffer, ToJson};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// A short line: `{"id":123456,"ok":true,"host":"web-07","ms":12.5}`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
pub struct Ping {
    pub id: u64,
    pub ok: bool,
    pub host: String,
    pub ms: f64,
}

/// A log record, tagged by `kind`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum LogRecord {
    Request {
        ts: String,
        method: String,
        path: String,
        status: u16,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        user: Option<String>,
        latency_ms: f64,
        labels: BTreeMap<String, String>,
    },
    Job {
        ts: String,
        queue: String,
        attempt: u32,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        error: Option<String>,
        labels: BTreeMap<String, String>,
    },
    Audit {
        ts: String,
        actor: String,
        action: String,
        target: Option<String>,
        labels: BTreeMap<String, String>,
    },
}

/// A long line: a batch of items.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
pub struct Batch {
    pub id: u64,
    pub source: String,
    pub items: Vec<Item>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
pub struct Item {
    pub sku: String,
    pub qty: u32,
    pub price: f64,
    pub tags: Vec<String>,
}

/// A line of text with escapes and non-ASCII characters.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
pub struct Note {
    pub id: u64,
    pub author: String,
    pub title: String,
    pub body: String,
}

/// The record shapes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shape {
    Short,
    Log,
    Long,
    Escaped,
}

impl Shape {
    pub const ALL: [Shape; 4] = [Shape::Short, Shape::Log, Shape::Long, Shape::Escaped];

    /// A short name, for row and payload names.
    pub fn name(self) -> &'static str {
        match self {
            Shape::Short => "short",
            Shape::Log => "log",
            Shape::Long => "long",
            Shape::Escaped => "escaped",
        }
    }

    /// How many records make about `bytes` of JSON Lines (at least 1).
    pub fn count_for(self, bytes: usize) -> usize {
        let per = match self {
            Shape::Short => 50,
            Shape::Log => 250,
            Shape::Long => 50_000,
            Shape::Escaped => 200,
        };
        (bytes / per).max(1)
    }
}

const HOSTS: &[&str] = &["web-01", "web-07", "db-2", "cache", "edge-eu"];
const METHODS: &[&str] = &["GET", "POST", "PUT", "DELETE"];
const QUEUES: &[&str] = &["mail", "billing", "thumbnails", "reindex"];
const ACTIONS: &[&str] = &["login", "logout", "grant", "revoke", "delete"];
const WORDS: &[&str] = &[
    "a",
    "quoted \"word\"",
    "back\\slash",
    "tab\there",
    "line\nbreak",
    "café",
    "naïve",
    "Grüße",
    "заказ",
    "東京",
    "完了",
    "🚀",
    "✓",
    "bell\u{7}",
    "esc\u{1b}[0m",
    "plain",
    "text",
    "ok",
];
const TAGS: &[&str] = &["new", "sale", "bulk", "fragile", "eu", "us"];

pub fn pings(n: usize) -> Vec<Ping> {
    let mut rng = Rng::new(0x5107);
    (0..n)
        .map(|i| Ping {
            id: 100_000 + i as u64,
            ok: rng.chance(0.9),
            host: (*rng.pick(HOSTS)).to_owned(),
            ms: rng.decimal(0.0, 100.0, 3),
        })
        .collect()
}

fn labels(rng: &mut Rng) -> BTreeMap<String, String> {
    let mut m = BTreeMap::new();
    m.insert(
        "region".to_owned(),
        (*rng.pick(&["eu-west", "us-east", "ap"])).to_owned(),
    );
    m.insert("trace".to_owned(), rng.hex(16));
    if rng.chance(0.5) {
        m.insert("host".to_owned(), (*rng.pick(HOSTS)).to_owned());
    }
    if rng.chance(0.3) {
        m.insert(
            "build".to_owned(),
            format!("v1.{}.{}", rng.below(40), rng.below(10)),
        );
    }
    m
}

pub fn log_records(n: usize) -> Vec<LogRecord> {
    let mut rng = Rng::new(0x106_4ec);
    (0..n)
        .map(|_| match rng.below(10) {
            0..=5 => LogRecord::Request {
                ts: rng.timestamp(3),
                method: (*rng.pick(METHODS)).to_owned(),
                path: format!("/api/v1/items/{}/detail", rng.below(1 << 20)),
                status: *rng.pick(&[200, 200, 201, 304, 404, 500]),
                user: rng
                    .chance(0.6)
                    .then(|| format!("user{}@example.com", rng.below(5000))),
                latency_ms: rng.decimal(0.0, 2000.0, 3),
                labels: labels(&mut rng),
            },
            6..=8 => LogRecord::Job {
                ts: rng.timestamp(3),
                queue: (*rng.pick(QUEUES)).to_owned(),
                attempt: rng.below(5) as u32,
                error: rng.chance(0.3).then(|| "timeout after 30 s".to_owned()),
                labels: labels(&mut rng),
            },
            _ => LogRecord::Audit {
                ts: rng.timestamp(3),
                actor: format!("admin{}", rng.below(50)),
                action: (*rng.pick(ACTIONS)).to_owned(),
                target: rng.chance(0.5).then(|| format!("user{}", rng.below(5000))),
                labels: labels(&mut rng),
            },
        })
        .collect()
}

pub fn batches(n: usize) -> Vec<Batch> {
    let mut rng = Rng::new(0xba7c4);
    (0..n)
        .map(|i| Batch {
            id: i as u64,
            source: format!("warehouse-{}", rng.below(20)),
            items: (0..700 + rng.below(100) as usize)
                .map(|_| Item {
                    sku: format!("SKU-{:06}", rng.below(1_000_000)),
                    qty: rng.below(500) as u32,
                    price: rng.decimal(0.0, 1000.0, 2),
                    tags: (0..rng.below(3))
                        .map(|_| (*rng.pick(TAGS)).to_owned())
                        .collect(),
                })
                .collect(),
        })
        .collect()
}

pub fn notes(n: usize) -> Vec<Note> {
    let mut rng = Rng::new(0x4073);
    (0..n)
        .map(|i| Note {
            id: i as u64,
            author: (*rng.pick(&["Zoë", "José", "Иван", "李雷", "ann"])).to_owned(),
            title: rng.sentence(WORDS, 3),
            body: rng.sentence(WORDS, 14),
        })
        .collect()
}

/// `records` as JSON Lines, each line ended by `\n`.
pub fn to_lines<T: ToJson>(records: &[T]) -> Vec<u8> {
    let mut out = Vec::new();
    let mut buf = JsonBuffer::new();
    for r in records {
        out.extend_from_slice(buf.write(r).expect("records are writable"));
        out.push(b'\n');
    }
    out
}

/// `records` as one array, `[r0,r1,...]`.
pub fn to_array<T: ToJson>(records: &[T]) -> Vec<u8> {
    json_runtime::to_vec(records).expect("records are writable")
}

/// About `bytes` of JSON Lines of `shape`, and the same records as one array.
pub fn lines_and_array(shape: Shape, bytes: usize) -> (Vec<u8>, Vec<u8>) {
    let n = shape.count_for(bytes);
    match shape {
        Shape::Short => both(&pings(n)),
        Shape::Log => both(&log_records(n)),
        Shape::Long => both(&batches(n)),
        Shape::Escaped => both(&notes(n)),
    }
}

fn both<T: ToJson>(records: &[T]) -> (Vec<u8>, Vec<u8>) {
    (to_lines(records), to_array(records))
}
