//! actix-web integration (cargo feature `actix`): [`FastJson<T>`], a drop-in for
//! `actix_web::web::Json<T>` that reads and writes with FastJson instead of serde_json.
//!
//! As an **extractor** it takes a request whose `Content-Type` is `application/json` (or
//! `application/*+json`, parameters allowed; see [`FastJsonConfig`] to accept more or to not
//! require one), reads the body into a pooled buffer within the limit of the app's
//! [`FastJsonConfig`] (2 MiB by default, like actix's `JsonConfig`) and reads a `T` from it.
//! It rejects with
//!
//! | status | when |
//! | --- | --- |
//! | 415 Unsupported Media Type | the content type is missing or not JSON |
//! | 413 Payload Too Large | the body (its `Content-Length`, or what arrived) is over the limit |
//! | 400 Bad Request | the body is not well-formed JSON (syntax error, early end), or could not be read |
//! | 422 Unprocessable Entity | well-formed JSON of the wrong shape (missing field, wrong type, ...) |
//!
//! with a JSON body that says where, as the axum integration does:
//! `{"error":"missing field `quantity`","line":1,"column":58,"path":"items[0]"}` (line and
//! column are 0 when the error has no position). actix's own `Json` answers 400 for both
//! kinds of parse error, in plain text.
//!
//! As a **responder** it serializes `T` into a per-thread reusable buffer, copies it out once
//! at its exact size, and sets `content-type: application/json`.
//!
//! ```
//! use actix_web::{web, App};
//! use json_runtime::actix::{FastJson, FastJsonConfig};
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
//! let app = App::new()
//!     .app_data(FastJsonConfig::default().limit(1 << 20))
//!     .route("/greet", web::post().to(greet));
//! # drop(app);
//! ```

// A std-only module (its feature implies `std`).
#[allow(unused_imports)]
use std::prelude::rust_2021::*;
#[allow(unused_imports)]
use std::thread_local;

use std::fmt;
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;

use actix_web::body::BoxBody;
use actix_web::dev::Payload;
use actix_web::error::PayloadError;
use actix_web::http::header::{self, HeaderValue};
use actix_web::http::StatusCode;
use actix_web::{FromRequest, HttpRequest, HttpResponse, Responder, ResponseError};
use futures_core::Stream;

use crate::web::{self, BodyError};
use crate::{Error, FromJson, ToJson};

/// JSON extractor and responder, read and written by FastJson. See the [module docs](self).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
#[must_use]
pub struct FastJson<T>(pub T);

impl<T> FastJson<T> {
    /// The wrapped value.
    pub fn into_inner(self) -> T {
        self.0
    }
}

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

// ---- configuration --------------------------------------------------------------------------

/// The body limit of actix's `JsonConfig`: 2 MiB.
pub const DEFAULT_LIMIT: usize = 2 * 1024 * 1024;

/// A predicate on the `Content-Type` header value.
type ContentTypePredicate = Arc<dyn Fn(&str) -> bool + Send + Sync>;

/// Extractor settings, as app data (`App::app_data`, `Scope::app_data`,
/// `Resource::app_data`), like actix's `JsonConfig`: the body limit and the content-type rule.
/// Without one, the defaults apply.
#[derive(Clone)]
pub struct FastJsonConfig {
    limit: usize,
    content_type_required: bool,
    content_type: Option<ContentTypePredicate>,
}

impl FastJsonConfig {
    /// The largest body accepted, in bytes (default [`DEFAULT_LIMIT`]); larger ones get 413.
    pub fn limit(mut self, limit: usize) -> Self {
        self.limit = limit;
        self
    }

    /// Whether a JSON `Content-Type` is required (default `true`). With `false`, any or no
    /// content type is read as JSON.
    pub fn content_type_required(mut self, required: bool) -> Self {
        self.content_type_required = required;
        self
    }

    /// Also accepts the `Content-Type` values (the whole header value) for which `predicate`
    /// returns true, besides the JSON ones.
    pub fn content_type(
        mut self,
        predicate: impl Fn(&str) -> bool + Send + Sync + 'static,
    ) -> Self {
        self.content_type = Some(Arc::new(predicate));
        self
    }

    /// The request's config: app data of this type, or in `web::Data`, else the default.
    fn of(req: &HttpRequest) -> &Self {
        static DEFAULT: FastJsonConfig = FastJsonConfig {
            limit: DEFAULT_LIMIT,
            content_type_required: true,
            content_type: None,
        };
        req.app_data::<Self>()
            .or_else(|| {
                req.app_data::<actix_web::web::Data<Self>>()
                    .map(|d| d.get_ref())
            })
            .unwrap_or(&DEFAULT)
    }

    fn accepts(&self, req: &HttpRequest) -> bool {
        if !self.content_type_required {
            return true;
        }
        let Some(value) = req
            .headers()
            .get(header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
        else {
            return false;
        };
        web::is_json_content_type(value) || self.content_type.as_ref().is_some_and(|p| p(value))
    }
}

impl Default for FastJsonConfig {
    fn default() -> Self {
        FastJsonConfig {
            limit: DEFAULT_LIMIT,
            content_type_required: true,
            content_type: None,
        }
    }
}

impl fmt::Debug for FastJsonConfig {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("FastJsonConfig")
            .field("limit", &self.limit)
            .field("content_type_required", &self.content_type_required)
            .field("content_type", &self.content_type.as_ref().map(|_| ".."))
            .finish()
    }
}

// ---- rejections -----------------------------------------------------------------------------

/// Why [`FastJson`] rejected a request; an actix `ResponseError` with the status from the
/// [module docs](self) and a JSON error body.
#[derive(Debug)]
#[non_exhaustive]
pub enum FastJsonRejection {
    /// 415: no `Content-Type` header, or not an accepted one.
    MissingJsonContentType,
    /// 413: the body is over the [`FastJsonConfig`] limit.
    PayloadTooLarge {
        /// The limit in force.
        limit: usize,
    },
    /// 400: the body could not be read (the client went away, ...).
    BodyRead(PayloadError),
    /// 400: the body is not well-formed JSON.
    Syntax(Error),
    /// 422: well-formed JSON that does not fit `T`.
    Data(Error),
}

impl FastJsonRejection {
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
}

impl fmt::Display for FastJsonRejection {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::MissingJsonContentType => f.write_str(web::CONTENT_TYPE_MESSAGE),
            Self::PayloadTooLarge { .. } => f.write_str(web::TOO_LARGE_MESSAGE),
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

impl ResponseError for FastJsonRejection {
    fn status_code(&self) -> StatusCode {
        match self {
            Self::MissingJsonContentType => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            Self::PayloadTooLarge { .. } => StatusCode::PAYLOAD_TOO_LARGE,
            Self::BodyRead(_) | Self::Syntax(_) => StatusCode::BAD_REQUEST,
            Self::Data(_) => StatusCode::UNPROCESSABLE_ENTITY,
        }
    }

    fn error_response(&self) -> HttpResponse<BoxBody> {
        let body = match self {
            Self::Syntax(e) | Self::Data(e) => web::parse_error_body(e),
            other => web::error_body(&other.to_string(), 0, 0, ""),
        };
        json_response(self.status_code(), body)
    }
}

// ---- the extractor --------------------------------------------------------------------------

impl<T> FromRequest for FastJson<T>
where
    T: for<'de> FromJson<'de> + 'static,
{
    type Error = FastJsonRejection;
    type Future = Pin<Box<dyn Future<Output = Result<Self, FastJsonRejection>>>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let config = FastJsonConfig::of(req);
        if !config.accepts(req) {
            return Box::pin(async { Err(FastJsonRejection::MissingJsonContentType) });
        }
        let limit = config.limit;
        let announced = req
            .headers()
            .get(header::CONTENT_LENGTH)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.parse::<u64>().ok())
            .unwrap_or(0);
        let mut payload = payload.take();
        Box::pin(async move {
            let next = |cx: &mut std::task::Context<'_>| {
                Pin::new(&mut payload)
                    .poll_next(cx)
                    .map(|chunk| chunk.map(|c| c.map(Some)))
            };
            let buf = web::read_body(limit, announced, next)
                .await
                .map_err(|e| match e {
                    BodyError::TooLarge => FastJsonRejection::PayloadTooLarge { limit },
                    BodyError::Read(e) => FastJsonRejection::BodyRead(e),
                })?;
            crate::from_slice(&buf.0)
                .map(FastJson)
                .map_err(FastJsonRejection::from_parse_error)
        })
    }
}

// ---- the responder --------------------------------------------------------------------------

fn json_response(status: StatusCode, body: Vec<u8>) -> HttpResponse<BoxBody> {
    let mut res = HttpResponse::with_body(status, body);
    res.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json"),
    );
    res.map_into_boxed_body()
}

impl<T: ToJson> Responder for FastJson<T> {
    type Body = BoxBody;

    fn respond_to(self, _req: &HttpRequest) -> HttpResponse<BoxBody> {
        match web::to_response_vec(&self.0) {
            Ok(body) => json_response(StatusCode::OK, body),
            // A value serde_json refuses too: 500 with its message, never a panic.
            Err(e) => json_response(
                StatusCode::INTERNAL_SERVER_ERROR,
                web::unserializable_body(&e),
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use actix_web::test::TestRequest;

    #[test]
    fn config_content_types() {
        let req = |ct: Option<&str>| {
            let mut r = TestRequest::default();
            if let Some(ct) = ct {
                r = r.insert_header((header::CONTENT_TYPE, ct));
            }
            r.to_http_request()
        };
        let strict = FastJsonConfig::default();
        assert!(strict.accepts(&req(Some("application/json; charset=utf-8"))));
        assert!(strict.accepts(&req(Some("application/problem+json"))));
        assert!(!strict.accepts(&req(Some("text/plain"))));
        assert!(!strict.accepts(&req(None)));
        let text = FastJsonConfig::default().content_type(|ct| ct.starts_with("text/plain"));
        assert!(text.accepts(&req(Some("text/plain"))));
        assert!(!text.accepts(&req(Some("text/html"))));
        let any = FastJsonConfig::default().content_type_required(false);
        assert!(any.accepts(&req(None)));
    }

    #[test]
    fn rejection_statuses() {
        let data = crate::from_str::<Vec<u32>>("[1,\n\"x\"]").unwrap_err();
        let r = FastJsonRejection::from_parse_error(data);
        assert_eq!(r.status_code(), StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(
            r.error_response().status(),
            StatusCode::UNPROCESSABLE_ENTITY
        );
        let syntax = crate::from_str::<Vec<u32>>("[1,").unwrap_err();
        let r = FastJsonRejection::from_parse_error(syntax);
        assert_eq!(r.status_code(), StatusCode::BAD_REQUEST);
        let r = FastJsonRejection::PayloadTooLarge { limit: 1 };
        assert_eq!(r.error_response().status(), StatusCode::PAYLOAD_TOO_LARGE);
    }
}
