//! Whitespace-separated values (`{"a":1} {"a":2}[3]`), each with its byte offset: what
//! serde_json's `StreamDeserializer` reads, over a slice or an `io::Read`.
//!
//! As in serde_json, a number or literal must be followed by whitespace, a bracket, a brace, a
//! quote, `,`, `:` or the end (else "trailing characters", and iteration goes on); an error in
//! a value ends the iteration.

#[allow(unused_imports)]
use std::prelude::rust_2021::*;

use super::source::Source;
use super::step::Step;
use super::StreamOptions;
use crate::error::{Category, Result};
use crate::{FromJson, ReadOptions, Reader};
use std::io::Read;
use std::marker::PhantomData;

/// A byte that may follow a number or literal (serde_json's `peek_end_of_value`).
#[inline]
fn may_follow_scalar(b: u8) -> bool {
    matches!(
        b,
        b' ' | b'\n' | b'\t' | b'\r' | b'"' | b'[' | b']' | b'{' | b'}' | b',' | b':'
    )
}

/// Whether a value starting with `first` is a number or literal (not a string, array or
/// object), which must be followed by a byte that [`may_follow_scalar`] (or the end).
#[inline]
fn is_scalar(first: u8) -> bool {
    !matches!(first, b'[' | b'{' | b'"')
}

/// Whitespace-separated values in a slice, borrowing from it. Items are `(offset, value)`,
/// `offset` being where the value starts.
///
/// ```
/// let mut values = json_runtime::stream::values_from_slice::<Vec<u8>>(b"[1] [2,3]\n[]");
/// assert_eq!(values.next().unwrap().unwrap(), (0, vec![1]));
/// assert_eq!(values.next().unwrap().unwrap(), (4, vec![2, 3]));
/// assert_eq!(values.byte_offset(), 9);
/// assert_eq!(values.next().unwrap().unwrap(), (10, vec![]));
/// assert!(values.next().is_none());
/// ```
pub struct Values<'de, T> {
    reader: Reader<'de>,
    offset: usize,
    failed: bool,
    _t: PhantomData<fn() -> T>,
}

/// The whitespace-separated values of `input`, read with the default [`ReadOptions`].
pub fn values_from_slice<'de, T: FromJson<'de>>(input: &'de [u8]) -> Values<'de, T> {
    Values {
        reader: Reader::new(input),
        offset: 0,
        failed: false,
        _t: PhantomData,
    }
}

impl<'de, T: FromJson<'de>> Values<'de, T> {
    /// Like [`values_from_slice`], with options.
    pub fn with_options(input: &'de [u8], options: &ReadOptions) -> Self {
        Values {
            reader: Reader::with_options(input, options),
            offset: 0,
            failed: false,
            _t: PhantomData,
        }
    }

    /// Bytes up to the end of the last value read (serde_json's `byte_offset`): after an EOF
    /// error, the rest of the input from here can be joined with more data and read again.
    pub fn byte_offset(&self) -> usize {
        self.offset
    }
}

impl<'de, T: FromJson<'de>> Iterator for Values<'de, T> {
    type Item = Result<(usize, T)>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.failed {
            return None;
        }
        let r = &mut self.reader;
        let Some(first) = r.peek() else {
            self.offset = r.pos;
            return None;
        };
        let start = r.pos;
        self.offset = start;
        match T::read_json(r) {
            Ok(value) => {
                self.offset = r.pos;
                if is_scalar(first) {
                    if let Some(&b) = r.input.get(r.pos) {
                        if !may_follow_scalar(b) {
                            let mut at = Reader::new(r.input);
                            at.pos = r.pos + 1;
                            return Some(Err(at.syntax("trailing characters")));
                        }
                    }
                }
                Some(Ok((start, value)))
            }
            Err(e) => {
                self.failed = true;
                Some(Err(e))
            }
        }
    }
}

/// Whitespace-separated values read from an `io::Read` (owned values). Items are
/// `(offset, value)`, `offset` being where the value starts in the stream.
///
/// ```
/// let input = &b"{\"a\":1} 2 \"three\""[..];
/// let values: Vec<_> = json_runtime::stream::values_from_reader::<json_runtime::RawJsonBuf, _>(input)
///     .map(|v| v.map(|(at, raw)| (at, raw.get().to_string())))
///     .collect::<Result<_, _>>()
///     .unwrap();
/// assert_eq!(values, [(0, "{\"a\":1}".to_string()), (8, "2".into()), (10, "\"three\"".into())]);
/// ```
pub struct ValuesReader<R, T> {
    input: R,
    src: Source,
    offset: usize,
    failed: bool,
    _t: PhantomData<fn() -> T>,
}

/// Whitespace-separated values from `reader`, with the default [`StreamOptions`].
pub fn values_from_reader<T: for<'de> FromJson<'de>, R: Read>(reader: R) -> ValuesReader<R, T> {
    values_from_reader_with(reader, &StreamOptions::new())
}

/// Whitespace-separated values from `reader`.
pub fn values_from_reader_with<T: for<'de> FromJson<'de>, R: Read>(
    reader: R,
    options: &StreamOptions,
) -> ValuesReader<R, T> {
    ValuesReader {
        input: reader,
        src: Source::new(options),
        offset: 0,
        failed: false,
        _t: PhantomData,
    }
}

impl<R: Read, T: for<'de> FromJson<'de>> ValuesReader<R, T> {
    /// Stream offset of the end of the last value read (serde_json's `byte_offset`).
    pub fn byte_offset(&self) -> usize {
        self.offset
    }

    /// The underlying reader (bytes already buffered are lost).
    pub fn into_inner(self) -> R {
        self.input
    }

    /// The common case, ahead of [`ValuesReader::step`]: after whitespace, a value whose bytes
    /// are buffered, read with success, whole, no longer than one before it, and (a number or
    /// literal) followed by a byte that may follow it; handed on as the read returned it.
    /// `None`: nothing buffered to start a value, the end of the input, or unread bytes no
    /// longer than the longest value so far (then `step` goes on, and scans before it reads).
    /// Anything else goes to [`ValuesReader::value_rest`] with the read done. Through `step`
    /// alone (`read_value` out of line, its `Step` and `Result` taken apart and rebuilt),
    /// 50-byte records took 1.27-1.34x the time of `values_from_slice` on the same bytes, this
    /// way 1.09-1.12x (`benches/examples/streams_ab.rs`, default build, AMD EPYC, 3 alternating
    /// runs).
    #[inline(always)]
    fn buffered_value(&mut self) -> Option<Result<(usize, T)>> {
        let Step::Ready(Some(first)) = self.src.peek() else {
            return None;
        };
        if !self.src.may_read_whole() {
            return None;
        }
        let start = self.src.offset();
        let (result, end) = self.src.read_in::<T>(self.src.buf.end);
        let ends_well = !is_scalar(first)
            || self
                .src
                .buf
                .data()
                .get(end)
                .is_some_and(|&b| may_follow_scalar(b));
        if result.is_ok() && ends_well && self.src.consume_plain(end) {
            self.offset = self.src.offset();
            return Some(result.map(|v| (start, v)));
        }
        self.value_rest(first, start, result, end)
    }

    /// [`ValuesReader::buffered_value`] for a value that failed, may be cut off by the end of
    /// the buffer, is longer than every one before it, or is a number or literal followed by a
    /// byte that may not follow it or by the end of the input: the decisions of
    /// [`ValuesReader::step`], from the read already done.
    #[cold]
    #[inline(never)]
    fn value_rest(
        &mut self,
        first: u8,
        start: usize,
        result: Result<T>,
        end: usize,
    ) -> Option<Result<(usize, T)>> {
        self.offset = start;
        match self.src.decide(result, end) {
            // Perhaps cut off: `step` peeks the same byte and scans for the value's end.
            None => self.next_by_step(),
            Some(Err(e)) => {
                self.failed = true;
                Some(Err(e))
            }
            Some(Ok(value)) => Some(self.after_value(first, start, value)),
        }
    }

    /// `Err`: the iteration ends; `Ok(Some(Err))`: trailing characters, iteration goes on.
    #[allow(clippy::type_complexity)]
    fn step(&mut self) -> Result<Option<Result<(usize, T)>>> {
        // After `NeedInput` and a refill, peeking again finds the same byte (nothing was
        // consumed) and `read_value` goes on with the same value.
        let first = loop {
            match self.src.peek() {
                Step::Ready(b) => break b,
                Step::NeedInput => self.src.fill_from(&mut self.input)?,
            };
        };
        let Some(first) = first else {
            self.offset = self.src.offset();
            return Ok(None);
        };
        let start = self.src.offset();
        self.offset = start;
        let value = loop {
            match self.src.read_value::<T>() {
                Step::Ready(v) => break v?,
                Step::NeedInput => self.src.fill_from(&mut self.input)?,
            };
        };
        Ok(Some(self.after_value(first, start, value)))
    }

    /// After a value that started with `first` at stream offset `start`: a number or literal
    /// must be followed by a byte that may follow it (`read_value` and `Source::decide` leave
    /// the next byte buffered, or the input ended), else "trailing characters" (iteration goes
    /// on).
    fn after_value(&mut self, first: u8, start: usize, value: T) -> Result<(usize, T)> {
        self.offset = self.src.offset();
        if is_scalar(first) {
            let buf = &self.src.buf;
            if let Some(&b) = buf.data().get(buf.start) {
                if !may_follow_scalar(b) {
                    let at = buf.start + 1;
                    return Err(self
                        .src
                        .error_at(at, Category::Syntax, "trailing characters"));
                }
            }
        }
        Ok((start, value))
    }

    /// The next item through [`ValuesReader::step`]; an error ends the iteration.
    fn next_by_step(&mut self) -> Option<Result<(usize, T)>> {
        match self.step() {
            Ok(item) => item,
            Err(e) => {
                self.failed = true;
                Some(Err(e))
            }
        }
    }
}

impl<R: Read, T: for<'de> FromJson<'de>> Iterator for ValuesReader<R, T> {
    type Item = Result<(usize, T)>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.failed {
            return None;
        }
        if let Some(item) = self.buffered_value() {
            return Some(item);
        }
        self.next_by_step()
    }
}
