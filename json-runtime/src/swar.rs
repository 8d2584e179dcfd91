//! Eight-bytes-at-a-time scanning shared by the string writer and reader.

const LO: u64 = 0x0101_0101_0101_0101;
const HI: u64 = 0x8080_8080_8080_8080;

/// High bit set in the lowest byte of `w` (little-endian) that is `"`, `\` or below 0x20.
/// Bits above the first hit may be spurious, so callers use only the lowest one.
#[inline(always)]
pub(crate) fn special_mask(w: u64) -> u64 {
    let has_zero = |x: u64| x.wrapping_sub(LO) & !x;
    let quote = has_zero(w ^ (LO * b'"' as u64));
    let backslash = has_zero(w ^ (LO * b'\\' as u64));
    let control = w.wrapping_sub(LO * 0x20) & !w;
    (quote | backslash | control) & HI
}

/// Index of the first `"`, `\` or control byte in `bytes` at or after `i`, or `bytes.len()`.
#[inline(always)]
pub(crate) fn find_special(bytes: &[u8], mut i: usize) -> usize {
    while i + 8 <= bytes.len() {
        let mut chunk = [0u8; 8];
        chunk.copy_from_slice(&bytes[i..i + 8]);
        let mask = special_mask(u64::from_le_bytes(chunk));
        if mask != 0 {
            return i + (mask.trailing_zeros() / 8) as usize;
        }
        i += 8;
    }
    while i < bytes.len() {
        let b = bytes[i];
        if b == b'"' || b == b'\\' || b < 0x20 {
            return i;
        }
        i += 1;
    }
    i
}

#[cfg(test)]
mod tests {
    use super::find_special;

    #[test]
    fn finds_first_special_at_every_offset() {
        for len in 0..24 {
            for at in 0..=len {
                for special in [b'"', b'\\', 0u8, 0x1f] {
                    let mut v = vec![b'a'; len];
                    // bytes >= 0x80 and 0x7f are not special
                    if len > 0 {
                        v[0] = 0xc3;
                    }
                    if at < len {
                        v[at] = special;
                    }
                    let expect = if at < len { at } else { len };
                    assert_eq!(find_special(&v, 0), expect, "len {len} at {at}");
                }
            }
        }
    }
}
