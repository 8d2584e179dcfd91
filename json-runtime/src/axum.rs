//! axum integration (cargo feature `axum`): [`FastJson<T>`], a drop-in for `axum::Json<T>`
//! that reads and writes with FastJson instead of serde_json.
//!
//! As an **extractor** it takes a request whose `Content-Type` is `application/json` (or
//! `application/*+json`, parameters allowed), reads the body into a pooled buffer within axum's
//! [`DefaultBodyLimit`](::axum::extract::DefaultBodyLimit) and reads a `T` from it. Like
//! `axum::Json`, it rejects with
//!
//! | status | when |
//! | --- | --- |
//! | 415 Unsupported Media Type | the content type is missing or not JSON |
//! | 413 Payload Too Large | the body is over the body limit |
//! | 400 Bad Request | the body is not well-formed JSON (syntax error, early end) |
//! | 422 Unprocessable Entity | well-formed JSON of the wrong shape (missing field, wrong type, ...) |
//!
//! and, unlike `axum::Json`'s plain-text rejections, answers with a JSON body that says where:
//! `{"error":"missing field `quantity`","line":1,"column":58,"path":"items[0]"}` (line and
//! column are 0 when the error has no position).
//!
//! As a **response** it serializes `T` into a per-thread reusable buffer, copies it out once
//! at its exact size, and sets `content-type: application/json`. A value serde_json refuses
//! (see [`crate::to_vec`]) never panics the handler: the answer is 500 Internal Server
//! Error with `{"error":"SystemTime must be later than UNIX_EPOCH"}`.
//!
//! ```
//! use axum::{routing::post, Router};
//! use json_runtime::axum::FastJson;
//!
//! #[derive(json_runtime::FastJson)]
//! struct Greeting {
//!     name: String,
//! }
//!
//! async fn greet(FastJson(g): FastJson<Greeting>) -> FastJson<Greeting> {
//!     FastJson(Greeting { name: format!("hello, {}", g.name) })
//! }
//!
//! let app: Router = Router::new()
//!     .route("/greet", post(greet))
//!     .layer(axum::extract::DefaultBodyLimit::max(1 << 20));
//! ```
//!
//! With the `tokio` feature as well: JSON Lines (NDJSON), `JsonLines` (a response body
//! written from a stream of values) and `JsonLinesStream` (a request body read one line at a
//! time with bounded memory).

use std::fmt;
use std::pin::Pin;
use std::prelude::rust_2021::*; // a std-only module (feature `axum` implies `std`)

use ::axum::body::{Body, Bytes, HttpBody};
use ::axum::extract::{FromRequest, OptionalFromRequest, Request};
use ::axum::http::header::{self, HeaderMap, HeaderValue};
use ::axum::http::StatusCode;
use ::axum::response::{IntoResponse, Response};
use ::axum::RequestExt;

use crate::web::{self, BodyError, PooledBuf};
use crate::{Error, FromJson, ToJson};

#[cfg(feature = "tokio")]
mod lines;
#[cfg(feature = "tokio")]
pub use lines::{JsonLines, JsonLinesStream, NDJSON_CONTENT_TYPE};

/// JSON extractor and response, read and written by FastJson. See the [module docs](self).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
#[must_use]
pub struct FastJson<T>(pub T);

impl<T> std::ops::Deref for FastJson<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.0
    }
}

impl<T> std::ops::DerefMut for FastJson<T> {
    fn deref_mut(&mut self) -> &mut T {
        &mut self.0
    }
}

impl<T> From<T> for FastJson<T> {
    fn from(value: T) -> Self {
        FastJson(value)
    }
}

// ---- rejections -----------------------------------------------------------------------------

/// Why [`FastJson`] rejected a request; turns into a response with the status from the
/// [module docs](self) and a JSON error body.
#[derive(Debug)]
#[non_exhaustive]
pub enum FastJsonRejection {
    /// 415: no `Content-Type` header, or not a JSON one.
    MissingJsonContentType,
    /// 413: the body is over the [`DefaultBodyLimit`](::axum::extract::DefaultBodyLimit).
    PayloadTooLarge,
    /// 400: the body could not be read (the client went away, ...).
    BodyRead(::axum::Error),
    /// 400: the body is not well-formed JSON.
    Syntax(Error),
    /// 422: well-formed JSON that does not fit `T`.
    Data(Error),
}

impl FastJsonRejection {
    /// The response status.
    pub fn status(&self) -> StatusCode {
        match self {
            Self::MissingJsonContentType => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            Self::PayloadTooLarge => StatusCode::PAYLOAD_TOO_LARGE,
            Self::BodyRead(_) | Self::Syntax(_) => StatusCode::BAD_REQUEST,
            Self::Data(_) => StatusCode::UNPROCESSABLE_ENTITY,
        }
    }

    /// The JSON error, when the body was read and failed to parse.
    pub fn json_error(&self) -> Option<&Error> {
        match self {
            Self::Syntax(e) | Self::Data(e) => Some(e),
            _ => None,
        }
    }

    fn from_parse_error(err: Error) -> Self {
        if web::is_data_error(&err) {
            Self::Data(err)
        } else {
            Self::Syntax(err)
        }
    }

    fn from_body_error(err: ::axum::Error) -> Self {
        // `into_limited_body` wraps `http_body_util::Limited` in an `axum::body::Body`, so the
        // limit error may sit under one or two `axum::Error` layers (as axum's own extractors
        // unwrap it).
        let mut inner: &(dyn std::error::Error + 'static) = &err;
        loop {
            if inner.is::<http_body_util::LengthLimitError>() {
                return Self::PayloadTooLarge;
            }
            match inner.source() {
                Some(next) => inner = next,
                None => return Self::BodyRead(err),
            }
        }
    }
}

impl fmt::Display for FastJsonRejection {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::MissingJsonContentType => f.write_str(web::CONTENT_TYPE_MESSAGE),
            Self::PayloadTooLarge => f.write_str(web::TOO_LARGE_MESSAGE),
            Self::BodyRead(e) => write!(f, "Failed to buffer the request body: {e}"),
            Self::Syntax(e) => write!(f, "Failed to parse the request body as JSON: {e}"),
            Self::Data(e) => write!(
                f,
                "Failed to deserialize the JSON body into the target type: {e}"
            ),
        }
    }
}

impl std::error::Error for FastJsonRejection {}

impl IntoResponse for FastJsonRejection {
    fn into_response(self) -> Response {
        let body = match &self {
            Self::Syntax(e) | Self::Data(e) => web::parse_error_body(e),
            other => web::error_body(&other.to_string(), 0, 0, ""),
        };
        json_response(self.status(), Bytes::from(body))
    }
}

// ---- the extractor --------------------------------------------------------------------------

/// `application/json`, or `application/<anything>+json`, with any parameters: the rule
/// `axum::Json` applies.
fn is_json_content_type(headers: &HeaderMap) -> bool {
    headers
        .get(header::CONTENT_TYPE)
        .and_then(|value| value.to_str().ok())
        .is_some_and(web::is_json_content_type)
}

/// Reads the whole body (within the default body limit) into a pooled buffer.
async fn read_body(req: Request) -> Result<PooledBuf, FastJsonRejection> {
    // `Content-Length` (hyper's exact size hint) over the limit: reject before reading a byte.
    let announced = req.body().size_hint().lower();
    let mut body: Body = req.into_limited_body();
    let hint = body.size_hint();
    if hint.upper().is_some_and(|limit| announced > limit) {
        return Err(FastJsonRejection::PayloadTooLarge);
    }
    // The limit itself is enforced by the limited body (its error is mapped to 413).
    let next = |cx: &mut std::task::Context<'_>| {
        Pin::new(&mut body)
            .poll_frame(cx)
            .map(|frame| frame.map(|f| f.map(|f| f.into_data().ok())))
    };
    web::read_body(usize::MAX, hint.lower(), next)
        .await
        .map_err(|e| match e {
            BodyError::TooLarge => FastJsonRejection::PayloadTooLarge,
            BodyError::Read(e) => FastJsonRejection::from_body_error(e),
        })
}

impl<T, S> FromRequest<S> for FastJson<T>
where
    T: for<'de> FromJson<'de>,
    S: Send + Sync,
{
    type Rejection = FastJsonRejection;

    async fn from_request(req: Request, _state: &S) -> Result<Self, Self::Rejection> {
        if !is_json_content_type(req.headers()) {
            return Err(FastJsonRejection::MissingJsonContentType);
        }
        let buf = read_body(req).await?;
        crate::from_slice(&buf.0)
            .map(FastJson)
            .map_err(FastJsonRejection::from_parse_error)
    }
}

/// `Option<FastJson<T>>`: `None` when the request has no `Content-Type` (like
/// `Option<axum::Json<T>>`); otherwise as `FastJson<T>`.
impl<T, S> OptionalFromRequest<S> for FastJson<T>
where
    T: for<'de> FromJson<'de>,
    S: Send + Sync,
{
    type Rejection = FastJsonRejection;

    async fn from_request(req: Request, state: &S) -> Result<Option<Self>, Self::Rejection> {
        if !req.headers().contains_key(header::CONTENT_TYPE) {
            return Ok(None);
        }
        <Self as FromRequest<S>>::from_request(req, state)
            .await
            .map(Some)
    }
}

// ---- the response ---------------------------------------------------------------------------

fn json_response(status: StatusCode, body: Bytes) -> Response {
    let mut res = Response::new(Body::from(body));
    *res.status_mut() = status;
    res.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json"),
    );
    res
}

/// Serializes `value` through the per-thread buffer and copies the bytes out at their size;
/// `Err` if the value cannot be serialized (the fallible path: a handler never panics).
fn to_bytes<T: ToJson + ?Sized>(value: &T) -> Result<Bytes, Error> {
    web::to_response_vec(value).map(Bytes::from)
}

/// 500 with `{"error":"<message>"}`: the value has no JSON form (axum's `Json` answers 500
/// with the message as plain text).
#[cold]
fn unserializable_response(err: &Error) -> Response {
    json_response(
        StatusCode::INTERNAL_SERVER_ERROR,
        Bytes::from(web::unserializable_body(err)),
    )
}

impl<T: ToJson> IntoResponse for FastJson<T> {
    fn into_response(self) -> Response {
        match to_bytes(&self.0) {
            Ok(body) => json_response(StatusCode::OK, body),
            Err(e) => unserializable_response(&e),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(ct: &str) -> HeaderMap {
        let mut h = HeaderMap::new();
        h.insert(header::CONTENT_TYPE, HeaderValue::from_str(ct).unwrap());
        h
    }

    #[test]
    fn json_content_types() {
        for ok in [
            "application/json",
            "application/json; charset=utf-8",
            "application/json;charset=utf-8",
            "Application/JSON",
            "application/cloudevents+json",
        ] {
            assert!(is_json_content_type(&headers(ok)), "{ok}");
        }
        for bad in [
            "text/json",
            "application/xml",
            "json",
            "application/",
            "application/+json",
        ] {
            assert!(!is_json_content_type(&headers(bad)), "{bad}");
        }
        assert!(!is_json_content_type(&HeaderMap::new()));
    }

    #[test]
    fn rejection_body_is_json() {
        let err = crate::from_str::<Vec<u32>>("[1,\n\"x\"]").unwrap_err();
        let rejection = FastJsonRejection::from_parse_error(err);
        assert_eq!(rejection.status(), StatusCode::UNPROCESSABLE_ENTITY);
        let syntax = crate::from_str::<Vec<u32>>("[1,").unwrap_err();
        assert_eq!(
            FastJsonRejection::from_parse_error(syntax).status(),
            StatusCode::BAD_REQUEST
        );
    }
}
