//! What the web framework integrations (`axum`, `actix`) share: the JSON content-type rule,
//! reading a request body into a pooled buffer within a limit, the JSON error body with line,
//! column and path, the status a parse error maps to, and serializing a response through a
//! reused per-thread buffer.

// A std-only module (its feature implies `std`).
#[allow(unused_imports)]
use std::prelude::rust_2021::*;
#[allow(unused_imports)]
use std::thread_local;

use std::cell::RefCell;
use std::future::poll_fn;
use std::sync::Mutex;
use std::task::{Context, Poll};

use crate::{Category, Compact, Error, ToJson, Writer};

/// The message of a 415 rejection.
pub(crate) const CONTENT_TYPE_MESSAGE: &str =
    "Expected request with `Content-Type: application/json`";
/// The message of a 413 rejection.
pub(crate) const TOO_LARGE_MESSAGE: &str =
    "Failed to buffer the request body: length limit exceeded";

/// `application/json`, or `application/<anything>+json`, with any parameters: the rule
/// `axum::Json` and actix's `web::Json` apply to a `Content-Type` value.
pub(crate) fn is_json_content_type(value: &str) -> bool {
    let essence = value.split(';').next().unwrap_or("").trim();
    let Some((kind, subtype)) = essence.split_once('/') else {
        return false;
    };
    let token = |s: &str| {
        !s.is_empty()
            && s.bytes()
                .all(|b| b.is_ascii_alphanumeric() || b"!#$&-^_.+".contains(&b))
    };
    if !token(kind) || !token(subtype) || !kind.eq_ignore_ascii_case("application") {
        return false;
    }
    let n = subtype.len();
    subtype.eq_ignore_ascii_case("json")
        || (n > 5 && subtype[n - 5..].eq_ignore_ascii_case("+json"))
}

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

/// The error body of a parse error: its message, position and path.
pub(crate) fn parse_error_body(err: &Error) -> Vec<u8> {
    error_body(err.message(), err.line(), err.column(), err.path())
}

// ---- request bodies -------------------------------------------------------------------------

/// Request-body buffers kept for reuse across requests (and threads).
static BODY_POOL: Mutex<Vec<Vec<u8>>> = Mutex::new(Vec::new());
/// At most this many buffers are kept ...
const POOL_MAX_BUFFERS: usize = 64;
/// ... each of at most this capacity (bigger ones are freed after use).
pub(crate) const POOL_MAX_CAPACITY: usize = 1 << 20;

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

// ---- responses ------------------------------------------------------------------------------

thread_local! {
    static RESPONSE_BUFFER: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
}

/// Serializes `value` through the per-thread buffer and copies the bytes out at their size.
/// `Err` if the value cannot be serialized (the fallible path: a handler never panics; the
/// frameworks answer 500 with [`unserializable_body`]).
pub(crate) fn to_response_vec<T: ToJson + ?Sized>(value: &T) -> Result<Vec<u8>, Error> {
    RESPONSE_BUFFER.with(|cell| match cell.try_borrow_mut() {
        Ok(mut buf) => {
            buf.clear();
            let written = crate::entry::write_to::<Compact, T>(&mut buf, value);
            let bytes = written.map(|()| buf.to_vec());
            if buf.capacity() > POOL_MAX_CAPACITY {
                *buf = Vec::new();
            }
            bytes
        }
        // Re-entered (a `ToJson` impl that builds a response itself): use a fresh buffer.
        Err(_) => crate::to_vec(value),
    })
}

/// The 500 body for a response value that cannot be serialized: `{"error":"<message>"}`, the
/// message serde_json gives for it.
pub(crate) fn unserializable_body(err: &Error) -> Vec<u8> {
    let mut out = Vec::with_capacity(16 + err.message().len());
    let mut w = Writer::<Compact>::new(&mut out);
    w.begin_object();
    w.key(true, ",\"error\":");
    w.str(err.message());
    w.end_object(true);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_content_types() {
        for ok in [
            "application/json",
            "application/json; charset=utf-8",
            "application/json;charset=utf-8",
            "Application/JSON",
            "application/cloudevents+json",
        ] {
            assert!(is_json_content_type(ok), "{ok}");
        }
        for bad in [
            "text/json",
            "application/xml",
            "json",
            "application/",
            "application/+json",
            "",
        ] {
            assert!(!is_json_content_type(bad), "{bad}");
        }
    }

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
}
