//! The fast skip of an array or object, a 64-byte block at a time: the path of
//! `skip::skim` for containers on the vector levels.
//!
//! Each block is classified at once (`Scans::tokens`: quotes, backslashes, control bytes,
//! whitespace, `{}[]:,`), its strings found with bit operations (`simd::blocks::Strings`,
//! which also checks every escape), and what remains is a walk over the block's tokens only:
//! the structural bytes outside strings, the opening quote of each string, the first byte of
//! each number or literal. A string costs one token whatever its length, whitespace costs
//! nothing, and a string's bytes are checked as a whole (no control byte inside). The walk
//! checks the grammar as it goes (one table step per token, `STEP`), each number and literal
//! with the token loop's scans, and answers like `skip::skim`: where the value ends, or `None`
//! where the exact path must decide (anything wrong or unusual in the value). A bad byte after
//! the value's end in its last block (a `\` outside strings, a bad escape, a control byte in a
//! string) does not matter: tokens are taken up to the first bad byte only.
//!
//! On twitter.json's skipped fields this takes 24% less time than the token loop although it
//! executes 1.3x its instructions (it classifies every byte, also inside long strings): 22% fewer
//! conditional branches and a fifth of the mispredicted indirect jumps (callgrind's simulator).
//!
//! Runs of number arrays (canada.json's coordinates) still go to `skip::number_windows`, tried
//! where an array's element starts, as the token loop tries them.

use crate::simd::blocks::Strings;
use crate::simd::skim::Scans;

/// The walk's states: what may come next, and in which kind of container. A state is held as
/// its field's offset in a [`STEP`] word (`8 * index`).
mod state {
    /// After `{`: a key or `}`.
    pub const KEY_OR_CLOSE: u8 = 0;
    /// After `,` in an object: a key.
    pub const KEY: u8 = 8;
    /// After a key: `:`.
    pub const COLON: u8 = 16;
    /// After `:`: a value.
    pub const OBJECT_VALUE: u8 = 24;
    /// After a value in an object: `,` or `}`.
    pub const OBJECT_NEXT: u8 = 32;
    /// After `[`: a value or `]`.
    pub const VALUE_OR_CLOSE: u8 = 40;
    /// After `,` in an array: a value.
    pub const ARRAY_VALUE: u8 = 48;
    /// After a value in an array: `,` or `]`.
    pub const ARRAY_NEXT: u8 = 56;
}

/// What a token does in a state (a field of [`STEP`]): below 64, the next state, nothing else
/// to do; `CHECK_SCALAR | s`, check the number or literal, then state `s`; `OPEN`, open the
/// container; `CLOSE`, close the innermost one; `BAD`, the grammar has no such token here.
const CHECK_SCALAR: u8 = 0x40;
const OPEN: u8 = 0x80;
const CLOSE: u8 = 0x81;
const BAD: u8 = 0xff;

/// The grammar: for each byte as a token's first byte, its action in each state, one byte per
/// state (`STEP[b] >> state & 0xff`). The states carry the innermost container's kind, so `,`
/// and the closing brackets need no look at the container stack.
///
/// The next state is a shift of a word loaded from the token's byte alone, so the walk's chain
/// from one token to the next is one shift, not a load whose address depends on the state (a
/// `[state][class]` table took 11-12% more time on the string-heavy skim rows).
static STEP: [u64; 256] = {
    use state::*;
    let mut t = [0; 256];
    let mut b = 0;
    while b < 256 {
        let byte = b as u8;
        let mut word = 0u64;
        let mut s = 0u8;
        while s < 64 {
            let in_object = s <= OBJECT_NEXT;
            let value = matches!(s, OBJECT_VALUE | VALUE_OR_CLOSE | ARRAY_VALUE);
            let after_value = if in_object { OBJECT_NEXT } else { ARRAY_NEXT };
            let action = match byte {
                b'"' if value => after_value,
                b'"' if matches!(s, KEY_OR_CLOSE | KEY) => COLON,
                b'-' | b'0'..=b'9' | b't' | b'f' | b'n' if value => CHECK_SCALAR | after_value,
                b'{' | b'[' if value => OPEN,
                b':' if s == COLON => OBJECT_VALUE,
                b',' if s == OBJECT_NEXT => KEY,
                b',' if s == ARRAY_NEXT => ARRAY_VALUE,
                b'}' if matches!(s, KEY_OR_CLOSE | OBJECT_NEXT) => CLOSE,
                b']' if matches!(s, VALUE_OR_CLOSE | ARRAY_NEXT) => CLOSE,
                _ => BAD,
            };
            word |= (action as u64) << s;
            s += 8;
        }
        t[b] = word;
        b += 1;
    }
    t
};

/// The end of the array or object whose opening bracket is at `input[start]`, or `None` where
/// the exact path must decide. `max_depth` as in `skip::skim` (at most 63).
///
/// # Safety
/// The CPU has the features of `S`'s scans.
#[inline(always)]
pub(super) unsafe fn skim_container<S: Scans>(
    input: &[u8],
    start: usize,
    max_depth: u32,
) -> Option<usize> {
    // The opening bracket, taken here: the blocks start after it.
    let is_object = match input.get(start) {
        Some(b'{') => true,
        Some(b'[') => false,
        _ => return None,
    };
    if max_depth == 0 {
        return None;
    }
    let mut at = start + 1;
    let mut strings = Strings::default();
    // Whether the last byte of the previous block belongs to a number or literal.
    let mut in_scalar = false;
    let mut state = if is_object {
        state::KEY_OR_CLOSE
    } else {
        state::VALUE_OR_CLOSE
    };
    // Open containers, bit k set if level k is an object.
    let mut depth: u32 = 1;
    let mut objects: u64 = is_object as u64;
    // Number-array windows are tried at an array's element from this position on.
    let mut windows_from = 0;
    // The last block, padded with spaces (which are no tokens).
    let mut padded = [b' '; 64];
    'blocks: loop {
        let (block, base) = if at + 64 <= input.len() {
            (input, at)
        } else {
            let rest = input.get(at..).filter(|r| !r.is_empty())?;
            padded[..rest.len()].copy_from_slice(rest);
            padded[rest.len()..].fill(b' ');
            (&padded[..], 0)
        };
        // SAFETY: `base + 64 <= block.len()` (both branches above); this function's contract.
        let t = unsafe { S::tokens(block, base) };
        let found = strings.inside::<true>(block, base, t.quote, t.backslash);
        let inside = found.inside;
        // Tokens from the first bad byte on are not taken (the value may end before it): a
        // control byte in a string, a bad escape, a `\` outside strings.
        let bad = found.bad | (t.control & inside);
        let before_bad = (bad & bad.wrapping_neg()).wrapping_sub(1);
        // Bytes outside strings that are no whitespace, structural byte or quote: numbers and
        // literals (or bytes no value has, which their check rejects).
        let scalar = !(t.ws | t.structural | t.quote | inside);
        let scalar_starts = scalar & !(scalar << 1 | in_scalar as u64);
        in_scalar = scalar >> 63 != 0;
        let mut tokens =
            ((t.structural & !inside) | (found.quotes & inside) | scalar_starts) & before_bad;
        let bytes = &block[base..base + 64];
        while tokens != 0 {
            let k = tokens.trailing_zeros() as usize;
            tokens &= tokens - 1;
            let b = bytes[k];
            let action = (STEP[b as usize] >> state) as u8;
            if action < CHECK_SCALAR {
                // A string, `:` or `,`: the common tokens, a table step each.
                state = action;
                continue;
            }
            let pos = at + k;
            let in_array = matches!(state, state::VALUE_OR_CLOSE | state::ARRAY_VALUE);
            if S::WINDOWS
                && in_array
                && pos >= windows_from
                && matches!(b, b'-' | b'0'..=b'9' | b'[')
            {
                // SAFETY: this function's contract.
                let end = unsafe {
                    super::skip::number_windows::<S>(
                        input,
                        pos,
                        &mut depth,
                        &mut objects,
                        max_depth,
                    )
                }?;
                if end > pos {
                    if end - pos < 32 {
                        windows_from = end + 512;
                    }
                    // After a window's last `,`: an element, in new blocks from there.
                    at = end;
                    strings = Strings::default();
                    in_scalar = false;
                    state = state::ARRAY_VALUE;
                    continue 'blocks;
                }
            }
            match action {
                CHECK_SCALAR..OPEN => {
                    let end = match b {
                        // Fixed lengths, so each compare is a load and a compare (a length
                        // chosen at run time calls `memcmp`).
                        b't' if input.get(pos + 1..pos + 4) == Some(b"rue") => pos + 4,
                        b'n' if input.get(pos + 1..pos + 4) == Some(b"ull") => pos + 4,
                        b'f' if input.get(pos + 1..pos + 5) == Some(b"alse") => pos + 5,
                        b't' | b'f' | b'n' => return None,
                        // SAFETY: this function's contract.
                        _ => unsafe { S::number_end(input, pos) }?,
                    };
                    // What may follow a value in a container, not more of a token.
                    if !matches!(
                        input.get(end),
                        Some(b' ' | b'\t' | b'\n' | b'\r' | b',' | b']' | b'}')
                    ) {
                        return None;
                    }
                    state = action & !CHECK_SCALAR;
                }
                OPEN => {
                    if depth >= max_depth {
                        return None;
                    }
                    let is_object = b == b'{';
                    objects = (objects & !(1 << depth)) | ((is_object as u64) << depth);
                    depth += 1;
                    state = if is_object {
                        state::KEY_OR_CLOSE
                    } else {
                        state::VALUE_OR_CLOSE
                    };
                }
                CLOSE => {
                    depth -= 1;
                    if depth == 0 {
                        return Some(pos + 1);
                    }
                    state = if objects >> (depth - 1) & 1 != 0 {
                        state::OBJECT_NEXT
                    } else {
                        state::ARRAY_NEXT
                    };
                }
                _ => return None,
            }
        }
        if bad != 0 {
            return None;
        }
        at += 64;
    }
}
