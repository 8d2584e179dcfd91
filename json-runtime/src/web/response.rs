//! Value out → response bytes: a value serialized through a reused per-thread buffer and
//! copied out at its exact size, or the 500 body when the value has no JSON form.

// A std-only module (its features imply `std`).
use crate::{Compact, Error, ToJson, Writer};
#[allow(unused_imports)]
use std::prelude::rust_2021::*;

/// The content type of JSON responses and error bodies.
pub(crate) const JSON_CONTENT_TYPE: &str = "application/json";

/// The status and body of a JSON response for `value` (content type [`JSON_CONTENT_TYPE`]):
/// 200 with its bytes, or, if it cannot be serialized, 500 with [`unserializable_body`] (a
/// handler never panics).
pub(crate) fn json_body<T: ToJson + ?Sized>(value: &T) -> (u16, Vec<u8>) {
    match to_response_vec(value) {
        Ok(body) => (200, body),
        Err(e) => (500, unserializable_body(&e)),
    }
}

/// Serializes `value` through this thread's buffer and copies the bytes out at their size.
/// `Err` if the value cannot be serialized.
pub(crate) fn to_response_vec<T: ToJson + ?Sized>(value: &T) -> Result<Vec<u8>, Error> {
    crate::writer::buffer::with_thread_buffer(|buf| {
        crate::writer::write_to::<Compact, T>(buf, value).map(|()| buf.to_vec())
    })
}

/// The 500 body for a response value that cannot be serialized: `{"error":"<message>"}`, the
/// message serde_json gives for it.
#[cold]
#[inline(never)]
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
    fn ok_and_unserializable() {
        assert_eq!(json_body(&[1u8, 2]), (200, b"[1,2]".to_vec()));
        let before = std::time::UNIX_EPOCH - std::time::Duration::from_secs(1);
        let (status, body) = json_body(&before);
        assert_eq!(status, 500);
        let err = crate::to_vec(&before).unwrap_err();
        assert_eq!(
            String::from_utf8(body).unwrap(),
            format!(
                r#"{{"error":{}}}"#,
                crate::to_string(err.message()).unwrap()
            )
        );
    }
}
