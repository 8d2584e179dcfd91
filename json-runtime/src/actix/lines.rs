//! JSON Lines (NDJSON) in actix-web (cargo feature `actix`): [`JsonLines`], a streaming
//! response body written from a stream of values (`HttpResponse::streaming`), and with the
//! `tokio` feature as well [`JsonLinesStream`], an extractor that reads a request body one
//! line at a time with bounded memory. The same parts, bytes and errors as the axum ones.

use std::prelude::rust_2021::*; // a std-only module (feature `actix` implies `std`)

use actix_web::body::BoxBody;
use actix_web::web::Bytes;
use actix_web::{HttpRequest, HttpResponse, Responder};
use futures_core::Stream;

use crate::web::lines::LinesBody;
use crate::web::NDJSON_CONTENT_TYPE;
use crate::ToJson;

/// A responder whose body is the items of a stream as JSON Lines (`application/x-ndjson`):
/// each item as compact JSON, the same bytes as `serde_json::to_vec`, followed by `\n`.
///
/// The lines go out as the stream yields them (a chunked body): whatever is written is handed
/// to the server whenever the stream has nothing ready, and at the latest every
/// [`WRITE_CHUNK`](crate::stream::WRITE_CHUNK) bytes. An item that cannot be serialized (see
/// [`crate::to_vec`]) never panics: the body ends with an error after the lines before it,
/// and actix closes the connection, so the client sees an incomplete response (no last
/// chunk), never a half-written line followed by more.
///
/// ```
/// use actix_web::{web, App};
/// use json_runtime::actix::JsonLines;
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
/// let app = App::new().route("/ticks", web::get().to(ticks));
/// # drop(app);
/// ```
#[derive(Debug, Clone, Copy, Default)]
#[must_use]
pub struct JsonLines<S>(pub S);

impl<S, T> Responder for JsonLines<S>
where
    S: Stream<Item = T> + 'static,
    T: ToJson,
{
    type Body = BoxBody;

    fn respond_to(self, _req: &HttpRequest) -> HttpResponse<BoxBody> {
        HttpResponse::Ok()
            .content_type(NDJSON_CONTENT_TYPE)
            .streaming(LinesBody::<S, Bytes>::new(self.0))
    }
}

#[cfg(feature = "tokio")]
pub use extractor::JsonLinesStream;

#[cfg(feature = "tokio")]
mod extractor {
    use std::future::{ready, Ready};
    use std::io;
    use std::pin::Pin;
    use std::task::{Context, Poll};

    use actix_web::dev::Payload;
    use actix_web::{FromRequest, HttpRequest};

    use super::*;
    use crate::stream::tokio::{lines_from_reader_with, LinesReader};
    use crate::stream::StreamOptions;
    use crate::web::lines::{ChunkReader, ChunkSource};
    use crate::{Error, FromJson};

    /// An extractor that reads the request body as JSON Lines, one owned `T` per line, as the
    /// body's chunks arrive: the async [`LinesReader`] over the payload. Blank lines are
    /// skipped, `\r\n` is accepted, a bad line is an error naming its line and the next call
    /// goes on with the next line; a body that fails to arrive is an
    /// [`Category::Io`](crate::Category::Io) error, the last item.
    ///
    /// Memory is bounded per line, not per body: the buffer holds at most
    /// `max_value_len + buffer_size` bytes ([`StreamOptions`], 16 MiB + 64 KiB by default; a
    /// longer line is an error and is skipped as it arrives). The body's total length is not
    /// limited ([`FastJsonConfig`](super::super::FastJsonConfig)'s limit does not apply: a
    /// stream may be endless). To change the options, add a `StreamOptions` as app data, e.g.
    /// `.app_data(StreamOptions::new().max_value_len(1 << 20))`.
    ///
    /// The content type is not checked. Never rejects (the error type is `Infallible`): the
    /// errors come with the items.
    ///
    /// ```
    /// use actix_web::{web, App};
    /// use json_runtime::actix::JsonLinesStream;
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
    /// let app = App::new().route("/ingest", web::post().to(ingest));
    /// # drop(app);
    /// ```
    pub struct JsonLinesStream<T> {
        lines: LinesReader<ChunkReader<PayloadChunks>, T>,
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

    impl<T: for<'de> FromJson<'de>> FromRequest for JsonLinesStream<T> {
        type Error = std::convert::Infallible;
        type Future = Ready<Result<Self, Self::Error>>;

        fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
            let options = req.app_data::<StreamOptions>().cloned().unwrap_or_default();
            let body = ChunkReader::new(PayloadChunks(payload.take()));
            ready(Ok(JsonLinesStream {
                lines: lines_from_reader_with(body, &options),
            }))
        }
    }

    /// A request payload's chunks.
    struct PayloadChunks(Payload);

    impl ChunkSource for PayloadChunks {
        type Chunk = Bytes;

        fn poll_chunk(&mut self, cx: &mut Context<'_>) -> Poll<Option<io::Result<Option<Bytes>>>> {
            Pin::new(&mut self.0)
                .poll_next(cx)
                .map(|chunk| chunk.map(|c| c.map(Some).map_err(io::Error::other)))
        }
    }
}
