//! chrono's date and time types, as chrono's serde impls write and read them with serde_json:
//!
//! - `DateTime<Tz>` (written for any time zone; read as `DateTime<Utc>` and
//!   `DateTime<FixedOffset>`): RFC 3339 with as many fraction digits as needed (0, 3, 6 or 9)
//!   and `Z` for a zero offset, e.g. `"2026-11-06T07:10:00Z"`. Reading accepts what chrono's
//!   `DateTime<FixedOffset>::from_str` accepts (a space for `T`, any offset, ...); a
//!   `DateTime<Utc>` is converted to UTC. The canonical form is read without chrono's generic
//!   parser.
//! - `NaiveDateTime`: `"2026-11-06T07:10:00.250"`; `NaiveDate`: `"2026-11-06"`;
//!   `NaiveTime`: `"07:10:00"`. Each is read with the type's `FromStr`.
//!
//! Years outside 0..=9999 get a sign (`"+10000-01-01"`), as chrono writes them.
//!
//! ```
//! # #[cfg(feature = "chrono")] {
//! use chrono::{DateTime, TimeZone, Utc};
//! let t = Utc.with_ymd_and_hms(2026, 11, 6, 7, 10, 0).unwrap();
//! let json = json_runtime::to_string(&t).unwrap();
//! assert_eq!(json, r#""2026-11-06T07:10:00Z""#);
//! assert_eq!(json_runtime::from_str::<DateTime<Utc>>(&json).unwrap(), t);
//! let later = json_runtime::from_str::<DateTime<Utc>>(r#""2026-11-06T09:10:00+02:00""#).unwrap();
//! assert_eq!(later, t);
//! # }
//! ```

use chrono::{
    DateTime, Datelike, FixedOffset, NaiveDate, NaiveDateTime, NaiveTime, Offset, TimeZone,
    Timelike, Utc,
};

use super::StackBuf;
use crate::{Format, FromJson, Reader, Result, ToJson, Writer};

type Buf = StackBuf<48>;

/// `YYYY-MM-DD`, or `+YYYYY-MM-DD` / `-YYYY-MM-DD` outside 0..=9999 (chrono's `{:+05}`).
#[inline]
fn push_date(b: &mut Buf, d: NaiveDate) {
    let year = d.year();
    if (0..=9999).contains(&year) {
        b.padded(year as u32, 4);
    } else {
        b.push(if year < 0 { b'-' } else { b'+' });
        b.padded(year.unsigned_abs(), 4);
    }
    b.push(b'-');
    b.two(d.month());
    b.push(b'-');
    b.two(d.day());
}

/// `HH:MM:SS` and the fraction in 3, 6 or 9 digits when non-zero; a leap second shows as `:60`.
#[inline]
fn push_time(b: &mut Buf, t: NaiveTime) {
    let (mut sec, mut nano) = (t.second(), t.nanosecond());
    if nano >= 1_000_000_000 {
        sec += 1;
        nano -= 1_000_000_000;
    }
    b.two(t.hour());
    b.push(b':');
    b.two(t.minute());
    b.push(b':');
    b.two(sec);
    if nano != 0 {
        b.push(b'.');
        if nano % 1_000_000 == 0 {
            b.padded(nano / 1_000_000, 3);
        } else if nano % 1_000 == 0 {
            b.padded(nano / 1_000, 6);
        } else {
            b.padded(nano, 9);
        }
    }
}

/// `Z` for a zero offset, else `+HH:MM` (seconds rounded to the nearest minute, as chrono does).
#[inline]
fn push_offset(b: &mut Buf, off: FixedOffset) {
    let off = off.local_minus_utc();
    if off == 0 {
        b.push(b'Z');
        return;
    }
    let (sign, off) = if off < 0 { (b'-', -off) } else { (b'+', off) };
    let minutes = (off + 30) / 60;
    b.push(sign);
    b.two((minutes / 60) as u32);
    b.push(b':');
    b.two((minutes % 60) as u32);
}

impl<Tz: TimeZone> ToJson for DateTime<Tz> {
    #[inline]
    fn write_json<F: Format>(&self, w: &mut Writer<'_, F>) {
        let mut b = Buf::new();
        b.push(b'"');
        let local = self.naive_local();
        push_date(&mut b, local.date());
        b.push(b'T');
        push_time(&mut b, local.time());
        push_offset(&mut b, self.offset().fix());
        b.push(b'"');
        w.bytes(b.as_bytes());
    }
}

impl ToJson for NaiveDateTime {
    #[inline]
    fn write_json<F: Format>(&self, w: &mut Writer<'_, F>) {
        let mut b = Buf::new();
        b.push(b'"');
        push_date(&mut b, self.date());
        b.push(b'T');
        push_time(&mut b, self.time());
        b.push(b'"');
        w.bytes(b.as_bytes());
    }
}

impl ToJson for NaiveDate {
    #[inline]
    fn write_json<F: Format>(&self, w: &mut Writer<'_, F>) {
        let mut b = Buf::new();
        b.push(b'"');
        push_date(&mut b, *self);
        b.push(b'"');
        w.bytes(b.as_bytes());
    }
}

impl ToJson for NaiveTime {
    #[inline]
    fn write_json<F: Format>(&self, w: &mut Writer<'_, F>) {
        let mut b = Buf::new();
        b.push(b'"');
        push_time(&mut b, *self);
        b.push(b'"');
        w.bytes(b.as_bytes());
    }
}

/// Digits at `s[at..at + N]` as a number, if they are all ASCII digits.
#[inline]
fn digits<const N: usize>(s: &[u8], at: usize) -> Option<u32> {
    let mut v = 0u32;
    for &c in s.get(at..at + N)? {
        let d = c.wrapping_sub(b'0');
        if d > 9 {
            return None;
        }
        v = v * 10 + d as u32;
    }
    Some(v)
}

/// The canonical RFC 3339 shape (`YYYY-MM-DDTHH:MM:SS[.f{1,9}](Z|+HH:MM|-HH:MM)`, every field
/// in range, no leap second), parsed directly. `None` sends anything else to chrono's parser,
/// which gives the same value for every string accepted here.
#[inline]
fn parse_rfc3339_fast(s: &[u8]) -> Option<DateTime<FixedOffset>> {
    if s.len() < 20 || s[4] != b'-' || s[7] != b'-' || s[10] != b'T' {
        return None;
    }
    if s[13] != b':' || s[16] != b':' {
        return None;
    }
    let (year, month, day) = (digits::<4>(s, 0)?, digits::<2>(s, 5)?, digits::<2>(s, 8)?);
    let (hour, min, sec) = (
        digits::<2>(s, 11)?,
        digits::<2>(s, 14)?,
        digits::<2>(s, 17)?,
    );
    if hour > 23 || min > 59 || sec > 59 {
        return None;
    }
    let mut i = 19;
    let mut nano = 0u32;
    if s[i] == b'.' {
        i += 1;
        let start = i;
        while let Some(&c) = s.get(i) {
            if !c.is_ascii_digit() {
                break;
            }
            if i - start == 9 {
                return None;
            }
            nano = nano * 10 + (c - b'0') as u32;
            i += 1;
        }
        let n = i - start;
        if n == 0 {
            return None;
        }
        nano *= 10u32.pow(9 - n as u32);
    }
    let offset_secs = match s.get(i..)? {
        b"Z" => 0,
        [sign @ (b'+' | b'-'), h1, h2, b':', m1, m2] => {
            let oh = digits::<2>(&[*h1, *h2], 0)?;
            let om = digits::<2>(&[*m1, *m2], 0)?;
            let secs = (oh * 3600 + om * 60) as i32;
            if oh > 23 || om > 59 || (*sign == b'-' && secs == 0) {
                return None;
            }
            if *sign == b'-' {
                -secs
            } else {
                secs
            }
        }
        _ => return None,
    };
    let local =
        NaiveDate::from_ymd_opt(year as i32, month, day)?.and_hms_nano_opt(hour, min, sec, nano)?;
    let offset = FixedOffset::east_opt(offset_secs)?;
    offset.from_local_datetime(&local).single()
}

#[inline]
fn read_fixed(r: &mut Reader<'_>) -> Result<DateTime<FixedOffset>> {
    let s = r.read_str()?;
    if let Some(dt) = parse_rfc3339_fast(s.as_bytes()) {
        return Ok(dt);
    }
    match s.parse::<DateTime<FixedOffset>>() {
        Ok(dt) => Ok(dt),
        Err(e) => Err(r.error(e)),
    }
}

impl<'de> FromJson<'de> for DateTime<FixedOffset> {
    #[inline]
    fn read_json(r: &mut Reader<'de>) -> Result<Self> {
        read_fixed(r)
    }
}

impl<'de> FromJson<'de> for DateTime<Utc> {
    #[inline]
    fn read_json(r: &mut Reader<'de>) -> Result<Self> {
        read_fixed(r).map(|dt| dt.with_timezone(&Utc))
    }
}

macro_rules! from_str_impl {
    ($($t:ty),*) => {$(
        impl<'de> FromJson<'de> for $t {
            #[inline]
            fn read_json(r: &mut Reader<'de>) -> Result<Self> {
                let s = r.read_str()?;
                match s.parse::<$t>() {
                    Ok(v) => Ok(v),
                    Err(e) => Err(r.error(e)),
                }
            }
        }
    )*};
}
from_str_impl!(NaiveDateTime, NaiveDate, NaiveTime);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fast_path_agrees_with_chrono() {
        for s in [
            "2026-11-06T07:10:00Z",
            "2026-11-06T07:10:00.5Z",
            "2026-11-06T07:10:00.123456789+05:30",
            "0000-01-01T00:00:00-23:59",
            "9999-12-31T23:59:59+23:59",
            "2024-02-29T12:00:00+00:00",
        ] {
            let fast = parse_rfc3339_fast(s.as_bytes()).expect(s);
            let slow = s.parse::<DateTime<FixedOffset>>().unwrap();
            assert_eq!(fast, slow, "{s}");
            assert_eq!(fast.offset(), slow.offset(), "{s}");
        }
        for s in [
            "2023-02-29T12:00:00Z",
            "2026-11-06T07:10:60Z",
            "2026-11-06T07:10:00-00:00",
        ] {
            assert!(parse_rfc3339_fast(s.as_bytes()).is_none(), "{s}");
        }
    }
}
