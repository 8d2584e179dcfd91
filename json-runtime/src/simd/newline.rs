//! Finding the next `\n`, 8 bytes at a time (SWAR, no `unsafe`): the JSON Lines readers split
//! on it. Its scalar twin is `position`, which the test compares it with.

const LO: u64 = 0x0101_0101_0101_0101;
const HI: u64 = 0x8080_8080_8080_8080;

/// Index of the first `\n` in `bytes` at or after `i`.
#[inline]
pub(crate) fn find_newline(bytes: &[u8], mut i: usize) -> Option<usize> {
    while i + 16 <= bytes.len() {
        let a = load(bytes, i);
        let b = load(bytes, i + 8);
        let (ma, mb) = (newline_mask(a), newline_mask(b));
        if ma | mb != 0 {
            return Some(if ma != 0 {
                i + (ma.trailing_zeros() / 8) as usize
            } else {
                i + 8 + (mb.trailing_zeros() / 8) as usize
            });
        }
        i += 16;
    }
    bytes[i.min(bytes.len())..]
        .iter()
        .position(|&b| b == b'\n')
        .map(|p| i + p)
}

#[inline(always)]
fn load(bytes: &[u8], at: usize) -> u64 {
    let mut w = [0u8; 8];
    w.copy_from_slice(&bytes[at..at + 8]);
    u64::from_le_bytes(w)
}

/// High bit set in the lowest `\n` byte of `w` (little-endian); bits above it may be spurious.
#[inline(always)]
fn newline_mask(w: u64) -> u64 {
    let x = w ^ (LO * b'\n' as u64);
    x.wrapping_sub(LO) & !x & HI
}

#[cfg(test)]
mod tests {
    /// Every position of the newline, with bytes that look like it around (0x0a + 0x80, 0x8a,
    /// 0x0b), from every start.
    #[test]
    fn finds_the_first_newline() {
        for len in 0..40 {
            for at in 0..=len {
                let mut bytes: Vec<u8> =
                    (0..len).map(|i| [0x8a, 0x0b, b'x', 0x09][i % 4]).collect();
                if at < len {
                    bytes[at] = b'\n';
                    if at + 1 < len {
                        bytes[at + 1] = b'\n';
                    }
                }
                // Under Miri every fifth start suffices (the lengths cover the word edges).
                for from in (0..=len).step_by(if cfg!(miri) { 5 } else { 1 }) {
                    let want = bytes[from..]
                        .iter()
                        .position(|&b| b == b'\n')
                        .map(|p| from + p);
                    assert_eq!(super::find_newline(&bytes, from), want, "{len} {at} {from}");
                }
            }
        }
    }
}
