//! Every scan of `simd` at every level this CPU can run ([`Level::runnable`]: the scalar twin
//! always; SSE2 on x86_64; AVX2 if detected) on the same inputs, each level's answer compared
//! with the scalar one: every length 0..=80 (across the 8-, 16-, 32- and 64-byte block
//! boundaries), the special byte at every position, several start offsets, and random bytes
//! from `test_rng`. Under Miri fewer lengths and rounds.

use super::{digits, find_special_at, number, skim, skip_whitespace_at, utf8, Level};
use std::vec::Vec;

/// The lengths tried (fewer under Miri, where each scan is slow).
fn lengths() -> impl Iterator<Item = usize> {
    (0..=80usize).filter(|&n| !cfg!(miri) || n < 20 || (30..=34).contains(&n) || n >= 78)
}

/// Random rounds per length.
const ROUNDS: usize = if cfg!(miri) { 2 } else { 40 };

/// Random bytes: half from every value, half from the bytes the scans look for.
fn random_bytes(next: &mut impl FnMut() -> u64, len: usize) -> Vec<u8> {
    const PICK: &[u8] =
        b"aZ0123456789.-eE \n\t\r\"\\\x00\x1f\x20\x7f\x80\xbf\xc3\xe0\xed\xf0\xf4\xff";
    (0..len)
        .map(|_| {
            let r = next();
            if r & 1 == 0 {
                (r >> 8) as u8
            } else {
                PICK[(r >> 8) as usize % PICK.len()]
            }
        })
        .collect()
}

/// `f(level)` for every runnable level, each compared with the scalar answer.
fn agree<T: PartialEq + core::fmt::Debug>(what: &dyn core::fmt::Display, f: impl Fn(Level) -> T) {
    let levels = Level::runnable();
    let want = f(Level::Scalar);
    for &level in &levels[1..] {
        assert_eq!(f(level), want, "{what}: {level:?} against Scalar");
    }
}

/// Inputs for the byte scans: for each length, a filler with `special` at every position (and
/// nowhere), then random bytes.
fn inputs(filler: &[u8], specials: &[u8], seed: u64) -> Vec<Vec<u8>> {
    let mut v = Vec::new();
    let mut next = crate::test_rng(seed);
    for len in lengths() {
        for at in 0..=len {
            for &special in specials {
                let mut bytes: Vec<u8> = (0..len).map(|k| filler[k % filler.len()]).collect();
                if at < len {
                    bytes[at] = special;
                }
                v.push(bytes);
                if at == len {
                    break;
                }
            }
        }
        for _ in 0..ROUNDS {
            v.push(random_bytes(&mut next, len));
        }
    }
    v
}

/// Start offsets into `bytes` tried for each input.
fn starts(len: usize) -> impl Iterator<Item = usize> {
    let mut s = std::vec![0, 1, 7, 15, 16, 17, 31, 32, 33, len / 2, len];
    s.retain(|&i| i <= len);
    s.sort_unstable();
    s.dedup();
    s.into_iter()
}

#[test]
fn string_scans_agree() {
    // Specials, and bytes next to them that are not special; high bytes before them.
    let specials: &[u8] = if cfg!(miri) {
        b"\"\x1f\x80"
    } else {
        b"\"\\\x00\x1f\x20\x7f\x80\xc3\xff"
    };
    for filler in [&b"abcdefgh"[..], b"a\xc3\xa9b"] {
        for bytes in inputs(filler, specials, 0x6a09_e667_f3bc_c908) {
            for i in starts(bytes.len()) {
                let what = format_args!("{bytes:02x?} from {i}").to_string();
                agree(&what, |l| find_special_at::<true>(l, &bytes, i).0);
                agree(&what, |l| find_special_at::<false>(l, &bytes, i));
                // The high-byte flag: exact in the vector blocks; the SWAR words (the scalar
                // path, and every path's slices under 16 bytes) may also count the high bytes
                // after the special byte in its 8-byte word, which only costs a validation.
                let end = find_special_at::<true>(Level::Scalar, &bytes, i).0;
                let high_in = |to: usize| bytes[i..to.min(bytes.len())].iter().any(|&b| b >= 0x80);
                for level in Level::runnable() {
                    let high = find_special_at::<true>(level, &bytes, i).1;
                    assert!(high >= high_in(end), "{what}: {level:?} misses a high byte");
                    assert!(
                        high <= high_in(end + 8),
                        "{what}: {level:?} high without one"
                    );
                }
            }
        }
    }
}

#[test]
fn whitespace_skips_agree() {
    let specials: &[u8] = if cfg!(miri) {
        b"x\x0b"
    } else {
        b"x\x00\x0b\x0c\x1f\x21\x80\xa0"
    };
    for bytes in inputs(b" \n\t\r  ", specials, 0xbb67_ae85_84ca_a73b) {
        for i in starts(bytes.len()) {
            let what = format_args!("{bytes:02x?} from {i}").to_string();
            agree(&what, |l| skip_whitespace_at(l, &bytes, i));
        }
    }
}

#[test]
fn utf8_validations_agree() {
    // One odd byte at every position of valid text (an error or another character), with and
    // without room after the string for the vector loads.
    let specials: &[u8] = if cfg!(miri) {
        b"\x80\xc3"
    } else {
        b"\x80\xbf\xc0\xc3\xe0\xed\xf0\xf4\xf5\xff"
    };
    for filler in [&b"abcd"[..], "aé東😀".as_bytes()] {
        for text in inputs(filler, specials, 0x3c6e_f372_fe94_f82b) {
            for pad in [0usize, 40] {
                let mut input = std::vec![b'"'];
                input.extend_from_slice(&text);
                input.resize(input.len() + pad, b'"');
                let (start, end) = (1, 1 + text.len());
                let what = format_args!("{text:02x?} pad {pad}").to_string();
                agree(&what, |l| utf8::validate_at(l, &input, start, end));
            }
        }
    }
}

/// The number steps on the path `level` (SSE2 on x86_64 for both vector levels).
#[allow(clippy::type_complexity)]
fn number_steps(
    level: Level,
) -> (
    fn(&[u8]) -> u32,
    fn(&[u8]) -> (u32, u32),
    fn(&[u8], usize) -> Option<(u64, usize)>,
) {
    match level {
        Level::Scalar => (
            number::scalar::digit_mask16,
            number::scalar::window32,
            number::scalar::digit_run16,
        ),
        #[cfg(target_arch = "x86_64")]
        Level::Sse2 | Level::Avx2 => (
            number::sse2::digit_mask16,
            number::sse2::window32,
            number::sse2::digit_run16,
        ),
        #[cfg(not(target_arch = "x86_64"))]
        _ => unreachable!(),
    }
}

#[test]
fn number_steps_agree() {
    // Digit runs with a stop byte at every position.
    let specials: &[u8] = if cfg!(miri) { b".e" } else { b"./:e,-\x00\xb0" };
    for bytes in inputs(b"9081726354", specials, 0xa54f_f53a_5f1d_36f1) {
        let what = format_args!("{bytes:02x?}").to_string();
        for at in 0..bytes.len() {
            agree(&what, |l| (number_steps(l).2)(&bytes, at));
            if at + 16 <= bytes.len() {
                agree(&what, |l| (number_steps(l).0)(&bytes[at..]));
            }
            if at + 32 <= bytes.len() {
                agree(&what, |l| (number_steps(l).1)(&bytes[at..]));
            }
        }
    }
}

#[test]
fn sixteen_digits_agree() {
    let sixteen = |level: Level, n: u64| match level {
        Level::Scalar => digits::sixteen_ascii_swar(n),
        _ => digits::sixteen_ascii(n),
    };
    let mut next = crate::test_rng(0x510e_527f_ade6_82d1);
    // Every digit count, each digit position nonzero, and random values.
    for count in 1..=16u32 {
        let top = 10u64.pow(count - 1);
        for n in [top, 2 * top - 1, 10 * top - 1, 10 * top / 9 * 7] {
            agree(&n, |l| sixteen(l, n));
        }
        for _ in 0..ROUNDS * 10 {
            let n = next() % (10 * top - top) + top;
            agree(&n, |l| sixteen(l, n));
        }
    }
}

#[test]
fn skim_scans_agree() {
    // Number text with a stop byte at every position; the classes of every window.
    let specials: &[u8] = if cfg!(miri) {
        b".e,"
    } else {
        b".eE+-,[]0 \"x\x80"
    };
    for filler in [&b"-65.613616999999977,43.42e+5],[1"[..], b"0123456789"] {
        for bytes in inputs(filler, specials, 0x1f83_d9ab_fb41_bd6b) {
            let what = format_args!("{bytes:02x?}").to_string();
            for at in starts(bytes.len()) {
                agree(&what, |l| skim::number_end_at(l, &bytes, at));
                agree(&what, |l| skim::classes_at(l, &bytes, at));
            }
        }
    }
}
