//! Finding where a value ends without reading it: a resumable scan over bytes that arrive in
//! pieces (brackets counted, strings and escapes skipped, nothing validated). The stream
//! readers use it only when a value did not fit in the buffer, then read the value once with
//! the slice reader, so a value split over many small reads is never re-read from its start.

#[allow(unused_imports)]
use std::prelude::rust_2021::*;

/// The state of a scan between refills.
#[derive(Default)]
pub(crate) struct ValueEnd {
    depth: usize,
    in_string: bool,
    escaped: bool,
    /// Bytes of a `\u` escape still to skip: the reader takes the four bytes after `\u`
    /// whatever they are, so a `"` among them must not end the string here either.
    hex_left: u8,
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
    pub(crate) fn scan(&mut self, bytes: &[u8], mut i: usize) -> Option<usize> {
        if self.kind == 0 {
            let &b = bytes.get(i)?;
            i += 1;
            match b {
                b'"' => {
                    self.kind = 2;
                    self.in_string = true;
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
            if self.in_string {
                if self.escaped {
                    let &b = bytes.get(i)?;
                    self.escaped = false;
                    i += 1;
                    if b == b'u' {
                        self.hex_left = 4;
                    }
                }
                while self.hex_left > 0 {
                    bytes.get(i)?;
                    self.hex_left -= 1;
                    i += 1;
                }
                i = crate::simd::find_special(bytes, i);
                match *bytes.get(i)? {
                    b'"' => {
                        self.in_string = false;
                        if self.depth == 0 {
                            return Some(i + 1);
                        }
                    }
                    b'\\' => self.escaped = true,
                    _ => {} // a control character: invalid, the reader says so
                }
                i += 1;
            } else {
                loop {
                    match *bytes.get(i)? {
                        b'"' => {
                            self.in_string = true;
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
                let mut s = ValueEnd::default();
                let got = match s.scan(&bytes[..split], 0) {
                    Some(e) => Some(e),
                    None => s.scan(bytes, split),
                };
                assert_eq!(got, Some(end), "{text:?} split at {split}");
            }
        }
        // Unfinished: more bytes are needed.
        assert_eq!(ValueEnd::default().scan(b"[\"]", 0), None);
        assert_eq!(ValueEnd::default().scan(b"123", 0), None);
        assert_eq!(ValueEnd::default().scan(b"\"a\\", 0), None);
    }
}
