//! The entry points, with serde_json's names and signatures: `to_vec`, `to_string`, their
//! `_pretty` forms and `to_writer` write a [`ToJson`]; `from_slice`, `from_str` and
//! `from_reader` (and their `_with` forms, which take [`ReadOptions`]) read a [`FromJson`].
//!
//! Writing fails where serde_json's does (a `skip_serializing` enum variant, a `SystemTime`
//! before the Unix epoch, a NaN or infinite float map key, an internally tagged newtype variant
//! holding an `Option`, anything a hand-written impl refuses with [`crate::Writer::fail`]): the value
//! records its error in the [`crate::Writer`] and writing goes on; the error is looked at once, after
//! the whole value is written, so a value that can be written pays one test per call and
//! nothing per value.

use crate::writer::write_to;
use crate::{Compact, Format, FromJson, Pretty, ReadOptions, Reader, Result, ToJson};
use alloc::string::String;
use alloc::vec::Vec;

/// Writes `value` into a new `Vec` and makes it a `String`.
#[inline]
fn write_string<F: Format, T: ToJson + ?Sized>(value: &T) -> Result<String> {
    let mut out = Vec::with_capacity(128);
    write_to::<F, T>(&mut out, value)?;
    // SAFETY: `out` starts empty and only a `Writer` appended to it. Every `Writer` method
    // appends valid UTF-8: text arrives as `&str` (`str`, `raw`, keys), the rest is ASCII made
    // by this crate's formatters (numbers, literals, punctuation, escapes, indentation), and
    // the buffer itself is never handed to code outside this crate (`Writer::out_mut` is
    // crate-private; its users append ASCII or check what a dependency wrote). So no impl,
    // hand-written or derived, can make the bytes invalid.
    Ok(unsafe { String::from_utf8_unchecked(out) })
}

/// Serializes `value` as compact JSON into a new `Vec`, like `serde_json::to_vec`.
///
/// # Errors
///
/// Where serde_json returns an error (category [`crate::Category::Data`]): a
/// `skip_serializing` enum variant, a `SystemTime` before the Unix epoch, a NaN or infinite
/// float map key, an internally tagged newtype variant holding an `Option`, or a value a
/// hand-written impl refuses ([`crate::Writer::fail`]).
///
/// ```
/// #[derive(json_runtime::FastJson)]
/// enum Shape {
///     Circle(f64),
///     #[serde(skip_serializing)]
///     Internal(u32),
/// }
///
/// assert_eq!(json_runtime::to_vec(&Shape::Circle(1.5)).unwrap(), br#"{"Circle":1.5}"#);
/// let err = json_runtime::to_vec(&vec![Shape::Internal(1)]).unwrap_err();
/// assert_eq!(err.to_string(), "the enum variant Shape::Internal cannot be serialized");
/// assert!(err.is_data());
/// ```
#[inline]
pub fn to_vec<T: ToJson + ?Sized>(value: &T) -> Result<Vec<u8>> {
    let mut out = Vec::with_capacity(128);
    write_to::<Compact, T>(&mut out, value)?;
    Ok(out)
}

/// Serializes `value` as compact JSON into a new `String`, like `serde_json::to_string`.
///
/// # Errors
///
/// As [`to_vec`].
#[inline]
pub fn to_string<T: ToJson + ?Sized>(value: &T) -> Result<String> {
    write_string::<Compact, T>(value)
}

/// Serializes `value` as pretty JSON (two-space indent) into a new `Vec`, byte-identical to
/// `serde_json::to_vec_pretty`.
///
/// # Errors
///
/// As [`to_vec`].
pub fn to_vec_pretty<T: ToJson + ?Sized>(value: &T) -> Result<Vec<u8>> {
    let mut out = Vec::with_capacity(128);
    write_to::<Pretty, T>(&mut out, value)?;
    Ok(out)
}

/// Serializes `value` as pretty JSON (two-space indent) into a new `String`, byte-identical to
/// `serde_json::to_string_pretty`.
///
/// # Errors
///
/// As [`to_vec`].
pub fn to_string_pretty<T: ToJson + ?Sized>(value: &T) -> Result<String> {
    write_string::<Pretty, T>(value)
}

/// Serializes `value` as compact JSON into an `io::Write`, like `serde_json::to_writer`,
/// through a buffer handed to the writer in chunks of about [`crate::stream::WRITE_CHUNK`]
/// bytes (at element boundaries of arrays and maps), so a huge value needs about one chunk of
/// memory plus its largest run without an array or map boundary (say, one long string).
///
/// # Errors
///
/// The first I/O error (category [`crate::Category::Io`], the `io::Error` inside), or a value
/// that cannot be written (as [`to_vec`]), after the output up to the failing value has been
/// written (serde_json's `to_writer` leaves that output behind too).
#[cfg(feature = "std")]
pub fn to_writer<W: std::io::Write, T: ToJson + ?Sized>(writer: W, value: &T) -> Result<()> {
    crate::stream::write::write_streamed::<Compact, W, T>(writer, value)
}

/// Serializes `value` as pretty JSON into an `io::Write`, like `serde_json::to_writer_pretty`;
/// written in chunks as [`to_writer`] does.
///
/// # Errors
///
/// As [`to_writer`].
///
/// ```
/// let mut out = Vec::new();
/// json_runtime::to_writer_pretty(&mut out, &[1, 2]).unwrap();
/// assert_eq!(out, b"[\n  1,\n  2\n]");
/// ```
#[cfg(feature = "std")]
pub fn to_writer_pretty<W: std::io::Write, T: ToJson + ?Sized>(writer: W, value: &T) -> Result<()> {
    crate::stream::write::write_streamed::<Pretty, W, T>(writer, value)
}

/// Reads a `T` from JSON bytes, like `serde_json::from_slice`; the whole input must be one
/// value (whitespace around it is fine).
///
/// # Errors
///
/// Input that is not one well-formed JSON value, or a value that does not fit `T`: the error
/// has serde_json's category and message, the line and column, and the path to the value.
#[inline]
pub fn from_slice<'de, T: FromJson<'de>>(input: &'de [u8]) -> Result<T> {
    read_whole(Reader::new(input))
}

/// One value, then nothing but whitespace.
#[inline]
fn read_whole<'de, T: FromJson<'de>>(mut reader: Reader<'de>) -> Result<T> {
    read_then_end(&mut reader)
}

/// One value, then nothing but whitespace, from a borrowed reader (also each JSON line's
/// read). The result is handed on whole, not taken apart and rebuilt: in the stream readers
/// that was measurably slower (see `stream/lines.rs`).
#[inline]
pub(crate) fn read_then_end<'de, T: FromJson<'de>>(reader: &mut Reader<'de>) -> Result<T> {
    let mut result = T::read_json(reader);
    if result.is_ok() {
        if let Err(e) = reader.end() {
            result = Err(e);
        }
    }
    result
}

/// Like [`from_slice`], with options (such as the depth limit).
///
/// # Errors
///
/// As [`from_slice`].
///
/// ```
/// use json_runtime::ReadOptions;
/// let shallow = ReadOptions::new().max_depth(2);
/// assert!(json_runtime::from_slice_with::<Vec<Vec<u8>>>(b"[[1]]", &shallow).is_ok());
/// assert!(json_runtime::from_slice_with::<Vec<Vec<Vec<u8>>>>(b"[[[1]]]", &shallow).is_err());
/// ```
pub fn from_slice_with<'de, T: FromJson<'de>>(
    input: &'de [u8],
    options: &ReadOptions,
) -> Result<T> {
    read_whole(Reader::with_options(input, options))
}

/// Reads a `T` from a JSON string, like `serde_json::from_str`.
///
/// # Errors
///
/// As [`from_slice`].
#[inline]
pub fn from_str<'de, T: FromJson<'de>>(input: &'de str) -> Result<T> {
    read_whole(Reader::from_str(input, &ReadOptions::new()))
}

/// Like [`from_str`], with options (such as the depth limit).
///
/// # Errors
///
/// As [`from_slice`].
///
/// ```
/// use json_runtime::ReadOptions;
/// let flat = ReadOptions::new().max_depth(1);
/// assert_eq!(json_runtime::from_str_with::<Vec<u8>>("[1,2]", &flat).unwrap(), [1, 2]);
/// assert!(json_runtime::from_str_with::<Vec<Vec<u8>>>("[[1]]", &flat).is_err());
/// ```
pub fn from_str_with<'de, T: FromJson<'de>>(input: &'de str, options: &ReadOptions) -> Result<T> {
    read_whole(Reader::from_str(input, options))
}

/// Reads an owned `T` from an `io::Read`, like `serde_json::from_reader`: the whole input is
/// read into this thread's reusable buffer first, then parsed with the slice reader.
///
/// # Errors
///
/// An I/O error (category [`crate::Category::Io`]), or as [`from_slice`].
#[cfg(feature = "std")]
pub fn from_reader<R: std::io::Read, T: for<'de> FromJson<'de>>(reader: R) -> Result<T> {
    from_reader_with(reader, &ReadOptions::new())
}

/// Like [`from_reader`], with options (such as the depth limit).
///
/// # Errors
///
/// As [`from_reader`].
///
/// ```
/// use json_runtime::ReadOptions;
/// let flat = ReadOptions::new().max_depth(1);
/// let v: Vec<u8> = json_runtime::from_reader_with(&b"[1,2]"[..], &flat).unwrap();
/// assert_eq!(v, [1, 2]);
/// ```
#[cfg(feature = "std")]
pub fn from_reader_with<R: std::io::Read, T: for<'de> FromJson<'de>>(
    mut reader: R,
    options: &ReadOptions,
) -> Result<T> {
    crate::writer::buffer::with_thread_buffer(|buf| {
        reader.read_to_end(buf).map_err(crate::Error::io)?;
        from_slice_with(buf, options)
    })
}

#[cfg(test)]
mod tests {
    /// The `from_utf8_unchecked` in `to_string` and `to_string_pretty`: the output of every
    /// kind of string (ASCII, escapes, 2-, 3- and 4-byte UTF-8) is valid UTF-8 and equals the
    /// `Vec` forms' bytes.
    #[test]
    fn written_text_is_utf8() {
        let values = vec![
            "plain".to_string(),
            "é ß 日本 😀".to_string(),
            "\"\\\n\u{1}\u{7f}\u{2028}".to_string(),
        ];
        let compact = crate::to_string(&values).unwrap();
        assert_eq!(
            compact,
            "[\"plain\",\"é ß 日本 😀\",\"\\\"\\\\\\n\\u0001\u{7f}\u{2028}\"]"
        );
        assert!(std::str::from_utf8(compact.as_bytes()).is_ok());
        let pretty = crate::to_string_pretty(&values).unwrap();
        assert!(pretty.starts_with("[\n  \"plain\",\n"));
        assert_eq!(crate::from_str::<Vec<String>>(&pretty).unwrap(), values);
        assert_eq!(crate::to_vec(&values).unwrap(), compact.as_bytes());
        assert_eq!(crate::to_vec_pretty(&values).unwrap(), pretty.as_bytes());
    }

    /// A hand-written impl calling every public `Writer` method (and the hidden key protocol)
    /// with the most hostile text it can pass: what `to_string`, `to_string_pretty` and
    /// `JsonBuffer` give is valid UTF-8, or the call panics before any `String` is made.
    /// Under Miri too (`.ci/miri.sh`).
    #[test]
    fn hand_written_impls_cannot_write_invalid_utf8() {
        use crate::{Format, ToJson, Writer};

        struct Everything(&'static str);
        impl ToJson for Everything {
            fn write_json<F: Format>(&self, w: &mut Writer<'_, F>) {
                w.begin_array();
                w.elem(true);
                w.raw(self.0);
                w.elem(false);
                w.str(self.0);
                w.elem(false);
                w.begin_object();
                w.begin_key(true);
                w.str(self.0);
                w.end_key();
                w.null();
                crate::__private::DeriveWriter::key(w, false, ",\"k\":");
                w.bool(true);
                w.end_object(true);
                for n in [0, u64::MAX] {
                    w.elem(false);
                    w.u64(n);
                }
                w.elem(false);
                w.i64(i64::MIN);
                w.elem(false);
                w.u128(u128::MAX);
                w.elem(false);
                w.i128(i128::MIN);
                w.elem(false);
                w.f64(-1.5e-300);
                w.elem(false);
                w.f32(f32::NAN);
                w.elem(false);
                w.array([&1u8, &2]);
                w.end_array(true);
            }
        }
        for text in ["", "\u{7f}\u{80}\u{ffff}\u{10ffff}", "\"\\\u{0}", "é日😀"] {
            let v = Everything(text);
            let compact = crate::to_string(&v).unwrap();
            let pretty = crate::to_string_pretty(&v).unwrap();
            assert!(core::str::from_utf8(compact.as_bytes()).is_ok());
            assert!(core::str::from_utf8(pretty.as_bytes()).is_ok());
            let mut buf = crate::JsonBuffer::new();
            assert_eq!(buf.write(&v).unwrap(), compact.as_bytes());
        }

        // The key protocol slices its literal at the comma and colon: a literal of another
        // shape panics (a char boundary or range check), never splits a character.
        struct Key(&'static str, bool);
        impl ToJson for Key {
            fn write_json<F: Format>(&self, w: &mut Writer<'_, F>) {
                w.begin_object();
                crate::__private::DeriveWriter::key(w, self.1, self.0);
                w.null();
                w.end_object(true);
            }
        }
        for lit in ["", "é", "\u{80}x", "x\u{80}", ",\"é\":"] {
            for first in [true, false] {
                for pretty in [false, true] {
                    let written = std::panic::catch_unwind(|| {
                        if pretty {
                            crate::to_string_pretty(&Key(lit, first))
                        } else {
                            crate::to_string(&Key(lit, first))
                        }
                    });
                    if let Ok(s) = written {
                        assert!(core::str::from_utf8(s.unwrap().as_bytes()).is_ok());
                    }
                }
            }
        }
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
        assert_eq!(err.classify(), crate::Category::Data);
        assert_eq!((err.line(), err.column(), err.path()), (0, 0, ""));
        assert_eq!(out, b"[]");
    }

    // `SystemTime` is written only with the `std` feature.
    #[cfg(feature = "std")]
    #[test]
    fn unwritable_values_are_errors_with_the_message() {
        use std::time::{Duration, UNIX_EPOCH};
        let early = UNIX_EPOCH - Duration::from_secs(1);
        let err = crate::to_vec(&early).unwrap_err();
        assert_eq!(err.to_string(), "SystemTime must be later than UNIX_EPOCH");
        assert!(err.is_data());
        assert!(crate::to_string_pretty(&[early]).is_err());
    }
}
