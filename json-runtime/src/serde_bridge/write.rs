//! Writing through serde: serde_json's `Serializer` appends to the writer's own buffer; pretty
//! output uses a formatter that starts at the writer's indentation level, so the bytes equal
//! `serde_json::to_vec_pretty` of the whole document.

// A std-only module (its feature implies `std`).
#[allow(unused_imports)]
use std::prelude::rust_2021::*;

use std::io;

use serde::Serialize;
use serde_json::ser::{CompactFormatter, Formatter};

use crate::{Format, Writer};

/// Writes `value` as serde_json writes it (a `with` module function: `#[fastjson(with =
/// "json_runtime::serde_bridge")]`).
///
/// If the value's `Serialize` impl fails (serde_json returns the error: a map key that is not a
/// string or number, a custom error), the error is recorded with [`Writer::fail`], and
/// [`crate::to_vec`] and the other entry points return it.
#[inline]
pub fn write_json<T: Serialize + ?Sized, F: Format>(value: &T, w: &mut Writer<'_, F>) {
    let level = w.level();
    let start = w.out_mut().len();
    let result = if F::PRETTY {
        let formatter = Indented::at(level);
        value.serialize(&mut serde_json::Serializer::with_formatter(
            w.out_mut(),
            formatter,
        ))
    } else {
        value.serialize(&mut serde_json::Serializer::with_formatter(
            w.out_mut(),
            CompactFormatter,
        ))
    };
    match result {
        Err(err) => w.fail(err),
        Ok(()) => w.check_utf8_since(start),
    }
}

/// serde_json's `PrettyFormatter` (two spaces), starting `level` levels deep.
pub(super) struct Indented {
    level: usize,
    has_value: bool,
}

impl Indented {
    pub(super) fn at(level: usize) -> Self {
        Indented {
            level,
            has_value: false,
        }
    }

    fn newline<W: ?Sized + io::Write>(&self, out: &mut W, comma: bool) -> io::Result<()> {
        out.write_all(if comma { b",\n" } else { b"\n" })?;
        for _ in 0..self.level {
            out.write_all(b"  ")?;
        }
        Ok(())
    }

    fn open<W: ?Sized + io::Write>(&mut self, out: &mut W, b: &[u8]) -> io::Result<()> {
        self.level += 1;
        self.has_value = false;
        out.write_all(b)
    }

    fn close<W: ?Sized + io::Write>(&mut self, out: &mut W, b: &[u8]) -> io::Result<()> {
        self.level -= 1;
        if self.has_value {
            self.newline(out, false)?;
        }
        out.write_all(b)
    }
}

impl Formatter for Indented {
    #[inline]
    fn begin_array<W: ?Sized + io::Write>(&mut self, out: &mut W) -> io::Result<()> {
        self.open(out, b"[")
    }

    #[inline]
    fn end_array<W: ?Sized + io::Write>(&mut self, out: &mut W) -> io::Result<()> {
        self.close(out, b"]")
    }

    #[inline]
    fn begin_array_value<W: ?Sized + io::Write>(
        &mut self,
        out: &mut W,
        first: bool,
    ) -> io::Result<()> {
        self.newline(out, !first)
    }

    #[inline]
    fn end_array_value<W: ?Sized + io::Write>(&mut self, _out: &mut W) -> io::Result<()> {
        self.has_value = true;
        Ok(())
    }

    #[inline]
    fn begin_object<W: ?Sized + io::Write>(&mut self, out: &mut W) -> io::Result<()> {
        self.open(out, b"{")
    }

    #[inline]
    fn end_object<W: ?Sized + io::Write>(&mut self, out: &mut W) -> io::Result<()> {
        self.close(out, b"}")
    }

    #[inline]
    fn begin_object_key<W: ?Sized + io::Write>(
        &mut self,
        out: &mut W,
        first: bool,
    ) -> io::Result<()> {
        self.newline(out, !first)
    }

    #[inline]
    fn begin_object_value<W: ?Sized + io::Write>(&mut self, out: &mut W) -> io::Result<()> {
        out.write_all(b": ")
    }

    #[inline]
    fn end_object_value<W: ?Sized + io::Write>(&mut self, _out: &mut W) -> io::Result<()> {
        self.has_value = true;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use crate::{to_string_pretty, Serde};

    /// Nested inside FastJson's own containers, the bridged value is indented as serde_json
    /// indents the whole document (empty containers stay `[]`/`{}`).
    #[test]
    fn pretty_continues_the_indentation() {
        let inner = json!({"a": [1, {"b": []}, {}], "c": {"d": null}, "e": []});
        let doc = vec![vec![Serde(inner.clone())], vec![]];
        let expected = serde_json::to_string_pretty(&vec![vec![inner], vec![]]).unwrap();
        assert_eq!(to_string_pretty(&doc).unwrap(), expected);
    }

    #[test]
    #[should_panic(expected = "key must be a string")]
    fn a_failing_serialize_panics() {
        let mut map = std::collections::BTreeMap::new();
        map.insert(vec![1u8], 1u8);
        crate::to_string(&Serde(map)).unwrap();
    }
}
