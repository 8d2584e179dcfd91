//! `time::OffsetDateTime`, in the two JSON forms time's serde support gives it.
//!
//! - The plain impl ([`ToJson`]/[`FromJson`] for `OffsetDateTime`) is time's **default** serde
//!   form (its `serde` feature without `serde-human-readable`): a 9-element array
//!   `[year, ordinal day, hour, minute, second, nanosecond, offset hours, offset minutes,
//!   offset seconds]`, e.g. `[2026,310,7,10,0,0,0,0,0]`. (If some crate in your build enables
//!   time's `serde-human-readable` feature, serde switches to a string form; this impl does not
//!   follow that switch.)
//! - [`rfc3339`] is the RFC 3339 string of `time::serde::rfc3339` (time's `serde-well-known`
//!   feature), e.g. `"2026-11-06T07:10:00Z"`: use it per field with
//!   `#[fastjson(with = "json_runtime::ext::time::rfc3339")]`, or
//!   `json_runtime::ext::time::rfc3339::option` for an `Option<OffsetDateTime>`.
//!
//! ```
//! # #[cfg(feature = "time")] {
//! use time::{Date, Month, Time, OffsetDateTime};
//! let t = Date::from_calendar_date(2026, Month::November, 6).unwrap()
//!     .with_time(Time::from_hms(7, 10, 0).unwrap())
//!     .assume_utc();
//! assert_eq!(json_runtime::to_string(&t).unwrap(), "[2026,310,7,10,0,0,0,0,0]");
//!
//! let mut out = Vec::new();
//! json_runtime::ext::time::rfc3339::write_json(&t, &mut json_runtime::Writer::<json_runtime::Compact>::new(&mut out));
//! assert_eq!(out, br#""2026-11-06T07:10:00Z""#);
//! let mut r = json_runtime::Reader::new(br#""2026-11-06T09:10:00+02:00""#);
//! assert_eq!(json_runtime::ext::time::rfc3339::read_json(&mut r).unwrap(), t);
//! # }
//! ```

use time::{Date, OffsetDateTime, UtcOffset};

use crate::{Format, FromJson, Reader, Result, ToJson, Writer};

impl ToJson for OffsetDateTime {
    #[inline]
    fn write_json<F: Format>(&self, w: &mut Writer<'_, F>) {
        let offset = self.offset();
        w.begin_array();
        w.elem(true);
        w.i64(self.year() as i64);
        w.elem(false);
        w.u64(self.ordinal() as u64);
        w.elem(false);
        w.u64(self.hour() as u64);
        w.elem(false);
        w.u64(self.minute() as u64);
        w.elem(false);
        w.u64(self.second() as u64);
        w.elem(false);
        w.u64(self.nanosecond() as u64);
        w.elem(false);
        w.i64(offset.whole_hours() as i64);
        w.elem(false);
        w.i64(offset.minutes_past_hour() as i64);
        w.elem(false);
        w.i64(offset.seconds_past_minute() as i64);
        w.end_array(true);
    }
}

/// The next tuple element, or time's `expected <name>` error if the array ended.
#[inline]
fn item<'de, T: FromJson<'de>>(
    r: &mut Reader<'de>,
    first: &mut bool,
    name: &'static str,
) -> Result<T> {
    if !r.next_element(first)? {
        return Err(r.error(format_args!("expected {name}")));
    }
    T::read_json(r)
}

impl<'de> FromJson<'de> for OffsetDateTime {
    fn read_json(r: &mut Reader<'de>) -> Result<Self> {
        if r.peek() != Some(b'[') {
            return Err(r.invalid_type("an `OffsetDateTime`"));
        }
        r.begin_array()?;
        let mut first = true;
        let year: i32 = item(r, &mut first, "year")?;
        let ordinal: u16 = item(r, &mut first, "day of year")?;
        let hour: u8 = item(r, &mut first, "hour")?;
        let minute: u8 = item(r, &mut first, "minute")?;
        let second: u8 = item(r, &mut first, "second")?;
        let nanosecond: u32 = item(r, &mut first, "nanosecond")?;
        let offset_hours: i8 = item(r, &mut first, "offset hours")?;
        let offset_minutes: i8 = item(r, &mut first, "offset minutes")?;
        let offset_seconds: i8 = item(r, &mut first, "offset seconds")?;
        let value = Date::from_ordinal_date(year, ordinal)
            .and_then(|date| date.with_hms_nano(hour, minute, second, nanosecond))
            .and_then(|datetime| {
                UtcOffset::from_hms(offset_hours, offset_minutes, offset_seconds)
                    .map(|offset| datetime.assume_offset(offset))
            })
            .map_err(|e| {
                r.error(format_args!(
                    "invalid {}, expected an in-range value",
                    e.name()
                ))
            })?;
        if r.next_element(&mut first)? {
            return Err(r.syntax("trailing characters"));
        }
        Ok(value)
    }
}

/// RFC 3339 strings, as `time::serde::rfc3339` writes and reads them: for
/// `#[fastjson(with = "json_runtime::ext::time::rfc3339")]`.
///
/// The fraction is written only when non-zero, with trailing zeros dropped
/// (`"2026-11-06T07:10:00.25+01:00"`); a zero offset is `Z`. Reading is
/// `OffsetDateTime::parse(s, &Rfc3339)`.
///
/// RFC 3339 cannot express a year outside 0..=9999 or an offset with seconds; for those,
/// serde_json fails with an error, while this writer (which cannot fail) writes an ISO 8601
/// extended form (`"+012345-01-01T00:00:00+01:02:03"`) that the reader rejects, as time does.
pub mod rfc3339 {
    use time::format_description::well_known::Rfc3339;
    use time::OffsetDateTime;

    use crate::ext::StackBuf;
    use crate::{Format, Reader, Result, Writer};

    /// Writes `value` as an RFC 3339 string.
    #[inline]
    pub fn write_json<F: Format>(value: &OffsetDateTime, w: &mut Writer<'_, F>) {
        let mut b = StackBuf::<48>::new();
        b.push(b'"');
        let year = value.year();
        if (0..10_000).contains(&year) {
            b.padded(year as u32, 4);
        } else {
            b.push(if year < 0 { b'-' } else { b'+' });
            b.padded(year.unsigned_abs(), 6);
        }
        b.push(b'-');
        b.two(value.month() as u32);
        b.push(b'-');
        b.two(value.day() as u32);
        b.push(b'T');
        b.two(value.hour() as u32);
        b.push(b':');
        b.two(value.minute() as u32);
        b.push(b':');
        b.two(value.second() as u32);
        let nanos = value.nanosecond();
        if nanos != 0 {
            b.push(b'.');
            let mut digits = [0u8; 9];
            let mut n = nanos;
            for d in digits.iter_mut().rev() {
                *d = b'0' + (n % 10) as u8;
                n /= 10;
            }
            let len = 9 - digits.iter().rev().take_while(|&&d| d == b'0').count();
            b.extend(&digits[..len]);
        }
        let offset = value.offset();
        if offset.is_utc() {
            b.push(b'Z');
        } else {
            let (h, m, s) = offset.as_hms();
            b.push(if offset.is_negative() { b'-' } else { b'+' });
            b.two(h.unsigned_abs() as u32);
            b.push(b':');
            b.two(m.unsigned_abs() as u32);
            if s != 0 {
                b.push(b':');
                b.two(s.unsigned_abs() as u32);
            }
        }
        b.push(b'"');
        w.bytes(b.as_bytes());
    }

    /// Reads an RFC 3339 string.
    #[inline]
    pub fn read_json(r: &mut Reader<'_>) -> Result<OffsetDateTime> {
        let s = r.read_str()?;
        match OffsetDateTime::parse(&s, &Rfc3339) {
            Ok(v) => Ok(v),
            Err(e) => Err(r.error(e)),
        }
    }

    /// `Option<OffsetDateTime>` as an RFC 3339 string or `null`, like
    /// `time::serde::rfc3339::option`.
    pub mod option {
        use time::OffsetDateTime;

        use crate::{Format, Reader, Result, Writer};

        /// Writes the string, or `null`.
        #[inline]
        pub fn write_json<F: Format>(value: &Option<OffsetDateTime>, w: &mut Writer<'_, F>) {
            match value {
                Some(v) => super::write_json(v, w),
                None => w.null(),
            }
        }

        /// Reads `null` as `None`, else the string.
        #[inline]
        pub fn read_json(r: &mut Reader<'_>) -> Result<Option<OffsetDateTime>> {
            if r.try_null()? {
                Ok(None)
            } else {
                super::read_json(r).map(Some)
            }
        }
    }
}
