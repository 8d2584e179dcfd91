//! Differential and round-trip properties on generated documents, in stable Rust (the same
//! properties as the fuzz targets, kept in `cargo test`).
//!
//! Documents are generated as text (nested arrays and objects, whitespace, strings with every
//! kind of escape and non-ASCII text, numbers of every shape the grammar allows), then
//! mutated by byte flips, truncations, insertions and deletions. For each:
//! - `from_slice::<Value>` agrees with `serde_json::from_slice::<Value>` on Ok/Err and on
//!   the value; skipping (`IgnoredAny`) agrees with serde_json's on Ok/Err;
//! - the document placed where a struct skips it (under an unknown key, as an element of a
//!   skipped array) is accepted or rejected as serde_json's derive does, and where both fail
//!   at the same line, column and category (depth aside: we limit skipped nesting);
//! - a value read successfully is written (compact and pretty) exactly as serde_json writes
//!   it, and reads back equal.

use json_runtime::{FastJson, IgnoredAny};
use proptest::prelude::*;
use proptest::test_runner::{Config, FileFailurePersistence};
use serde_json::Value;

/// Whitespace between tokens: usually none.
fn ws() -> impl Strategy<Value = String> {
    prop_oneof![
        6 => Just(String::new()),
        1 => prop::sample::select(vec![" ", "\n", "\t", "\r\n", "  "]).prop_map(String::from),
    ]
}

fn digits(min: usize, max: usize) -> impl Strategy<Value = String> {
    prop::collection::vec(prop::char::range('0', '9'), min..=max)
        .prop_map(|d| d.into_iter().collect())
}

/// Any number the JSON grammar allows: sign, integer part, fraction, exponent; long digit runs
/// (past u64 and f64 precision), tiny and huge exponents.
fn number() -> impl Strategy<Value = String> {
    let int = prop_oneof![
        Just("0".to_string()),
        (prop::char::range('1', '9'), digits(0, 3)).prop_map(|(a, b)| format!("{a}{b}")),
        (prop::char::range('1', '9'), digits(15, 25)).prop_map(|(a, b)| format!("{a}{b}")),
    ];
    let frac = prop::option::weighted(0.4, digits(1, 20));
    let exp = prop::option::weighted(
        0.2,
        (
            prop::sample::select(vec!["e", "E"]),
            prop::sample::select(vec!["", "+", "-"]),
            prop_oneof![6 => digits(1, 2), 2 => digits(3, 3), 1 => digits(4, 6)],
        ),
    );
    let edge = prop::sample::select(vec![
        "-0",
        "-0.0",
        "18446744073709551615",
        "18446744073709551616",
        "-9223372036854775808",
        "-9223372036854775809",
        "9223372036854775807",
        "1.7976931348623157e308",
        "1.7976931348623159e308",
        "2.2250738585072014e-308",
        "5e-324",
        "2.4703282292062327e-324",
        "1e400",
        "0.1",
        "9007199254740993",
    ])
    .prop_map(String::from);
    prop_oneof![
        8 => (any::<bool>(), int, frac, exp).prop_map(|(neg, int, frac, exp)| {
            let mut s = String::new();
            if neg {
                s.push('-');
            }
            s.push_str(&int);
            if let Some(f) = frac {
                s.push('.');
                s.push_str(&f);
            }
            if let Some((e, sign, d)) = exp {
                s.push_str(e);
                s.push_str(sign);
                s.push_str(&d);
            }
            s
        }),
        1 => edge,
        1 => any::<f64>().prop_filter("finite", |v| v.is_finite()).prop_map(|v| v.to_string()),
        1 => any::<i64>().prop_map(|v| v.to_string()),
    ]
}

/// One piece of a string literal's content.
fn string_piece() -> impl Strategy<Value = String> {
    prop_oneof![
        6 => "[a-zA-Z0-9 _.-]{1,8}",
        2 => any::<char>().prop_map(|c| c.to_string()),
        2 => prop::sample::select(vec!["é", "ß", "日本", "😀", "\u{7f}", "\u{2028}", "\u{FFFF}"])
            .prop_map(String::from),
        2 => prop::sample::select(vec![
            "\\\"", "\\\\", "\\/", "\\b", "\\f", "\\n", "\\r", "\\t",
        ])
        .prop_map(String::from),
        2 => (0u32..0x1_0000).prop_map(|c| format!("\\u{c:04x}")),
        1 => (0u32..0x1_0000).prop_map(|c| format!("\\u{c:04X}")),
        1 => (0xD800u32..0xDC00, 0xDC00u32..0xE000)
            .prop_map(|(hi, lo)| format!("\\u{hi:04x}\\u{lo:04X}")),
    ]
}

fn string_literal() -> impl Strategy<Value = String> {
    prop::collection::vec(string_piece(), 0..6).prop_map(|p| format!("\"{}\"", p.concat()))
}

/// A JSON document as text.
fn document() -> impl Strategy<Value = String> {
    let leaf = prop_oneof![
        1 => Just("null".to_string()),
        1 => Just("true".to_string()),
        1 => Just("false".to_string()),
        4 => number(),
        4 => string_literal(),
    ];
    let value = leaf.prop_recursive(6, 48, 6, |inner| {
        prop_oneof![
            prop::collection::vec((ws(), inner.clone(), ws()), 0..6).prop_map(|items| {
                let items: Vec<String> = items
                    .into_iter()
                    .map(|(a, v, b)| format!("{a}{v}{b}"))
                    .collect();
                format!("[{}]", items.join(","))
            }),
            prop::collection::vec((ws(), string_literal(), ws(), ws(), inner), 0..6).prop_map(
                |entries| {
                    let entries: Vec<String> = entries
                        .into_iter()
                        .map(|(a, k, b, c, v)| format!("{a}{k}{b}:{c}{v}"))
                        .collect();
                    format!("{{{}}}", entries.join(","))
                }
            ),
        ]
    });
    (ws(), value, ws()).prop_map(|(a, v, b)| format!("{a}{v}{b}"))
}

#[derive(Debug, Clone)]
enum Mutation {
    Flip(prop::sample::Index, u8),
    Truncate(prop::sample::Index),
    Insert(prop::sample::Index, u8),
    Delete(prop::sample::Index),
}

fn mutation() -> impl Strategy<Value = Mutation> {
    let byte = prop_oneof![
        3 => prop::sample::select(b"[]{}\",:\\0-+.eE \n/u".to_vec()),
        1 => prop::sample::select(vec![0x00u8, 0x1f, 0x7f, 0x80, 0xbf, 0xc0, 0xed, 0xf4, 0xff]),
        1 => any::<u8>(),
    ];
    prop_oneof![
        (any::<prop::sample::Index>(), 1u8..=255).prop_map(|(i, x)| Mutation::Flip(i, x)),
        any::<prop::sample::Index>().prop_map(Mutation::Truncate),
        (any::<prop::sample::Index>(), byte).prop_map(|(i, b)| Mutation::Insert(i, b)),
        any::<prop::sample::Index>().prop_map(Mutation::Delete),
    ]
}

fn apply(doc: &mut Vec<u8>, m: &Mutation) {
    if doc.is_empty() {
        if let Mutation::Insert(_, b) = m {
            doc.push(*b);
        }
        return;
    }
    match m {
        Mutation::Flip(i, x) => {
            let i = i.index(doc.len());
            doc[i] ^= x;
        }
        Mutation::Truncate(i) => doc.truncate(i.index(doc.len())),
        Mutation::Insert(i, b) => {
            let i = i.index(doc.len() + 1);
            doc.insert(i, *b);
        }
        Mutation::Delete(i) => {
            doc.remove(i.index(doc.len()));
        }
    }
}

/// The properties, for one input.
fn check(input: &[u8]) -> Result<(), TestCaseError> {
    let ours = json_runtime::from_slice::<Value>(input);
    let theirs = serde_json::from_slice::<Value>(input);
    prop_assert_eq!(
        ours.is_ok(),
        theirs.is_ok(),
        "Ok/Err differs: ours {:?}, serde_json {:?}",
        ours.as_ref().err(),
        theirs.as_ref().err()
    );
    if let (Err(o), Err(t)) = (&ours, &theirs) {
        same_error(o, t, "value")?;
    }
    let skipped = json_runtime::from_slice::<IgnoredAny>(input);
    let serde_skipped = serde_json::from_slice::<serde::de::IgnoredAny>(input);
    prop_assert_eq!(
        skipped.is_ok(),
        serde_skipped.is_ok(),
        "skipping differs: ours {:?}, serde_json {:?}",
        skipped.as_ref().err(),
        serde_skipped.as_ref().err()
    );
    if let (Err(o), Err(t)) = (&skipped, &serde_skipped) {
        same_error(o, t, "skipped document")?;
    }
    check_skipped(input)?;
    if let Ok(text) = std::str::from_utf8(input) {
        let from_str = json_runtime::from_str::<Value>(text);
        prop_assert_eq!(from_str.is_ok(), ours.is_ok());
        if let (Ok(a), Ok(b)) = (&from_str, &ours) {
            prop_assert_eq!(a, b);
        }
    }
    let (Ok(ours), Ok(theirs)) = (ours, theirs) else {
        return Ok(());
    };
    prop_assert_eq!(&ours, &theirs);
    let compact = json_runtime::to_vec(&ours).unwrap();
    prop_assert_eq!(
        String::from_utf8_lossy(&compact),
        serde_json::to_string(&theirs).unwrap()
    );
    let pretty = json_runtime::to_vec_pretty(&ours).unwrap();
    prop_assert_eq!(
        String::from_utf8_lossy(&pretty),
        serde_json::to_string_pretty(&theirs).unwrap()
    );
    for bytes in [&compact, &pretty] {
        let back: Value = json_runtime::from_slice(bytes)
            .map_err(|e| TestCaseError::fail(format!("written output does not read: {e}")))?;
        prop_assert_eq!(&back, &ours);
    }
    Ok(())
}

/// One declared field: the value of any other key is skipped (serde's derive skips it with
/// `IgnoredAny`, which validates it).
#[derive(Debug, PartialEq, FastJson, serde::Deserialize)]
struct Known {
    known: u8,
}

/// `input` under an unknown key of [`Known`] and as an element of a skipped array: Ok/Err as
/// serde_json's, and the same error position and category.
fn check_skipped(input: &[u8]) -> Result<(), TestCaseError> {
    for (before, after) in [
        (&br#"{"known":1,"unknown":"#[..], &b"}"[..]),
        (br#"{"unknown":[true,"#, br#",{}],"known":2}"#),
    ] {
        let doc = [before, input, after].concat();
        let ours = json_runtime::from_slice::<Known>(&doc);
        let theirs = serde_json::from_slice::<Known>(&doc);
        prop_assert_eq!(
            ours.is_ok(),
            theirs.is_ok(),
            "skipped value: ours {:?}, serde_json {:?}",
            ours.as_ref().err(),
            theirs.as_ref().err()
        );
        if let (Err(o), Err(t)) = (&ours, &theirs) {
            same_error(o, t, "skipped value")?;
        }
    }
    Ok(())
}

/// The same error: message (serde_json's `Display` without its position), line, column and
/// category.
fn same_error(
    ours: &json_runtime::Error,
    theirs: &serde_json::Error,
    what: &str,
) -> Result<(), TestCaseError> {
    let message = json_tests::serde_message(theirs);
    prop_assert_eq!(
        (
            ours.message(),
            ours.line(),
            ours.column(),
            format!("{:?}", ours.classify())
        ),
        (
            message.as_str(),
            theirs.line(),
            theirs.column(),
            format!("{:?}", theirs.classify())
        ),
        "{}: ours `{}`, serde_json `{}`",
        what,
        ours,
        theirs
    );
    Ok(())
}

fn config(cases: u32) -> Config {
    Config {
        cases,
        failure_persistence: Some(Box::new(FileFailurePersistence::Direct(
            "tests/property.proptest-regressions",
        ))),
        ..Config::default()
    }
}

proptest! {
    #![proptest_config(config(1500))]

    /// Valid documents, unchanged: both accept (unless a number is out of range) and agree.
    #[test]
    fn generated_documents(doc in document()) {
        check(doc.as_bytes())?;
    }
}

proptest! {
    #![proptest_config(config(3000))]

    /// Mutated documents: mostly invalid, sometimes still valid.
    #[test]
    fn mutated_documents(
        doc in document(),
        mutations in prop::collection::vec(mutation(), 1..4),
    ) {
        let mut bytes = doc.into_bytes();
        for m in &mutations {
            apply(&mut bytes, m);
        }
        check(&bytes)?;
    }
}

/// Every prefix of one generated-looking document with every kind of token.
#[test]
fn every_prefix_of_a_rich_document() {
    let doc = concat!(
        "{\"a\": [1, -0, 1.5e-3, 18446744073709551616, -9223372036854775808, 1E+2],\n",
        " \"s\\u00e9\": \"x\\n\\ud83d\\ude00\\\"é😀\", \"o\": {\"t\": true, \"f\": false, \"n\": null},\n",
        " \"e\": [], \"m\": {}}"
    );
    for len in 0..=doc.len() {
        check(&doc.as_bytes()[..len]).unwrap();
    }
}
