//! Writing JSON Lines to an `io::Write` through a fixed-size buffer flushed in chunks.

#[allow(unused_imports)]
use std::prelude::rust_2021::*;

use crate::writer::sink::{IoSink, Sink};
use crate::{Compact, Error, Format, Result, ToJson, Writer};
use std::io::{self, Write};

/// How much output the streaming writers ([`crate::to_writer`], [`LinesWriter`]) collect before
/// handing it to the `io::Write`: 64 KiB.
pub const WRITE_CHUNK: usize = 64 << 10;

/// Writes `value` to `dst` in chunks of about [`WRITE_CHUNK`] bytes: the body of
/// [`crate::to_writer`] and [`crate::to_writer_pretty`]. If the value cannot be written, the
/// output before the failing value goes out (as serde_json's writer leaves it) and the value's
/// error is returned; otherwise the first I/O error.
pub(crate) fn write_streamed<F: Format, W: Write, T: ToJson + ?Sized>(
    mut dst: W,
    value: &T,
) -> Result<()> {
    let mut out = Vec::with_capacity(128);
    let mut sink = IoSink::new(&mut dst);
    let mut w = Writer::<F>::with_sink(&mut out, &mut sink, WRITE_CHUNK);
    value.write_json(&mut w);
    let failed_at = w.failed_at();
    if let Err(e) = w.finish() {
        out.truncate(failed_at);
        sink.flush(&mut out);
        return Err(e);
    }
    sink.finish(&mut out).map_err(Error::io)
}

/// Writes values as JSON Lines (compact JSON, one value per line, `\n` after each) through an
/// internal buffer of about [`WRITE_CHUNK`] bytes. Once the buffer has grown to the largest
/// record, writing allocates nothing; a record larger than a chunk is flushed in chunks while
/// it is written. Call [`LinesWriter::flush`] or [`LinesWriter::into_inner`] at the end
/// (dropping the writer flushes too, ignoring errors).
///
/// ```
/// #[derive(json_runtime::FastJson)]
/// struct Event { id: u32 }
///
/// let mut lines = json_runtime::stream::LinesWriter::new(Vec::new());
/// for id in 1..=2 {
///     lines.write(&Event { id }).unwrap();
/// }
/// assert_eq!(lines.into_inner().unwrap(), b"{\"id\":1}\n{\"id\":2}\n");
/// ```
pub struct LinesWriter<W: Write> {
    /// `None` only after `into_inner`.
    out: Option<W>,
    buf: Vec<u8>,
    chunk: usize,
}

impl<W: Write> LinesWriter<W> {
    /// A writer flushing about every [`WRITE_CHUNK`] bytes.
    pub fn new(out: W) -> Self {
        Self::with_chunk(out, WRITE_CHUNK)
    }

    /// A writer flushing about every `chunk` bytes.
    pub fn with_chunk(out: W, chunk: usize) -> Self {
        LinesWriter {
            out: Some(out),
            buf: Vec::with_capacity(chunk.min(WRITE_CHUNK) + 1024),
            chunk: chunk.max(1),
        }
    }

    fn parts(&mut self) -> (&mut W, &mut Vec<u8>) {
        // `out` is only taken by `into_inner`, which consumes `self`.
        let out = self
            .out
            .as_mut()
            .expect("LinesWriter used after into_inner");
        (out, &mut self.buf)
    }

    /// Writes `value` and a `\n`. The bytes reach the underlying writer in chunks.
    ///
    /// # Errors
    ///
    /// An I/O error (category [`crate::Category::Io`]), or a value that cannot be written (as
    /// [`crate::to_vec`]): then its partial record is dropped and the stream stays one value
    /// per line.
    pub fn write<T: ToJson + ?Sized>(&mut self, value: &T) -> Result<()> {
        let chunk = self.chunk;
        let (out, buf) = self.parts();
        let before = buf.len();
        let mut sink = IoSink::new(out);
        let mut w = Writer::<Compact>::with_sink(buf, &mut sink, chunk);
        value.write_json(&mut w);
        if let Err(e) = w.finish() {
            // A value with no JSON form (serde_json refuses it too): its partial record is
            // dropped and the stream stays one value per line. The lines buffered before it
            // stay, unless part of the record has already gone out with them.
            if sink.flushed {
                buf.clear();
            } else {
                buf.truncate(before);
            }
            return Err(e);
        }
        buf.push(b'\n');
        if buf.len() >= chunk {
            sink.flush(buf);
        }
        match sink.error {
            Some(e) => Err(Error::io(e)),
            None => Ok(()),
        }
    }

    /// Writes everything buffered, then flushes the underlying writer.
    pub fn flush(&mut self) -> io::Result<()> {
        let (out, buf) = self.parts();
        let result = out.write_all(buf);
        buf.clear();
        result?;
        out.flush()
    }

    /// The underlying writer, after writing everything buffered.
    pub fn into_inner(mut self) -> io::Result<W> {
        self.flush()?;
        Ok(self.out.take().expect("LinesWriter used after into_inner"))
    }

    /// The underlying writer.
    pub fn get_ref(&self) -> &W {
        self.out
            .as_ref()
            .expect("LinesWriter used after into_inner")
    }
}

impl<W: Write> Drop for LinesWriter<W> {
    fn drop(&mut self) {
        if let Some(out) = self.out.as_mut() {
            let _ = out.write_all(&self.buf);
            let _ = out.flush();
        }
    }
}
