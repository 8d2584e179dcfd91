//! Skipping a value without building anything (unknown fields), still checking its syntax.

use super::Reader;
use crate::error::Result;
use alloc::vec::Vec;

impl<'de> Reader<'de> {
    /// Skips one complete value, validating it like serde_json does when it ignores a value.
    /// Nesting counts against the depth limit; iterative, so hostile nesting cannot overflow
    /// the stack.
    pub fn skip_value(&mut self) -> Result<()> {
        self.skip(false)
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
                let more = if is_object {
                    let more = self.has_next_entry(&mut first)?;
                    if more {
                        self.skip_key_in(content)?;
                    }
                    more
                } else {
                    self.next_element(&mut first)?
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
}
