//! `uuid::Uuid` as uuid's serde impl writes it for JSON: a hyphenated lowercase string; read
//! from any string `Uuid::parse_str` accepts (hyphenated, simple, braced, URN), like uuid's
//! `Deserialize`.
//!
//! ```
//! # #[cfg(feature = "uuid")] {
//! let id = uuid::Uuid::from_u128(0x67e5504410b1426f9247bb680e5fe0c8);
//! let json = json_runtime::to_string(&id).unwrap();
//! assert_eq!(json, r#""67e55044-10b1-426f-9247-bb680e5fe0c8""#);
//! assert_eq!(json_runtime::from_str::<uuid::Uuid>(&json).unwrap(), id);
//! // The simple, braced and URN forms are read too, as by uuid's serde impl.
//! let simple = r#""67e5504410b1426f9247bb680e5fe0c8""#;
//! assert_eq!(json_runtime::from_str::<uuid::Uuid>(simple).unwrap(), id);
//! # }
//! ```

use alloc::string::ToString;
use uuid::Uuid;

use crate::{Format, FromJson, Reader, Result, ToJson, Writer};

const HEX: &[u8; 16] = b"0123456789abcdef";

/// The quoted, hyphenated, lowercase form, built on the stack.
#[inline]
fn encode(id: &Uuid) -> [u8; 38] {
    let bytes = id.as_bytes();
    let mut out = [b'-'; 38];
    out[0] = b'"';
    out[37] = b'"';
    // Byte index -> output position (skipping the hyphens after bytes 4, 6, 8 and 10).
    let mut pos = 1;
    for (i, &b) in bytes.iter().enumerate() {
        if matches!(i, 4 | 6 | 8 | 10) {
            pos += 1;
        }
        out[pos] = HEX[(b >> 4) as usize];
        out[pos + 1] = HEX[(b & 0xf) as usize];
        pos += 2;
    }
    out
}

impl ToJson for Uuid {
    #[inline]
    fn write_json<F: Format>(&self, w: &mut Writer<'_, F>) {
        w.bytes(&encode(self));
    }
}

impl<'de> FromJson<'de> for Uuid {
    #[inline]
    fn read_json(r: &mut Reader<'de>) -> Result<Self> {
        let s = r.read_str()?;
        match Uuid::try_parse(&s) {
            Ok(id) => Ok(id),
            Err(_) => {
                // The slow path only for the message (uuid's `parse_str` explains the failure).
                let msg = match Uuid::parse_str(&s) {
                    Err(e) => format!("UUID parsing failed: {e}"),
                    Ok(_) => "UUID parsing failed".to_string(),
                };
                Err(r.error(msg))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn encodes_like_hyphenated_lower() {
        for v in [0u128, u128::MAX, 0x0123_4567_89ab_cdef_fedc_ba98_7654_3210] {
            let id = Uuid::from_u128(v);
            let want = format!("\"{}\"", id.hyphenated());
            assert_eq!(crate::to_string(&id).unwrap(), want);
        }
    }
}
