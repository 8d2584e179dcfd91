//! Integers to ASCII decimal digits, for the writer's float formatting (writer/float.rs,
//! writer/shortest.rs): eight digits with SWAR ([`eight_ascii`], every target), sixteen with
//! SSE2 on x86_64 ([`sixteen_ascii`]) and its SWAR twin ([`sixteen_ascii_swar`], the path
//! elsewhere). The float algorithms stay in the writer.

/// Sixteen ASCII zeros.
#[cfg(any(test, not(target_arch = "x86_64")))]
const ZEROS: u128 = 0x3030_3030_3030_3030_3030_3030_3030_3030;

/// The eight decimal digits of `n < 10^8` (zero-padded) as ASCII in a little-endian `u64`:
/// the most significant digit is the lowest byte. SWAR: split into 4-digit, then 2-digit,
/// then 1-digit lanes with multiply-shift division.
#[inline(always)]
pub(crate) fn eight_ascii(n: u32) -> u64 {
    let x = (n / 10_000) as u64 | (((n % 10_000) as u64) << 32);
    let hundreds = ((x * 5243) >> 19) & 0x0000_007F_0000_007F; // lane / 100 (lanes < 10^4)
    let x = hundreds | ((x - hundreds * 100) << 16);
    let tens = ((x * 103) >> 10) & 0x000F_000F_000F_000F; // lane / 10 (lanes < 100)
    let x = tens | ((x - tens * 10) << 8);
    x | 0x3030_3030_3030_3030
}

/// The 16 decimal digits of `n < 10^16`, zero-padded, as ASCII (the most significant in the
/// lowest byte), and how many of them are trailing zeros (`n` must not be 0).
#[cfg(not(target_arch = "x86_64"))]
#[inline(always)]
pub(crate) fn sixteen_ascii(n: u64) -> (u128, u32) {
    sixteen_ascii_swar(n)
}

/// [`sixteen_ascii`] in plain Rust: two [`eight_ascii`] (SWAR); its scalar twin.
#[cfg(any(test, not(target_arch = "x86_64")))]
#[inline(always)]
pub(crate) fn sixteen_ascii_swar(n: u64) -> (u128, u32) {
    let high = eight_ascii((n / 100_000_000) as u32);
    let low = eight_ascii((n % 100_000_000) as u32);
    let ascii = high as u128 | (low as u128) << 64;
    // Trailing '0' bytes are the highest.
    (ascii, (ascii ^ ZEROS).leading_zeros() / 8)
}

/// The 16 decimal digits of `n < 10^16`, zero-padded, as ASCII (the most significant in the
/// lowest byte), and how many of them are trailing zeros (`n` must not be 0).
///
/// SSE2 (always present on x86-64), the same steps as the SWAR `eight_ascii` on both halves at
/// once: `n` in four groups below 10^4 (a scalar division by 10^8, then by 10^4 in 64-bit
/// lanes), one per 32-bit lane; each lane split into `v / 100` and `v % 100` (16 bits each,
/// `v / 100` = `mulhi(v, 5243) >> 3`, exact below 10^4), each of those into tens and ones
/// (8 bits each, `p / 10 = mulhi(p, 103 * 64)`, exact below 100). Every lane gets the same
/// operation: with different shifts per lane, LLVM turned the multiplies into a widening
/// emulation that cost more than the SWAR version. This halves the instructions of the SWAR
/// version on two halves.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
pub(crate) fn sixteen_ascii(n: u64) -> (u128, u32) {
    use core::arch::x86_64::*;
    let high = n / 100_000_000;
    let low = n % 100_000_000;
    // SAFETY: SSE2 is part of x86-64, so these intrinsics are available; they only compute
    // on values (no memory access). (Unsafe to call before Rust 1.87.)
    #[allow(unused_unsafe)]
    let (ascii, zeros) = unsafe {
        // The halves in 64-bit lanes, split by 10^4 (`v * 0xD1B71759 >> 45`, exact below
        // 2^32): four 32-bit lanes below 10^4, most significant first.
        let halves = _mm_set_epi64x(low as i64, high as i64);
        let q = _mm_srli_epi64(_mm_mul_epu32(halves, _mm_set1_epi64x(0xD1B7_1759)), 45);
        let r = _mm_sub_epi32(halves, _mm_mul_epu32(q, _mm_set1_epi64x(10_000)));
        let v = _mm_or_si128(q, _mm_slli_epi64(r, 32));
        let hundreds = _mm_srli_epi16(_mm_mulhi_epu16(v, _mm_set1_epi32(5243)), 3);
        let rest = _mm_sub_epi16(v, _mm_mullo_epi16(hundreds, _mm_set1_epi32(100)));
        let pairs = _mm_or_si128(hundreds, _mm_slli_epi32(rest, 16));
        let tens = _mm_mulhi_epu16(pairs, _mm_set1_epi16(103 * 64));
        let ones = _mm_sub_epi16(pairs, _mm_mullo_epi16(tens, _mm_set1_epi16(10)));
        let bytes = _mm_or_si128(tens, _mm_slli_epi16(ones, 8));
        let zeros = _mm_movemask_epi8(_mm_cmpeq_epi8(bytes, _mm_setzero_si128())) as u32;
        let ascii = _mm_or_si128(bytes, _mm_set1_epi8(b'0' as i8));
        (core::mem::transmute::<__m128i, u128>(ascii), zeros)
    };
    // Bit i of `zeros` is digit i == 0; the trailing zeros are its top bits.
    (ascii, (!zeros << 16).leading_zeros())
}

#[cfg(test)]
mod tests {
    #[test]
    fn eight_ascii_is_zero_padded_decimal() {
        for n in [
            0u32, 1, 9, 10, 99, 100, 1234, 9999, 10000, 12345678, 99999999, 10203040,
        ] {
            let bytes = super::eight_ascii(n).to_le_bytes();
            assert_eq!(std::str::from_utf8(&bytes).unwrap(), format!("{n:08}"));
        }
        let mut n = 7u32;
        for _ in 0..if cfg!(miri) { 100 } else { 100_000 } {
            n = n.wrapping_mul(1_103_515_245).wrapping_add(12345) % 100_000_000;
            let bytes = super::eight_ascii(n).to_le_bytes();
            assert_eq!(std::str::from_utf8(&bytes).unwrap(), format!("{n:08}"));
        }
    }

    #[test]
    fn sixteen_ascii_is_zero_padded_decimal() {
        // Every 4-digit group value in every group position (each lane divides on its own),
        // then random values.
        let check = |n: u64| {
            let text = format!("{n:016}");
            let expect = text.len() - text.trim_end_matches('0').len();
            for (ascii, trailing_zeros) in [super::sixteen_ascii(n), super::sixteen_ascii_swar(n)] {
                assert_eq!(&ascii.to_le_bytes(), text.as_bytes());
                assert_eq!(trailing_zeros as usize, expect, "{n}");
            }
        };
        let step = if cfg!(miri) { 997 } else { 1 };
        for v in (1..10_000u64).step_by(step) {
            check(v * 1_0001_0001_0001);
            for shift in [0, 4, 8, 12] {
                check(v * 10u64.pow(shift));
            }
        }
        let mut rng = crate::test_rng(0x5EED_1234_5678_9ABCu64);
        for _ in 0..crate::test_count(1_000_000) {
            check(rng() % 10_000_000_000_000_000 + 1);
        }
        check(9_999_999_999_999_999);
        check(1);
    }
}
