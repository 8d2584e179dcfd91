//! Reading one value at a time from an `io::Read` through a [`Buffer`]: shared by the
//! array-element and whitespace-separated-value readers.
//!
//! A value is first read straight from the buffered bytes with the slice reader (the fast path:
//! the whole value is usually there). If it may be cut off by the end of the buffer, a
//! [`ValueEnd`] scan finds its end across refills, and the value is read once it is complete.

#[allow(unused_imports)]
use std::prelude::rust_2021::*;

use super::buffer::Buffer;
use super::scan::ValueEnd;
use super::StreamOptions;
use crate::error::{Error, ErrorKind, Result};
use crate::{FromJson, Reader};
use std::io::Read;

pub(crate) struct Source<R> {
    input: R,
    pub(crate) buf: Buffer,
    opts: StreamOptions,
    /// The slice reader's unescaping buffer, kept between values.
    scratch: Vec<u8>,
}

impl<R: Read> Source<R> {
    pub(crate) fn new(input: R, opts: &StreamOptions) -> Self {
        Source {
            input,
            buf: Buffer::new(opts.buffer_size, opts.max_value_len, true),
            opts: opts.clone(),
            scratch: Vec::new(),
        }
    }

    pub(crate) fn into_inner(self) -> R {
        self.input
    }

    fn fill(&mut self) -> Result<usize> {
        self.buf.fill(&mut self.input).map_err(Error::io)
    }

    /// Skips whitespace (refilling as needed) and returns the next byte, not consumed; `None`
    /// at the end of the input.
    pub(crate) fn peek(&mut self) -> Result<Option<u8>> {
        loop {
            let i = crate::swar::skip_whitespace(self.buf.data(), self.buf.start);
            self.buf.start = i;
            if let Some(&b) = self.buf.data().get(i) {
                return Ok(Some(b));
            }
            if self.buf.eof {
                return Ok(None);
            }
            self.fill()?;
        }
    }

    /// Stream offset of the next unconsumed byte.
    pub(crate) fn offset(&self) -> usize {
        self.buf.offset + self.buf.start
    }

    /// Reads the value that starts at the next byte (a non-whitespace byte, already buffered).
    /// On success, the byte after the value is buffered too, or the input has ended, or the
    /// value ends in `"`, `]` or `}`.
    pub(crate) fn read_value<T: for<'de> FromJson<'de>>(&mut self) -> Result<T> {
        let data_end = self.buf.end;
        let (result, end) = self.read_in::<T>(data_end);
        match result {
            Ok(v)
                if end < data_end
                    || self.buf.eof
                    || (end > self.buf.start && ends_itself(self.buf.data()[end - 1])) =>
            {
                return self.finish(Ok(v), end);
            }
            Err(e) if self.buf.eof => return self.finish(Err(e), end),
            // Perhaps cut off by the end of the buffer: find where the value ends.
            _ => {}
        }
        let mut scan = ValueEnd::default();
        let mut scanned = self.buf.start;
        loop {
            if let Some(value_end) = scan.scan(self.buf.data(), scanned) {
                // One byte more: the reader sees what ends a number (`2.5e]` is an invalid
                // number at `]`, as when reading it whole, not an early end of input).
                let (result, end) = self.read_in::<T>((value_end + 1).min(self.buf.end));
                return self.finish(result, end);
            }
            if self.buf.eof {
                let (result, end) = self.read_in::<T>(self.buf.end);
                return self.finish(result, end);
            }
            if self.buf.pending() > self.opts.max_value_len {
                return Err(self.too_long());
            }
            let rel = self.buf.end - self.buf.start;
            self.fill()?;
            scanned = self.buf.start + rel;
        }
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
    pub(crate) fn error_at(&self, at: usize, kind: ErrorKind, message: &str) -> Error {
        let mut r = Reader::new(self.buf.data());
        r.pos = at.min(self.buf.end);
        let err = match kind {
            ErrorKind::Eof => r.eof(message),
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
        self.error_at(self.buf.start + 1, ErrorKind::Syntax, &message)
    }
}

/// The last byte of a value that cannot continue: a string, array or object.
#[inline]
fn ends_itself(b: u8) -> bool {
    matches!(b, b'"' | b']' | b'}')
}
