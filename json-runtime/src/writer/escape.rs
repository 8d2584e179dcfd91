//! JSON string escaping: unescaped runs are found by the vector scans and copied whole.

use crate::simd::append_to_special;
use crate::small::append_unchecked;
use alloc::vec::Vec;

/// 0: copy as is; b'u': `\u00XX`; otherwise the character after the backslash.
static ESCAPE: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut i = 0;
    while i < 0x20 {
        t[i] = b'u';
        i += 1;
    }
    t[0x08] = b'b';
    t[0x09] = b't';
    t[0x0a] = b'n';
    t[0x0c] = b'f';
    t[0x0d] = b'r';
    t[b'"' as usize] = b'"';
    t[b'\\' as usize] = b'\\';
    t
};

/// Appends the escape for `byte`, and reserves room for the `rest` bytes of the string after
/// it and the closing quote (the invariant of [`write_str`]).
#[cold]
#[inline(never)]
fn write_escape(out: &mut Vec<u8>, byte: u8, rest: usize) {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    out.reserve(6 + rest + 1);
    match ESCAPE[byte as usize] {
        b'u' => out.extend_from_slice(&[
            b'\\',
            b'u',
            b'0',
            b'0',
            HEX[(byte >> 4) as usize],
            HEX[(byte & 0xf) as usize],
        ]),
        c => out.extend_from_slice(&[b'\\', c]),
    }
}

/// Appends `s` as a quoted JSON string, escaped exactly like serde_json. Runs between escapes
/// are copied inline ([`append_to_special`]: on x86_64 whole 16-byte blocks of the first 32
/// bytes of a run as they are scanned, the rest with [`append_unchecked`]): a `memcpy` call
/// per string was most of the cost of short keys and values.
#[inline]
pub fn write_str(out: &mut Vec<u8>, s: &str) {
    let bytes = s.as_bytes();
    // Room for the quotes and the unescaped string; `write_escape` reserves again for each
    // escape and what follows it. So before each copy below, at least `bytes.len() - start + 1`
    // bytes are spare.
    out.reserve(bytes.len() + 2);
    // SAFETY: two spare bytes at least (reserved above).
    unsafe { append_unchecked(out, b"\"") };
    let mut start = 0;
    loop {
        // SAFETY: `bytes.len() - start + 1` spare bytes at least (see the reservation).
        let i = unsafe { append_to_special(out, bytes, start) };
        if i == bytes.len() {
            break;
        }
        write_escape(out, bytes[i], bytes.len() - i - 1);
        start = i + 1;
    }
    // SAFETY: one spare byte is left for the closing quote (see the reservation).
    unsafe { append_unchecked(out, b"\"") };
}

#[cfg(test)]
mod tests {
    use super::*;

    fn esc(s: &str) -> String {
        let mut v = Vec::new();
        write_str(&mut v, s);
        String::from_utf8(v).unwrap()
    }

    #[test]
    fn matches_serde_json_for_every_byte_position() {
        let specials = [
            '"', '\\', '\n', '\u{1}', '\u{1f}', '\u{7f}', 'é', '\u{8}', '\u{c}',
        ];
        for len in 0..20 {
            for pos in 0..len {
                for &c in &specials {
                    let mut s: String = "abcdefghijklmnopqrstuvwxyz"[..len].into();
                    s.replace_range(pos..pos + 1, &c.to_string());
                    assert_eq!(esc(&s), serde_json::to_string(&s).unwrap(), "{s:?}");
                }
            }
        }
    }

    /// Runs of nearly every length up to 80 (the inline copies' size classes and `memcpy`
    /// above 32; lengths that would split the `é` are skipped, and two in three under Miri)
    /// before, between and after escapes, appended to an empty buffer and to one with no spare
    /// capacity.
    #[test]
    fn long_runs_between_escapes() {
        let text =
            "abcdefghijklmnopqrstuvwxyzé0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ-_abcdefghijklmno";
        // Every third head length under Miri (interpreted).
        for a in (0..text.len()).filter(|a| !cfg!(miri) || a % 3 == 0) {
            for b in [0usize, 1, 15, 16, 17, 32, 33] {
                let Some(head) = text.get(..a) else { continue };
                let Some(tail) = text.get(..b) else { continue };
                for esc in ["", "\n", "\u{1}\"", "\\"] {
                    let s = format!("{head}{esc}{tail}{esc}");
                    for prefix in [0usize, 3] {
                        let mut v = vec![b'x'; prefix];
                        v.shrink_to_fit();
                        write_str(&mut v, &s);
                        let want = serde_json::to_string(&s).unwrap();
                        assert_eq!(&v[prefix..], want.as_bytes(), "{s:?}");
                    }
                }
            }
        }
    }

    /// A buffer with exactly the room the escaped string needs: `write_escape` then never
    /// grows it, so every block store after an escape runs against the exact end of the
    /// capacity (runs of every length up to 70 between `\u00XX` escapes).
    #[test]
    fn exact_capacity_after_escapes() {
        let text = "abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ-_abcdefgh";
        for a in (0..70).filter(|a| !cfg!(miri) || a % 3 == 1) {
            for b in [0usize, 15, 16, 17, 31, 32, 33, 48] {
                let s = format!("{}\u{1}{}\u{1f}", &text[..a], &text[..b]);
                let want = serde_json::to_string(&s).unwrap();
                for prefix in [0usize, 5] {
                    let mut v = Vec::with_capacity(prefix + want.len());
                    v.resize(prefix, b'x');
                    let cap = v.capacity();
                    write_str(&mut v, &s);
                    assert_eq!(&v[prefix..], want.as_bytes(), "{s:?}");
                    if cap == prefix + want.len() {
                        assert_eq!(v.capacity(), cap, "{s:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn all_code_points_below_0x100() {
        let s: String = (0u32..0x100).filter_map(char::from_u32).collect();
        assert_eq!(esc(&s), serde_json::to_string(&s).unwrap());
    }
}
