//! JSON Lines (NDJSON): one value per line, over an `io::Read` (owned values) or a slice
//! (values may borrow from it).
//!
//! Lines end at `\n`; a `\r` before it is whitespace, so `\r\n` works. Lines holding only
//! whitespace are skipped (still counted), and the last line needs no `\n`. Each line is read
//! by the slice reader on its own; a bad line is an error with the stream's line number, and
//! the next call goes on with the next line.

#[allow(unused_imports)]
use std::prelude::rust_2021::*;

use super::buffer::Buffer;
use super::step::Step;
use super::StreamOptions;
use crate::error::{Error, Result};
use crate::simd::newline::find_newline;
use crate::{FromJson, ReadOptions, Reader};
use std::io::Read;
use std::marker::PhantomData;

/// A line with nothing to read (empty, or spaces, tabs and `\r` only).
#[inline]
fn is_blank(line: &[u8]) -> bool {
    line.iter().all(|&b| matches!(b, b' ' | b'\t' | b'\r'))
}

/// Reads one line as a whole value and positions its error on stream line `line_no`. The
/// reader is lent, not moved in and out, and the result is handed on whole, not taken apart
/// and rebuilt: together, 250-byte log records through `lines_from_reader` took 6.69 -> 6.28
/// ms (`benches/examples/streams_ab.rs`, native build, AMD EPYC, 3 alternating runs). Always
/// inlined: once `parse` was inlined in three places of the buffered reader (`buffered_line`
/// and twice in `step`), LLVM kept this function out of line (a separate symbol in the
/// profile) and the value came back through memory.
#[inline(always)]
fn read_line<'de, T: FromJson<'de>>(r: &mut Reader<'de>, line_no: usize) -> Result<T> {
    match crate::entry::read_then_end(r) {
        Err(e) => Err(e.offset_position(line_no, 0)),
        ok => ok,
    }
}

#[cold]
#[inline(never)]
fn too_long(line_no: usize, max: usize) -> Error {
    let message = format!("line longer than {max} bytes (StreamOptions::max_value_len)");
    Error::new(crate::Category::Syntax, message, line_no, 1)
}

/// JSON Lines from an `io::Read`, one owned `T` per line.
///
/// ```
/// #[derive(json_runtime::FastJson, Debug, PartialEq)]
/// struct Event { id: u32, kind: String }
///
/// let input = &b"{\"id\":1,\"kind\":\"a\"}\r\n\n{\"id\":\"2\"}\n{\"id\":3,\"kind\":\"c\"}"[..];
/// let mut events = json_runtime::stream::lines_from_reader::<Event, _>(input);
/// assert_eq!(events.next().unwrap().unwrap(), Event { id: 1, kind: "a".into() });
/// let err = events.next().unwrap().unwrap_err(); // a bad line: counted, then skipped
/// assert_eq!((err.line(), err.path()), (3, "id"));
/// assert_eq!(events.next().unwrap().unwrap(), Event { id: 3, kind: "c".into() });
/// assert!(events.next().is_none());
/// ```
pub struct LinesReader<R, T> {
    input: R,
    core: LinesCore,
    _t: PhantomData<fn() -> T>,
}

/// JSON Lines from `reader`, with the default [`StreamOptions`].
pub fn lines_from_reader<T: for<'de> FromJson<'de>, R: Read>(reader: R) -> LinesReader<R, T> {
    lines_from_reader_with(reader, &StreamOptions::new())
}

/// JSON Lines from `reader`.
pub fn lines_from_reader_with<T: for<'de> FromJson<'de>, R: Read>(
    reader: R,
    options: &StreamOptions,
) -> LinesReader<R, T> {
    LinesReader {
        input: reader,
        core: LinesCore::new(options),
        _t: PhantomData,
    }
}

impl<R: Read, T: for<'de> FromJson<'de>> LinesReader<R, T> {
    /// Line number (1-based) of the last value or error returned.
    pub fn line(&self) -> usize {
        self.core.line
    }

    /// The underlying reader (bytes already buffered are lost).
    pub fn into_inner(self) -> R {
        self.input
    }
}

impl<R: Read, T: for<'de> FromJson<'de>> Iterator for LinesReader<R, T> {
    type Item = Result<T>;

    fn next(&mut self) -> Option<Result<T>> {
        if let Some(item) = self.core.buffered_line() {
            return Some(item);
        }
        loop {
            match self.core.step() {
                Step::Ready(item) => return item,
                Step::NeedInput => {
                    if let Err(e) = self.core.buf.fill(&mut self.input) {
                        return Some(self.core.fail(e));
                    }
                }
            }
        }
    }
}

impl<R: Read, T: for<'de> FromJson<'de>> std::iter::FusedIterator for LinesReader<R, T> {}

/// The sans-IO part of a JSON Lines reader: finds the next line in its buffer and reads it, or
/// asks for more input. The sync [`LinesReader`] and the async reader (feature `tokio`) fill
/// its buffer from their inputs.
pub(crate) struct LinesCore {
    pub(crate) buf: Buffer,
    opts: StreamOptions,
    scratch: Vec<u8>,
    /// Number of the next line to find (1-based).
    next_line: usize,
    /// Line of the last item returned.
    pub(crate) line: usize,
    /// Bytes after `buf.start` known to hold no `\n`.
    searched: usize,
    /// Dropping the rest of a line that was too long.
    skipping: bool,
    done: bool,
}

impl LinesCore {
    pub(crate) fn new(options: &StreamOptions) -> Self {
        LinesCore {
            buf: Buffer::new(options.buffer_size, options.max_value_len, false),
            opts: options.clone(),
            scratch: Vec::new(),
            next_line: 1,
            line: 0,
            searched: 0,
            skipping: false,
            done: false,
        }
    }

    /// The input failed: the error is the last item.
    #[cold]
    #[inline(never)]
    pub(crate) fn fail<T>(&mut self, err: std::io::Error) -> Result<T> {
        self.done = true;
        Err(Error::io(err))
    }

    /// Reads `buf[start..end]`, line `line_no`; `None` if it is blank. Inlined into the
    /// iterator's `next`, as the slice reader's line read is: out of line, handing the value
    /// back through one more `Option` took 50 instructions per line (callgrind, 50-byte lines).
    #[inline(always)]
    fn parse<T: for<'de> FromJson<'de>>(
        &mut self,
        start: usize,
        end: usize,
        line_no: usize,
    ) -> Option<Result<T>> {
        if is_blank(&self.buf.bytes[start..end]) {
            return None;
        }
        self.line = line_no;
        if end - start > self.opts.max_value_len {
            return Some(Err(too_long(line_no, self.opts.max_value_len)));
        }
        let mut r = Reader::from_part(&self.buf.bytes[..end], start, &self.opts.read);
        std::mem::swap(&mut r.scratch, &mut self.scratch);
        let result = read_line(&mut r, line_no);
        std::mem::swap(&mut r.scratch, &mut self.scratch);
        Some(result)
    }

    /// The common case, ahead of the state machine of [`LinesCore::step`]: a whole line is
    /// buffered; it is consumed and read, and its result handed on whole. `None` for
    /// everything else (no `\n` in the unread bytes, a blank line, a line being skipped, the
    /// end of the input): then [`LinesCore::step`] goes on from where this left off. Inlined
    /// into the readers' `next`: through `step` alone, whose `Step<Option<Result<T>>>` the
    /// reader took apart and rebuilt, 50-byte records took 1.13x the time of `lines_from_slice`
    /// on the same lines, this way 1.03-1.06x (`benches/examples/streams_ab.rs`, default build,
    /// AMD EPYC, 3 alternating runs; 1299 -> 1269 instructions per record, of which about 53
    /// are the copy out of the `io::Read`).
    #[inline(always)]
    pub(crate) fn buffered_line<T: for<'de> FromJson<'de>>(&mut self) -> Option<Result<T>> {
        if self.done | self.skipping {
            return None;
        }
        let (start, end, line_no) = self.take_line()?;
        self.parse(start, end, line_no)
    }

    /// Finds the next `\n` in the unread bytes (past those already searched) and consumes the
    /// line before it: `(start, end, line_no)`, `end` at the `\n`. `None` if there is none;
    /// the unread bytes are then marked searched, so that no byte is looked at twice.
    #[inline(always)]
    fn take_line(&mut self) -> Option<(usize, usize, usize)> {
        let from = self.buf.start + self.searched;
        let found = find_newline(self.buf.data(), from);
        self.buf
            .count_scanned(found.map_or(self.buf.end, |nl| nl + 1) - from);
        let Some(nl) = found else {
            self.searched = self.buf.pending();
            return None;
        };
        let start = self.buf.start;
        self.buf.start = nl + 1;
        self.searched = 0;
        let line_no = self.next_line;
        self.next_line += 1;
        Some((start, nl, line_no))
    }

    /// The next item (`Ready(None)`: the input has ended), or `NeedInput`: fill the buffer
    /// once and call again.
    pub(crate) fn step<T: for<'de> FromJson<'de>>(&mut self) -> Step<Option<Result<T>>> {
        loop {
            if self.done {
                return Step::Ready(None);
            }
            if let Some((start, end, line_no)) = self.take_line() {
                if self.skipping {
                    self.skipping = false;
                    continue;
                }
                match self.parse(start, end, line_no) {
                    Some(item) => return Step::Ready(Some(item)),
                    None => continue,
                }
            }
            if self.skipping {
                self.buf.discard_all();
                self.searched = 0;
            } else if self.buf.pending() > self.opts.max_value_len {
                // Too long, and no end in sight: report it now, drop it as it arrives.
                self.skipping = true;
                self.buf.discard_all();
                self.searched = 0;
                self.line = self.next_line;
                let err = too_long(self.next_line, self.opts.max_value_len);
                return Step::Ready(Some(Err(err)));
            }
            if self.buf.eof {
                self.done = true;
                if self.skipping || self.buf.pending() == 0 {
                    return Step::Ready(None);
                }
                let (start, end) = (self.buf.start, self.buf.end);
                self.buf.start = end;
                let line_no = self.next_line;
                self.next_line += 1;
                return Step::Ready(self.parse(start, end, line_no));
            }
            return Step::NeedInput;
        }
    }
}

/// JSON Lines in a slice or string; values may borrow from it.
///
/// ```
/// #[derive(json_runtime::FastJson, Debug, PartialEq)]
/// struct Hit<'a> { path: &'a str, ms: u32 }
///
/// let log = "{\"path\":\"/a\",\"ms\":3}\n{\"path\":\"/b\",\"ms\":5}\n";
/// let hits: Vec<Hit> = json_runtime::stream::lines_from_str(log).collect::<Result<_, _>>().unwrap();
/// assert_eq!(hits[1], Hit { path: "/b", ms: 5 });
/// ```
pub struct Lines<'de, T> {
    input: &'de [u8],
    pos: usize,
    is_str: bool,
    options: ReadOptions,
    scratch: Vec<u8>,
    next_line: usize,
    line: usize,
    _t: PhantomData<fn() -> T>,
}

/// JSON Lines in `input`.
pub fn lines_from_slice<'de, T: FromJson<'de>>(input: &'de [u8]) -> Lines<'de, T> {
    Lines::with_options(input, &ReadOptions::new())
}

/// JSON Lines in `input` (its strings need no UTF-8 check).
pub fn lines_from_str<'de, T: FromJson<'de>>(input: &'de str) -> Lines<'de, T> {
    let mut lines = Lines::with_options(input.as_bytes(), &ReadOptions::new());
    lines.is_str = true;
    lines
}

impl<'de, T: FromJson<'de>> Lines<'de, T> {
    /// Like [`lines_from_slice`], with options.
    pub fn with_options(input: &'de [u8], options: &ReadOptions) -> Self {
        Lines {
            input,
            pos: 0,
            is_str: false,
            options: options.clone(),
            scratch: Vec::new(),
            next_line: 1,
            line: 0,
            _t: PhantomData,
        }
    }

    /// Line number (1-based) of the last value or error returned.
    pub fn line(&self) -> usize {
        self.line
    }

    /// Byte offset of the next line.
    pub fn byte_offset(&self) -> usize {
        self.pos
    }
}

impl<'de, T: FromJson<'de>> Iterator for Lines<'de, T> {
    type Item = Result<T>;

    fn next(&mut self) -> Option<Result<T>> {
        loop {
            if self.pos >= self.input.len() {
                return None;
            }
            let (end, next) = match find_newline(self.input, self.pos) {
                Some(nl) => (nl, nl + 1),
                None => (self.input.len(), self.input.len()),
            };
            let input: &'de [u8] = self.input;
            let start = self.pos;
            self.pos = next;
            let line_no = self.next_line;
            self.next_line += 1;
            if is_blank(&input[start..end]) {
                continue;
            }
            self.line = line_no;
            let mut r = Reader::from_part(&input[..end], start, &self.options);
            r.input_is_utf8 = self.is_str;
            std::mem::swap(&mut r.scratch, &mut self.scratch);
            let result = read_line(&mut r, line_no);
            std::mem::swap(&mut r.scratch, &mut self.scratch);
            return Some(result);
        }
    }
}

impl<'de, T: FromJson<'de>> std::iter::FusedIterator for Lines<'de, T> {}

#[cfg(test)]
mod tests {
    use super::super::counted::{cases, records, Pieces};
    use super::*;

    /// Each byte is looked at for the newline once and moved at most about once, whatever the
    /// line lengths and read sizes: bytes moved plus bytes scanned stay under twice the input
    /// (1.0 to 1.64 times on these cases).
    #[test]
    fn bytes_moved_and_scanned_are_linear() {
        for (n, items, buffer, small) in cases() {
            let input = records(n, items, "\n");
            let opts = StreamOptions::new().buffer_size(buffer);
            let pieces = Pieces {
                data: input.as_bytes(),
                small,
                turn: 0,
            };
            let mut lines = lines_from_reader_with::<crate::IgnoredAny, _>(pieces, &opts);
            assert_eq!(lines.by_ref().filter(|r| r.is_ok()).count(), n);
            let buf = &lines.core.buf;
            let work = buf.moved + buf.scanned;
            assert!(
                work <= 2 * input.len(),
                "{n} lines of {items} items, buffer {buffer}, small reads {small}: moved {} + scanned {} for {} bytes",
                buf.moved,
                buf.scanned,
                input.len()
            );
        }
    }
}
