//! Skipping a value without building anything (unknown fields), still checking its syntax.
//!
//! Two paths accept the same documents. The fast one, [`skim`], runs the whole value in one
//! loop over a local position and only answers "the value ends here" or "not this way"; it
//! gives up on anything unusual (any error, nesting past 63 levels or the depth limit). On the
//! vector levels an array or object is walked a 64-byte block at a time (`skim_walk.rs`: one
//! step per token, strings and whitespace found by masks: 1.45x serde_json's time on
//! twitter.json's skipped fields where the token loop below took 1.12x); otherwise a token
//! at a time with the vector scans of `crate::simd::skim` (strings 16 and 32 bytes at a
//! time, a number's end from one 32-byte digit mask, whitespace runs in blocks). The exact
//! path, [`Reader::skip`], then
//! starts over from the same position: it decides, and positions and words the error like
//! serde_json. An error is reported once per read, so the second pass costs nothing that
//! matters, and the fast loop needs no error positions, no depth bookkeeping in the reader and
//! no stack beyond one `u64`: skipping canada.json's coordinates went from 0.95x serde_json's
//! `IgnoredAny` to the figures in docs/performance.md.

use super::Reader;
use crate::error::{Error, Result};
use crate::simd::skim::Scans;
use alloc::vec::Vec;

impl<'de> Reader<'de> {
    /// Skips one complete value, validating it like serde_json does when it ignores a value.
    /// Nesting counts against the depth limit; iterative, so hostile nesting cannot overflow
    /// the stack.
    pub fn skip_value(&mut self) -> Result<()> {
        // A string without escapes, the most common unknown value: one inline scan instead of
        // the call into the skim (its end is the first `"`, `\` or control byte, and a `"`
        // there ends it as the exact path would). 12% fewer instructions on api_repos_skim.
        // A literal likewise (twitter.json's statuses skip a dozen `null`s and `false`s each):
        // the exact path takes the same bytes.
        let at = self.pos;
        let inline_len = match self.input.get(at) {
            Some(b'"') => {
                let end = crate::simd::find_special(self.input, at + 1);
                (self.input.get(end) == Some(&b'"')).then_some(end + 1 - at)
            }
            Some(b'n') => (self.input.get(at + 1..at + 4) == Some(b"ull")).then_some(4),
            Some(b't') => (self.input.get(at + 1..at + 4) == Some(b"rue")).then_some(4),
            Some(b'f') => (self.input.get(at + 1..at + 5) == Some(b"alse")).then_some(5),
            _ => None,
        };
        if let Some(len) = inline_len {
            self.pos = at + len;
            return Ok(());
        }
        match skim_detected(self.input, self.pos, self.depth_left) {
            Some(end) => {
                self.pos = end;
                Ok(())
            }
            None => self.skip(false),
        }
    }

    /// The skipping loop. `content`: validate as serde validates a value it buffers (strings
    /// and keys are text, numbers fit an `f64`); otherwise check the grammar only.
    pub(crate) fn skip(&mut self, content: bool) -> Result<()> {
        // The open containers (true: an object), as bits while the nesting fits in 64 levels
        // (no allocation), then in a `Vec`. The depth limit bounds both.
        let mut bits: u64 = 0;
        let mut depth: usize = 0;
        let mut deep: Vec<bool> = Vec::new();
        loop {
            // A value is expected here.
            let opened = match self.peek() {
                None => return Err(self.eof("a value")),
                Some(b'"') if content => {
                    self.read_str()?;
                    None
                }
                Some(b'"') => {
                    self.pos += 1;
                    self.skip_str()?;
                    None
                }
                Some(b'{') => {
                    self.begin_object()?;
                    let mut first = true;
                    if self.has_next_entry(&mut first)? {
                        self.skip_key_in(content)?;
                        Some(true)
                    } else {
                        None
                    }
                }
                Some(b'[') => {
                    self.begin_array()?;
                    let mut first = true;
                    self.next_element(&mut first)?.then_some(false)
                }
                Some(b't') => {
                    self.pos += 1;
                    self.expect_ident(b"rue")?;
                    None
                }
                Some(b'f') => {
                    self.pos += 1;
                    self.expect_ident(b"alse")?;
                    None
                }
                Some(b'n') => {
                    self.pos += 1;
                    self.expect_ident(b"ull")?;
                    None
                }
                Some(b'-' | b'0'..=b'9') if content => {
                    self.read_number()?;
                    None
                }
                Some(b'-' | b'0'..=b'9') => {
                    self.skip_number()?;
                    None
                }
                Some(_) => {
                    self.pos += 1;
                    return Err(self.syntax("expected value"));
                }
            };
            if let Some(is_object) = opened {
                if depth < 64 {
                    bits = (bits & !(1 << depth)) | ((is_object as u64) << depth);
                } else {
                    deep.push(is_object);
                }
                depth += 1;
                continue;
            }
            // A value is complete: close containers until one has another entry.
            loop {
                if depth == 0 {
                    return Ok(());
                }
                let top = depth - 1;
                let is_object = if top < 64 {
                    bits & (1 << top) != 0
                } else {
                    deep[top - 64]
                };
                let mut first = false;
                let at = self.pos;
                let more = if is_object {
                    self.has_next_entry(&mut first).and_then(|more| {
                        if more {
                            self.skip_key_in(content)?;
                        }
                        Ok(more)
                    })
                } else {
                    self.next_element(&mut first)
                };
                let more = match more {
                    Ok(more) => more,
                    Err(e) if content => return Err(e),
                    Err(e) => return Err(self.ignored_comma_error(at, is_object, e)),
                };
                if more {
                    break;
                }
                if top >= 64 {
                    deep.pop();
                }
                depth = top;
            }
        }
    }

    /// The error of a skipped container's next entry (read from `at`), in serde_json's words:
    /// where its `,` is followed by no entry, its `ignore_value` words them unlike its map and
    /// sequence readers (which the content path, [`Reader::has_next_entry`] and
    /// [`Reader::next_element`] follow): in an array, a `]` is `expected value`; in an object,
    /// anything but a key is `key must be a string`, and the end of the input is EOF in an
    /// object. Any other error is `e`. Decided here, once the entry failed, so that skipping
    /// pays nothing for it per entry.
    #[cold]
    #[inline(never)]
    fn ignored_comma_error(&mut self, at: usize, is_object: bool, e: Error) -> Error {
        let failed_at = core::mem::replace(&mut self.pos, at);
        if self.peek() != Some(b',') {
            self.pos = failed_at;
            return e;
        }
        let at = crate::simd::skip_whitespace(self.input, self.pos + 1);
        match (self.input.get(at), is_object) {
            (Some(b']'), false) => {
                self.pos = at + 1;
                self.syntax("expected value")
            }
            (None, true) => {
                self.pos = at;
                self.eof("an object")
            }
            (Some(&b), true) if b != b'"' => {
                self.pos = at + 1;
                self.syntax("key must be a string")
            }
            _ => {
                self.pos = failed_at;
                e
            }
        }
    }

    fn skip_key_in(&mut self, content: bool) -> Result<()> {
        if content {
            self.read_key().map(|_| ())
        } else {
            self.skip_key()
        }
    }

    /// Skips an object key and its colon. Like serde_json when it ignores a value, the key's
    /// escapes are checked but not its UTF-8 or surrogates (as for skipped string values).
    fn skip_key(&mut self) -> Result<()> {
        match self.peek() {
            Some(b'"') => {}
            Some(_) => {
                self.pos += 1;
                return Err(self.syntax("key must be a string"));
            }
            None => return Err(self.eof("an object")),
        }
        self.pos += 1;
        self.skip_str()?;
        self.eat_colon()
    }
}

/// [`skim`] with the scans of the best level this CPU has (detected once, see
/// `crate::simd::avx2::available`).
#[inline(never)]
fn skim_detected(input: &[u8], pos: usize, depth_left: u32) -> Option<usize> {
    #[cfg(target_arch = "x86_64")]
    {
        if crate::simd::avx2_available() {
            // SAFETY: `avx2_available` says the CPU has AVX2.
            unsafe { skim_avx2(input, pos, depth_left) }
        } else {
            // SAFETY: SSE2 is part of the x86_64 baseline.
            unsafe { skim::<crate::simd::skim::Sse2>(input, pos, depth_left) }
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    // SAFETY: the scalar scans need no CPU feature.
    unsafe {
        skim::<crate::simd::skim::Scalar>(input, pos, depth_left)
    }
}

/// [`skim`] compiled with AVX2, so that the 32-byte steps of `simd::skim::Avx2` are inlined.
///
/// # Safety
/// The CPU has AVX2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn skim_avx2(input: &[u8], pos: usize, depth_left: u32) -> Option<usize> {
    // SAFETY: this function's contract: the CPU has AVX2, the features of `Avx2`'s scans.
    unsafe { skim::<crate::simd::skim::Avx2>(input, pos, depth_left) }
}

/// [`skim`] on the path `level` (tests). Only call with a level of `Level::runnable`.
#[cfg(test)]
pub(crate) fn skim_at(
    level: crate::simd::Level,
    input: &[u8],
    pos: usize,
    depth_left: u32,
) -> Option<usize> {
    use crate::simd::Level;
    match level {
        // SAFETY: the scalar scans need no CPU feature.
        Level::Scalar => unsafe { skim::<crate::simd::skim::Scalar>(input, pos, depth_left) },
        // SAFETY: SSE2 is part of the x86_64 baseline.
        #[cfg(target_arch = "x86_64")]
        Level::Sse2 => unsafe { skim::<crate::simd::skim::Sse2>(input, pos, depth_left) },
        // SAFETY: `Level::runnable` lists `Avx2` only if the CPU has AVX2.
        #[cfg(target_arch = "x86_64")]
        Level::Avx2 => unsafe { skim_avx2(input, pos, depth_left) },
        #[cfg(not(target_arch = "x86_64"))]
        _ => unreachable!("{level:?} is x86_64 only"),
    }
}

/// The fast skip of the value at `input[pos]` (whitespace first): where it ends, or `None`
/// where [`Reader::skip`] must decide (see the module comment). It accepts only what that
/// path accepts; `depth_left` is the reader's depth budget (opening more fails there).
///
/// # Safety
/// The CPU has the features of `S`'s scans.
#[inline(always)]
unsafe fn skim<S: Scans>(input: &[u8], mut pos: usize, depth_left: u32) -> Option<usize> {
    // Open containers, bit k set if level k is an object; at most 63 here (deeper values
    // take the exact path), and never more than the depth budget.
    let max_depth = depth_left.min(63);
    let mut objects: u64 = 0;
    let mut depth: u32 = 0;
    // Calls, not closures, so that they are inlined (see `skim_key`).
    macro_rules! ws {
        ($pos:expr) => {
            // SAFETY: this function's contract.
            unsafe { skim_ws::<S>(input, $pos) }
        };
    }
    macro_rules! key {
        ($pos:expr) => {
            // SAFETY: this function's contract.
            unsafe { skim_key::<S>(input, $pos) }
        };
    }
    if S::WALK {
        let start = ws!(pos);
        if let Some(b'{' | b'[') = input.get(start) {
            // SAFETY: this function's contract.
            return unsafe { super::skim_walk::skim_container::<S>(input, start, max_depth) };
        }
    }
    // Number-array windows are tried at a value in an array from this position on (see
    // `number_windows`).
    let mut windows_from = 0;
    loop {
        // A value is expected at `pos`.
        pos = ws!(pos);
        let mut b = *input.get(pos)?;
        if S::WINDOWS
            && pos >= windows_from
            && depth > 0
            && objects & (1 << (depth - 1)) == 0
            && matches!(b, b'-' | b'0'..=b'9' | b'[')
        {
            let start = pos;
            // SAFETY: this function's contract.
            pos = unsafe { number_windows::<S>(input, pos, &mut depth, &mut objects, max_depth) }?;
            // Arrays laid out with spaces or newlines, or of short numbers between other values,
            // advance little a window: the token loop takes the next 512 bytes.
            if pos - start < 32 {
                windows_from = pos + 512;
            }
            pos = ws!(pos);
            b = *input.get(pos)?;
        }
        match b {
            // SAFETY: this function's contract.
            b'"' => pos = unsafe { skim_string::<S>(input, pos + 1) }?,
            // SAFETY: this function's contract.
            b'-' | b'0'..=b'9' => pos = unsafe { S::number_end(input, pos) }?,
            b'{' | b'[' => {
                if depth >= max_depth {
                    return None;
                }
                let is_object = b == b'{';
                let inner = ws!(pos + 1);
                if input.get(inner) == Some(&(b + 2)) {
                    // `{}` or `[]` (`}` and `]` are two above their openers).
                    pos = inner + 1;
                } else {
                    objects = (objects & !(1 << depth)) | ((is_object as u64) << depth);
                    depth += 1;
                    pos = if is_object { key!(inner)? } else { inner };
                    continue;
                }
            }
            b't' if input.get(pos..pos + 4) == Some(b"true") => pos += 4,
            b'f' if input.get(pos..pos + 5) == Some(b"false") => pos += 5,
            b'n' if input.get(pos..pos + 4) == Some(b"null") => pos += 4,
            _ => return None,
        }
        // A value is complete: close containers until one has another entry.
        loop {
            if depth == 0 {
                return Some(pos);
            }
            pos = ws!(pos);
            let is_object = objects & (1 << (depth - 1)) != 0;
            match (input.get(pos), is_object) {
                (Some(b','), false) => {
                    pos += 1;
                    break;
                }
                (Some(b','), true) => {
                    let at = ws!(pos + 1);
                    pos = key!(at)?;
                    break;
                }
                (Some(b']'), false) | (Some(b'}'), true) => {
                    pos += 1;
                    depth -= 1;
                }
                _ => return None,
            }
        }
    }
}

/// The position after the whitespace at `pos`: one compare when there is none.
///
/// # Safety
/// The CPU has the features of `S`'s scans.
#[inline(always)]
unsafe fn skim_ws<S: Scans>(input: &[u8], pos: usize) -> usize {
    match input.get(pos) {
        Some(&b) if b > b' ' => pos,
        // SAFETY: this function's contract.
        _ => unsafe { S::skip_ws(input, pos) },
    }
}

/// A key and its colon at `pos` (its `"` must be there): the position after the colon.
/// Functions marked `inline(always)` rather than closures: the closure was kept out of line
/// (a call per key, 23% of skipping twitter.json's statuses).
///
/// # Safety
/// The CPU has the features of `S`'s scans.
#[inline(always)]
unsafe fn skim_key<S: Scans>(input: &[u8], pos: usize) -> Option<usize> {
    if input.get(pos) != Some(&b'"') {
        return None;
    }
    // SAFETY: this function's contract.
    let end = unsafe { skim_string::<S>(input, pos + 1) }?;
    let colon = match input.get(end) {
        Some(b':') => end,
        // SAFETY: this function's contract.
        _ => unsafe { skim_ws::<S>(input, end) },
    };
    (input.get(colon) == Some(&b':')).then_some(colon + 1)
}

/// Runs of number arrays (canada.json's coordinates), 64 bytes at a time: `pos` is at a value
/// in an array (the innermost open container, level `depth - 1`). Each window's bytes up to
/// its last `,` are checked at once by `simd::skim::numbers_valid` and their brackets counted
/// into `depth` and `objects`; the window ends earlier before a byte of no number array
/// (whitespace, a quote, a brace), before a `[` past `max_depth`, and before a `]` that would
/// leave the arrays (closing the skipped value, or back into an object): the token loop goes on
/// from there. Returns the position after the last window's `,`, or `None` if a window is
/// malformed.
///
/// # Safety
/// The CPU has the features of `S`'s scans.
#[inline(always)]
pub(super) unsafe fn number_windows<S: Scans>(
    input: &[u8],
    mut pos: usize,
    depth: &mut u32,
    objects: &mut u64,
    max_depth: u32,
) -> Option<usize> {
    while input.len().checked_sub(64).is_some_and(|last| pos <= last) {
        // SAFETY: `pos + 64 <= input.len()` (the loop condition); this function's contract.
        let c = unsafe { S::classes(input, pos) };
        let any = c.any();
        // The bytes before the first one of no class, up to their last comma.
        let in_class = if any == !0 {
            !0
        } else {
            (1u64 << (!any).trailing_zeros()) - 1
        };
        let Some(mut cut) = last_comma(c.comma & in_class) else {
            break;
        };
        // The brackets before the cut: the depth after them and the lowest depth between.
        // Levels at or above `entry` were opened in this window (arrays); those below are the
        // caller's, arrays unless `objects` says so. A `[` past `max_depth` or a `]` that
        // leaves the arrays ends the window before it, at the comma before (rare: once per run
        // of arrays, so the brackets are counted again then).
        let entry = *depth;
        let (d, low) = loop {
            let (mut d, mut low) = (entry, entry);
            let mut brackets = (c.open | c.close) & (!0u64 >> (64 - cut));
            let mut stop = None;
            while brackets != 0 {
                let k = brackets.trailing_zeros();
                if c.open >> k & 1 != 0 {
                    d += 1;
                    if d > max_depth {
                        stop = Some(k);
                        break;
                    }
                } else {
                    d -= 1;
                    if d == 0 || (d - 1 < entry && *objects >> (d - 1) & 1 != 0) {
                        stop = Some(k);
                        break;
                    }
                    low = low.min(d);
                }
                brackets &= brackets - 1;
            }
            match stop {
                None => break (d, low),
                Some(k) => match last_comma(c.comma & ((1u64 << k) - 1)) {
                    Some(before) => cut = before,
                    None => return Some(pos),
                },
            }
        };
        if !crate::simd::skim::numbers_valid(&c, cut) {
            return None;
        }
        // Every level from the lowest reached up to the new depth was opened in the window.
        *objects &= !((!0u64 << low) & !(!0u64 << d));
        *depth = d;
        pos += cut as usize;
        #[cfg(test)]
        WINDOWS.with(|w| w.set(w.get() + 1));
    }
    Some(pos)
}

#[cfg(test)]
std::thread_local! {
    /// Windows taken by `number_windows` on this thread (tests: that they are reached).
    static WINDOWS: core::cell::Cell<usize> = const { core::cell::Cell::new(0) };
}

/// The length of the window up to and including the last comma of `commas`, if any.
#[inline(always)]
fn last_comma(commas: u64) -> Option<u32> {
    (commas != 0).then(|| 64 - commas.leading_zeros())
}

/// The end of the string whose opening quote is before `pos` (after its closing quote), with
/// escapes checked as [`Reader::skip_str`] checks them; `None` for a bad escape, a control
/// byte or the end of the input.
///
/// # Safety
/// The CPU has the features of `S`'s scans.
#[inline(always)]
unsafe fn skim_string<S: Scans>(input: &[u8], mut pos: usize) -> Option<usize> {
    loop {
        // SAFETY: this function's contract.
        let i = unsafe { S::string_special(input, pos) };
        match *input.get(i)? {
            b'"' => return Some(i + 1),
            b'\\' => match *input.get(i + 1)? {
                b'"' | b'\\' | b'/' | b'b' | b'f' | b'n' | b'r' | b't' => pos = i + 2,
                b'u' => {
                    let hex = input.get(i + 2..i + 6)?;
                    if !hex.iter().all(u8::is_ascii_hexdigit) {
                        return None;
                    }
                    pos = i + 6;
                }
                _ => return None,
            },
            _ => return None,
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::Reader;

    #[test]
    fn skips_nesting_past_the_inline_stack() {
        for depth in [1usize, 63, 64, 65, 100, 127] {
            let doc = format!(
                "{}{}{}",
                "[{\"k\":".repeat(depth / 2) + &"[".repeat(depth % 2),
                "1",
                "]".repeat(depth % 2) + &"}]".repeat(depth / 2)
            );
            for content in [false, true] {
                let mut r = Reader::new(doc.as_bytes());
                r.skip(content)
                    .unwrap_or_else(|e| panic!("depth {depth}: {e}"));
                assert_eq!(r.position(), doc.len());
            }
        }
        let too_deep = "[".repeat(128) + &"]".repeat(128);
        assert!(Reader::new(too_deep.as_bytes()).skip_value().is_err());
    }

    /// A random JSON value (`depth` levels at most): nested arrays and objects, strings with
    /// escapes, non-ASCII and long runs, numbers of every form, literals, whitespace runs.
    fn value(rng: &mut impl FnMut() -> u64, depth: u32, out: &mut alloc::vec::Vec<u8>) {
        let ws = |rng: &mut dyn FnMut() -> u64, out: &mut alloc::vec::Vec<u8>| {
            if rng().is_multiple_of(4) {
                for _ in 0..rng() % 40 {
                    out.push(b" \n\t\r"[(rng() % 4) as usize]);
                }
            }
        };
        let string = |rng: &mut dyn FnMut() -> u64, out: &mut alloc::vec::Vec<u8>| {
            out.push(b'"');
            for _ in 0..rng() % 6 {
                let piece: &[u8] = match rng() % 8 {
                    0 => b"\\n",
                    1 => b"\\u00e9\\uD83D",
                    2 => "\u{e9}\u{6771}".as_bytes(),
                    3 => b"\\\"\\\\\\/",
                    _ => b"abcdefghijklmnopqrstuvwxyz0123456789",
                };
                let n = (rng() as usize % piece.len()) + 1;
                out.extend_from_slice(
                    &piece[..n.max(if piece[0] == b'\\' { piece.len() } else { 1 })],
                );
            }
            out.push(b'"');
        };
        ws(rng, out);
        match rng() % if depth == 0 { 6 } else { 10 } {
            0 | 1 => string(rng, out),
            2 | 3 => {
                const NUMS: [&str; 10] = [
                    "0",
                    "-0",
                    "7",
                    "-12.5",
                    "0.000001",
                    "1e9",
                    "-2.5E-3",
                    "123456789012345678901234567890",
                    "3.14159265358979323846264338327950288",
                    "1E+400",
                ];
                out.extend_from_slice(NUMS[(rng() % 10) as usize].as_bytes());
            }
            4 => out.extend_from_slice([&b"true"[..], b"false", b"null"][(rng() % 3) as usize]),
            5 => {
                out.push(b'[');
                ws(rng, out);
                for i in 0..rng() % 5 {
                    if i > 0 {
                        out.push(b',');
                    }
                    value(rng, depth.saturating_sub(1), out);
                    ws(rng, out);
                }
                out.push(b']');
            }
            8 | 9 => {
                // A compact number array, flat or of pairs (the windows' input), long enough
                // for several windows.
                let pairs = rng().is_multiple_of(2);
                out.push(b'[');
                for i in 0..rng() % 30 {
                    if i > 0 {
                        out.push(b',');
                    }
                    if pairs {
                        out.push(b'[');
                    }
                    for k in 0..if pairs { 2 } else { 1 } {
                        if k > 0 {
                            out.push(b',');
                        }
                        const PARTS: [&str; 12] = [
                            "-",
                            "0",
                            "7",
                            "12",
                            "65",
                            "613616999999977",
                            ".",
                            ".5",
                            "e5",
                            "E-3",
                            "e+12",
                            "0",
                        ];
                        // Mostly well-formed: sign, integer, fraction, exponent.
                        if rng().is_multiple_of(3) {
                            out.push(b'-');
                        }
                        out.extend_from_slice(PARTS[1 + (rng() % 4) as usize].as_bytes());
                        if rng().is_multiple_of(2) {
                            out.push(b'.');
                            out.extend_from_slice(PARTS[2 + (rng() % 4) as usize].as_bytes());
                        }
                        if rng().is_multiple_of(8) {
                            out.extend_from_slice(PARTS[8 + (rng() % 3) as usize].as_bytes());
                        }
                        if rng().is_multiple_of(64) {
                            // An odd part anywhere.
                            out.extend_from_slice(PARTS[(rng() % 12) as usize].as_bytes());
                        }
                    }
                    if pairs {
                        out.push(b']');
                    }
                }
                out.push(b']');
            }
            _ => {
                out.push(b'{');
                ws(rng, out);
                for i in 0..rng() % 5 {
                    if i > 0 {
                        out.push(b',');
                    }
                    ws(rng, out);
                    string(rng, out);
                    ws(rng, out);
                    out.push(b':');
                    value(rng, depth - 1, out);
                    ws(rng, out);
                }
                out.push(b'}');
            }
        }
    }

    /// The fast skip at every level against the exact path, on random values and one-byte
    /// mutations of them (each byte a skip looks at, put anywhere), with and without text after
    /// the value (the vector loads near the end of the input) and with small depth limits: the
    /// fast path ends where the exact one does, and gives up exactly where the exact one fails.
    #[test]
    fn skim_agrees_with_the_exact_skip() {
        const BYTES: &[u8] = b"\"\\/{}[],:0123456789.eE+-tfnu \n\x00\x1f\x7f\xc3\xff";
        let mut rng = crate::test_rng(0x5_C1A_B1E);
        let mut reached = 0usize;
        let rounds = crate::test_count(30_000);
        for round in 0..rounds {
            let mut doc = alloc::vec::Vec::new();
            let levels = (rng() % 6) as u32;
            value(&mut rng, levels, &mut doc);
            match rng() % 4 {
                0 => {}
                1 if !doc.is_empty() => {
                    let at = rng() as usize % doc.len();
                    doc[at] = BYTES[(rng() % BYTES.len() as u64) as usize];
                }
                2 => {
                    let at = rng() as usize % (doc.len() + 1);
                    doc.insert(at, BYTES[(rng() % BYTES.len() as u64) as usize]);
                }
                _ => {
                    let cut = rng() as usize % (doc.len() + 1);
                    doc.truncate(cut);
                }
            }
            if round % 2 == 0 {
                doc.extend_from_slice(b",  1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]");
            }
            let depth = [127, 3, 2, 1, 0][round % 5];
            let opts = crate::ReadOptions::new().max_depth(depth);
            let mut r = Reader::with_options(&doc, &opts);
            let exact = r.skip(false).map(|()| r.position());
            for level in crate::simd::Level::runnable() {
                let fast = super::skim_at(level, &doc, 0, depth);
                assert_eq!(fast, exact.as_ref().ok().copied(), "{level:?} {doc:?}");
            }
            reached += exact.is_ok() as usize;
            // `skip_value` takes the fast path where it can and agrees with the exact one.
            let mut r = Reader::with_options(&doc, &opts);
            let via = r.skip_value().map(|()| r.position());
            match (&via, &exact) {
                (Ok(a), Ok(b)) => assert_eq!(a, b),
                (Err(a), Err(b)) => assert_eq!(a.to_string(), b.to_string()),
                _ => panic!("{doc:?}: {via:?} / {exact:?}"),
            }
        }
        assert!(
            reached > rounds / 4,
            "only {reached} of {rounds} documents were valid"
        );
    }

    /// Past 63 levels (or the depth limit) the fast path gives up and the exact one decides.
    #[test]
    fn skim_gives_up_on_deep_nesting() {
        for level in crate::simd::Level::runnable() {
            for depth in [62usize, 63, 64, 100] {
                let doc = "[".repeat(depth) + &"]".repeat(depth);
                let fast = super::skim_at(level, doc.as_bytes(), 0, 127);
                assert_eq!(
                    fast,
                    (depth <= 63).then_some(doc.len()),
                    "{level:?} {depth}"
                );
            }
            assert_eq!(super::skim_at(level, b"[[[]]]", 0, 2), None);
            assert_eq!(super::skim_at(level, b"[[[]]]", 0, 3), Some(6));
            // The outermost bracket counts against the limit too.
            for doc in [&b"[]"[..], b"{}"] {
                assert_eq!(super::skim_at(level, doc, 0, 0), None, "{level:?}");
                assert_eq!(super::skim_at(level, doc, 0, 1), Some(2), "{level:?}");
            }
            assert_eq!(super::skim_at(level, b"[1,[]]", 0, 1), None);
            assert_eq!(super::skim_at(level, b"{\"a\":{}}", 0, 1), None);
            assert_eq!(super::skim_at(level, b"{\"a\":{}}", 0, 2), Some(8));
        }
    }

    /// Literals and brackets at every position of a 64-byte block, and near the input's end
    /// (where the last block is padded): whole, the value ends where the exact skip ends it;
    /// cut anywhere, the fast skip gives up as the exact one fails.
    #[test]
    fn literals_at_every_block_offset() {
        for lit in ["true", "false", "null"] {
            for pad in 0..if cfg!(miri) { 3 } else { 131 } {
                let doc = " ".repeat(pad) + "[1," + lit + ",{\"k\":" + lit + "}]";
                let doc = doc.as_bytes();
                for cut in pad + 1..=doc.len() {
                    let mut r = Reader::new(&doc[..cut]);
                    let exact = r.skip(false).map(|()| r.position()).ok();
                    assert_eq!(exact.is_some(), cut == doc.len(), "{lit} {pad} {cut}");
                    for level in crate::simd::Level::runnable() {
                        let fast = super::skim_at(level, &doc[..cut], pad, 127);
                        assert_eq!(fast, exact, "{level:?} {lit} {pad} {cut}");
                    }
                }
            }
        }
    }

    /// A canada-like array of coordinate pairs inside an object: the vector levels take it in
    /// 64-byte windows (counted), the scalar one a token at a time; every one-byte change to
    /// the numbers and brackets is decided as the exact path decides.
    #[test]
    fn number_windows_are_reached_and_checked() {
        use crate::simd::Level;
        // Fewer pairs, positions and bytes under Miri, where each skip is slow.
        let n = if cfg!(miri) { 10 } else { 40 };
        let pairs: alloc::vec::Vec<alloc::string::String> = (0..n)
            .map(|i| alloc::format!("[-65.6136{i:02}9999977,43.42027{i}e-1]"))
            .collect();
        let doc = alloc::format!("{{\"coordinates\":[[{}]],\"t\":1}}", pairs.join(","));
        let doc = doc.as_bytes();
        let arrays = 16..doc.len() - 8;
        for level in Level::runnable() {
            let before = super::WINDOWS.with(|w| w.get());
            assert_eq!(
                super::skim_at(level, doc, 0, 127),
                Some(doc.len()),
                "{level:?}"
            );
            let windows = super::WINDOWS.with(|w| w.get()) - before;
            if level == Level::Scalar {
                assert_eq!(windows, 0);
            } else {
                assert!(windows >= n / 3, "{level:?}: {windows} windows");
            }
            let (step, bytes) = if cfg!(miri) {
                (53, &b"0.,]"[..])
            } else {
                (1, &b"0-.e+,[]x \""[..])
            };
            for at in arrays.clone().step_by(step) {
                for &b in bytes {
                    let mut bad = doc.to_vec();
                    bad[at] = b;
                    let mut r = Reader::new(&bad);
                    let exact = r.skip(false).map(|()| r.position()).ok();
                    assert_eq!(
                        super::skim_at(level, &bad, 0, 127),
                        exact,
                        "{level:?} at {at}"
                    );
                }
            }
        }
    }
}
