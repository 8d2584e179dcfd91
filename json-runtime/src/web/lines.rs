//! JSON Lines (NDJSON) bodies: a stream of values written as response chunks of whole lines,
//! and (with `tokio`) a request body's chunks read as a `tokio::io::AsyncRead` for the async
//! JSON Lines reader.

// A std-only module (its features imply `std`).
#[allow(unused_imports)]
use std::prelude::rust_2021::*;

use std::marker::PhantomData;
use std::pin::Pin;
use std::task::{Context, Poll};

use futures_core::Stream;

use crate::stream::WRITE_CHUNK;
use crate::{Compact, Error, ToJson};

/// The content type of JSON Lines (NDJSON) responses.
pub const NDJSON_CONTENT_TYPE: &str = "application/x-ndjson";

/// A response body of JSON Lines: each item of `S` as compact JSON and `\n`, in chunks `B`
/// (the framework's `Bytes`) of whole lines. A chunk goes out whenever the items stream has
/// nothing ready, and at the latest every [`WRITE_CHUNK`] bytes. An item that cannot be
/// serialized ends the stream with its error, after the lines before it.
pub(crate) struct LinesBody<S, B> {
    /// Pinned on the heap so that any stream works (most are not `Unpin`).
    items: Pin<Box<S>>,
    buf: Vec<u8>,
    /// An item could not be serialized: the error to end with, after the lines before it.
    failed: Option<Error>,
    done: bool,
    _chunk: PhantomData<fn() -> B>,
}

impl<S, B> LinesBody<S, B> {
    pub(crate) fn new(items: S) -> Self {
        LinesBody {
            items: Box::pin(items),
            buf: Vec::new(),
            failed: None,
            done: false,
            _chunk: PhantomData,
        }
    }
}

impl<S, B: From<Vec<u8>>> LinesBody<S, B> {
    fn take(&mut self) -> B {
        B::from(std::mem::take(&mut self.buf))
    }
}

impl<S: Stream<Item = T>, T: ToJson, B: From<Vec<u8>>> Stream for LinesBody<S, B> {
    type Item = Result<B, Error>;

    fn poll_next(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        let this = self.get_mut();
        if let Some(e) = this.failed.take() {
            return Poll::Ready(Some(Err(e)));
        }
        if this.done {
            return Poll::Ready(None);
        }
        loop {
            match this.items.as_mut().poll_next(cx) {
                Poll::Ready(Some(item)) => {
                    let before = this.buf.len();
                    match crate::writer::write_to::<Compact, T>(&mut this.buf, &item) {
                        Ok(()) => {
                            this.buf.push(b'\n');
                            if this.buf.len() >= WRITE_CHUNK {
                                return Poll::Ready(Some(Ok(this.take())));
                            }
                        }
                        Err(e) => {
                            this.buf.truncate(before);
                            this.done = true;
                            if this.buf.is_empty() {
                                return Poll::Ready(Some(Err(e)));
                            }
                            this.failed = Some(e);
                            return Poll::Ready(Some(Ok(this.take())));
                        }
                    }
                }
                Poll::Ready(None) => {
                    this.done = true;
                    if this.buf.is_empty() {
                        return Poll::Ready(None);
                    }
                    return Poll::Ready(Some(Ok(this.take())));
                }
                Poll::Pending if this.buf.is_empty() => return Poll::Pending,
                // Nothing more for now: send what is written.
                Poll::Pending => return Poll::Ready(Some(Ok(this.take()))),
            }
        }
    }
}

/// A request body as a source of chunks: `Some(Ok(None))` is a frame without data
/// (trailers), skipped.
#[cfg(feature = "tokio")]
pub(crate) trait ChunkSource: Unpin {
    /// A chunk of the body.
    type Chunk: AsRef<[u8]>;
    /// The next chunk, as `Stream::poll_next`.
    fn poll_chunk(
        &mut self,
        cx: &mut Context<'_>,
    ) -> Poll<Option<std::io::Result<Option<Self::Chunk>>>>;
}

/// A request body as a [`tokio::io::AsyncRead`]: the bytes of its chunks.
#[cfg(feature = "tokio")]
pub(crate) struct ChunkReader<B: ChunkSource> {
    body: B,
    /// The last chunk and how much of it was read.
    data: Option<(B::Chunk, usize)>,
    ended: bool,
}

#[cfg(feature = "tokio")]
impl<B: ChunkSource> ChunkReader<B> {
    pub(crate) fn new(body: B) -> Self {
        ChunkReader {
            body,
            data: None,
            ended: false,
        }
    }
}

#[cfg(feature = "tokio")]
impl<B: ChunkSource> tokio::io::AsyncRead for ChunkReader<B>
where
    B::Chunk: Unpin,
{
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        out: &mut tokio::io::ReadBuf<'_>,
    ) -> Poll<std::io::Result<()>> {
        let this = self.get_mut();
        loop {
            if let Some((chunk, at)) = &mut this.data {
                let rest = &chunk.as_ref()[*at..];
                if !rest.is_empty() {
                    let n = rest.len().min(out.remaining());
                    out.put_slice(&rest[..n]);
                    *at += n;
                    return Poll::Ready(Ok(()));
                }
                this.data = None;
            }
            if this.ended {
                return Poll::Ready(Ok(()));
            }
            match this.body.poll_chunk(cx) {
                Poll::Ready(Some(Ok(Some(chunk)))) => this.data = Some((chunk, 0)),
                Poll::Ready(Some(Ok(None))) => {}
                Poll::Ready(Some(Err(e))) => return Poll::Ready(Err(e)),
                Poll::Ready(None) => this.ended = true,
                Poll::Pending => return Poll::Pending,
            }
        }
    }
}
