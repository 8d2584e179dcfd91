//! The whitespace of pretty output: a comma (between entries), a newline and two spaces per open
//! array or object, copied from one table with a single capacity check and one fixed-size move.
//! A push per byte and an `extend_from_slice` per level were 42% of the instructions of writing
//! twitter.json pretty (callgrind, steady state).

use crate::small::append_unchecked;
use alloc::vec::Vec;

/// Levels whose indentation comes from [`INDENT`]; deeper ones take [`deep_indent`].
const TABLE_LEVELS: usize = 31;

/// The bytes moved per indentation: `,\n` and the spaces of [`TABLE_LEVELS`] levels.
const MOVE: usize = 2 + 2 * TABLE_LEVELS;

/// `,\n` then spaces, one byte longer than [`MOVE`] so that the move may start after the comma.
static INDENT: [u8; MOVE + 1] = {
    let mut t = [b' '; MOVE + 1];
    t[0] = b',';
    t[1] = b'\n';
    t
};

/// Appends `,` (unless `first`), a newline and the indentation of `level`.
///
/// # Safety
/// `out` has at least [`MOVE`] bytes of spare capacity, and `level <= TABLE_LEVELS`.
#[inline(always)]
unsafe fn indent_unchecked(out: &mut Vec<u8>, level: usize, first: bool) {
    debug_assert!(level <= TABLE_LEVELS && out.capacity() - out.len() >= MOVE);
    let skip = first as usize;
    let len = 2 - skip + 2 * level;
    // SAFETY: the read is `INDENT[skip..skip + MOVE]`, in bounds (`skip <= 1`); the write is
    // `MOVE` bytes of spare capacity after `out.len()` (the caller's guarantee). `set_len`
    // covers the first `len <= MOVE` of them (`level <= TABLE_LEVELS`), all just written.
    unsafe {
        let at = out.len();
        let src = INDENT.as_ptr().add(skip) as *const [u8; MOVE];
        let dst = out.as_mut_ptr().add(at) as *mut [u8; MOVE];
        dst.write_unaligned(src.read_unaligned());
        out.set_len(at + len);
    }
}

/// What [`indent_unchecked`] writes, for levels past [`TABLE_LEVELS`] (a loop; rare nesting).
#[cold]
#[inline(never)]
fn deep_indent(out: &mut Vec<u8>, level: usize, first: bool) {
    if !first {
        out.push(b',');
    }
    out.push(b'\n');
    for _ in 0..level {
        out.extend_from_slice(b"  ");
    }
}

/// Appends `,` (unless `first`), a newline and two spaces per level.
#[inline(never)]
pub(crate) fn newline_indent(out: &mut Vec<u8>, level: usize, first: bool) {
    if level > TABLE_LEVELS {
        return deep_indent(out, level, first);
    }
    out.reserve(MOVE);
    // SAFETY: `MOVE` spare bytes reserved, `level` checked above.
    unsafe { indent_unchecked(out, level, first) };
}

/// Appends a newline, the indentation of `level` and `close` (`}` or `]`): the end of a
/// non-empty container, with one capacity check (a `newline_indent` then a `push` made two).
#[inline(never)]
pub(crate) fn newline_indent_close(out: &mut Vec<u8>, level: usize, close: u8) {
    if level > TABLE_LEVELS {
        deep_indent(out, level, true);
        out.push(close);
        return;
    }
    out.reserve(MOVE + 1);
    // SAFETY: `MOVE + 1` spare bytes reserved, `level` checked above; the indentation takes at
    // most `MOVE` of them, which leaves one for `close`, written to spare capacity and then
    // covered by `set_len`.
    unsafe {
        indent_unchecked(out, level, true);
        let at = out.len();
        out.as_mut_ptr().add(at).write(close);
        out.set_len(at + 1);
    }
}

/// Appends an object key's line: what [`newline_indent`] writes, then `name` (the quoted,
/// escaped key) and `: `.
#[inline(never)]
pub(crate) fn indented_key(out: &mut Vec<u8>, level: usize, first: bool, name: &str) {
    if level > TABLE_LEVELS {
        deep_indent(out, level, first);
        out.extend_from_slice(name.as_bytes());
        out.extend_from_slice(b": ");
        return;
    }
    out.reserve(MOVE + name.len() + 2);
    // SAFETY: `MOVE` spare bytes for the indentation (`level` checked above), then
    // `name.len() + 2` left for the name and `: ` (the indentation takes at most `MOVE`).
    unsafe {
        indent_unchecked(out, level, first);
        append_unchecked(out, name.as_bytes());
        append_unchecked(out, b": ");
    }
}

#[cfg(test)]
mod tests {
    use super::{indented_key, newline_indent, newline_indent_close, MOVE, TABLE_LEVELS};
    use alloc::string::String;
    use alloc::vec::Vec;

    fn expected(prefix: &[u8], level: usize, first: bool, key: &str) -> Vec<u8> {
        let mut v = prefix.to_vec();
        if !first {
            v.push(b',');
        }
        v.push(b'\n');
        v.extend(core::iter::repeat_n(b' ', 2 * level));
        if !key.is_empty() {
            v.extend_from_slice(key.as_bytes());
            v.extend_from_slice(b": ");
        }
        v
    }

    /// Every level through the table and past it, first or not, after prefixes of several
    /// lengths in buffers with no spare capacity, with exactly the reserved room and with more:
    /// the bytes are the comma, newline and spaces (then a key, or a closing `}`), and nothing
    /// past them changes the length.
    #[test]
    fn every_level_is_indented_exactly() {
        let levels = (0..=TABLE_LEVELS + 3).filter(|l| !cfg!(miri) || l % 3 == 0 || *l >= 30);
        for level in levels {
            for first in [true, false] {
                for prefix_len in [0usize, 1, 5] {
                    for spare in [0usize, MOVE, MOVE + 1, MOVE + 40] {
                        for key in ["", "\"k\"", "\"a longer key, past 32 bytes long\"", "}"] {
                            let prefix: Vec<u8> = (b'a'..).take(prefix_len).collect();
                            let mut out = Vec::with_capacity(prefix_len + spare);
                            out.extend_from_slice(&prefix);
                            let mut want = expected(&prefix, level, first, "");
                            if key.is_empty() {
                                newline_indent(&mut out, level, first);
                            } else if key == "}" {
                                // The closing form: always as a first entry's line, then `}`.
                                if !first {
                                    continue;
                                }
                                newline_indent_close(&mut out, level, b'}');
                                want.push(b'}');
                            } else {
                                indented_key(&mut out, level, first, key);
                                want = expected(&prefix, level, first, key);
                            }
                            assert_eq!(
                                String::from_utf8_lossy(&out),
                                String::from_utf8_lossy(&want),
                                "level {level}, first {first}, key {key:?}"
                            );
                        }
                    }
                }
            }
        }
    }

    /// Nested arrays and objects past the table's depth, written pretty, equal serde_json's
    /// `to_vec_pretty` (first and later entries at every level, empty containers inside).
    #[cfg(feature = "serde_json")]
    #[test]
    fn deep_pretty_output_like_serde_json() {
        use serde_json::json;
        let mut v = json!([]);
        for depth in 0..40 {
            v = if depth % 2 == 0 {
                json!([1, v, {}, "x"])
            } else {
                json!({"a": [], "b": v, "c": null})
            };
            let ours = crate::to_vec_pretty(&v).unwrap();
            let theirs = serde_json::to_vec_pretty(&v).unwrap();
            assert_eq!(
                String::from_utf8(ours).unwrap(),
                String::from_utf8(theirs).unwrap()
            );
        }
    }
}
