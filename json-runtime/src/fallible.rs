//! The write path that cannot panic: `try_to_vec` and friends return an [`Error`] where
//! serde_json returns one (a `skip_serializing` enum variant, a `SystemTime` before the Unix
//! epoch, a NaN or infinite float map key, an internally tagged newtype variant holding an
//! `Option`, anything a hand-written impl refuses with [`Writer::fail`]); the infallible
//! functions panic there with the same message.
//!
//! A value that cannot be written records its error in the [`Writer`] and writing goes on;
//! the error is looked at once, after the whole value is written, so the infallible path pays
//! one test of a field per call and nothing per value.

use crate::{Compact, Error, Format, Pretty, Result, ToJson, Writer};
use alloc::string::String;
use alloc::vec::Vec;

/// Appends `value` to `out`; `Err` with the first error the value's impls recorded (then
/// `out` holds partial output).
#[inline]
pub(crate) fn write_to<F: Format, T: ToJson + ?Sized>(out: &mut Vec<u8>, value: &T) -> Result<()> {
    let mut w = Writer::<F>::new(out);
    value.write_json(&mut w);
    w.finish()
}

/// Appends `value` to `out`, panicking with the error's message if it cannot be written: the
/// behaviour of the infallible functions.
#[inline]
pub(crate) fn write_or_panic<F: Format, T: ToJson + ?Sized>(out: &mut Vec<u8>, value: &T) {
    if let Err(e) = write_to::<F, T>(out, value) {
        unserializable(e)
    }
}

#[cold]
#[inline(never)]
pub(crate) fn unserializable(e: Error) -> ! {
    panic!("{}", e.message())
}

/// Serializes `value` as compact JSON into a new `Vec`, or returns the error serde_json would
/// return (kind [`crate::ErrorKind::Unserializable`]). Same bytes as [`crate::to_vec`].
///
/// ```
/// use std::time::{Duration, UNIX_EPOCH};
///
/// #[derive(json_runtime::FastJson)]
/// enum Shape {
///     Circle(f64),
///     #[serde(skip_serializing)]
///     Internal(u32),
/// }
///
/// assert_eq!(json_runtime::try_to_vec(&Shape::Circle(1.5)).unwrap(), br#"{"Circle":1.5}"#);
/// let err = json_runtime::try_to_vec(&vec![Shape::Internal(1)]).unwrap_err();
/// assert_eq!(err.to_string(), "the enum variant Shape::Internal cannot be serialized");
/// assert_eq!(err.kind(), json_runtime::ErrorKind::Unserializable);
///
/// let before_epoch = UNIX_EPOCH - Duration::from_secs(1);
/// let err = json_runtime::try_to_vec(&before_epoch).unwrap_err();
/// assert_eq!(err.to_string(), "SystemTime must be later than UNIX_EPOCH");
/// ```
#[inline]
pub fn try_to_vec<T: ToJson + ?Sized>(value: &T) -> Result<Vec<u8>> {
    let mut out = Vec::with_capacity(128);
    write_to::<Compact, T>(&mut out, value)?;
    Ok(out)
}

/// Serializes `value` as compact JSON into a new `String`, or returns the error serde_json
/// would return. See [`try_to_vec`].
#[inline]
pub fn try_to_string<T: ToJson + ?Sized>(value: &T) -> Result<String> {
    let bytes = try_to_vec(value)?;
    // SAFETY: as in `crate::to_string`, the writer only emits valid UTF-8.
    Ok(unsafe { String::from_utf8_unchecked(bytes) })
}

/// Serializes `value` as pretty JSON into a new `Vec`, or returns the error serde_json would
/// return. See [`try_to_vec`].
pub fn try_to_vec_pretty<T: ToJson + ?Sized>(value: &T) -> Result<Vec<u8>> {
    let mut out = Vec::with_capacity(128);
    write_to::<Pretty, T>(&mut out, value)?;
    Ok(out)
}

/// Serializes `value` as pretty JSON into a new `String`, or returns the error serde_json
/// would return. See [`try_to_vec`].
pub fn try_to_string_pretty<T: ToJson + ?Sized>(value: &T) -> Result<String> {
    let bytes = try_to_vec_pretty(value)?;
    // SAFETY: as in `crate::to_string`, the writer only emits valid UTF-8.
    Ok(unsafe { String::from_utf8_unchecked(bytes) })
}

/// Serializes `value` as compact JSON into an `io::Write`, in chunks as [`crate::to_writer`]
/// does; an I/O error is returned as an [`Error`] of kind [`crate::ErrorKind::Io`]. If the value
/// cannot be serialized, the output before the failing value has been written (as with
/// serde_json's `to_writer`) and its error is returned.
#[cfg(feature = "std")]
pub fn try_to_writer<W: std::io::Write, T: ToJson + ?Sized>(
    mut writer: W,
    value: &T,
) -> Result<()> {
    use crate::stream::write::{write_streamed, StreamedError};
    match write_streamed(&mut writer, value) {
        Ok(()) => Ok(()),
        Err(StreamedError::Io(e)) => Err(Error::io(e)),
        Err(StreamedError::Value(e)) => Err(e),
    }
}

#[cfg(test)]
mod tests {
    /// The `from_utf8_unchecked` in `try_to_string` and `try_to_string_pretty`: what they
    /// return is what `to_string` returns (valid UTF-8, checked there), for every kind of string.
    #[test]
    fn try_strings_are_the_infallible_strings() {
        let values = vec!["plain", "é ß 日本 😀", "\"\\\n\u{1}\u{7f}\u{2028}"];
        let compact = crate::try_to_string(&values).unwrap();
        assert_eq!(compact, crate::to_string(&values));
        assert!(std::str::from_utf8(compact.as_bytes()).is_ok());
        let pretty = crate::try_to_string_pretty(&values).unwrap();
        assert_eq!(pretty, crate::to_string_pretty(&values));
        assert_eq!(crate::try_to_vec(&values).unwrap(), compact.as_bytes());
        assert_eq!(
            crate::try_to_vec_pretty(&values).unwrap(),
            pretty.as_bytes()
        );
    }

    #[test]
    fn first_failure_is_kept_and_writing_goes_on() {
        let mut out = Vec::new();
        let mut w = crate::Writer::<crate::Compact>::new(&mut out);
        assert!(w.error().is_none());
        w.begin_array();
        w.fail("first");
        w.fail("second");
        w.end_array(false);
        assert_eq!(w.error().map(|e| e.message()), Some("first"));
        let err = w.finish().unwrap_err();
        assert_eq!(err.kind(), crate::ErrorKind::Unserializable);
        assert_eq!((err.line(), err.column(), err.path()), (0, 0, ""));
        assert_eq!(out, b"[]");
    }

    // `SystemTime` is written only with the `std` feature.
    #[cfg(feature = "std")]
    #[test]
    fn infallible_functions_panic_with_the_message() {
        use std::time::{Duration, UNIX_EPOCH};
        let early = UNIX_EPOCH - Duration::from_secs(1);
        let payload = std::panic::catch_unwind(|| crate::to_vec(&early)).unwrap_err();
        assert_eq!(
            payload.downcast_ref::<String>().map(String::as_str),
            Some("SystemTime must be later than UNIX_EPOCH")
        );
    }
}
