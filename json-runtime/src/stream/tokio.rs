//! Async streams (cargo feature `tokio`): JSON Lines and the elements of a top-level array read
//! from a `tokio::io::AsyncRead`, and JSON Lines written to an
//! `AsyncWrite`.
//!
//! The names mirror the sync ones in [`crate::stream`], and so does everything else: the
//! readers run the same sans-IO cores as [`super::LinesReader`] and [`super::ArrayReader`]
//! (which decide whether the buffer holds a complete line or element, and otherwise ask for one
//! more read), only the reads are awaited. So the items, the errors and their positions, the
//! [`StreamOptions`] limits and the memory bound (`max_value_len + buffer_size`) are those of
//! the sync readers, whatever the sizes of the reads. The JSON Lines writer shares its sans-IO
//! core with [`super::LinesWriter`] the same way: the same bytes, handed over at the same
//! points, and the same errors, whatever the writer takes per call.
//!
//! The readers have an async `next()` and are [`futures_core::Stream`]s. Both hold all their
//! state in themselves, so a `next()` future dropped before it finishes (in a `select!`, on a
//! timeout) loses nothing: the next call goes on where it stopped.
//!
//! Only tokio's I/O traits are used (the dependency turns on no tokio feature); any runtime
//! that drives them works.
//!
//! ```no_run
//! # async fn run() -> std::io::Result<()> {
//! use json_runtime::stream::tokio::{lines_from_reader, LinesWriter};
//!
//! #[derive(json_runtime::FastJson)]
//! struct Event { id: u32 }
//!
//! # let (socket, out): (&[u8], Vec<u8>) = (b"", Vec::new());
//! let mut events = lines_from_reader::<Event, _>(socket);
//! let mut copy = LinesWriter::new(out);
//! while let Some(event) = events.next().await {
//!     match event {
//!         Ok(event) => copy.write(&event).await?,
//!         Err(e) => eprintln!("line {}: {e}", e.line()),
//!     }
//! }
//! copy.flush().await?;
//! # Ok(())
//! # }
//! ```

use std::prelude::rust_2021::*; // a std-only module (feature `tokio` implies `std`)

use std::future::poll_fn;
use std::io;
use std::marker::PhantomData;
use std::pin::Pin;
use std::task::{Context, Poll};

use ::tokio::io::{AsyncRead, AsyncWrite, ReadBuf};

use super::array::ArrayCore;
use super::buffer::Buffer;
use super::lines::LinesCore;
use super::lines_write::LinesWriteCore;
use super::step::Step;
use super::{StreamOptions, WRITE_CHUNK};
use crate::error::{Error, Result};
use crate::{FromJson, ToJson};

/// Reads once from `input` into `buf` (the async answer to [`Step::NeedInput`]).
fn poll_fill<R: AsyncRead + Unpin>(
    input: &mut R,
    buf: &mut Buffer,
    cx: &mut Context<'_>,
) -> Poll<io::Result<()>> {
    loop {
        let Some(space) = buf.space() else {
            return Poll::Ready(Ok(()));
        };
        let mut read = ReadBuf::new(space);
        match Pin::new(&mut *input).poll_read(cx, &mut read) {
            Poll::Ready(Ok(())) => {
                let n = read.filled().len();
                buf.filled(n);
                return Poll::Ready(Ok(()));
            }
            Poll::Ready(Err(e)) if e.kind() == io::ErrorKind::Interrupted => {}
            Poll::Ready(Err(e)) => return Poll::Ready(Err(e)),
            Poll::Pending => return Poll::Pending,
        }
    }
}

// ---- JSON Lines -----------------------------------------------------------------------------

/// JSON Lines from an [`AsyncRead`], one owned `T` per line: the async [`super::LinesReader`]
/// (same items, same errors with their stream lines; a bad line is an error and the next call
/// goes on with the next line).
///
/// ```
/// # tokio::runtime::Builder::new_current_thread().build().unwrap().block_on(async {
/// #[derive(json_runtime::FastJson, Debug, PartialEq)]
/// struct Event { id: u32 }
///
/// let input = &b"{\"id\":1}\r\n\n{\"id\":\"x\"}\n{\"id\":3}"[..]; // &[u8] is an AsyncRead
/// let mut events = json_runtime::stream::tokio::lines_from_reader::<Event, _>(input);
/// assert_eq!(events.next().await.unwrap().unwrap(), Event { id: 1 });
/// assert_eq!(events.next().await.unwrap().unwrap_err().line(), 3);
/// assert_eq!(events.next().await.unwrap().unwrap(), Event { id: 3 });
/// assert!(events.next().await.is_none());
/// # });
/// ```
pub struct LinesReader<R, T> {
    input: R,
    core: LinesCore,
    _t: PhantomData<fn() -> T>,
}

/// JSON Lines from `reader`, with the default [`StreamOptions`].
///
/// ```no_run
/// # async fn run() -> std::io::Result<()> {
/// let socket = tokio::net::TcpStream::connect("127.0.0.1:7000").await?;
/// let mut lines = json_runtime::stream::tokio::lines_from_reader::<Vec<u32>, _>(socket);
/// while let Some(line) = lines.next().await {
///     println!("{:?}", line);
/// }
/// # Ok(())
/// # }
/// ```
pub fn lines_from_reader<T: for<'de> FromJson<'de>, R: AsyncRead + Unpin>(
    reader: R,
) -> LinesReader<R, T> {
    lines_from_reader_with(reader, &StreamOptions::new())
}

/// JSON Lines from `reader`.
///
/// ```
/// use json_runtime::stream::{tokio::lines_from_reader_with, StreamOptions};
/// let opts = StreamOptions::new().max_value_len(1 << 20).buffer_size(4096);
/// let lines = lines_from_reader_with::<u64, _>(&b"1\n2\n"[..], &opts);
/// # drop(lines);
/// ```
pub fn lines_from_reader_with<T: for<'de> FromJson<'de>, R: AsyncRead + Unpin>(
    reader: R,
    options: &StreamOptions,
) -> LinesReader<R, T> {
    LinesReader {
        input: reader,
        core: LinesCore::new(options),
        _t: PhantomData,
    }
}

impl<R: AsyncRead + Unpin, T: for<'de> FromJson<'de>> LinesReader<R, T> {
    /// The next line's value or error; `None` at the end of the input (or after an I/O
    /// error, which is returned once). Cancel-safe: dropping the future loses nothing.
    pub async fn next(&mut self) -> Option<Result<T>> {
        poll_fn(|cx| self.poll_item(cx)).await
    }

    /// Line number (1-based) of the last value or error returned.
    pub fn line(&self) -> usize {
        self.core.line
    }

    /// The underlying reader (bytes already buffered are lost).
    pub fn into_inner(self) -> R {
        self.input
    }

    fn poll_item(&mut self, cx: &mut Context<'_>) -> Poll<Option<Result<T>>> {
        if let Some(item) = self.core.buffered_line() {
            return Poll::Ready(Some(item));
        }
        loop {
            match self.core.step() {
                Step::Ready(item) => return Poll::Ready(item),
                Step::NeedInput => match poll_fill(&mut self.input, &mut self.core.buf, cx) {
                    Poll::Ready(Ok(())) => {}
                    Poll::Ready(Err(e)) => return Poll::Ready(Some(self.core.fail(e))),
                    Poll::Pending => return Poll::Pending,
                },
            }
        }
    }
}

/// The same items as [`LinesReader::next`].
impl<R: AsyncRead + Unpin, T: for<'de> FromJson<'de>> futures_core::Stream for LinesReader<R, T> {
    type Item = Result<T>;

    fn poll_next(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Result<T>>> {
        self.get_mut().poll_item(cx)
    }
}

// ---- array elements -------------------------------------------------------------------------

/// The elements of the array `[ ... ]` that makes up the whole input, read one at a time from
/// an [`AsyncRead`]: the async [`super::ArrayReader`] (an element's error has its index at the
/// front of its path, `[2].price`, and its stream line and column; after an error or the end
/// of the array, `None`).
///
/// ```
/// # tokio::runtime::Builder::new_current_thread().build().unwrap().block_on(async {
/// #[derive(json_runtime::FastJson, Debug, PartialEq)]
/// struct Item { price: u32 }
///
/// let input = &b"[{\"price\":1},\n {\"price\":-2}]"[..];
/// let mut items = json_runtime::stream::tokio::array_from_reader::<Item, _>(input);
/// assert_eq!(items.next().await.unwrap().unwrap(), Item { price: 1 });
/// let err = items.next().await.unwrap().unwrap_err();
/// assert_eq!((err.path(), err.line()), ("[1].price", 2));
/// assert!(items.next().await.is_none());
/// # });
/// ```
pub struct ArrayReader<R, T> {
    input: R,
    core: ArrayCore,
    _t: PhantomData<fn() -> T>,
}

/// The elements of a top-level array in `reader`, with the default [`StreamOptions`].
///
/// ```no_run
/// # async fn run() -> std::io::Result<()> {
/// let socket = tokio::net::TcpStream::connect("127.0.0.1:7000").await?;
/// let mut items = json_runtime::stream::tokio::array_from_reader::<u64, _>(socket);
/// let mut sum = 0;
/// while let Some(item) = items.next().await {
///     sum += item?; // json_runtime::Error converts to io::Error
/// }
/// # let _ = sum;
/// # Ok(())
/// # }
/// ```
pub fn array_from_reader<T: for<'de> FromJson<'de>, R: AsyncRead + Unpin>(
    reader: R,
) -> ArrayReader<R, T> {
    array_from_reader_with(reader, &StreamOptions::new())
}

/// The elements of a top-level array in `reader`.
///
/// ```
/// use json_runtime::stream::{tokio::array_from_reader_with, StreamOptions};
/// let opts = StreamOptions::new().max_value_len(1 << 20);
/// let items = array_from_reader_with::<Vec<u8>, _>(&b"[[1],[2]]"[..], &opts);
/// # drop(items);
/// ```
pub fn array_from_reader_with<T: for<'de> FromJson<'de>, R: AsyncRead + Unpin>(
    reader: R,
    options: &StreamOptions,
) -> ArrayReader<R, T> {
    ArrayReader {
        input: reader,
        core: ArrayCore::new(options),
        _t: PhantomData,
    }
}

impl<R: AsyncRead + Unpin, T: for<'de> FromJson<'de>> ArrayReader<R, T> {
    /// The next element or error; `None` after the array (or after an error). Cancel-safe:
    /// dropping the future loses nothing.
    pub async fn next(&mut self) -> Option<Result<T>> {
        poll_fn(|cx| self.poll_item(cx)).await
    }

    /// How many elements were read.
    pub fn elements_read(&self) -> usize {
        self.core.index
    }

    /// Stream offset of the next unread byte.
    pub fn byte_offset(&self) -> usize {
        self.core.src.offset()
    }

    /// The underlying reader (bytes already buffered are lost).
    pub fn into_inner(self) -> R {
        self.input
    }

    fn poll_item(&mut self, cx: &mut Context<'_>) -> Poll<Option<Result<T>>> {
        if let Some(item) = self.core.buffered_element() {
            return Poll::Ready(Some(item));
        }
        loop {
            match self.core.next() {
                Step::Ready(item) => return Poll::Ready(item),
                Step::NeedInput => match poll_fill(&mut self.input, &mut self.core.src.buf, cx) {
                    Poll::Ready(Ok(())) => {}
                    Poll::Ready(Err(e)) => return Poll::Ready(Some(self.core.fail(Error::io(e)))),
                    Poll::Pending => return Poll::Pending,
                },
            }
        }
    }
}

/// The same items as [`ArrayReader::next`].
impl<R: AsyncRead + Unpin, T: for<'de> FromJson<'de>> futures_core::Stream for ArrayReader<R, T> {
    type Item = Result<T>;

    fn poll_next(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Result<T>>> {
        self.get_mut().poll_item(cx)
    }
}

// ---- writing JSON Lines ---------------------------------------------------------------------

/// Writes values as JSON Lines to an [`AsyncWrite`]: the bytes of [`super::LinesWriter`]
/// (compact JSON, a `\n` after each value), handed to the writer once about [`WRITE_CHUNK`]
/// bytes are buffered.
///
/// The two writers share their sans-IO core, so they behave alike: each record is serialized
/// whole into the buffer before any of it is written (a synchronous serializer cannot await
/// the writer in the middle of a value), so the writer only receives whole lines and memory is
/// about one chunk plus the largest record. A value that cannot be serialized is an error of
/// category [`crate::Category::Data`] and writes nothing (the stream stays one value per
/// line). An I/O error is returned as an error of category [`crate::Category::Io`]; the bytes
/// the writer did not take stay buffered and go out with the next hand-over (a `write` that
/// finds a chunk buffered, or `flush`), so the output is always a prefix of the lines written.
///
/// Cancel-safe: a `write` or `flush` future dropped in the middle of a hand-over loses
/// nothing; the next call goes on where it stopped.
///
/// There is no async drop: call [`LinesWriter::flush`], [`LinesWriter::shutdown`] or
/// [`LinesWriter::into_inner`] at the end, or the buffered lines are lost.
///
/// ```
/// # tokio::runtime::Builder::new_current_thread().build().unwrap().block_on(async {
/// #[derive(json_runtime::FastJson)]
/// struct Event { id: u32 }
///
/// let mut lines = json_runtime::stream::tokio::LinesWriter::new(Vec::new()); // Vec<u8>: AsyncWrite
/// for id in 1..=2 {
///     lines.write(&Event { id }).await.unwrap();
/// }
/// assert_eq!(lines.into_inner().await.unwrap(), b"{\"id\":1}\n{\"id\":2}\n");
/// # });
/// ```
pub struct LinesWriter<W> {
    out: W,
    core: LinesWriteCore,
}

impl<W: AsyncWrite + Unpin> LinesWriter<W> {
    /// A writer handing out about [`WRITE_CHUNK`] bytes at a time.
    pub fn new(out: W) -> Self {
        Self::with_chunk(out, WRITE_CHUNK)
    }

    /// A writer handing out about `chunk` bytes at a time (at least 1).
    ///
    /// ```
    /// let lines = json_runtime::stream::tokio::LinesWriter::with_chunk(Vec::new(), 4096);
    /// # drop(lines);
    /// ```
    pub fn with_chunk(out: W, chunk: usize) -> Self {
        LinesWriter {
            out,
            core: LinesWriteCore::new(chunk),
        }
    }

    /// Writes `value` and a `\n`; once a chunk is buffered, hands it to the writer.
    ///
    /// # Errors
    ///
    /// An I/O error (category [`crate::Category::Io`]; the record was taken and the bytes not
    /// written stay buffered), or a value that cannot be written (as [`crate::to_vec`]): then
    /// nothing of it is written and the stream stays one value per line.
    pub async fn write<T: ToJson + ?Sized>(&mut self, value: &T) -> Result<()> {
        if !self.core.record(value)? {
            return Ok(());
        }
        poll_fn(|cx| self.poll_hand_over(cx))
            .await
            .map_err(Error::io)
    }

    /// Writes everything buffered, then flushes the writer.
    pub async fn flush(&mut self) -> io::Result<()> {
        poll_fn(|cx| self.poll_hand_over(cx)).await?;
        poll_fn(|cx| Pin::new(&mut self.out).poll_flush(cx)).await
    }

    /// Writes everything buffered, then shuts the writer down
    /// ([`AsyncWrite::poll_shutdown`]: for a TCP stream, the end of the output).
    pub async fn shutdown(&mut self) -> io::Result<()> {
        poll_fn(|cx| self.poll_hand_over(cx)).await?;
        poll_fn(|cx| Pin::new(&mut self.out).poll_shutdown(cx)).await
    }

    /// The writer, after writing everything buffered and flushing it.
    pub async fn into_inner(mut self) -> io::Result<W> {
        self.flush().await?;
        Ok(self.out)
    }

    /// The writer.
    pub fn get_ref(&self) -> &W {
        &self.out
    }

    /// Hands the core's pending bytes to the writer until it has taken them all (the async
    /// answer to [`LinesWriteCore::record`]'s `true`); stops at the first error, what the
    /// writer did not take staying in the core.
    fn poll_hand_over(&mut self, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        while !self.core.pending().is_empty() {
            match Pin::new(&mut self.out).poll_write(cx, self.core.pending()) {
                Poll::Ready(Ok(0)) => return Poll::Ready(Err(io::ErrorKind::WriteZero.into())),
                Poll::Ready(Ok(n)) => self.core.taken(n),
                Poll::Ready(Err(e)) if e.kind() == io::ErrorKind::Interrupted => {}
                Poll::Ready(Err(e)) => return Poll::Ready(Err(e)),
                Poll::Pending => return Poll::Pending,
            }
        }
        Poll::Ready(Ok(()))
    }
}
