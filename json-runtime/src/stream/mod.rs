//! Streams: many JSON values read from (or written to) one byte stream with bounded memory.
//!
//! - [`lines_from_reader`] / [`lines_from_slice`] / [`lines_from_str`]: JSON Lines (NDJSON),
//!   one value per line. Blank lines are skipped, `\r\n` is accepted, the last line may lack
//!   its `\n`. A bad line is an error naming its line, and iteration goes on with the next line.
//! - [`values_from_reader`] / [`values_from_slice`]: whitespace-separated values
//!   (`{"a":1} {"a":2}[3]`), each with its byte offset, like serde_json's `StreamDeserializer`.
//! - [`array_from_reader`]: the elements of one top-level array, one at a time; an error's
//!   path starts with the element index (`[81734].price`).
//! - [`LinesWriter`]: JSON Lines out, whole records handed to the `io::Write` once a chunk
//!   ([`WRITE_CHUNK`] by default) is buffered; [`crate::to_writer`] writes one value in chunks,
//!   flushing inside it.
//! - `tokio` (cargo feature `tokio`): the JSON Lines and array readers over a
//!   `tokio::io::AsyncRead` and the JSON Lines writer over an `AsyncWrite`, with the same
//!   results, options and memory bound (the readers share their sans-IO cores with these).
//!
//! Readers over `io::Read` keep one reusable buffer ([`StreamOptions::buffer_size`], 64 KiB by
//! default). A value is located in it, then read by the ordinary slice reader: over an
//! in-memory reader, 1.04x to 1.08x the instructions of the slice readers on the same bytes
//! (docs/streams.md has the figures per record shape). The buffer grows while one value does
//! not fit (the array and whitespace-separated readers also grow it to 4 times their longest
//! value), and a value (or line) longer than [`StreamOptions::max_value_len`] (16 MiB by
//! default) is an error, so memory stays under `max_value_len + buffer_size` whatever the
//! stream's length.
//!
//! Positions in errors are those of the whole stream (line 1-based, column in bytes).

// Streams need `std::io`; the module is compiled only with the `std` feature.
use std::prelude::rust_2021::*;

mod array;
mod buffer;
mod lines;
mod lines_write;
mod scan;
mod source;
mod step;
mod values;
pub(crate) mod write;

#[cfg(feature = "tokio")]
pub mod tokio;

pub use array::{array_from_reader, ArrayReader};
pub use lines::{lines_from_reader, lines_from_slice, lines_from_str, Lines, LinesReader};
pub use lines_write::WRITE_CHUNK;
pub use values::{values_from_reader, values_from_slice, Values, ValuesReader};
pub use write::LinesWriter;

use crate::ReadOptions;

/// The default of [`StreamOptions::max_value_len`]: 16 MiB.
pub const DEFAULT_MAX_VALUE_LEN: usize = 16 << 20;
/// The default of [`StreamOptions::buffer_size`]: 64 KiB.
pub const DEFAULT_BUFFER_SIZE: usize = 64 << 10;

/// Settings for the stream readers: the [`ReadOptions`] each value is read with, the longest
/// value (or line) accepted, and the size of the read buffer.
///
/// ```
/// use json_runtime::stream::{self, StreamOptions};
/// let opts = StreamOptions::new().max_value_len(8);
/// let mut lines = stream::lines_from_reader_with::<u64, _>(&b"1\n123456789\n3\n"[..], &opts);
/// assert_eq!(lines.next().unwrap().unwrap(), 1);
/// let err = lines.next().unwrap().unwrap_err();
/// assert_eq!(err.line(), 2);
/// assert_eq!(lines.next().unwrap().unwrap(), 3);
/// ```
#[derive(Clone, Debug)]
pub struct StreamOptions {
    pub(crate) read: ReadOptions,
    pub(crate) max_value_len: usize,
    pub(crate) buffer_size: usize,
}

impl StreamOptions {
    /// The defaults: [`ReadOptions::new`], [`DEFAULT_MAX_VALUE_LEN`], [`DEFAULT_BUFFER_SIZE`].
    pub const fn new() -> Self {
        StreamOptions {
            read: ReadOptions::new(),
            max_value_len: DEFAULT_MAX_VALUE_LEN,
            buffer_size: DEFAULT_BUFFER_SIZE,
        }
    }

    /// The options each value is read with (such as the depth limit).
    pub fn read_options(mut self, options: ReadOptions) -> Self {
        self.read = options;
        self
    }

    /// The longest value (for JSON Lines: line) accepted, in bytes; a longer one is an error,
    /// read past without being held in memory.
    pub const fn max_value_len(mut self, bytes: usize) -> Self {
        self.max_value_len = bytes;
        self
    }

    /// How many bytes the reader asks its `io::Read` for at a time (at least 1); also the
    /// buffer's starting size.
    pub const fn buffer_size(mut self, bytes: usize) -> Self {
        self.buffer_size = if bytes == 0 { 1 } else { bytes };
        self
    }
}

impl Default for StreamOptions {
    fn default() -> Self {
        Self::new()
    }
}

pub use array::array_from_reader_with;
pub use lines::lines_from_reader_with;
pub use values::values_from_reader_with;

/// Inputs for the tests that count the bytes a stream reader moves and looks at.
#[cfg(test)]
pub(crate) mod counted {
    use std::prelude::rust_2021::*;

    /// Hands out its bytes in reads of 1, 2, ..., 7 bytes in turn (`small`), or as much as
    /// asked.
    pub(crate) struct Pieces<'a> {
        pub(crate) data: &'a [u8],
        pub(crate) small: bool,
        pub(crate) turn: usize,
    }

    impl std::io::Read for Pieces<'_> {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            self.turn += 1;
            let want = if self.small {
                1 + self.turn % 7
            } else {
                buf.len()
            };
            let n = want.min(buf.len()).min(self.data.len());
            buf[..n].copy_from_slice(&self.data[..n]);
            self.data = &self.data[n..];
            Ok(n)
        }
    }

    /// `n` records of `items` array elements each (about 20 + 11 * `items` bytes), each
    /// followed by `sep`.
    pub(crate) fn records(n: usize, items: usize, sep: &str) -> String {
        let mut out = String::new();
        for i in 0..n {
            let list: Vec<String> = (0..items).map(|k| format!("{{\"k\":{k}}}")).collect();
            out.push_str(&format!(
                "{{\"id\":{i},\"s\":\"a\\\"é\",\"v\":[{}]}}{sep}",
                list.join(",")
            ));
        }
        out
    }

    /// The shapes counted: short records, long ones (about 22 KB, longer than the small
    /// buffer), with default and small buffers, in whole and in 1..7-byte reads.
    pub(crate) fn cases() -> Vec<(usize, usize, usize, bool)> {
        let mut all = Vec::new();
        // Under Miri, fewer records; the long ones still pass the 4096-byte buffer.
        let (short, long, items) = if cfg!(miri) {
            (40, 3, 400)
        } else {
            (2000, 12, 2000)
        };
        for (n, items) in [(short, 1), (long, items)] {
            for buffer in [super::DEFAULT_BUFFER_SIZE, 4096] {
                for small in [false, true] {
                    all.push((n, items, buffer, small));
                }
            }
        }
        all
    }
}
