//! `JsonBuffer`: a reusable output buffer, so serializing in a loop allocates nothing.

use crate::entry::write_to;
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
