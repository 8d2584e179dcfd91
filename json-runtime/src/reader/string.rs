//! Reading strings: borrowed from the input when there is no escape, else unescaped into the
//! reader's scratch buffer; UTF-8 validated; lone surrogates rejected (like serde_json).

use super::Reader;
use crate::error::{Category, Error, Result};
use crate::simd::{find_special, find_special_ascii};
use alloc::string::ToString;

/// A string read from the input: borrowed from it when it had no escapes, else copied into
/// the reader's scratch buffer (valid until the next read).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Str<'de, 's> {
    /// A slice of the input.
    Borrowed(&'de str),
    /// Unescaped into scratch space.
    Copied(&'s str),
}

impl<'de, 's> Str<'de, 's> {
    /// The text.
    #[inline]
    pub fn as_str(&self) -> &'s str
    where
        'de: 's,
    {
        match *self {
            Str::Borrowed(s) => s,
            Str::Copied(s) => s,
        }
    }
}

impl core::ops::Deref for Str<'_, '_> {
    type Target = str;
    #[inline]
    fn deref(&self) -> &str {
        match *self {
            Str::Borrowed(s) => s,
            Str::Copied(s) => s,
        }
    }
}

/// Where a scanned string's text is: `input[start..end]`, or the scratch buffer if `escaped`.
/// Its bytes were validated as UTF-8 by the scan.
#[derive(Clone, Copy)]
pub(crate) struct Span {
    start: usize,
    end: usize,
    escaped: bool,
}

impl<'de> Reader<'de> {
    /// Reads a string value.
    #[inline]
    pub fn read_str<'s>(&'s mut self) -> Result<Str<'de, 's>> {
        match self.peek() {
            Some(b'"') => {
                self.pos += 1;
                let span = self.scan_str()?;
                Ok(self.span_str(span))
            }
            _ => Err(self.invalid_type("a string")),
        }
    }

    /// Turns a span from [`Reader::scan_str`] into the string.
    #[inline]
    pub(crate) fn span_str<'s>(&'s self, span: Span) -> Str<'de, 's> {
        if span.escaped {
            // SAFETY: `scan_str` checked that the scratch buffer holds valid UTF-8, and nothing
            // has written to it since (the span is used right after the scan). It checks the
            // raw string, which is valid UTF-8 exactly when the scratch copy is: every escape
            // goes in as a whole scalar value (`decode_escape` and `unescape_unicode` take a
            // surrogate only as a pair, `push_utf8` encodes scalar values: tested against std
            // on every one), all of it code in this file.
            Str::Copied(unsafe { core::str::from_utf8_unchecked(&self.scratch) })
        } else {
            let input: &'de [u8] = self.input;
            // SAFETY: `scan_str` checked that `input[start..end]` is valid UTF-8.
            Str::Borrowed(unsafe { core::str::from_utf8_unchecked(&input[span.start..span.end]) })
        }
    }

    /// Scans a string whose opening quote was consumed, up to and including the closing quote.
    /// Unescapes into scratch if needed and validates UTF-8.
    #[inline]
    pub(crate) fn scan_str(&mut self) -> Result<Span> {
        let start = self.pos;
        let (i, non_ascii) = find_special_ascii(self.input, start);
        match self.input.get(i) {
            Some(b'"') => {
                self.pos = i + 1;
                if non_ascii && !self.input_is_utf8 {
                    if let Err(valid) = crate::simd::utf8::validate(self.input, start, i) {
                        return Err(self.utf8_error(i - start - valid));
                    }
                }
                Ok(Span {
                    start,
                    end: i,
                    escaped: false,
                })
            }
            _ => {
                self.pos = i;
                self.scan_escaped(start, non_ascii)
            }
        }
    }

    /// The slow path: the string has an escape (or is broken). `pos` is at the first special byte.
    fn scan_escaped(&mut self, start: usize, mut non_ascii: bool) -> Result<Span> {
        self.scratch.clear();
        let mut run = start;
        loop {
            let (i, high) = find_special_ascii(self.input, self.pos);
            non_ascii |= high;
            self.pos = i;
            match self.input.get(i) {
                None => return Err(self.eof("a string")),
                Some(b'"') => {
                    self.scratch.extend_from_slice(&self.input[run..i]);
                    self.pos = i + 1;
                    // Escapes are ASCII and decode to whole characters, so the unescaped text
                    // is UTF-8 exactly when the raw string is: the raw string is validated,
                    // where the vector validator can read past its end, and the scratch copy
                    // only on failure, for the error's position.
                    if non_ascii
                        && !self.input_is_utf8
                        && crate::simd::utf8::validate(self.input, start, i).is_err()
                    {
                        let n = self.scratch.len();
                        if let Err(valid) = core::str::from_utf8(&self.scratch) {
                            return Err(self.utf8_error(n - valid.valid_up_to()));
                        }
                    }
                    return Ok(Span {
                        start,
                        end: i,
                        escaped: true,
                    });
                }
                Some(b'\\') => {
                    self.scratch.extend_from_slice(&self.input[run..i]);
                    // Escapes often come in runs (`\u3042\u3044`, `\r\n`): the next one is
                    // taken without a new scan. A well-formed escape is decoded from the
                    // input here (`decode_escape`); the others, each an error, go to the exact
                    // path, which words and positions it. Reading twitterescaped.json (31,818
                    // `\u` escapes) went from 8.98 M to 7.75 M instructions (callgrind), and
                    // from 1.96x to 2.22x serde_json's speed, when every escape was a call into
                    // the exact path.
                    let mut at = i;
                    loop {
                        match decode_escape(self.input, at) {
                            Some((code, len)) => {
                                push_utf8(&mut self.scratch, code);
                                at += len;
                            }
                            None => {
                                self.pos = at + 1;
                                self.unescape_one()?;
                                at = self.pos;
                            }
                        }
                        if self.input.get(at) != Some(&b'\\') {
                            break;
                        }
                    }
                    self.pos = at;
                    run = at;
                }
                Some(_) => {
                    self.pos = i + 1;
                    return Err(self.syntax(
                        "control character (\\u0000-\\u001F) found while parsing a string",
                    ));
                }
            }
        }
    }

    /// `invalid unicode code point`, positioned like serde_json: at the closing quote (where
    /// the check runs) moved back by the `invalid_len` bytes from the first invalid one to the
    /// end of the string's text (approximate when the string had escapes, as in serde_json).
    #[cold]
    #[inline(never)]
    fn utf8_error(&self, invalid_len: usize) -> Error {
        let (line, column) = self.line_col(self.pos);
        Error::new(
            Category::Syntax,
            "invalid unicode code point".to_string(),
            line,
            column.saturating_sub(invalid_len),
        )
    }

    /// Decodes one escape (after the backslash) into scratch: the exact path, which
    /// `scan_escaped` takes for the escapes `decode_escape` does not (each one an error, which
    /// it words and positions like serde_json).
    fn unescape_one(&mut self) -> Result<()> {
        let Some(&c) = self.input.get(self.pos) else {
            return Err(self.eof("a string"));
        };
        self.pos += 1;
        if c == b'u' {
            return self.unescape_unicode();
        }
        let Some(byte) = simple_escape(c) else {
            return Err(self.syntax("invalid escape"));
        };
        self.scratch.push(byte);
        Ok(())
    }

    /// The four hex digits of a `\u` escape. Like serde_json: fewer than four bytes left is an
    /// EOF error (at the end), else the four bytes are consumed and a non-hex one among them is
    /// `invalid escape` (positioned after them).
    #[inline]
    pub(crate) fn hex4(&mut self) -> Result<u16> {
        let Some(&[a, b, c, d]) = self.input.get(self.pos..self.pos + 4) else {
            self.pos = self.input.len();
            return Err(self.eof("a string"));
        };
        self.pos += 4;
        match hex_value([a, b, c, d]) {
            Some(n) => Ok(n as u16),
            None => Err(self.syntax("invalid escape")),
        }
    }

    /// `\uXXXX`, with surrogate pairs combined and lone surrogates rejected; the code point is
    /// appended to scratch as UTF-8.
    #[inline(never)]
    fn unescape_unicode(&mut self) -> Result<()> {
        let n = self.hex4()?;
        let code = match n {
            0xDC00..=0xDFFF => {
                return Err(self.syntax("lone leading surrogate in hex escape"));
            }
            0xD800..=0xDBFF => {
                for want in [b'\\', b'u'] {
                    match self.input.get(self.pos) {
                        None => return Err(self.eof("a string")),
                        Some(&b) if b == want => self.pos += 1,
                        Some(_) => {
                            self.pos += 1;
                            return Err(self.syntax("unexpected end of hex escape"));
                        }
                    }
                }
                let n2 = self.hex4()?;
                if !(0xDC00..=0xDFFF).contains(&n2) {
                    return Err(self.syntax("lone leading surrogate in hex escape"));
                }
                surrogate_pair(n as u32, n2 as u32)
            }
            _ => n as u32,
        };
        push_utf8(&mut self.scratch, code);
        Ok(())
    }

    /// Skips a string whose opening quote was consumed. Like serde_json when it ignores a value,
    /// escapes are checked but UTF-8 and surrogates are not.
    pub(crate) fn skip_str(&mut self) -> Result<()> {
        loop {
            let i = find_special(self.input, self.pos);
            self.pos = i;
            match self.input.get(i) {
                None => return Err(self.eof("a string")),
                Some(b'"') => {
                    self.pos = i + 1;
                    return Ok(());
                }
                Some(b'\\') => {
                    self.pos = i + 1;
                    let Some(&c) = self.input.get(self.pos) else {
                        return Err(self.eof("a string"));
                    };
                    self.pos += 1;
                    if c == b'u' {
                        self.hex4()?;
                    } else if simple_escape(c).is_none() {
                        return Err(self.syntax("invalid escape"));
                    }
                }
                Some(_) => {
                    // serde_json's skip reports the byte before the control character (its
                    // read reports the control character itself).
                    self.pos = i;
                    return Err(self.syntax(
                        "control character (\\u0000-\\u001F) found while parsing a string",
                    ));
                }
            }
        }
    }
}

/// The value of each hex digit byte; 0xFF for every other byte.
static HEX: [u8; 256] = {
    let mut t = [0xFFu8; 256];
    let mut i = 0;
    while i < 10 {
        t[b'0' as usize + i] = i as u8;
        i += 1;
    }
    let mut i = 0;
    while i < 6 {
        t[b'a' as usize + i] = 10 + i as u8;
        t[b'A' as usize + i] = 10 + i as u8;
        i += 1;
    }
    t
};

/// The escape at `at` (its backslash) when it is well formed: the code point and the escape's
/// length. A `\u` escape of a surrogate is taken only as a whole pair; everything else (a
/// short input, a bad digit, a lone surrogate, an unknown escape) is `None`, for the exact path
/// to decide and word. Each `\uXXXX` is 4 table lookups and one test.
#[inline(always)]
fn decode_escape(input: &[u8], at: usize) -> Option<(u32, usize)> {
    let letter = *input.get(at + 1)?;
    if letter == b'u' {
        return decode_unicode_escape(input, at);
    }
    Some((simple_escape(letter)? as u32, 2))
}

/// The byte a one-letter escape stands for (`n` for `\n`, ...); `None` for `u` and every
/// byte that is no escape.
#[inline(always)]
pub(crate) fn simple_escape(letter: u8) -> Option<u8> {
    Some(match letter {
        b'"' => b'"',
        b'\\' => b'\\',
        b'/' => b'/',
        b'b' => 0x08,
        b'f' => 0x0c,
        b'n' => b'\n',
        b'r' => b'\r',
        b't' => b'\t',
        _ => return None,
    })
}

/// `\uXXXX` (or a surrogate pair `\uXXXX\uXXXX`) at `at`, as for [`decode_escape`].
#[inline(always)]
fn decode_unicode_escape(input: &[u8], at: usize) -> Option<(u32, usize)> {
    let hex = |i: usize| match input.get(i..i + 4)? {
        &[a, b, c, d] => hex_value([a, b, c, d]),
        _ => None,
    };
    let n = hex(at + 2)?;
    match n {
        0xD800..=0xDBFF => {
            if input.get(at + 6..at + 8)? != b"\\u" {
                return None;
            }
            let n2 = hex(at + 8)?;
            (0xDC00..=0xDFFF)
                .contains(&n2)
                .then(|| (surrogate_pair(n, n2), 12))
        }
        0xDC00..=0xDFFF => None,
        _ => Some((n, 6)),
    }
}

/// The code point of a surrogate pair: `high` in `0xD800..=0xDBFF`, `low` in
/// `0xDC00..=0xDFFF`.
#[inline(always)]
pub(crate) fn surrogate_pair(high: u32, low: u32) -> u32 {
    0x1_0000 + (((high - 0xD800) << 10) | (low - 0xDC00))
}

/// The value of four hex digits, `None` if a byte is not one: four table lookups and one test
/// for all of them (a branch per digit was 11% of reading an escaped-Unicode document).
#[inline(always)]
fn hex_value(digits: [u8; 4]) -> Option<u32> {
    let [a, b, c, d] = digits;
    let (a, b, c, d) = (
        HEX[a as usize],
        HEX[b as usize],
        HEX[c as usize],
        HEX[d as usize],
    );
    ((a | b | c | d) & 0xF0 == 0)
        .then_some(((a as u32) << 12) | ((b as u32) << 8) | ((c as u32) << 4) | d as u32)
}

/// Appends the UTF-8 encoding of `code` (a scalar value: surrogates are rejected before): the
/// encoding is built in a `[u8; 4]`, appended whole (a fixed-size copy, no `memcpy` call) and
/// the length cut back to its 1-4 bytes. Byte pushes were a capacity check each;
/// `extend_from_slice` of the 1-4 bytes a `memcpy` call.
#[inline]
fn push_utf8(out: &mut alloc::vec::Vec<u8>, code: u32) {
    let (bytes, n) = if code < 0x80 {
        ([code as u8, 0, 0, 0], 1)
    } else if code < 0x800 {
        (
            [0xC0 | (code >> 6) as u8, 0x80 | (code & 0x3F) as u8, 0, 0],
            2,
        )
    } else if code < 0x1_0000 {
        (
            [
                0xE0 | (code >> 12) as u8,
                0x80 | ((code >> 6) & 0x3F) as u8,
                0x80 | (code & 0x3F) as u8,
                0,
            ],
            3,
        )
    } else {
        (
            [
                0xF0 | (code >> 18) as u8,
                0x80 | ((code >> 12) & 0x3F) as u8,
                0x80 | ((code >> 6) & 0x3F) as u8,
                0x80 | (code & 0x3F) as u8,
            ],
            4,
        )
    };
    let len = out.len();
    out.extend_from_slice(&bytes);
    out.truncate(len + n);
}

#[cfg(test)]
mod tests {
    use super::Str;
    use crate::Reader;

    /// The two `from_utf8_unchecked` in `span_str`: a string without escapes is borrowed from
    /// the input, one with escapes is copied into scratch; both only after UTF-8 validation.
    #[test]
    fn borrowed_and_copied_strings() {
        let input = "[\"plain é\", \"esc\\n\\u00e9\\ud83d\\ude00 😀\", \"\\\"\"]".as_bytes();
        let mut r = Reader::new(input);
        r.begin_array().unwrap();
        let mut first = true;
        assert!(r.next_element(&mut first).unwrap());
        assert_eq!(r.read_str().unwrap(), Str::Borrowed("plain é"));
        assert!(r.next_element(&mut first).unwrap());
        assert_eq!(r.read_str().unwrap(), Str::Copied("esc\né😀 😀"));
        assert!(r.next_element(&mut first).unwrap());
        assert_eq!(r.read_str().unwrap().as_str(), "\"");
        assert!(!r.next_element(&mut first).unwrap());
        // Invalid UTF-8 never reaches the unchecked conversion, borrowed or copied.
        for bad in [&b"\"\xff\""[..], b"\"\\n\xc0\x80\"", b"\"\xed\xa0\x80\""] {
            let err = Reader::new(bad).read_str().unwrap_err();
            assert_eq!(err.message(), "invalid unicode code point");
        }
        // Keys take the same path.
        let mut r = Reader::new(br#"{"k\u00e9y":1,"key":2}"#);
        r.begin_object().unwrap();
        let mut first = true;
        assert_eq!(r.next_key(&mut first).unwrap(), Some("k\u{e9}y"));
        assert_eq!(r.read_u64().unwrap(), 1);
        assert_eq!(r.next_key(&mut first).unwrap(), Some("key"));
    }

    /// Escaped strings are validated on their raw bytes (where the vector validator has room)
    /// and re-checked in scratch only on failure: the result and the error's position agree
    /// with serde_json for invalid bytes before, between and after escapes, with and without
    /// room after the string.
    #[test]
    fn escaped_strings_validate_like_serde_json() {
        let pieces: [&[u8]; 10] = [
            b"a",
            b"\\n",
            b"\\u00e9",
            b"\\ud83d\\ude00",
            "é".as_bytes(),
            "😀".as_bytes(),
            b"\\\"",
            b"\xff",
            b"\xc3",
            b"\x80",
        ];
        let mut rng = crate::test_rng(0x5EED_0FE5C);
        for _ in 0..if cfg!(miri) { 50 } else { 20_000 } {
            let mut body = alloc::vec::Vec::new();
            for _ in 0..rng() % 12 {
                body.extend_from_slice(pieces[(rng() % 10) as usize]);
            }
            for pad in [0usize, 40] {
                let mut doc = b"[\"".to_vec();
                doc.extend_from_slice(&body);
                doc.extend_from_slice(b"\"]");
                doc.extend(core::iter::repeat_n(b' ', pad));
                let ours = crate::from_slice::<alloc::vec::Vec<alloc::string::String>>(&doc);
                let theirs = serde_json::from_slice::<alloc::vec::Vec<alloc::string::String>>(&doc);
                match (&ours, &theirs) {
                    (Ok(a), Ok(b)) => assert_eq!(a, b),
                    (Err(a), Err(b)) => {
                        assert_eq!(a.message(), "invalid unicode code point", "{doc:?}");
                        assert_eq!((a.line(), a.column()), (b.line(), b.column()), "{doc:?}");
                    }
                    _ => panic!("{doc:?}: {ours:?} vs {theirs:?}"),
                }
            }
        }
    }

    /// Runs of escapes, well formed or not, cut at every length: the escapes decoded straight
    /// from the input (`decode_escape`) and those left to the exact path give serde_json's
    /// strings, and its errors at its positions, whichever path a run's escapes take.
    #[test]
    fn escape_runs_read_like_serde_json() {
        let pieces: [&[u8]; 24] = [
            b"a",
            "é".as_bytes(),
            b"\\n",
            b"\\t",
            b"\\/",
            b"\\b",
            b"\\f",
            b"\\r",
            b"\\\\",
            b"\\\"",
            b"\\u0041",
            b"\\u00e9",
            b"\\u3042",
            b"\\uFFFF",
            b"\\ud83d\\ude00",
            b"\\uDBFF\\uDFFF",
            b"\\ud83d",
            b"\\ude00",
            b"\\ud83d\\u0041",
            b"\\ud83dx",
            b"\\u00g0",
            b"\\x",
            b"\\u12",
            b"\x01",
        ];
        // Range edges and malformed second halves, each read alone (cut at every length) and
        // after a well-formed run.
        let edges: [&[u8]; 24] = [
            b"\\u0000",
            b"\\u0080",
            b"\\u07FF",
            b"\\u0800",
            b"\\uD7FF",
            b"\\uE000",
            b"\\uD800\\uDC00",
            b"\\uDBFF\\uDC00",
            b"\\uD800\\uDFFF",
            b"\\uD800\\uE000",
            b"\\uDBFF\\uDBFF",
            b"\\uD800",
            b"\\uDBFF",
            b"\\uDC00",
            b"\\uDFFF",
            b"\\ud83d\\ude0g",
            b"\\ud83d\\u12",
            b"\\ud83d\\n",
            b"\\ud83d\\x",
            b"\\ud83d\\",
            b"\\ud83d\\u",
            b"\\U0041",
            b"\\u00E9\\u00e9",
            b"\\",
        ];
        let mut docs: alloc::vec::Vec<alloc::vec::Vec<u8>> = alloc::vec::Vec::new();
        for edge in edges {
            for before in [&b""[..], b"\\u3042\\n"] {
                docs.push([&b"[\""[..], before, edge, b"\"]"].concat());
            }
        }
        let mut rng = crate::test_rng(0xE5C_A9E5);
        for _ in 0..if cfg!(miri) { 20 } else { 3_000 } {
            let mut doc = b"[\"".to_vec();
            for _ in 0..1 + rng() % 6 {
                let n = pieces.len() as u64;
                // Mostly well-formed pieces, so that runs of them are common.
                let i = if rng() & 3 == 0 {
                    rng() % n
                } else {
                    rng() % 16
                };
                doc.extend_from_slice(pieces[i as usize]);
            }
            doc.extend_from_slice(b"\"]");
            docs.push(doc);
        }
        for doc in &docs {
            for cut in 0..=doc.len() {
                let doc = &doc[..cut];
                let ours = crate::from_slice::<alloc::vec::Vec<alloc::string::String>>(doc);
                let theirs = serde_json::from_slice::<alloc::vec::Vec<alloc::string::String>>(doc);
                match (&ours, &theirs) {
                    (Ok(a), Ok(b)) => assert_eq!(a, b),
                    (Err(a), Err(b)) => {
                        let a = alloc::format!(
                            "{} at line {} column {}",
                            a.message(),
                            a.line(),
                            a.column()
                        );
                        assert_eq!(a, b.to_string(), "{doc:?}");
                    }
                    _ => panic!("{doc:?}: {ours:?} vs {theirs:?}"),
                }
            }
        }
    }

    /// `push_utf8` agrees with `char::encode_utf8` on every scalar value.
    #[test]
    fn push_utf8_matches_std() {
        let step = if cfg!(miri) { 997 } else { 1 };
        let mut out = alloc::vec::Vec::new();
        for code in (0..=0x10_FFFFu32).step_by(step) {
            let Some(ch) = char::from_u32(code) else {
                continue;
            };
            out.clear();
            super::push_utf8(&mut out, code);
            let mut buf = [0u8; 4];
            assert_eq!(out, ch.encode_utf8(&mut buf).as_bytes(), "{code:#x}");
        }
    }

    /// Every 4-byte `\u` payload over a set of bytes: hex digits in either case convert (on the
    /// fast path, `decode_escape`), any other byte is `invalid escape` (on the exact path).
    #[test]
    fn hex4_accepts_exactly_hex_digits() {
        let bytes: alloc::vec::Vec<u8> = (0u8..=255).collect();
        for &x in &bytes {
            let expect = (x as char).to_digit(16);
            for pos in 0..4 {
                let mut digits = *b"0a0F";
                digits[pos] = x;
                let mut input = b"\"\\u".to_vec();
                input.extend_from_slice(&digits);
                input.extend_from_slice(b"\"");
                let got = Reader::new(&input).read_str().map(|s| s.to_string());
                match expect {
                    Some(v) => {
                        let mut want = [0u32, 10, 0, 15];
                        want[pos] = v;
                        let code = (want[0] << 12) | (want[1] << 8) | (want[2] << 4) | want[3];
                        match char::from_u32(code) {
                            Some(ch) => assert_eq!(got.unwrap(), ch.to_string(), "{x:#x}"),
                            None => assert!(got.is_err(), "{x:#x}"),
                        }
                    }
                    None => assert_eq!(got.unwrap_err().message(), "invalid escape", "{x:#x}"),
                }
            }
        }
    }
}
