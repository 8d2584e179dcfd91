//! `rust_decimal::Decimal`, as rust_decimal's serde support writes and reads it with
//! serde_json.
//!
//! - The plain impl is rust_decimal's default (`serde` feature) form: written as a string with
//!   the value's own scale (`"23.50"`, `"-0"`), read from a string (plain or scientific
//!   notation), an integer, or a float (through `f64`, as serde does: `0.1` reads as `0.1`).
//! - [`float`] (rust_decimal's `serde-with-float`): written as a JSON number via `f64`
//!   (`23.5`); read like the plain impl.
//! - `str` (rust_decimal's `serde-with-str`): written as a string; read from strings only.
//!
//! Each `with` module has an `option` submodule for `Option<Decimal>` (`null` for `None`),
//! like rust_decimal's `float_option` / `str_option`.
//!
//! ```
//! # #[cfg(feature = "rust_decimal")] {
//! use rust_decimal::Decimal;
//! let price = Decimal::new(2350, 2);
//! assert_eq!(json_runtime::to_string(&price).unwrap(), r#""23.50""#);
//! assert_eq!(json_runtime::from_str::<Decimal>("23.5").unwrap(), price);
//!
//! #[derive(json_runtime::FastJson, Debug, PartialEq)]
//! struct Item {
//!     #[fastjson(with = "json_runtime::ext::decimal::float")]
//!     unit_price: Decimal,
//! }
//! # let _ = Item { unit_price: price };
//! # }
//! ```

use rust_decimal::Decimal;

use super::StackBuf;
use crate::{Format, FromJson, ParsedNumber, Reader, Result, ToJson, Writer};

const EXPECTING: &str = "a Decimal type representing a fixed-point number";

/// The digits of `d` as rust_decimal's serde impl writes them (its `to_str_internal` with the
/// sign): the mantissa with a point `scale` digits from the right, `0.` before a fraction
/// without an integer part, `-` for any negative value including negative zero.
#[inline]
fn encode(d: &Decimal, quoted: bool) -> StackBuf<48> {
    let mut b = StackBuf::<48>::new();
    if quoted {
        b.push(b'"');
    }
    if d.is_sign_negative() {
        b.push(b'-');
    }
    let scale = d.scale() as usize;
    let m = d.mantissa().unsigned_abs();
    let mut ibuf = itoa::Buffer::new();
    let digits: &[u8] = if m == 0 {
        b""
    } else {
        ibuf.format(m).as_bytes()
    };
    if scale == 0 {
        b.extend(if digits.is_empty() { b"0" } else { digits });
    } else if digits.len() > scale {
        let (int, frac) = digits.split_at(digits.len() - scale);
        b.extend(int);
        b.push(b'.');
        b.extend(frac);
    } else {
        b.extend(b"0.");
        for _ in digits.len()..scale {
            b.push(b'0');
        }
        b.extend(digits);
    }
    if quoted {
        b.push(b'"');
    }
    b
}

impl ToJson for Decimal {
    #[inline]
    fn write_json<F: Format>(&self, w: &mut Writer<'_, F>) {
        w.bytes(encode(self, true).as_bytes());
    }
}

/// rust_decimal's visitor on a string: `from_str`, then `from_scientific`.
#[inline]
fn parse_text(s: &str) -> Option<Decimal> {
    match s.parse::<Decimal>() {
        Ok(d) => Some(d),
        Err(_) => Decimal::from_scientific(s).ok(),
    }
}

/// A string value, parsed as rust_decimal's visitor does; `""` is `None` if `empty_is_none`
/// (rust_decimal's `str_option`), else an error.
#[inline]
fn read_text(r: &mut Reader<'_>, empty_is_none: bool) -> Result<Option<Decimal>> {
    let s = r.read_str()?;
    if empty_is_none && s.is_empty() {
        return Ok(None);
    }
    match parse_text(&s) {
        Some(d) => Ok(Some(d)),
        None => {
            let msg = format!("invalid value: string {:?}, expected {EXPECTING}", &*s);
            Err(r.error(msg))
        }
    }
}

/// rust_decimal's visitor on a float: the `f64`'s `Display` text, parsed.
#[inline]
fn from_f64(r: &Reader<'_>, v: f64) -> Result<Decimal> {
    let mut out = None;
    super::format_on_stack::<64>(format_args!("{v}"), |s| out = Some(s.parse::<Decimal>()));
    match out {
        Some(Ok(d)) => Ok(d),
        _ => Err(r.error(format_args!(
            "invalid value: floating point `{}`, expected {EXPECTING}",
            crate::reader::number::SerdeFloat(v)
        ))),
    }
}

/// The fast path of [`from_f64`] for a number's text: without an exponent and with at most 15
/// significant digits, the text (less trailing fraction zeros) is exactly the shortest
/// round-trip form of the `f64` it parses to (15 digits always survive the round trip, and a
/// shorter form would make two 15-digit decimals parse to one `f64`), which is what `f64`'s
/// `Display` prints and rust_decimal then parses. `None` for anything else (and for `-0`).
#[inline]
fn short_decimal(text: &[u8]) -> Option<Decimal> {
    let (negative, digits) = match text.split_first() {
        Some((b'-', rest)) => (true, rest),
        _ => (false, text),
    };
    let (int, frac) = match digits.iter().position(|&b| b == b'.') {
        Some(dot) => (&digits[..dot], &digits[dot + 1..]),
        None => (digits, &[][..]),
    };
    // Trailing zeros of the fraction are not part of the shortest form.
    let frac_len = frac.iter().rposition(|&b| b != b'0').map_or(0, |i| i + 1);
    let frac = &frac[..frac_len];
    if frac.len() > 20 {
        return None;
    }
    let mut mantissa: i64 = 0;
    let mut significant = 0;
    for &b in int.iter().chain(frac) {
        if !b.is_ascii_digit() {
            return None; // an exponent
        }
        if mantissa != 0 || b != b'0' {
            significant += 1;
            if significant > 15 {
                return None;
            }
        }
        mantissa = mantissa * 10 + (b - b'0') as i64;
    }
    if mantissa == 0 {
        // `0.0` reads as `0`; `-0.0` as rust_decimal's negative zero, left to the slow path.
        return if negative { None } else { Some(Decimal::ZERO) };
    }
    Some(Decimal::new(
        if negative { -mantissa } else { mantissa },
        frac.len() as u32,
    ))
}

/// `deserialize_any` with rust_decimal's visitor: a string, an integer or a float.
#[inline]
fn read_any(r: &mut Reader<'_>) -> Result<Decimal> {
    match r.peek() {
        Some(b'"') => read_text(r, false).map(Option::unwrap_or_default),
        Some(b'-' | b'0'..=b'9') => {
            let start = r.position();
            match r.read_number()? {
                ParsedNumber::U64(v) => Ok(Decimal::from(v)),
                ParsedNumber::I64(v) => Ok(Decimal::from(v)),
                ParsedNumber::F64(v) => match short_decimal(&r.input()[start..r.position()]) {
                    Some(d) => Ok(d),
                    None => from_f64(r, v),
                },
            }
        }
        _ => Err(r.invalid_type(EXPECTING)),
    }
}

/// `deserialize_str` with rust_decimal's visitor: strings only.
#[inline]
fn read_str_only(r: &mut Reader<'_>) -> Result<Decimal> {
    if r.peek() != Some(b'"') {
        return Err(r.invalid_type(EXPECTING));
    }
    read_text(r, false).map(Option::unwrap_or_default)
}

impl<'de> FromJson<'de> for Decimal {
    #[inline]
    fn read_json(r: &mut Reader<'de>) -> Result<Self> {
        read_any(r)
    }
}

/// `Decimal` as a JSON number (through `f64`, so precision beyond `f64` is lost on writing),
/// like `rust_decimal::serde::float`: for `#[fastjson(with = "json_runtime::ext::decimal::float")]`.
/// Reading accepts numbers and strings, as rust_decimal does.
pub mod float {
    use rust_decimal::Decimal;

    use crate::{Format, Reader, Result, Writer};

    /// Writes `value.as_f64()` as a number.
    #[inline]
    pub fn write_json<F: Format>(value: &Decimal, w: &mut Writer<'_, F>) {
        w.f64(value.as_f64());
    }

    /// Reads a number or a string.
    #[inline]
    pub fn read_json(r: &mut Reader<'_>) -> Result<Decimal> {
        super::read_any(r)
    }

    /// `Option<Decimal>` as a number or `null`, like `rust_decimal::serde::float_option`.
    pub mod option {
        use rust_decimal::Decimal;

        use crate::{Format, Reader, Result, Writer};

        /// Writes the number, or `null`.
        #[inline]
        pub fn write_json<F: Format>(value: &Option<Decimal>, w: &mut Writer<'_, F>) {
            match value {
                Some(v) => super::write_json(v, w),
                None => w.null(),
            }
        }

        /// Reads `null` as `None`, else a number or a string.
        #[inline]
        pub fn read_json(r: &mut Reader<'_>) -> Result<Option<Decimal>> {
            if r.try_null()? {
                Ok(None)
            } else {
                super::read_json(r).map(Some)
            }
        }
    }
}

/// `Decimal` as a string, read from strings only, like `rust_decimal::serde::str`: for
/// `#[fastjson(with = "json_runtime::ext::decimal::str")]`.
pub mod str {
    use rust_decimal::Decimal;

    use crate::{Format, Reader, Result, ToJson, Writer};

    /// Writes the string form (the value's own scale).
    #[inline]
    pub fn write_json<F: Format>(value: &Decimal, w: &mut Writer<'_, F>) {
        value.write_json(w);
    }

    /// Reads a string (plain or scientific notation); numbers are an error.
    #[inline]
    pub fn read_json(r: &mut Reader<'_>) -> Result<Decimal> {
        super::read_str_only(r)
    }

    /// `Option<Decimal>` as a string or `null`, like `rust_decimal::serde::str_option`.
    pub mod option {
        use rust_decimal::Decimal;

        use crate::{Format, Reader, Result, Writer};

        /// Writes the string, or `null`.
        #[inline]
        pub fn write_json<F: Format>(value: &Option<Decimal>, w: &mut Writer<'_, F>) {
            match value {
                Some(v) => super::write_json(v, w),
                None => w.null(),
            }
        }

        /// Reads `null` and `""` as `None` (as rust_decimal does), else a string.
        #[inline]
        pub fn read_json(r: &mut Reader<'_>) -> Result<Option<Decimal>> {
            if r.try_null()? {
                return Ok(None);
            }
            if r.peek() != Some(b'"') {
                return Err(r.invalid_type(super::super::EXPECTING));
            }
            super::super::read_text(r, true)
        }
    }
}
