//! `bytes::Bytes` and `BytesMut` as bytes' serde impl writes and reads them with serde_json,
//! and writing JSON straight into a `BytesMut` (or any `BufMut`) for hyper/axum bodies.
//!
//! - Written as serde's `serialize_bytes` comes out of serde_json: an array of numbers
//!   (`[104,105]`; pretty, one number per line).
//! - Read as serde_json's `deserialize_byte_buf` feeds bytes' visitor: an array of numbers
//!   0..=255, or a string taken as its raw bytes after unescaping. Like serde_json, that string
//!   is not checked for UTF-8 or control characters, and a lone `\uD800` surrogate escape
//!   becomes its 3-byte (WTF-8) encoding.
//!
//! [`to_bytes_mut`] appends a value's JSON to a `BytesMut` without an intermediate buffer when
//! the `BytesMut` is uniquely owned (the usual case: fresh, or reused after `split()` of its
//! whole content was dropped); [`to_bytes`] returns a `Bytes`; [`write_buf`] appends to any
//! `BufMut` through a per-thread buffer.
//!
//! ```
//! # #[cfg(feature = "bytes")] {
//! use bytes::{Bytes, BytesMut};
//! let b = Bytes::from_static(b"hi");
//! assert_eq!(json_runtime::to_string(&b).unwrap(), "[104,105]");
//! assert_eq!(json_runtime::from_str::<Bytes>(r#""hi""#).unwrap(), b);
//!
//! let mut body = BytesMut::with_capacity(64);
//! json_runtime::ext::bytes::to_bytes_mut(&vec![1, 2], &mut body).unwrap();
//! assert_eq!(&body[..], b"[1,2]");
//! let frozen: Bytes = body.split().freeze();
//! assert_eq!(&frozen[..], b"[1,2]");
//! # }
//! ```

// A std-only module (its feature implies `std`).
#[allow(unused_imports)]
use bytes::{BufMut, Bytes, BytesMut};
#[allow(unused_imports)]
use std::prelude::rust_2021::*;

use crate::impls::collections::read_seq;
use crate::{Compact, Format, FromJson, Reader, Result, ToJson, Writer};

/// bytes' visitor's expectation.
const EXPECTING: &str = "byte array";

impl ToJson for Bytes {
    #[inline]
    fn write_json<F: Format>(&self, w: &mut Writer<'_, F>) {
        w.array(self.as_ref());
    }
}

impl ToJson for BytesMut {
    #[inline]
    fn write_json<F: Format>(&self, w: &mut Writer<'_, F>) {
        w.array(self.as_ref());
    }
}

impl<'de> FromJson<'de> for Bytes {
    #[inline]
    fn read_json(r: &mut Reader<'de>) -> Result<Self> {
        read_byte_buf(r).map(Bytes::from)
    }
}

impl<'de> FromJson<'de> for BytesMut {
    #[inline]
    fn read_json(r: &mut Reader<'de>) -> Result<Self> {
        read_byte_buf(r).map(vec_to_bytes_mut)
    }
}

/// A `Vec` as a `BytesMut` without copying its bytes (bytes has no public `From<Vec<u8>>`
/// for `BytesMut`; through `Bytes` the allocation is handed over, as it is unique).
#[inline]
fn vec_to_bytes_mut(vec: Vec<u8>) -> BytesMut {
    BytesMut::from(Bytes::from(vec))
}

/// serde_json's `deserialize_byte_buf`: a string's raw bytes or an array of `u8`.
fn read_byte_buf(r: &mut Reader<'_>) -> Result<Vec<u8>> {
    match r.peek() {
        Some(b'"') => {
            r.pos += 1;
            read_raw_string(r)
        }
        Some(b'[') => {
            let mut out = Vec::new();
            read_seq::<u8>(r, |b| out.push(b))?;
            Ok(out)
        }
        _ => Err(r.invalid_type(EXPECTING)),
    }
}

/// The bytes of a string whose opening quote was consumed, unescaped without validation, as
/// serde_json's `parse_str_raw` gives them.
fn read_raw_string(r: &mut Reader<'_>) -> Result<Vec<u8>> {
    let input = r.input;
    let mut out = Vec::new();
    let mut start = r.pos;
    loop {
        let Some(offset) = input[r.pos..].iter().position(|&b| b == b'"' || b == b'\\') else {
            r.pos = input.len();
            return Err(r.eof("a string"));
        };
        r.pos += offset;
        out.extend_from_slice(&input[start..r.pos]);
        let b = input[r.pos];
        r.pos += 1;
        if b == b'"' {
            return Ok(out);
        }
        read_escape(r, &mut out)?;
        start = r.pos;
    }
}

/// One escape after its `\`.
fn read_escape(r: &mut Reader<'_>, out: &mut Vec<u8>) -> Result<()> {
    let Some(&c) = r.input.get(r.pos) else {
        return Err(r.eof("a string"));
    };
    r.pos += 1;
    if c == b'u' {
        return read_unicode_escape(r, out);
    }
    let Some(b) = crate::reader::simple_escape(c) else {
        return Err(r.syntax("invalid escape"));
    };
    out.push(b);
    Ok(())
}

/// `\uXXXX` (after `\u`): a surrogate pair is joined; a lone surrogate is kept as its own
/// 3-byte encoding, as serde_json does for byte strings.
fn read_unicode_escape(r: &mut Reader<'_>, out: &mut Vec<u8>) -> Result<()> {
    let mut n = r.hex4()?;
    loop {
        if !(0xD800..=0xDBFF).contains(&n) {
            push_wtf8(n as u32, out);
            return Ok(());
        }
        // A leading surrogate: a trailing one may follow as another `\u` escape.
        match r.input.get(r.pos) {
            None => return Err(r.eof("a string")),
            Some(b'\\') => r.pos += 1,
            Some(_) => {
                push_wtf8(n as u32, out);
                return Ok(());
            }
        }
        match r.input.get(r.pos) {
            None => return Err(r.eof("a string")),
            Some(b'u') => r.pos += 1,
            Some(_) => {
                push_wtf8(n as u32, out);
                // The `\` began another escape, which is not `\u`.
                return read_escape(r, out);
            }
        }
        let n2 = r.hex4()?;
        if !(0xDC00..=0xDFFF).contains(&n2) {
            push_wtf8(n as u32, out);
            n = n2;
            continue;
        }
        let c = crate::reader::surrogate_pair(n as u32, n2 as u32);
        push_wtf8(c, out);
        return Ok(());
    }
}

/// UTF-8's encoding of `n`, surrogates included (WTF-8).
fn push_wtf8(n: u32, out: &mut Vec<u8>) {
    match char::from_u32(n) {
        Some(c) => out.extend_from_slice(c.encode_utf8(&mut [0; 4]).as_bytes()),
        // A surrogate (0xD800..=0xDFFF): the 3-byte pattern.
        None => out.extend_from_slice(&[
            0xE0 | (n >> 12) as u8,
            0x80 | ((n >> 6) & 0x3F) as u8,
            0x80 | (n & 0x3F) as u8,
        ]),
    }
}

// ---- writing into bytes' buffers ------------------------------------------------------------

/// Appends `value`'s compact JSON to `buf`. A uniquely owned `BytesMut` is written in place
/// (it becomes a `Vec` and back, keeping its allocation); one that shares its allocation with
/// split-off parts is copied into a new allocation first.
///
/// # Errors
///
/// As [`crate::to_vec`]; `buf` then holds what it held before.
pub fn to_bytes_mut<T: ToJson + ?Sized>(value: &T, buf: &mut BytesMut) -> Result<()> {
    let mut vec: Vec<u8> = std::mem::take(buf).into();
    let before = vec.len();
    let written = crate::writer::write_to::<Compact, T>(&mut vec, value);
    if written.is_err() {
        vec.truncate(before);
    }
    *buf = vec_to_bytes_mut(vec);
    written
}

/// `value`'s compact JSON as `Bytes` (the written `Vec` is handed over, not copied).
///
/// # Errors
///
/// As [`crate::to_vec`].
pub fn to_bytes<T: ToJson + ?Sized>(value: &T) -> Result<Bytes> {
    crate::to_vec(value).map(Bytes::from)
}

/// Appends `value`'s compact JSON to any `BufMut` (one `put_slice` from a reused per-thread
/// buffer). For a `BytesMut`, [`to_bytes_mut`] avoids the copy.
///
/// # Errors
///
/// As [`crate::to_vec`]; nothing is put into `buf` then.
///
/// # Panics
///
/// If `buf` has less room than the JSON (`BufMut::put_slice`'s rule), e.g. a full `&mut [u8]`.
pub fn write_buf<T: ToJson + ?Sized, B: BufMut + ?Sized>(value: &T, buf: &mut B) -> Result<()> {
    crate::writer::buffer::with_thread_buffer(|scratch| {
        crate::writer::write_to::<Compact, T>(scratch, value).map(|()| buf.put_slice(scratch))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bytes_mut_kept_in_place() {
        let mut buf = BytesMut::with_capacity(256);
        buf.extend_from_slice(b"x");
        let ptr = buf.as_ptr();
        to_bytes_mut(&vec!["a", "b"], &mut buf).unwrap();
        assert_eq!(&buf[..], b"x[\"a\",\"b\"]");
        assert_eq!(buf.as_ptr(), ptr);
        // After a split whose part is still alive, the rest is shared: still correct.
        let head = buf.split_to(1);
        to_bytes_mut(&1u8, &mut buf).unwrap();
        assert_eq!(&head[..], b"x");
        assert_eq!(&buf[..], b"[\"a\",\"b\"]1");
    }

    #[test]
    fn buf_mut_and_bytes() {
        let mut out: Vec<u8> = Vec::new();
        write_buf(&[1u8, 2], &mut out).unwrap();
        write_buf("s", &mut out).unwrap();
        assert_eq!(out, b"[1,2]\"s\"");
        assert_eq!(&to_bytes(&true).unwrap()[..], b"true");
    }

    #[test]
    fn raw_strings() {
        let read = |s: &str| crate::from_str::<Bytes>(s).map(|b| b.to_vec());
        assert_eq!(read(r#""a\n\u00e9""#).unwrap(), "a\n\u{e9}".as_bytes());
        assert_eq!(read(r#""\ud83d\ude00""#).unwrap(), "\u{1F600}".as_bytes());
        assert_eq!(read(r#""\ud800""#).unwrap(), [0xED, 0xA0, 0x80]);
        assert_eq!(read(r#""\ud800\n""#).unwrap(), [0xED, 0xA0, 0x80, b'\n']);
        assert_eq!(
            read(r#""\ud800\ud800""#).unwrap(),
            [0xED, 0xA0, 0x80, 0xED, 0xA0, 0x80]
        );
        assert_eq!(read("\"\u{1}\"").unwrap(), [1]);
        assert!(read(r#""\x""#).is_err());
        assert!(read(r#""\u12"#).unwrap_err().is_eof());
        assert!(read(r#""\u12g4""#).is_err());
        assert!(crate::from_slice::<Bytes>(b"\"\xff\"").is_ok());
    }
}
