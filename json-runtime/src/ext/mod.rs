//! Impls for other crates' types, each behind the cargo feature of the same name, writing and
//! reading exactly what that crate's own serde impl writes and reads through serde_json.
//!
//! | feature | types | JSON form |
//! | --- | --- | --- |
//! | `uuid` | `uuid::Uuid` | `"67e55044-10b1-426f-9247-bb680e5fe0c8"` (hyphenated, lowercase) |
//! | `chrono` | `DateTime<Utc>`, `DateTime<FixedOffset>`, `NaiveDateTime`, `NaiveDate`, `NaiveTime` | RFC 3339 / ISO 8601 strings |
//! | `time` | `time::OffsetDateTime` | time's default serde tuple; RFC 3339 with [`time::rfc3339`](crate::ext::time::rfc3339) |
//! | `rust_decimal` | `rust_decimal::Decimal` | a string; a number with [`decimal::float`](crate::ext::decimal::float) |
//! | `indexmap` | `IndexMap`, `IndexSet` | an object / an array, in insertion order |
//! | `url` | `url::Url` | `"https://example.com/a?b=c"` |
//! | `bytes` | `Bytes`, `BytesMut` | an array of numbers (serde's `serialize_bytes`); also writing into a `BytesMut` |
//! | `smol_str` | `SmolStr` | a string |
//! | `compact_str` | `CompactString` | a string |
//! | `semver` | `Version`, `VersionReq`, `Comparator` | `"1.2.3-rc.1"`, `">=1.2, <2"` |
//! | `ipnet` | `IpNet`, `Ipv4Net`, `Ipv6Net` | `"10.0.0.0/8"` |
//! | `bigdecimal` | `BigDecimal` | a string (`"23.50"`); reads strings and numbers |
//!
//! The `with` modules ([`time::rfc3339`](crate::ext::time::rfc3339), [`decimal::float`](crate::ext::decimal::float), [`decimal::str`](crate::ext::decimal::str)) are used as
//! `#[fastjson(with = "json_runtime::ext::decimal::float")]`; each has an `option` submodule for
//! `Option<T>` fields.

#[cfg(feature = "bigdecimal")]
pub mod bigdecimal;
#[cfg(feature = "bytes")]
pub mod bytes;
#[cfg(feature = "chrono")]
pub mod chrono;
#[cfg(feature = "rust_decimal")]
pub mod decimal;
#[cfg(feature = "indexmap")]
pub mod indexmap;
#[cfg(feature = "ipnet")]
pub mod ipnet;
#[cfg(feature = "semver")]
pub mod semver;
#[cfg(any(feature = "smol_str", feature = "compact_str"))]
pub mod small_strings;
#[cfg(feature = "time")]
pub mod time;
#[cfg(feature = "url")]
pub mod url;
#[cfg(feature = "uuid")]
pub mod uuid;

use alloc::string::ToString;

/// A small stack buffer that a value's text is assembled in before one append to the output.
#[allow(dead_code)]
pub(crate) struct StackBuf<const N: usize> {
    bytes: [u8; N],
    len: usize,
}

#[allow(dead_code)]
impl<const N: usize> StackBuf<N> {
    #[inline]
    pub(crate) fn new() -> Self {
        StackBuf {
            bytes: [0; N],
            len: 0,
        }
    }

    #[inline]
    pub(crate) fn push(&mut self, b: u8) {
        self.bytes[self.len] = b;
        self.len += 1;
    }

    #[inline]
    pub(crate) fn extend(&mut self, s: &[u8]) {
        self.bytes[self.len..self.len + s.len()].copy_from_slice(s);
        self.len += s.len();
    }

    /// Two digits of `v` (0..=99).
    #[inline]
    pub(crate) fn two(&mut self, v: u32) {
        self.push(b'0' + (v / 10) as u8);
        self.push(b'0' + (v % 10) as u8);
    }

    /// `v` zero-padded to `width` digits (wider if it needs more).
    #[inline]
    pub(crate) fn padded(&mut self, v: u32, width: usize) {
        let mut buf = itoa::Buffer::new();
        let s = buf.format(v);
        for _ in s.len()..width {
            self.push(b'0');
        }
        self.extend(s.as_bytes());
    }

    #[inline]
    pub(crate) fn as_bytes(&self) -> &[u8] {
        &self.bytes[..self.len]
    }
}

/// A `fmt::Write` into a stack buffer; `None` once the text does not fit.
#[allow(dead_code)]
pub(crate) fn format_on_stack<const N: usize>(
    args: core::fmt::Arguments<'_>,
    f: impl FnOnce(&str),
) {
    struct W<'a, const N: usize>(&'a mut StackBuf<N>);
    impl<const N: usize> core::fmt::Write for W<'_, N> {
        fn write_str(&mut self, s: &str) -> core::fmt::Result {
            if self.0.len + s.len() > N {
                return Err(core::fmt::Error);
            }
            self.0.extend(s.as_bytes());
            Ok(())
        }
    }
    let mut buf = StackBuf::<N>::new();
    if core::fmt::Write::write_fmt(&mut W(&mut buf), args).is_ok() {
        // Only whole `&str`s were copied in, so the bytes are UTF-8.
        match core::str::from_utf8(buf.as_bytes()) {
            Ok(s) => f(s),
            Err(_) => f(&args.to_string()),
        }
    } else {
        f(&args.to_string())
    }
}

/// Writes `value`'s `Display` text as a JSON string, as serde's `collect_str` does through
/// serde_json; assembled on the stack when it fits in `N` bytes.
#[allow(dead_code)]
#[inline]
pub(crate) fn write_display<const N: usize, F: crate::Format>(
    w: &mut crate::Writer<'_, F>,
    value: &dyn core::fmt::Display,
) {
    format_on_stack::<N>(format_args!("{value}"), |s| w.str(s));
}

/// Reads a string for a visitor that only takes strings (serde's `deserialize_str`): anything
/// else is `invalid type: ..., expected <expecting>`.
#[allow(dead_code)]
#[inline]
pub(crate) fn read_str_expecting<'de, 's>(
    r: &'s mut crate::Reader<'de>,
    expecting: &str,
) -> crate::Result<crate::Str<'de, 's>> {
    if r.peek() != Some(b'"') {
        return Err(r.invalid_type(expecting));
    }
    r.read_str()
}

/// `ToJson`, `FromJson`, `ToJsonKey` and `FromJsonKey` for a type whose serde impl writes its
/// `Display` text (`collect_str`) and reads with `FromStr` from a string only
/// (`deserialize_str`), reporting the parse error's `Display` as a custom error: the form of
/// semver's and ipnet's impls. `$n` is a stack buffer size the text usually fits in.
#[allow(unused_macros)]
macro_rules! display_from_str {
    ($($ty:ty, $n:literal, $expecting:literal;)*) => {$(
        impl $crate::ToJson for $ty {
            #[inline]
            fn write_json<F: $crate::Format>(&self, w: &mut $crate::Writer<'_, F>) {
                $crate::ext::write_display::<$n, F>(w, self);
            }
        }
        impl<'de> $crate::FromJson<'de> for $ty {
            #[inline]
            fn read_json(r: &mut $crate::Reader<'de>) -> $crate::Result<Self> {
                let s = $crate::ext::read_str_expecting(r, $expecting)?;
                match s.parse::<$ty>() {
                    Ok(v) => Ok(v),
                    Err(e) => Err(r.error(e)),
                }
            }
        }
        impl $crate::ToJsonKey for $ty {
            #[inline]
            fn write_key<F: $crate::Format>(&self, w: &mut $crate::Writer<'_, F>) {
                $crate::ext::write_display::<$n, F>(w, self);
            }
        }
        impl<'de> $crate::FromJsonKey<'de> for $ty {
            #[inline]
            fn read_key(r: &mut $crate::Reader<'de>) -> $crate::Result<Self> {
                let s = r.read_key()?;
                match s.parse::<$ty>() {
                    Ok(v) => Ok(v),
                    Err(e) => Err(r.error(e)),
                }
            }
        }
    )*};
}
#[allow(unused_imports)]
pub(crate) use display_from_str;
