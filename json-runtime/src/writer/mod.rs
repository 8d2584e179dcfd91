//! The writer: appends JSON to a `Vec<u8>`, compact or pretty (chosen at compile time).

use alloc::vec::Vec;

pub(crate) mod buffer;
pub(crate) mod escape;
pub(crate) mod float;
mod indent;
mod integer;
mod shortest;
pub(crate) mod sink;

use core::marker::PhantomData;

use crate::Error;

/// Appends `value` to `out`; `Err` with the first error the value's impls recorded (then
/// `out` holds partial output).
#[inline]
pub(crate) fn write_to<F: Format, T: crate::ToJson + ?Sized>(
    out: &mut Vec<u8>,
    value: &T,
) -> Result<(), Error> {
    let mut w = Writer::<F>::new(out);
    value.write_json(&mut w);
    w.finish()
}

/// Compact or pretty output, chosen by type so that the compact path carries no indentation code.
pub trait Format: private::Sealed {
    /// True for [`Pretty`].
    const PRETTY: bool;
}

/// No whitespace, like `serde_json::to_vec`.
pub struct Compact;
/// Two-space indentation, like `serde_json::to_vec_pretty`.
pub struct Pretty;

impl Format for Compact {
    const PRETTY: bool = false;
}
impl Format for Pretty {
    const PRETTY: bool = true;
}

mod private {
    pub trait Sealed {}
    impl Sealed for super::Compact {}
    impl Sealed for super::Pretty {}
}

/// Appends JSON tokens to a byte vector. Generated `ToJson` impls call these methods;
/// hand-written impls may too.
///
/// Objects are written as `begin_object`, then for each entry `begin_key`, the key as a string,
/// `end_key` and the value, then `end_object`. `first` says whether the entry is the first one
/// written; `nonempty` whether any entry was written.
///
/// Every method appends valid UTF-8 (text comes in as `&str`), so the output of
/// [`crate::to_string`] is a valid `String` whatever a hand-written impl calls.
///
/// ```
/// use json_runtime::{Writer, Compact};
/// let mut out = Vec::new();
/// let mut w = Writer::<Compact>::new(&mut out);
/// w.begin_object();
/// w.begin_key(true);
/// w.str("id");
/// w.end_key();
/// w.u64(7);
/// w.begin_key(false);
/// w.str("name");
/// w.end_key();
/// w.str("x");
/// w.end_object(true);
/// w.finish().unwrap();
/// assert_eq!(out, br#"{"id":7,"name":"x"}"#);
/// ```
pub struct Writer<'a, F: Format = Compact> {
    out: &'a mut Vec<u8>,
    level: usize,
    /// The first value that could not be written ([`Writer::fail`]); checked once, at the end.
    error: Option<Error>,
    /// The output's length when [`Writer::fail`] first recorded an error (what a streaming
    /// writer still hands over, as serde_json's writer leaves it).
    failed_at: usize,
    /// Output at least this long goes to `sink` at the next element boundary (`usize::MAX`
    /// without a sink: never).
    flush_at: usize,
    sink: Option<&'a mut dyn sink::Sink>,
    _format: PhantomData<F>,
}

impl<'a, F: Format> Writer<'a, F> {
    /// A writer appending to `out`.
    #[inline]
    pub fn new(out: &'a mut Vec<u8>) -> Self {
        Writer {
            out,
            level: 0,
            error: None,
            failed_at: 0,
            flush_at: usize::MAX,
            sink: None,
            _format: PhantomData,
        }
    }

    /// Records that a value has no JSON form (serde_json would return an error here), for
    /// `ToJson` impls: the first such message is kept, and the caller goes on writing whatever
    /// it likes (the output is thrown away). [`crate::to_vec`] and the other entry points
    /// then return it as an [`Error`] of category [`crate::Category::Data`].
    ///
    /// ```
    /// use json_runtime::{Format, ToJson, Writer};
    /// struct Even(u32);
    /// impl ToJson for Even {
    ///     fn write_json<F: Format>(&self, w: &mut Writer<'_, F>) {
    ///         if self.0 % 2 == 1 {
    ///             return w.fail(format_args!("{} is odd", self.0));
    ///         }
    ///         w.u64(self.0.into());
    ///     }
    /// }
    /// assert_eq!(json_runtime::to_string(&[Even(2)]).unwrap(), "[2]");
    /// let err = json_runtime::to_string(&[Even(2), Even(3)]).unwrap_err();
    /// assert_eq!(err.to_string(), "3 is odd");
    /// ```
    #[cold]
    #[inline(never)]
    pub fn fail(&mut self, message: impl core::fmt::Display) {
        if self.error.is_none() {
            self.error = Some(Error::unserializable(alloc::string::ToString::to_string(
                &message,
            )));
            // A streaming writer keeps the output before the failure and hands over no more.
            self.failed_at = self.out.len();
            self.flush_at = usize::MAX;
        }
    }

    /// The error recorded by [`Writer::fail`], if any.
    #[inline]
    pub fn error(&self) -> Option<&Error> {
        self.error.as_ref()
    }

    /// The output's length when [`Writer::fail`] first recorded an error.
    #[cfg_attr(not(feature = "std"), allow(dead_code))]
    pub(crate) fn failed_at(&self) -> usize {
        self.failed_at
    }

    /// Ends writing: `Err` with the first error recorded by [`Writer::fail`], if any.
    #[inline]
    pub fn finish(self) -> Result<(), Error> {
        match self.error {
            None => Ok(()),
            Some(e) => Err(e),
        }
    }

    /// A writer appending to `out` and handing it to `sink` at the first element boundary
    /// after it holds `flush_at` bytes.
    #[cfg_attr(not(feature = "std"), allow(dead_code))]
    pub(crate) fn with_sink(
        out: &'a mut Vec<u8>,
        sink: &'a mut dyn sink::Sink,
        flush_at: usize,
    ) -> Self {
        Writer {
            out,
            level: 0,
            error: None,
            failed_at: 0,
            flush_at,
            sink: Some(sink),
            _format: PhantomData,
        }
    }

    /// Between two elements of an array or entries of a map: hands the output to the sink if
    /// it is due.
    #[inline(always)]
    fn boundary(&mut self) {
        if self.out.len() >= self.flush_at {
            self.flush_to_sink();
        }
    }

    #[cold]
    #[inline(never)]
    fn flush_to_sink(&mut self) {
        if let Some(sink) = self.sink.as_deref_mut() {
            sink.flush(self.out);
        }
    }

    /// The output, for this crate's writers of special forms (quoted numbers, keys). Never
    /// handed to code outside the crate: `to_string` relies on every byte appended to it being
    /// valid UTF-8 written by this crate.
    #[inline]
    pub(crate) fn out_mut(&mut self) -> &mut Vec<u8> {
        self.out
    }

    /// How many arrays and objects are open (counted for pretty output only; 0 when compact).
    #[cfg(feature = "serde")]
    #[inline]
    pub(crate) fn level(&self) -> usize {
        self.level
    }

    /// Appends JSON text verbatim (it must form valid JSON in context: it is not checked).
    ///
    /// ```
    /// use json_runtime::{Format, ToJson, Writer};
    /// struct Preformatted(&'static str);
    /// impl ToJson for Preformatted {
    ///     fn write_json<F: Format>(&self, w: &mut Writer<'_, F>) {
    ///         w.raw(self.0);
    ///     }
    /// }
    /// assert_eq!(json_runtime::to_string(&[Preformatted("{\"a\":1}")]).unwrap(), "[{\"a\":1}]");
    /// ```
    #[inline]
    pub fn raw(&mut self, json: &str) {
        self.bytes(json.as_bytes());
    }

    /// Checks that what another crate's writer (serde_json, for the serde bridge) appended since
    /// `start` is UTF-8, so that `to_string` never relies on a dependency for it: if it is not,
    /// the bytes are dropped and the value fails to write.
    #[cfg(feature = "serde")]
    #[inline]
    pub(crate) fn check_utf8_since(&mut self, start: usize) {
        if core::str::from_utf8(&self.out[start..]).is_err() {
            self.out.truncate(start);
            self.fail("the serde serializer wrote bytes that are not UTF-8");
        }
    }

    /// Appends bytes this crate produced as UTF-8 (ASCII literals and formatter output).
    #[inline]
    pub(crate) fn bytes(&mut self, bytes: &[u8]) {
        self.out.extend_from_slice(bytes);
    }

    /// `null`.
    #[inline]
    pub fn null(&mut self) {
        self.bytes(b"null");
    }

    /// `true` or `false`.
    #[inline]
    pub fn bool(&mut self, v: bool) {
        self.bytes(if v { b"true" } else { b"false" });
    }

    /// An unsigned integer.
    #[inline]
    pub fn u64(&mut self, v: u64) {
        integer::write_u64(self.out, v);
    }

    /// A signed integer.
    #[inline]
    pub fn i64(&mut self, v: i64) {
        integer::write_i64(self.out, v);
    }

    /// A 128-bit unsigned integer.
    #[inline]
    pub fn u128(&mut self, v: u128) {
        self.raw(itoa::Buffer::new().format(v));
    }

    /// A 128-bit signed integer.
    #[inline]
    pub fn i128(&mut self, v: i128) {
        self.raw(itoa::Buffer::new().format(v));
    }

    /// An `f64`, formatted like serde_json (shortest round-trip form); NaN and infinities as `null`.
    #[inline]
    pub fn f64(&mut self, v: f64) {
        float::write_f64(self.out, v);
    }

    /// An `f32`, formatted like serde_json; NaN and infinities as `null`.
    #[inline]
    pub fn f32(&mut self, v: f32) {
        float::write_f32(self.out, v);
    }

    /// A quoted, escaped string.
    #[inline]
    pub fn str(&mut self, v: &str) {
        escape::write_str(self.out, v);
    }

    /// `{`.
    #[inline]
    pub fn begin_object(&mut self) {
        self.out.push(b'{');
        if F::PRETTY {
            self.level += 1;
        }
    }

    /// An object key from a literal of the form `,"escaped_name":` (the leading comma is
    /// dropped for the first entry; pretty output re-spaces it). Generated code reaches it
    /// through `__private::DeriveWriter`. A `&str`, so whatever it is given appends UTF-8
    /// (slicing off the ASCII comma and colon keeps it so; another literal panics, never
    /// splits a character).
    #[inline]
    pub(crate) fn key(&mut self, first: bool, lit: &'static str) {
        if F::PRETTY {
            indent::indented_key(self.out, self.level, first, &lit[1..lit.len() - 1]);
        } else if first {
            self.raw(&lit[1..]);
        } else {
            self.raw(lit);
        }
    }

    /// Starts an object key whose text is written next (as a quoted string); finish with
    /// [`Writer::end_key`].
    #[inline]
    pub fn begin_key(&mut self, first: bool) {
        self.boundary();
        if F::PRETTY {
            self.newline_indent(first);
        } else if !first {
            self.out.push(b',');
        }
    }

    /// Ends an object key started with [`Writer::begin_key`].
    #[inline]
    pub fn end_key(&mut self) {
        if F::PRETTY {
            self.bytes(b": ");
        } else {
            self.out.push(b':');
        }
    }

    /// `}`; `nonempty` says whether any entry was written.
    #[inline]
    pub fn end_object(&mut self, nonempty: bool) {
        if F::PRETTY {
            self.level -= 1;
            if nonempty {
                return indent::newline_indent_close(self.out, self.level, b'}');
            }
        }
        self.out.push(b'}');
    }

    /// `[`.
    #[inline]
    pub fn begin_array(&mut self) {
        self.out.push(b'[');
        if F::PRETTY {
            self.level += 1;
        }
    }

    /// Before each array element.
    #[inline]
    pub fn elem(&mut self, first: bool) {
        self.boundary();
        if F::PRETTY {
            self.newline_indent(first);
        } else if !first {
            self.out.push(b',');
        }
    }

    /// `]`; `nonempty` says whether any element was written.
    #[inline]
    pub fn end_array(&mut self, nonempty: bool) {
        if F::PRETTY {
            self.level -= 1;
            if nonempty {
                return indent::newline_indent_close(self.out, self.level, b']');
            }
        }
        self.out.push(b']');
    }

    /// Writes a whole array from an iterator of elements.
    #[inline(always)]
    pub fn array<'i, T: crate::ToJson + 'i>(&mut self, items: impl IntoIterator<Item = &'i T>) {
        self.begin_array();
        let mut first = true;
        for item in items {
            self.elem(first);
            first = false;
            item.write_json(self);
        }
        self.end_array(!first);
    }

    #[inline]
    fn newline_indent(&mut self, first: bool) {
        indent::newline_indent(self.out, self.level, first);
    }
}

#[cfg(all(test, feature = "serde"))]
mod tests {
    /// What another crate's writer appended is checked: bytes that are not UTF-8 are dropped
    /// and the value fails, so `to_string` never sees them.
    #[test]
    fn bytes_a_dependency_wrote_are_checked() {
        let mut out = b"[".to_vec();
        let mut w = super::Writer::<super::Compact>::new(&mut out);
        w.out_mut().extend_from_slice(b"\"\xff\"");
        w.check_utf8_since(1);
        assert!(w.error().is_some_and(crate::Error::is_data));
        w.out_mut().extend_from_slice("\"é\"".as_bytes());
        w.check_utf8_since(1);
        assert_eq!(out, "[\"é\"".as_bytes());
    }
}
