//! The elements of one top-level JSON array, read one at a time from an `io::Read` (or, through
//! the same sans-IO core, an `AsyncRead`): memory is bounded by the largest element plus the
//! buffer, whatever the array's length.

#[allow(unused_imports)]
use std::prelude::rust_2021::*;

use super::source::Source;
use super::step::{ready, Step};
use super::StreamOptions;
use crate::error::{Category, Error, Result};
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
    input: R,
    core: ArrayCore,
    _t: PhantomData<fn() -> T>,
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
        input: reader,
        core: ArrayCore::new(options),
        _t: PhantomData,
    }
}

impl<R: Read, T: for<'de> FromJson<'de>> ArrayReader<R, T> {
    /// How many elements were read.
    pub fn elements_read(&self) -> usize {
        self.core.index
    }

    /// Stream offset of the next unread byte.
    pub fn byte_offset(&self) -> usize {
        self.core.src.offset()
    }

    /// The underlying reader (bytes already buffered are lost).
    pub fn into_inner(self) -> R {
        self.input
    }
}

impl<R: Read, T: for<'de> FromJson<'de>> Iterator for ArrayReader<R, T> {
    type Item = Result<T>;

    fn next(&mut self) -> Option<Result<T>> {
        if let Some(item) = self.core.buffered_element() {
            return Some(item);
        }
        loop {
            match self.core.next() {
                Step::Ready(item) => return item,
                Step::NeedInput => {
                    if let Err(e) = self.core.src.fill_from(&mut self.input) {
                        return Some(self.core.fail(e));
                    }
                }
            }
        }
    }
}

impl<R: Read, T: for<'de> FromJson<'de>> std::iter::FusedIterator for ArrayReader<R, T> {}

#[derive(Clone, Copy, PartialEq, Eq)]
enum State {
    /// Before `[`.
    Start,
    /// After `[`: an element or `]`.
    First,
    /// After an element: `,` or `]`.
    Next,
    /// After `,`: an element.
    Comma,
    /// Reading the element at `index` (its first byte is buffered).
    Element,
    /// After `]`: only whitespace may follow.
    Closed,
    Done,
}

/// The sans-IO part of an array reader: the array's syntax around the elements, each element
/// read by [`Source`]. The sync [`ArrayReader`] and the async reader (feature `tokio`) fill its
/// buffer from their inputs.
pub(crate) struct ArrayCore {
    pub(crate) src: Source,
    state: State,
    pub(crate) index: usize,
}

impl ArrayCore {
    pub(crate) fn new(options: &StreamOptions) -> Self {
        ArrayCore {
            src: Source::new(options),
            state: State::Start,
            index: 0,
        }
    }

    /// The input failed: the error is the last item.
    #[cold]
    #[inline(never)]
    pub(crate) fn fail<T>(&mut self, err: Error) -> Result<T> {
        self.state = State::Done;
        Err(err)
    }

    /// The next item (`Ready(None)`: the array has ended), or `NeedInput`: fill the buffer once
    /// and call again. After an error, `Ready(None)`.
    pub(crate) fn next<T: for<'de> FromJson<'de>>(&mut self) -> Step<Option<Result<T>>> {
        match self.step() {
            Step::NeedInput => Step::NeedInput,
            Step::Ready(Ok(v)) => Step::Ready(v.map(Ok)),
            Step::Ready(Err(e)) => Step::Ready(Some(self.fail(e))),
        }
    }

    /// The common case, ahead of the state machine of [`ArrayCore::next`]: after an element, a
    /// `,` and the next element's first byte, and the element read whole from the buffered
    /// bytes. `None` if the input is laid out otherwise (whitespace, the end of the array) or
    /// the element may be cut off by the end of the buffer: then [`ArrayCore::next`] goes on
    /// from where this left off. Inlined into the readers' `next`: read through `read_value`
    /// (out of line, its `Step` handed back through memory), 50-byte records took 1.25x the
    /// time of `from_slice` on the same array, inlined 1.07x (`examples/streams_ab.rs`, short
    /// records, AMD EPYC), while its instructions per record fell only 5% (1191 to 1128,
    /// callgrind).
    ///
    /// An element that is read with success, whole, and no longer than one before it (nearly
    /// every one) is consumed and handed on as the read returned it; the rest of
    /// [`Source::read_whole`]'s decisions are out of line ([`ArrayCore::element_rest`]). With
    /// every element through those decisions, the value was copied once more on its way out
    /// (4 copies of its first 32 bytes through SSE registers after the read, now 3, in the
    /// compiled `next` for 50-byte records), and 50-byte records took 1.06-1.20x the time of
    /// `from_slice` on the same array in the default build, this way 1.03-1.06x
    /// (`benches/examples/streams_ab.rs`, AMD EPYC, 7 alternating runs; 1120 -> 1111
    /// instructions per record).
    #[inline(always)]
    pub(crate) fn buffered_element<T: for<'de> FromJson<'de>>(&mut self) -> Option<Result<T>> {
        if self.state != State::Next || !self.comma_then_value() {
            return None;
        }
        self.src.buf.start += 1;
        self.state = State::Element;
        if !self.src.may_read_whole() {
            return None;
        }
        let (result, end) = self.src.read_in::<T>(self.src.buf.end);
        if result.is_ok() && self.src.consume_plain(end) {
            self.state = State::Next;
            self.index += 1;
            return Some(result);
        }
        self.element_rest(result, end)
    }

    /// [`ArrayCore::buffered_element`] for an element that failed, may be cut off by the end
    /// of the buffer, or is longer than every one before it.
    #[cold]
    #[inline(never)]
    fn element_rest<T>(&mut self, result: Result<T>, end: usize) -> Option<Result<T>> {
        let value = self.src.decide(result, end)?;
        self.state = State::Next;
        Some(match value {
            Err(e) => {
                let e = e.in_index(self.index);
                self.fail(e)
            }
            ok => {
                self.index += 1;
                ok
            }
        })
    }

    fn step<T: for<'de> FromJson<'de>>(&mut self) -> Step<Result<Option<T>>> {
        loop {
            match self.state {
                State::Done => return Step::Ready(Ok(None)),
                State::Start => match ready!(self.src.peek()) {
                    Some(b'[') => {
                        self.src.buf.start += 1;
                        self.state = State::First;
                    }
                    Some(_) => return Step::Ready(Err(self.syntax("expected `[`"))),
                    None => return Step::Ready(Err(self.eof("a value"))),
                },
                State::Next if self.comma_then_value() => {
                    self.src.buf.start += 1;
                    self.state = State::Element;
                }
                State::First | State::Next => {
                    let b = match ready!(self.src.peek()) {
                        Some(b) => b,
                        None => return Step::Ready(Err(self.eof("a list"))),
                    };
                    if b == b']' {
                        self.src.buf.start += 1;
                        self.state = State::Closed;
                    } else if self.state == State::First {
                        self.state = State::Element;
                    } else if b == b',' {
                        self.src.buf.start += 1;
                        self.state = State::Comma;
                    } else {
                        return Step::Ready(Err(self.syntax("expected `,` or `]`")));
                    }
                }
                State::Comma => match ready!(self.src.peek()) {
                    Some(b']') => return Step::Ready(Err(self.syntax("trailing comma"))),
                    Some(_) => self.state = State::Element,
                    None => return Step::Ready(Err(self.eof("a value").in_index(self.index))),
                },
                State::Element => {
                    let index = self.index;
                    let value = ready!(self.src.read_value::<T>()).map_err(|e| e.in_index(index));
                    if value.is_ok() {
                        self.index += 1;
                    }
                    self.state = State::Next;
                    return Step::Ready(value.map(Some));
                }
                State::Closed => match ready!(self.src.peek()) {
                    None => {
                        self.state = State::Done;
                        return Step::Ready(Ok(None));
                    }
                    Some(_) => return Step::Ready(Err(self.syntax("trailing characters"))),
                },
            }
        }
    }

    /// Whether the next bytes are `,` and the first byte of a value (the common layout of
    /// an array): then the two whitespace skips of `Next` and `Comma` are not needed (39
    /// instructions per element in callgrind).
    #[inline]
    fn comma_then_value(&self) -> bool {
        let buf = &self.src.buf;
        match buf.data().get(buf.start..buf.start + 2) {
            Some(&[b',', b]) => !matches!(b, b' ' | b'\n' | b'\r' | b'\t' | b']'),
            _ => false,
        }
    }

    /// A syntax error at the next byte.
    #[cold]
    #[inline(never)]
    fn syntax(&self, message: &str) -> Error {
        let at = self.src.buf.start + 1;
        self.src.error_at(at, Category::Syntax, message)
    }

    #[cold]
    #[inline(never)]
    fn eof(&self, what: &str) -> Error {
        self.src.error_at(self.src.buf.end, Category::Eof, what)
    }
}

#[cfg(test)]
mod tests {
    use super::super::counted::{cases, records, Pieces};
    use super::*;

    /// Each byte is moved, scanned for a value's end or counted for line numbers a bounded
    /// number of times, whatever the element lengths and read sizes: bytes moved plus bytes
    /// scanned stay under 3 times the input (1.0 to 2.58 times on these cases: every byte is
    /// counted for line numbers once, and in small reads most elements are scanned for their
    /// end before they are read).
    #[test]
    fn bytes_moved_and_scanned_are_linear() {
        // Compact elements take the iterator's inlined read (`buffered_element`), spaced ones
        // the state machine.
        for ((n, items, buffer, small), sep) in cases()
            .into_iter()
            .flat_map(|case| [(case, ",\n"), (case, ",")])
        {
            let input = format!("[{}]", records(n, items, sep).trim_end_matches(sep));
            let opts = StreamOptions::new().buffer_size(buffer);
            let pieces = Pieces {
                data: input.as_bytes(),
                small,
                turn: 0,
            };
            let mut elements = array_from_reader_with::<crate::IgnoredAny, _>(pieces, &opts);
            assert_eq!(elements.by_ref().filter(|r| r.is_ok()).count(), n);
            let buf = &elements.core.src.buf;
            let work = buf.moved + buf.scanned;
            assert!(
                work <= 3 * input.len(),
                "{n} elements of {items} items, buffer {buffer}, small reads {small}: moved {} + scanned {} for {} bytes",
                buf.moved,
                buf.scanned,
                input.len()
            );
        }
    }

    /// An element that is complete in the buffer is returned without another read, even when
    /// it is shorter than one before it (an interactive stream, where the next bytes come only
    /// after this element is answered, must not wait for them).
    #[test]
    fn buffered_elements_need_no_further_read() {
        struct Once<'a>(Option<&'a [u8]>);
        impl Read for Once<'_> {
            fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
                let data = self
                    .0
                    .take()
                    .expect("read again with complete elements buffered");
                buf[..data.len()].copy_from_slice(data);
                Ok(data.len())
            }
        }
        let input = br#"[{"a":"a long first element, longer than the rest"},{"b":1},[2],"c","#;
        let mut elements = array_from_reader::<crate::IgnoredAny, _>(Once(Some(input)));
        for _ in 0..4 {
            assert!(matches!(elements.next(), Some(Ok(_))));
        }
    }
}
