//! The framework-neutral core of the web integrations (`axum`, `actix`): JSON body in → typed
//! value or rejection ([`request`]), value out → response bytes ([`response`]), JSON Lines
//! bodies ([`lines`]). The framework modules only move bytes, headers and statuses between
//! their types and these functions.

// A std-only module (its features imply `std`).
#[allow(unused_imports)]
use std::prelude::rust_2021::*;

#[cfg(any(feature = "actix", feature = "tokio"))]
pub(crate) mod lines;
pub(crate) mod request;
pub(crate) mod response;

#[cfg(any(feature = "actix", feature = "tokio"))]
pub use lines::NDJSON_CONTENT_TYPE;
pub(crate) use request::{read_json, Rejection};
pub(crate) use response::{json_body, JSON_CONTENT_TYPE};

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

/// Defines a framework's `FastJson<T>` wrapper with the methods every framework has:
/// `into_inner`, `Deref`, `DerefMut`, `From<T>`. The first argument is its doc text.
macro_rules! fast_json_wrapper {
    ($doc:literal) => {
        #[doc = $doc]
        #[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
        #[must_use]
        pub struct FastJson<T>(pub T);

        impl<T> FastJson<T> {
            /// The wrapped value (the same as `.0`).
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
    };
}
pub(crate) use fast_json_wrapper;

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
}
