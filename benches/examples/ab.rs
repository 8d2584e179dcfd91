//! A/B harness for the number, string and whitespace levers: FastJson against serde_json (its
//! default features) on float-heavy, string-heavy and pretty-printed data and skim reads,
//! alternating rounds in one process, medians. `AB_FILTER=word` selects payloads;
//! `AB_ONLY=fast|serde` runs only one side (for `perf stat` / callgrind instruction counts);
//! `AB_ROUNDS` sets the round count.
//!
//! `cargo run --release -p json-benches --example ab`

use json_payloads::data;
use json_payloads::generated::{api_repos, logs, non_ascii, sizes, sparse, timeline};
use json_payloads::payloads::extra::{
    apache_builds::Jenkins, github_events::Events, instruments::Module, marine_ik::Scene,
    update_center::UpdateCenter,
};
use json_payloads::payloads::{canada::Canada, skim, twitter::Twitter};
use json_runtime::{FastJson, FromJson, ToJson};
use serde::{de::DeserializeOwned, Deserialize, Serialize};
use std::collections::BTreeMap;
use std::hint::black_box;
use std::time::Instant;

#[derive(Serialize, Deserialize, FastJson, PartialEq, Debug)]
#[allow(non_snake_case)]
struct Mesh {
    batches: Vec<Batch>,
    morphTargets: BTreeMap<String, Vec<f64>>,
    positions: Vec<f64>,
    tex0: Vec<f64>,
    colors: Vec<u64>,
    influences: Vec<(f64, u32)>,
    normals: Vec<f64>,
    indices: Vec<u32>,
}

#[derive(Serialize, Deserialize, FastJson, PartialEq, Debug)]
#[allow(non_snake_case)]
struct Batch {
    indexRange: [u32; 2],
    vertexRange: [u32; 2],
    usedBones: Vec<u32>,
}

#[derive(Serialize, Deserialize, FastJson, PartialEq, Debug)]
struct RandomDoc {
    id: u64,
    jsonrpc: String,
    total: u64,
    result: Vec<Person>,
}

#[derive(Serialize, Deserialize, FastJson, PartialEq, Debug)]
#[serde(rename_all = "camelCase")]
struct Person {
    id: u64,
    avatar: String,
    age: u32,
    admin: bool,
    name: String,
    company: String,
    phone: String,
    email: String,
    birth_date: String,
    friends: Vec<Friend>,
    field: String,
}

#[derive(Serialize, Deserialize, FastJson, PartialEq, Debug)]
struct Friend {
    id: u64,
    name: String,
    phone: String,
}

#[derive(Serialize, Deserialize, FastJson, PartialEq, Debug)]
struct Telemetry {
    device: String,
    ts: u64,
    temp: f64,
    humidity: f64,
    lat: f64,
    lon: f64,
    samples: Vec<f64>,
    pos: [f64; 2],
}

/// splitmix64.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    fn unit(&mut self) -> f64 {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64
    }
}

/// Floats of every common form: full precision, 12-13 digits, short 2-decimal values,
/// negatives, exponent forms.
fn mixed_floats(n: usize, seed: u64) -> Vec<f64> {
    let mut rng = Rng(seed);
    (0..n)
        .map(|i| {
            let u = rng.unit();
            match i % 6 {
                0 => u * 360.0 - 180.0,                             // full precision
                1 => ((u * 1e12).round() / 1e12) * 100.0,           // ~12-14 digits
                2 => (u * 10000.0).round() / 100.0,                 // 2 decimals
                3 => -(u * 1e6).round() / 1e3,                      // negative 3 decimals
                4 => u * 10f64.powi((rng.next() % 40) as i32 - 20), // exponents
                _ => ((u * 1e6).round() / 1e6) * 10.0 - 5.0,        // 6-7 digits
            }
        })
        .collect()
}

fn telemetry(n: usize) -> Vec<Telemetry> {
    let mut rng = Rng(7);
    (0..n)
        .map(|i| Telemetry {
            device: format!("sensor-{i:05}"),
            ts: 1_700_000_000_000 + i as u64 * 997,
            temp: (rng.unit() * 6000.0).round() / 100.0 - 20.0,
            humidity: (rng.unit() * 10000.0).round() / 100.0,
            lat: rng.unit() * 180.0 - 90.0,
            lon: rng.unit() * 360.0 - 180.0,
            samples: (0..8).map(|_| rng.unit() * 2.0 - 1.0).collect(),
            pos: [
                (rng.unit() * 1e6).round() / 1e6,
                -(rng.unit() * 1e6).round() / 1e6,
            ],
        })
        .collect()
}

/// A document in Python's `json.dumps` default layout: `", "` and `": "` outside
/// strings, one line (key order kept).
fn python_style(input: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(input.len() * 5 / 4);
    let (mut in_str, mut escaped) = (false, false);
    for &b in input {
        if !in_str && b" \n\r\t".contains(&b) {
            continue;
        }
        out.push(b);
        if in_str {
            match b {
                _ if escaped => escaped = false,
                b'\\' => escaped = true,
                b'"' => in_str = false,
                _ => {}
            }
        } else if b == b'"' {
            in_str = true;
        } else if b == b',' || b == b':' {
            out.push(b' ');
        }
    }
    out
}

fn median(v: &mut [f64]) -> f64 {
    if v.is_empty() {
        return f64::NAN;
    }
    v.sort_by(|a, b| a.partial_cmp(b).unwrap());
    v[v.len() / 2]
}

struct Cfg {
    filter: Option<String>,
    only: Option<String>,
    rounds: usize,
    iters: Option<usize>,
}

fn time<F: FnMut()>(mut f: F, iters: usize) -> f64 {
    let t = Instant::now();
    for _ in 0..iters {
        f();
    }
    t.elapsed().as_secs_f64() / iters as f64
}

// Named, never inlined: callgrind's inclusive counts per function are the A/B figures.
#[inline(never)]
fn fast_read<T: for<'de> FromJson<'de>>(input: &[u8]) {
    drop(black_box(
        json_runtime::from_slice::<T>(black_box(input)).unwrap(),
    ));
}

#[inline(never)]
fn serde_read<T: DeserializeOwned>(input: &[u8]) {
    drop(black_box(
        serde_json::from_slice::<T>(black_box(input)).unwrap(),
    ));
}

#[inline(never)]
fn fast_write<T: ToJson>(value: &T, buf: &mut Vec<u8>, pretty: bool) {
    buf.clear();
    if pretty {
        value.write_json(&mut json_runtime::Writer::<json_runtime::Pretty>::new(buf));
    } else {
        value.write_json(&mut json_runtime::Writer::<json_runtime::Compact>::new(buf));
    }
    black_box(&buf);
}

#[inline(never)]
fn serde_write<T: Serialize>(value: &T, buf: &mut Vec<u8>, pretty: bool) {
    buf.clear();
    if pretty {
        serde_json::to_writer_pretty(&mut *buf, value).unwrap();
    } else {
        serde_json::to_writer(&mut *buf, value).unwrap();
    }
    black_box(&buf);
}

fn ab<T>(cfg: &Cfg, name: &str, input: &[u8], pretty: bool)
where
    T: Serialize + DeserializeOwned + ToJson + for<'de> FromJson<'de> + PartialEq + std::fmt::Debug,
{
    if let Some(f) = &cfg.filter {
        if !f.split(',').any(|f| f == name) {
            return;
        }
    }
    let value: T = json_runtime::from_slice(input).unwrap();
    let sv: T = serde_json::from_slice(input).unwrap();
    let _ = sv;
    let ours = if pretty {
        json_runtime::to_vec_pretty(&value).unwrap()
    } else {
        json_runtime::to_vec(&value).unwrap()
    };
    let theirs = if pretty {
        serde_json::to_vec_pretty(&value).unwrap()
    } else {
        serde_json::to_vec(&value).unwrap()
    };
    assert!(ours == theirs, "{name}: output differs");
    let iters = cfg
        .iters
        .unwrap_or((2_000_000 / input.len()).clamp(1, 2000));
    let mut buf_f = Vec::new();
    let mut buf_s = Vec::new();
    let mut rf = Vec::new();
    let mut rs = Vec::new();
    let mut wf = Vec::new();
    let mut ws = Vec::new();
    let fast = cfg.only.as_deref() != Some("serde");
    let serde = cfg.only.as_deref() != Some("fast");
    for _ in 0..cfg.rounds {
        if fast {
            rf.push(time(|| fast_read::<T>(input), iters));
            wf.push(time(|| fast_write(&value, &mut buf_f, pretty), iters));
        }
        if serde {
            rs.push(time(|| serde_read::<T>(input), iters));
            ws.push(time(|| serde_write(&value, &mut buf_s, pretty), iters));
        }
    }
    let (rf, rs, wf, ws) = (
        median(&mut rf),
        median(&mut rs),
        median(&mut wf),
        median(&mut ws),
    );
    println!(
        "{name:<18} read {:>8.1} µs vs {:>8.1} µs = {:>5.2}x   write {:>8.1} µs vs {:>8.1} µs = {:>5.2}x",
        rf * 1e6, rs * 1e6, rs / rf, wf * 1e6, ws * 1e6, ws / wf
    );
}

/// [`ab`] on a compact document of `data/extra`.
fn ab_extra<T>(cfg: &Cfg, name: &str, file: &str)
where
    T: Serialize + DeserializeOwned + ToJson + for<'de> FromJson<'de> + PartialEq + std::fmt::Debug,
{
    ab::<T>(cfg, name, &data::load("extra", file), false);
}

fn main() {
    let cfg = Cfg {
        filter: std::env::var("AB_FILTER").ok(),
        only: std::env::var("AB_ONLY").ok(),
        rounds: std::env::var("AB_ROUNDS")
            .ok()
            .and_then(|s| s.parse().ok())
            .unwrap_or(15),
        iters: std::env::var("AB_ITERS").ok().and_then(|s| s.parse().ok()),
    };
    let canada = data::corpus("canada.json");
    ab::<Canada>(&cfg, "canada", &canada, false);
    let mesh = data::load("extra", "mesh.json");
    ab::<Mesh>(&cfg, "mesh", &mesh, false);
    let mesh_v: Mesh = serde_json::from_slice(&mesh).unwrap();
    ab::<Mesh>(
        &cfg,
        "mesh_pretty",
        &serde_json::to_vec_pretty(&mesh_v).unwrap(),
        true,
    );
    ab_extra::<Vec<f64>>(&cfg, "numbers", "numbers.json");
    let floats = mixed_floats(100_000, 1);
    ab::<Vec<f64>>(
        &cfg,
        "mixed_floats",
        &serde_json::to_vec(&floats).unwrap(),
        false,
    );
    let pairs: Vec<[f64; 2]> = floats.chunks(2).map(|c| [c[0], c[1]]).collect();
    ab::<Vec<[f64; 2]>>(&cfg, "pairs", &serde_json::to_vec(&pairs).unwrap(), false);
    let full: Vec<f64> = {
        let mut r = Rng(3);
        (0..100_000).map(|_| r.unit() * 2e3 - 1e3).collect()
    };
    ab::<Vec<f64>>(
        &cfg,
        "full_precision",
        &serde_json::to_vec(&full).unwrap(),
        false,
    );
    // pages of posts with an adjacently tagged enum
    let (pages, per_page) = sizes::TIMELINE;
    let timeline = timeline::generate(pages * 10, per_page);
    ab::<timeline::Timeline>(
        &cfg,
        "timeline",
        &serde_json::to_vec(&timeline).unwrap(),
        false,
    );
    let tel = telemetry(5_000);
    ab::<Vec<Telemetry>>(&cfg, "telemetry", &serde_json::to_vec(&tel).unwrap(), false);
    ab::<Vec<Telemetry>>(
        &cfg,
        "telemetry_pretty",
        &serde_json::to_vec_pretty(&tel).unwrap(),
        true,
    );
    ab_extra::<Twitter>(&cfg, "twitterescaped", "twitterescaped.json");
    let random = data::load("extra", "random.json");
    ab::<RandomDoc>(&cfg, "random", &random, false);
    let rv: RandomDoc = serde_json::from_slice(&random).unwrap();
    ab::<RandomDoc>(
        &cfg,
        "random_pretty",
        &serde_json::to_vec_pretty(&rv).unwrap(),
        true,
    );
    let logs = logs::generate(sizes::LOGS);
    ab::<logs::Logs>(
        &cfg,
        "log_events",
        &serde_json::to_vec(&logs).unwrap(),
        false,
    );
    let tw: Twitter = json_runtime::from_slice(&data::corpus("twitter.json")).unwrap();
    ab::<Twitter>(
        &cfg,
        "twitter_pretty",
        &serde_json::to_vec_pretty(&tw).unwrap(),
        true,
    );
    // Windows line ends and tab indentation (serde_json's pretty output, re-laid out: newlines
    // and indentation never occur inside its strings, which escape them).
    let crlf_tabs: Vec<u8> = String::from_utf8(serde_json::to_vec_pretty(&tw).unwrap())
        .unwrap()
        .lines()
        .map(|l| {
            let body = l.trim_start_matches(' ');
            "\t".repeat((l.len() - body.len()) / 2) + body
        })
        .collect::<Vec<_>>()
        .join("\r\n")
        .into_bytes();
    ab::<Twitter>(&cfg, "twitter_crlf_tabs", &crlf_tabs, false);
    let twitter = data::corpus("twitter.json");
    ab::<Twitter>(&cfg, "twitter", &twitter, false);
    ab::<Twitter>(&cfg, "twitter_py", &python_style(&twitter), false);
    ab::<Canada>(&cfg, "canada_py", &python_style(&canada), false);
    ab::<json_payloads::payloads::citm::CitmCatalog>(
        &cfg,
        "citm",
        &data::corpus("citm_catalog.json"),
        false,
    );
    let non_ascii = non_ascii::generate(sizes::NON_ASCII);
    ab::<non_ascii::Records>(
        &cfg,
        "non_ascii",
        &serde_json::to_vec(&non_ascii).unwrap(),
        false,
    );
    ab::<non_ascii::Records>(
        &cfg,
        "non_ascii_pretty",
        &serde_json::to_vec_pretty(&non_ascii).unwrap(),
        true,
    );
    let events = data::load("extra", "github_events.json");
    let ev: Events = json_runtime::from_slice(&events).unwrap();
    ab::<Events>(
        &cfg,
        "github_events_pretty",
        &serde_json::to_vec_pretty(&ev).unwrap(),
        true,
    );
    ab_extra::<Scene>(&cfg, "marine_ik", "marine_ik.json");
    ab::<Events>(&cfg, "github_events", &events, false);
    ab_extra::<Jenkins>(&cfg, "apache_builds", "apache_builds.json");
    ab_extra::<Module>(&cfg, "instruments", "instruments.json");
    ab_extra::<UpdateCenter>(&cfg, "update_center", "update-center.json");
    let profiles = sparse::generate(sizes::SPARSE);
    ab::<sparse::Profiles>(
        &cfg,
        "sparse",
        &serde_json::to_vec(&profiles).unwrap(),
        false,
    );
    ab_extra::<BTreeMap<String, serde_like::Gsoc>>(&cfg, "gsoc", "gsoc-2018.json");
    let repos = api_repos::generate(sizes::API_REPOS);
    ab::<Vec<api_repos::Repo>>(
        &cfg,
        "api_repos",
        &serde_json::to_vec(&repos).unwrap(),
        false,
    );
    ab::<Vec<api_repos::RepoSummary>>(
        &cfg,
        "api_repos_skim",
        &serde_json::to_vec(&repos).unwrap(),
        false,
    );
    // Skim reads: a few fields declared, the rest of the document skipped.
    ab::<skim::TwitterIds>(&cfg, "twitter_skim", &twitter, false);
    ab::<skim::CanadaType>(&cfg, "canada_skim", &canada, false);
    let citm = data::corpus("citm_catalog.json");
    ab::<skim::CitmAreas>(&cfg, "citm_skim", &citm, false);
    ab::<skim::EventTypes>(&cfg, "github_events_skim", &events, false);
}

mod serde_like {
    use super::*;
    #[derive(Serialize, Deserialize, FastJson, PartialEq, Debug)]
    pub struct Gsoc {
        #[serde(rename = "@context")]
        pub context: String,
        #[serde(rename = "@type")]
        pub kind: String,
        pub name: String,
        pub description: String,
        pub sponsor: Sponsor,
        pub author: Author,
    }
    #[derive(Serialize, Deserialize, FastJson, PartialEq, Debug)]
    pub struct Sponsor {
        #[serde(rename = "@type")]
        pub kind: String,
        pub name: String,
        #[serde(rename = "disambiguatingDescription")]
        pub disambiguating_description: String,
        pub description: String,
        pub url: String,
        pub logo: String,
    }
    #[derive(Serialize, Deserialize, FastJson, PartialEq, Debug)]
    pub struct Author {
        #[serde(rename = "@type")]
        pub kind: String,
        pub name: String,
    }
}
