//! `Duration` and `SystemTime`, in serde's forms: `{"secs":u64,"nanos":u32}` and
//! `{"secs_since_epoch":u64,"nanos_since_epoch":u32}`.
//!
//! Reading follows serde's impls: the fields in any order, or the sequence form
//! `[secs, nanos]`; a missing, duplicate or unknown field is an error; `nanos` of a second or
//! more carries into the seconds, and a carry that overflows `u64` is an error.

use alloc::borrow::ToOwned;
use core::time::Duration;
#[cfg(feature = "std")]
use std::time::{SystemTime, UNIX_EPOCH};

use crate::{Format, FromJson, Reader, Result, ToJson, Writer};

/// The names serde uses for one of the two structs.
struct Form {
    /// `struct Duration`, for `invalid type` and `invalid length` messages.
    expecting: &'static str,
    secs: &'static str,
    nanos: &'static str,
    /// The literals for [`Writer::key`].
    secs_key: &'static str,
    nanos_key: &'static str,
    overflow: &'static str,
}

const DURATION: Form = Form {
    expecting: "struct Duration",
    secs: "secs",
    nanos: "nanos",
    secs_key: ",\"secs\":",
    nanos_key: ",\"nanos\":",
    overflow: "overflow deserializing Duration",
};

#[cfg(feature = "std")]
const SYSTEM_TIME: Form = Form {
    expecting: "struct SystemTime",
    secs: "secs_since_epoch",
    nanos: "nanos_since_epoch",
    secs_key: ",\"secs_since_epoch\":",
    nanos_key: ",\"nanos_since_epoch\":",
    overflow: "overflow deserializing SystemTime epoch offset",
};

fn write_parts<F: Format>(w: &mut Writer<'_, F>, form: &Form, d: Duration) {
    w.begin_object();
    w.key(true, form.secs_key);
    w.u64(d.as_secs());
    w.key(false, form.nanos_key);
    w.u64(d.subsec_nanos() as u64);
    w.end_object(true);
}

/// Reads the two fields (map or sequence form) into a `Duration`, with serde's checks.
fn read_parts(r: &mut Reader<'_>, form: &Form) -> Result<Duration> {
    let (secs, nanos) = match r.peek() {
        Some(b'{') => read_map(r, form)?,
        Some(b'[') => read_seq(r, form)?,
        _ => return Err(r.invalid_type(form.expecting)),
    };
    // Like serde: `Duration::new` carries whole seconds out of `nanos`; that must not overflow.
    if secs.checked_add((nanos / 1_000_000_000) as u64).is_none() {
        return Err(r.error(form.overflow));
    }
    Ok(Duration::new(secs, nanos))
}

fn read_map(r: &mut Reader<'_>, form: &Form) -> Result<(u64, u32)> {
    r.begin_object()?;
    let mut secs: Option<u64> = None;
    let mut nanos: Option<u32> = None;
    let mut first = true;
    while r.has_next_entry(&mut first)? {
        let key = r.read_key()?;
        if key == form.secs {
            if secs.is_some() {
                return Err(r.duplicate_field(form.secs));
            }
            secs = Some(u64::read_json(r).map_err(|e| e.in_field(form.secs))?);
        } else if key == form.nanos {
            if nanos.is_some() {
                return Err(r.duplicate_field(form.nanos));
            }
            nanos = Some(u32::read_json(r).map_err(|e| e.in_field(form.nanos))?);
        } else {
            let key = key.to_owned();
            return Err(r.unknown_field(&key, &[form.secs, form.nanos]));
        }
    }
    match (secs, nanos) {
        (Some(secs), Some(nanos)) => Ok((secs, nanos)),
        (None, _) => Err(r.missing_field(form.secs)),
        (_, None) => Err(r.missing_field(form.nanos)),
    }
}

fn read_seq(r: &mut Reader<'_>, form: &Form) -> Result<(u64, u32)> {
    r.begin_array()?;
    let mut first = true;
    if !r.next_element(&mut first)? {
        return Err(invalid_length(r, 0, form));
    }
    let secs = u64::read_json(r).map_err(|e| e.in_index(0))?;
    if !r.next_element(&mut first)? {
        return Err(invalid_length(r, 1, form));
    }
    let nanos = u32::read_json(r).map_err(|e| e.in_index(1))?;
    // serde_json checks the sequence is over once the visitor is done.
    r.end_fixed_seq()?;
    Ok((secs, nanos))
}

#[cold]
#[inline(never)]
fn invalid_length(r: &Reader<'_>, len: usize, form: &Form) -> crate::Error {
    r.error(format_args!(
        "invalid length {len}, expected {}",
        form.expecting
    ))
}

/// `{"secs":u64,"nanos":u32}`, like serde.
///
/// ```
/// use std::time::Duration;
/// let d = Duration::new(5, 30);
/// assert_eq!(json_runtime::to_string(&d).unwrap(), r#"{"secs":5,"nanos":30}"#);
/// assert_eq!(json_runtime::from_str::<Duration>(r#"{"nanos":30,"secs":5}"#).unwrap(), d);
/// assert_eq!(json_runtime::from_str::<Duration>("[5,30]").unwrap(), d);
/// assert!(json_runtime::from_str::<Duration>(r#"{"secs":5}"#).is_err());
/// ```
impl ToJson for Duration {
    #[inline]
    fn write_json<F: Format>(&self, w: &mut Writer<'_, F>) {
        write_parts(w, &DURATION, *self);
    }
}
impl<'de> FromJson<'de> for Duration {
    fn read_json(r: &mut Reader<'de>) -> Result<Self> {
        read_parts(r, &DURATION)
    }
}

/// `{"secs_since_epoch":u64,"nanos_since_epoch":u32}`, like serde.
///
/// A time before the Unix epoch has no JSON form: serde refuses it with the error "SystemTime
/// must be later than UNIX_EPOCH", which [`crate::to_vec`] returns too (recorded with
/// [`Writer::fail`]; [`crate::to_vec`] panics with it).
///
/// ```
/// use std::time::{Duration, SystemTime, UNIX_EPOCH};
/// let t = UNIX_EPOCH + Duration::new(1_700_000_000, 5);
/// let json = json_runtime::to_string(&t).unwrap();
/// assert_eq!(json, r#"{"secs_since_epoch":1700000000,"nanos_since_epoch":5}"#);
/// assert_eq!(json_runtime::from_str::<SystemTime>(&json).unwrap(), t);
/// ```
#[cfg(feature = "std")]
impl ToJson for SystemTime {
    fn write_json<F: Format>(&self, w: &mut Writer<'_, F>) {
        match self.duration_since(UNIX_EPOCH) {
            Ok(d) => write_parts(w, &SYSTEM_TIME, d),
            Err(_) => w.fail("SystemTime must be later than UNIX_EPOCH"),
        }
    }
}
#[cfg(feature = "std")]
impl<'de> FromJson<'de> for SystemTime {
    fn read_json(r: &mut Reader<'de>) -> Result<Self> {
        let d = read_parts(r, &SYSTEM_TIME)?;
        UNIX_EPOCH
            .checked_add(d)
            .ok_or_else(|| r.error("overflow deserializing SystemTime"))
    }
}
