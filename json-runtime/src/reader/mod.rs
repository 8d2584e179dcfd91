//! The reader: a cursor over a byte slice with the structural steps generated code calls.
//!
//! Positions are byte offsets; line and column are computed only when an error is built.

use alloc::{string::String, string::ToString, vec::Vec};

pub(crate) mod number;
mod number_scan;
mod skim_walk;
mod skip;
mod string;

pub use number::ParsedNumber;
pub use string::Str;
#[cfg(feature = "bytes")]
pub(crate) use string::{simple_escape, surrogate_pair};

use crate::error::{Category, Error, Result};
use crate::simd::is_ws;

/// Settings for reading. Build one once and reuse it; reading with it costs nothing extra.
///
/// ```
/// let opts = json_runtime::ReadOptions::new().max_depth(4);
/// assert!(json_runtime::from_slice_with::<Vec<Vec<u8>>>(b"[[1]]", &opts).is_ok());
/// assert!(json_runtime::from_slice_with::<serde_json_free::Deep>(b"[[[[[1]]]]]", &opts).is_err());
/// # mod serde_json_free { pub type Deep = Vec<Vec<Vec<Vec<Vec<u8>>>>>; }
/// ```
#[derive(Clone, Debug)]
pub struct ReadOptions {
    pub(crate) max_depth: u32,
}

impl ReadOptions {
    /// The defaults: at most 127 arrays and objects open at once, like serde_json (whose
    /// counter starts at 128 and fails when it reaches 0, on the 128th level).
    pub const fn new() -> Self {
        ReadOptions { max_depth: 127 }
    }

    /// Sets how many arrays and objects may be open at once before reading fails.
    pub const fn max_depth(mut self, depth: u32) -> Self {
        self.max_depth = depth;
        self
    }
}

impl Default for ReadOptions {
    fn default() -> Self {
        Self::new()
    }
}

/// A saved reader state (position and nesting), to read the same value again.
#[derive(Clone, Copy, Debug)]
pub struct Checkpoint {
    pos: usize,
    depth_left: u32,
}

/// A JSON reader over a byte slice. Generated `FromJson` impls drive it; hand-written impls
/// may too.
///
/// Objects are read as `begin_object`, then `next_key` until it returns `None` (it consumes the
/// closing brace); arrays as `begin_array`, then `next_element` until it returns `false`.
///
/// A hand-written reader for a point written as `{"x":1,"y":2}` or `[1,2]`:
///
/// ```
/// use json_runtime::{FromJson, Reader, Result};
///
/// #[derive(Debug, PartialEq)]
/// struct Point { x: i64, y: i64 }
///
/// impl<'de> FromJson<'de> for Point {
///     fn read_json(r: &mut Reader<'de>) -> Result<Self> {
///         if r.peek() == Some(b'[') {
///             let mut first = true;
///             r.begin_array()?;
///             let mut xy = [0i64; 2];
///             for (i, slot) in xy.iter_mut().enumerate() {
///                 if !r.next_element(&mut first)? {
///                     return Err(r.error(format_args!("expected 2 elements, got {i}")));
///                 }
///                 *slot = r.read_i64().map_err(|e| e.in_index(i))?;
///             }
///             if r.next_element(&mut first)? {
///                 return Err(r.error("expected 2 elements"));
///             }
///             return Ok(Point { x: xy[0], y: xy[1] });
///         }
///         let (mut x, mut y) = (None, None);
///         r.begin_object()?;
///         let mut first = true;
///         while let Some(key) = r.next_key(&mut first)? {
///             match key {
///                 "x" => x = Some(r.read_i64().map_err(|e| e.in_field("x"))?),
///                 "y" => y = Some(r.read_i64().map_err(|e| e.in_field("y"))?),
///                 _ => r.skip_value()?,
///             }
///         }
///         match (x, y) {
///             (Some(x), Some(y)) => Ok(Point { x, y }),
///             (None, _) => Err(r.missing_field("x")),
///             (_, None) => Err(r.missing_field("y")),
///         }
///     }
/// }
///
/// assert_eq!(json_runtime::from_str::<Point>(r#"{"y":2,"x":1}"#).unwrap(), Point { x: 1, y: 2 });
/// assert_eq!(json_runtime::from_str::<Point>("[1, 2]").unwrap(), Point { x: 1, y: 2 });
/// let err = json_runtime::from_str::<Point>(r#"{"x":1,"y":"2"}"#).unwrap_err();
/// assert_eq!(err.path(), "y");
/// ```
pub struct Reader<'de> {
    pub(crate) input: &'de [u8],
    pub(crate) pos: usize,
    depth_left: u32,
    pub(crate) scratch: Vec<u8>,
    /// The whole input is known to be UTF-8 (it came from a `&str`): strings need no check.
    pub(crate) input_is_utf8: bool,
    /// Where error positions are counted from: a stream reader reads a value at `from` in its
    /// buffer (or a line of its input) with the bytes before it still in `input`, so that the
    /// number scans, which load the 16 bytes before a number's end, keep their fast path on a
    /// value's first field (163 instructions per 50-byte record in callgrind); it places the
    /// errors in the stream itself.
    pub(crate) line_base: usize,
}

/// Keeps the branch it is placed in: LLVM turns a branch that only adds to a variable into
/// branch-free arithmetic, which waits for the condition's data. An empty `asm!` (no
/// instructions) must run exactly when its branch is taken, so the branch stays.
#[inline(always)]
fn keep_branch() {
    #[cfg(all(any(target_arch = "x86_64", target_arch = "aarch64"), not(miri)))]
    // SAFETY: the template is empty: no instructions, no operands, nothing read or written.
    unsafe {
        core::arch::asm!("", options(nomem, nostack, preserves_flags));
    }
}

/// Where the text after a key's `:` starts in `bytes`, the key ending at `at`: for a colon
/// right after it, or after one space (`"key" : value`, the layout of Jackson's default pretty
/// printer and of other Java and .NET writers), each a predicted branch with a constant step.
/// `None` for anything else (other whitespace, or no colon), which the callers' slow paths take.
#[inline(always)]
fn after_colon(bytes: &[u8], at: usize) -> Option<usize> {
    if bytes.get(at) == Some(&b':') {
        Some(at + 1)
    } else if bytes.get(at..at + 2) == Some(b" :") {
        keep_branch();
        Some(at + 2)
    } else {
        None
    }
}

impl<'de> Reader<'de> {
    /// A reader with the default options.
    pub fn new(input: &'de [u8]) -> Self {
        Self::with_options(input, &ReadOptions::new())
    }

    /// A reader with the given options.
    pub fn with_options(input: &'de [u8], options: &ReadOptions) -> Self {
        Reader {
            input,
            pos: 0,
            depth_left: options.max_depth,
            scratch: Vec::new(),
            input_is_utf8: false,
            line_base: 0,
        }
    }

    /// A reader of `input[from..]` whose error positions are those within it (line 1, column
    /// 0 at `from`); the bytes before `from` are never read as JSON.
    #[cfg(feature = "std")]
    pub(crate) fn from_part(input: &'de [u8], from: usize, options: &ReadOptions) -> Self {
        let mut r = Self::with_options(input, options);
        r.pos = from;
        r.line_base = from;
        r
    }

    /// A reader over text known to be UTF-8, which skips UTF-8 validation of strings.
    pub fn from_str(input: &'de str, options: &ReadOptions) -> Self {
        let mut r = Self::with_options(input.as_bytes(), options);
        r.input_is_utf8 = true;
        r
    }

    /// The whole input.
    #[inline]
    pub fn input(&self) -> &'de [u8] {
        self.input
    }

    /// Byte offset of the next unread byte.
    #[inline]
    pub fn position(&self) -> usize {
        self.pos
    }

    /// How many more arrays and objects may be opened before the depth limit.
    #[cfg(feature = "serde")]
    #[inline]
    pub(crate) fn depth_left(&self) -> u32 {
        self.depth_left
    }

    /// Saves the current state, for [`Reader::restore`].
    #[inline]
    pub fn checkpoint(&self) -> Checkpoint {
        Checkpoint {
            pos: self.pos,
            depth_left: self.depth_left,
        }
    }

    /// Goes back to a saved state (used to re-read a value for internally tagged and untagged
    /// enums and `flatten`, instead of buffering it).
    ///
    /// A checkpoint from a reader over other input is not rejected, but its position is
    /// clamped to this reader's input: reading on from there fails (or reads what is there),
    /// it never reaches past the input.
    #[inline]
    pub fn restore(&mut self, checkpoint: Checkpoint) {
        // Plain data, so possibly another reader's: clamped, the position is within this input.
        self.pos = checkpoint.pos.min(self.input.len());
        self.depth_left = checkpoint.depth_left;
    }

    /// Skips whitespace and returns the next byte without consuming it.
    #[inline]
    pub fn peek(&mut self) -> Option<u8> {
        match self.input.get(self.pos) {
            // Every byte above the space is not whitespace: the common case is one compare.
            Some(&b) if b > b' ' => Some(b),
            _ => self.skip_ws_then_peek(),
        }
    }

    /// Skips a run of whitespace and peeks: straight to the 16-byte blocks, which settle a
    /// newline and its indentation (the run that reaches here in indented documents: `": "` and
    /// `", "` are stepped over inline) with one load. The two scalar steps that used to come
    /// first (for a lone space or newline) cost indented documents 3-8% more read instructions
    /// than none, and one step 1-2.8% more; they are worth it only for a newline with no
    /// indentation after every token (random.json: 4-8% faster with them).
    #[inline(never)]
    fn skip_ws_then_peek(&mut self) -> Option<u8> {
        self.pos = crate::simd::skip_whitespace(self.input, self.pos);
        self.input.get(self.pos).copied()
    }

    /// The whitespace after an array's `,`: none (compact text: one compare), one space, or,
    /// in indented text, a newline and its indentation, which the whitespace skip's inline
    /// 16-byte blocks find without [`Reader::skip_ws_then_peek`]'s call (with the scalar steps
    /// it had then, 8-12% of reading indented float arrays). Not used for objects: inlined into
    /// every struct reader's `has_next_entry`, it made them too big to inline that.
    #[inline(always)]
    fn skip_ws_after_separator(&mut self) {
        self.skip_one_space();
        match self.input.get(self.pos) {
            Some(&b) if b > b' ' => {}
            _ => self.pos = crate::simd::skip_whitespace(self.input, self.pos),
        }
    }

    /// Steps over one space if it is next: the `", "` and `": "` separators of many writers
    /// (Python's `json.dumps`, serde_json's pretty printer after keys), without the call that
    /// a general whitespace skip costs.
    ///
    /// A branch, not `pos += (byte == b' ') as usize`: the CPU predicts it (a document either
    /// has these spaces or not) and goes on to the value without waiting for the byte's load,
    /// which the arithmetic form puts on the chain from one value to the next.
    #[inline(always)]
    fn skip_one_space(&mut self) {
        if self.input.get(self.pos) == Some(&b' ') {
            self.pos += 1;
            keep_branch();
        }
    }

    #[inline]
    fn peek_or_eof(&mut self, what: &str) -> Result<u8> {
        match self.peek() {
            Some(b) => Ok(b),
            None => Err(self.eof(what)),
        }
    }

    /// Fails unless only whitespace remains.
    pub fn end(&mut self) -> Result<()> {
        match self.peek() {
            None => Ok(()),
            Some(_) => {
                self.pos += 1;
                Err(self.syntax("trailing characters"))
            }
        }
    }

    #[inline]
    fn enter(&mut self) -> Result<()> {
        if self.depth_left == 0 {
            return Err(self.depth_error());
        }
        self.depth_left -= 1;
        Ok(())
    }

    /// Positioned like serde_json: at the `[` or `{` that opens one level too many.
    #[cold]
    #[inline(never)]
    fn depth_error(&self) -> Error {
        let (line, column) = self.line_col(self.pos + 1);
        Error::new(
            Category::Syntax,
            "recursion limit exceeded".to_string(),
            line,
            column,
        )
    }

    /// Consumes `{`.
    #[inline]
    pub fn begin_object(&mut self) -> Result<()> {
        self.begin_object_as("a map")
    }

    /// [`Reader::begin_object`] for a type that its errors name (`struct User`), as serde's
    /// visitors name theirs.
    #[inline]
    pub fn begin_object_as(&mut self, expected: &str) -> Result<()> {
        match self.peek() {
            Some(b'{') => {
                self.enter()?;
                self.pos += 1;
                Ok(())
            }
            _ => Err(self.invalid_type(expected)),
        }
    }

    /// Reads the next key of an object and its `:`; `None` (after consuming `}`) at the end.
    /// `first` must start `true` for each object; it is updated here.
    #[inline]
    pub fn next_key(&mut self, first: &mut bool) -> Result<Option<&str>> {
        if !self.has_next_entry(first)? {
            return Ok(None);
        }
        let key = self.read_key()?;
        Ok(Some(key))
    }

    /// Consumes `}` (returning false) or, unless `first`, the `,` before the next entry.
    #[inline]
    pub fn has_next_entry(&mut self, first: &mut bool) -> Result<bool> {
        let b = self.peek_or_eof("an object")?;
        if b == b'}' {
            self.pos += 1;
            self.depth_left += 1;
            return Ok(false);
        }
        if *first {
            *first = false;
        } else if b == b',' {
            self.pos += 1;
            self.skip_one_space();
            self.peek();
        } else {
            self.pos += 1;
            return Err(self.syntax("expected `,` or `}`"));
        }
        Ok(true)
    }

    /// serde_json's error where a key should be and is not: after a `,`, `trailing comma` at a
    /// `}` and `EOF while parsing a value` at the end; otherwise `key must be a string` and
    /// EOF in an object. Looking back for the `,` here keeps the test off the path of every
    /// entry (checking after each `,` cost 5-8% more read instructions on twitter and citm).
    #[cold]
    #[inline(never)]
    fn not_a_key(&mut self) -> Error {
        let before = self.input[..self.pos].iter().rev().find(|&&b| !is_ws(b));
        let after_comma = before == Some(&b',');
        match self.peek() {
            None if after_comma => self.eof("a value"),
            None => self.eof("an object"),
            Some(b) => {
                self.pos += 1;
                self.syntax(if after_comma && b == b'}' {
                    "trailing comma"
                } else {
                    "key must be a string"
                })
            }
        }
    }

    /// Reads an object key (a string) and the `:` after it.
    #[inline]
    pub fn read_key(&mut self) -> Result<&str> {
        self.read_key_str().map(|s| s.as_str())
    }

    /// Like [`Reader::read_key`], saying whether the key was borrowed from the input.
    #[inline]
    pub fn read_key_str(&mut self) -> Result<Str<'de, '_>> {
        let span = self.key_span()?;
        self.key_colon()?;
        Ok(self.span_str(span))
    }

    /// An object key's string, not the `:` after it ([`Reader::key_colon`]).
    #[inline]
    pub(crate) fn key_span(&mut self) -> Result<string::Span> {
        if self.peek() != Some(b'"') {
            return Err(self.not_a_key());
        }
        self.pos += 1;
        self.scan_str()
    }

    /// The `:` after a key (and one space after it, see [`Reader::skip_one_space`]).
    #[inline(always)]
    pub(crate) fn key_colon(&mut self) -> Result<()> {
        self.eat_colon()?;
        self.skip_one_space();
        Ok(())
    }

    /// Consumes the `:` after a key (see [`after_colon`]).
    #[inline(always)]
    pub(crate) fn eat_colon(&mut self) -> Result<()> {
        match after_colon(self.input, self.pos) {
            Some(next) => {
                self.pos = next;
                Ok(())
            }
            None => self.expect_colon_slow(),
        }
    }

    /// If the next key is exactly `quoted` (the key's JSON text with its quotes, as generated
    /// code bakes it), consumes it and its `:` and returns true; otherwise consumes nothing.
    /// Generated readers try the key that usually comes next before matching in general.
    ///
    /// `#[inline]`, not `always`: generated readers call it once per field with a constant key,
    /// which release builds inline into an immediate compare, while a size-optimized build
    /// (`opt-level = "s"`) may keep one copy (3 KB less in the no_std image).
    #[inline]
    pub(crate) fn eat_key(&mut self, quoted: &[u8]) -> bool {
        // Bounds from the rest of the input: `pos + len` needs no overflow test, and the colon
        // right after the key is checked against the same slice.
        let n = quoted.len();
        let Some(rest) = self.input.get(self.pos..) else {
            return false;
        };
        match rest.get(..n) {
            Some(text) if crate::simd::short_eq(text, quoted) => {}
            _ => return false,
        }
        match after_colon(rest, n) {
            Some(next) => self.pos += next,
            None => return self.eat_colon_after(self.pos + n),
        }
        self.skip_one_space();
        true
    }

    #[cold]
    #[inline(never)]
    fn eat_colon_after(&mut self, end: usize) -> bool {
        let mut i = end;
        while i < self.input.len() && is_ws(self.input[i]) {
            i += 1;
        }
        if self.input.get(i) == Some(&b':') {
            self.pos = i + 1;
            true
        } else {
            false
        }
    }

    #[cold]
    #[inline(never)]
    fn expect_colon_slow(&mut self) -> Result<()> {
        match self.peek() {
            Some(b':') => {
                self.pos += 1;
                Ok(())
            }
            Some(_) => {
                self.pos += 1;
                Err(self.syntax("expected `:`"))
            }
            None => Err(self.eof("an object")),
        }
    }

    /// Consumes `[`.
    #[inline]
    pub fn begin_array(&mut self) -> Result<()> {
        self.begin_array_as("a sequence")
    }

    /// [`Reader::begin_array`] for a type that its errors name (`tuple struct Point`), as
    /// serde's visitors name theirs.
    #[inline]
    pub fn begin_array_as(&mut self, expected: &str) -> Result<()> {
        match self.peek() {
            Some(b'[') => {
                self.enter()?;
                self.pos += 1;
                Ok(())
            }
            _ => Err(self.invalid_type(expected)),
        }
    }

    /// True if another element follows (consuming the `,` between elements); false after
    /// consuming `]`. `first` must start `true` for each array.
    ///
    /// Inlined, it decides the common cases (a value's first byte right after `[`; `,` or `, `
    /// right after an element and a value's first byte right after that; `,` then a newline or
    /// CR and indentation, by the whitespace skip's inline blocks; `]`) in a few compares;
    /// everything else (other whitespace, empty arrays, errors) goes to the out-of-line general
    /// step. Measured on mesh.json (arrays of numbers): the call per element was 19% of the
    /// read, and 22% of mesh_pretty's for the indented separators.
    #[inline(always)]
    pub fn next_element(&mut self, first: &mut bool) -> Result<bool> {
        if *first {
            if self.element_starts_at(self.pos) {
                *first = false;
                return Ok(true);
            }
        } else {
            match self.input.get(self.pos) {
                Some(b',') => {
                    // `,` or `, ` (Python's and many loggers' separator), then a value. Two
                    // branches, each with a constant step: the CPU predicts which (the same
                    // all through a document) and starts on the next value at once, where
                    // a step computed from the byte waited for its load (number arrays are
                    // bound by that chain from one value to the next).
                    match self.input.get(self.pos + 1) {
                        _ if self.element_starts_at(self.pos + 1) => {
                            self.pos += 1;
                            return Ok(true);
                        }
                        Some(b' ') if self.element_starts_at(self.pos + 2) => {
                            self.pos += 2;
                            return Ok(true);
                        }
                        Some(b'\n' | b'\r') => {
                            // An indented array: the newline and its indentation by the
                            // whitespace skip's inline blocks, without the general step's call.
                            let at = crate::simd::skip_whitespace(self.input, self.pos + 2);
                            if self.element_starts_at(at) {
                                self.pos = at;
                                return Ok(true);
                            }
                        }
                        _ => {}
                    }
                }
                Some(b']') => {
                    self.pos += 1;
                    self.depth_left += 1;
                    return Ok(false);
                }
                _ => {}
            }
        }
        self.next_element_general(first)
    }

    /// Whether the byte at `at` can start an array element: not whitespace (nor a control
    /// byte, which the general step reports) and not the `]` that would make a preceding comma
    /// a trailing one.
    #[inline(always)]
    fn element_starts_at(&self, at: usize) -> bool {
        matches!(self.input.get(at), Some(&c) if c > b' ' && c != b']')
    }

    /// [`Reader::next_element`] for every case: whitespace, the first element, errors.
    #[inline(never)]
    fn next_element_general(&mut self, first: &mut bool) -> Result<bool> {
        let b = self.peek_or_eof("a list")?;
        if b == b']' {
            self.pos += 1;
            self.depth_left += 1;
            return Ok(false);
        }
        if *first {
            *first = false;
        } else if b == b',' {
            self.pos += 1;
            self.skip_ws_after_separator();
            // `[1,]`: the element after a comma must be a value.
            if self.peek() == Some(b']') {
                self.pos += 1;
                return Err(self.syntax("trailing comma"));
            }
        } else {
            self.pos += 1;
            return Err(self.syntax("expected `,` or `]`"));
        }
        Ok(true)
    }

    /// Consumes the `]` of an array read as a fixed number of elements (a tuple, `[T; N]`, a
    /// struct's array form) once they are all read. Anything else is serde_json's error for a
    /// sequence its visitor left unfinished: `trailing comma` (`[1,2,]`), `trailing
    /// characters` at the first byte after the last element and its `,` if any (`[1,2,3]`,
    /// `[1,2 3]`), or EOF.
    pub fn end_fixed_seq(&mut self) -> Result<()> {
        match self.peek_or_eof("a list")? {
            b']' => {
                self.pos += 1;
                self.depth_left += 1;
                return Ok(());
            }
            b',' => {
                self.pos += 1;
                if self.peek() == Some(b']') {
                    self.pos += 1;
                    return Err(self.syntax("trailing comma"));
                }
            }
            _ => {}
        }
        // Positioned after the byte it names, like serde_json's; at the end after a `,`.
        if self.peek().is_some() {
            self.pos += 1;
        }
        Err(self.syntax("trailing characters"))
    }

    /// Consumes `null` if it is next; returns whether it was.
    #[inline]
    pub fn try_null(&mut self) -> Result<bool> {
        if self.peek() == Some(b'n') {
            self.pos += 1;
            self.expect_ident(b"ull")?;
            Ok(true)
        } else {
            Ok(false)
        }
    }

    /// Reads `null`.
    pub fn read_null(&mut self) -> Result<()> {
        self.read_null_as("null")
    }

    /// [`Reader::read_null`] for a type that its errors name (`unit`, `unit struct Marker`),
    /// as serde's visitors name theirs.
    pub fn read_null_as(&mut self, expected: &str) -> Result<()> {
        if self.try_null()? {
            Ok(())
        } else {
            Err(self.invalid_type(expected))
        }
    }

    /// Reads `true` or `false`.
    ///
    /// Inlined at each call: the word at the cursor compared with `true` and `fals` (and an
    /// `e`) as integers, without the call that cost about as much as the compare (twitter.json
    /// reads 6,747 booleans). Whitespace first, the end of the input and errors go to
    /// `read_bool_general`.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn read_bool(&mut self) -> Result<bool> {
        if let Some(&[a, b, c, d, e]) = self.input.get(self.pos..self.pos + 5) {
            let word = u32::from_le_bytes([a, b, c, d]);
            if word == u32::from_le_bytes(*b"true") {
                self.pos += 4;
                return Ok(true);
            }
            if word == u32::from_le_bytes(*b"fals") && e == b'e' {
                self.pos += 5;
                return Ok(false);
            }
        }
        self.read_bool_general()
    }

    /// [`Reader::read_bool`] for every case.
    #[inline(never)]
    fn read_bool_general(&mut self) -> Result<bool> {
        match self.peek() {
            Some(b't') => {
                self.pos += 1;
                self.expect_ident(b"rue")?;
                Ok(true)
            }
            Some(b'f') => {
                self.pos += 1;
                self.expect_ident(b"alse")?;
                Ok(false)
            }
            _ => Err(self.invalid_type("a boolean")),
        }
    }

    #[inline]
    pub(crate) fn expect_ident(&mut self, rest: &[u8]) -> Result<()> {
        let end = self.pos + rest.len();
        if self.input.get(self.pos..end) == Some(rest) {
            self.pos = end;
            Ok(())
        } else {
            self.ident_error(rest)
        }
    }

    #[cold]
    #[inline(never)]
    fn ident_error(&mut self, rest: &[u8]) -> Result<()> {
        for &want in rest {
            match self.input.get(self.pos) {
                None => return Err(self.eof("a value")),
                Some(&b) if b == want => self.pos += 1,
                Some(_) => {
                    self.pos += 1;
                    return Err(self.syntax("expected ident"));
                }
            }
        }
        Ok(())
    }

    // ---- errors -------------------------------------------------------------------------------

    /// (line, column) of the byte before `pos`, 1-based, like serde_json.
    pub(crate) fn line_col(&self, pos: usize) -> (usize, usize) {
        let end = pos.min(self.input.len());
        crate::simd::newline::line_and_column(&self.input[self.line_base.min(end)..end])
    }

    #[cold]
    #[inline(never)]
    fn make_error(&self, kind: Category, message: String) -> Error {
        let (line, column) = self.line_col(self.pos);
        Error::new(kind, message, line, column)
    }

    /// A syntax error at the current position.
    #[cold]
    #[inline(never)]
    pub fn syntax(&self, message: &str) -> Error {
        self.make_error(Category::Syntax, message.to_string())
    }

    /// An end-of-input error.
    #[cold]
    #[inline(never)]
    pub fn eof(&self, what: &str) -> Error {
        self.make_error(Category::Eof, format!("EOF while parsing {what}"))
    }

    /// A data error (well-formed JSON of the wrong shape) at the current position.
    #[cold]
    #[inline(never)]
    pub fn error(&self, message: impl core::fmt::Display) -> Error {
        self.make_error(Category::Data, message.to_string())
    }

    /// Attaches the current position to an error built without one ([`Error::custom`]).
    #[cold]
    #[inline(never)]
    pub fn locate(&self, err: Error) -> Error {
        let (line, column) = self.line_col(self.pos);
        err.with_position(line, column)
    }

    /// What kind of value comes next, by its first byte (after whitespace): `None` at the end of
    /// the input, `Some(None)` where no value can start.
    pub(crate) fn peek_kind(&mut self) -> Option<Option<&'static str>> {
        Some(match self.peek()? {
            b'"' => Some("string"),
            b'{' => Some("map"),
            b'[' => Some("sequence"),
            b't' | b'f' => Some("boolean"),
            b'n' => Some("null"),
            b'-' | b'0'..=b'9' => Some("number"),
            _ => None,
        })
    }

    /// `invalid type: <what is next>, expected <expected>`; a syntax or EOF error if the next
    /// token is not a JSON value at all. Consumes nothing that matters (the read fails).
    #[cold]
    #[inline(never)]
    pub fn invalid_type(&mut self, expected: &str) -> Error {
        let found = match self.peek_kind() {
            None => return self.eof("a value"),
            Some(Some(kind)) => kind,
            Some(None) => {
                self.pos += 1;
                return self.syntax("expected value");
            }
        };
        // Like serde_json: a scalar is read, so a malformed one is reported as the syntax (or
        // EOF) error it is and a well-formed one is described, positioned after it; a map or
        // sequence is not read, and the error is positioned before it.
        let found = match found {
            "map" | "sequence" => found.to_string(),
            "string" => {
                self.pos += 1;
                match self.scan_str() {
                    Ok(span) => format!("string {:?}", self.span_str(span).as_str()),
                    Err(e) => return e,
                }
            }
            "number" => match self.read_number() {
                Ok(ParsedNumber::U64(v)) => format!("integer `{v}`"),
                Ok(ParsedNumber::I64(v)) => format!("integer `{v}`"),
                Ok(ParsedNumber::F64(v)) => format!("floating point `{}`", number::SerdeFloat(v)),
                Err(e) => return e,
            },
            _ => {
                let start = self.pos;
                if let Err(e) = self.skip_value() {
                    return e;
                }
                match &self.input[start..self.pos] {
                    b"null" => "null".to_string(),
                    text => format!("boolean `{}`", text == b"true"),
                }
            }
        };
        self.error(format_args!("invalid type: {found}, expected {expected}"))
    }

    /// `missing field `name``.
    #[cold]
    #[inline(never)]
    pub fn missing_field(&self, name: &str) -> Error {
        self.error(format_args!("missing field `{name}`"))
    }

    /// `duplicate field `name``.
    #[cold]
    #[inline(never)]
    pub fn duplicate_field(&self, name: &str) -> Error {
        self.error(format_args!("duplicate field `{name}`"))
    }

    /// `unknown field `name`, expected one of ...`.
    #[cold]
    #[inline(never)]
    pub fn unknown_field(&self, name: &str, expected: &[&str]) -> Error {
        self.error(format_args!(
            "unknown field `{name}`, {}",
            one_of(expected, "there are no fields")
        ))
    }

    /// `unknown variant `name`, expected one of ...`.
    #[cold]
    #[inline(never)]
    pub fn unknown_variant(&self, name: &str, expected: &[&str]) -> Error {
        self.error(format_args!(
            "unknown variant `{name}`, {}",
            one_of(expected, "there are no variants")
        ))
    }
}

fn one_of(expected: &[&str], none: &str) -> String {
    match expected {
        [] => none.to_string(),
        [one] => format!("expected `{one}`"),
        [a, b] => format!("expected `{a}` or `{b}`"),
        _ => {
            let list: Vec<String> = expected.iter().map(|e| format!("`{e}`")).collect();
            format!("expected one of {}", list.join(", "))
        }
    }
}

#[cfg(test)]
mod tests {
    /// Reads `text` as `T` with FastJson and with serde_json: the same value, or errors at the
    /// same line and column (and both or neither a trailing comma's; the wording differs).
    fn check<T>(text: &str)
    where
        T: for<'de> crate::FromJson<'de>
            + serde::de::DeserializeOwned
            + PartialEq
            + core::fmt::Debug,
    {
        let ours = crate::from_str::<T>(text);
        let theirs = serde_json::from_str::<T>(text);
        match (&ours, &theirs) {
            (Ok(a), Ok(b)) => assert_eq!(a, b, "{text:?}"),
            (Err(a), Err(b)) => {
                assert_eq!(
                    (a.line(), a.column()),
                    (b.line(), b.column()),
                    "{text:?}: {a} / {b}"
                );
                // The messages differ in wording (`array` / `list`), not in kind.
                let trailing = |e: String| e.contains("trailing comma");
                assert_eq!(
                    trailing(a.to_string()),
                    trailing(b.to_string()),
                    "{text:?}: {a} / {b}"
                );
            }
            _ => panic!("{text:?}: ours {ours:?}, serde_json {theirs:?}"),
        }
    }

    /// Array separators in every layout `next_element` steps over inline (`,`, `, `, a newline
    /// or CRLF and indentation) and those it leaves to the general step, with trailing commas
    /// and whitespace before `]`, against serde_json: values, and errors' positions.
    #[test]
    fn array_layouts_read_like_serde() {
        let indent = " ".repeat(40);
        let seps = [
            ",".to_string(),
            ", ".to_string(),
            ",  ".to_string(),
            ",\n".to_string(),
            ",\n  ".to_string(),
            ",\r\n\t\t".to_string(),
            ",\r".to_string(),
            format!(",\n{indent}"),
            ",\n\n ".to_string(),
            ",\t".to_string(),
            " ,\n".to_string(),
        ];
        for sep in &seps {
            for end in ["", " ", "\n", "\n  ", ",\n", ",\n  ", ", "] {
                for n in 1..4 {
                    let items: Vec<String> = (0..n).map(|i| (i * 7).to_string()).collect();
                    check::<Vec<u32>>(&format!("[{}{end}]", items.join(sep)));
                    let strs: Vec<String> = items.iter().map(|i| format!("\"{i}\"")).collect();
                    check::<Vec<String>>(&format!("[{}{end}]", strs.join(sep)));
                    let nested: Vec<String> =
                        items.iter().map(|i| format!("[{i}{sep}{i}]")).collect();
                    check::<Vec<Vec<u8>>>(&format!("[{}{end}]", nested.join(sep)));
                }
                // Cut anywhere inside: every prefix is an error at serde_json's position.
                let text = format!("[1{sep}2{end}]");
                for cut in 1..text.len() {
                    if text.is_char_boundary(cut) {
                        check::<Vec<u32>>(&text[..cut]);
                    }
                }
            }
        }
    }

    /// `read_bool`'s word compare and its general path against serde_json: every truncation
    /// and one-byte change of `true` and `false`, with whitespace before and each kind of byte
    /// after, alone (so the literal can end the input: the general path) and in arrays.
    #[test]
    fn bools_read_like_serde() {
        let mut words = Vec::new();
        for base in ["true", "false"] {
            for len in 0..=base.len() {
                words.push(base[..len].to_string());
            }
            for i in 0..base.len() {
                for b in [b'x', b'e', b't', b'f', b' '] {
                    let mut w = base.as_bytes().to_vec();
                    w[i] = b;
                    words.push(String::from_utf8(w).unwrap());
                }
            }
        }
        for word in &words {
            for before in ["", " ", "\n\t "] {
                for after in ["", " ", "e", "x", ",", "]", "}", "1", " true"] {
                    let text = format!("{before}{word}{after}");
                    check::<bool>(&text);
                    check::<Vec<bool>>(&format!("[{text}]"));
                    check::<Vec<bool>>(&format!("[true,{text}]"));
                    check::<(bool, u8)>(&format!("[{text},1]"));
                }
            }
        }
    }

    /// The `from_utf8_unchecked` in `parse_float_slow` (reader/number/mod.rs): more than 19
    /// significant digits too close to a halfway point for the truncated conversion, so the
    /// grammar-checked text goes to `str::parse`.
    #[test]
    fn slow_float_path() {
        for text in [
            "9007199254740993.0000000000001",
            "-9007199254740993.0000000000001",
            "9007199254740993000000000000001e-15",
            "2.47032822920623272088284396434110686182529901307162382212792841250337753635104375932649918180817996189898282347722858865463328355177969898199387398005390939063150356595155702263922908583924491051844359318028499365361525003193704576782492193656236698636584807570015857692699037063119282795585513329278343384093519780155312465972635795746227664652728272200563740064854999770965994704540208281662262378573934507363390079677619305775067401763246736009689513405355374585166611342237666786041621596804619144672918403005300575308490487653917113865916462395249126236538818796362393732804238910186723484976682350898633885879256283027559956575244555072551893136908362547791869486679949683240497058210285131854513962138377228261454376934125320985913276672363281255e-324",
        ] {
            let ours: f64 = crate::from_str(text).unwrap();
            assert_eq!(ours, text.parse::<f64>().unwrap(), "{text}");
        }
        assert!(
            crate::from_str::<f64>("1797693134862315807937289714053034150799341327710e260")
                .is_err()
        );
    }

    /// A checkpoint is plain data and can be restored into a reader over other input: one
    /// taken deep in a long input and restored into a short one (past its end, or inside a
    /// multi-byte character of text read with `from_str`) leaves every step in bounds: each
    /// read fails (or reads what is there) without panicking, and strings it returns are
    /// well-formed.
    #[test]
    fn foreign_checkpoint_stays_in_bounds() {
        use crate::Reader;
        let long = alloc::format!("[{}\"tail\"]", "1, ".repeat(40));
        let mut far = Reader::new(long.as_bytes());
        let mut checkpoints = alloc::vec::Vec::new();
        far.begin_array().unwrap();
        let mut first = true;
        while far.next_element(&mut first).unwrap() {
            checkpoints.push(far.checkpoint());
            far.skip_value().unwrap();
            checkpoints.push(far.checkpoint());
        }
        checkpoints.push(far.checkpoint());
        type Step = fn(&mut Reader<'_>) -> bool;
        let steps: [Step; 21] = [
            |r| r.peek().is_some(),
            |r| r.end().is_ok(),
            |r| r.read_str().map(|s| s.len()).is_ok(),
            |r| r.read_key().map(|s| s.len()).is_ok(),
            |r| r.next_key(&mut true).map(|k| k.map(str::len)).is_ok(),
            |r| r.next_key(&mut false).map(|k| k.map(str::len)).is_ok(),
            |r| r.has_next_entry(&mut false).is_ok(),
            |r| r.eat_key(b"\"k\""),
            |r| r.begin_object().is_ok(),
            |r| r.begin_array().is_ok(),
            |r| r.next_element(&mut true).is_ok(),
            |r| r.next_element(&mut false).is_ok(),
            |r| r.read_number().is_ok(),
            |r| r.read_u64().is_ok(),
            |r| r.read_i64().is_ok(),
            |r| r.read_f64().is_ok(),
            |r| r.read_f32().is_ok(),
            |r| r.read_u128().is_ok(),
            |r| r.read_bool().is_ok(),
            |r| r.try_null().is_ok(),
            |r| r.skip_value().is_ok(),
        ];
        // Short inputs, as bytes and as text (`from_str` skips UTF-8 checks of strings).
        let shorts = [
            "",
            " ",
            "1",
            "\"\u{e9}\u{e9}\"",
            "[\"\u{e9}\\n\"]",
            "{\"k\":1}",
        ];
        for short in shorts {
            // Under Miri three checkpoints: the first, the middle and the last (the ones past the
            // short inputs all clamp alike).
            for &at in checkpoints.iter().step_by(if cfg!(miri) { 40 } else { 1 }) {
                for (i, step) in steps.iter().enumerate() {
                    for text in [false, true] {
                        let mut r = if text {
                            Reader::from_str(short, &crate::ReadOptions::new())
                        } else {
                            Reader::new(short.as_bytes())
                        };
                        r.restore(at);
                        let _ = (step)(&mut r);
                        assert!(r.position() <= short.len(), "{short:?} step {i}");
                        let e = r.error("after");
                        assert!(e.line() >= 1, "{short:?} step {i}");
                    }
                }
            }
        }
    }

    /// Depth errors point at the bracket that opens one level too many, like serde_json.
    #[test]
    fn depth_error_position() {
        let opts = crate::ReadOptions::new().max_depth(2);
        let err = crate::from_slice_with::<crate::IgnoredAny>(b"[[[]]]", &opts).unwrap_err();
        assert_eq!(
            (err.message(), err.line(), err.column()),
            ("recursion limit exceeded", 1, 3)
        );
    }

    /// Whitespace after an array's comma of every length around the 16-byte block (ending in
    /// it, filling it, running past it, cut off by the end of the input), with a stray control
    /// byte among it: values, errors and their positions agree with serde_json.
    #[test]
    fn whitespace_after_comma_like_serde_json() {
        let mut rng = crate::test_rng(0xC0_33A5);
        for _ in 0..if cfg!(miri) { 40 } else { 4000 } {
            let mut doc = b"[1".to_vec();
            for _ in 0..rng() % 4 {
                doc.push(b',');
                let run = (rng() % 40) as usize;
                for _ in 0..run {
                    doc.push(b" \n\t\r"[(rng() % 4) as usize]);
                }
                if rng().is_multiple_of(16) && run > 0 {
                    let at = doc.len() - 1 - (rng() as usize % run);
                    doc[at] = 0x0B;
                }
                doc.push(b'2');
            }
            doc.push(b']');
            let pad = (rng() % 20) as usize;
            doc.resize(doc.len() + pad, b' ');
            check::<alloc::vec::Vec<u8>>(core::str::from_utf8(&doc).unwrap());
        }
    }
}
