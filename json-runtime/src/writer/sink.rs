//! The writer's flush hook: a [`Writer`](super::Writer) made with a sink hands its output over
//! once it reaches a threshold, checked at element boundaries of arrays and maps (one compare
//! per element; writers without a sink never reach the threshold `usize::MAX`), so writing a
//! huge collection to an `io::Write` holds about one chunk in memory.

use alloc::vec::Vec;
#[cfg(feature = "std")]
use std::io;

/// Where a streaming writer's output goes.
pub(crate) trait Sink {
    /// Takes the bytes in `out` and clears it.
    fn flush(&mut self, out: &mut Vec<u8>);
}

#[cfg(feature = "std")]
/// A sink writing to an `io::Write`; after the first error it keeps the error and drops
/// further output.
pub(crate) struct IoSink<'w, W: io::Write + ?Sized> {
    pub(crate) dst: &'w mut W,
    pub(crate) error: Option<io::Error>,
}

#[cfg(feature = "std")]
impl<'w, W: io::Write + ?Sized> IoSink<'w, W> {
    pub(crate) fn new(dst: &'w mut W) -> Self {
        IoSink { dst, error: None }
    }

    /// Writes what is left and returns the first error.
    pub(crate) fn finish(mut self, out: &mut Vec<u8>) -> io::Result<()> {
        self.flush(out);
        match self.error {
            Some(e) => Err(e),
            None => Ok(()),
        }
    }
}

#[cfg(feature = "std")]
impl<W: io::Write + ?Sized> Sink for IoSink<'_, W> {
    fn flush(&mut self, out: &mut Vec<u8>) {
        if self.error.is_none() && !out.is_empty() {
            if let Err(e) = self.dst.write_all(out) {
                self.error = Some(e);
            }
        }
        out.clear();
    }
}
