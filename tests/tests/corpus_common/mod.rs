//! What the corpus tests share: byte comparison with a readable diff, structural comparison of
//! documents, and the read-both-ways-then-write-both-ways round trip.

// Each test binary that includes this module uses a different part of it.
#![allow(dead_code)]

use std::fmt::Debug;

use json_runtime::{FromJson, JsonBuffer, ToJson};
use json_tests::payloads::Payload;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// Panics with the first differing byte offset and some context, instead of two huge strings.
pub fn assert_same_bytes(what: &str, expected: &[u8], actual: &[u8]) {
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
pub fn same_json(a: &Value, b: &Value, path: &str) -> Result<(), String> {
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
            // Keys of `y` missing from `x` are found by the second pass; shared keys are
            // compared once (comparing them from both sides doubles the work at every level).
            let only_in_y = y.keys().filter(|k| !x.contains_key(*k));
            for key in x.keys().chain(only_in_y) {
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
pub fn check_writes<T: Serialize + ToJson + Debug + PartialEq>(
    name: &str,
    input: &[u8],
    from_serde: &T,
    from_fast: &T,
    pretty: bool,
) {
    assert_eq!(
        from_serde, from_fast,
        "{name}: serde_json and fastjson read different values"
    );

    let expected = serde_json::to_vec(from_serde).unwrap();
    assert_same_bytes(
        &format!("{name} to_vec"),
        &expected,
        &json_runtime::to_vec(from_serde).unwrap(),
    );
    assert_same_bytes(
        &format!("{name} to_string"),
        &expected,
        json_runtime::to_string(from_serde).unwrap().as_bytes(),
    );
    let mut buf = JsonBuffer::new();
    for round in 0..2 {
        let written = buf.write(from_serde).unwrap();
        assert_same_bytes(
            &format!("{name} JsonBuffer::write #{round}"),
            &expected,
            written,
        );
    }
    if pretty {
        let expected = serde_json::to_string_pretty(from_serde).unwrap();
        let actual = json_runtime::to_string_pretty(from_serde).unwrap();
        assert_same_bytes(
            &format!("{name} pretty"),
            expected.as_bytes(),
            actual.as_bytes(),
        );
        assert_same_bytes(
            &format!("{name} write_pretty"),
            expected.as_bytes(),
            buf.write_pretty(from_serde).unwrap(),
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
pub fn roundtrip<T>(payload: Payload, pretty: bool) -> T
where
    T: Serialize + DeserializeOwned + ToJson + for<'de> FromJson<'de> + Debug + PartialEq,
{
    roundtrip_bytes(payload.name, &payload.load(), pretty)
}

/// Reads `input` both ways into `T` and runs every check (`name` is for messages).
pub fn roundtrip_bytes<T>(name: &str, input: &[u8], pretty: bool) -> T
where
    T: Serialize + DeserializeOwned + ToJson + for<'de> FromJson<'de> + Debug + PartialEq,
{
    let from_serde: T = serde_json::from_slice(input)
        .unwrap_or_else(|e| panic!("{name}: serde_json cannot read it: {e}"));
    let from_fast: T = json_runtime::from_slice(input)
        .unwrap_or_else(|e| panic!("{name}: fastjson cannot read it: {e}"));
    check_writes(name, input, &from_serde, &from_fast, pretty);
    from_serde
}

/// The value's compact and pretty forms (as serde_json writes them) read back by both
/// libraries into `T`: both give `value` again.
pub fn reads_both_layouts<T>(name: &str, value: &T)
where
    T: Serialize + DeserializeOwned + for<'de> FromJson<'de> + Debug + PartialEq,
{
    for (layout, text) in [
        ("compact", serde_json::to_vec(value).unwrap()),
        ("pretty", serde_json::to_vec_pretty(value).unwrap()),
    ] {
        let from_serde: T = serde_json::from_slice(&text)
            .unwrap_or_else(|e| panic!("{name} ({layout}): serde_json cannot read it: {e}"));
        let from_fast: T = json_runtime::from_slice(&text)
            .unwrap_or_else(|e| panic!("{name} ({layout}): fastjson cannot read it: {e}"));
        assert_eq!(
            &from_serde, value,
            "{name} ({layout}): serde_json read another value"
        );
        assert_eq!(
            &from_fast, value,
            "{name} ({layout}): fastjson read another value"
        );
    }
}

/// Reads a borrowed payload both ways (from `input`, which the values borrow) and checks it.
pub fn roundtrip_borrowed<'a, T>(payload: Payload, input: &'a [u8]) -> (T, T)
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
    check_writes(payload.name, input, &from_serde, &from_fast, false);
    (from_serde, from_fast)
}
