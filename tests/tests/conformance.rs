//! JSONTestSuite (`data/JSONTestSuite/test_parsing/`): every file is read with
//! `json_runtime::from_slice::<serde_json::Value>` and through `json_runtime::IgnoredAny` (the
//! path unknown fields take). Every `y_` file must be accepted by both (the value equal to
//! `serde_json::from_slice`'s), every `n_` file rejected by both, and every `i_` file must give
//! `Ok` or `Err` without panicking. Both readers agree with serde_json (into `Value` and into
//! `serde::de::IgnoredAny`) on every file, `i_` files included.
//!
//! # The `i_` files (implementation-defined): what FastJson does
//!
//! Read into a value (`Value`, `String`, a number type) FastJson does exactly what serde_json
//! does; skipped (an unknown field, `IgnoredAny`, `RawJson`) it checks the grammar only, as
//! serde_json does when it ignores a value. The one difference: deep nesting.
//!
//! - **Huge exponents and big numbers.** Accepted: `i_number_double_huge_neg_exp`
//!   (`123.456e-789` is `0.0`), `i_number_real_underflow` (`0.0`), `i_number_too_big_neg_int`,
//!   `i_number_too_big_pos_int`, `i_number_very_big_negative_int` (integers beyond 64 bits
//!   become the nearest `f64`). Rejected with `number out of range` when read, accepted when
//!   skipped: `i_number_huge_exp`, `i_number_neg_int_huge_exp`, `i_number_pos_double_huge_exp`,
//!   `i_number_real_neg_overflow`, `i_number_real_pos_overflow` (beyond `f64`'s range).
//! - **Lone surrogates in `\u` escapes.** Rejected when read, accepted when skipped:
//!   `i_object_key_lone_2nd_surrogate`, `i_string_1st_surrogate_but_2nd_missing`,
//!   `i_string_1st_valid_surrogate_2nd_invalid`, `i_string_incomplete_surrogate_and_escape_valid`,
//!   `i_string_incomplete_surrogate_pair`, `i_string_incomplete_surrogates_escape_valid`,
//!   `i_string_invalid_lonely_surrogate`, `i_string_invalid_surrogate`,
//!   `i_string_inverted_surrogates_U+1D11E`, `i_string_lone_second_surrogate`.
//! - **Invalid UTF-8 in strings.** Rejected when read (`invalid unicode code point`), accepted
//!   when skipped: `i_string_UTF-8_invalid_sequence`, `i_string_UTF8_surrogate_U+D800`,
//!   `i_string_invalid_utf-8`, `i_string_iso_latin_1`, `i_string_lone_utf8_continuation_byte`,
//!   `i_string_not_in_unicode_range`, `i_string_overlong_sequence_2_bytes`,
//!   `i_string_overlong_sequence_6_bytes`, `i_string_overlong_sequence_6_bytes_null`,
//!   `i_string_truncated-utf-8`.
//! - **Deep nesting.** Rejected, read or skipped: `i_structure_500_nested_arrays` (500 levels;
//!   the limit is 127 open arrays and objects, like serde_json's, and configurable with
//!   `ReadOptions::max_depth`). serde_json rejects it too when reading a value but skips any
//!   depth; FastJson counts a skipped value's nesting against the same limit.
//! - **Other encodings.** Rejected, read or skipped (no BOM, no UTF-16, as serde_json):
//!   `i_structure_UTF-8_BOM_empty_object`, `i_string_UTF-16LE_with_BOM`,
//!   `i_string_utf16BE_no_BOM`, `i_string_utf16LE_no_BOM`.
//!
//! The test `i_choices_as_documented` checks this list.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::PathBuf;

use json_runtime::IgnoredAny;
use serde_json::error::Category;
use serde_json::Value;

fn suite_dir() -> PathBuf {
    let dir = json_tests::data::path("JSONTestSuite", "test_parsing");
    assert!(
        dir.is_dir(),
        "JSONTestSuite not found at {} (expected <workspace>/data/JSONTestSuite/test_parsing)",
        dir.display()
    );
    dir
}

/// Every file of the suite, sorted by name.
fn suite_files() -> Vec<(String, Vec<u8>)> {
    let dir = suite_dir();
    let mut files: Vec<(String, Vec<u8>)> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("cannot list {}: {e}", dir.display()))
        .map(|entry| {
            let path = entry.expect("directory entry").path();
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            let bytes = std::fs::read(&path)
                .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
            (name, bytes)
        })
        .filter(|(name, _)| name.ends_with(".json"))
        .collect();
    files.sort();
    files
}

/// What one reader did with one file.
#[derive(Debug)]
enum Outcome<T> {
    Ok(T),
    Err(String),
    Panic,
}

impl<T> Outcome<T> {
    fn is_ok(&self) -> bool {
        matches!(self, Outcome::Ok(_))
    }
    fn is_err(&self) -> bool {
        matches!(self, Outcome::Err(_))
    }
    fn map_err_text(&self) -> Option<&str> {
        match self {
            Outcome::Err(text) => Some(text),
            _ => None,
        }
    }
}

fn run<T>(f: impl FnOnce() -> json_runtime::Result<T>) -> Outcome<T> {
    match catch_unwind(AssertUnwindSafe(f)) {
        Ok(Ok(v)) => Outcome::Ok(v),
        Ok(Err(e)) => {
            // Every error must say what and where.
            assert!(!e.message().is_empty());
            Outcome::Err(e.to_string())
        }
        Err(_) => Outcome::Panic,
    }
}

struct Results {
    name: String,
    value: Outcome<Value>,
    ignored: Outcome<IgnoredAny>,
    serde_value: Result<Value, serde_json::Error>,
    serde_ignored: Result<serde::de::IgnoredAny, serde_json::Error>,
}

thread_local! {
    /// Set while this thread reads the suite: its panics are caught and counted.
    static READING: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Keeps the panic hook from printing a panic caught while reading the suite, on the reading
/// thread only: the tests run in parallel, and a failing assertion of another test must still
/// print its message.
fn quiet_reading_panics() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        let default = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if !READING.with(|r| r.get()) {
                default(info);
            }
        }));
    });
}

fn read_all() -> Vec<Results> {
    let files = suite_files();
    assert_eq!(
        files.len(),
        318,
        "JSONTestSuite/test_parsing should hold 318 files"
    );
    quiet_reading_panics();
    READING.with(|r| r.set(true));
    let results = files
        .into_iter()
        .map(|(name, bytes)| Results {
            value: run(|| json_runtime::from_slice::<Value>(&bytes)),
            ignored: run(|| json_runtime::from_slice::<IgnoredAny>(&bytes)),
            serde_value: serde_json::from_slice::<Value>(&bytes),
            serde_ignored: serde_json::from_slice::<serde::de::IgnoredAny>(&bytes),
            name,
        })
        .collect();
    READING.with(|r| r.set(false));
    results
}

#[test]
fn json_test_suite() {
    let results = read_all();
    let (mut y_total, mut y_ok, mut n_total, mut n_ok, mut i_total, mut i_ok) = (0, 0, 0, 0, 0, 0);
    let mut failures = Vec::new();
    for r in &results {
        let kind = &r.name[..2];
        let good = match kind {
            "y_" => {
                y_total += 1;
                let same = match (&r.value, &r.serde_value) {
                    (Outcome::Ok(ours), Ok(theirs)) => ours == theirs,
                    _ => false,
                };
                let good = same && r.ignored.is_ok();
                y_ok += good as usize;
                good
            }
            "n_" => {
                n_total += 1;
                // Each error says where: `... at line L column C`.
                let texts = [r.value.map_err_text(), r.ignored.map_err_text()];
                for text in texts.into_iter().flatten() {
                    assert!(text.contains(" at line "), "{}: {text}", r.name);
                }
                let good = r.value.is_err() && r.ignored.is_err();
                n_ok += good as usize;
                good
            }
            "i_" => {
                i_total += 1;
                let good =
                    !matches!(r.value, Outcome::Panic) && !matches!(r.ignored, Outcome::Panic);
                i_ok += good as usize;
                good
            }
            _ => panic!("unexpected file name {}", r.name),
        };
        if !good {
            failures.push(format!(
                "{}: Value {:?}, IgnoredAny {:?}",
                r.name, r.value, r.ignored
            ));
        }
    }
    // Each `i_` file: accepted or rejected as serde_json does, into `Value` and skipped, but for
    // the listed differences (exactly those).
    let i_files: Vec<&Results> = results
        .iter()
        .filter(|r| r.name.starts_with("i_"))
        .collect();
    let i_known: Vec<(&str, &str, &str)> = KNOWN_DIFFERENCES
        .iter()
        .copied()
        .filter(|(file, _, _)| file.starts_with("i_"))
        .collect();
    assert_known_differences("i_ files", &ok_err_differences(&i_files), &i_known);
    // Written to stdout directly (not `println!`, which the test harness captures), so every
    // `cargo test` run shows the counts.
    let counts = format!(
        "y accepted {y_ok}/{y_total}, n rejected {n_ok}/{n_total}, i no panic {i_ok}/{i_total}\n"
    );
    let _ = std::io::Write::write_all(&mut std::io::stdout(), counts.as_bytes());
    assert!(failures.is_empty(), "failures:\n{}", failures.join("\n"));
    assert_eq!((y_ok, y_total), (95, 95));
    assert_eq!((n_ok, n_total), (188, 188));
    assert_eq!((i_ok, i_total), (35, 35));
}

/// Where our Ok/Err differs from serde_json's: (file, reader, why). All are `i_` files.
const KNOWN_DIFFERENCES: &[(&str, &str, &str)] = &[(
    "i_structure_500_nested_arrays.json",
    "IgnoredAny",
    "we accept 127 levels when skipping too (serde_json skips any depth) and reject 500",
)];

/// `"{file} {reader}"` for a table entry.
fn key(file: &str, reader: &str) -> String {
    format!("{file} {reader}")
}

/// Where our Ok/Err (or a panic) differs from serde_json's: (`"{file} {reader}"`, what each
/// did).
fn ok_err_differences(results: &[&Results]) -> Vec<(String, String)> {
    let mut found = Vec::new();
    for r in results {
        if r.value.is_ok() != r.serde_value.is_ok() || r.value.is_err() != r.serde_value.is_err() {
            found.push((
                key(&r.name, "Value"),
                format!("ours {:?}, serde_json {:?}", r.value, r.serde_value),
            ));
        }
        if r.ignored.is_ok() != r.serde_ignored.is_ok()
            || r.ignored.is_err() != r.serde_ignored.is_err()
        {
            found.push((
                key(&r.name, "IgnoredAny"),
                format!("ours {:?}, serde_json {:?}", r.ignored, r.serde_ignored),
            ));
        }
    }
    found
}

/// Asserts that the differences found (key, description) are exactly the listed ones (file,
/// reader, why): an unlisted difference fails, and so does a listed one that no longer differs.
fn assert_known_differences(what: &str, found: &[(String, String)], known: &[(&str, &str, &str)]) {
    let unlisted: Vec<String> = found
        .iter()
        .filter(|(k, _)| {
            !known
                .iter()
                .any(|(file, reader, _)| key(file, reader) == *k)
        })
        .map(|(k, d)| format!("  {k}: {d}"))
        .collect();
    let stale: Vec<String> = known
        .iter()
        .filter(|(file, reader, _)| !found.iter().any(|(k, _)| key(file, reader) == *k))
        .map(|(file, reader, why)| format!("  {} ({why})", key(file, reader)))
        .collect();
    assert!(
        unlisted.is_empty() && stale.is_empty(),
        "{what}: differences from serde_json not listed as known:\n{}\nlisted as known \
         differences but now the same as serde_json (remove them):\n{}",
        unlisted.join("\n"),
        stale.join("\n")
    );
}

/// Both readers agree with serde_json (into `Value` and into `serde::de::IgnoredAny`) on Ok
/// versus Err for every file, `i_` files included, except the listed differences (exactly).
#[test]
fn agrees_with_serde_json_on_every_file() {
    let results = read_all();
    let all: Vec<&Results> = results.iter().collect();
    assert_known_differences("all files", &ok_err_differences(&all), KNOWN_DIFFERENCES);
    // The listed difference is the one described: we reject the skipped document, serde_json
    // accepts it.
    for (file, _, _) in KNOWN_DIFFERENCES {
        let r = results.iter().find(|r| r.name == *file).unwrap();
        assert!(r.ignored.is_err() && r.serde_ignored.is_ok(), "{file}");
    }
}

/// The `i_` choices listed at the top of this file: (file, accepted into `Value`, accepted
/// through `IgnoredAny`).
const I_CHOICES: &[(&str, bool, bool)] = &[
    ("i_number_double_huge_neg_exp", true, true),
    ("i_number_real_underflow", true, true),
    ("i_number_too_big_neg_int", true, true),
    ("i_number_too_big_pos_int", true, true),
    ("i_number_very_big_negative_int", true, true),
    ("i_number_huge_exp", false, true),
    ("i_number_neg_int_huge_exp", false, true),
    ("i_number_pos_double_huge_exp", false, true),
    ("i_number_real_neg_overflow", false, true),
    ("i_number_real_pos_overflow", false, true),
    ("i_object_key_lone_2nd_surrogate", false, true),
    ("i_string_1st_surrogate_but_2nd_missing", false, true),
    ("i_string_1st_valid_surrogate_2nd_invalid", false, true),
    (
        "i_string_incomplete_surrogate_and_escape_valid",
        false,
        true,
    ),
    ("i_string_incomplete_surrogate_pair", false, true),
    ("i_string_incomplete_surrogates_escape_valid", false, true),
    ("i_string_invalid_lonely_surrogate", false, true),
    ("i_string_invalid_surrogate", false, true),
    ("i_string_inverted_surrogates_U+1D11E", false, true),
    ("i_string_lone_second_surrogate", false, true),
    ("i_string_UTF-8_invalid_sequence", false, true),
    ("i_string_UTF8_surrogate_U+D800", false, true),
    ("i_string_invalid_utf-8", false, true),
    ("i_string_iso_latin_1", false, true),
    ("i_string_lone_utf8_continuation_byte", false, true),
    ("i_string_not_in_unicode_range", false, true),
    ("i_string_overlong_sequence_2_bytes", false, true),
    ("i_string_overlong_sequence_6_bytes", false, true),
    ("i_string_overlong_sequence_6_bytes_null", false, true),
    ("i_string_truncated-utf-8", false, true),
    ("i_structure_500_nested_arrays", false, false),
    ("i_structure_UTF-8_BOM_empty_object", false, false),
    ("i_string_UTF-16LE_with_BOM", false, false),
    ("i_string_utf16BE_no_BOM", false, false),
    ("i_string_utf16LE_no_BOM", false, false),
];

#[test]
fn i_choices_as_documented() {
    let results = read_all();
    let i_files: Vec<&Results> = results
        .iter()
        .filter(|r| r.name.starts_with("i_"))
        .collect();
    assert_eq!(i_files.len(), I_CHOICES.len(), "every i_ file is listed");
    for r in i_files {
        let stem = r.name.trim_end_matches(".json");
        let &(_, value, ignored) = I_CHOICES
            .iter()
            .find(|(name, _, _)| *name == stem)
            .unwrap_or_else(|| panic!("{} is not in I_CHOICES", r.name));
        assert_eq!(
            r.value.is_ok(),
            value,
            "{} into Value: {:?}",
            r.name,
            r.value
        );
        assert_eq!(
            r.ignored.is_ok(),
            ignored,
            "{} through IgnoredAny: {:?}",
            r.name,
            r.ignored
        );
    }
}

/// serde_json's category for one of our errors.
fn category(e: &json_runtime::Error) -> Category {
    match e.classify() {
        json_runtime::Category::Syntax => Category::Syntax,
        json_runtime::Category::Eof => Category::Eof,
        json_runtime::Category::Data => Category::Data,
        json_runtime::Category::Io => Category::Io,
    }
}

/// Whether the messages are the same: serde_json's `Display` without its position.
fn same_message(ours: &json_runtime::Error, theirs: &serde_json::Error) -> bool {
    ours.message() == json_tests::serde_message(theirs)
}

/// Where both fail, our message, line, column and category (EOF, syntax, data) are serde_json's, except
/// these (file, reader, why).
const POSITION_DIFFERENCES: &[(&str, &str, &str)] = &[
    // serde_json skips any depth (and then hits the end), we stop at the depth limit.
    (
        "n_structure_100000_opening_arrays.json",
        "IgnoredAny",
        "skipped depth",
    ),
    (
        "n_structure_open_array_object.json",
        "IgnoredAny",
        "skipped depth",
    ),
];

#[test]
fn error_positions_match_serde_json() {
    let mut wrong = Vec::new();
    let mut known = 0;
    for name in suite_files().into_iter().map(|(name, _)| name) {
        let bytes = std::fs::read(suite_dir().join(&name)).unwrap();
        let value = (
            json_runtime::from_slice::<Value>(&bytes).err(),
            serde_json::from_slice::<Value>(&bytes).err(),
        );
        let ignored = (
            json_runtime::from_slice::<IgnoredAny>(&bytes).err(),
            serde_json::from_slice::<serde::de::IgnoredAny>(&bytes).err(),
        );
        for (reader, pair) in [("Value", value), ("IgnoredAny", ignored)] {
            let (Some(ours), Some(theirs)) = pair else {
                continue;
            };
            let same = (ours.line(), ours.column(), category(&ours))
                == (theirs.line(), theirs.column(), theirs.classify())
                && same_message(&ours, &theirs);
            let expected_difference = POSITION_DIFFERENCES
                .iter()
                .any(|(file, r, _)| *file == name && *r == reader);
            if expected_difference {
                known += 1;
                assert!(
                    !same,
                    "{name} ({reader}) now matches: remove it from the list"
                );
            } else if !same {
                wrong.push(format!(
                    "{name} ({reader}): ours {:?} `{ours}`, serde_json {:?} `{theirs}`",
                    category(&ours),
                    theirs.classify()
                ));
            }
        }
    }
    assert_eq!(known, POSITION_DIFFERENCES.len());
    assert!(
        wrong.is_empty(),
        "errors differ from serde_json (line, column, category):\n{}",
        wrong.join("\n")
    );
}

/// A struct that declares one field: every other key's value is skipped (serde's derive skips
/// it with `IgnoredAny`, FastJson's with `Reader::skip_value`).
#[derive(Debug, PartialEq, json_runtime::FastJson, serde::Deserialize)]
struct Known {
    known: u8,
}

/// The places a file's text is put so that it is skipped: under an unknown key of [`Known`], as
/// an element of a skipped array, and as a value inside a skipped object (name, before, after).
const SKIPPED_PLACES: [(&str, &str, &str); 3] = [
    ("unknown key", r#"{"known":1,"unknown":"#, "}"),
    ("skipped array", r#"{"unknown":[0,"#, r#","x"],"known":1}"#),
    (
        "skipped object",
        r#"{"known":1,"unknown":{"a":[],"b":"#,
        "}}",
    ),
];

/// Where skipping differs from serde_json in the places above: (file, place, why).
const SKIPPED_DIFFERENCES: &[(&str, &str, &str)] = &[
    (
        "i_structure_500_nested_arrays.json",
        "unknown key",
        "we count a skipped value's nesting against the depth limit, serde_json does not",
    ),
    (
        "i_structure_500_nested_arrays.json",
        "skipped array",
        "as above",
    ),
    (
        "i_structure_500_nested_arrays.json",
        "skipped object",
        "as above",
    ),
];

/// Every file's text placed where it is skipped ([`SKIPPED_PLACES`]): Ok versus Err as
/// serde_json's derive decides (`IgnoredAny` validates what it skips), and where both fail the
/// same line, column and category, but for the listed differences (exactly those).
#[test]
fn skipped_values_agree_with_serde_json() {
    let mut found = Vec::new();
    let mut positions = Vec::new();
    let (mut accepted, mut total) = (0, 0);
    for (name, bytes) in suite_files() {
        for (place, before, after) in SKIPPED_PLACES {
            let doc = [before.as_bytes(), &bytes, after.as_bytes()].concat();
            let ours = json_runtime::from_slice::<Known>(&doc);
            let theirs = serde_json::from_slice::<Known>(&doc);
            total += 1;
            accepted += ours.is_ok() as usize;
            if ours.is_ok() != theirs.is_ok() {
                found.push((
                    key(&name, place),
                    format!("ours {ours:?}, serde_json {theirs:?}"),
                ));
            } else if let (Err(o), Err(t)) = (&ours, &theirs) {
                // Positions: the depth difference aside, which also moves the error.
                let listed = SKIPPED_DIFFERENCES.iter().any(|(f, _, _)| *f == name);
                if !listed
                    && !POSITION_DIFFERENCES
                        .iter()
                        .any(|(f, r, _)| *f == name && *r == "IgnoredAny")
                    && ((o.line(), o.column(), category(o)) != (t.line(), t.column(), t.classify())
                        || !same_message(o, t))
                {
                    positions.push(format!("{name} ({place}): ours `{o}`, serde_json `{t}`"));
                }
            }
        }
    }
    assert_known_differences("skipped values", &found, SKIPPED_DIFFERENCES);
    assert!(
        positions.is_empty(),
        "errors in skipped values differ from serde_json (line, column, category):\n{}",
        positions.join("\n")
    );
    // Each `y_` and skipped-valid `i_` file is accepted in each place, each `n_` file rejected.
    assert_eq!((accepted, total), (3 * 125, 3 * 318));
}
