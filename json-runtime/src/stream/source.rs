//! Reading one value at a time from a [`Buffer`], sans IO: shared by the array-element and
//! whitespace-separated-value readers, sync and async. When the buffer holds too little, the
//! methods answer [`Step::NeedInput`]; the caller fills the buffer and calls again.
//!
//! A value is first read straight from the buffered bytes with the slice reader (the fast path:
//! the whole value is usually there). If it may be cut off by the end of the buffer, a
//! [`ValueEnd`] scan finds its end across refills, and the value is read once it is complete.
//! Where the unread bytes are no longer than the longest value so far, the scan comes first:
//! reading a value that turns out to be cut off would cost a read of the buffered part, then
//! the scan, then the whole read again (2.2x the slice reader on 50 KB elements in callgrind).
//! The buffer also grows to [`GROW_FACTOR`] times the longest value, so that few values are
//! cut off at all.

#[allow(unused_imports)]
use std::prelude::rust_2021::*;

use super::buffer::Buffer;
use super::scan::ValueEnd;
use super::step::Step;
use super::StreamOptions;
use crate::error::{Category, Error, Result};
use crate::simd::newline::line_and_column;
use crate::{FromJson, Reader};
use std::io::Read;

/// The buffer grows to this many times the longest value read so far (within the value
/// limit): a value is cut off by the end of the buffer about once per this many values.
pub(crate) const GROW_FACTOR: usize = 4;

pub(crate) struct Source {
    pub(crate) buf: Buffer,
    opts: StreamOptions,
    /// The slice reader's unescaping buffer, kept between values.
    scratch: Vec<u8>,
    /// The scan of a value cut off by the end of the buffer, and how many bytes after
    /// `buf.start` it has seen: kept while the caller refills.
    unfinished: Option<(ValueEnd, usize)>,
    /// The longest value read so far, in bytes.
    longest: usize,
}

impl Source {
    pub(crate) fn new(opts: &StreamOptions) -> Self {
        Source {
            buf: Buffer::new(opts.buffer_size, opts.max_value_len, true),
            opts: opts.clone(),
            scratch: Vec::new(),
            unfinished: None,
            longest: 0,
        }
    }

    /// Reads once from `input` into the buffer (the sync answer to [`Step::NeedInput`]).
    pub(crate) fn fill_from<R: Read>(&mut self, input: &mut R) -> Result<usize> {
        self.buf.fill(input).map_err(Error::io)
    }

    /// Skips whitespace and returns the next byte, not consumed; `None` at the end of the
    /// input.
    pub(crate) fn peek(&mut self) -> Step<Option<u8>> {
        let i = crate::simd::skip_whitespace(self.buf.data(), self.buf.start);
        self.buf.start = i;
        if let Some(&b) = self.buf.data().get(i) {
            return Step::Ready(Some(b));
        }
        if self.buf.eof {
            return Step::Ready(None);
        }
        Step::NeedInput
    }

    /// Stream offset of the next unconsumed byte.
    pub(crate) fn offset(&self) -> usize {
        self.buf.offset + self.buf.start
    }

    /// Reads the value that starts at the next byte (a non-whitespace byte, already buffered).
    /// On success, the byte after the value is buffered too, or the input has ended, or the
    /// value ends in `"`, `]` or `}`. After `NeedInput`, call again for the same value (the
    /// scan goes on where it stopped).
    pub(crate) fn read_value<T: for<'de> FromJson<'de>>(&mut self) -> Step<Result<T>> {
        if self.may_read_whole() {
            if let Some(done) = self.read_whole::<T>() {
                return Step::Ready(done);
            }
        }
        // Perhaps cut off: find where the value ends (from where a scan stopped before the
        // last refill, or from the value's start) before reading it.
        let (mut scan, scanned) = match self.unfinished.take() {
            Some((scan, seen)) => (scan, self.buf.start + seen),
            None => (ValueEnd::default(), self.buf.start),
        };
        let found = scan.scan(self.buf.data(), scanned);
        self.buf
            .count_scanned(found.unwrap_or(self.buf.end).saturating_sub(scanned));
        if let Some(value_end) = found {
            // One byte more: the reader sees what ends a number (`2.5e]` is an invalid
            // number at `]`, as when reading it whole, not an early end of input).
            let (result, end) = self.read_in::<T>((value_end + 1).min(self.buf.end));
            return Step::Ready(self.finish(result, end));
        }
        if self.buf.eof {
            let (result, end) = self.read_in::<T>(self.buf.end);
            return Step::Ready(self.finish(result, end));
        }
        if self.buf.pending() > self.opts.max_value_len {
            return Step::Ready(Err(self.too_long()));
        }
        self.unfinished = Some((scan, self.buf.end - self.buf.start));
        Step::NeedInput
    }

    /// Whether the value at the next byte is read straight from the buffer first: no scan is
    /// under way and the unread bytes are longer than any value so far (or the input has
    /// ended), so it is most likely whole.
    #[inline(always)]
    pub(crate) fn may_read_whole(&self) -> bool {
        self.unfinished.is_none() && (self.buf.eof || self.buf.pending() > self.longest)
    }

    /// Reads the value at the next byte from the buffered bytes (after [`Source::may_read_whole`]).
    /// `None` if it may be cut off by the end of the buffer: the read is thrown away and the
    /// next [`Source::read_value`] scans for the value's end from its start. [`Source::read_in`]
    /// then [`Source::decide`]; the array readers take the same steps for an element after `,`
    /// (`ArrayCore::buffered_element`).
    #[inline(always)]
    pub(crate) fn read_whole<T: for<'de> FromJson<'de>>(&mut self) -> Option<Result<T>> {
        let (result, end) = self.read_in::<T>(self.buf.end);
        self.decide(result, end)
    }

    /// Consumes a value read with success up to `end` by [`Source::read_in`] over all the
    /// buffered bytes, if it is whole and no longer than a value before it (so there is
    /// nothing to record); `false` otherwise, with nothing changed: then [`Source::decide`]
    /// goes on.
    #[inline(always)]
    pub(crate) fn consume_plain(&mut self, end: usize) -> bool {
        let start = self.buf.start;
        // `longest` never exceeds the value limit (set in `finish` only, after its check).
        debug_assert!(self.longest <= self.opts.max_value_len);
        let plain = end - start <= self.longest
            && (end < self.buf.end || (end > start && ends_itself(self.buf.data()[end - 1])));
        if plain {
            self.buf.start = end;
        }
        plain
    }

    /// The rest of [`Source::read_whole`] after [`Source::read_in`] over all the buffered
    /// bytes: `None` if the value may be cut off by the end of the buffer (the read is thrown
    /// away and the next [`Source::read_value`] scans for the value's end from its start).
    #[inline(always)]
    pub(crate) fn decide<T>(&mut self, result: Result<T>, end: usize) -> Option<Result<T>> {
        let data_end = self.buf.end;
        // Decided on `eof`, `end` and `is_ok`, and the result handed on whole: taken apart and
        // rebuilt (`Ok(v)` in a match, then `Ok(v)` again), the value was moved through the
        // stack more often. 50-byte records: 6.72 -> 6.53 ms for the array reader
        // (`benches/examples/streams_ab.rs`, native build, AMD EPYC, 3 alternating runs).
        // An error is final only at the end of the input: before it, the value may be cut off.
        let whole = self.buf.eof
            || (result.is_ok()
                && (end < data_end
                    || (end > self.buf.start && ends_itself(self.buf.data()[end - 1]))));
        if whole {
            return Some(self.finish(result, end));
        }
        self.buf.count_scanned(end - self.buf.start);
        self.unfinished = Some((ValueEnd::default(), 0));
        None
    }

    /// Reads a `T` from `data[start..limit]`; returns where the reader stopped. An error is
    /// positioned within the value only ([`Source::finish`] places it in the stream): a read
    /// cut off by the end of the buffer is thrown away, and counting the lines before it would
    /// cost as much as the read.
    #[inline(always)]
    pub(crate) fn read_in<T: for<'de> FromJson<'de>>(
        &mut self,
        limit: usize,
    ) -> (Result<T>, usize) {
        let start = self.buf.start;
        let mut r = Reader::from_part(&self.buf.bytes[..limit], start, &self.opts.read);
        std::mem::swap(&mut r.scratch, &mut self.scratch);
        let result = T::read_json(&mut r);
        std::mem::swap(&mut r.scratch, &mut self.scratch);
        (result, r.pos.min(limit))
    }

    /// Consumes the value read (if it is not too long) or returns the error, placed in the
    /// stream.
    #[inline(always)]
    fn finish<T>(&mut self, result: Result<T>, end: usize) -> Result<T> {
        let start = self.buf.start;
        let result = match result {
            Err(e) => return Err(self.place_from(e, start)),
            ok => ok,
        };
        let len = end - start;
        if len > self.opts.max_value_len {
            return Err(self.too_long());
        }
        if len > self.longest {
            self.longest = len;
            self.buf.grow_to(len.saturating_mul(GROW_FACTOR));
        }
        self.buf.start = end;
        result
    }

    /// Moves the position of an error built over `buf.bytes[at..]` to the stream's position.
    #[cold]
    #[inline(never)]
    fn place_from(&self, err: Error, at: usize) -> Error {
        let (lines, column) = line_and_column(&self.buf.bytes[..at]);
        let (line, column) = if lines == 1 {
            (self.buf.line, self.buf.column + column)
        } else {
            (self.buf.line + lines - 1, column)
        };
        err.offset_position(line, column)
    }

    /// Moves the position of an error built over the buffer to the stream's position.
    #[cold]
    #[inline(never)]
    pub(crate) fn place(&self, err: Error) -> Error {
        err.offset_position(self.buf.line, self.buf.column)
    }

    /// An error positioned at buffer index `at` (1-based column: the byte before `at`).
    #[cold]
    #[inline(never)]
    pub(crate) fn error_at(&self, at: usize, kind: Category, message: &str) -> Error {
        let mut r = Reader::new(self.buf.data());
        r.pos = at.min(self.buf.end);
        let err = match kind {
            Category::Eof => r.eof(message),
            _ => r.syntax(message),
        };
        self.place(err)
    }

    #[cold]
    #[inline(never)]
    fn too_long(&self) -> Error {
        let message = format!(
            "value longer than {} bytes (StreamOptions::max_value_len)",
            self.opts.max_value_len
        );
        self.error_at(self.buf.start + 1, Category::Syntax, &message)
    }
}

/// The last byte of a value that cannot continue: a string, array or object.
#[inline]
fn ends_itself(b: u8) -> bool {
    matches!(b, b'"' | b']' | b'}')
}
