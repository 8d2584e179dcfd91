//! Reading one value at a time from a [`Buffer`], sans IO: shared by the array-element and
//! whitespace-separated-value readers, sync and async. When the buffer holds too little, the
//! methods answer [`Step::NeedInput`]; the caller fills the buffer and calls again.
//!
//! A value is first read straight from the buffered bytes with the slice reader (the fast path:
//! the whole value is usually there). If it may be cut off by the end of the buffer, a
//! [`ValueEnd`] scan finds its end across refills, and the value is read once it is complete.

#[allow(unused_imports)]
use std::prelude::rust_2021::*;

use super::buffer::Buffer;
use super::scan::ValueEnd;
use super::step::Step;
use super::StreamOptions;
use crate::error::{Category, Error, Result};
use crate::{FromJson, Reader};
use std::io::Read;

pub(crate) struct Source {
    pub(crate) buf: Buffer,
    opts: StreamOptions,
    /// The slice reader's unescaping buffer, kept between values.
    scratch: Vec<u8>,
    /// The scan of a value cut off by the end of the buffer, and how many bytes after
    /// `buf.start` it has seen: kept while the caller refills.
    unfinished: Option<(ValueEnd, usize)>,
}

impl Source {
    pub(crate) fn new(opts: &StreamOptions) -> Self {
        Source {
            buf: Buffer::new(opts.buffer_size, opts.max_value_len, true),
            opts: opts.clone(),
            scratch: Vec::new(),
            unfinished: None,
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
        let (mut scan, scanned) = match self.unfinished.take() {
            Some((scan, seen)) => (scan, self.buf.start + seen),
            None => {
                let data_end = self.buf.end;
                let (result, end) = self.read_in::<T>(data_end);
                match result {
                    Ok(v)
                        if end < data_end
                            || self.buf.eof
                            || (end > self.buf.start && ends_itself(self.buf.data()[end - 1])) =>
                    {
                        return Step::Ready(self.finish(Ok(v), end));
                    }
                    Err(e) if self.buf.eof => return Step::Ready(self.finish(Err(e), end)),
                    // Perhaps cut off by the end of the buffer: find where the value ends.
                    _ => {}
                }
                (ValueEnd::default(), self.buf.start)
            }
        };
        if let Some(value_end) = scan.scan(self.buf.data(), scanned) {
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

    /// Reads a `T` from `data[start..limit]`; returns where the reader stopped.
    fn read_in<T: for<'de> FromJson<'de>>(&mut self, limit: usize) -> (Result<T>, usize) {
        let mut r = Reader::with_options(&self.buf.bytes[..limit], &self.opts.read);
        r.pos = self.buf.start;
        std::mem::swap(&mut r.scratch, &mut self.scratch);
        let result = T::read_json(&mut r);
        std::mem::swap(&mut r.scratch, &mut self.scratch);
        let end = r.pos.min(limit);
        (result.map_err(|e| self.place(e)), end)
    }

    /// Consumes the value read (if it is not too long) or returns the error.
    fn finish<T>(&mut self, result: Result<T>, end: usize) -> Result<T> {
        let v = result?;
        if end - self.buf.start > self.opts.max_value_len {
            return Err(self.too_long());
        }
        self.buf.start = end;
        Ok(v)
    }

    /// Moves the position of an error built over the buffer to the stream's position.
    #[cold]
    pub(crate) fn place(&self, err: Error) -> Error {
        err.offset_position(self.buf.line, self.buf.column)
    }

    /// An error positioned at buffer index `at` (1-based column: the byte before `at`).
    #[cold]
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
