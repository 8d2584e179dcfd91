//! (g) The stream readers' refill logic: any input, handed out in pieces whose sizes come from
//! the fuzzer, must give the same items (values, or errors with the same message, line, column
//! and path) as the same input handed out whole, for JSON Lines, whitespace-separated values and
//! top-level array elements, with small and default buffers. No panic, whatever the input.
#![no_main]

use std::io::{self, Read};

use json_runtime::stream::{self, StreamOptions};
use libfuzzer_sys::fuzz_target;
use serde_json::Value;

/// Hands out `data` in pieces of the sizes in `sizes` (cycled; 0 counts as 1).
struct Pieces<'a> {
    data: &'a [u8],
    sizes: &'a [u8],
    turn: usize,
}

impl Read for Pieces<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let size = match self.sizes {
            [] => usize::MAX,
            s => (s[self.turn % s.len()] as usize).max(1),
        };
        self.turn += 1;
        let n = size.min(buf.len()).min(self.data.len());
        buf[..n].copy_from_slice(&self.data[..n]);
        self.data = &self.data[n..];
        Ok(n)
    }
}

fn show<T: std::fmt::Debug>(r: json_runtime::Result<T>) -> String {
    match r {
        Ok(v) => format!("ok {v:?}"),
        Err(e) => format!("err {} @{}:{} {:?}", e.message(), e.line(), e.column(), e.path()),
    }
}

fn lines(r: impl Read, o: &StreamOptions) -> Vec<String> {
    stream::lines_from_reader_with::<Value, _>(r, o).map(show).collect()
}
fn values(r: impl Read, o: &StreamOptions) -> Vec<String> {
    stream::values_from_reader_with::<Value, _>(r, o).map(show).collect()
}
fn array(r: impl Read, o: &StreamOptions) -> Vec<String> {
    stream::array_from_reader_with::<Value, _>(r, o).map(show).collect()
}

fuzz_target!(|input: &[u8]| {
    // First byte: how many of the next bytes are piece sizes; the rest is the stream.
    let Some((&k, rest)) = input.split_first() else { return };
    let k = (k as usize % 16).min(rest.len());
    let (sizes, data) = rest.split_at(k);
    let whole = StreamOptions::new();
    for opts in [StreamOptions::new(), StreamOptions::new().buffer_size(3)] {
        let cut = || Pieces { data, sizes, turn: 0 };
        assert_eq!(lines(cut(), &opts), lines(data, &whole), "lines");
        assert_eq!(values(cut(), &opts), values(data, &whole), "values");
        assert_eq!(array(cut(), &opts), array(data, &whole), "array");
    }
    // The borrowed line reader agrees with the owned one.
    let borrowed: Vec<String> = stream::lines_from_slice::<Value>(data).map(show).collect();
    assert_eq!(borrowed, lines(data, &whole), "lines_from_slice");
    // Both value readers yield `(offset, value)`: the offsets must agree too.
    let borrowed: Vec<String> = stream::values_from_slice::<Value>(data).map(show).collect();
    assert_eq!(borrowed, values(data, &whole), "values_from_slice");
});
