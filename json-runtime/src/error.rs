//! The one error type of the runtime: a message, where the reader stopped (line, column) and
//! where in the document (path).

use alloc::{boxed::Box, string::String, string::ToString, vec::Vec};
use core::fmt;

/// An error from reading or writing JSON: what went wrong ([`Error::classify`], as
/// `serde_json::Error` classifies it), where the reader stopped (line, column) and where in
/// the document (path). An I/O error is kept whole ([`Error::source`](std::error::Error::source),
/// [`Error::io_error_kind`]).
///
/// Boxed, so `Result<T, Error>` stays one pointer wide on the hot path.
///
/// ```
/// #[derive(json_runtime::FastJson, Debug)]
/// struct User { id: u32 }
/// #[derive(json_runtime::FastJson, Debug)]
/// struct Feed { users: Vec<User> }
///
/// let err = json_runtime::from_str::<Feed>("{\"users\":[{\"id\":1},{\"id\":\"x\"}]}").unwrap_err();
/// assert_eq!(err.path(), "users[1].id");
/// assert_eq!((err.line(), err.column()), (1, 28));
/// ```
pub struct Error {
    inner: Box<ErrorImpl>,
}

struct ErrorImpl {
    kind: Category,
    message: String,
    line: usize,
    column: usize,
    /// The I/O error of an [`Category::Io`] error.
    #[cfg(feature = "std")]
    io: Option<std::io::Error>,
    /// Path segments, innermost first (errors grow their path while they unwind).
    segments: Vec<Segment>,
    /// `segments` rendered outermost first, e.g. `statuses[3].user.id`.
    path: String,
}

enum Segment {
    Field(Box<str>),
    Index(usize),
}

/// What kind of failure an [`Error`] reports: `serde_json::error::Category`'s four cases,
/// decided as serde_json decides them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Category {
    /// Reading from or writing to an `io::Read`/`io::Write` failed.
    Io,
    /// The input is not well-formed JSON (including trailing characters).
    Syntax,
    /// Well-formed JSON that does not fit the target type, or a value that has no JSON form
    /// (a `skip_serializing` enum variant, a `SystemTime` before the Unix epoch, a NaN or
    /// infinite float map key, anything a hand-written impl refuses with
    /// [`crate::Writer::fail`]).
    Data,
    /// The input ended in the middle of a value.
    Eof,
}

impl Error {
    #[cold]
    #[inline(never)]
    pub(crate) fn new(kind: Category, message: String, line: usize, column: usize) -> Self {
        Error {
            inner: Box::new(ErrorImpl {
                kind,
                message,
                line,
                column,
                #[cfg(feature = "std")]
                io: None,
                segments: Vec::new(),
                path: String::new(),
            }),
        }
    }

    /// An error with a message and no position, for hand-written `FromJson` impls that fail
    /// after a value was read. Prefer [`crate::Reader::error`], which records the position.
    #[cold]
    #[inline(never)]
    pub fn custom(message: impl fmt::Display) -> Self {
        Self::new(Category::Data, message.to_string(), 0, 0)
    }

    /// A value the writer cannot represent, recorded by [`crate::Writer::fail`].
    #[cold]
    #[inline(never)]
    pub(crate) fn unserializable(message: String) -> Self {
        Self::new(Category::Data, message, 0, 0)
    }

    /// An I/O error, kept whole for [`Error::io_error_kind`] and `source()`.
    #[cold]
    #[inline(never)]
    #[cfg(feature = "std")]
    pub(crate) fn io(err: std::io::Error) -> Self {
        let mut e = Self::new(Category::Io, err.to_string(), 0, 0);
        e.inner.io = Some(err);
        e
    }

    /// The message without position and path.
    pub fn message(&self) -> &str {
        &self.inner.message
    }

    /// 1-based line where the reader stopped (0 if the error has no position).
    pub fn line(&self) -> usize {
        self.inner.line
    }

    /// 1-based column (in bytes) where the reader stopped (0 if the error has no position).
    pub fn column(&self) -> usize {
        self.inner.column
    }

    /// Where in the document the error happened, e.g. `statuses[3].user.id`; `""` at the root.
    pub fn path(&self) -> &str {
        &self.inner.path
    }

    /// What kind of failure this is, as `serde_json::Error::classify` says.
    ///
    /// ```
    /// use json_runtime::Category;
    /// assert_eq!(json_runtime::from_str::<Vec<u8>>("[").unwrap_err().classify(), Category::Eof);
    /// assert_eq!(json_runtime::from_str::<u8>("]").unwrap_err().classify(), Category::Syntax);
    /// assert_eq!(json_runtime::from_str::<u8>("300").unwrap_err().classify(), Category::Data);
    /// ```
    pub fn classify(&self) -> Category {
        self.inner.kind
    }

    /// True for an I/O error.
    pub fn is_io(&self) -> bool {
        self.inner.kind == Category::Io
    }

    /// True if the input is not well-formed JSON.
    pub fn is_syntax(&self) -> bool {
        self.inner.kind == Category::Syntax
    }

    /// True if well-formed input did not fit the type, or a value has no JSON form.
    pub fn is_data(&self) -> bool {
        self.inner.kind == Category::Data
    }

    /// True if the input ended too early.
    pub fn is_eof(&self) -> bool {
        self.inner.kind == Category::Eof
    }

    /// The kind of the I/O error, for an [`Category::Io`] error.
    ///
    /// ```
    /// use std::io::{self, Write};
    /// struct Full;
    /// impl Write for Full {
    ///     fn write(&mut self, _: &[u8]) -> io::Result<usize> {
    ///         Err(io::ErrorKind::BrokenPipe.into())
    ///     }
    ///     fn flush(&mut self) -> io::Result<()> {
    ///         Ok(())
    ///     }
    /// }
    /// let err = json_runtime::to_writer(Full, &[1, 2, 3]).unwrap_err();
    /// assert!(err.is_io());
    /// assert_eq!(err.io_error_kind(), Some(io::ErrorKind::BrokenPipe));
    /// ```
    #[cfg(feature = "std")]
    pub fn io_error_kind(&self) -> Option<std::io::ErrorKind> {
        self.inner.io.as_ref().map(std::io::Error::kind)
    }

    /// Adds an enclosing object field to the path (called while the error unwinds).
    #[cold]
    #[inline(never)]
    pub fn in_field(mut self, name: &str) -> Self {
        self.inner.segments.push(Segment::Field(name.into()));
        self.render_path();
        self
    }

    /// Adds an enclosing array index to the path (called while the error unwinds).
    #[cold]
    #[inline(never)]
    pub fn in_index(mut self, index: usize) -> Self {
        self.inner.segments.push(Segment::Index(index));
        self.render_path();
        self
    }

    /// Moves the error to `line` and `column`, whatever position it had.
    #[cold]
    #[inline(never)]
    pub(crate) fn moved_to(mut self, line: usize, column: usize) -> Self {
        self.inner.line = line;
        self.inner.column = column;
        self
    }

    /// Sets the position if the error has none yet (for errors built by [`Error::custom`]).
    #[cold]
    #[inline(never)]
    pub(crate) fn with_position(mut self, line: usize, column: usize) -> Self {
        if self.inner.line == 0 {
            self.inner.line = line;
            self.inner.column = column;
        }
        self
    }

    /// Moves a position computed over a window of a stream (a line, a buffer) to the stream's:
    /// the window's first byte is on stream line `line`, after `column` bytes of that line.
    /// Errors without a position keep none.
    #[cold]
    #[inline(never)]
    #[cfg_attr(not(feature = "std"), allow(dead_code))]
    pub(crate) fn offset_position(mut self, line: usize, column: usize) -> Self {
        if self.inner.line != 0 {
            if self.inner.line == 1 {
                self.inner.column += column;
            }
            self.inner.line += line - 1;
        }
        self
    }

    /// Moves the column `n` bytes left (for errors found in a copy of the input that has `n`
    /// extra bytes before the copied text).
    #[cfg(feature = "serde")]
    #[cold]
    #[inline(never)]
    pub(crate) fn shifted_left(mut self, n: usize) -> Self {
        self.inner.column = self.inner.column.saturating_sub(n);
        self
    }

    /// The same error at another position.
    #[cfg(feature = "serde")]
    #[cold]
    #[inline(never)]
    pub(crate) fn at(mut self, line: usize, column: usize) -> Self {
        self.inner.line = line;
        self.inner.column = column;
        self
    }

    fn render_path(&mut self) {
        let inner = &mut *self.inner;
        inner.path.clear();
        for seg in inner.segments.iter().rev() {
            match seg {
                Segment::Field(name) => {
                    if !inner.path.is_empty() {
                        inner.path.push('.');
                    }
                    inner.path.push_str(name);
                }
                Segment::Index(i) => {
                    inner.path.push('[');
                    inner.path.push_str(itoa::Buffer::new().format(*i));
                    inner.path.push(']');
                }
            }
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.inner.message)?;
        if self.inner.line != 0 {
            write!(
                f,
                " at line {} column {}",
                self.inner.line, self.inner.column
            )?;
        }
        if !self.inner.path.is_empty() {
            write!(f, " (path: {})", self.inner.path)?;
        }
        Ok(())
    }
}

impl fmt::Debug for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Error({:?}, line: {}, column: {}, path: {:?})",
            self.inner.message, self.inner.line, self.inner.column, self.inner.path
        )
    }
}

#[cfg(feature = "std")]
impl std::error::Error for Error {
    /// The I/O error of an [`Category::Io`] error. (serde_json gives that `io::Error`'s own
    /// source instead, which is none for most I/O errors.)
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match &self.inner.io {
            Some(e) => Some(e),
            None => None,
        }
    }
}

/// As serde_json converts its errors: an I/O error gives back the original `io::Error`, an
/// early end of input becomes `UnexpectedEof`, and the rest `InvalidData`.
#[cfg(feature = "std")]
impl From<Error> for std::io::Error {
    fn from(err: Error) -> Self {
        let mut err = err;
        if let Some(io) = err.inner.io.take() {
            return io;
        }
        let kind = match err.inner.kind {
            Category::Eof => std::io::ErrorKind::UnexpectedEof,
            _ => std::io::ErrorKind::InvalidData,
        };
        std::io::Error::new(kind, err)
    }
}

/// Shorthand used throughout the runtime and by generated code.
pub type Result<T, E = Error> = core::result::Result<T, E>;
