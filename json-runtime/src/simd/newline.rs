//! Newlines: finding the next one, where the JSON Lines readers split (SSE2 blocks on x86_64,
//! 8 bytes at a time with SWAR elsewhere; the tests compare both with `position`); counting
//! them, for the line numbers of error positions.

#[cfg(feature = "std")]
const LO: u64 = 0x0101_0101_0101_0101;
#[cfg(feature = "std")]
const HI: u64 = 0x8080_8080_8080_8080;

/// Index of the first `\n` in `bytes` at or after `i`. On x86_64 by 16-byte SSE2 blocks: about
/// 0.4 instructions per byte in callgrind on 50 KB lines, where the SWAR words took 1.1 (the
/// SWAR search was 3.1% of `lines_from_slice`'s instructions on those lines, 4.4% on 250-byte
/// lines, whose last bytes it took one at a time).
#[cfg(feature = "std")]
#[inline]
pub(crate) fn find_newline(bytes: &[u8], i: usize) -> Option<usize> {
    #[cfg(target_arch = "x86_64")]
    {
        super::sse2::find_byte(bytes, i, b'\n')
    }
    #[cfg(not(target_arch = "x86_64"))]
    find_newline_swar(bytes, i)
}

/// [`find_newline`] with 8-byte SWAR words: the path of other targets.
#[cfg(feature = "std")]
#[inline]
#[cfg_attr(target_arch = "x86_64", allow(dead_code))]
pub(crate) fn find_newline_swar(bytes: &[u8], mut i: usize) -> Option<usize> {
    while bytes.len().saturating_sub(i) >= 16 {
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

#[cfg(feature = "std")]
#[inline(always)]
fn load(bytes: &[u8], at: usize) -> u64 {
    let mut w = [0u8; 8];
    w.copy_from_slice(&bytes[at..at + 8]);
    u64::from_le_bytes(w)
}

/// High bit set in the lowest `\n` byte of `w` (little-endian); bits above it may be spurious.
#[cfg(feature = "std")]
#[inline(always)]
fn newline_mask(w: u64) -> u64 {
    let x = w ^ (LO * b'\n' as u64);
    x.wrapping_sub(LO) & !x & HI
}

/// How many `\n` bytes `bytes` holds: 64 bytes at a time into a byte counter, which LLVM
/// compiles to vector compares and subtractions (0.3 instructions per byte in callgrind, where
/// `iter().filter().count()` takes 5).
pub(crate) fn count_newlines(bytes: &[u8]) -> usize {
    let mut blocks = bytes.chunks_exact(64);
    let mut n = 0;
    for block in &mut blocks {
        let mut k = 0u8;
        for &b in block {
            k += u8::from(b == b'\n');
        }
        n += usize::from(k);
    }
    n + blocks.remainder().iter().filter(|&&b| b == b'\n').count()
}

/// The line (1-based) and column (bytes since the last `\n`) at the end of `bytes`: the
/// backward search for the last `\n` runs only when there is one.
pub(crate) fn line_and_column(bytes: &[u8]) -> (usize, usize) {
    let newlines = count_newlines(bytes);
    if newlines == 0 {
        return (1, bytes.len());
    }
    let last = bytes.iter().rposition(|&b| b == b'\n').unwrap_or(0);
    (1 + newlines, bytes.len() - 1 - last)
}

#[cfg(test)]
mod tests {
    /// The counts and positions agree with the plain byte loops on every length around the
    /// 64-byte blocks and every place of the newlines.
    #[test]
    fn counts_newlines_and_finds_the_column() {
        let step = if cfg!(miri) { 7 } else { 1 };
        for len in (0..200).step_by(step) {
            for at in (0..=len).step_by(step) {
                let mut bytes: Vec<u8> = (0..len)
                    .map(|i| [0x8a, b'a', 0x0b, b'\n'][i % 4 * usize::from(i % 3 == 0)])
                    .collect();
                if at < len {
                    bytes[at] = b'\n';
                }
                let want = bytes.iter().filter(|&&b| b == b'\n').count();
                assert_eq!(super::count_newlines(&bytes), want, "{len} {at}");
                let col =
                    bytes.len() - bytes.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
                assert_eq!(
                    super::line_and_column(&bytes),
                    (1 + want, col),
                    "{len} {at}"
                );
            }
        }
        // More than 255 newlines in a row: the byte counter is emptied every 64 bytes.
        let all = vec![b'\n'; 1000];
        assert_eq!(super::count_newlines(&all), 1000);
        assert_eq!(super::line_and_column(&all), (1001, 0));
    }

    #[cfg(feature = "std")]
    /// Every position of the newline, with bytes that look like it around (0x0a + 0x80, 0x8a,
    /// 0x0b), from every start, on both paths (SSE2 and SWAR on x86_64): lengths across the
    /// two-block steps, the single block and the last overlapping load.
    #[test]
    fn finds_the_first_newline() {
        for len in (0..80).filter(|&n| !cfg!(miri) || n < 40 || n % 7 == 0) {
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
                    let swar = super::find_newline_swar(&bytes, from);
                    assert_eq!(swar, want, "SWAR: {len} {at} {from}");
                }
                // Starts past the end find nothing (and overflow nothing).
                for from in [len + 1, usize::MAX - 8, usize::MAX] {
                    assert_eq!(super::find_newline(&bytes, from), None, "{len} {from}");
                    assert_eq!(super::find_newline_swar(&bytes, from), None, "{len} {from}");
                }
            }
        }
    }
}
