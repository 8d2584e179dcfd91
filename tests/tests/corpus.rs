//! Corpora and seed payloads: each file is read with serde_json and with FastJson into the same
//! types (values must be equal), then written back with both (bytes must be equal, compact and,
//! for forecast and twitter, pretty), and the written document must hold everything the file did.

use std::borrow::Cow;
use std::fmt::Debug;

use json_runtime::{FromJson, JsonBuffer, ToJson};
use json_tests::payloads::{self, canada, citm, seeds, twitter, Payload};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// Panics with the first differing byte offset and some context, instead of two huge strings.
fn assert_same_bytes(what: &str, expected: &[u8], actual: &[u8]) {
    if expected == actual {
        return;
    }
    let at = expected
        .iter()
        .zip(actual)
        .position(|(a, b)| a != b)
        .unwrap_or(expected.len().min(actual.len()));
    let context = |bytes: &[u8]| {
        let lo = at.saturating_sub(60);
        let hi = (at + 60).min(bytes.len());
        String::from_utf8_lossy(&bytes[lo..hi]).into_owned()
    };
    panic!(
        "{what}: output differs at byte {at} (lengths {} and {})\n  serde_json: …{}…\n  fastjson:   …{}…",
        expected.len(),
        actual.len(),
        context(expected),
        context(actual)
    );
}

/// Structural equality where numbers compare by value, so `0` written back as `0.0` (an `f64`
/// field) still counts as the same document; everything else must match exactly.
fn same_json(a: &Value, b: &Value, path: &str) -> Result<(), String> {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => {
            if x == y
                || (x.as_f64().is_some() && x.as_f64() == y.as_f64() && (x.is_f64() || y.is_f64()))
            {
                Ok(())
            } else {
                Err(format!("{path}: {x} vs {y}"))
            }
        }
        (Value::Array(x), Value::Array(y)) => {
            if x.len() != y.len() {
                return Err(format!("{path}: array of {} vs {}", x.len(), y.len()));
            }
            for (i, (p, q)) in x.iter().zip(y).enumerate() {
                same_json(p, q, &format!("{path}[{i}]"))?;
            }
            Ok(())
        }
        (Value::Object(x), Value::Object(y)) => {
            for key in x.keys().chain(y.keys()) {
                match (x.get(key), y.get(key)) {
                    (Some(p), Some(q)) => same_json(p, q, &format!("{path}.{key}"))?,
                    (p, q) => {
                        return Err(format!(
                            "{path}.{key}: present {} vs {}",
                            p.is_some(),
                            q.is_some()
                        ))
                    }
                }
            }
            Ok(())
        }
        _ if a == b => Ok(()),
        _ => Err(format!("{path}: {a} vs {b}")),
    }
}

/// The checks shared by owned and borrowed types, on a value already read both ways.
fn check_writes<T: Serialize + ToJson + Debug + PartialEq>(
    payload: Payload,
    input: &[u8],
    from_serde: &T,
    from_fast: &T,
    pretty: bool,
) {
    let name = payload.name;
    assert_eq!(
        from_serde, from_fast,
        "{name}: serde_json and fastjson read different values"
    );

    let expected = serde_json::to_vec(from_serde).unwrap();
    assert_same_bytes(
        &format!("{name} to_vec"),
        &expected,
        &json_runtime::to_vec(from_serde),
    );
    assert_same_bytes(
        &format!("{name} to_string"),
        &expected,
        json_runtime::to_string(from_serde).as_bytes(),
    );
    let mut buf = JsonBuffer::new();
    for round in 0..2 {
        let written = buf.write(from_serde);
        assert_same_bytes(
            &format!("{name} JsonBuffer::write #{round}"),
            &expected,
            written,
        );
    }
    if pretty {
        let expected = serde_json::to_string_pretty(from_serde).unwrap();
        let actual = json_runtime::to_string_pretty(from_serde);
        assert_same_bytes(
            &format!("{name} pretty"),
            expected.as_bytes(),
            actual.as_bytes(),
        );
        assert_same_bytes(
            &format!("{name} write_pretty"),
            expected.as_bytes(),
            buf.write_pretty(from_serde),
        );
    }

    // Nothing in the file was dropped or changed on the way through the types.
    let original: Value = serde_json::from_slice(input).unwrap();
    let written: Value = serde_json::from_slice(&expected).unwrap();
    if let Err(diff) = same_json(&original, &written, "$") {
        panic!("{name}: re-serialized document differs from the file at {diff}");
    }
}

/// Reads an owned payload both ways and runs every check.
fn roundtrip<T>(payload: Payload, pretty: bool) -> T
where
    T: Serialize + DeserializeOwned + ToJson + for<'de> FromJson<'de> + Debug + PartialEq,
{
    let input = payload.load();
    let from_serde: T = serde_json::from_slice(&input)
        .unwrap_or_else(|e| panic!("{}: serde_json cannot read it: {e}", payload.name));
    let from_fast: T = json_runtime::from_slice(&input)
        .unwrap_or_else(|e| panic!("{}: fastjson cannot read it: {e}", payload.name));
    check_writes(payload, &input, &from_serde, &from_fast, pretty);
    from_serde
}

/// Reads a borrowed payload both ways (from `input`, which the values borrow) and checks it.
fn roundtrip_borrowed<'a, T>(payload: Payload, input: &'a [u8]) -> (T, T)
where
    T: Serialize + Deserialize<'a> + ToJson + FromJson<'a> + Debug + PartialEq,
{
    let from_serde: T = serde_json::from_slice(input).unwrap_or_else(|e| {
        panic!(
            "{} (borrowed): serde_json cannot read it: {e}",
            payload.name
        )
    });
    let from_fast: T = json_runtime::from_slice(input)
        .unwrap_or_else(|e| panic!("{} (borrowed): fastjson cannot read it: {e}", payload.name));
    check_writes(payload, input, &from_serde, &from_fast, false);
    (from_serde, from_fast)
}

#[allow(clippy::ptr_arg)] // the point is which `Cow` variant it is
fn is_borrowed(s: &Cow<'_, str>) -> bool {
    matches!(s, Cow::Borrowed(_))
}

#[test]
fn twitter() {
    let value: twitter::Twitter = roundtrip(payloads::TWITTER, true);
    assert_eq!(value.statuses.len(), 100);
}

#[test]
fn twitter_borrowed() {
    let input = payloads::TWITTER.load();
    let (from_serde, from_fast): (twitter::borrowed::Twitter, _) =
        roundtrip_borrowed(payloads::TWITTER, &input);
    // `Cow` fields borrow exactly where serde_json borrows (strings without escapes).
    let mut borrowed = 0;
    for (s, f) in from_serde.statuses.iter().zip(&from_fast.statuses) {
        for (a, b) in [
            (&s.text, &f.text),
            (&s.source, &f.source),
            (&s.user.description, &f.user.description),
        ] {
            assert_eq!(
                is_borrowed(a),
                is_borrowed(b),
                "borrowing differs for {a:?}"
            );
            borrowed += usize::from(is_borrowed(b));
        }
    }
    assert!(borrowed > 0, "no Cow field borrowed from the input");
}

#[test]
fn citm_catalog() {
    let value: citm::CitmCatalog = roundtrip(payloads::CITM_CATALOG, false);
    assert_eq!(value.performances.len(), 243);
}

#[test]
fn citm_catalog_borrowed() {
    let input = payloads::CITM_CATALOG.load();
    let (from_serde, from_fast): (citm::borrowed::CitmCatalog, _) =
        roundtrip_borrowed(payloads::CITM_CATALOG, &input);
    for (s, f) in from_serde.events.values().zip(from_fast.events.values()) {
        assert_eq!(
            is_borrowed(&s.name),
            is_borrowed(&f.name),
            "borrowing differs for {:?}",
            s.name
        );
    }
}

#[test]
fn canada() {
    let value: canada::Canada = roundtrip(payloads::CANADA, false);
    let points: usize = value.features[0]
        .geometry
        .coordinates
        .iter()
        .map(Vec::len)
        .sum();
    assert_eq!(points, 55563);
}

#[test]
fn order_small() {
    let value: seeds::order_small::Order = roundtrip(payloads::ORDER_SMALL, false);
    // The seed omits a null note: check that writing does too, both ways.
    let without_note = seeds::order_small::Order {
        note: None,
        ..value
    };
    let json = json_runtime::to_string(&without_note);
    assert!(!json.contains("note"), "{json}");
    assert_eq!(json, serde_json::to_string(&without_note).unwrap());
}

#[test]
fn forecast() {
    let value: seeds::forecast::WeatherForecast = roundtrip(payloads::FORECAST, true);
    // The file is written indented, exactly as the pretty writers write it.
    let file = payloads::FORECAST.load();
    assert_eq!(
        json_runtime::to_string_pretty(&value).trim_end(),
        String::from_utf8_lossy(&file).trim_end()
    );
}

#[test]
fn cosmos_order() {
    let value: seeds::cosmos_order::Order = roundtrip(payloads::COSMOS_ORDER, false);
    assert_eq!(value.items.len(), 20);
    assert_eq!(value.ts, 1_742_112_062);
}

#[test]
fn weather_station() {
    let value: seeds::weather_station::WeatherStation = roundtrip(payloads::WEATHER_STATION, false);
    assert_eq!(value.sensors[0].data[0].solar_rad, None);
}

#[test]
fn order_1k() {
    let value: seeds::order_1k::Order = roundtrip(payloads::ORDER_1K, false);
    assert_eq!(value.lines.len(), 13);
    // This file is compact and every number in it is written in serde_json's form.
    assert_eq!(json_runtime::to_vec(&value), payloads::ORDER_1K.load());
}
