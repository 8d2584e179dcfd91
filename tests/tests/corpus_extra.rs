//! Users' data: the ten documents of `data/extra/` and the generated payloads, each read with
//! serde_json and with FastJson into the application-style types of `json-payloads` (values
//! must be equal), written back with both, compact and pretty (bytes must be equal), the
//! written document holding everything the input did; then each value's compact and pretty
//! forms read back by both. serde_json here has `float_roundtrip`, so its floats are correctly
//! rounded, as FastJson's always are.

mod corpus_common;

use std::borrow::Cow;
use std::fmt::Debug;

use corpus_common::{reads_both_layouts, roundtrip, roundtrip_borrowed, roundtrip_bytes};
use json_payloads::generated::{self, sizes};
use json_runtime::{FromJson, JsonBuffer, ToJson};
use json_tests::payloads::{self, extra, twitter, Payload};
use serde::de::DeserializeOwned;
use serde::Serialize;

/// A stored document: the file round trip (compact and pretty writing), then both layouts read.
fn document<T>(payload: Payload) -> T
where
    T: Serialize + DeserializeOwned + ToJson + for<'de> FromJson<'de> + Debug + PartialEq,
{
    let value: T = roundtrip(payload, true);
    reads_both_layouts(payload.name, &value);
    value
}

/// A generated document: serde_json's compact text of `value` round-tripped (compact and
/// pretty writing), both layouts read, and the value read back equal to the generated one.
fn generated_doc<T>(name: &str, value: &T)
where
    T: Serialize + DeserializeOwned + ToJson + for<'de> FromJson<'de> + Debug + PartialEq,
{
    let input = serde_json::to_vec(value).unwrap();
    let read: T = roundtrip_bytes(name, &input, true);
    assert_eq!(
        &read, value,
        "{name}: the generated value does not read back"
    );
    reads_both_layouts(name, value);
}

#[test]
fn apache_builds() {
    let v: extra::apache_builds::Jenkins = document(payloads::APACHE_BUILDS);
    assert_eq!(v.jobs.len(), 875);
    assert_eq!(
        v.assigned_labels,
        vec![extra::apache_builds::Label { name: None }]
    );
}

#[test]
fn github_events() {
    use extra::github_events::Event;
    let v: extra::github_events::Events = document(payloads::GITHUB_EVENTS);
    assert_eq!(v.len(), 30);
    let pushes = v
        .iter()
        .filter(|e| matches!(e, Event::PushEvent(_)))
        .count();
    assert_eq!(pushes, 13);
    assert!(v.iter().any(|e| matches!(e, Event::GollumEvent(_))));
}

#[test]
fn gsoc_2018() {
    let v: extra::gsoc_2018::Gsoc = document(payloads::GSOC_2018);
    assert_eq!(v.len(), 1264);
}

#[test]
fn gsoc_2018_borrowed() {
    let input = payloads::GSOC_2018.load();
    let (from_serde, from_fast): (extra::gsoc_2018::borrowed::Gsoc, _) =
        roundtrip_borrowed(payloads::GSOC_2018, &input);
    let mut borrowed = 0;
    for (s, f) in from_serde.values().zip(from_fast.values()) {
        assert_eq!(is_borrowed(&s.description), is_borrowed(&f.description));
        borrowed += usize::from(is_borrowed(&f.description));
    }
    assert!(borrowed > 0, "no description borrowed");
}

#[test]
fn instruments() {
    let v: extra::instruments::Module = document(payloads::INSTRUMENTS);
    assert_eq!(
        (v.instruments.len(), v.samples.len(), v.patterns.len()),
        (63, 70, 240)
    );
}

#[test]
fn marine_ik() {
    let v: extra::marine_ik::Scene = document(payloads::MARINE_IK);
    assert_eq!(v.geometries[0].data.vertices.len(), 17220);
}

#[test]
fn mesh() {
    let v: extra::mesh::Mesh = document(payloads::MESH);
    assert_eq!(v.positions.len(), 10800);
}

#[test]
fn numbers() {
    let v: extra::numbers::Numbers = document(payloads::NUMBERS);
    assert_eq!(v.len(), 10001);
}

#[test]
fn random() {
    let v: extra::random::Response = document(payloads::RANDOM);
    assert_eq!(v.result.len(), 1000);
}

#[test]
fn random_borrowed() {
    let input = payloads::RANDOM.load();
    let (_, from_fast): (extra::random::borrowed::Response, _) =
        roundtrip_borrowed(payloads::RANDOM, &input);
    assert_eq!(from_fast.result[0].name, "Леонард Никитин");
}

#[test]
fn twitterescaped() {
    let v: twitter::Twitter = document(payloads::TWITTERESCAPED);
    let plain: twitter::Twitter = serde_json::from_slice(&payloads::TWITTER.load()).unwrap();
    // The same statuses as twitter.json once the escapes are decoded (ids aside: this file has
    // them rounded through a double).
    assert_eq!(v.statuses.len(), plain.statuses.len());
    assert_eq!(v.statuses[0].text, plain.statuses[0].text);
}

#[test]
fn update_center() {
    let v: extra::update_center::UpdateCenter = document(payloads::UPDATE_CENTER);
    assert_eq!(v.plugins.len(), 654);
    let without_email = v
        .plugins
        .values()
        .flat_map(|p| &p.developers)
        .filter(|d| d.email.is_none());
    assert_eq!(without_email.count(), 852 - 500);
}

#[allow(clippy::ptr_arg)] // the point is which `Cow` variant it is
fn is_borrowed(s: &Cow<'_, str>) -> bool {
    matches!(s, Cow::Borrowed(_))
}

#[test]
fn telemetry() {
    let (devices, per) = sizes::TELEMETRY;
    let v = generated::telemetry::generate(devices, per);
    generated_doc("telemetry", &v);
    assert!(v
        .iter()
        .flat_map(|b| &b.readings)
        .any(|r| r.error_code.is_some()));
}

#[test]
fn log_events() {
    let v = generated::logs::generate(sizes::LOGS);
    generated_doc("log_events", &v);
    let text = serde_json::to_string(&v).unwrap();
    for escape in ["\\n", "\\\"", "\\u001b", "\\t", "\\r", "\\\\"] {
        assert!(text.contains(escape), "no {escape} in the log events");
    }
    assert!(text.contains("東京") && text.contains("🚀"));
}

#[test]
fn clicks_as_json_lines() {
    let rows = generated::clicks::generate(sizes::CLICKS);
    let text = generated::clicks::lines(&rows, |r| serde_json::to_vec(r).unwrap());
    let fast = generated::clicks::lines(&rows, |r| json_runtime::to_vec(r).unwrap());
    corpus_common::assert_same_bytes("clicks", &text, &fast);
    let mut pool = JsonBuffer::new();
    let pooled = generated::clicks::lines(&rows, |r| pool.write(r).unwrap().to_vec());
    corpus_common::assert_same_bytes("clicks (pooled)", &text, &pooled);
    let mut n = 0;
    for (line, row) in text
        .split(|&b| b == b'\n')
        .filter(|l| !l.is_empty())
        .zip(&rows)
    {
        let a: generated::clicks::Click = serde_json::from_slice(line).unwrap();
        let b: generated::clicks::Click = json_runtime::from_slice(line).unwrap();
        assert_eq!((&a, &b), (row, row));
        n += 1;
    }
    assert_eq!(n, rows.len());
}

#[test]
fn tree() {
    let v = generated::tree::generate(sizes::TREE);
    assert_eq!(generated::tree::depth(&v), generated::tree::MAX_DEPTH);
    generated_doc("tree", &v);
}

#[test]
fn api_repos() {
    let v = generated::api_repos::generate(sizes::API_REPOS);
    generated_doc("api_repos", &v);
    // The same answer read into the type that declares a dozen fields: the same value as
    // serde_json's, every other key skipped.
    let input = serde_json::to_vec(&v).unwrap();
    let ours: Vec<generated::api_repos::RepoSummary> = json_runtime::from_slice(&input).unwrap();
    let theirs: Vec<generated::api_repos::RepoSummary> = serde_json::from_slice(&input).unwrap();
    assert_eq!(ours, theirs);
    assert_eq!(ours.len(), sizes::API_REPOS);
    assert!(input.len() > 500_000, "{}", input.len());
}

#[test]
fn sparse() {
    let v = generated::sparse::generate(sizes::SPARSE);
    generated_doc("sparse", &v);
    let text = serde_json::to_string(&v).unwrap();
    assert!(text.contains("null") && !text.contains("\"postalCode\""));
}

#[test]
fn timeline() {
    use generated::timeline::Attachment;
    let (pages, per) = sizes::TIMELINE;
    let v = generated::timeline::generate(pages, per);
    generated_doc("timeline", &v);
    let posts = || v.iter().flat_map(|p| &p.data);
    assert!(posts().any(|p| matches!(p.attachment, Some(Attachment::Poll(_)))));
    assert!(posts().any(|p| matches!(p.attachment, Some(Attachment::Link(_)))));
}

#[test]
fn float_mesh() {
    let v = generated::float_mesh::generate(sizes::FLOAT_MESH);
    generated_doc("float_mesh", &v);
    // 12 or 13 significant digits, as written.
    let text = serde_json::to_string(&v.vertices).unwrap();
    let digits = |n: &str| {
        let mantissa = n.split(['e', 'E']).next().unwrap_or("");
        let digits: String = mantissa.chars().filter(char::is_ascii_digit).collect();
        digits.trim_start_matches('0').len()
    };
    let most = text.split([',', '[', ']']).map(digits).max().unwrap();
    assert!((12..=13).contains(&most), "{most}");
}

#[test]
fn geojson() {
    let v = generated::geojson::generate(sizes::GEOJSON);
    generated_doc("geojson", &v);
    let text = serde_json::to_string(&v).unwrap();
    assert!(text.starts_with(r#"{"type":"FeatureCollection","features":[{"type":"Feature","#));
}

#[test]
fn non_ascii() {
    let v = generated::non_ascii::generate(sizes::NON_ASCII);
    generated_doc("non_ascii", &v);
}
