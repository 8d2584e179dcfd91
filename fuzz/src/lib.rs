//! Shared code for the fuzz targets: the list of types every target reads, the differential
//! comparison against serde_json, and a few extra derived types (skip path, recursion, the four
//! enum representations) that the payload types do not cover.

use std::fmt::Debug;

use serde::{Deserialize, Serialize};
use serde_json::Value;

pub mod reencode;
pub mod types;

/// Calls `$cb!(Type, "name")` for every type the fuzz targets read: the payload types of
/// `json_payloads::payloads` (whole documents and their parts, owned and borrowed), std types and
/// the derived types of [`types`]. Borrowed types are written with `'_` so the callback can use
/// them at any input lifetime.
#[macro_export]
macro_rules! for_each_type {
    ($cb:ident) => {{
        use json_payloads::payloads::{canada, citm, seeds, twitter};
        use std::borrow::Cow;
        use std::collections::{BTreeMap, BTreeSet, HashMap, VecDeque};
        use $crate::types;

        // serde_json's value types
        $cb!(serde_json::Value, "Value");
        $cb!(serde_json::Map<String, serde_json::Value>, "Map<String, Value>");
        $cb!(serde_json::Number, "Number");
        $cb!(Vec<serde_json::Value>, "Vec<Value>");
        // twitter
        $cb!(twitter::Twitter, "twitter::Twitter");
        $cb!(twitter::Status, "twitter::Status");
        $cb!(twitter::User, "twitter::User");
        $cb!(twitter::StatusEntities, "twitter::StatusEntities");
        $cb!(twitter::Media, "twitter::Media");
        $cb!(twitter::Url, "twitter::Url");
        $cb!(twitter::SearchMetadata, "twitter::SearchMetadata");
        $cb!(twitter::borrowed::Twitter<'_>, "twitter::borrowed::Twitter");
        $cb!(twitter::borrowed::Status<'_>, "twitter::borrowed::Status");
        $cb!(twitter::borrowed::User<'_>, "twitter::borrowed::User");
        $cb!(twitter::borrowed::Url<'_>, "twitter::borrowed::Url");
        // citm
        $cb!(citm::CitmCatalog, "citm::CitmCatalog");
        $cb!(citm::Event, "citm::Event");
        $cb!(citm::Performance, "citm::Performance");
        $cb!(citm::Price, "citm::Price");
        $cb!(citm::SeatCategory, "citm::SeatCategory");
        $cb!(citm::borrowed::CitmCatalog<'_>, "citm::borrowed::CitmCatalog");
        $cb!(citm::borrowed::Event<'_>, "citm::borrowed::Event");
        $cb!(citm::borrowed::Performance<'_>, "citm::borrowed::Performance");
        // canada
        $cb!(canada::Canada, "canada::Canada");
        $cb!(canada::Feature, "canada::Feature");
        $cb!(canada::Geometry, "canada::Geometry");
        $cb!(canada::ObjType, "canada::ObjType");
        // seeds
        $cb!(seeds::order_small::Order, "seeds::order_small::Order");
        $cb!(seeds::order_small::LineItem, "seeds::order_small::LineItem");
        $cb!(seeds::forecast::WeatherForecast, "seeds::forecast::WeatherForecast");
        $cb!(seeds::cosmos_order::Order, "seeds::cosmos_order::Order");
        $cb!(seeds::cosmos_order::Address, "seeds::cosmos_order::Address");
        $cb!(seeds::cosmos_order::OrderItem, "seeds::cosmos_order::OrderItem");
        $cb!(seeds::weather_station::WeatherStation, "seeds::weather_station::WeatherStation");
        $cb!(seeds::weather_station::Reading, "seeds::weather_station::Reading");
        $cb!(seeds::order_1k::Order, "seeds::order_1k::Order");
        $cb!(seeds::order_1k::OrderLine, "seeds::order_1k::OrderLine");
        // std types
        $cb!(bool, "bool");
        $cb!(u8, "u8");
        $cb!(i16, "i16");
        $cb!(u32, "u32");
        $cb!(i64, "i64");
        $cb!(u64, "u64");
        $cb!(i128, "i128");
        $cb!(u128, "u128");
        $cb!(f32, "f32");
        $cb!(f64, "f64");
        $cb!(char, "char");
        $cb!(String, "String");
        $cb!(&str, "&str");
        $cb!(Cow<'_, str>, "Cow<str>");
        $cb!(Box<str>, "Box<str>");
        $cb!((), "()");
        $cb!(Option<u32>, "Option<u32>");
        $cb!(Vec<i64>, "Vec<i64>");
        $cb!(Vec<f64>, "Vec<f64>");
        $cb!(Vec<f32>, "Vec<f32>");
        $cb!(Vec<Option<String>>, "Vec<Option<String>>");
        $cb!(Vec<Vec<()>>, "Vec<Vec<()>>");
        $cb!(VecDeque<u16>, "VecDeque<u16>");
        $cb!(BTreeSet<String>, "BTreeSet<String>");
        $cb!((u8, u8), "(u8, u8)");
        $cb!((f64, String, bool), "(f64, String, bool)");
        $cb!([i32; 3], "[i32; 3]");
        $cb!(BTreeMap<String, Vec<u32>>, "BTreeMap<String, Vec<u32>>");
        $cb!(BTreeMap<u32, String>, "BTreeMap<u32, String>");
        $cb!(BTreeMap<i64, bool>, "BTreeMap<i64, bool>");
        $cb!(BTreeMap<bool, u8>, "BTreeMap<bool, u8>");
        $cb!(BTreeMap<Cow<'_, str>, &str>, "BTreeMap<Cow<str>, &str>");
        $cb!(HashMap<String, i8>, "HashMap<String, i8>");
        $cb!(std::num::NonZeroU32, "NonZeroU32");
        $cb!(std::net::IpAddr, "IpAddr");
        $cb!(std::net::SocketAddr, "SocketAddr");
        $cb!(std::time::Duration, "Duration");
        // derived types of this crate
        $cb!(types::Skip, "types::Skip");
        $cb!(types::Node, "types::Node");
        $cb!(types::Defaults, "types::Defaults");
        $cb!(types::External, "types::External");
        $cb!(types::Internal, "types::Internal");
        $cb!(types::Adjacent, "types::Adjacent");
        $cb!(types::Untagged, "types::Untagged");
        $cb!(types::Wrapper, "types::Wrapper");
        $cb!(types::Pair, "types::Pair");
        $cb!(types::Flat, "types::Flat");
        $cb!(types::FlatInner, "types::FlatInner");
    }};
}

/// Formats the input for a panic message: as a string when it is UTF-8, else as bytes.
pub fn show(data: &[u8]) -> String {
    const MAX: usize = 400;
    let cut = &data[..data.len().min(MAX)];
    let more = if data.len() > MAX { " ..." } else { "" };
    match std::str::from_utf8(cut) {
        Ok(s) => format!("{s:?}{more} ({} bytes)", data.len()),
        Err(_) => format!("{cut:?}{more} ({} bytes)", data.len()),
    }
}

/// `a` and `b` as serde_json values, compared exactly: floats by their bits (so `-0.0` differs
/// from `0.0`), objects as sorted maps (so `HashMap` order does not matter).
pub fn same_value<T: Serialize>(a: &T, b: &T) -> bool {
    match (serde_json::to_value(a), serde_json::to_value(b)) {
        (Ok(a), Ok(b)) => bits_eq(&a, &b),
        (Err(_), Err(_)) => true,
        _ => false,
    }
}

fn bits_eq(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => {
            if x.is_f64() || y.is_f64() {
                x.is_f64() && y.is_f64() && x.as_f64().map(f64::to_bits) == y.as_f64().map(f64::to_bits)
            } else {
                x == y
            }
        }
        (Value::Array(x), Value::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(x, y)| bits_eq(x, y))
        }
        (Value::Object(x), Value::Object(y)) => {
            x.len() == y.len()
                && x.iter().zip(y).all(|((kx, vx), (ky, vy))| kx == ky && bits_eq(vx, vy))
        }
        _ => a == b,
    }
}

/// Panics unless json_runtime's result `ours` agrees with serde_json's `theirs`: both `Err`, or
/// both `Ok` with equal values (`PartialEq` and [`same_value`]).
pub fn agree<T: Debug + PartialEq + Serialize, EO: std::fmt::Display, ET: std::fmt::Display>(
    data: &[u8],
    name: &str,
    api: &str,
    ours: &Result<T, EO>,
    theirs: &Result<T, ET>,
) {
    match (ours, theirs) {
        (Err(_), Err(_)) => {}
        (Ok(a), Ok(b)) if a == b && same_value(a, b) => {}
        (Err(e), Ok(_)) if known_deviation(data, e) => {}
        _ => panic!(
            "DISAGREEMENT {name} via json_runtime::{api}\n input: {}\n json_runtime: {}\n serde_json: {}",
            show(data),
            brief(ours),
            brief(theirs),
        ),
    }
}

/// Reported disagreements that are tolerated so fuzzing can go on (set `FASTJSON_FUZZ_STRICT=1`
/// to report them again); see fuzz/README.md, "Findings".
///
/// F1: serde_json skips a value it ignores (`IgnoredAny`, an unknown field) without a depth
/// limit; json_runtime counts that nesting against its limit (127), so a document nesting deeper
/// than 127 inside skipped values is `Err` here and `Ok` in serde_json.
fn known_deviation(data: &[u8], ours: &dyn std::fmt::Display) -> bool {
    static STRICT: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    if *STRICT.get_or_init(|| std::env::var_os("FASTJSON_FUZZ_STRICT").is_some()) {
        return false;
    }
    ours.to_string().starts_with("recursion limit exceeded") && max_nesting(data) > 127
}

/// The deepest nesting of `[` and `{` in `data`, outside strings (a rough scan: the input need
/// not be valid JSON).
pub fn max_nesting(data: &[u8]) -> usize {
    let (mut depth, mut max, mut in_string, mut escaped) = (0usize, 0usize, false, false);
    for &b in data {
        if in_string {
            match b {
                _ if escaped => escaped = false,
                b'\\' => escaped = true,
                b'"' => in_string = false,
                _ => {}
            }
        } else {
            match b {
                b'"' => in_string = true,
                b'[' | b'{' => {
                    depth += 1;
                    max = max.max(depth);
                }
                b']' | b'}' => depth = depth.saturating_sub(1),
                _ => {}
            }
        }
    }
    max
}

fn brief<T: Debug, E: std::fmt::Display>(r: &Result<T, E>) -> String {
    let s = match r {
        Ok(v) => format!("Ok({v:?})"),
        Err(e) => format!("Err({e})"),
    };
    if s.len() > 600 {
        format!("{} ...", &s[..s.char_indices().nth(600).map_or(s.len(), |(i, _)| i)])
    } else {
        s
    }
}

/// The differential check for one type: `from_slice` (and `from_str` when the input is UTF-8)
/// against `serde_json::from_slice`.
pub fn differential<'a, T>(data: &'a [u8], name: &str)
where
    T: json_runtime::FromJson<'a> + Deserialize<'a> + Serialize + PartialEq + Debug,
{
    let theirs = serde_json::from_slice::<T>(data);
    let ours = json_runtime::from_slice::<T>(data);
    agree(data, name, "from_slice", &ours, &theirs);
    if let Ok(s) = std::str::from_utf8(data) {
        let ours = json_runtime::from_str::<T>(s);
        agree(data, name, "from_str", &ours, &theirs);
    }
}

/// `json_runtime::IgnoredAny` accepts exactly the inputs `serde::de::IgnoredAny` accepts (the
/// path unknown fields take), through `from_slice` and `from_str`.
pub fn ignored_any(data: &[u8]) {
    let theirs = serde_json::from_slice::<serde::de::IgnoredAny>(data).map(|_| ());
    let ours = json_runtime::from_slice::<json_runtime::IgnoredAny>(data).map(|_| ());
    agree(data, "IgnoredAny", "from_slice", &ours, &theirs);
    if let Ok(s) = std::str::from_utf8(data) {
        let ours = json_runtime::from_str::<json_runtime::IgnoredAny>(s).map(|_| ());
        agree(data, "IgnoredAny", "from_str", &ours, &theirs);
    }
}

/// `json_runtime::RawJson` / `RawJsonBuf` capture the same text as serde_json's `RawValue`
/// (borrowed and boxed, alone, in an array and as map values), and write it as serde_json does.
pub fn raw(data: &[u8]) {
    use json_runtime::{RawJson, RawJsonBuf};
    use serde_json::value::RawValue;
    use std::collections::BTreeMap;

    let theirs = serde_json::from_slice::<&RawValue>(data).map(|r| r.get());
    let ours = json_runtime::from_slice::<RawJson>(data).map(|r| r.get());
    agree(data, "RawJson", "from_slice", &ours, &theirs);

    let theirs = serde_json::from_slice::<Box<RawValue>>(data);
    let ours = json_runtime::from_slice::<RawJsonBuf>(data);
    let (o, t) = (ours.as_ref().map(|r| r.get()), theirs.as_ref().map(|r| r.get()));
    agree(data, "RawJsonBuf", "from_slice", &o, &t);
    if let (Ok(ours), Ok(theirs)) = (&ours, &theirs) {
        let (a, b) = (json_runtime::to_vec(ours).unwrap(), serde_json::to_vec(theirs).unwrap());
        assert!(a == b, "RawJsonBuf writes {} but serde_json writes {}", show(&a), show(&b));
    }

    let theirs = serde_json::from_slice::<Vec<&RawValue>>(data)
        .map(|v| v.into_iter().map(RawValue::get).collect::<Vec<_>>());
    let ours = json_runtime::from_slice::<Vec<RawJson>>(data)
        .map(|v| v.into_iter().map(|r| r.get()).collect::<Vec<_>>());
    agree(data, "Vec<RawJson>", "from_slice", &ours, &theirs);

    let theirs = serde_json::from_slice::<BTreeMap<String, &RawValue>>(data)
        .map(|m| m.into_iter().map(|(k, v)| (k, v.get())).collect::<BTreeMap<_, _>>());
    let ours = json_runtime::from_slice::<BTreeMap<String, RawJson>>(data)
        .map(|m| m.into_iter().map(|(k, v)| (k, v.get())).collect::<BTreeMap<_, _>>());
    agree(data, "BTreeMap<String, RawJson>", "from_slice", &ours, &theirs);

    if let Ok(s) = std::str::from_utf8(data) {
        let theirs = serde_json::from_str::<&RawValue>(s).map(|r| r.get());
        let ours = json_runtime::from_str::<RawJson>(s).map(|r| r.get());
        agree(data, "RawJson", "from_str", &ours, &theirs);
    }
}

/// Reads with every public reading function; the results are dropped (the check is that
/// nothing panics or trips a sanitizer).
pub fn no_panic<'a, T: json_runtime::FromJson<'a>>(data: &'a [u8]) {
    let _ = json_runtime::from_slice::<T>(data);
    if let Ok(s) = std::str::from_utf8(data) {
        let _ = json_runtime::from_str::<T>(s);
    }
    let shallow = json_runtime::ReadOptions::new().max_depth(4);
    let _ = json_runtime::from_slice_with::<T>(data, &shallow);
}
