//! Hostile input: nesting past the depth limit (also on a 64 KiB thread stack), truncation at
//! every byte of real payloads, a table of malformed documents, and memory bounds. Every read
//! must end in a value or a clean error (message, line, column, path) and agree with serde_json
//! on Ok versus Err; where both fail, on message, line, column and category (EOF, syntax, data)
//! too, but for the differences listed in `MALFORMED_DIFFERENCES` and `TRUNCATION_DIFFERENCES`
//! (none at present), each asserted to still differ.
//!
//! The memory figure in docs/errors.md comes from the ignored test `memory_100mb_array` (run it
//! with `cargo test -p json-tests --release --test hostile -- --ignored --nocapture`). Measured
//! once: a 100 MB array of 1.27 million small objects takes 1026 MB as `serde_json::Value`
//! (the same as serde_json's own reader builds) with a peak while parsing of 1.00x that, and
//! 277 MB as `Vec<Item>` with a peak of 326 MB (1.18x).

use std::cell::Cell;
use std::fmt::Debug;
use std::panic::{catch_unwind, AssertUnwindSafe};

use json_runtime::{FastJson, FromJson, IgnoredAny, ReadOptions};
use json_tests::payloads::{self, seeds, twitter};
use serde::de::DeserializeOwned;
use serde::Deserialize;
use serde_json::error::Category;
use serde_json::Value;

// ---- a counting allocator (per thread, so parallel tests do not disturb a measurement) ----

struct Counting;

thread_local! {
    static LIVE: Cell<usize> = const { Cell::new(0) };
    static PEAK: Cell<usize> = const { Cell::new(0) };
}

fn add_live(bytes: usize) {
    let _ = LIVE.try_with(|live| {
        let now = live.get() + bytes;
        live.set(now);
        let _ = PEAK.try_with(|peak| peak.set(peak.get().max(now)));
    });
}

fn sub_live(bytes: usize) {
    let _ = LIVE.try_with(|live| live.set(live.get().saturating_sub(bytes)));
}

// SAFETY: every call is forwarded unchanged to the system allocator; the counters are plain
// thread-local integers that never allocate.
unsafe impl std::alloc::GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: std::alloc::Layout) -> *mut u8 {
        add_live(layout.size());
        // SAFETY: the caller's contract for `alloc` is passed on as is.
        unsafe { std::alloc::System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: std::alloc::Layout) {
        sub_live(layout.size());
        // SAFETY: `ptr` came from `System` with this layout (every allocation goes there).
        unsafe { std::alloc::System.dealloc(ptr, layout) }
    }
    unsafe fn alloc_zeroed(&self, layout: std::alloc::Layout) -> *mut u8 {
        add_live(layout.size());
        // SAFETY: as for `alloc`.
        unsafe { std::alloc::System.alloc_zeroed(layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: std::alloc::Layout, new_size: usize) -> *mut u8 {
        // Count the moment both blocks may exist.
        add_live(new_size);
        sub_live(layout.size());
        // SAFETY: as for `dealloc` and `alloc`.
        unsafe { std::alloc::System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// Runs `f`, returning its result, the bytes it left allocated and its peak allocation (both
/// on this thread, relative to the start).
fn measure<T>(f: impl FnOnce() -> T) -> (T, usize, usize) {
    let base = LIVE.with(Cell::get);
    PEAK.with(|p| p.set(base));
    let out = f();
    let live = LIVE.with(Cell::get).saturating_sub(base);
    let peak = PEAK.with(Cell::get).saturating_sub(base);
    (out, live, peak)
}

// ---- helpers ------------------------------------------------------------------------------

/// Reads `input` as `T` with both libraries, panicking if ours panics; checks that an error of
/// ours has a message and a position, and that both agree on Ok versus Err.
fn both<T>(input: &[u8]) -> (json_runtime::Result<T>, serde_json::Result<T>)
where
    T: for<'de> FromJson<'de> + DeserializeOwned,
{
    let ours = catch_unwind(AssertUnwindSafe(|| json_runtime::from_slice::<T>(input)))
        .unwrap_or_else(|_| panic!("panic reading {:?}", String::from_utf8_lossy(input)));
    let theirs = serde_json::from_slice::<T>(input);
    if let Err(e) = &ours {
        assert!(!e.message().is_empty());
        assert!(
            e.line() > 0,
            "no position in {e} for {:?}",
            String::from_utf8_lossy(input)
        );
    }
    assert_eq!(
        ours.is_ok(),
        theirs.is_ok(),
        "Ok/Err differs from serde_json for {:?} into {}: ours {:?}, serde_json {:?}",
        String::from_utf8_lossy(&input[..input.len().min(300)]),
        std::any::type_name::<T>(),
        ours.as_ref().err(),
        theirs.as_ref().err()
    );
    (ours, theirs)
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

/// `Some(description)` if both failed and the errors differ in message, line, column or
/// category (EOF, syntax, data). Ok versus Err is `both`'s check.
fn error_difference<A, B>(
    ours: &json_runtime::Result<A>,
    theirs: &serde_json::Result<B>,
) -> Option<String> {
    match (ours, theirs) {
        (Err(o), Err(t))
            if (o.line(), o.column(), category(o)) != (t.line(), t.column(), t.classify())
                || o.message() != json_tests::serde_message(t) =>
        {
            Some(format!(
                "ours {:?} `{o}`, serde_json {:?} `{t}`",
                category(o),
                t.classify()
            ))
        }
        _ => None,
    }
}

/// Asserts that the differences found (key, description) are exactly the known ones (key,
/// reason): an unlisted difference fails, and so does a listed one that no longer differs.
fn assert_known_differences(what: &str, found: &[(String, String)], known: &[(&str, &str)]) {
    let unlisted: Vec<String> = found
        .iter()
        .filter(|(key, _)| !known.iter().any(|(k, _)| k == key))
        .map(|(key, d)| format!("  {key}: {d}"))
        .collect();
    let stale: Vec<String> = known
        .iter()
        .filter(|(k, _)| !found.iter().any(|(key, _)| key == k))
        .map(|(k, why)| format!("  {k} ({why})"))
        .collect();
    assert!(
        unlisted.is_empty() && stale.is_empty(),
        "{what}: errors differ from serde_json's (line, column, category) where not listed as \
         known:\n{}\nlisted as known differences but now equal to serde_json's (remove them):\n{}",
        unlisted.join("\n"),
        stale.join("\n")
    );
    for (k, why) in known {
        assert!(!why.is_empty(), "{what}: {k} needs a reason");
        assert_eq!(
            known.iter().filter(|(other, _)| other == k).count(),
            1,
            "{what}: {k} is listed twice"
        );
    }
}

/// Any value, skipped: our `IgnoredAny` and serde's, behind one type.
#[derive(Debug)]
struct Skip;

impl<'de> FromJson<'de> for Skip {
    fn read_json(r: &mut json_runtime::Reader<'de>) -> json_runtime::Result<Self> {
        IgnoredAny::read_json(r).map(|_| Skip)
    }
}

impl<'de> Deserialize<'de> for Skip {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        serde::de::IgnoredAny::deserialize(d).map(|_| Skip)
    }
}

fn nested(open: &str, inner: &str, close: &str, depth: usize) -> Vec<u8> {
    let mut s = String::with_capacity((open.len() + close.len()) * depth + inner.len());
    for _ in 0..depth {
        s.push_str(open);
    }
    s.push_str(inner);
    for _ in 0..depth {
        s.push_str(close);
    }
    s.into_bytes()
}

// ---- depth --------------------------------------------------------------------------------

#[derive(Debug, PartialEq, FastJson, Deserialize)]
struct Node {
    children: Vec<Node>,
}

/// Nested arrays only (`[[[...]]]`): one level per array, the deepest recursion of a derived
/// type through `Vec`, whose reader stages elements in a 256-byte buffer in every level's
/// stack frame (impls/vec_read.rs).
#[derive(Debug, PartialEq, FastJson, Deserialize)]
struct Tree(Vec<Tree>);

/// `{"children":[` ... `]}` with `levels` nodes: each node opens an object and an array.
fn node_chain(levels: usize) -> Vec<u8> {
    nested(r#"{"children":["#, "", "]}", levels)
}

#[test]
fn default_depth_is_serde_jsons() {
    // serde_json allows 127 open containers and fails on the 128th when it reads a value; so do
    // we. For a skipped value (IgnoredAny) serde_json has no limit: FastJson keeps its limit
    // there on purpose (README, "Nesting while skipping"; fuzz finding F1).
    for (open, inner, close) in [("[", "", "]"), (r#"{"a":"#, "null", "}")] {
        let ok = nested(open, inner, close, 127);
        let deep = nested(open, inner, close, 128);
        let (v, _) = both::<Value>(&ok);
        v.unwrap();
        let (err, theirs) = both::<Value>(&deep);
        let err = err.unwrap_err();
        assert_eq!(err.message(), "recursion limit exceeded");
        assert_eq!(error_difference(&Err::<(), _>(err), &theirs), None);
        assert!(json_runtime::from_slice::<IgnoredAny>(&ok).is_ok());
        let err = json_runtime::from_slice::<IgnoredAny>(&deep).unwrap_err();
        assert_eq!(err.message(), "recursion limit exceeded");
    }
    // Typed arrays: Vec<Vec<...>> is bounded by its type; a recursive type by the limit.
    // 63 nodes open 126 containers; 64 open 128.
    let (ok, _) = both::<Node>(&node_chain(63));
    ok.unwrap();
    let (err, theirs) = both::<Node>(&node_chain(64));
    let err = err.unwrap_err();
    assert_eq!(err.message(), "recursion limit exceeded");
    assert!(err.path().starts_with("children[0].children[0]"), "{err:?}");
    assert_eq!(error_difference(&Err::<(), _>(err), &theirs), None);
}

#[test]
fn depth_limit_is_configurable() {
    let opts = ReadOptions::new().max_depth(10);
    for (open, inner, close) in [("[", "", "]"), (r#"{"a":"#, "null", "}")] {
        let ok = nested(open, inner, close, 10);
        let deep = nested(open, inner, close, 11);
        assert!(json_runtime::from_slice_with::<Value>(&ok, &opts).is_ok());
        assert!(json_runtime::from_slice_with::<IgnoredAny>(&ok, &opts).is_ok());
        for err in [
            json_runtime::from_slice_with::<Value>(&deep, &opts).unwrap_err(),
            json_runtime::from_slice_with::<IgnoredAny>(&deep, &opts).unwrap_err(),
        ] {
            assert_eq!(err.message(), "recursion limit exceeded");
            assert_eq!((err.line(), err.column()), (1, 10 * open.len() + 1));
        }
    }
    assert!(json_runtime::from_slice_with::<Node>(&node_chain(5), &opts).is_ok());
    let err = json_runtime::from_slice_with::<Node>(&node_chain(6), &opts).unwrap_err();
    assert_eq!(err.message(), "recursion limit exceeded");
    // A larger limit lets deeper documents through.
    let opts = ReadOptions::new().max_depth(1000);
    let deep = nested("[", "", "]", 999);
    assert!(json_runtime::from_slice_with::<Value>(&deep, &opts).is_ok());
    assert!(json_runtime::from_slice_with::<IgnoredAny>(&deep, &opts).is_ok());
}

/// The hostile nesting documents, read into every kind of reader.
fn deep_documents() -> Vec<(&'static str, Vec<u8>)> {
    let ten_mb = 10 << 20;
    vec![
        (
            "n_structure_100000_opening_arrays.json",
            json_tests::data::load(
                "JSONTestSuite/test_parsing",
                "n_structure_100000_opening_arrays.json",
            ),
        ),
        ("10 MB of [", vec![b'['; ten_mb]),
        (
            "10 MB of {\"a\":",
            r#"{"a":"#.repeat(ten_mb / 5).into_bytes(),
        ),
        ("10 MB of {\"children\":[", node_chain(ten_mb / 13)),
    ]
}

/// Reads each deep document into `Value`, `IgnoredAny`, `Vec<Value>`, a map and (if `derived`)
/// the recursive derived `Node`: each is an error.
fn read_deep_documents(derived: bool) {
    for (name, doc) in deep_documents() {
        let mut errs = vec![
            json_runtime::from_slice::<Value>(&doc).unwrap_err(),
            json_runtime::from_slice::<IgnoredAny>(&doc).unwrap_err(),
            json_runtime::from_slice::<Vec<Value>>(&doc).unwrap_err(),
            json_runtime::from_slice::<std::collections::BTreeMap<String, Value>>(&doc)
                .unwrap_err(),
        ];
        if derived {
            errs.push(json_runtime::from_slice::<Node>(&doc).unwrap_err());
            errs.push(json_runtime::from_slice::<Tree>(&doc).unwrap_err());
        }
        for err in errs {
            assert!(!err.message().is_empty(), "{name}");
            assert!(err.line() > 0, "{name}: {err:?}");
        }
    }
}

fn on_stack(kib: usize, f: fn(bool), derived: bool) {
    std::thread::Builder::new()
        .stack_size(kib << 10)
        .spawn(move || f(derived))
        .expect("spawn a thread")
        .join()
        .unwrap_or_else(|_| panic!("reading deep documents on a {kib} KiB stack"));
}

#[test]
fn deep_documents_are_errors() {
    read_deep_documents(true);
}

/// `Value`, `IgnoredAny` and containers of them read iteratively: any depth fits a 64 KiB
/// stack. Derived types recurse once per level up to the depth limit: that fits 64 KiB in an
/// optimized build; an unoptimized one needs up to about 256 KiB at the default limit (127).
#[test]
fn deep_documents_are_errors_on_a_64k_stack() {
    on_stack(64, read_deep_documents, cfg!(not(debug_assertions)));
    if cfg!(debug_assertions) {
        on_stack(256, read_deep_documents, true);
    }
}

// ---- truncation ---------------------------------------------------------------------------

/// What the truncations found.
#[derive(Default)]
struct Truncations {
    /// Prefixes whose error differs from serde_json's (message, line, column, category):
    /// (`{key} [..{len}]`, description).
    found: Vec<(String, String)>,
    /// Skipped prefixes that end just after a number's decimal point (`"price":23.`), where
    /// serde_json's skipper reports `invalid number`, not EOF.
    cut_after_point: usize,
}

/// True if `prefix` ends inside a string.
fn in_string(prefix: &[u8]) -> bool {
    let (mut inside, mut escaped) = (false, false);
    for &b in prefix {
        match (inside, escaped, b) {
            (true, true, _) => escaped = false,
            (true, false, b'\\') => escaped = true,
            (_, false, b'"') => inside = !inside,
            _ => {}
        }
    }
    inside
}

/// Reads every proper prefix of `doc` as `T` with both libraries: each is an error (unless only
/// trailing whitespace was cut) and both agree on Ok versus Err. `skipped` says `T` skips the
/// whole document (the rule for a cut after a decimal point applies to skipping only).
fn truncations<T>(key: &str, doc: &[u8], skipped: bool, out: &mut Truncations)
where
    T: for<'de> FromJson<'de> + DeserializeOwned,
{
    let complete = doc.len()
        - doc
            .iter()
            .rev()
            .take_while(|b| b.is_ascii_whitespace())
            .count();
    for len in 0..doc.len() {
        let prefix = &doc[..len];
        let (ours, theirs) = both::<T>(prefix);
        if len < complete {
            let err = ours.as_ref().err().unwrap_or_else(|| {
                panic!("{key}: the first {len} bytes were accepted as a whole document")
            });
            assert!(!err.message().is_empty());
        }
        let after_point = skipped
            && prefix.ends_with(b".")
            && prefix.len() >= 2
            && prefix[len - 2].is_ascii_digit()
            && !in_string(prefix);
        out.cut_after_point += after_point as usize;
        if let Some(d) = error_difference(&ours, &theirs) {
            out.found.push((format!("{key} [..{len}]"), d));
        }
    }
}

/// The first status of twitter.json, as serde_json writes it.
fn twitter_status() -> Vec<u8> {
    let doc: Value = serde_json::from_slice(&payloads::TWITTER.load()).unwrap();
    serde_json::to_vec_pretty(&doc["statuses"][0]).unwrap()
}

/// Truncations whose error differs from serde_json's beyond the rule for a cut after a decimal
/// point (see `truncated_payloads_are_errors`): (`{payload} {reader} [..{length}]`, why).
const TRUNCATION_DIFFERENCES: &[(&str, &str)] = &[];

/// Skipped prefixes of the payloads below that end just after a number's decimal point.
const CUT_AFTER_POINT: usize = 46;

#[test]
fn truncated_payloads_are_errors() {
    let mut t = Truncations::default();
    for p in [
        payloads::ORDER_SMALL,
        payloads::FORECAST,
        payloads::COSMOS_ORDER,
        payloads::WEATHER_STATION,
        payloads::ORDER_1K,
    ] {
        let doc = p.load();
        truncations::<Value>(&format!("{} Value", p.name), &doc, false, &mut t);
        truncations::<Skip>(&format!("{} IgnoredAny", p.name), &doc, true, &mut t);
    }
    truncations::<seeds::order_small::Order>(
        "order_small typed",
        &payloads::ORDER_SMALL.load(),
        false,
        &mut t,
    );
    truncations::<seeds::forecast::WeatherForecast>(
        "forecast typed",
        &payloads::FORECAST.load(),
        false,
        &mut t,
    );
    truncations::<seeds::cosmos_order::Order>(
        "cosmos_order typed",
        &payloads::COSMOS_ORDER.load(),
        false,
        &mut t,
    );
    truncations::<seeds::weather_station::WeatherStation>(
        "weather_station typed",
        &payloads::WEATHER_STATION.load(),
        false,
        &mut t,
    );
    truncations::<seeds::order_1k::Order>(
        "order_1k typed",
        &payloads::ORDER_1K.load(),
        false,
        &mut t,
    );
    let status = twitter_status();
    truncations::<Value>("status Value", &status, false, &mut t);
    truncations::<twitter::Status>("status typed", &status, false, &mut t);
    // A skipped value cut just after a decimal point (`23.`) is a syntax error (`invalid
    // number`) for serde_json, whose skipper wants a digit there before it looks for the end
    // of the input, while its reader of a value says EOF there: the case is reached this often,
    // and each such prefix's error is serde_json's (checked with the others).
    assert_eq!(
        t.cut_after_point, CUT_AFTER_POINT,
        "(skipped prefixes cut after a decimal point)"
    );
    assert_known_differences("truncated payloads", &t.found, TRUNCATION_DIFFERENCES);
}

// ---- malformed input table ----------------------------------------------------------------

#[derive(Debug, PartialEq, FastJson, Deserialize)]
enum Kind {
    Small,
    Large,
}

/// Every field optional, so each document below fails (or not) for the one reason it shows.
#[derive(Debug, PartialEq, FastJson, Deserialize)]
struct Rec {
    id: Option<u8>,
    small: Option<i8>,
    count: Option<u64>,
    delta: Option<i64>,
    score: Option<f64>,
    name: Option<String>,
    kind: Option<Kind>,
    tags: Option<Vec<String>>,
    nested: Option<Box<Rec>>,
}

/// (what, document, accepted into `Rec`). The same documents also go into `Value`.
fn table() -> Vec<(&'static str, Vec<u8>, bool)> {
    let b = |s: &str| s.as_bytes().to_vec();
    let raw = |parts: &[&[u8]]| parts.concat();
    vec![
        // Invalid UTF-8 in strings and keys.
        (
            "lone continuation byte",
            raw(&[b"{\"name\":\"a", b"\x80", b"\"}"]),
            false,
        ),
        (
            "invalid byte 0xff",
            raw(&[b"{\"name\":\"", b"\xff", b"\"}"]),
            false,
        ),
        (
            "truncated 3-byte sequence",
            raw(&[b"{\"name\":\"\xe2\x82", b"\"}"]),
            false,
        ),
        (
            "overlong 2-byte NUL",
            raw(&[b"{\"name\":\"\xc0\x80\"}"]),
            false,
        ),
        (
            "overlong 3-byte slash",
            raw(&[b"{\"name\":\"\xe0\x80\xaf\"}"]),
            false,
        ),
        (
            "UTF-8 encoded surrogate",
            raw(&[b"{\"name\":\"\xed\xa0\x80\"}"]),
            false,
        ),
        (
            "beyond U+10FFFF",
            raw(&[b"{\"name\":\"\xf4\x90\x80\x80\"}"]),
            false,
        ),
        (
            "invalid UTF-8 after an escape",
            raw(&[b"{\"name\":\"\\n\xff\"}"]),
            false,
        ),
        (
            "invalid UTF-8 in a key",
            raw(&[b"{\"na\xffme\":\"x\"}"]),
            false,
        ),
        (
            "invalid UTF-8 in a nested key",
            raw(&[b"{\"nested\":{\"\xff\":1}}"]),
            false,
        ),
        // \u escapes.
        ("short \\u escape", b(r#"{"name":"\u00e"}"#), false),
        ("\\u escape at the end", b(r#"{"name":"\u00"#), false),
        ("non-hex \\u escape", b(r#"{"name":"\uZZZZ"}"#), false),
        ("lone high surrogate", b(r#"{"name":"\ud800"}"#), false),
        ("lone low surrogate", b(r#"{"name":"\udc00"}"#), false),
        (
            "high surrogate then a letter",
            b(r#"{"name":"\ud800x"}"#),
            false,
        ),
        (
            "high surrogate then a non-surrogate",
            b(r#"{"name":"\ud800\u0041"}"#),
            false,
        ),
        (
            "inverted surrogates",
            b(r#"{"name":"\udd1e\ud834"}"#),
            false,
        ),
        ("surrogate pair", b(r#"{"name":"\ud834\udd1e"}"#), true),
        ("\\u0000", b(r#"{"name":"\u0000"}"#), true),
        ("unknown escape", b(r#"{"name":"\x41"}"#), false),
        (
            "escaped key with a bad escape",
            b(r#"{"n\qme":"x"}"#),
            false,
        ),
        // Control characters.
        ("raw NUL in a string", b("{\"name\":\"a\u{0}b\"}"), false),
        ("raw newline in a string", b("{\"name\":\"a\nb\"}"), false),
        ("raw tab in a string", b("{\"name\":\"a\tb\"}"), false),
        ("raw 0x1f in a key", b("{\"na\u{1f}me\":1}"), false),
        ("DEL is allowed", b("{\"name\":\"a\u{7f}b\"}"), true),
        // Numbers out of range for the target type.
        ("256 into u8", b(r#"{"id":256}"#), false),
        ("-1 into u8", b(r#"{"id":-1}"#), false),
        ("128 into i8", b(r#"{"small":128}"#), false),
        ("-129 into i8", b(r#"{"small":-129}"#), false),
        (
            "2^64 into u64",
            b(r#"{"count":18446744073709551616}"#),
            false,
        ),
        (
            "u64::MAX into u64",
            b(r#"{"count":18446744073709551615}"#),
            true,
        ),
        (
            "2^63 into i64",
            b(r#"{"delta":9223372036854775808}"#),
            false,
        ),
        (
            "i64::MIN into i64",
            b(r#"{"delta":-9223372036854775808}"#),
            true,
        ),
        (
            "-2^63-1 into i64",
            b(r#"{"delta":-9223372036854775809}"#),
            false,
        ),
        ("1.5 into u8", b(r#"{"id":1.5}"#), false),
        ("1e2 into u8", b(r#"{"id":1e2}"#), false),
        ("1.0 into u64", b(r#"{"count":1.0}"#), false),
        // -0.
        ("-0 into u8", b(r#"{"id":-0}"#), false),
        ("-0 into i64", b(r#"{"delta":-0}"#), false),
        ("-0 into f64", b(r#"{"score":-0}"#), true),
        ("-0.0 into f64", b(r#"{"score":-0.0}"#), true),
        // Float range.
        ("1e400 into f64", b(r#"{"score":1e400}"#), false),
        ("-1e400 into f64", b(r#"{"score":-1e400}"#), false),
        ("1e-400 into f64", b(r#"{"score":1e-400}"#), true),
        ("1e400 skipped", b(r#"{"unknown":1e400}"#), true),
        (
            "huge exponent",
            b(r#"{"score":1e99999999999999999999}"#),
            false,
        ),
        (
            "huge exponent on zero",
            b(r#"{"score":0e99999999999999999999}"#),
            true,
        ),
        // Leading zeros and other bad numbers.
        ("leading zero", b(r#"{"id":01}"#), false),
        ("negative leading zero", b(r#"{"delta":-01}"#), false),
        ("leading zero float", b(r#"{"score":00.5}"#), false),
        ("leading zero skipped", b(r#"{"unknown":012}"#), false),
        ("plus sign", b(r#"{"id":+1}"#), false),
        ("bare minus", b(r#"{"delta":-}"#), false),
        ("dot without digits", b(r#"{"score":1.}"#), false),
        ("exponent without digits", b(r#"{"score":1e}"#), false),
        ("hex number", b(r#"{"id":0x1}"#), false),
        ("NaN", b(r#"{"score":NaN}"#), false),
        ("Infinity", b(r#"{"score":Infinity}"#), false),
        // Duplicate keys: an error for a struct (as serde's derive), last wins in a map.
        ("duplicate field", b(r#"{"id":1,"id":2}"#), false),
        (
            "duplicate field, nested",
            b(r#"{"nested":{"name":"a","name":"b"}}"#),
            false,
        ),
        // Wrong types for a field.
        ("string into u8", b(r#"{"id":"1"}"#), false),
        ("number into String", b(r#"{"name":1}"#), false),
        ("object into Vec", b(r#"{"tags":{}}"#), false),
        ("number in Vec<String>", b(r#"{"tags":["a",1]}"#), false),
        ("bool into f64", b(r#"{"score":true}"#), false),
        ("array into struct", b(r#"{"nested":[1]}"#), false),
        ("null into u8 (Option)", b(r#"{"id":null}"#), true),
        ("string into struct", b(r#""x""#), false),
        // Unknown variant, and variant type errors.
        ("unknown variant", b(r#"{"kind":"Medium"}"#), false),
        ("variant with wrong case", b(r#"{"kind":"small"}"#), false),
        ("variant as a number", b(r#"{"kind":1}"#), false),
        ("known variant", b(r#"{"kind":"Large"}"#), true),
        (
            "nested error",
            b(r#"{"nested":{"nested":{"tags":["a",{}]}}}"#),
            false,
        ),
        // Structure.
        ("trailing comma in object", b(r#"{"id":1,}"#), false),
        ("trailing comma in array", b(r#"{"tags":["a",]}"#), false),
        ("missing colon", b(r#"{"id" 1}"#), false),
        ("unquoted key", b(r#"{id:1}"#), false),
        ("single quotes", b(r#"{'id':1}"#), false),
        ("trailing characters", b(r#"{"id":1} x"#), false),
        ("two documents", b(r#"{"id":1}{"id":2}"#), false),
        ("empty input", b(""), false),
        ("only whitespace", b(" \n\t "), false),
        ("BOM", raw(&[b"\xef\xbb\xbf{}"]), false),
        ("comment", b(r#"{"id":1 /* c */}"#), false),
        ("true misspelt", b(r#"{"unknown":tru}"#), false),
        ("null misspelt", b(r#"{"id":nul}"#), false),
        (
            "whitespace everywhere",
            b(" {\n \"id\" :\t1 ,\r\n\"tags\" : [ \"a\" ] } \n"),
            true,
        ),
    ]
}

/// Malformed documents whose error differs from serde_json's: (`{what} ({reader})`, why).
const MALFORMED_DIFFERENCES: &[(&str, &str)] = &[];

#[test]
fn malformed_input_table() {
    let mut found = Vec::new();
    let mut checked = 0;
    let mut paths = 0;
    for (what, doc, accepted) in table() {
        let (ours, theirs) = both::<Rec>(&doc);
        assert_eq!(ours.is_ok(), accepted, "{what}: {:?}", ours.as_ref().err());
        if let Err(e) = &ours {
            // Message, line and column (column 0 is the start of a line: a raw newline in a
            // string is reported just after it, as serde_json does).
            assert!(e.line() > 0, "{what}: {e:?}");
            // A path when the failure is inside the value of a field.
            let fields = [
                "id", "small", "count", "delta", "score", "name", "kind", "tags",
            ];
            let in_value = doc.iter().position(|&b| b == b':').is_some_and(|colon| {
                let key = String::from_utf8_lossy(&doc[..colon]);
                fields.iter().any(|f| key == format!("{{\"{f}\""))
                    && e.line() == 1
                    && e.column() > colon + 1
            });
            // Errors between entries (a bad separator after a good value, a duplicate key,
            // trailing characters) belong to the object, not to a field.
            let between = ["expected `,`", "duplicate field", "trailing", "key must be"];
            if in_value && !between.iter().any(|w| e.message().starts_with(w)) {
                assert!(!e.path().is_empty(), "{what}: no path in {e:?}");
                paths += 1;
            }
        }
        if let Some(d) = error_difference(&ours, &theirs) {
            found.push((format!("{what} (Rec)"), d));
        }
        let (ours, theirs) = both::<Value>(&doc);
        if let Some(d) = error_difference(&ours, &theirs) {
            found.push((format!("{what} (Value)"), d));
        }
        let (ours, theirs) = both::<Skip>(&doc);
        if let Some(d) = error_difference(&ours, &theirs) {
            found.push((format!("{what} (IgnoredAny)"), d));
        }
        checked += 1;
    }
    // The table's size, and how many of its errors lie inside a field's value (each checked
    // above for a path): a change to the table or to the path rule shows here.
    assert_eq!((checked, paths), (89, 51));
    assert_known_differences("malformed input", &found, MALFORMED_DIFFERENCES);
}

/// One declared field: the value of every other key is skipped (serde's derive skips it with
/// `IgnoredAny`, which validates it; FastJson with `Reader::skip_value`).
#[derive(Debug, PartialEq, FastJson, Deserialize)]
struct Known {
    known: u8,
}

/// Malformed values that go wrong inside what a skip looks at: strings (escapes, control
/// bytes, invalid UTF-8), numbers (leading zeros, `1.`, `-`, `1e`), separators, brackets and
/// depth, beside the documents of `table()`.
fn skipped_values() -> Vec<Vec<u8>> {
    let mut v: Vec<Vec<u8>> = [
        &b"012"[..],
        b"-",
        b"1.",
        b"1e",
        b"1e+",
        b"-01",
        b"1.e5",
        b".5",
        b"+1",
        b"1.5.2",
        b"0x10",
        b"1e5e5",
        b"--1",
        b"1.5E-",
        b"00",
        b"-0.0e-0",
        b"123456789012345678901234567890.5e-7",
        b"\"a\\x\"",
        b"\"\\u12\"",
        b"\"\\u12G4\"",
        b"\"\\uD800\"",
        b"\"\xff\xfe\"",
        b"\"\xc3\"",
        b"\"tab\there\"",
        b"\"nl\nhere\"",
        b"\"\x00\"",
        b"\"unterminated",
        b"[1,]",
        b"[,1]",
        b"[1 2]",
        b"[1}",
        b"{\"a\":1,}",
        b"{\"a\" 1}",
        b"{\"a\":1]",
        b"{1:2}",
        b"{\"a\"}",
        b"[",
        b"{",
        b"]",
        b"tru",
        b"nul",
        b"falsey",
        b"[true false]",
        b"[\"a\",\n ]",
        b"{\"a\":{\"b\":[1,2,{\"c\":-}]}}",
    ]
    .iter()
    .map(|s| s.to_vec())
    .collect();
    // Long values, so the vector scans run over several blocks before the fault.
    let long = "x".repeat(100);
    v.push(format!("\"{long}\\q{long}\"").into_bytes());
    v.push(format!("[{}1.]", "1.5,".repeat(40)).into_bytes());
    v.push(format!("[{}01]", "-0.25e+3, ".repeat(40)).into_bytes());
    v.push([b"\"".to_vec(), long.as_bytes().to_vec(), b"\x01\"".to_vec()].concat());
    // Deep nesting inside the skipped value, up to the depth limit with the two levels around
    // it (past it we fail and serde_json, which skips any depth, does not: see
    // `default_depth_is_serde_jsons`).
    for depth in [62, 63, 64, 65, 125] {
        v.push(nested("[", "1", "]", depth));
        v.push(nested("{\"k\":", "1", "}", depth));
    }
    v
}

/// The places a value is put so that it is skipped: (name, before, after).
const SKIPPED_PLACES: [(&str, &str, &str); 3] = [
    ("unknown key", r#"{"known":1,"unknown":"#, "}"),
    (
        "skipped array",
        r#"{"unknown":[0, "#,
        r#" ,"x"],"known":1}"#,
    ),
    (
        "skipped object",
        "{\"known\":1,\"unknown\":{\"a\":[],\n\"b\": ",
        "}}",
    ),
];

/// Each malformed value (and each document of `table()`) placed where a struct skips it:
/// Ok/Err as serde_json's derive decides, and where both fail the same line, column and
/// category, but for the listed differences (exactly those).
#[test]
fn malformed_values_in_skipped_positions() {
    let mut found = Vec::new();
    let mut values: Vec<Vec<u8>> = table().into_iter().map(|(_, doc, _)| doc).collect();
    values.extend(skipped_values());
    let mut rejected = 0;
    for value in &values {
        for (place, before, after) in SKIPPED_PLACES {
            let doc = [before.as_bytes(), value, after.as_bytes()].concat();
            let (ours, theirs) = both::<Known>(&doc);
            rejected += ours.is_err() as usize;
            if let Some(d) = error_difference(&ours, &theirs) {
                found.push((format!("{} ({place})", String::from_utf8_lossy(value)), d));
            }
        }
    }
    assert_known_differences("skipped values", &found, SKIPPED_DIFFERENCES);
    // How many placed values fail (both readers): a change to the lists shows here.
    assert_eq!((values.len(), rejected), (148, 231));
}

/// Skipped values whose error differs from serde_json's: (`{value} ({place})`, why).
const SKIPPED_DIFFERENCES: &[(&str, &str)] = &[];

#[test]
fn examples_of_error_messages() {
    // (document, message, path); the message, line, column and category must be serde_json's.
    let cases: &[(&[u8], &str, &str)] = &[
        (
            br#"{"id":256}"#,
            "invalid value: integer `256`, expected u8",
            "id",
        ),
        (
            br#"{"kind":"Medium"}"#,
            "unknown variant `Medium`, expected `Small` or `Large`",
            "kind",
        ),
        (br#"{"id":1,"id":2}"#, "duplicate field `id`", ""),
        (
            br#"{"nested":{"tags":["a",1]}}"#,
            "invalid type: integer `1`, expected a string",
            "nested.tags[1]",
        ),
        (br#"{"score":1e400}"#, "number out of range", "score"),
        (b"{\"name\":\"\xff\"}", "invalid unicode code point", "name"),
        (
            br#"{"tags":{"a":1}}"#,
            "invalid type: map, expected a sequence",
            "tags",
        ),
    ];
    for (doc, message, path) in cases {
        let err = json_runtime::from_slice::<Rec>(doc).unwrap_err();
        let theirs = serde_json::from_slice::<Rec>(doc).unwrap_err();
        assert_eq!((err.message(), err.path()), (*message, *path));
        // serde_json's message, position and category, word for word.
        assert_eq!(
            theirs.to_string(),
            format!("{message} at line {} column {}", err.line(), err.column()),
            "ours `{err}`"
        );
        assert_eq!(
            (err.line(), err.column(), category(&err)),
            (theirs.line(), theirs.column(), theirs.classify())
        );
    }
}

// ---- memory -------------------------------------------------------------------------------

/// Small inputs can only allocate a little, however they are shaped: nothing is sized from a
/// number in the input. The bound is generous (a `Value` is 32 bytes and a container's storage
/// may double), the point is that it is proportional.
#[test]
fn allocation_is_proportional_to_input() {
    let docs: Vec<(&str, Vec<u8>)> = vec![
        ("10 MB of [", vec![b'['; 10 << 20]),
        (
            "[[],[],...]",
            format!("[{}[]]", "[],".repeat(100_000)).into_bytes(),
        ),
        (
            "[{},{},...]",
            format!("[{}{{}}]", "{},".repeat(100_000)).into_bytes(),
        ),
        (
            "[0,0,...]",
            format!("[{}0]", "0,".repeat(100_000)).into_bytes(),
        ),
        (
            "long string of escapes",
            format!("[\"{}\"]", "\\u00e9".repeat(100_000)).into_bytes(),
        ),
        (
            "huge number",
            format!("[1{}]", "0".repeat(1_000_000)).into_bytes(),
        ),
        (
            "huge exponent",
            format!("[1e{}]", "9".repeat(1_000_000)).into_bytes(),
        ),
        ("deep objects", r#"{"a":"#.repeat(100_000).into_bytes()),
        (
            "many keys",
            format!("{{{}\"z\":0}}", "\"k\":0,".repeat(100_000)).into_bytes(),
        ),
    ];
    for (name, doc) in docs {
        for (reader, (_, _, peak)) in [
            (
                "Value",
                measure(|| json_runtime::from_slice::<Value>(&doc).is_ok()),
            ),
            (
                "IgnoredAny",
                measure(|| json_runtime::from_slice::<IgnoredAny>(&doc).is_ok()),
            ),
        ] {
            let ratio = peak as f64 / doc.len() as f64;
            println!(
                "{name} into {reader}: peak {peak} bytes for {} input bytes ({ratio:.2}x)",
                doc.len()
            );
            assert!(
                peak <= 64 * doc.len() + 64 * 1024,
                "{name} into {reader}: {peak} bytes"
            );
        }
    }
    // Skipping allocates nothing but its container stack.
    let doc = format!("[{}0]", r#"{"a":[1,"x",{"b":null}]},"#.repeat(10_000));
    let (ok, _, peak) = measure(|| json_runtime::from_slice::<IgnoredAny>(doc.as_bytes()).is_ok());
    assert!(ok);
    assert!(peak < 4096, "skipping allocated {peak} bytes");
}

#[derive(Debug, FastJson, Deserialize)]
#[allow(dead_code)]
struct Item {
    id: u64,
    name: String,
    price: f64,
    tags: Vec<String>,
    active: bool,
}

/// ~100 MB of small objects: peak memory while parsing, compared with the size of the values
/// built (the heap they hold once parsing is done, plus the outer `Vec`).
#[test]
#[ignore = "builds a 100 MB document; run with --ignored --nocapture for docs/errors.md's figure"]
fn memory_100mb_array() {
    let mut doc = Vec::with_capacity(101 << 20);
    doc.push(b'[');
    let mut i = 0u64;
    while doc.len() < 100 << 20 {
        if i > 0 {
            doc.push(b',');
        }
        let item = format!(
            r#"{{"id":{i},"name":"item-{i}","price":{}.{:02},"tags":["a","bc"],"active":{}}}"#,
            i % 1000,
            i % 100,
            i & 1 == 0
        );
        doc.extend_from_slice(item.as_bytes());
        i += 1;
    }
    doc.push(b']');
    let mb = doc.len() as f64 / (1 << 20) as f64;
    println!("document: {:.1} MB, {i} objects", mb);

    let (value, value_live, value_peak) =
        measure(|| json_runtime::from_slice::<Value>(&doc).unwrap());
    println!(
        "Value:     values {:.1} MB, peak while parsing {:.1} MB, ratio {:.2}",
        value_live as f64 / (1 << 20) as f64,
        value_peak as f64 / (1 << 20) as f64,
        value_peak as f64 / value_live as f64
    );
    assert!(
        value_peak <= 3 * value_live,
        "peak {value_peak} > 3x values {value_live}"
    );
    drop(value);

    let (items, live, peak) = measure(|| json_runtime::from_slice::<Vec<Item>>(&doc).unwrap());
    println!(
        "Vec<Item>: values {:.1} MB, peak while parsing {:.1} MB, ratio {:.2}",
        live as f64 / (1 << 20) as f64,
        peak as f64 / (1 << 20) as f64,
        peak as f64 / live as f64
    );
    assert_eq!(items.len() as u64, i);
    assert!(peak <= 3 * live, "peak {peak} > 3x values {live}");
    drop(items);

    let (_, live, peak) = measure(|| serde_json::from_slice::<Value>(&doc).unwrap());
    println!(
        "serde_json Value (for comparison): values {:.1} MB, peak {:.1} MB, ratio {:.2}",
        live as f64 / (1 << 20) as f64,
        peak as f64 / (1 << 20) as f64,
        peak as f64 / live as f64
    );
    // The same `Value` as serde_json's reader builds, byte for byte, and the same peak but for
    // a fixed allowance for the reader's own state (measured: 192 bytes more than serde_json).
    assert_eq!(value_live, live, "our Value's heap, serde_json's");
    assert!(
        value_peak <= peak + 4096,
        "our peak reading a Value {value_peak} > serde_json's {peak} + 4 KiB"
    );
}
