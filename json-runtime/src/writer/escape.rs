//! JSON string escaping, eight bytes at a time: unescaped runs are copied whole.

use crate::swar::find_special;
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

#[cold]
fn write_escape(out: &mut Vec<u8>, byte: u8) {
    const HEX: &[u8; 16] = b"0123456789abcdef";
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

/// Appends `s` as a quoted JSON string, escaped exactly like serde_json.
#[inline]
pub fn write_str(out: &mut Vec<u8>, s: &str) {
    let bytes = s.as_bytes();
    out.reserve(bytes.len() + 2);
    out.push(b'"');
    let mut start = 0;
    loop {
        let i = find_special(bytes, start);
        out.extend_from_slice(&bytes[start..i]);
        if i == bytes.len() {
            break;
        }
        write_escape(out, bytes[i]);
        start = i + 1;
    }
    out.push(b'"');
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

    #[test]
    fn all_code_points_below_0x100() {
        let s: String = (0u32..0x100).filter_map(char::from_u32).collect();
        assert_eq!(esc(&s), serde_json::to_string(&s).unwrap());
    }
}
