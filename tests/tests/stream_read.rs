//! Stream readers (`json_runtime::stream`): JSON Lines, whitespace-separated values and
//! top-level array elements read from an `io::Read` that hands out the input in pieces split at
//! every byte, compared with reading the same input whole, with the slice readers and with
//! serde_json; error positions; and the hostile cases (too long, endless, truncated, invalid
//! UTF-8 split over refills) with the memory they take.

use std::io::{self, Read};

use json_runtime::stream::{self, StreamOptions};
use json_runtime::{FastJson, IgnoredAny};
use serde::{Deserialize, Serialize};

#[derive(FastJson, Serialize, Deserialize, Debug, PartialEq, Clone)]
struct Rec {
    id: u64,
    name: String,
    tags: Vec<String>,
    price: f64,
    #[serde(skip_serializing_if = "Option::is_none")]
    note: Option<String>,
}

/// Hands out `data` in pieces: the sizes cycle through `sizes` (each at least 1).
struct Pieces<'a> {
    data: &'a [u8],
    sizes: Vec<usize>,
    turn: usize,
}

impl Read for Pieces<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let want = self.sizes[self.turn % self.sizes.len()].max(1);
        self.turn += 1;
        let n = want.min(buf.len()).min(self.data.len());
        buf[..n].copy_from_slice(&self.data[..n]);
        self.data = &self.data[n..];
        Ok(n)
    }
}

fn pieces<'a>(data: &'a [u8], sizes: &[usize]) -> Pieces<'a> {
    Pieces {
        data,
        sizes: sizes.to_vec(),
        turn: 0,
    }
}

/// The ways each input is cut: one byte at a time, a few irregular patterns, and two pieces cut
/// at every byte.
fn cuts(len: usize) -> Vec<Vec<usize>> {
    let mut all = vec![
        vec![1],
        vec![2, 3, 1, 7],
        vec![5, 1, 1, 13, 2],
        vec![usize::MAX],
    ];
    for cut in 1..len {
        all.push(vec![cut, usize::MAX]);
    }
    all
}

/// A result reduced to what must agree: the value, or the error's message, line, column, path.
fn outcome<T: std::fmt::Debug>(r: json_runtime::Result<T>) -> String {
    match r {
        Ok(v) => format!("ok {v:?}"),
        Err(e) => format!(
            "err {} @{}:{} path {:?}",
            e.message(),
            e.line(),
            e.column(),
            e.path()
        ),
    }
}

/// Small buffers as well as the default, so refills happen inside values.
fn option_sets() -> Vec<StreamOptions> {
    vec![
        StreamOptions::new(),
        StreamOptions::new().buffer_size(1),
        StreamOptions::new().buffer_size(7),
    ]
}

const LINES: &str = concat!(
    "{\"id\":1,\"name\":\"plain\",\"tags\":[],\"price\":1.5}\n",
    "{\"id\":2,\"name\":\"日本 é 😀\",\"tags\":[\"a\\\"b\",\"\\u00e9\\ud83d\\ude00\"],\"price\":-0.25,\"note\":\"x\"}\r\n",
    "\n",
    "   \r\n",
    "{\"id\":3,\"name\":\"bad\",\"tags\":[1],\"price\":0}\n",
    "{\"id\":4,\"name\":\"trailing\",\"tags\":[],\"price\":2e10} x\n",
    "{\"id\":5,\"name\":\"ok\",\"tags\":[\"z\"],\"price\":123456.789}\n",
    "not json\n",
    "{\"id\":6,\"name\":\"last, no newline\",\"tags\":[],\"price\":3}"
);

fn lines_whole(input: &[u8], opts: &StreamOptions) -> Vec<String> {
    stream::lines_from_reader_with::<Rec, _>(input, opts)
        .map(outcome)
        .collect()
}

#[test]
fn lines_agree_with_whole_reads_at_every_split() {
    let input = LINES.as_bytes();
    let whole = lines_whole(input, &StreamOptions::new());
    // Line by line with the slice reader, and the borrowed variant, give the same.
    let borrowed: Vec<String> = stream::lines_from_str::<Rec>(LINES).map(outcome).collect();
    assert_eq!(whole, borrowed);
    let borrowed: Vec<String> = stream::lines_from_slice::<Rec>(input)
        .map(outcome)
        .collect();
    assert_eq!(whole, borrowed);
    // serde_json on each non-blank line: the same Ok/Err and values.
    let lines: Vec<&str> = LINES.split('\n').filter(|l| !l.trim().is_empty()).collect();
    assert_eq!(lines.len(), whole.len());
    for (line, ours) in lines.iter().zip(&whole) {
        match serde_json::from_str::<Rec>(line) {
            Ok(v) => assert_eq!(ours, &format!("ok {v:?}")),
            Err(_) => assert!(ours.starts_with("err"), "{ours}"),
        }
    }
    // Stream line numbers: blank lines count.
    assert!(whole[2].contains("@5:"), "{}", whole[2]);
    assert!(
        whole[3].starts_with("err trailing characters @6:"),
        "{}",
        whole[3]
    );
    assert!(
        whole[5].starts_with("err expected ident @8:2"),
        "{}",
        whole[5]
    );
    assert_eq!(whole.iter().filter(|o| o.starts_with("ok")).count(), 4);
    for opts in option_sets() {
        for sizes in cuts(input.len()) {
            let got: Vec<String> =
                stream::lines_from_reader_with::<Rec, _>(pieces(input, &sizes), &opts)
                    .map(outcome)
                    .collect();
            assert_eq!(got, whole, "pieces {sizes:?}");
        }
    }
}

#[test]
fn lines_borrow_from_the_slice() {
    #[derive(FastJson, Debug, PartialEq)]
    struct Hit<'a> {
        path: &'a str,
    }
    let input = "{\"path\":\"/a\"}\n{\"path\":\"/b\"}";
    let hits: Vec<Hit> = stream::lines_from_str(input)
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(hits, [Hit { path: "/a" }, Hit { path: "/b" }]);
    assert!(std::ptr::eq(
        hits[1].path.as_ptr(),
        input[input.find("/b").unwrap()..].as_ptr()
    ));
}

const ARRAY: &str = "[\n  {\"id\":1,\"name\":\"a\",\"tags\":[\"x\",\"日本\"],\"price\":1},\n  {\"id\":2,\"name\":\"b\\n\\\"\",\"tags\":[],\"price\":-1e-7,\"note\":null} ,{\"id\":3,\"name\":\"\",\"tags\":[\"\"],\"price\":12345678901234567890}\n]  \n";

fn array_outcomes<R: Read>(input: R, opts: &StreamOptions) -> Vec<String> {
    stream::array_from_reader_with::<Rec, _>(input, opts)
        .map(outcome)
        .collect()
}

#[test]
fn array_elements_agree_with_from_slice_at_every_split() {
    let input = ARRAY.as_bytes();
    let want: Vec<Rec> = json_runtime::from_slice(input).unwrap();
    assert_eq!(want, serde_json::from_slice::<Vec<Rec>>(input).unwrap());
    let want: Vec<String> = want.into_iter().map(|v| outcome(Ok(v))).collect();
    for opts in option_sets() {
        for sizes in cuts(input.len()) {
            assert_eq!(
                array_outcomes(pieces(input, &sizes), &opts),
                want,
                "pieces {sizes:?}"
            );
        }
    }
}

/// Malformed arrays: the same error whatever the cuts, with the element index in the path, and
/// Ok/Err agreeing with `from_slice::<Vec<_>>` (and its position where the failure is inside an
/// element).
#[test]
fn array_errors_are_positioned_and_independent_of_cuts() {
    let cases = [
        "[1,2,\"x\"]",
        "[1,2,3",
        "[1,2,",
        "[1,2,]",
        "[1 2]",
        "[1,2] 3",
        "{\"a\":1}",
        "",
        "   ",
        "[1,\n2,\n-3]",
        "[1,\n  2.5e]",
        "[18446744073709551616]",
        "[1,2]]",
        "[[1],[2]]",
        "[\"\\ud800\"]",
        "[1,2,tru",
        "[1,2,truex]",
        // Read with success up to the end of a cut, longer than the one before: thrown away
        // and read again once whole.
        "[1,234]",
    ];
    for case in cases {
        let input = case.as_bytes();
        let whole = stream::array_from_reader::<u64, _>(input)
            .map(outcome)
            .collect::<Vec<_>>();
        let slice = json_runtime::from_slice::<Vec<u64>>(input);
        assert_eq!(
            slice.is_ok(),
            whole.iter().all(|o| o.starts_with("ok")),
            "{case}: {whole:?}"
        );
        if let Err(e) = slice {
            // Inside an element (the slice reader's path names it): the very same error.
            if !e.path().is_empty() {
                assert_eq!(whole.last().unwrap(), &outcome::<()>(Err(e)), "{case}");
            }
        }
        for opts in option_sets() {
            for sizes in cuts(input.len()) {
                let got = stream::array_from_reader_with::<u64, _>(pieces(input, &sizes), &opts)
                    .map(outcome)
                    .collect::<Vec<_>>();
                assert_eq!(got, whole, "{case} pieces {sizes:?}");
            }
        }
    }
    let err = stream::array_from_reader::<Vec<u8>, _>(&b"[[1],\n[2],\n[3,300]]"[..])
        .nth(2)
        .unwrap()
        .unwrap_err();
    assert_eq!((err.path(), err.line(), err.column()), ("[2][1]", 3, 6));
}

/// Compact elements (`,` right before each) are read straight from the buffer; the value limit
/// and the element count still apply to them, whatever the cuts.
#[test]
fn compact_elements_keep_the_limit_and_the_count() {
    let input = b"[123,456,7890]";
    let want = [
        "ok 123".to_string(),
        "ok 456".into(),
        "err value longer than 3 bytes (StreamOptions::max_value_len) @1:10 path \"[2]\"".into(),
    ];
    for buffer in [1, 7, 64 << 10] {
        let opts = StreamOptions::new().max_value_len(3).buffer_size(buffer);
        for sizes in cuts(input.len()) {
            let got = stream::array_from_reader_with::<u64, _>(pieces(input, &sizes), &opts)
                .map(outcome)
                .collect::<Vec<_>>();
            assert_eq!(got, want, "buffer {buffer} pieces {sizes:?}");
        }
    }
    let mut items = stream::array_from_reader::<u64, _>(&b"[10,20,30]"[..]);
    for n in 1..=3 {
        assert_eq!(items.next().unwrap().unwrap(), 10 * n as u64);
        assert_eq!(items.elements_read(), n);
    }
    assert!(items.next().is_none());
    assert_eq!(items.elements_read(), 3);
}

/// Whitespace-separated values: the same values, start offsets and end offsets
/// (`byte_offset`) as serde_json's `StreamDeserializer`, and the same point where it stops.
#[test]
fn values_agree_with_serde_json_stream_deserializer() {
    let cases = [
        "{\"a\":1} {\"a\":2}[3]",
        " 1 2\n3\t\"x\"[]{} null true",
        "1[2]\"s\"{\"k\":false}",
        "1x 2",
        // A scalar no longer than the one before it, followed by a byte that may not follow it.
        "12 3x 4",
        // Under cuts, `x` is read straight from the buffer at the end of the input.
        "truex",
        "[1] [2 3",
        "12",
        "\"abc",
        "",
        "  \n ",
        "truefalse",
        "-0.5e3 4",
        // Found by fuzz/stream_chunks: a `"` inside a `\u` escape does not end the string.
        "\"\\u\"wind_dir_last\" 1",
        "\"\\u12",
    ];
    for case in cases {
        let input = case.as_bytes();
        let mut theirs =
            serde_json::Deserializer::from_slice(input).into_iter::<serde_json::Value>();
        let mut want = Vec::new();
        loop {
            let before = theirs.byte_offset();
            match theirs.next() {
                None => break,
                Some(Ok(v)) => want.push(format!("ok {v} end {}", theirs.byte_offset())),
                Some(Err(e)) => want.push(format!("err {}:{} from {before}", e.line(), e.column())),
            }
        }
        let summarize = |item: json_runtime::Result<(usize, json_runtime::RawJsonBuf)>,
                         end: usize| match item {
            Ok((_, raw)) => {
                let v: serde_json::Value = serde_json::from_str(raw.get()).unwrap();
                format!("ok {v} end {end}")
            }
            Err(e) => format!("err {}:{}", e.line(), e.column()),
        };
        // Over a slice.
        let mut ours = stream::values_from_slice::<json_runtime::RawJsonBuf>(input);
        let mut got = Vec::new();
        loop {
            let before = ours.byte_offset();
            match ours.next() {
                None => break,
                Some(item) => {
                    let s = summarize(item, ours.byte_offset());
                    got.push(if s.starts_with("err") {
                        format!("{s} from {before}")
                    } else {
                        s
                    });
                }
            }
        }
        assert_eq!(got, want, "{case:?}");
        // Over a reader cut in pieces: the same again.
        for opts in option_sets() {
            for sizes in cuts(input.len()) {
                let mut ours = stream::values_from_reader_with::<json_runtime::RawJsonBuf, _>(
                    pieces(input, &sizes),
                    &opts,
                );
                let mut got = Vec::new();
                loop {
                    let before = ours.byte_offset();
                    match ours.next() {
                        None => break,
                        Some(item) => {
                            let s = summarize(item, ours.byte_offset());
                            got.push(if s.starts_with("err") {
                                format!("{s} from {before}")
                            } else {
                                s
                            });
                        }
                    }
                }
                assert_eq!(got, want, "{case:?} pieces {sizes:?}");
            }
        }
    }
    // Start offsets, over a slice and over a reader, whole (`"3"`, `4` and `[5]` are read
    // straight from the buffer, no longer than a value before them) and cut.
    let input = b" 1 [2]\n\"3\" 4 [5] 6";
    let want = [1, 3, 7, 11, 13, 17];
    let starts: Vec<usize> = stream::values_from_slice::<IgnoredAny>(input)
        .map(|r| r.unwrap().0)
        .collect();
    assert_eq!(starts, want);
    for opts in option_sets() {
        for sizes in cuts(input.len()) {
            let starts: Vec<usize> =
                stream::values_from_reader_with::<IgnoredAny, _>(pieces(input, &sizes), &opts)
                    .map(|r| r.unwrap().0)
                    .collect();
            assert_eq!(starts, want, "pieces {sizes:?}");
        }
    }
    // The value limit holds for values read straight from the buffer: `3` is, `4567` is too
    // long; one of exactly the limit is accepted.
    let opts = StreamOptions::new().max_value_len(3);
    let mut values = stream::values_from_reader_with::<u64, _>(&b"12 3 4567 8"[..], &opts);
    assert_eq!(values.next().unwrap().unwrap(), (0, 12));
    assert_eq!(values.next().unwrap().unwrap(), (3, 3));
    let err = values.next().unwrap().unwrap_err();
    assert!(
        err.message().starts_with("value longer than 3 bytes"),
        "{err}"
    );
    assert_eq!(values.byte_offset(), 5);
    assert!(values.next().is_none());
    let got: Vec<(usize, u64)> = stream::values_from_reader_with::<u64, _>(&b"123 4"[..], &opts)
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(got, [(0, 123), (4, 4)]);
}

// ---- hostile streams ----

/// Yields `prefix`, then `fill` repeated for `len` bytes, then `suffix`: long inputs without
/// holding them.
struct Generated {
    prefix: &'static [u8],
    fill: u8,
    left: usize,
    suffix: &'static [u8],
}

impl Read for Generated {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if !self.prefix.is_empty() {
            let n = self.prefix.len().min(buf.len());
            buf[..n].copy_from_slice(&self.prefix[..n]);
            self.prefix = &self.prefix[n..];
            return Ok(n);
        }
        if self.left > 0 {
            let n = self.left.min(buf.len());
            buf[..n].fill(self.fill);
            self.left -= n;
            return Ok(n);
        }
        let n = self.suffix.len().min(buf.len());
        buf[..n].copy_from_slice(&self.suffix[..n]);
        self.suffix = &self.suffix[n..];
        Ok(n)
    }
}

#[test]
fn a_line_over_the_limit_is_an_error_and_reading_goes_on() {
    let opts = StreamOptions::new().max_value_len(1000).buffer_size(256);
    // A 10 MB string on line 2, then a good line.
    let input = Generated {
        prefix: b"1\n\"",
        fill: b'a',
        left: 10_000_000,
        suffix: b"\"\n3\n",
    };
    let got: Vec<String> = stream::lines_from_reader_with::<IgnoredAny, _>(input, &opts)
        .map(outcome)
        .collect();
    assert_eq!(
        got,
        [
            "ok IgnoredAny".to_string(),
            "err line longer than 1000 bytes (StreamOptions::max_value_len) @2:1 path \"\"".into(),
            "ok IgnoredAny".into()
        ]
    );
    // The same when the long line is complete in the buffer.
    let long = format!("1\n\"{}\"\n3", "b".repeat(1500));
    let got: Vec<String> = stream::lines_from_reader_with::<IgnoredAny, _>(
        long.as_bytes(),
        &StreamOptions::new().max_value_len(1000),
    )
    .map(outcome)
    .collect();
    assert!(
        got[1].starts_with("err line longer than 1000 bytes") && got.len() == 3,
        "{got:?}"
    );
}

#[test]
fn an_endless_string_element_is_a_clean_error() {
    let opts = StreamOptions::new().max_value_len(4096).buffer_size(512);
    // `[1, "aaaa...` without end: the limit stops it, positioned at the element.
    let input = Generated {
        prefix: b"[1,\n \"",
        fill: b'a',
        left: usize::MAX,
        suffix: b"",
    };
    let got: Vec<String> = stream::array_from_reader_with::<IgnoredAny, _>(input, &opts)
        .map(outcome)
        .collect();
    assert_eq!(
        got,
        [
            "ok IgnoredAny".to_string(),
            "err value longer than 4096 bytes (StreamOptions::max_value_len) @2:2 path \"[1]\""
                .into()
        ]
    );
    // Whitespace-separated values: the same.
    let input = Generated {
        prefix: b"1 \"",
        fill: b'a',
        left: usize::MAX,
        suffix: b"",
    };
    let got: Vec<String> = stream::values_from_reader_with::<IgnoredAny, _>(input, &opts)
        .map(|r| outcome(r.map(|(at, _)| at)))
        .collect();
    assert_eq!(got.len(), 2);
    assert!(
        got[1].starts_with("err value longer than 4096 bytes"),
        "{got:?}"
    );
    // Endless whitespace is no value and no growth: the array is simply unfinished.
    let input = Generated {
        prefix: b"[1,2",
        fill: b' ',
        left: 5_000_000,
        suffix: b"",
    };
    let got: Vec<String> = stream::array_from_reader_with::<u8, _>(input, &opts)
        .map(outcome)
        .collect();
    assert_eq!(
        got.last().unwrap(),
        "err EOF while parsing a list @1:5000004 path \"\""
    );
}

#[test]
fn truncated_final_values_are_eof_errors_with_position() {
    let got: Vec<String> = stream::lines_from_reader::<Rec, _>(
        &b"{\"id\":1,\"name\":\"a\",\"tags\":[],\"price\":1}\n{\"id\":2,\"na"[..],
    )
    .map(outcome)
    .collect();
    assert_eq!(got[1], "err EOF while parsing a string @2:11 path \"\"");
    let err = stream::array_from_reader::<Vec<u8>, _>(&b"[[1],\n[2,"[..])
        .nth(1)
        .unwrap()
        .unwrap_err();
    assert!(err.is_eof());
    assert_eq!((err.line(), err.column(), err.path()), (2, 3, "[1][1]"));
}

#[test]
fn invalid_utf8_split_over_refills_is_an_error_at_its_place() {
    // A 3-byte character cut short (0xE6 0x97 then a quote), and a valid one, split everywhere.
    let input = b"\"\xe6\x97\xa5\"\n\"\xe6\x97\"\n\"ok\"\n";
    let whole: Vec<String> = stream::lines_from_reader::<String, _>(&input[..])
        .map(outcome)
        .collect();
    assert_eq!(whole[0], "ok \"日\"");
    assert!(
        whole[1].starts_with("err") && whole[1].contains("@2:"),
        "{whole:?}"
    );
    assert_eq!(whole[2], "ok \"ok\"");
    let array = b"[\"\xe6\x97\xa5\",\"\xe6\x97\"]";
    let whole_array: Vec<String> = stream::array_from_reader::<String, _>(&array[..])
        .map(outcome)
        .collect();
    assert!(whole_array[1].starts_with("err") && whole_array[1].contains("path \"[1]\""));
    for opts in option_sets() {
        for sizes in cuts(input.len()) {
            let got: Vec<String> =
                stream::lines_from_reader_with::<String, _>(pieces(input, &sizes), &opts)
                    .map(outcome)
                    .collect();
            assert_eq!(got, whole);
        }
        for sizes in cuts(array.len()) {
            let got: Vec<String> =
                stream::array_from_reader_with::<String, _>(pieces(array, &sizes), &opts)
                    .map(outcome)
                    .collect();
            assert_eq!(got, whole_array);
        }
    }
}

#[test]
fn io_errors_surface() {
    struct Failing;
    impl Read for Failing {
        fn read(&mut self, _: &mut [u8]) -> io::Result<usize> {
            Err(io::Error::other("disk on fire"))
        }
    }
    let mut lines = stream::lines_from_reader::<u8, _>(Failing);
    let err = lines.next().unwrap().unwrap_err();
    assert_eq!(
        (err.classify(), err.message()),
        (json_runtime::Category::Io, "disk on fire")
    );
    assert!(lines.next().is_none());
    let err = stream::array_from_reader::<u8, _>(Failing)
        .next()
        .unwrap()
        .unwrap_err();
    assert_eq!(err.classify(), json_runtime::Category::Io);
}

/// The record shapes of the stream benches (short, log records with a tagged enum and a string
/// map, long, escaped and non-ASCII), in whole reads and in small ones, with default and
/// small buffers: the same values as serde_json line by line and as one array, and a line
/// broken in each shape is an error at that line only, as serde_json finds it.
#[test]
fn record_shapes_agree_with_serde_json() {
    use json_payloads::generated::records::{self, Shape};
    fn check<T>(shape: Shape)
    where
        T: for<'de> json_runtime::FromJson<'de>
            + serde::de::DeserializeOwned
            + std::fmt::Debug
            + PartialEq,
    {
        // Three records at least (the long ones are ~50 KB each).
        let bytes = if shape == Shape::Long {
            160_000
        } else {
            60_000
        };
        let (lines, array) = records::lines_and_array(shape, bytes);
        // One line cut short: serde_json rejects it, and so must the readers, there only.
        let mut broken = lines.clone();
        let second = broken.iter().position(|&b| b == b'\n').unwrap() + 1;
        let third = second + broken[second..].iter().position(|&b| b == b'\n').unwrap();
        broken.drain(third - 3..third);
        let want_array: Vec<T> = serde_json::from_slice(&array).unwrap();
        for input in [&lines, &broken] {
            let want: Vec<String> = input
                .split(|&b| b == b'\n')
                .filter(|l| !l.is_empty())
                .map(|l| match serde_json::from_slice::<T>(l) {
                    Ok(v) => format!("ok {v:?}"),
                    Err(_) => "err".to_string(),
                })
                .collect();
            let errors = want.iter().filter(|o| *o == "err").count();
            assert_eq!(errors, usize::from(input == &broken), "{shape:?}");
            for opts in option_sets() {
                for sizes in [vec![usize::MAX], vec![1, 2, 3, 4, 5, 6, 7]] {
                    let got: Vec<String> =
                        stream::lines_from_reader_with::<T, _>(pieces(input, &sizes), &opts)
                            .map(|r| match r {
                                Ok(v) => format!("ok {v:?}"),
                                Err(e) => {
                                    assert_eq!(e.line(), 2, "{shape:?}");
                                    "err".to_string()
                                }
                            })
                            .collect();
                    assert!(got == want, "{shape:?} {sizes:?}");
                    let slice: Vec<String> = stream::lines_from_slice::<T>(input)
                        .map(|r| r.map_or("err".to_string(), |v| format!("ok {v:?}")))
                        .collect();
                    assert!(slice == want, "{shape:?}");
                }
            }
        }
        for opts in option_sets() {
            let got: Vec<T> = stream::array_from_reader_with::<T, _>(
                pieces(&array, &[1, 2, 3, 4, 5, 6, 7]),
                &opts,
            )
            .collect::<Result<_, _>>()
            .unwrap();
            assert!(got == want_array, "{shape:?}");
        }
    }
    check::<records::Ping>(Shape::Short);
    check::<records::LogRecord>(Shape::Log);
    check::<records::Batch>(Shape::Long);
    check::<records::Note>(Shape::Escaped);
}
