//! The read buffer of a stream: unread bytes at `start..end`, refilled (from an `io::Read`, or
//! by any reader through [`Buffer::space`] and [`Buffer::filled`]) after moving the unread
//! bytes to the front, grown only while one value does not fit.

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
    /// Whether `line`/`column` are kept (JSON Lines counts its own lines).
    track_lines: bool,
    /// Stream offset of `bytes[0]`.
    pub(crate) offset: usize,
    /// Line (1-based) of `bytes[0]` in the stream, and how many bytes of that line came before.
    pub(crate) line: usize,
    pub(crate) column: usize,
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
            track_lines,
            offset: 0,
            line: 1,
            column: 0,
        }
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
    /// their indices relative to `start`) and, when one unfinished value fills the buffer (or
    /// nothing is allocated yet), grows it, up to the limit. Calling it again before
    /// [`Buffer::filled`] changes nothing.
    pub(crate) fn space(&mut self) -> Option<&mut [u8]> {
        if self.eof {
            return None;
        }
        if self.start > 0 {
            self.drop_consumed();
        }
        if self.end == self.bytes.len() {
            let want = (self.bytes.len() * 2)
                .max(self.chunk)
                .min(self.max_len.max(self.end + 1));
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
            // Vectorises well; runs once per refill over the bytes already read.
            let newlines = gone.iter().filter(|&&b| b == b'\n').count();
            if newlines == 0 {
                self.column += gone.len();
            } else {
                self.line += newlines;
                self.column = gone.len() - 1 - gone.iter().rposition(|&b| b == b'\n').unwrap_or(0);
            }
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
