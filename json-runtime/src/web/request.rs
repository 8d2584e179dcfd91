//! JSON body in → typed value or rejection: reading a request body into a pooled buffer
//! within a limit, parsing it, and the rejections with their statuses, messages and JSON
//! error bodies (line, column and path of a parse error).

// A std-only module (its features imply `std`).
#[allow(unused_imports)]
use std::prelude::rust_2021::*;

use std::borrow::Borrow;
use std::fmt;
use std::future::poll_fn;
use std::sync::Mutex;
use std::task::{Context, Poll};

use crate::{Category, Compact, Error, FromJson, Writer};

/// The message of a 415 rejection.
pub(crate) const CONTENT_TYPE_MESSAGE: &str =
    "Expected request with `Content-Type: application/json`";
/// The message of a 413 rejection.
pub(crate) const TOO_LARGE_MESSAGE: &str =
    "Failed to buffer the request body: length limit exceeded";

/// A parse error is a data error (422: well-formed JSON of the wrong shape), or not (400:
/// syntax, early end).
pub(crate) fn is_data_error(err: &Error) -> bool {
    err.classify() == Category::Data
}

/// `{"error":<message>,"line":<line>,"column":<column>,"path":<path>}`.
pub(crate) fn error_body(message: &str, line: usize, column: usize, path: &str) -> Vec<u8> {
    let mut out = Vec::with_capacity(64 + message.len() + path.len());
    let mut w = Writer::<Compact>::new(&mut out);
    w.begin_object();
    w.key(true, ",\"error\":");
    w.str(message);
    w.key(false, ",\"line\":");
    w.u64(line as u64);
    w.key(false, ",\"column\":");
    w.u64(column as u64);
    w.key(false, ",\"path\":");
    w.str(path);
    w.end_object(true);
    out
}

// ---- rejections -----------------------------------------------------------------------------

/// Why a JSON request body was refused, the same for every framework. `R` is the framework's
/// body-read error and `J` the parse error: owned (`Error`) when built here, borrowed
/// (`&Error`) in a view of a framework's public rejection (which keeps its own variants).
#[derive(Debug)]
pub(crate) enum Rejection<R, J = Error> {
    /// 415: no `Content-Type` header, or not an accepted one.
    ContentType,
    /// 413: the body is over the limit.
    TooLarge,
    /// 400: the body could not be read.
    Read(R),
    /// 400: the body is not well-formed JSON.
    Syntax(J),
    /// 422: well-formed JSON that does not fit the target type.
    Data(J),
}

impl<R> Rejection<R> {
    /// A parse error as a rejection: 422 for a data error, 400 for the others.
    pub(crate) fn from_parse_error(err: Error) -> Self {
        if is_data_error(&err) {
            Self::Data(err)
        } else {
            Self::Syntax(err)
        }
    }
}

impl<R: fmt::Display, J: Borrow<Error>> Rejection<R, J> {
    /// The response status: 415, 413, 400 or 422.
    pub(crate) fn status(&self) -> u16 {
        match self {
            Self::ContentType => 415,
            Self::TooLarge => 413,
            Self::Read(_) | Self::Syntax(_) => 400,
            Self::Data(_) => 422,
        }
    }

    /// The JSON error body: the parse error's message, position and path, or the message
    /// with line and column 0 and an empty path.
    pub(crate) fn body(&self) -> Vec<u8> {
        match self {
            Self::Syntax(e) | Self::Data(e) => parse_error_body(e.borrow()),
            other => error_body(&other.to_string(), 0, 0, ""),
        }
    }
}

impl<R: fmt::Display, J: Borrow<Error>> fmt::Display for Rejection<R, J> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::ContentType => f.write_str(CONTENT_TYPE_MESSAGE),
            Self::TooLarge => f.write_str(TOO_LARGE_MESSAGE),
            Self::Read(e) => write!(f, "Failed to buffer the request body: {e}"),
            Self::Syntax(e) => write!(
                f,
                "Failed to parse the request body as JSON: {}",
                e.borrow()
            ),
            Self::Data(e) => write!(
                f,
                "Failed to deserialize the JSON body into the target type: {}",
                e.borrow()
            ),
        }
    }
}

/// The error body of a parse error: its message, position and path.
pub(crate) fn parse_error_body(err: &Error) -> Vec<u8> {
    error_body(err.message(), err.line(), err.column(), err.path())
}

// ---- request bodies -------------------------------------------------------------------------

/// Request-body buffers kept for reuse across requests (and threads): a body is read across
/// `.await`s, possibly on several threads, so it cannot borrow the thread's buffer
/// (`writer/buffer.rs`); the pool keeps that buffer's capacity limit.
static BODY_POOL: Mutex<Vec<Vec<u8>>> = Mutex::new(Vec::new());
/// At most this many buffers are kept ...
const POOL_MAX_BUFFERS: usize = 64;
/// ... each of at most this capacity (bigger ones are freed after use).
const POOL_MAX_CAPACITY: usize = crate::writer::buffer::THREAD_BUFFER_MAX_CAPACITY;

/// A buffer from [`BODY_POOL`], given back when dropped.
pub(crate) struct PooledBuf(pub(crate) Vec<u8>);

impl PooledBuf {
    pub(crate) fn take() -> Self {
        let buf = BODY_POOL.lock().ok().and_then(|mut pool| pool.pop());
        PooledBuf(buf.unwrap_or_default())
    }
}

impl Drop for PooledBuf {
    fn drop(&mut self) {
        let mut buf = std::mem::take(&mut self.0);
        if buf.capacity() == 0 || buf.capacity() > POOL_MAX_CAPACITY {
            return;
        }
        buf.clear();
        if let Ok(mut pool) = BODY_POOL.lock() {
            if pool.len() < POOL_MAX_BUFFERS {
                pool.push(buf);
            }
        }
    }
}

/// Why a body could not be read.
pub(crate) enum BodyError<E> {
    /// Over the limit (by its announced length or while reading).
    TooLarge,
    /// The framework's body stream failed.
    Read(E),
}

/// Reads a body chunk by chunk into a pooled buffer. `announced` is the `Content-Length` (or
/// a lower size bound): over `limit`, the body is rejected before a byte is read; otherwise
/// that much is reserved (up to the pool's buffer size). `next_chunk` polls the framework's
/// stream: `Some(Ok(None))` is a frame without data (trailers), skipped.
pub(crate) async fn read_body<C: AsRef<[u8]>, E>(
    limit: usize,
    announced: u64,
    mut next_chunk: impl FnMut(&mut Context<'_>) -> Poll<Option<Result<Option<C>, E>>>,
) -> Result<PooledBuf, BodyError<E>> {
    if announced > limit as u64 {
        return Err(BodyError::TooLarge);
    }
    let mut buf = PooledBuf::take();
    buf.0
        .reserve(announced.min(POOL_MAX_CAPACITY as u64) as usize);
    while let Some(chunk) = poll_fn(&mut next_chunk).await {
        let Some(data) = chunk.map_err(BodyError::Read)? else {
            continue;
        };
        let data = data.as_ref();
        if data.len() > limit - buf.0.len() {
            return Err(BodyError::TooLarge);
        }
        buf.0.extend_from_slice(data);
    }
    Ok(buf)
}

/// Reads the body (as [`read_body`]) and then a `T` from it: the whole extractor after the
/// content-type check.
pub(crate) async fn read_json<T, C, R>(
    limit: usize,
    announced: u64,
    next_chunk: impl FnMut(&mut Context<'_>) -> Poll<Option<Result<Option<C>, R>>>,
) -> Result<T, Rejection<R>>
where
    T: for<'de> FromJson<'de>,
    C: AsRef<[u8]>,
{
    let buf = read_body(limit, announced, next_chunk)
        .await
        .map_err(|e| match e {
            BodyError::TooLarge => Rejection::TooLarge,
            BodyError::Read(e) => Rejection::Read(e),
        })?;
    crate::from_slice(&buf.0).map_err(Rejection::from_parse_error)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn error_body_is_json() {
        let err = crate::from_str::<Vec<u32>>("[1,\n\"x\"]").unwrap_err();
        assert!(is_data_error(&err));
        let body = String::from_utf8(parse_error_body(&err)).unwrap();
        let want = format!(
            r#"{{"error":{},"line":2,"column":3,"path":"[1]"}}"#,
            crate::to_string(err.message()).unwrap()
        );
        assert_eq!(body, want);
        assert_eq!(
            String::from_utf8(error_body("a \"b\"", 0, 0, "")).unwrap(),
            r#"{"error":"a \"b\"","line":0,"column":0,"path":""}"#
        );
        assert!(!is_data_error(
            &crate::from_str::<Vec<u32>>("[1,").unwrap_err()
        ));
    }

    /// Drives `read_body` over a list of chunks (no executor needed: it never waits).
    fn read_chunks(limit: usize, announced: u64, chunks: &[&[u8]]) -> Result<Vec<u8>, bool> {
        let mut it = chunks.iter().map(|c| Ok::<_, ()>(Some(*c)));
        let fut = read_body(limit, announced, |_| Poll::Ready(it.next()));
        let mut fut = std::pin::pin!(fut);
        struct Noop;
        impl std::task::Wake for Noop {
            fn wake(self: std::sync::Arc<Self>) {}
        }
        let waker = std::task::Waker::from(std::sync::Arc::new(Noop));
        match std::future::Future::poll(fut.as_mut(), &mut Context::from_waker(&waker)) {
            Poll::Ready(Ok(buf)) => Ok(buf.0.clone()),
            Poll::Ready(Err(BodyError::TooLarge)) => Err(true),
            Poll::Ready(Err(BodyError::Read(()))) | Poll::Pending => Err(false),
        }
    }

    #[test]
    fn body_limit() {
        assert_eq!(read_chunks(4, 0, &[b"ab", b"cd"]), Ok(b"abcd".to_vec()));
        assert_eq!(read_chunks(3, 0, &[b"ab", b"cd"]), Err(true));
        assert_eq!(read_chunks(10, 11, &[b"ab"]), Err(true));
        assert_eq!(read_chunks(10, 2, &[]), Ok(Vec::new()));
    }

    #[test]
    fn rejection_statuses_messages_and_bodies() {
        type R = Rejection<&'static str>;
        let data = R::from_parse_error(crate::from_str::<Vec<u32>>("[1,\n\"x\"]").unwrap_err());
        assert_eq!(data.status(), 422);
        assert!(data.to_string().starts_with("Failed to deserialize"));
        let syntax = R::from_parse_error(crate::from_str::<Vec<u32>>("[1,").unwrap_err());
        assert_eq!(syntax.status(), 400);
        assert!(syntax.to_string().starts_with("Failed to parse"));
        if let Rejection::Syntax(e) = &syntax {
            assert_eq!(syntax.body(), parse_error_body(e));
        }
        assert_eq!(R::ContentType.status(), 415);
        assert_eq!(R::TooLarge.status(), 413);
        assert_eq!(R::Read("gone").status(), 400);
        assert_eq!(
            String::from_utf8(R::Read("gone").body()).unwrap(),
            r#"{"error":"Failed to buffer the request body: gone","line":0,"column":0,"path":""}"#
        );
        assert_eq!(R::TooLarge.body(), error_body(TOO_LARGE_MESSAGE, 0, 0, ""));
    }
}
