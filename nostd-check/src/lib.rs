//! A `no_std` + `alloc` user of FastJson: the types of two seed payloads (`order_small.json`,
//! `weather_station.json`, shapes as in `json-payloads`' `seeds` module) and a few more shapes
//! that exercise the derive's generated code (enums in each tagging, flatten, defaults, skips,
//! borrowed strings, `number_from_string`), with functions that round-trip JSON bytes.
//!
//! `.ci/nostd.sh` builds this crate and `examples/firmware.rs` for `thumbv7em-none-eabihf`
//! (no operating system, no `std`); `cargo test -p nostd-check` runs the same functions on the
//! host over the real seed files and compares with serde_json.

#![no_std]

extern crate alloc;

pub mod bump;
pub mod seeds;
pub mod shapes;

use alloc::vec::Vec;
use json_runtime::{Error, FromJson, ToJson};

/// `data/seeds/order_small.json`, compiled in (a device has no file system).
pub const ORDER_SMALL: &[u8] = include_bytes!("../../data/seeds/order_small.json");
/// `data/seeds/weather_station.json`, compiled in.
pub const WEATHER_STATION: &[u8] = include_bytes!("../../data/seeds/weather_station.json");

/// Reads `input` as a `T` and writes the value back as compact JSON.
pub fn round_trip<T: for<'de> FromJson<'de> + ToJson>(input: &[u8]) -> Result<Vec<u8>, Error> {
    let value: T = json_runtime::from_slice(input)?;
    Ok(json_runtime::to_vec(&value).unwrap())
}

/// Round-trips `input` as an order (`order_small.json`'s shape).
pub fn round_trip_order(input: &[u8]) -> Result<Vec<u8>, Error> {
    round_trip::<seeds::order_small::Order>(input)
}

/// Round-trips `input` as a weather station response (`weather_station.json`'s shape).
pub fn round_trip_weather_station(input: &[u8]) -> Result<Vec<u8>, Error> {
    round_trip::<seeds::weather_station::WeatherStation>(input)
}

/// Round-trips both compiled-in seeds and reports whether each came back byte for byte (the
/// seed files are compact JSON, as serde_json writes them, apart from a final newline).
pub fn seeds_round_trip() -> bool {
    let same = |input: &[u8], output: Result<Vec<u8>, Error>| {
        output.is_ok_and(|out| out == input.trim_ascii_end())
    };
    same(ORDER_SMALL, round_trip_order(ORDER_SMALL))
        && same(WEATHER_STATION, round_trip_weather_station(WEATHER_STATION))
}

#[cfg(test)]
extern crate std;

#[cfg(test)]
mod tests;
