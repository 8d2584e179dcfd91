//! Reading through serde: serde_json's deserializer runs on the reader's input from the
//! current position, and the reader moves past what it consumed. serde_json's errors are
//! translated into the whole document's line and column (the path is added as the error
//! unwinds through FastJson's readers, as for any field).

// A std-only module (its feature implies `std`).
#[allow(unused_imports)]
use std::prelude::rust_2021::*;

use serde::de::{self, Deserialize, Deserializer, Visitor};

use crate::error::Category;
use crate::{Error, Reader, Result};

/// Reads one value with serde_json's deserializer (a `with` module function: `#[fastjson(with
/// = "json_runtime::serde_bridge")]`). The value may borrow from the input (`&'de str`).
///
/// Accepts and rejects what serde_json accepts and rejects at this point of a whole document,
/// with serde_json's messages. The nesting inside the value also counts against the reader's
/// depth limit (`ReadOptions::max_depth`); serde_json's own limit of 127 levels applies to the
/// value alone as well.
pub fn read_json<'de, T: Deserialize<'de>>(r: &mut Reader<'de>) -> Result<T> {
    if r.peek().is_none() {
        return Err(r.eof("a value"));
    }
    let start = r.position();
    let input: &'de [u8] = r.input();
    let mut stream = serde_json::Deserializer::from_slice(&input[start..]).into_iter::<T>();
    let value = match stream.next() {
        Some(Ok(value)) => value,
        // The value was read, but serde_json's stream wants a delimiter after a number or a
        // literal (`1x`). Read it again without what follows, so that FastJson's reader reports
        // the byte after the value as the whole-document reading does (`expected `,` or `}``).
        Some(Err(_)) if stream.byte_offset() > 0 => {
            let end = start + stream.byte_offset();
            match serde_json::Deserializer::from_slice(&input[start..end])
                .into_iter::<T>()
                .next()
            {
                Some(Ok(value)) => value,
                Some(Err(err)) => return Err(failed(r, start, err)),
                None => return Err(r.eof("a value")),
            }
        }
        Some(Err(err)) => return Err(failed(r, start, err)),
        None => return Err(r.eof("a value")),
    };
    let end = start + stream.byte_offset();
    check_depth(r, start, end)?;
    r.pos = end;
    Ok(value)
}

/// serde_json counts nesting from the bridged value; the whole document counts it from the
/// root. Counting brackets is a cheap upper bound; only a value that might be too deep is
/// walked again with the reader (whose skip honours the depth limit and positions the error as
/// serde_json does).
fn check_depth(r: &mut Reader<'_>, start: usize, end: usize) -> Result<()> {
    let input = r.input();
    let opens = input[start..end]
        .iter()
        .filter(|&&b| b == b'[' || b == b'{')
        .count();
    if opens <= r.depth_left() as usize {
        return Ok(());
    }
    let saved = r.checkpoint();
    r.pos = start;
    let result = r.skip_value();
    r.restore(saved);
    result
}

/// The error for a value serde_json rejected: serde_json's, unless the value opens more levels
/// than the reader's depth limit allows before that error (the whole document fails there
/// first). An error serde_json could not position (a `Deserialize` impl failing after its
/// value was read) is placed at the end of the value, as serde_json places it in a document.
#[cold]
#[inline(never)]
fn failed(r: &mut Reader<'_>, start: usize, err: serde_json::Error) -> Error {
    let saved = r.checkpoint();
    r.pos = start;
    let skipped = r.skip_value();
    let end = r.position();
    r.restore(saved);
    let err = if err.line() == 0 {
        let (line, column) = r.line_col(end);
        translate(r, start, err).at(line, column)
    } else {
        translate(r, start, err)
    };
    match skipped {
        Err(depth)
            if depth.message() == "recursion limit exceeded"
                && (depth.line(), depth.column()) <= (err.line(), err.column()) =>
        {
            depth
        }
        _ => err,
    }
}

/// serde_json's error, positioned in the whole document (its message kept, without its own
/// ` at line .. column ..` suffix).
#[cold]
#[inline(never)]
pub(super) fn translate(r: &Reader<'_>, start: usize, err: serde_json::Error) -> Error {
    let kind = match err.classify() {
        serde_json::error::Category::Io => Category::Io,
        serde_json::error::Category::Syntax => Category::Syntax,
        serde_json::error::Category::Data => Category::Data,
        serde_json::error::Category::Eof => Category::Eof,
    };
    let mut message = err.to_string();
    let (line0, column0) = r.line_col(start);
    let (line, column) = match err.line() {
        0 => (line0, column0),
        1 => (line0, column0 + err.column()),
        n => (line0 + n - 1, err.column()),
    };
    if err.line() != 0 {
        let suffix = format!(" at line {} column {}", err.line(), err.column());
        if message.ends_with(&suffix) {
            message.truncate(message.len() - suffix.len());
        }
    }
    Error::new(kind, message, line, column)
}

/// What serde does for an absent field (`serde::__private::de::missing_field`): a type that
/// reads serde's "none" (`Option`) gets it, any other is a `missing field` error.
pub(super) fn missing_field<'de, T: Deserialize<'de>>(
    r: &Reader<'de>,
    name: &'static str,
) -> Result<T> {
    T::deserialize(MissingField(name)).map_err(|err| r.error(err))
}

struct MissingField(&'static str);

impl<'de> Deserializer<'de> for MissingField {
    type Error = serde_json::Error;

    fn deserialize_any<V: Visitor<'de>>(self, _visitor: V) -> serde_json::Result<V::Value> {
        Err(de::Error::missing_field(self.0))
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> serde_json::Result<V::Value> {
        visitor.visit_none()
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string
        bytes byte_buf unit unit_struct newtype_struct seq tuple
        tuple_struct map struct enum identifier ignored_any
    }
}

#[cfg(test)]
mod tests {
    use crate::{from_slice, from_slice_with, ReadOptions, Serde};

    #[test]
    fn positions_are_the_whole_documents() {
        let input = b"[\n  1,\n  [true, \"x\"]\n]";
        let err = from_slice::<(u8, Serde<(bool, u8)>)>(input).unwrap_err();
        let serde_err = serde_json::from_slice::<(u8, (bool, u8))>(input).unwrap_err();
        assert_eq!(
            (err.line(), err.column()),
            (serde_err.line(), serde_err.column())
        );
        assert_eq!(err.message(), "invalid type: string \"x\", expected u8");
        assert_eq!(err.path(), "[1]");
    }

    #[test]
    fn a_literal_followed_by_garbage_is_reported_by_the_reader() {
        let input = b"[1x]";
        let err = from_slice::<Vec<Serde<u8>>>(input).unwrap_err();
        let serde_err = serde_json::from_slice::<Vec<u8>>(input).unwrap_err();
        assert_eq!(err.to_string(), serde_err.to_string());
    }

    #[test]
    fn depth_counts_from_the_root() {
        let opts = ReadOptions::new().max_depth(3);
        type Doc = Vec<Serde<serde_json::Value>>;
        assert!(from_slice_with::<Doc>(b"[[[1]]]", &opts).is_ok());
        let err = from_slice_with::<Doc>(b"[[[[]]]]", &opts).unwrap_err();
        assert_eq!(
            (err.message(), err.column(), err.path()),
            ("recursion limit exceeded", 4, "[0]")
        );
    }

    #[test]
    fn missing_option_is_none() {
        #[derive(crate::FastJson, Debug)]
        #[fastjson(crate = "crate")]
        struct S {
            #[fastjson(serde)]
            a: Option<u8>,
            b: Option<Serde<u8>>,
            c: Serde<Option<u8>>,
        }
        let s: S = crate::from_str("{}").unwrap();
        assert_eq!((s.a, s.b, s.c.0), (None, None, None));
        let err = crate::from_str::<Serde<(u8,)>>("").unwrap_err();
        assert!(err.is_eof());
    }
}
