//! The read buffer of a stream: unread bytes at `start..end`, refilled (from an `io::Read`, or
//! by any reader through [`Buffer::space`] and [`Buffer::filled`]) after moving the unread
//! bytes to the front, grown while one value does not fit or while it is shorter than the
//! length its reader asked for ([`Buffer::grow_to`]).
//!
//! Unread bytes are moved only when the stream core needs more input, which it asks for only
//! when the unread bytes hold no whole line (value): each refill moves at most one unfinished
//! line, so the bytes moved stay under the stream's length (the tests count them).

#[allow(unused_imports)]
use std::prelude::rust_2021::*;

use std::io::{self, Read};

pub(crate) struct Buffer {
    /// Zero-initialised once; reads go into `bytes[end..]`.
    pub(crate) bytes: Vec<u8>,
    /// First unconsumed byte.
    pub(crate) start: usize,
    /// One past the last byte read.
    pub(crate) end: usize,
    /// The input returned 0 bytes: nothing more will come.
    pub(crate) eof: bool,
    /// Bytes asked for per read; also the starting size.
    chunk: usize,
    /// The buffer never grows past this (the value limit plus one chunk).
    max_len: usize,
    /// The length the buffer grows to at its next refill (at most `max_len`).
    grow_to: usize,
    /// Whether `line`/`column` are kept (JSON Lines counts its own lines).
    track_lines: bool,
    /// Stream offset of `bytes[0]`.
    pub(crate) offset: usize,
    /// Line (1-based) of `bytes[0]` in the stream, and how many bytes of that line came before.
    pub(crate) line: usize,
    pub(crate) column: usize,
    /// Bytes copied by refills (unread bytes moved to the front, and growth), and bytes looked
    /// at by the stream cores besides the one read of each value (newline searches, value-end
    /// scans, reads cut off by the end of the buffer, line counting): the tests bound both by
    /// the stream's length.
    #[cfg(test)]
    pub(crate) moved: usize,
    #[cfg(test)]
    pub(crate) scanned: usize,
}

impl Buffer {
    pub(crate) fn new(chunk: usize, max_value_len: usize, track_lines: bool) -> Self {
        Buffer {
            bytes: Vec::new(),
            start: 0,
            end: 0,
            eof: false,
            chunk,
            max_len: max_value_len.saturating_add(chunk),
            grow_to: 0,
            track_lines,
            offset: 0,
            line: 1,
            column: 0,
            #[cfg(test)]
            moved: 0,
            #[cfg(test)]
            scanned: 0,
        }
    }

    /// Records `n` bytes looked at by a stream core (tests only).
    #[inline(always)]
    pub(crate) fn count_scanned(&mut self, _n: usize) {
        #[cfg(test)]
        {
            self.scanned += _n;
        }
    }

    /// Asks for a buffer of at least `len` bytes (capped at the value limit plus one chunk),
    /// reached at the next refill.
    pub(crate) fn grow_to(&mut self, len: usize) {
        self.grow_to = len.min(self.max_len);
    }

    /// The bytes read so far and not yet dropped (index with `start`/`end`).
    #[inline]
    pub(crate) fn data(&self) -> &[u8] {
        &self.bytes[..self.end]
    }

    /// Unconsumed bytes.
    #[inline]
    pub(crate) fn pending(&self) -> usize {
        self.end - self.start
    }

    /// Makes room for one read and returns the free space to read into (never empty); `None`
    /// once the input has ended. Drops the consumed bytes (`start` becomes 0: callers keep
    /// their indices relative to `start`) and grows the buffer when one unfinished value fills
    /// it (or nothing is allocated yet), up to the limit, or when it is shorter than
    /// [`Buffer::grow_to`] asked. Calling it again before [`Buffer::filled`] changes nothing.
    pub(crate) fn space(&mut self) -> Option<&mut [u8]> {
        if self.eof {
            return None;
        }
        if self.start > 0 {
            self.drop_consumed();
        }
        let len = self.bytes.len();
        if self.end == len || len < self.grow_to {
            let want = (len * 2)
                .max(self.chunk)
                .max(self.grow_to)
                .min(self.max_len.max(self.end + 1));
            #[cfg(test)]
            {
                self.moved += len;
            }
            self.bytes.resize(want, 0);
        }
        Some(&mut self.bytes[self.end..])
    }

    /// Records that a read put `n` bytes at the front of [`Buffer::space`]; 0 is the end of the
    /// input (sets `eof`).
    pub(crate) fn filled(&mut self, n: usize) {
        if n == 0 {
            self.eof = true;
        } else {
            // A reader reporting more than it was given is a bug; never index past it (nor
            // overflow: `n` may be anything).
            self.end += n.min(self.bytes.len() - self.end);
        }
    }

    /// Makes room and reads once from `input` (the sync front end of [`Buffer::space`] and
    /// [`Buffer::filled`]). Returns the number of bytes read (0 at the end of the input).
    pub(crate) fn fill<R: Read>(&mut self, input: &mut R) -> io::Result<usize> {
        loop {
            let Some(space) = self.space() else {
                return Ok(0);
            };
            match input.read(space) {
                Ok(n) => {
                    self.filled(n);
                    return Ok(n);
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e),
            }
        }
    }

    /// Drops consumed bytes without reading (to forget a line that is being skipped).
    pub(crate) fn discard_all(&mut self) {
        self.start = self.end;
        self.drop_consumed();
    }

    fn drop_consumed(&mut self) {
        let gone = &self.bytes[..self.start];
        if self.track_lines {
            // Once per refill over the bytes read since the last one; 0.3 instructions per
            // byte (callgrind), where a byte loop took 5.
            let (lines, column) = crate::simd::newline::line_and_column(gone);
            if lines == 1 {
                self.column += column;
            } else {
                self.line += lines - 1;
                self.column = column;
            }
            #[cfg(test)]
            {
                self.scanned += self.start;
            }
        }
        #[cfg(test)]
        {
            self.moved += self.end - self.start;
        }
        self.offset += self.start;
        self.bytes.copy_within(self.start..self.end, 0);
        self.end -= self.start;
        self.start = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::Buffer;

    /// Refills keep unread bytes, count the lines of dropped ones and never pass the limit.
    #[test]
    fn refill_keeps_unread_bytes_and_positions() {
        let input = b"ab\ncd\nef".to_vec();
        let mut src = &input[..];
        let mut buf = Buffer::new(3, 4, true);
        assert_eq!(buf.fill(&mut src).unwrap(), 3);
        assert_eq!(buf.data(), b"ab\n");
        buf.start = 3;
        assert_eq!(buf.fill(&mut src).unwrap(), 3);
        assert_eq!(
            (buf.data(), buf.offset, buf.line, buf.column),
            (&b"cd\n"[..], 3, 2, 0)
        );
        buf.start = 1;
        buf.fill(&mut src).unwrap();
        assert_eq!((buf.data(), buf.line, buf.column), (&b"d\ne"[..], 2, 1));
        // Full of unread bytes: grows (to at most limit + chunk = 7).
        buf.fill(&mut src).unwrap();
        assert_eq!(buf.data(), b"d\nef");
        assert_eq!(buf.fill(&mut src).unwrap(), 0);
        assert!(buf.eof);
        assert!(buf.bytes.len() <= 7);
    }

    /// An `io::Read` whose counts are wrong (more than the buffer it was given, up to
    /// `usize::MAX`): each stream reader and the buffer stay in bounds and end cleanly.
    #[test]
    fn lying_read_counts_stay_in_bounds() {
        struct Liar(usize);
        impl std::io::Read for Liar {
            fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
                self.0 += 1;
                if self.0 > 6 {
                    return Ok(0);
                }
                let text = b"[1,\n";
                let n = text.len().min(buf.len());
                buf[..n].copy_from_slice(&text[..n]);
                Ok([usize::MAX, buf.len() + 1, usize::MAX / 2, n + 100][self.0 % 4])
            }
        }
        let mut buf = Buffer::new(4, 16, true);
        let mut liar = Liar(0);
        while buf.fill(&mut liar).unwrap() != 0 {
            assert!(buf.start <= buf.end && buf.end <= buf.bytes.len());
            buf.start = buf.end;
        }
        if cfg!(miri) {
            // The readers below scan up to their 16 MiB value limit of what the liar claims:
            // minutes under the interpreter. The buffer's own bounds are checked above.
            return;
        }
        let values = crate::stream::values_from_reader::<u64, _>(Liar(0));
        assert!(values.take(100).count() < 100);
        let lines = crate::stream::lines_from_reader::<u64, _>(Liar(0));
        assert!(lines.take(100).count() < 100);
        let array = crate::stream::array_from_reader::<u64, _>(Liar(0));
        assert!(array.take(100).count() < 100);
    }
}
