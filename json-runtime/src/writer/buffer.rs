//! Buffer reuse, in one place: `JsonBuffer`, the reusable output buffer users hold, and the
//! per-thread `JsonBuffer` that the crate's own entry points borrow ([`with_thread_buffer`]:
//! `from_reader`'s input, web responses, `ext::bytes::write_buf`). The web integrations'
//! request bodies are read across `.await`s, where a thread's buffer cannot be held, so they
//! take theirs from a shared pool (`web/request.rs`).

use crate::writer::write_to;
use crate::{Compact, Pretty, Result, ToJson};
use alloc::vec::Vec;

/// A reusable output buffer. [`JsonBuffer::write`] clears it, serializes into it and returns
/// the bytes; once its capacity fits the largest value written, no call allocates.
///
/// ```
/// #[derive(json_runtime::FastJson)]
/// struct Point { x: i32, y: i32 }
///
/// let mut buf = json_runtime::JsonBuffer::with_capacity(64);
/// for i in 0..3 {
///     let bytes = buf.write(&Point { x: i, y: -i }).unwrap();
///     assert!(bytes.starts_with(b"{\"x\":"));
/// }
/// ```
#[derive(Default, Debug, Clone)]
pub struct JsonBuffer {
    bytes: Vec<u8>,
}

impl JsonBuffer {
    /// An empty buffer (allocates on first use).
    pub fn new() -> Self {
        JsonBuffer { bytes: Vec::new() }
    }

    /// An empty buffer with room for `capacity` bytes.
    pub fn with_capacity(capacity: usize) -> Self {
        JsonBuffer {
            bytes: Vec::with_capacity(capacity),
        }
    }

    /// Clears the buffer, writes `value` as compact JSON (like `serde_json::to_vec`) and
    /// returns the bytes.
    ///
    /// # Errors
    ///
    /// As [`crate::to_vec`]; the buffer's contents are then unspecified.
    ///
    /// ```
    /// use std::time::{Duration, UNIX_EPOCH};
    /// let mut buf = json_runtime::JsonBuffer::new();
    /// assert!(buf.write(&(UNIX_EPOCH - Duration::from_secs(1))).is_err());
    /// assert_eq!(buf.write(&UNIX_EPOCH).unwrap(), br#"{"secs_since_epoch":0,"nanos_since_epoch":0}"#);
    /// ```
    #[inline]
    pub fn write<T: ToJson + ?Sized>(&mut self, value: &T) -> Result<&[u8]> {
        self.bytes.clear();
        write_to::<Compact, T>(&mut self.bytes, value)?;
        Ok(&self.bytes)
    }

    /// Clears the buffer, writes `value` as pretty JSON (like `serde_json::to_vec_pretty`)
    /// and returns the bytes.
    ///
    /// # Errors
    ///
    /// As [`crate::to_vec`]; the buffer's contents are then unspecified.
    pub fn write_pretty<T: ToJson + ?Sized>(&mut self, value: &T) -> Result<&[u8]> {
        self.bytes.clear();
        write_to::<Pretty, T>(&mut self.bytes, value)?;
        Ok(&self.bytes)
    }

    /// The bytes, cleared, for this crate's entry points.
    #[cfg(feature = "std")]
    fn cleared(&mut self) -> &mut Vec<u8> {
        self.bytes.clear();
        &mut self.bytes
    }

    /// The bytes written by the last call.
    pub fn as_bytes(&self) -> &[u8] {
        &self.bytes
    }

    /// The current capacity in bytes.
    pub fn capacity(&self) -> usize {
        self.bytes.capacity()
    }

    /// Gives up the buffer's storage.
    pub fn into_vec(self) -> Vec<u8> {
        self.bytes
    }
}

/// The most capacity a thread's buffer keeps between calls: a one-off large document does not
/// pin its memory for the life of the thread.
#[cfg(feature = "std")]
pub(crate) const THREAD_BUFFER_MAX_CAPACITY: usize = 1 << 20;

#[cfg(feature = "std")]
std::thread_local! {
    static THREAD_BUFFER: core::cell::RefCell<JsonBuffer> =
        const { core::cell::RefCell::new(JsonBuffer { bytes: Vec::new() }) };
}

/// Runs `f` with this thread's reusable buffer, empty. A re-entrant call (an impl that calls
/// an entry point from inside one) gets a fresh buffer instead. Afterwards a buffer that grew
/// past [`THREAD_BUFFER_MAX_CAPACITY`] gives its memory back.
#[cfg(feature = "std")]
pub(crate) fn with_thread_buffer<R>(f: impl FnOnce(&mut Vec<u8>) -> R) -> R {
    THREAD_BUFFER.with(|cell| match cell.try_borrow_mut() {
        Ok(mut buf) => {
            let result = f(buf.cleared());
            if buf.capacity() > THREAD_BUFFER_MAX_CAPACITY {
                *buf = JsonBuffer::new();
            }
            result
        }
        Err(_) => f(&mut Vec::new()),
    })
}

#[cfg(all(test, feature = "std"))]
mod tests {
    use super::*;

    #[test]
    fn thread_buffer_is_reused_cleared_and_trimmed() {
        let first = with_thread_buffer(|b| {
            assert!(b.is_empty());
            b.extend_from_slice(&[1; 100]);
            b.as_ptr() as usize
        });
        let again = with_thread_buffer(|b| {
            assert!(b.is_empty());
            // Re-entered: a fresh, separate buffer.
            with_thread_buffer(|inner| assert_eq!(inner.capacity(), 0));
            b.as_ptr() as usize
        });
        assert_eq!(first, again);
        with_thread_buffer(|b| b.reserve(THREAD_BUFFER_MAX_CAPACITY + 1));
        with_thread_buffer(|b| assert_eq!(b.capacity(), 0));
    }
}
