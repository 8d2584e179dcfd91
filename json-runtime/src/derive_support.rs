//! The protocol between generated code and the runtime: methods only `#[derive(FastJson)]`'s
//! code calls, kept off the documented API. Generated code reaches these traits through
//! `__private` and brings them into scope with `use ... as _`; nothing here is for users, and
//! all of it may change in any release.
//!
//! Every method is safe to call with any argument: nothing here lets code outside this crate
//! append bytes that are not UTF-8 to a `Writer` or move a `Reader` outside its input.

use crate::{Checkpoint, Error, Format, Reader, Result, Writer};

/// A derived type's reader body, `#[inline]`: `FromJson::read_json` is an inlined call of a
/// [`ReadIn`] impl on one of the [`units`] types, `#[inline(never)]` and the body's only
/// caller, so that the body is compiled once, in that unit (without `inline(never)` rustc's
/// MIR inliner copies it into every unit that reads the type).
pub trait ReadBody<'de>: Sized {
    /// Reads the value at the cursor.
    fn read_body(r: &mut Reader<'de>) -> Result<Self>;
}

/// The reader of `T`, implemented on a type of [`units`].
pub trait ReadIn<'de, T> {
    /// Reads a `T` at the cursor.
    fn read(r: &mut Reader<'de>) -> Result<T>;
}

/// Types in modules of their own, one of which each derived reader is a method of (through
/// [`ReadIn`]; the derive picks one by a hash of the type's name).
///
/// rustc compiles a method in the codegen unit named after the module of its `Self` type, and
/// LLVM optimizes the units in parallel (up to 16 in a release build). Left in the impls of the
/// type itself, every reader of a module went into that module's one unit: with 300 types in
/// one module that unit held 88% of a release build's IR and the build ran on one core, at
/// 1.6-1.75x serde's wall time on 2 cores. More units are not free: each optimizes its own copy
/// of every inlined helper it uses, and rustc's thin LTO between the units of a crate costs
/// time per unit. On that crate (release rebuild, 2 cores, wall / CPU seconds, readers and
/// writers spread) 2 units took 77 / 134, 4 took 78 / 137, 8 took 81 / 141; serde 76 / 132.
/// Eight keep most of the parallelism of machines with more cores. Writers stay in the type's
/// impl: spreading them too saved nothing there (readers only: 80 / 137) and cost up to 7%
/// more instructions on writes of small nested structs, whose writers are no longer inlined.
pub mod units {
    macro_rules! units {
        ($($m:ident)*) => {$(
            #[doc(hidden)]
            pub mod $m {
                /// A codegen unit of derived code.
                pub struct Unit;
            }
        )*};
    }
    units!(u0 u1 u2 u3 u4 u5 u6 u7);
}

/// Adds the member an error of a field's value occurred in to its path: the field's index in
/// serde's array form of a struct, else its name. One call on a derived reader's shared error
/// path instead of a branch with two calls.
#[cold]
#[inline(never)]
pub fn in_member(e: Error, array: bool, index: usize, name: &str) -> Error {
    if array {
        e.in_index(index)
    } else {
        e.in_field(name)
    }
}

/// serde's array form of a struct that ended after `read` elements: `invalid length` at the
/// first field from there on that has no default (`required`: their positions, ascending),
/// as serde's reader fails at the first such field its sequence no longer has. One call after
/// a derived reader's loop instead of a branch per field; out of line, so that the readers'
/// inlining is that of a call (inlined, the search cost twitter's read 8% more instructions).
#[cold]
#[inline(never)]
pub fn array_short(
    r: &mut Reader<'_>,
    read: usize,
    required: &[usize],
    expected: &str,
) -> Result<()> {
    match required.iter().find(|&&pos| pos >= read) {
        Some(&pos) => Err(DeriveReader::invalid_length(r, pos, expected, false)),
        None => Ok(()),
    }
}

/// Whether `key` is one of `exact`, or one of `any_case` in any ASCII case: a struct's own
/// keys, for `flatten` (see `FromJsonFlat::claims`).
#[inline(never)]
pub fn owns_key(key: &str, exact: &[&str], any_case: &[&str]) -> bool {
    exact.contains(&key) || any_case.iter().any(|name| key.eq_ignore_ascii_case(name))
}

/// The `Writer` methods generated code calls.
pub trait DeriveWriter {
    /// An object key from a literal of the form `,"escaped_name":` (see `Writer::key`).
    fn key(&mut self, first: bool, lit: &'static str);
}

impl<F: Format> DeriveWriter for Writer<'_, F> {
    #[inline]
    fn key(&mut self, first: bool, lit: &'static str) {
        Writer::key(self, first, lit)
    }
}

/// The `Reader` methods generated code calls.
pub trait DeriveReader {
    /// If the next key is exactly `quoted` (the key's JSON text with its quotes), consumes it
    /// and its `:` and returns true; otherwise consumes nothing.
    fn eat_key(&mut self, quoted: &[u8]) -> bool;
    /// Reads an object's key, not the `:` after it ([`DeriveReader::key_colon`]): a struct
    /// decides about the key (duplicate, unknown) before the `:`, as serde's derive does.
    fn read_key_name(&mut self) -> Result<&str>;
    /// The `:` after a key read by [`DeriveReader::read_key_name`].
    fn key_colon(&mut self) -> Result<()>;
    /// Reads an object's key and its `:` in an internally tagged variant's object after its
    /// tag (the key started at `key_at`): a key that `is_tag` says is the tag is serde's
    /// `duplicate field` before the `:` is read, as serde checks the tag's key as it arrives
    /// (other keys' errors come after the syntax's: serde buffers the object first).
    fn read_key_after_tag(
        &mut self,
        key_at: Checkpoint,
        is_tag: impl Fn(&str) -> bool,
    ) -> Result<&str>;
    /// Moves the reader to where serde_json reports an error about the key that started at
    /// `key_at` (unknown or duplicate field): after the key, the whitespace after it and a
    /// `}` right there (serde_json's end of the object runs before it places the error).
    fn after_key(&mut self, key_at: Checkpoint);
    /// `duplicate field `name``, positioned after the key that started at `key_at`.
    fn duplicate_field_at(&mut self, key_at: Checkpoint, name: &str) -> Error;
    /// `duplicate field `key``, for the key that started at `key_at` (an internal tag seen
    /// again: the key is the tag's name), positioned after it and a `}` right there, as
    /// [`DeriveReader::after_key`] places errors.
    fn duplicate_key_at(&mut self, key_at: Checkpoint) -> Error;
    /// `invalid length {len}, expected {expected}` (serde's array form of a struct).
    fn invalid_length(&mut self, len: usize, expected: &str, at_next: bool) -> Error;
    /// An error about the next value, positioned at its first byte.
    fn peek_error(&mut self, message: impl core::fmt::Display) -> Error;
    /// `invalid type: <next value>, expected <expected>` at the next value.
    fn unexpected_value(&mut self, expected: &str) -> Error;
    /// `expected value` (a syntax error) at the next value's first byte, or EOF: serde_json's
    /// error for an externally tagged enum that is neither a string nor an object.
    fn expected_value(&mut self) -> Error;
    /// Reads a unit as serde reads one from its buffered content: `null` or `{}`.
    fn read_content_unit(&mut self) -> Result<()>;
    /// Reads `null`, as serde reads the content of a unit variant of an adjacently tagged or
    /// untagged enum (`deserialize_any` with a visitor of `unit variant E::V`, which takes
    /// only a unit); anything else is [`DeriveReader::any_invalid_type`].
    fn read_any_unit(&mut self, expected: &str) -> Result<()>;
    /// `invalid type: <next value>, expected <expected>` where serde_json reports it for a
    /// visitor that `deserialize_any` hands a value it does not take (the content of a unit or
    /// struct variant of an adjacently tagged or untagged enum): after a scalar, as
    /// [`Reader::invalid_type`]; after a sequence's `[` or a map's `{` and what serde_json's
    /// end of that sequence or map then consumes (whitespace, the closing bracket; for a
    /// sequence, a `,` and the whitespace after it).
    fn any_invalid_type(&mut self, expected: &str) -> Error;
    /// `err`, an error in the content of an adjacently tagged enum that came before its tag
    /// (read once the tag is known, with the reader now after the tag's value), moved where
    /// serde_json reports it: after the whitespace and the object's `}` that follow, since
    /// serde reads that content from its buffer, where errors have no position, and serde_json
    /// places them once the object is closed.
    fn content_error_at_end(&mut self, err: Error) -> Error;
    /// Skips one value, validating it as serde validates a value it buffers.
    fn skip_content(&mut self) -> Result<()>;
    /// The end of a sequence serde reads from its buffered content after `read` elements (an
    /// internally tagged variant in its array form): the `]`, or serde's `invalid length
    /// {read + rest}, expected {read} elements in sequence` (a data error) if elements remain.
    fn content_seq_end(&mut self, first: &mut bool, read: usize) -> Result<()>;
}

impl DeriveReader for Reader<'_> {
    /// `#[inline]`, not `always`: generated readers call it once per field with a constant key,
    /// which release builds inline into an immediate compare, while a size-optimized build
    /// (`opt-level = "s"`) may keep one copy (3 KB less in the no_std image).
    #[inline]
    fn eat_key(&mut self, quoted: &[u8]) -> bool {
        Reader::eat_key(self, quoted)
    }

    #[inline]
    fn read_key_name(&mut self) -> Result<&str> {
        let span = self.key_span()?;
        Ok(self.span_str(span).as_str())
    }

    #[inline]
    fn key_colon(&mut self) -> Result<()> {
        Reader::key_colon(self)
    }

    #[inline]
    fn read_key_after_tag(
        &mut self,
        key_at: Checkpoint,
        is_tag: impl Fn(&str) -> bool,
    ) -> Result<&str> {
        let span = self.key_span()?;
        if is_tag(self.span_str(span).as_str()) {
            return Err(self.duplicate_key_at(key_at));
        }
        // An escaped key's text is in the scratch buffer, which the `:` leaves untouched.
        Reader::key_colon(self)?;
        Ok(self.span_str(span).as_str())
    }

    #[cold]
    #[inline(never)]
    fn after_key(&mut self, key_at: Checkpoint) {
        self.restore(key_at);
        let _ = self.read_str();
        if self.peek() == Some(b'}') {
            self.pos += 1;
        }
    }

    /// `duplicate field `name``, reported just after the key that started at `key_at`, where
    /// serde_json reports it ([`DeriveReader::after_key`]). One shared cold call instead of
    /// the repositioning inlined into every field of every derived type.
    #[cold]
    #[inline(never)]
    fn duplicate_field_at(&mut self, key_at: Checkpoint, name: &str) -> Error {
        self.after_key(key_at);
        self.duplicate_field(name)
    }

    /// [`DeriveReader::duplicate_key_at`]: the key is read again for its text, which the
    /// caller cannot pass while it borrows the reader.
    #[cold]
    #[inline(never)]
    fn duplicate_key_at(&mut self, key_at: Checkpoint) -> Error {
        self.restore(key_at);
        let name = match self.read_str() {
            Ok(key) => alloc::string::String::from(&*key),
            Err(e) => return e,
        };
        self.after_key(key_at);
        self.duplicate_field(&name)
    }

    /// `invalid length {len}, expected {expected}` at the cursor (serde's array form of a
    /// struct ending early); `at_next` positions it at the next value (an element too many).
    #[cold]
    #[inline(never)]
    fn invalid_length(&mut self, len: usize, expected: &str, at_next: bool) -> Error {
        let message = format_args!("invalid length {len}, expected {expected}");
        if at_next {
            self.peek_error(message)
        } else {
            self.error(message)
        }
    }

    /// An error about the next value (after whitespace), positioned at its first byte as
    /// serde_json positions errors it finds by peeking (`peek_error`).
    #[cold]
    #[inline(never)]
    fn peek_error(&mut self, message: impl core::fmt::Display) -> Error {
        let _ = self.peek();
        let at = self.pos;
        self.pos = (at + 1).min(self.input.len());
        let err = self.locate(Error::custom(message));
        self.pos = at;
        err
    }

    /// `invalid type: <next value>, expected <expected>` at the next value's first byte, for a
    /// value that cannot start what is expected; a syntax or EOF error if no value follows.
    #[cold]
    #[inline(never)]
    fn unexpected_value(&mut self, expected: &str) -> Error {
        let found = match self.peek_kind() {
            None => return self.eof("a value"),
            Some(Some(kind)) => kind,
            Some(None) => return self.peek_error("expected value"),
        };
        self.peek_error(format_args!("invalid type: {found}, expected {expected}"))
    }

    #[cold]
    #[inline(never)]
    fn expected_value(&mut self) -> Error {
        match self.peek() {
            None => self.eof("a value"),
            Some(_) => {
                self.pos += 1;
                self.syntax("expected value")
            }
        }
    }

    /// Reads a unit as serde reads one from its buffered content: `null` or `{}`.
    fn read_content_unit(&mut self) -> Result<()> {
        if self.peek() == Some(b'{') {
            self.begin_object()?;
            let mut first = true;
            if self.has_next_entry(&mut first)? {
                return Err(self.error("invalid type: map, expected unit"));
            }
            return Ok(());
        }
        self.read_null()
    }

    #[inline]
    fn read_any_unit(&mut self, expected: &str) -> Result<()> {
        if self.try_null()? {
            Ok(())
        } else {
            Err(self.any_invalid_type(expected))
        }
    }

    #[cold]
    #[inline(never)]
    fn any_invalid_type(&mut self, expected: &str) -> Error {
        let (kind, close) = match self.peek() {
            Some(b'[') => ("sequence", b']'),
            Some(b'{') => ("map", b'}'),
            _ => return self.invalid_type(expected),
        };
        // Opened as serde_json opens it, with its depth check.
        let opened = if close == b']' {
            self.begin_array()
        } else {
            self.begin_object()
        };
        if let Err(e) = opened {
            return e;
        }
        self.pos = crate::simd::skip_whitespace(self.input, self.pos);
        match self.input.get(self.pos) {
            Some(&c) if c == close => self.pos += 1,
            Some(b',') if close == b']' => {
                self.pos = crate::simd::skip_whitespace(self.input, self.pos + 1);
            }
            _ => {}
        }
        self.error(format_args!("invalid type: {kind}, expected {expected}"))
    }

    #[cold]
    #[inline(never)]
    fn content_error_at_end(&mut self, err: Error) -> Error {
        self.pos = crate::simd::skip_whitespace(self.input, self.pos);
        if self.input.get(self.pos) == Some(&b'}') {
            self.pos += 1;
        }
        let (line, column) = self.line_col(self.pos);
        err.moved_to(line, column)
    }

    /// Skips one value, validating it the way serde validates a value it buffers (its
    /// `Content`, behind untagged and internally tagged enums, `flatten`, and the content of an
    /// adjacently tagged enum that comes before the tag): strings and keys must be valid text
    /// (no lone surrogates) and numbers must fit an `f64` (`1e400` fails). [`Reader::skip_value`]
    /// checks only the grammar, like serde_json when it ignores a value.
    #[cold]
    #[inline(never)]
    fn content_seq_end(&mut self, first: &mut bool, read: usize) -> Result<()> {
        let mut rest = 0usize;
        while self.next_element(first)? {
            self.skip(true)?;
            rest += 1;
        }
        if rest == 0 {
            return Ok(());
        }
        let expected = if read == 1 { "" } else { "s" };
        Err(self.error(format_args!(
            "invalid length {}, expected {read} element{expected} in sequence",
            read + rest
        )))
    }

    fn skip_content(&mut self) -> Result<()> {
        self.skip(true)
    }
}
