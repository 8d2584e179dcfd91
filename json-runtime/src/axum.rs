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
//!
//! The statuses, messages and bodies are those of [`crate::actix`] too: both modules are thin
//! adapters over one framework-neutral core, and their `FastJson` and `FastJsonRejection` have
//! the same methods.

use std::fmt;
use std::pin::Pin;
use std::prelude::rust_2021::*; // a std-only module (feature `axum` implies `std`)

use ::axum::body::{Body, Bytes, HttpBody};
use ::axum::extract::{FromRequest, OptionalFromRequest, Request};
use ::axum::http::header::{self, HeaderMap, HeaderValue};
use ::axum::http::StatusCode;
use ::axum::response::{IntoResponse, Response};
use ::axum::RequestExt;

use crate::web::{self, Rejection};
use crate::{Error, FromJson, ToJson};

#[cfg(feature = "tokio")]
mod lines;
#[cfg(feature = "tokio")]
pub use lines::{JsonLines, JsonLinesStream};
#[cfg(feature = "tokio")]
pub use web::NDJSON_CONTENT_TYPE;

web::fast_json_wrapper!(
    "JSON extractor and response, read and written by FastJson. See the [module docs](self).\n\n\
     ```\n\
     use json_runtime::axum::FastJson;\n\
     \n\
     let mut names = FastJson::from(vec![\"a\"]);\n\
     names.push(\"b\"); // DerefMut\n\
     assert_eq!(names.len(), 2); // Deref\n\
     assert_eq!(names.into_inner(), [\"a\", \"b\"]);\n\
     ```"
);

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
    /// The response status: 415, 413, 400 or 422 (see the [module docs](self)).
    ///
    /// ```
    /// use axum::http::StatusCode;
    /// use json_runtime::axum::FastJsonRejection;
    ///
    /// let rejection = FastJsonRejection::MissingJsonContentType;
    /// assert_eq!(rejection.status(), StatusCode::UNSUPPORTED_MEDIA_TYPE);
    /// ```
    pub fn status(&self) -> StatusCode {
        StatusCode::from_u16(self.core().status()).unwrap_or(StatusCode::BAD_REQUEST)
    }

    /// The JSON error, when the body was read and failed to parse.
    pub fn json_error(&self) -> Option<&Error> {
        match self {
            Self::Syntax(e) | Self::Data(e) => Some(e),
            _ => None,
        }
    }

    /// This rejection as the core's.
    fn core(&self) -> Rejection<&::axum::Error, &Error> {
        match self {
            Self::MissingJsonContentType => Rejection::ContentType,
            Self::PayloadTooLarge => Rejection::TooLarge,
            Self::BodyRead(e) => Rejection::Read(e),
            Self::Syntax(e) => Rejection::Syntax(e),
            Self::Data(e) => Rejection::Data(e),
        }
    }

    /// The core's rejection as this one; a body error caused by the body limit is a 413.
    fn from_core(rejection: Rejection<::axum::Error>) -> Self {
        match rejection {
            Rejection::ContentType => Self::MissingJsonContentType,
            Rejection::TooLarge => Self::PayloadTooLarge,
            Rejection::Read(e) => Self::from_body_error(e),
            Rejection::Syntax(e) => Self::Syntax(e),
            Rejection::Data(e) => Self::Data(e),
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
        fmt::Display::fmt(&self.core(), f)
    }
}

impl std::error::Error for FastJsonRejection {}

impl IntoResponse for FastJsonRejection {
    fn into_response(self) -> Response {
        json_response(self.status(), self.core().body())
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

/// Reads the whole body (within the default body limit) and a `T` from it.
async fn read_json<T: for<'de> FromJson<'de>>(req: Request) -> Result<T, FastJsonRejection> {
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
    web::read_json(usize::MAX, hint.lower(), next)
        .await
        .map_err(FastJsonRejection::from_core)
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
        read_json(req).await.map(FastJson)
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

fn json_response(status: StatusCode, body: Vec<u8>) -> Response {
    let mut res = Response::new(Body::from(Bytes::from(body)));
    *res.status_mut() = status;
    res.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static(web::JSON_CONTENT_TYPE),
    );
    res
}

/// 200 with the value's bytes, or 500 with `{"error":"<message>"}` if the value has no JSON
/// form (axum's `Json` answers 500 with the message as plain text).
impl<T: ToJson> IntoResponse for FastJson<T> {
    fn into_response(self) -> Response {
        let (status, body) = web::json_body(&self.0);
        json_response(
            StatusCode::from_u16(status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR),
            body,
        )
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

    /// The header is read and handed to the shared rule (whose cases are web/mod.rs's test);
    /// no header is not JSON.
    #[test]
    fn json_content_types() {
        assert!(is_json_content_type(&headers(
            "application/json; charset=utf-8"
        )));
        assert!(!is_json_content_type(&headers("text/json")));
        assert!(!is_json_content_type(&HeaderMap::new()));
    }

    #[test]
    fn rejection_body_is_json() {
        let err = crate::from_str::<Vec<u32>>("[1,\n\"x\"]").unwrap_err();
        let rejection = FastJsonRejection::from_core(Rejection::from_parse_error(err));
        assert_eq!(rejection.status(), StatusCode::UNPROCESSABLE_ENTITY);
        let syntax = crate::from_str::<Vec<u32>>("[1,").unwrap_err();
        assert_eq!(
            FastJsonRejection::from_core(Rejection::from_parse_error(syntax)).status(),
            StatusCode::BAD_REQUEST
        );
    }

    #[test]
    fn wrapper_methods() {
        let mut v = FastJson::from(vec![1u8]);
        v.push(2);
        assert_eq!(v.len(), 2);
        assert_eq!(v.into_inner(), [1, 2]);
    }

    #[test]
    fn rejection_display_and_status() {
        let r = FastJsonRejection::PayloadTooLarge;
        assert_eq!(r.status(), StatusCode::PAYLOAD_TOO_LARGE);
        assert_eq!(
            r.to_string(),
            "Failed to buffer the request body: length limit exceeded"
        );
        let r = FastJsonRejection::MissingJsonContentType;
        assert_eq!(r.status(), StatusCode::UNSUPPORTED_MEDIA_TYPE);
        assert!(r.to_string().contains("Content-Type: application/json"));
        let r = FastJsonRejection::BodyRead(::axum::Error::new("gone"));
        assert_eq!(r.status(), StatusCode::BAD_REQUEST);
        assert_eq!(r.to_string(), "Failed to buffer the request body: gone");
        assert!(r.json_error().is_none());
    }
}
