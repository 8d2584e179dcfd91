//! 64-byte blocks for the scans that follow strings and brackets without reading the values in
//! between: which bytes are quotes, backslashes and brackets ([`masks`]), and from those, which
//! bytes lie inside a string ([`Strings::inside`]), carried from one block to the next. A scan
//! then counts the brackets outside strings with a few bit operations per block instead of a
//! branch per byte.
//!
//! The validating skip (`reader/skim_walk.rs`) uses the same strings with [`Tokens`], the
//! classes its walk needs, computed per level in `skim::Scans::tokens`.
//!
//! Escapes follow the reader's rule: a `\` takes the next byte whatever it is, and after `\u`
//! the four bytes after the `u` as well (a `"` among them does not end the string: the reader
//! reports the escape). A `\` outside a string is no escape to the reader (it reports the byte):
//! [`InBlock::bad`] marks it, and the caller stops there (the stream scan takes that block byte
//! by byte, the skip walk takes only the tokens before it).

/// Bit `k` of each mask is set if byte `k` of the block is in the class. (Used by the stream
/// readers, which need `std`.)
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(not(feature = "std"), allow(dead_code))]
pub(crate) struct Masks {
    /// `"`.
    pub quote: u64,
    /// `\`.
    pub backslash: u64,
    /// `[` or `{`.
    pub open: u64,
    /// `]` or `}`.
    pub close: u64,
}

/// The masks of the 64 bytes at `at`: SSE2 on x86_64 (its baseline), byte by byte elsewhere.
///
/// # Panics
/// If `at + 64 > bytes.len()`.
#[inline(always)]
#[cfg_attr(not(feature = "std"), allow(dead_code))]
pub(crate) fn masks(bytes: &[u8], at: usize) -> Masks {
    assert!(at + 64 <= bytes.len());
    #[cfg(target_arch = "x86_64")]
    // SAFETY: the assert above: the 64 bytes at `at` are inside the slice.
    unsafe {
        super::sse2::masks(bytes, at)
    }
    #[cfg(not(target_arch = "x86_64"))]
    masks_bytes(bytes, at)
}

/// [`masks`] byte by byte: the path of other targets and the reference of the tests.
#[cfg_attr(
    any(all(target_arch = "x86_64", not(test)), not(feature = "std")),
    allow(dead_code)
)]
pub(crate) fn masks_bytes(bytes: &[u8], at: usize) -> Masks {
    let mut m = Masks::default();
    for (k, &b) in bytes[at..at + 64].iter().enumerate() {
        let bit = 1u64 << k;
        match b {
            b'"' => m.quote |= bit,
            b'\\' => m.backslash |= bit,
            b'[' | b'{' => m.open |= bit,
            b']' | b'}' => m.close |= bit,
            _ => {}
        }
    }
    m
}

/// The classes of a block that a validating skip walks (`reader/skim_walk.rs`): bit `k` of a
/// mask is set if byte `k` is in the class.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Tokens {
    /// `"`.
    pub quote: u64,
    /// `\`.
    pub backslash: u64,
    /// Below 0x20 (whitespace included).
    pub control: u64,
    /// Space, tab, line feed, carriage return.
    pub ws: u64,
    /// `{`, `}`, `[`, `]`, `:` or `,`.
    pub structural: u64,
}

/// [`Tokens`] of the 64 bytes at `at`, byte by byte (the scalar level, and the reference of the
/// tests).
#[cfg_attr(all(target_arch = "x86_64", not(test)), allow(dead_code))]
pub(crate) fn tokens_bytes(bytes: &[u8], at: usize) -> Tokens {
    let mut t = Tokens::default();
    for (k, &b) in bytes[at..at + 64].iter().enumerate() {
        let bit = 1u64 << k;
        match b {
            b'"' => t.quote |= bit,
            b'\\' => t.backslash |= bit,
            b' ' => t.ws |= bit,
            b'\t' | b'\n' | b'\r' => {
                t.ws |= bit;
                t.control |= bit;
            }
            0..=0x1f => t.control |= bit,
            b'{' | b'}' | b'[' | b']' | b':' | b',' => t.structural |= bit,
            _ => {}
        }
    }
    t
}

/// What one block of a string scan leaves to the next: whether its last byte was inside a
/// string (an opening quote or a string's content), and the bytes an escape still takes from
/// the next block.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Strings {
    pub in_string: bool,
    /// The last byte was a `\` that escapes the next one.
    pub escaped: bool,
    /// Hex digits of a `\u` escape still to come (0 to 4).
    pub hex_left: u8,
}

/// One block's strings, from [`Strings::inside`].
#[derive(Clone, Copy, Debug)]
pub(crate) struct InBlock {
    /// The bytes inside a string: each string's opening quote and content, not its closing
    /// quote.
    pub inside: u64,
    /// The quotes that open or close a string (not those an escape takes).
    pub quotes: u64,
    /// Where the scan cannot go on: a `\` outside strings, or (checked escapes) an escape the
    /// reader rejects. The masks are right below the lowest bit set here, not from it on.
    pub bad: u64,
}

impl Strings {
    /// The strings of the block at `at`, from its `quote` and `backslash` masks, and `self`
    /// updated for the next block (meaningless if `bad` is not 0). With `VALID`, escapes are
    /// checked as the reader checks them: a byte of `"\/bfnrtu` after `\`, four hex digits
    /// after `\u`.
    ///
    /// `bytes[at..at + 64]` is the block (checked in debug builds; a block with escapes
    /// panics if it is not inside `bytes`).
    #[inline(always)]
    pub(crate) fn inside<const VALID: bool>(
        &mut self,
        bytes: &[u8],
        at: usize,
        quote: u64,
        backslash: u64,
    ) -> InBlock {
        debug_assert!(at + 64 <= bytes.len());
        if backslash == 0 && self.hex_left == 0 && !self.escaped {
            // No escape in or into the block (most blocks): every quote opens or closes.
            let mut inside = prefix_xor(quote);
            if self.in_string {
                inside = !inside;
            }
            self.in_string = inside >> 63 != 0;
            return InBlock {
                inside,
                quotes: quote,
                bad: 0,
            };
        }
        let block = &bytes[at..at + 64];
        // Whether the escape whose letter is at `i` is one the reader accepts.
        let valid = |i: usize| match bytes[i] {
            b'"' | b'\\' | b'/' | b'b' | b'f' | b'n' | b'r' | b't' => true,
            b'u' => bytes
                .get(i + 1..i + 5)
                .is_some_and(|hex| hex.iter().all(u8::is_ascii_hexdigit)),
            _ => false,
        };
        let mut bad = 0;
        // The bytes an escape takes (the escaped byte, and a `\u`'s four hex digits), which are
        // neither quotes nor backslashes to the scan. Usually none: one loop step per `\`.
        let mut taken: u64 = (1u64 << self.hex_left) - 1;
        let mut next = Strings::default();
        if self.escaped {
            if VALID && !valid(at) {
                bad = 1;
            }
            taken |= if block[0] == b'u' { 0b11111 } else { 1 };
        }
        let mut backslashes = backslash & !taken;
        while backslashes != 0 {
            let k = backslashes.trailing_zeros();
            if k == 63 {
                next.escaped = true;
                break;
            }
            if VALID && !valid(at + k as usize + 1) {
                bad |= 1 << k;
                break;
            }
            // The escaped byte, and four more after a `u` (some perhaps in the next block).
            let escape: u128 = if block[k as usize + 1] == b'u' {
                0b11111
            } else {
                1
            };
            let escape = escape << (k + 1);
            taken |= escape as u64;
            next.hex_left = (escape >> 64).count_ones() as u8;
            backslashes &= !(taken | 1 << k);
        }
        let quotes = quote & !taken;
        let mut inside = prefix_xor(quotes);
        if self.in_string {
            inside = !inside;
        }
        bad |= backslash & !taken & !inside;
        next.in_string = inside >> 63 != 0;
        *self = next;
        InBlock {
            inside,
            quotes,
            bad,
        }
    }
}

/// Bit `k` of the result is the XOR of bits `0..=k` of `x`: with `x` the quotes, the bits from
/// each opening quote up to (not including) its closing one.
#[inline(always)]
fn prefix_xor(mut x: u64) -> u64 {
    x ^= x << 1;
    x ^= x << 2;
    x ^= x << 4;
    x ^= x << 8;
    x ^= x << 16;
    x ^= x << 32;
    x
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::String;
    use alloc::vec::Vec;

    /// 80 random bytes, a third of them drawn from `special` (the bytes the masks look for);
    /// the masks are compared at offsets 0, 7 and 16 of each.
    fn random_blocks(seed: u64, special: &'static [u8]) -> impl Iterator<Item = [u8; 80]> {
        let mut rng = crate::test_rng(seed);
        (0..crate::test_count(2_000)).map(move |_| {
            core::array::from_fn(|_| {
                let r = rng();
                if r.is_multiple_of(3) {
                    special[(r >> 8) as usize % special.len()]
                } else {
                    r as u8
                }
            })
        })
    }

    /// The SSE2 masks agree with the byte loop on every byte value at every position.
    #[test]
    fn masks_agree_with_bytes() {
        for block in random_blocks(0xB10C, b"\"\\[]{}zZ;=") {
            for at in [0, 7, 16] {
                assert_eq!(masks(&block, at), masks_bytes(&block, at));
            }
        }
    }

    /// Every level's token classes agree with the byte loop on every byte value.
    #[test]
    fn tokens_agree_with_bytes() {
        for block in random_blocks(0x70C, b"\"\\[]{}:, \t\n\r\x00\x1f\x7f\x80") {
            for at in [0, 7, 16] {
                for level in crate::simd::Level::runnable() {
                    assert_eq!(
                        crate::simd::skim::tokens_at(level, &block, at),
                        tokens_bytes(&block, at),
                        "{level:?}"
                    );
                }
            }
        }
    }

    /// The inside mask against a byte-by-byte walk of the same rule, over blocks in sequence
    /// (carries of strings, escapes and `\u` digits crossing a block's end).
    #[test]
    fn inside_agrees_with_a_byte_walk() {
        let mut rng = crate::test_rng(0x57_12);
        const PIECES: [&[u8]; 9] = [
            b"\"", b"\\", b"\\\\", b"\\\"", b"\\u\"ab", b"\\u0041", b"abc", b"[{}]", b"  ",
        ];
        // Random pieces (every other document without backslashes, whose blocks take the
        // short path, inside a string or not), and an escape that crosses a block's end at
        // each offset.
        const PLAIN: [usize; 4] = [0, 6, 7, 8];
        let mut docs: Vec<Vec<u8>> = (0..crate::test_count(3_000))
            .map(|i| {
                let mut doc = Vec::new();
                while doc.len() < 64 * 4 {
                    let piece = if i % 2 == 0 {
                        (rng() % 9) as usize
                    } else {
                        PLAIN[(rng() % 4) as usize]
                    };
                    doc.extend_from_slice(PIECES[piece]);
                }
                doc
            })
            .collect();
        for fill in 55..70 {
            for escape in [&b"\\u\"ab\"[]"[..], b"\\\"[]\"[]", b"\\\\\"[]"] {
                let mut doc = alloc::vec![b'"'];
                doc.resize(fill, b'x');
                doc.extend_from_slice(escape);
                doc.resize(128, b'[');
                docs.push(doc);
            }
        }
        for doc in docs {
            // The byte walk: inside, and whether it gives up (a `\` outside strings).
            let (mut in_string, mut escaped, mut hex) = (false, false, 0);
            let mut expected = Vec::new();
            let mut bad_block = None;
            for (i, &b) in doc.iter().enumerate() {
                if hex > 0 {
                    hex -= 1;
                } else if escaped {
                    escaped = false;
                    hex = if b == b'u' { 4 } else { 0 };
                } else if in_string {
                    match b {
                        b'"' => in_string = false,
                        b'\\' => escaped = true,
                        _ => {}
                    }
                } else if b == b'"' {
                    in_string = true;
                } else if b == b'\\' {
                    bad_block.get_or_insert(i / 64);
                }
                // Inside: the opening quote and content, not the closing quote.
                expected.push(in_string);
            }
            let mut s = Strings::default();
            for block in 0..doc.len() / 64 {
                let at = block * 64;
                let m = masks(&doc, at);
                let got = s.inside::<false>(&doc, at, m.quote, m.backslash);
                if bad_block == Some(block) {
                    assert_ne!(got.bad, 0, "{:?}", String::from_utf8_lossy(&doc));
                    break;
                }
                assert_eq!(got.bad, 0, "{:?}", String::from_utf8_lossy(&doc));
                let got = got.inside;
                for k in 0..64 {
                    assert_eq!(
                        got >> k & 1 != 0,
                        expected[at + k],
                        "byte {} of {:?}",
                        at + k,
                        String::from_utf8_lossy(&doc)
                    );
                }
            }
        }
    }
}
