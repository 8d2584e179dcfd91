//! The sans-IO core of the JSON Lines writers: it owns the record buffer and the chunk size and
//! decides what goes to the output and when; [`super::LinesWriter`] (an `io::Write`) and the
//! async `LinesWriter` of [`super::tokio`] (an `AsyncWrite`) only move the bytes it offers.
//!
//! # Whole records, handed over once a chunk is buffered
//!
//! Each record is serialized whole into the buffer (compact JSON and its `\n`); once the buffer
//! holds at least `chunk` bytes the output has not taken, all of them are offered to the
//! output. So the output only ever receives whole lines, offered `chunk` to `chunk + record`
//! bytes at a time (an output may take fewer per call; the front ends call again).
//!
//! Why not flush inside a record, as [`crate::to_writer`] does through the writer's sink:
//! - The async front end cannot: [`ToJson::write_json`] is a synchronous push into a
//!   [`crate::Writer`], so the sink cannot await a socket. Flushing mid-record there would mean
//!   queueing the chunks until the record ends, which holds the whole record anyway. One
//!   behaviour for both front ends is whole records.
//! - A value with no JSON form may fail after part of it was flushed; the prefix cannot be taken
//!   back, so the output gets a cut line and the next record is glued to it (two lost lines).
//!   With whole records a bad value is cut from the buffer and nothing of it is ever written.
//! - The cost is memory for records larger than a chunk. The buffer holds less than a chunk of
//!   earlier lines plus the record being written, so at most `chunk + largest record` bytes
//!   (up to twice that in capacity, as a `Vec` grows by doubling), and it is reused, so once it
//!   has grown writing allocates nothing. With the default 64 KiB chunk and records of 1 KiB
//!   that is 65 KiB, what the chunked sync writer held; only a record above 64 KiB costs more,
//!   its own serialized size (a 10 MB record: 10 MB, next to the value it was made from, which
//!   the caller holds in memory at the same time).
//!
//! # I/O errors
//!
//! The front ends report the output's first error of a hand-over and stop there; the bytes the
//! output did not take stay buffered (as `std::io::BufWriter` keeps them) and are offered again
//! at the next hand-over (the next write that finds a chunk buffered, or a flush). So the output
//! is always a prefix of the stream of records written: an output that fails for good has every
//! byte before the failure and nothing after it, and one that takes bytes again later gets the
//! rest with no line cut or repeated. A record whose write returned an I/O error was taken: it
//! is in the output or the buffer. Only a value that cannot be serialized is dropped.

#[allow(unused_imports)]
use std::prelude::rust_2021::*;

/// How much output the streaming writers ([`crate::to_writer`], [`super::LinesWriter`]) collect
/// before handing it to the `io::Write`: 64 KiB.
pub const WRITE_CHUNK: usize = 64 << 10;
use crate::{Compact, Result, ToJson, Writer};

/// The buffer and the hand-over decisions of a JSON Lines writer.
pub(crate) struct LinesWriteCore {
    buf: Vec<u8>,
    /// `buf[..taken]` has reached the output (a hand-over cut short by an error, or by a
    /// cancelled future, goes on from there).
    taken: usize,
    chunk: usize,
}

impl LinesWriteCore {
    /// A core handing over once `chunk` bytes (at least 1) are buffered.
    pub(crate) fn new(chunk: usize) -> Self {
        LinesWriteCore {
            buf: Vec::with_capacity(chunk.min(WRITE_CHUNK) + 1024),
            taken: 0,
            chunk: chunk.max(1),
        }
    }

    /// Appends `value` as compact JSON and a `\n`. `Ok(true)`: a chunk is waiting (counting
    /// only bytes the output has not taken), hand [`LinesWriteCore::pending`] to it now.
    ///
    /// # Errors
    ///
    /// A value that cannot be written (as [`crate::to_vec`]): its partial record is cut from
    /// the buffer, which holds what it held before.
    pub(crate) fn record<T: ToJson + ?Sized>(&mut self, value: &T) -> Result<bool> {
        let before = self.buf.len();
        let mut w = Writer::<Compact>::new(&mut self.buf);
        value.write_json(&mut w);
        if let Err(e) = w.finish() {
            self.buf.truncate(before);
            return Err(e);
        }
        self.buf.push(b'\n');
        Ok(self.pending().len() >= self.chunk)
    }

    /// The bytes to hand over: everything buffered that the output has not taken.
    pub(crate) fn pending(&self) -> &[u8] {
        &self.buf[self.taken..]
    }

    /// The output took the first `n` bytes of [`LinesWriteCore::pending`].
    pub(crate) fn taken(&mut self, n: usize) {
        self.taken += n;
        debug_assert!(self.taken <= self.buf.len());
        if self.taken == self.buf.len() {
            self.buf.clear();
            self.taken = 0;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Hands everything over at once, as an output taking whole buffers would.
    fn hand_over(core: &mut LinesWriteCore, out: &mut Vec<u8>) {
        out.extend_from_slice(core.pending());
        let n = core.pending().len();
        core.taken(n);
    }

    #[test]
    fn hands_over_whole_lines_once_a_chunk_is_buffered() {
        let mut core = LinesWriteCore::new(10);
        let mut out = Vec::new();
        assert!(!core.record(&1234u32).unwrap()); // 5 bytes
        assert!(core.record(&5678u32).unwrap()); // 10 bytes: hand over
        hand_over(&mut core, &mut out);
        assert_eq!(out, b"1234\n5678\n");
        assert!(core.pending().is_empty());
        // A record larger than the chunk: handed over whole, right after it is written.
        assert!(core.record(&"x".repeat(30)).unwrap());
        assert_eq!(core.pending().len(), 33);
    }

    #[test]
    fn a_bad_value_leaves_the_buffer_as_it_was() {
        use std::time::{Duration, UNIX_EPOCH};
        let mut core = LinesWriteCore::new(4);
        assert!(!core.record(&1u8).unwrap());
        let bad = vec![Some(UNIX_EPOCH); 10]
            .into_iter()
            .chain([Some(UNIX_EPOCH - Duration::from_secs(1))])
            .collect::<Vec<_>>();
        assert!(core.record(&bad).unwrap_err().is_data());
        assert_eq!(core.pending(), b"1\n");
    }

    #[test]
    fn a_partial_hand_over_goes_on_where_it_stopped() {
        let mut core = LinesWriteCore::new(1);
        assert!(core.record(&[1, 2, 3]).unwrap());
        core.taken(3);
        assert_eq!(core.pending(), b"2,3]\n");
        // A record taken meanwhile joins the rest.
        assert!(core.record(&4u8).unwrap());
        assert_eq!(core.pending(), b"2,3]\n4\n");
        core.taken(7);
        assert!(core.pending().is_empty());
    }

    #[test]
    fn memory_is_a_chunk_plus_the_largest_record() {
        let chunk = 4096;
        let mut core = LinesWriteCore::new(chunk);
        let mut out = Vec::new();
        let small = "s".repeat(100);
        let large = "L".repeat(50_000);
        for i in 0..1000 {
            let value = if i % 100 == 99 { &large } else { &small };
            if core.record(value).unwrap() {
                hand_over(&mut core, &mut out);
            }
            assert!(core.buf.capacity() <= 2 * (chunk + large.len() + 3));
        }
        // Without large records the buffer keeps its first size.
        let mut core = LinesWriteCore::new(chunk);
        for _ in 0..1000 {
            if core.record(&small).unwrap() {
                hand_over(&mut core, &mut out);
            }
        }
        assert_eq!(core.buf.capacity(), chunk + 1024);
    }
}
