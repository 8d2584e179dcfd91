//! The elements of one top-level JSON array, read one at a time from an `io::Read`: memory is
//! bounded by the largest element plus the buffer, whatever the array's length.

#[allow(unused_imports)]
use std::prelude::rust_2021::*;

use super::source::Source;
use super::StreamOptions;
use crate::error::{ErrorKind, Result};
use crate::FromJson;
use std::io::Read;
use std::marker::PhantomData;

/// Iterates over the elements of the array `[ ... ]` that makes up the whole input.
///
/// An element's error has its index at the front of its path (`[2].price`) and its stream
/// line and column; after an error (or the end of the array) the iterator returns `None`.
/// Only whitespace may follow the closing `]`.
///
/// ```
/// #[derive(json_runtime::FastJson, Debug, PartialEq)]
/// struct Item { price: u32 }
///
/// let input = &b"[{\"price\":1},\n {\"price\":2},\n {\"price\":-3}]"[..];
/// let mut items = json_runtime::stream::array_from_reader::<Item, _>(input);
/// assert_eq!(items.next().unwrap().unwrap(), Item { price: 1 });
/// assert_eq!(items.next().unwrap().unwrap(), Item { price: 2 });
/// let err = items.next().unwrap().unwrap_err();
/// assert_eq!((err.path(), err.line(), err.column()), ("[2].price", 3, 12));
/// assert!(items.next().is_none());
/// ```
pub struct ArrayReader<R, T> {
    src: Source<R>,
    state: State,
    index: usize,
    _t: PhantomData<fn() -> T>,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum State {
    /// Before `[`.
    Start,
    /// After `[`: an element or `]`.
    First,
    /// After an element: `,` or `]`.
    Next,
    /// After `]`: only whitespace may follow.
    Closed,
    Done,
}

/// The elements of a top-level array in `reader`, with the default [`StreamOptions`].
pub fn array_from_reader<T: for<'de> FromJson<'de>, R: Read>(reader: R) -> ArrayReader<R, T> {
    array_from_reader_with(reader, &StreamOptions::new())
}

/// The elements of a top-level array in `reader`.
pub fn array_from_reader_with<T: for<'de> FromJson<'de>, R: Read>(
    reader: R,
    options: &StreamOptions,
) -> ArrayReader<R, T> {
    ArrayReader {
        src: Source::new(reader, options),
        state: State::Start,
        index: 0,
        _t: PhantomData,
    }
}

impl<R: Read, T: for<'de> FromJson<'de>> ArrayReader<R, T> {
    /// How many elements were read.
    pub fn elements_read(&self) -> usize {
        self.index
    }

    /// Stream offset of the next unread byte.
    pub fn byte_offset(&self) -> usize {
        self.src.offset()
    }

    /// The underlying reader (bytes already buffered are lost).
    pub fn into_inner(self) -> R {
        self.src.into_inner()
    }

    fn step(&mut self) -> Result<Option<T>> {
        loop {
            match self.state {
                State::Done => return Ok(None),
                State::Start => match self.src.peek()? {
                    Some(b'[') => {
                        self.src.buf.start += 1;
                        self.state = State::First;
                    }
                    Some(_) => {
                        let at = self.src.buf.start + 1;
                        return Err(self.src.error_at(at, ErrorKind::Syntax, "expected `[`"));
                    }
                    None => return Err(self.eof("a value")),
                },
                State::First | State::Next => {
                    let b = match self.src.peek()? {
                        Some(b) => b,
                        None => return Err(self.eof("a list")),
                    };
                    if b == b']' {
                        self.src.buf.start += 1;
                        self.state = State::Closed;
                        continue;
                    }
                    if self.state == State::Next {
                        if b != b',' {
                            let at = self.src.buf.start + 1;
                            let msg = "expected `,` or `]`";
                            return Err(self.src.error_at(at, ErrorKind::Syntax, msg));
                        }
                        self.src.buf.start += 1;
                        match self.src.peek()? {
                            Some(b']') => {
                                let at = self.src.buf.start + 1;
                                let msg = "trailing comma";
                                return Err(self.src.error_at(at, ErrorKind::Syntax, msg));
                            }
                            Some(_) => {}
                            None => return Err(self.eof("a value").in_index(self.index)),
                        }
                    }
                    let index = self.index;
                    let value = self.src.read_value::<T>().map_err(|e| e.in_index(index))?;
                    self.index += 1;
                    self.state = State::Next;
                    return Ok(Some(value));
                }
                State::Closed => match self.src.peek()? {
                    None => {
                        self.state = State::Done;
                        return Ok(None);
                    }
                    Some(_) => {
                        let at = self.src.buf.start + 1;
                        let msg = "trailing characters";
                        return Err(self.src.error_at(at, ErrorKind::Syntax, msg));
                    }
                },
            }
        }
    }

    #[cold]
    fn eof(&self, what: &str) -> crate::Error {
        self.src.error_at(self.src.buf.end, ErrorKind::Eof, what)
    }
}

impl<R: Read, T: for<'de> FromJson<'de>> Iterator for ArrayReader<R, T> {
    type Item = Result<T>;

    fn next(&mut self) -> Option<Result<T>> {
        match self.step() {
            Ok(Some(v)) => Some(Ok(v)),
            Ok(None) => None,
            Err(e) => {
                self.state = State::Done;
                Some(Err(e))
            }
        }
    }
}

impl<R: Read, T: for<'de> FromJson<'de>> std::iter::FusedIterator for ArrayReader<R, T> {}
