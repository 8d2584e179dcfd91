//! Writing to an `io::Write` in chunks: [`crate::to_writer`]'s body (one value, flushed inside
//! it through the writer's sink) and the sync JSON Lines writer (whole records, through
//! [`LinesWriteCore`]).

#[allow(unused_imports)]
use std::prelude::rust_2021::*;

use super::lines_write::{LinesWriteCore, WRITE_CHUNK};
use crate::writer::sink::{IoSink, Sink};
use crate::{Error, Format, Result, ToJson, Writer};
use std::io::{self, Write};

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
/// internal buffer handed to the `io::Write` once it holds about [`WRITE_CHUNK`] bytes.
///
/// Each record is serialized whole before any of it is written (the behaviour and bytes of the
/// async `stream::tokio::LinesWriter` of the `tokio` feature, which shares this writer's core
/// and cannot await the output inside a value), so the `io::Write` only receives whole lines
/// and memory is about one chunk plus the largest record; once the buffer has grown to that,
/// writing allocates nothing. A value that cannot be serialized writes nothing, even when it
/// is larger than a chunk. After an I/O error the bytes the `io::Write` did not take stay buffered and
/// are written by the next hand-over ([`LinesWriter::write`] once a chunk is buffered, or
/// [`LinesWriter::flush`]), so the output is always a prefix of the lines written.
///
/// Call [`LinesWriter::flush`] or [`LinesWriter::into_inner`] at the end (dropping the writer
/// flushes too, ignoring errors).
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
    core: LinesWriteCore,
}

/// Hands `core`'s pending bytes to `out` until it has taken them all (the sync answer to
/// [`LinesWriteCore::record`]'s `true`); stops at the first error, what `out` did not take
/// staying in `core`.
fn hand_over<W: Write>(core: &mut LinesWriteCore, out: &mut W) -> io::Result<()> {
    while !core.pending().is_empty() {
        match out.write(core.pending()) {
            Ok(0) => return Err(io::ErrorKind::WriteZero.into()),
            Ok(n) => core.taken(n),
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(())
}

impl<W: Write> LinesWriter<W> {
    /// A writer handing out about [`WRITE_CHUNK`] bytes at a time.
    pub fn new(out: W) -> Self {
        Self::with_chunk(out, WRITE_CHUNK)
    }

    /// A writer handing out about `chunk` bytes (at least 1) at a time.
    pub fn with_chunk(out: W, chunk: usize) -> Self {
        LinesWriter {
            out: Some(out),
            core: LinesWriteCore::new(chunk),
        }
    }

    fn parts(&mut self) -> (&mut W, &mut LinesWriteCore) {
        // `out` is only taken by `into_inner`, which consumes `self`.
        let out = self
            .out
            .as_mut()
            .expect("LinesWriter used after into_inner");
        (out, &mut self.core)
    }

    /// Writes `value` and a `\n`; once a chunk is buffered, hands it to the writer.
    ///
    /// # Errors
    ///
    /// An I/O error (category [`crate::Category::Io`]; the record was taken and the bytes not
    /// written stay buffered), or a value that cannot be written (as [`crate::to_vec`]): then
    /// nothing of it is written and the stream stays one value per line.
    pub fn write<T: ToJson + ?Sized>(&mut self, value: &T) -> Result<()> {
        let (out, core) = self.parts();
        if core.record(value)? {
            hand_over(core, out).map_err(Error::io)?;
        }
        Ok(())
    }

    /// Writes everything buffered, then flushes the underlying writer.
    pub fn flush(&mut self) -> io::Result<()> {
        let (out, core) = self.parts();
        hand_over(core, out)?;
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
            let _ = hand_over(&mut self.core, out);
            let _ = out.flush();
        }
    }
}
