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
//! at its exact size, and sets `content-type: application/json`. A value serde_json refuses
//! (see [`crate::to_vec`]) never panics the handler: the answer is 500 Internal Server Error
//! with `{"error":"<serde_json's message>"}`.
//!
//! JSON Lines (NDJSON): [`JsonLines`], a streaming response body written from a stream of
//! values, and with the `tokio` feature as well `JsonLinesStream`, a request body read one
//! line at a time with bounded memory.
//!
//! The statuses, messages and bodies are those of the axum integration (`crate::axum`) too:
//! both modules are thin adapters over one framework-neutral core, and their `FastJson` and
//! `FastJsonRejection` have the same methods.
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

use crate::web::{self, Rejection};
use crate::{Error, FromJson, ToJson};

mod lines;
pub use lines::JsonLines;
#[cfg(feature = "tokio")]
pub use lines::JsonLinesStream;
pub use web::NDJSON_CONTENT_TYPE;

web::fast_json_wrapper!(
    "JSON extractor and responder, read and written by FastJson. See the [module docs](self).\n\n\
     ```\n\
     use json_runtime::actix::FastJson;\n\
     \n\
     let mut names = FastJson::from(vec![\"a\"]);\n\
     names.push(\"b\"); // DerefMut\n\
     assert_eq!(names.len(), 2); // Deref\n\
     assert_eq!(names.into_inner(), [\"a\", \"b\"]);\n\
     ```"
);

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
    /// The response status: 415, 413, 400 or 422 (see the [module docs](self)); the same as
    /// [`ResponseError::status_code`].
    ///
    /// ```
    /// use actix_web::http::StatusCode;
    /// use json_runtime::actix::FastJsonRejection;
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
    fn core(&self) -> Rejection<&PayloadError, &Error> {
        match self {
            Self::MissingJsonContentType => Rejection::ContentType,
            Self::PayloadTooLarge { .. } => Rejection::TooLarge,
            Self::BodyRead(e) => Rejection::Read(e),
            Self::Syntax(e) => Rejection::Syntax(e),
            Self::Data(e) => Rejection::Data(e),
        }
    }

    /// The core's rejection as this one, with the limit in force.
    fn from_core(rejection: Rejection<PayloadError>, limit: usize) -> Self {
        match rejection {
            Rejection::ContentType => Self::MissingJsonContentType,
            Rejection::TooLarge => Self::PayloadTooLarge { limit },
            Rejection::Read(e) => Self::BodyRead(e),
            Rejection::Syntax(e) => Self::Syntax(e),
            Rejection::Data(e) => Self::Data(e),
        }
    }
}

impl fmt::Display for FastJsonRejection {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.core(), f)
    }
}

impl std::error::Error for FastJsonRejection {}

impl ResponseError for FastJsonRejection {
    fn status_code(&self) -> StatusCode {
        self.status()
    }

    fn error_response(&self) -> HttpResponse<BoxBody> {
        json_response(self.status(), self.core().body())
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
            web::read_json(limit, announced, next)
                .await
                .map(FastJson)
                .map_err(|e| FastJsonRejection::from_core(e, limit))
        })
    }
}

// ---- the responder --------------------------------------------------------------------------

fn json_response(status: StatusCode, body: Vec<u8>) -> HttpResponse<BoxBody> {
    let mut res = HttpResponse::with_body(status, body);
    res.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static(web::JSON_CONTENT_TYPE),
    );
    res.map_into_boxed_body()
}

/// 200 with the value's bytes, or 500 with `{"error":"<message>"}` if the value has no JSON
/// form.
impl<T: ToJson> Responder for FastJson<T> {
    type Body = BoxBody;

    fn respond_to(self, _req: &HttpRequest) -> HttpResponse<BoxBody> {
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
        let r = FastJsonRejection::from_core(Rejection::from_parse_error(data), 1);
        assert_eq!(r.status_code(), StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(
            r.error_response().status(),
            StatusCode::UNPROCESSABLE_ENTITY
        );
        let syntax = crate::from_str::<Vec<u32>>("[1,").unwrap_err();
        let r = FastJsonRejection::from_core(Rejection::from_parse_error(syntax), 1);
        assert_eq!(r.status_code(), StatusCode::BAD_REQUEST);
        let r = FastJsonRejection::PayloadTooLarge { limit: 1 };
        assert_eq!(r.error_response().status(), StatusCode::PAYLOAD_TOO_LARGE);
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
        let r = FastJsonRejection::PayloadTooLarge { limit: 1 };
        assert_eq!(r.status(), StatusCode::PAYLOAD_TOO_LARGE);
        assert_eq!(
            r.to_string(),
            "Failed to buffer the request body: length limit exceeded"
        );
        let r = FastJsonRejection::MissingJsonContentType;
        assert_eq!(r.status(), StatusCode::UNSUPPORTED_MEDIA_TYPE);
        assert!(r.to_string().contains("Content-Type: application/json"));
        let r = FastJsonRejection::BodyRead(PayloadError::Incomplete(None));
        assert_eq!(r.status(), StatusCode::BAD_REQUEST);
        assert!(r
            .to_string()
            .starts_with("Failed to buffer the request body: "));
        assert!(r.json_error().is_none());
        let data = crate::from_str::<Vec<u32>>("[\"x\"]").unwrap_err();
        let r = FastJsonRejection::from_core(Rejection::from_parse_error(data), 1);
        assert_eq!(r.status(), r.status_code());
        assert!(r.json_error().is_some());
    }
}
