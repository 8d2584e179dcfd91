//! Finding where a value ends without reading it: a resumable scan over bytes that arrive in
//! pieces (brackets counted, strings and escapes skipped, nothing validated). The stream
//! readers use it only when a value did not fit in the buffer, then read the value once with
//! the slice reader, so a value split over many small reads is never re-read from its start.

#[allow(unused_imports)]
use std::prelude::rust_2021::*;

use crate::simd::blocks::Strings;

/// The state of a scan between refills.
#[derive(Default)]
pub(crate) struct ValueEnd {
    depth: usize,
    /// Inside a string, after a `\`, and the bytes of a `\u` escape still to skip (the reader
    /// takes the four bytes after `\u` whatever they are, so a `"` among them must not end the
    /// string here either): the byte loop's state, and the blocks' carry.
    strings: Strings,
    /// 0: nothing seen yet; 1: a scalar (number, literal or stray byte); 2: a string, array or
    /// object.
    kind: u8,
}

/// Bytes that can continue a number or a literal (`true`, `null`, ...); a scalar ends before
/// the first other byte. Broader than the grammar: the reader reports what is wrong.
#[inline]
fn continues_scalar(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.')
}

impl ValueEnd {
    /// Scans `bytes[i..]`, the value having started at the first byte ever given (a
    /// non-whitespace byte). Returns one past the value's last byte once it is known.
    ///
    /// Inside an array or object, 64-byte blocks at a time (`simd::blocks`: brackets counted
    /// outside strings with bit operations) on x86_64: a third of the byte loop's instructions
    /// on 46 KB objects (callgrind), which took the array reader from 1.08x to 1.05x the slice
    /// reader's. The byte loop takes the last partial block, and a block with a `\` outside
    /// strings (invalid, which the reader reports).
    pub(crate) fn scan(&mut self, bytes: &[u8], i: usize) -> Option<usize> {
        self.scan_with::<{ cfg!(target_arch = "x86_64") }>(bytes, i)
    }

    /// [`ValueEnd::scan`], with or without the blocks (the tests run both).
    fn scan_with<const BLOCKS: bool>(&mut self, bytes: &[u8], mut i: usize) -> Option<usize> {
        if self.kind == 0 && BLOCKS {
            if let Some(b'[' | b'{') = bytes.get(i) {
                self.kind = 2;
                self.depth = 1;
                i += 1;
            }
        }
        if self.kind == 2 && BLOCKS {
            while self.depth > 0 && i + 64 <= bytes.len() {
                match self.block(bytes, i) {
                    Ok(Some(end)) => return Some(end),
                    Ok(None) => i += 64,
                    Err(()) => {
                        // This block byte by byte, then blocks again.
                        if let Some(end) = self.scan_bytes(&bytes[..i + 64], i) {
                            return Some(end);
                        }
                        i += 64;
                    }
                }
            }
        }
        self.scan_bytes(bytes, i)
    }

    /// One block of 64 bytes at `i` inside an array or object: where the value ends in it,
    /// `Ok(None)` if it goes on, `Err` if the byte loop must take the block.
    #[inline(always)]
    fn block(&mut self, bytes: &[u8], i: usize) -> Result<Option<usize>, ()> {
        let m = crate::simd::blocks::masks(bytes, i);
        let mut strings = self.strings;
        let found = strings.inside::<false>(bytes, i, m.quote, m.backslash);
        if found.bad != 0 {
            return Err(());
        }
        let inside = found.inside;
        self.strings = strings;
        let open = m.open & !inside;
        let close = m.close & !inside;
        let closes = close.count_ones() as usize;
        if closes < self.depth {
            // The depth cannot reach 0 in this block.
            self.depth = self.depth + open.count_ones() as usize - closes;
            return Ok(None);
        }
        let mut brackets = open | close;
        while brackets != 0 {
            let k = brackets.trailing_zeros();
            if open >> k & 1 != 0 {
                self.depth += 1;
            } else {
                self.depth -= 1;
                if self.depth == 0 {
                    return Ok(Some(i + k as usize + 1));
                }
            }
            brackets &= brackets - 1;
        }
        Ok(None)
    }

    /// The byte loop: the whole scan where blocks are not used.
    fn scan_bytes(&mut self, bytes: &[u8], mut i: usize) -> Option<usize> {
        if self.kind == 0 {
            let &b = bytes.get(i)?;
            i += 1;
            match b {
                b'"' => {
                    self.kind = 2;
                    self.strings.in_string = true;
                }
                b'[' | b'{' => {
                    self.kind = 2;
                    self.depth = 1;
                }
                b if continues_scalar(b) => self.kind = 1,
                // A byte no value starts with: the reader reports it.
                _ => return Some(i),
            }
        }
        if self.kind == 1 {
            while let Some(&b) = bytes.get(i) {
                if !continues_scalar(b) {
                    return Some(i);
                }
                i += 1;
            }
            return None;
        }
        loop {
            if self.strings.in_string {
                if self.strings.escaped {
                    let &b = bytes.get(i)?;
                    self.strings.escaped = false;
                    i += 1;
                    if b == b'u' {
                        self.strings.hex_left = 4;
                    }
                }
                while self.strings.hex_left > 0 {
                    bytes.get(i)?;
                    self.strings.hex_left -= 1;
                    i += 1;
                }
                i = crate::simd::find_special(bytes, i);
                match *bytes.get(i)? {
                    b'"' => {
                        self.strings.in_string = false;
                        if self.depth == 0 {
                            return Some(i + 1);
                        }
                    }
                    b'\\' => self.strings.escaped = true,
                    _ => {} // a control character: invalid, the reader says so
                }
                i += 1;
            } else {
                loop {
                    match *bytes.get(i)? {
                        b'"' => {
                            self.strings.in_string = true;
                            i += 1;
                            break;
                        }
                        b'[' | b'{' => self.depth += 1,
                        b']' | b'}' => {
                            self.depth -= 1;
                            if self.depth == 0 {
                                return Some(i + 1);
                            }
                        }
                        _ => {}
                    }
                    i += 1;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::ValueEnd;

    /// The end found when the bytes come in two pieces, split at `split`.
    fn scan_split<const BLOCKS: bool>(bytes: &[u8], split: usize) -> Option<usize> {
        let mut s = ValueEnd::default();
        match s.scan_with::<BLOCKS>(&bytes[..split], 0) {
            Some(e) => Some(e),
            None => s.scan_with::<BLOCKS>(bytes, split),
        }
    }

    /// Blocks and the byte loop find the same end on long values of nested strings, escapes
    /// (`\u` digits over a `"` or a block's end among them), brackets in strings, a `\` outside
    /// strings, and cut-off values, split anywhere.
    #[test]
    fn blocks_agree_with_bytes() {
        const PIECES: [&str; 14] = [
            "[",
            "]",
            "{",
            "}",
            "\"",
            "\"]}[{\"",
            "\"\\\"\"",
            "\"\\\\\"",
            "\"\\u\"ab\"",
            "\"\\u0041\"",
            "1,",
            "  \n",
            "\\",
            "\"abcdefghijklmnopqrstuvwxyz0123456789\"",
        ];
        let mut rng = crate::test_rng(0xE9D);
        for _ in 0..crate::test_count(4_000) {
            let mut doc = std::string::String::from(["[", "{"][(rng() % 2) as usize]);
            let len = 40 + rng() as usize % 400;
            while doc.len() < len {
                // Mostly well-formed pieces; the bad ones rarely.
                let k = (rng() % 14) as usize;
                if k == 12 && !rng().is_multiple_of(8) {
                    continue;
                }
                doc.push_str(PIECES[k]);
            }
            doc.push_str(&"]".repeat(rng() as usize % 20));
            let bytes = doc.as_bytes();
            let whole = scan_split::<false>(bytes, bytes.len());
            for split in [0, 1, 63, 64, 65, rng() as usize % bytes.len(), bytes.len()] {
                let split = split.min(bytes.len());
                assert_eq!(
                    scan_split::<true>(bytes, split),
                    whole,
                    "{doc:?} at {split}"
                );
                assert_eq!(
                    scan_split::<false>(bytes, split),
                    whole,
                    "{doc:?} at {split}"
                );
            }
        }
    }

    /// Every value ends where the reader ends it, whatever the split into pieces.
    #[test]
    fn ends_agree_with_reader_at_every_split() {
        let cases: &[(&str, usize)] = &[
            (r#"{"a":[1,{"b":"]}\"\\"}],"c":"x"} tail"#, 32),
            (r#""a\"b" 1"#, 6),
            ("123.5e+7,", 8),
            ("true]", 4),
            ("[[[]],[]] [", 9),
            ("] x", 1),
            ("\"日本\"", 8),
            // The four bytes after `\u` belong to the escape, even a `"` (the reader then
            // reports the invalid escape where a whole read does).
            (r#""\u"wind" 1"#, 9),
            (r#""\u0041\uD83D\uDE00" x"#, 20),
        ];
        for &(text, end) in cases {
            let bytes = text.as_bytes();
            for split in 0..=bytes.len() {
                assert_eq!(
                    scan_split::<true>(bytes, split),
                    Some(end),
                    "{text:?} at {split}"
                );
                assert_eq!(
                    scan_split::<false>(bytes, split),
                    Some(end),
                    "{text:?} at {split}"
                );
            }
        }
        // Unfinished: more bytes are needed.
        assert_eq!(ValueEnd::default().scan(b"[\"]", 0), None);
        assert_eq!(ValueEnd::default().scan(b"123", 0), None);
        assert_eq!(ValueEnd::default().scan(b"\"a\\", 0), None);
    }
}
