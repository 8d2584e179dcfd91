//! IP and socket addresses as strings (serde's human-readable form), written with `Display`
//! and read with `FromStr`; also usable as map keys, as in serde_json.

use std::fmt::Write as _;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr, SocketAddrV4, SocketAddrV6};

use crate::{Format, FromJson, FromJsonKey, Reader, Result, ToJson, ToJsonKey, Writer};

/// A stack buffer for `Display` output. The longest address,
/// `[ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff%4294967295]:65535`, is 58 bytes.
struct Buf {
    bytes: [u8; 72],
    len: usize,
}

impl Buf {
    fn format(value: &dyn std::fmt::Display) -> Buf {
        let mut buf = Buf {
            bytes: [0; 72],
            len: 0,
        };
        write!(buf, "{value}").expect("an address fits the buffer");
        buf
    }

    fn as_str(&self) -> &str {
        // Only `write_str` fills the buffer, with whole `&str`s.
        std::str::from_utf8(&self.bytes[..self.len]).unwrap_or_default()
    }
}

impl std::fmt::Write for Buf {
    fn write_str(&mut self, s: &str) -> std::fmt::Result {
        let end = self.len + s.len();
        let dest = self.bytes.get_mut(self.len..end).ok_or(std::fmt::Error)?;
        dest.copy_from_slice(s.as_bytes());
        self.len = end;
        Ok(())
    }
}

/// Reads a string and parses it; a parse failure reports `FromStr`'s message, as serde does
/// (e.g. "invalid IP address syntax").
fn read_parsed<T: std::str::FromStr>(r: &mut Reader<'_>, expecting: &str) -> Result<T>
where
    T::Err: std::fmt::Display,
{
    if r.peek() != Some(b'"') {
        return Err(r.invalid_type(expecting));
    }
    let parsed = r.read_str()?.parse::<T>();
    parsed.map_err(|e| r.error(e))
}

/// Reads a key and parses it, like serde_json (keys are unescaped first).
fn read_parsed_key<T: std::str::FromStr>(r: &mut Reader<'_>) -> Result<T>
where
    T::Err: std::fmt::Display,
{
    let parsed = r.read_key()?.parse::<T>();
    parsed.map_err(|e| r.error(e))
}

macro_rules! addr {
    ($($t:ty => $expecting:literal),* $(,)?) => {$(
        /// As a string (serde's human-readable form), read with `FromStr`.
        impl ToJson for $t {
            #[inline]
            fn write_json<F: Format>(&self, w: &mut Writer<'_, F>) {
                w.str(Buf::format(self).as_str());
            }
        }
        impl<'de> FromJson<'de> for $t {
            fn read_json(r: &mut Reader<'de>) -> Result<Self> {
                read_parsed(r, $expecting)
            }
        }
        impl ToJsonKey for $t {
            #[inline]
            fn write_key<F: Format>(&self, w: &mut Writer<'_, F>) {
                w.str(Buf::format(self).as_str());
            }
        }
        impl<'de> FromJsonKey<'de> for $t {
            fn read_key(r: &mut Reader<'de>) -> Result<Self> {
                read_parsed_key(r)
            }
        }
    )*};
}

addr!(
    IpAddr => "IP address",
    Ipv4Addr => "IPv4 address",
    Ipv6Addr => "IPv6 address",
    SocketAddr => "socket address",
    SocketAddrV4 => "IPv4 socket address",
    SocketAddrV6 => "IPv6 socket address",
);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn longest_addresses_fit() {
        let v6 = SocketAddrV6::new(
            "ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff".parse().unwrap(),
            65535,
            u32::MAX,
            u32::MAX,
        );
        let mapped = SocketAddrV6::new(
            "::ffff:255.255.255.255".parse().unwrap(),
            65535,
            0,
            u32::MAX,
        );
        for s in [SocketAddr::V6(v6), SocketAddr::V6(mapped)] {
            assert_eq!(Buf::format(&s).as_str(), s.to_string());
            assert_eq!(
                crate::to_string(&s).unwrap(),
                serde_json::to_string(&s).unwrap(),
                "{s}"
            );
        }
    }

    #[test]
    fn round_trip_and_errors() {
        let ip: IpAddr = crate::from_str("\"::1\"").unwrap();
        assert_eq!(ip, IpAddr::V6(Ipv6Addr::LOCALHOST));
        let err = crate::from_str::<IpAddr>("\"1.2.3\"").unwrap_err();
        assert_eq!(err.message(), "invalid IP address syntax");
        let err = crate::from_str::<SocketAddrV4>("\"1.2.3.4\"").unwrap_err();
        assert_eq!(err.message(), "invalid IPv4 socket address syntax");
        assert!(crate::from_str::<Ipv4Addr>("1").is_err());
    }
}
