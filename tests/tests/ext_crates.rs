//! Differential tests of the `indexmap`, `url`, `bytes`, `smol_str`, `compact_str`, `semver`,
//! `ipnet` and `bigdecimal` impls of json-runtime against each crate's own serde impl run
//! through serde_json: the same bytes on writing (compact and pretty), the same Ok/Err (and
//! error category) and the same values on reading, for generated values and for generated,
//! often malformed, input; map keys where serde_json allows the type as one.

use std::collections::BTreeMap;
use std::fmt::Debug;

use json_runtime::{FromJson, FromJsonKey, ToJson, ToJsonKey};
use proptest::prelude::*;
use serde::de::DeserializeOwned;
use serde::Serialize;

mod ext_common;
use ext_common::*;

/// `v` as a map key: written like serde_json writes it, and read back alike.
fn check_key_write<K>(k: K) -> std::result::Result<(), TestCaseError>
where
    K: ToJsonKey + Serialize + Ord + Debug,
{
    let m: BTreeMap<K, u8> = [(k, 1)].into_iter().collect();
    check_write(&m)
}

/// Reading `{<key>:1}` for the key's JSON string `key`.
fn check_key_read<K>(key: &[u8]) -> std::result::Result<(), TestCaseError>
where
    K: for<'de> FromJsonKey<'de> + DeserializeOwned + Ord + Debug + ToString,
{
    let mut input = b"{".to_vec();
    input.extend_from_slice(key);
    input.extend_from_slice(b":1}");
    check_read::<BTreeMap<K, u8>>(&input)
}

/// Strings for a string-only type: the text (serde_json's escaping or all escaped), and the
/// inputs that are not strings.
fn check_text<T>(s: &str, escape_all: bool) -> std::result::Result<(), TestCaseError>
where
    T: for<'de> FromJson<'de> + DeserializeOwned + PartialEq + Debug,
{
    check_read::<T>(&json_string(s, escape_all))
}

fn read_non_strings<T>()
where
    T: for<'de> FromJson<'de> + DeserializeOwned + PartialEq + Debug,
{
    for s in NON_STRINGS {
        check_read::<T>(s.as_bytes()).unwrap();
    }
}

fn roundtrip<T>(v: &T) -> std::result::Result<(), TestCaseError>
where
    T: ToJson + for<'de> FromJson<'de> + PartialEq + Debug,
{
    let back = json_runtime::from_slice::<T>(&json_runtime::to_vec(v).unwrap());
    prop_assert_eq!(back.as_ref().ok(), Some(v));
    Ok(())
}

// ---- indexmap --------------------------------------------------------------------------------

mod indexmap_tests {
    use super::*;
    use indexmap::{IndexMap, IndexSet};

    /// An object with keys from a small alphabet (so duplicates are common) and values that are
    /// sometimes not `u8`.
    fn object_text() -> impl Strategy<Value = String> {
        let value = prop_oneof![
            6 => (0..300u32).prop_map(|v| v.to_string()),
            1 => Just("\"x\"".to_string()),
            1 => Just("null".to_string()),
        ];
        let entry = ("[ab\u{e9}]{0,2}", value, any::<bool>()).prop_map(|(k, v, esc)| {
            format!("{}:{v}", String::from_utf8(json_string(&k, esc)).unwrap())
        });
        (prop::collection::vec(entry, 0..6), 0..8u8).prop_map(|(entries, damage)| {
            let mut s = format!("{{{}}}", entries.join(","));
            match damage {
                0 => s.push(','),
                1 => {
                    s.pop();
                }
                2 => s = s.replacen(':', "", 1),
                _ => {}
            }
            s
        })
    }

    fn array_text() -> impl Strategy<Value = String> {
        prop::collection::vec(-2..5i32, 0..8).prop_map(|v| {
            let items: Vec<String> = v.iter().map(|i| i.to_string()).collect();
            format!("[{}]", items.join(","))
        })
    }

    proptest! {
        #[test]
        fn write_map(entries in prop::collection::vec((".{0,6}", any::<i64>()), 0..8)) {
            let m: IndexMap<String, i64> = entries.into_iter().collect();
            check_write(&m)?;
            roundtrip(&m)?;
        }

        #[test]
        fn write_map_int_keys(entries in prop::collection::vec((any::<u16>(), ".{0,4}"), 0..8)) {
            let m: IndexMap<u16, String> = entries.into_iter().collect();
            check_write(&m)?;
        }

        #[test]
        fn write_set(items in prop::collection::vec(".{0,4}", 0..8)) {
            let s: IndexSet<String> = items.into_iter().collect();
            check_write(&s)?;
            roundtrip(&s)?;
        }

        /// Order and duplicates: `Debug` (compared by `check_read`) shows the order.
        #[test]
        fn read_map(s in object_text()) {
            check_read::<IndexMap<String, u8>>(s.as_bytes())?;
        }

        #[test]
        fn read_set(s in array_text()) {
            check_read::<IndexSet<u8>>(s.as_bytes())?;
            check_read::<IndexSet<i64>>(s.as_bytes())?;
        }

        #[test]
        fn read_int_keys(k in "-?[0-9]{0,4}", v in 0..3u8) {
            check_read::<IndexMap<i16, u8>>(format!("{{\"{k}\":{v},\"1\":2}}").as_bytes())?;
        }
    }

    #[test]
    fn read_non_maps() {
        read_non_strings::<IndexMap<String, u8>>();
        read_non_strings::<IndexSet<String>>();
    }
}

// ---- url -------------------------------------------------------------------------------------

mod url_tests {
    use super::*;
    use url::Url;

    fn url_text() -> impl Strategy<Value = String> {
        let scheme = prop_oneof![
            Just("http"),
            Just("https"),
            Just("HTTP"),
            Just("file"),
            Just("mailto"),
            Just("data"),
            Just("ws"),
            Just("foo"),
            Just("1x"),
        ];
        let host = prop_oneof![
            Just("example.com".to_string()),
            Just("EXAMPLE.com.".to_string()),
            Just("127.0.0.1".to_string()),
            Just("[::1]".to_string()),
            Just("[::1".to_string()),
            Just("b\u{fc}cher.de".to_string()),
            Just("user:pw@h".to_string()),
            Just(String::new()),
            "[a-z0-9.%-]{1,10}",
        ];
        let port = prop_oneof![
            Just(String::new()),
            (0..70000u32).prop_map(|p| format!(":{p}"))
        ];
        let rest = "[/a-zA-Z0-9 %?#=&.\u{e9}\"\\\\\t-]{0,16}";
        prop_oneof![
            4 => (scheme, prop_oneof![Just("://"), Just(":"), Just(":/")], host, port, rest)
                .prop_map(|(s, sep, h, p, r)| format!("{s}{sep}{h}{p}{r}")),
            1 => ".{0,30}",
        ]
    }

    proptest! {
        #[test]
        fn write(s in url_text()) {
            if let Ok(u) = Url::parse(&s) {
                check_write(&u)?;
                check_key_write(u.clone())?;
                roundtrip(&u)?;
            }
        }

        #[test]
        fn read(s in url_text(), escape_all in any::<bool>()) {
            check_text::<Url>(&s, escape_all)?;
            check_key_read::<Url>(&json_string(&s, escape_all))?;
        }
    }

    #[test]
    fn read_non_strings_() {
        read_non_strings::<Url>();
    }

    #[test]
    fn error_has_position_and_path() {
        #[derive(json_runtime::FastJson, Debug)]
        struct Link {
            #[allow(dead_code)]
            href: Url,
        }
        let err =
            json_runtime::from_str::<Vec<Link>>("[\n{\"href\":\"http://[::1\"}]").unwrap_err();
        assert_eq!(err.path(), "[0].href");
        assert_eq!((err.line(), err.column()), (2, 21));
        let theirs = serde_json::from_str::<Url>("\"http://[::1\"")
            .unwrap_err()
            .to_string();
        assert!(
            theirs.starts_with(err.message()),
            "{theirs} / {}",
            err.message()
        );
    }
}

// ---- bytes -----------------------------------------------------------------------------------

mod bytes_tests {
    use super::*;
    use bytes::{Bytes, BytesMut};

    /// A string's body: printable text, escapes (surrogates, lone ones too), raw control bytes.
    fn string_body() -> impl Strategy<Value = Vec<u8>> {
        let piece = prop_oneof![
            4 => "[a-z\u{e9}\u{1F600} ]{1,4}".prop_map(String::into_bytes),
            1 => prop::sample::select(vec![
                "\\n", "\\\"", "\\\\", "\\/", "\\u00e9", "\\ud83d\\ude00", "\\ud800", "\\udc00",
                "\\ud800\\n", "\\ud800\\ud800", "\\ud800x", "\\u12", "\\x", "\\", "\\uZZZZ",
            ])
            .prop_map(|s| s.as_bytes().to_vec()),
            1 => prop::collection::vec(any::<u8>(), 1..3),
        ];
        prop::collection::vec(piece, 0..6).prop_map(|v| v.concat())
    }

    fn array_text() -> impl Strategy<Value = String> {
        prop::collection::vec(
            prop_oneof![
                (0..=255u32).prop_map(|v| v.to_string()),
                Just("256".into()),
                Just("-1".into()),
                Just("1.0".into())
            ],
            0..6,
        )
        .prop_map(|v| format!("[{}]", v.join(",")))
    }

    proptest! {
        #[test]
        fn write(v in prop::collection::vec(any::<u8>(), 0..20)) {
            check_write(&Bytes::from(v.clone()))?;
            check_write(&BytesMut::from(&v[..]))?;
            roundtrip(&Bytes::from(v))?;
        }

        #[test]
        fn read_string(body in string_body(), closed in any::<bool>()) {
            let mut input = b"\"".to_vec();
            input.extend_from_slice(&body);
            if closed {
                input.push(b'"');
            }
            check_read::<Bytes>(&input)?;
            check_read::<BytesMut>(&input)?;
        }

        #[test]
        fn read_array(s in array_text()) {
            check_read::<Bytes>(s.as_bytes())?;
            check_read::<BytesMut>(s.as_bytes())?;
        }

        #[test]
        fn into_bytes_mut(v in prop::collection::vec(".{0,5}", 0..5), prefix in ".{0,3}") {
            let mut buf = BytesMut::new();
            buf.extend_from_slice(prefix.as_bytes());
            json_runtime::ext::bytes::to_bytes_mut(&v, &mut buf).unwrap();
            let mut want = prefix.into_bytes();
            want.extend_from_slice(&serde_json::to_vec(&v).unwrap());
            prop_assert_eq!(&buf[..], &want[..]);
        }
    }

    #[test]
    fn read_non_strings_() {
        read_non_strings::<Bytes>();
        read_non_strings::<BytesMut>();
    }
}

// ---- smol_str and compact_str ----------------------------------------------------------------

mod small_string_tests {
    use super::*;
    use compact_str::CompactString;
    use smol_str::SmolStr;

    proptest! {
        #[test]
        fn write(s in ".{0,40}") {
            check_write(&SmolStr::new(&s))?;
            check_write(&CompactString::new(&s))?;
            check_key_write(SmolStr::new(&s))?;
            check_key_write(CompactString::new(&s))?;
            roundtrip(&SmolStr::new(&s))?;
            roundtrip(&CompactString::new(&s))?;
        }

        #[test]
        fn read(s in ".{0,40}", escape_all in any::<bool>()) {
            check_text::<SmolStr>(&s, escape_all)?;
            check_text::<CompactString>(&s, escape_all)?;
            check_key_read::<SmolStr>(&json_string(&s, escape_all))?;
            check_key_read::<CompactString>(&json_string(&s, escape_all))?;
        }
    }

    #[test]
    fn read_non_strings_() {
        read_non_strings::<SmolStr>();
        read_non_strings::<CompactString>();
        // Invalid UTF-8 inside a string is an error for both, as with serde_json.
        check_read::<SmolStr>(b"\"\xff\"").unwrap();
        check_read::<CompactString>(b"\"a\xc3\"").unwrap();
    }
}

// ---- semver ----------------------------------------------------------------------------------

mod semver_tests {
    use super::*;
    use semver::{Comparator, Version, VersionReq};

    fn version_text() -> impl Strategy<Value = String> {
        let num = prop_oneof![4 => (0..1000u64).prop_map(|v| v.to_string()), 1 => "0[0-9]", 1 => Just(u64::MAX.to_string()), 1 => Just(String::new())];
        let ident = "[0-9A-Za-z-]{0,5}(\\.[0-9A-Za-z-]{0,4}){0,2}";
        prop_oneof![
            4 => (num.clone(), num.clone(), num, prop::option::of(ident), prop::option::of(ident))
                .prop_map(|(a, b, c, pre, build)| {
                    let mut s = format!("{a}.{b}.{c}");
                    if let Some(p) = pre { s = format!("{s}-{p}"); }
                    if let Some(b) = build { s = format!("{s}+{b}"); }
                    s
                }),
            1 => "[0-9.+*xX-]{0,12}",
            1 => ".{0,12}",
        ]
    }

    fn req_text() -> impl Strategy<Value = String> {
        let op = prop::sample::select(vec!["", "=", ">", ">=", "<", "<=", "~", "^", "*", " "]);
        let part = (op, "[0-9]{1,2}(\\.[0-9*xX]{1,2}){0,2}(-[a-z0-9.]{1,4})?")
            .prop_map(|(o, v)| format!("{o}{v}"));
        prop_oneof![
            4 => prop::collection::vec(part, 1..4).prop_map(|v| v.join(", ")),
            1 => "[0-9.,<>=^~* xX-]{0,14}",
        ]
    }

    proptest! {
        #[test]
        fn version(s in version_text(), escape_all in any::<bool>()) {
            if let Ok(v) = Version::parse(&s) {
                check_write(&v)?;
                check_key_write(v.clone())?;
                roundtrip(&v)?;
            }
            check_text::<Version>(&s, escape_all)?;
            check_key_read::<Version>(&json_string(&s, escape_all))?;
        }

        #[test]
        fn version_req(s in req_text(), escape_all in any::<bool>()) {
            if let Ok(v) = VersionReq::parse(&s) {
                check_write(&v)?;
                roundtrip(&v)?;
            }
            if let Ok(c) = Comparator::parse(&s) {
                check_write(&c)?;
                roundtrip(&c)?;
            }
            check_text::<VersionReq>(&s, escape_all)?;
            check_text::<Comparator>(&s, escape_all)?;
        }
    }

    #[test]
    fn read_non_strings_() {
        read_non_strings::<Version>();
        read_non_strings::<VersionReq>();
        read_non_strings::<Comparator>();
    }
}

// ---- ipnet -----------------------------------------------------------------------------------

mod ipnet_tests {
    use super::*;
    use ipnet::{IpNet, Ipv4Net, Ipv6Net};
    use std::net::{Ipv4Addr, Ipv6Addr};

    fn v4() -> impl Strategy<Value = Ipv4Net> {
        (any::<u32>(), 0..=32u8).prop_map(|(a, p)| Ipv4Net::new(Ipv4Addr::from(a), p).unwrap())
    }

    fn v6() -> impl Strategy<Value = Ipv6Net> {
        let addr = prop_oneof![
            any::<u128>(),
            any::<u16>().prop_map(u128::from),
            any::<u32>().prop_map(|v| 0xffff_0000_0000 | v as u128)
        ];
        (addr, 0..=128u8).prop_map(|(a, p)| Ipv6Net::new(Ipv6Addr::from(a), p).unwrap())
    }

    fn net_text() -> impl Strategy<Value = String> {
        prop_oneof![
            2 => v4().prop_map(|n| n.to_string()),
            2 => v6().prop_map(|n| n.to_string()),
            1 => (0..300u32, 0..300u32, 0..40u32).prop_map(|(a, b, p)| format!("{a}.0.0.{b}/{p}")),
            1 => "[0-9a-fA-F.:/]{0,20}",
            1 => ".{0,10}",
        ]
    }

    proptest! {
        #[test]
        fn write(a in v4(), b in v6()) {
            check_write(&a)?;
            check_write(&b)?;
            check_write(&IpNet::V4(a))?;
            check_write(&IpNet::V6(b))?;
            check_key_write(IpNet::V6(b))?;
            roundtrip(&IpNet::V4(a))?;
            roundtrip(&b)?;
        }

        #[test]
        fn read(s in net_text(), escape_all in any::<bool>()) {
            check_text::<IpNet>(&s, escape_all)?;
            check_text::<Ipv4Net>(&s, escape_all)?;
            check_text::<Ipv6Net>(&s, escape_all)?;
            check_key_read::<IpNet>(&json_string(&s, escape_all))?;
        }
    }

    #[test]
    fn read_non_strings_() {
        read_non_strings::<IpNet>();
        read_non_strings::<Ipv4Net>();
        read_non_strings::<Ipv6Net>();
    }
}

// ---- bigdecimal ------------------------------------------------------------------------------

mod bigdecimal_tests {
    use super::*;
    use bigdecimal::num_bigint::BigInt;
    use bigdecimal::BigDecimal;

    fn big_decimal() -> impl Strategy<Value = BigDecimal> {
        let scale = prop_oneof![4 => -30..30i64, 1 => -2000..2000i64];
        let digits = prop_oneof![
            any::<i64>().prop_map(BigInt::from),
            any::<i128>().prop_map(BigInt::from),
            "-?[1-9][0-9]{0,60}".prop_map(|s| s.parse::<BigInt>().unwrap()),
        ];
        (digits, scale).prop_map(|(d, s)| BigDecimal::new(d, s))
    }

    fn decimal_text() -> impl Strategy<Value = String> {
        prop_oneof![
            4 => "[-+]?[0-9]{0,25}(\\.[0-9]{0,25})?([eE][-+]?[0-9]{1,4})?",
            1 => "[0-9.eE+-]{0,8}",
            1 => ".{0,8}",
        ]
    }

    fn number_text() -> impl Strategy<Value = String> {
        prop_oneof![
            any::<i64>().prop_map(|v| v.to_string()),
            any::<u64>().prop_map(|v| v.to_string()),
            any::<f64>().prop_map(|v| format!("{v:e}")),
            "-?[0-9]{1,22}(\\.[0-9]{1,20})?([eE][-+]?[0-9]{1,3})?",
        ]
    }

    proptest! {
        #[test]
        fn write(d in big_decimal()) {
            check_write(&d)?;
            check_key_write(d.clone())?;
            // The text does not always keep the scale (`0e1` is written `"0"`): compare with
            // serde's round trip.
            let json = json_runtime::to_vec(&d).unwrap();
            let back = json_runtime::from_slice::<BigDecimal>(&json).unwrap();
            let theirs = serde_json::from_slice::<BigDecimal>(&json).unwrap();
            prop_assert_eq!(format!("{back:?}"), format!("{theirs:?}"));
            prop_assert_eq!(back, d);
        }

        #[test]
        fn read_string(s in decimal_text(), escape_all in any::<bool>()) {
            check_text::<BigDecimal>(&s, escape_all)?;
            check_key_read::<BigDecimal>(&json_string(&s, escape_all))?;
        }

        #[test]
        fn read_number(s in number_text()) {
            check_read::<BigDecimal>(s.as_bytes())?;
        }
    }

    #[test]
    fn read_non_strings_and_maps() {
        read_non_strings::<BigDecimal>();
        for s in [
            r#"{"$serde_json::private::Number":"1.50"}"#,
            r#"{"$serde_json::private::Number":12}"#,
            r#"{ "$serde_json::private::Number" : 0.5 }"#,
            r#"{"$serde_json::private::Number":{"$serde_json::private::Number":"2"}}"#,
            r#"{"$serde_json::private::Number":"x"}"#,
            r#"{"$serde_json::private::Number":"1","a":2}"#,
            r#"{"$serde_json::private::Number":"1" 3}"#,
            r#"{"$serde_json::private::Number":"1""#,
            r#"{"$serde_json::private::Number" 1}"#,
            r#"{"$serde_json::private::Number""#,
            r#"{"\u0024serde_json::private::Number":"1"}"#,
            r#"{"a":1}"#,
            r#"{"a" 1}"#,
            r#"{1:2}"#,
            "{}",
            "{",
            "{,",
        ] {
            check_read::<BigDecimal>(s.as_bytes()).unwrap();
        }
    }
}

// ---- all of them in one derived type ---------------------------------------------------------

mod derived {
    use super::*;
    use bigdecimal::BigDecimal;
    use bytes::Bytes;
    use indexmap::IndexMap;
    use semver::Version;
    use url::Url;

    #[derive(json_runtime::FastJson, serde::Serialize, serde::Deserialize, Debug, PartialEq)]
    #[serde(rename_all = "camelCase")]
    struct Release {
        home_page: Url,
        dependencies: IndexMap<String, Version>,
        price: Option<BigDecimal>,
        checksum: Bytes,
        name: smol_str::SmolStr,
        network: ipnet::IpNet,
        by_version: IndexMap<Version, compact_str::CompactString>,
        /// A type from another crate that only implements serde's traits: the serde bridge.
        #[fastjson(serde)]
        release_day: chrono::Weekday,
        #[fastjson(serde)]
        #[serde(skip_serializing_if = "Option::is_none")]
        freeze_day: Option<chrono::Weekday>,
    }

    #[test]
    fn same_bytes_and_values() {
        let r = Release {
            home_page: Url::parse("https://example.com/crates/fastjson?x=1").unwrap(),
            dependencies: [("zmij", "1.0.0"), ("itoa", "1.0.11-rc.1")]
                .into_iter()
                .map(|(k, v)| (k.to_string(), Version::parse(v).unwrap()))
                .collect(),
            price: Some("19.90".parse().unwrap()),
            checksum: Bytes::from_static(&[0, 1, 254, 255]),
            name: "fastjson".into(),
            network: "10.0.0.0/8".parse().unwrap(),
            by_version: [(Version::new(0, 1, 0), "first".into())]
                .into_iter()
                .collect(),
            release_day: chrono::Weekday::Thu,
            freeze_day: None,
        };
        let json = json_runtime::to_string(&r).unwrap();
        assert_eq!(json, serde_json::to_string(&r).unwrap());
        assert_eq!(
            json_runtime::to_string_pretty(&r).unwrap(),
            serde_json::to_string_pretty(&r).unwrap()
        );
        let back: Release = json_runtime::from_str(&json).unwrap();
        assert_eq!(
            format!("{back:?}"),
            format!("{:?}", serde_json::from_str::<Release>(&json).unwrap())
        );
        assert_eq!(back, r);
    }
}
