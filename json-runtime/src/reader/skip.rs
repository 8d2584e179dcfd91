//! Skipping a value without building anything (unknown fields), still checking its syntax.

use super::Reader;
use crate::error::Result;

impl<'de> Reader<'de> {
    /// Skips one complete value, validating it like serde_json does when it ignores a value.
    /// Nesting counts against the depth limit; iterative, so hostile nesting cannot overflow
    /// the stack.
    pub fn skip_value(&mut self) -> Result<()> {
        // Each open container is one entry: true for an object. The depth limit bounds it.
        let mut stack: Vec<bool> = Vec::new();
        loop {
            // A value is expected here.
            match self.peek() {
                None => return Err(self.eof("a value")),
                Some(b'"') => {
                    self.pos += 1;
                    self.skip_str()?;
                }
                Some(b'{') => {
                    self.begin_object()?;
                    let mut first = true;
                    if self.has_next_entry(&mut first)? {
                        self.skip_key()?;
                        stack.push(true);
                        continue;
                    }
                }
                Some(b'[') => {
                    self.begin_array()?;
                    let mut first = true;
                    if self.next_element(&mut first)? {
                        stack.push(false);
                        continue;
                    }
                }
                Some(b't') => {
                    self.pos += 1;
                    self.expect_ident(b"rue")?;
                }
                Some(b'f') => {
                    self.pos += 1;
                    self.expect_ident(b"alse")?;
                }
                Some(b'n') => {
                    self.pos += 1;
                    self.expect_ident(b"ull")?;
                }
                Some(b'-' | b'0'..=b'9') => {
                    self.skip_number()?;
                }
                Some(_) => {
                    self.pos += 1;
                    return Err(self.syntax("expected value"));
                }
            }
            // A value is complete: close containers until one has another entry.
            loop {
                let Some(&is_object) = stack.last() else {
                    return Ok(());
                };
                let mut first = false;
                let more = if is_object {
                    let more = self.has_next_entry(&mut first)?;
                    if more {
                        self.skip_key()?;
                    }
                    more
                } else {
                    self.next_element(&mut first)?
                };
                if more {
                    break;
                }
                stack.pop();
            }
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
        match self.input.get(self.pos) {
            Some(b':') => {
                self.pos += 1;
                Ok(())
            }
            _ => self.expect_colon_slow(),
        }
    }
}
