//! JSON Lines (NDJSON) in axum (cargo features `axum` and `tokio`): [`JsonLines`], a response
//! body written from a stream of values, and [`JsonLinesStream`], an extractor that reads a
//! request body one line at a time with bounded memory.
//!
//! The extractor is the async JSON Lines reader of [`crate::stream::tokio`] over the request
//! body's frames, so its items, errors (with their line numbers) and limits are those of
//! [`crate::stream::lines_from_reader`]. The response writes each value with the fallible
//! write path: a value that cannot be serialized ends the body with an error (the client sees
//! the response cut short) instead of panicking the server.

use std::io;
use std::pin::Pin;
use std::prelude::rust_2021::*; // a std-only module (feature `axum` implies `std`)
use std::task::{Context, Poll};

use ::axum::body::{Body, Bytes, HttpBody};
use ::axum::extract::{FromRequest, Request};
use ::axum::http::header::{self, HeaderValue};
use ::axum::response::{IntoResponse, Response};
use futures_core::Stream;

use crate::stream::tokio::{lines_from_reader_with, LinesReader};
use crate::stream::StreamOptions;
use crate::web::lines::{ChunkReader, ChunkSource, LinesBody};
use crate::web::NDJSON_CONTENT_TYPE;
use crate::{Error, FromJson, ToJson};

// ---- the response ---------------------------------------------------------------------------

/// A response whose body is the items of a stream as JSON Lines (`application/x-ndjson`):
/// each item as compact JSON, the same bytes as `serde_json::to_vec`, followed by `\n`.
///
/// The lines go out as the stream yields them: whatever is written is handed to the server
/// whenever the stream has nothing ready, and at the latest every
/// [`WRITE_CHUNK`](crate::stream::WRITE_CHUNK) bytes. An item that cannot be serialized (see
/// [`crate::to_vec`]) never panics: the body ends with an error after the lines before it, and the server cuts the connection, so the client sees
/// an incomplete response (for HTTP/1.1 chunked, no last chunk), never a half-written line
/// followed by more. (hyper drops the bytes it had not yet sent when the body fails, so some
/// of the lines before the failing item may be missing too.)
///
/// ```
/// use axum::{routing::get, Router};
/// use json_runtime::axum::JsonLines;
///
/// #[derive(json_runtime::FastJson)]
/// struct Tick { n: u32 }
///
/// /// A stream of three ticks (any `futures_core::Stream` works, e.g. from
/// /// `futures::stream::iter` or `tokio_stream`).
/// struct Ticks(u32);
/// impl futures_core::Stream for Ticks {
///     type Item = Tick;
///     fn poll_next(
///         mut self: std::pin::Pin<&mut Self>,
///         _: &mut std::task::Context<'_>,
///     ) -> std::task::Poll<Option<Tick>> {
///         self.0 += 1;
///         std::task::Poll::Ready((self.0 <= 3).then_some(Tick { n: self.0 }))
///     }
/// }
///
/// async fn ticks() -> JsonLines<Ticks> {
///     JsonLines(Ticks(0)) // {"n":1}\n{"n":2}\n{"n":3}\n
/// }
///
/// let app: Router = Router::new().route("/ticks", get(ticks));
/// ```
#[derive(Debug, Clone, Copy, Default)]
#[must_use]
pub struct JsonLines<S>(pub S);

impl<S, T> IntoResponse for JsonLines<S>
where
    S: Stream<Item = T> + Send + 'static,
    T: ToJson,
{
    fn into_response(self) -> Response {
        let body = LinesBody::<S, Bytes>::new(self.0);
        let mut res = Response::new(Body::from_stream(body));
        res.headers_mut().insert(
            header::CONTENT_TYPE,
            HeaderValue::from_static(NDJSON_CONTENT_TYPE),
        );
        res
    }
}

// ---- the extractor --------------------------------------------------------------------------

/// An extractor that reads the request body as JSON Lines, one owned `T` per line, as the
/// body's frames arrive: the async [`LinesReader`](crate::stream::tokio::LinesReader) over the
/// body. Blank lines are skipped, `\r\n` is accepted, a bad line is an error naming its line
/// and the next call goes on with the next line; a body that fails to arrive is an
/// [`Category::Io`](crate::Category::Io) error, the last item.
///
/// Memory is bounded per line, not per body: the buffer holds at most
/// `max_value_len + buffer_size` bytes ([`StreamOptions`], 16 MiB + 64 KiB by default; a longer
/// line is an error and is skipped as it arrives). The body's total length is not limited
/// (axum's `DefaultBodyLimit` does not apply: a stream may be endless). To change the options,
/// add a `StreamOptions` to the request's extensions, e.g. with
/// `.layer(axum::Extension(StreamOptions::new().max_value_len(1 << 20)))`.
///
/// The content type is not checked. Never rejects (the rejection is `Infallible`): the errors
/// come with the items.
///
/// ```
/// use axum::{routing::post, Router};
/// use json_runtime::axum::JsonLinesStream;
///
/// #[derive(json_runtime::FastJson)]
/// struct Reading { sensor: String, value: f64 }
///
/// async fn ingest(mut readings: JsonLinesStream<Reading>) -> String {
///     let (mut sum, mut bad) = (0.0, 0);
///     while let Some(reading) = readings.next().await {
///         match reading {
///             Ok(r) => sum += r.value,
///             Err(_) => bad += 1, // e.line() names the line
///         }
///     }
///     format!("sum {sum}, {bad} bad lines")
/// }
///
/// let app: Router = Router::new().route("/ingest", post(ingest));
/// ```
pub struct JsonLinesStream<T> {
    lines: LinesReader<ChunkReader<BodyChunks>, T>,
}

impl<T: for<'de> FromJson<'de>> JsonLinesStream<T> {
    /// The next line's value or error; `None` at the end of the body. Cancel-safe.
    pub async fn next(&mut self) -> Option<Result<T, Error>> {
        self.lines.next().await
    }

    /// Line number (1-based) of the last value or error returned.
    pub fn line(&self) -> usize {
        self.lines.line()
    }
}

/// The same items as [`JsonLinesStream::next`].
impl<T: for<'de> FromJson<'de>> Stream for JsonLinesStream<T> {
    type Item = Result<T, Error>;

    fn poll_next(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        Pin::new(&mut self.get_mut().lines).poll_next(cx)
    }
}

impl<T, S> FromRequest<S> for JsonLinesStream<T>
where
    T: for<'de> FromJson<'de>,
    S: Send + Sync,
{
    type Rejection = std::convert::Infallible;

    async fn from_request(req: Request, _state: &S) -> Result<Self, Self::Rejection> {
        let options = req
            .extensions()
            .get::<StreamOptions>()
            .cloned()
            .unwrap_or_default();
        let body = ChunkReader::new(BodyChunks(req.into_body()));
        Ok(JsonLinesStream {
            lines: lines_from_reader_with(body, &options),
        })
    }
}

/// A request body's data frames (trailers are skipped).
struct BodyChunks(Body);

impl ChunkSource for BodyChunks {
    type Chunk = Bytes;

    fn poll_chunk(&mut self, cx: &mut Context<'_>) -> Poll<Option<io::Result<Option<Bytes>>>> {
        Pin::new(&mut self.0)
            .poll_frame(cx)
            .map(|frame| frame.map(|f| f.map(|f| f.into_data().ok()).map_err(io::Error::other)))
    }
}
