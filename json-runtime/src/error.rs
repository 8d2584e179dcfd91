//! The one error type of the runtime: a message, where the reader stopped (line, column) and
//! where in the document (path).

use alloc::{boxed::Box, string::String, string::ToString, vec::Vec};
use core::fmt;

/// An error from reading JSON, or from writing it with a `try_` function or `to_writer`.
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
    kind: ErrorKind,
    message: String,
    line: usize,
    column: usize,
    /// Path segments, innermost first (errors grow their path while they unwind).
    segments: Vec<Segment>,
    /// `segments` rendered outermost first, e.g. `statuses[3].user.id`.
    path: String,
}

enum Segment {
    Field(Box<str>),
    Index(usize),
}

/// What kind of failure an [`Error`] reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ErrorKind {
    /// The input is not well-formed JSON (including trailing characters).
    Syntax,
    /// The input ended in the middle of a value.
    Eof,
    /// Well-formed JSON that does not fit the target type.
    Data,
    /// An I/O error from `to_writer` or `from_reader`.
    Io,
    /// A value that has no JSON form and that serde_json refuses too (a `skip_serializing`
    /// enum variant, a `SystemTime` before the Unix epoch, a NaN or infinite float map key, an
    /// internally tagged newtype variant holding an `Option`):
    /// reported by [`crate::try_to_vec`] and the other `try_` functions.
    Unserializable,
}

impl Error {
    #[cold]
    pub(crate) fn new(kind: ErrorKind, message: String, line: usize, column: usize) -> Self {
        Error {
            inner: Box::new(ErrorImpl {
                kind,
                message,
                line,
                column,
                segments: Vec::new(),
                path: String::new(),
            }),
        }
    }

    /// An error with a message and no position, for hand-written `FromJson` impls that fail
    /// after a value was read. Prefer [`crate::Reader::error`], which records the position.
    #[cold]
    pub fn custom(message: impl fmt::Display) -> Self {
        Self::new(ErrorKind::Data, message.to_string(), 0, 0)
    }

    /// A value the writer cannot represent, recorded by [`crate::Writer::fail`].
    #[cold]
    pub(crate) fn unserializable(message: String) -> Self {
        Self::new(ErrorKind::Unserializable, message, 0, 0)
    }

    #[cold]
    #[cfg(feature = "std")]
    pub(crate) fn io(err: std::io::Error) -> Self {
        Self::new(ErrorKind::Io, err.to_string(), 0, 0)
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

    /// The kind of failure.
    pub fn kind(&self) -> ErrorKind {
        self.inner.kind
    }

    /// True if the input ended too early.
    pub fn is_eof(&self) -> bool {
        self.inner.kind == ErrorKind::Eof
    }

    /// Adds an enclosing object field to the path (called while the error unwinds).
    #[cold]
    pub fn in_field(mut self, name: &str) -> Self {
        self.inner.segments.push(Segment::Field(name.into()));
        self.render_path();
        self
    }

    /// Adds an enclosing array index to the path (called while the error unwinds).
    #[cold]
    pub fn in_index(mut self, index: usize) -> Self {
        self.inner.segments.push(Segment::Index(index));
        self.render_path();
        self
    }

    /// Sets the position if the error has none yet (for errors built by [`Error::custom`]).
    #[cold]
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
    pub(crate) fn shifted_left(mut self, n: usize) -> Self {
        self.inner.column = self.inner.column.saturating_sub(n);
        self
    }

    /// The same error at another position.
    #[cfg(feature = "serde")]
    #[cold]
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
impl std::error::Error for Error {}

#[cfg(feature = "std")]
impl From<Error> for std::io::Error {
    fn from(err: Error) -> Self {
        std::io::Error::new(std::io::ErrorKind::InvalidData, err)
    }
}

/// Shorthand used throughout the runtime and by generated code.
pub type Result<T, E = Error> = core::result::Result<T, E>;
