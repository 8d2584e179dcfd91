//! Host tests: the crate's no_std functions on the real seed files, compared with the files'
//! bytes and with serde_json on the same types; the extra shapes compared with serde_json.

use alloc::borrow::Cow;
use alloc::collections::BTreeMap;
use alloc::string::{String, ToString};
use alloc::sync::Arc;
use alloc::vec;
use alloc::vec::Vec;
use core::time::Duration;

use serde::de::DeserializeOwned;
use serde::Serialize;

use crate::seeds::{order_small, weather_station};
use crate::shapes::*;

/// What serde_json writes after reading `input` as a `T`.
fn serde_round_trip<T: DeserializeOwned + Serialize>(input: &[u8]) -> Vec<u8> {
    let value: T = serde_json::from_slice(input).expect("serde_json reads the seed");
    serde_json::to_vec(&value).unwrap()
}

/// Every proper prefix of `input` is an error for both FastJson and serde_json.
fn prefixes_fail<T: DeserializeOwned>(
    input: &[u8],
    fast: fn(&[u8]) -> Result<Vec<u8>, json_runtime::Error>,
) {
    for end in 0..input.len() {
        let prefix = &input[..end];
        assert!(
            fast(prefix).is_err(),
            "FastJson accepted prefix of {end} bytes"
        );
        assert!(serde_json::from_slice::<T>(prefix).is_err());
    }
}

#[test]
fn order_small_round_trips_byte_for_byte() {
    let out = crate::round_trip_order(crate::ORDER_SMALL).unwrap();
    assert_eq!(out, crate::ORDER_SMALL.trim_ascii_end());
    assert_eq!(
        out,
        serde_round_trip::<order_small::Order>(crate::ORDER_SMALL)
    );
    let order: order_small::Order = json_runtime::from_slice(crate::ORDER_SMALL).unwrap();
    assert_eq!((order.items.len(), order.items[1].unit_price), (3, 189.0));
    assert_eq!(order.note.as_deref(), Some("Leave at the loading dock"));
    prefixes_fail::<order_small::Order>(crate::ORDER_SMALL, crate::round_trip_order);
}

#[test]
fn weather_station_round_trips_byte_for_byte() {
    let input = crate::WEATHER_STATION;
    let out = crate::round_trip_weather_station(input).unwrap();
    assert_eq!(out, input.trim_ascii_end());
    assert_eq!(
        out,
        serde_round_trip::<weather_station::WeatherStation>(input)
    );
    let station: weather_station::WeatherStation = json_runtime::from_slice(input).unwrap();
    let reading = &station.sensors[0].data[0];
    assert_eq!(
        (reading.temp.as_deref(), reading.solar_rad.as_deref()),
        (Some("71.3"), None)
    );
    prefixes_fail::<weather_station::WeatherStation>(input, crate::round_trip_weather_station);
}

#[test]
fn seeds_round_trip_reports_both() {
    assert!(crate::seeds_round_trip());
    // A changed document is not reported as the same bytes (whitespace is dropped on writing).
    let spaced = crate::ORDER_SMALL.replace_first(b":", b": ");
    assert_ne!(crate::round_trip_order(&spaced).unwrap(), spaced);
    assert!(crate::round_trip_order(b"{\"id\":1}").is_err());
}

trait ReplaceFirst {
    fn replace_first(&self, from: &[u8], to: &[u8]) -> Vec<u8>;
}
impl ReplaceFirst for [u8] {
    fn replace_first(&self, from: &[u8], to: &[u8]) -> Vec<u8> {
        let at = self.windows(from.len()).position(|w| w == from).unwrap();
        [&self[..at], to, &self[at + from.len()..]].concat()
    }
}

fn config(action: Action, mode: Mode, event: Event, limit: Limit) -> Config<'static> {
    let mut extra = BTreeMap::new();
    extra.insert("offset".to_string(), -3);
    Config {
        name: Cow::Borrowed("pump \"north\"\n"),
        firmware: "1.4.2".into(),
        retries: 3,
        cached: 0,
        owner: "ops".into(),
        site: Arc::new("Zürich 😀".to_string()),
        poll: Duration::new(5, 250_000_000),
        channels: [
            Channel {
                id: 1,
                gain: 0.5,
                extra,
            },
            Channel {
                id: 2,
                gain: -1.25e-3,
                extra: BTreeMap::new(),
            },
        ],
        point: Point(-7, 12),
        action,
        mode,
        event,
        limit,
        tagged: Tagged {
            tag: "t".to_string(),
            values: vec![i64::MIN, 0, i64::MAX],
        },
    }
}

/// FastJson writes what serde_json writes (compact and pretty), and both read it back to the
/// same value.
fn same_as_serde(value: &Config<'_>) {
    let fast = json_runtime::to_vec(value).unwrap();
    assert_eq!(
        String::from_utf8_lossy(&fast),
        serde_json::to_string(value).unwrap()
    );
    assert_eq!(
        json_runtime::to_string_pretty(value).unwrap(),
        serde_json::to_string_pretty(value).unwrap()
    );
    let back: Config<'_> = json_runtime::from_slice(&fast).unwrap();
    let serde_back: Config<'_> = serde_json::from_slice(&fast).unwrap();
    assert_eq!(back, serde_back);
    assert_eq!(back, *value);
}

#[test]
fn every_enum_representation_matches_serde_json() {
    let cases = [
        (Action::Reboot, Mode::Off, Event::Started, Limit::Count(7)),
        (
            Action::SetLevel(200),
            Mode::Timer { minutes: 90 },
            Event::Alarm("hot".into()),
            Limit::Named("max".into()),
        ),
        (
            Action::Move { x: -1, y: 2 },
            Mode::Off,
            Event::Reading { value: 21.5 },
            Limit::Range { min: -5, max: 5 },
        ),
        (
            Action::Pair(4, true),
            Mode::Timer { minutes: 0 },
            Event::Started,
            Limit::Count(u64::MAX),
        ),
    ];
    for (action, mode, event, limit) in cases {
        same_as_serde(&config(action, mode, event, limit));
    }
}

#[test]
fn attributes_read_like_serde_json() {
    let value = config(Action::Reboot, Mode::Off, Event::Started, Limit::Count(1));
    let text = serde_json::to_string(&value).unwrap();
    // `alias`, `default`, and `deny_unknown_fields`, each against serde_json's decision.
    let inputs = [
        text.replacen("\"firmware\"", "\"fw\"", 1),
        text.replacen("\"retries\":3,", "", 1),
        text.replacen("\"retries\":3,", "\"retries\":3,\"unknown\":1,", 1),
        text.replacen("\"kind\":\"Off\"", "\"kind\":\"Sleep\"", 1),
    ];
    for input in &inputs {
        let fast = json_runtime::from_str::<Config<'_>>(input);
        let serde = serde_json::from_str::<Config<'_>>(input);
        match (&fast, &serde) {
            (Ok(a), Ok(b)) => assert_eq!(a, b, "{input}"),
            (Err(_), Err(_)) => {}
            _ => panic!("FastJson {fast:?}, serde_json {serde:?} on {input}"),
        }
    }
    assert_eq!(
        json_runtime::from_str::<Config<'_>>(&inputs[1])
            .unwrap()
            .retries,
        0
    );
    assert!(json_runtime::from_str::<Config<'_>>(&inputs[2]).is_err());
    // The name has escapes, so it is copied; a plain one is borrowed from the input.
    let plain = text.replacen("\"pump \\\"north\\\"\\n\"", "\"pump\"", 1);
    let read: Config<'_> = json_runtime::from_str(&plain).unwrap();
    assert!(matches!(read.name, Cow::Borrowed("pump")));
}

#[test]
fn numbers_from_strings() {
    let r: Reading = json_runtime::from_slice(br#"{"ts":"1758499140","temp":"71.3"}"#).unwrap();
    assert_eq!(
        r,
        Reading {
            ts: 1758499140,
            temp: Some(71.3)
        }
    );
    let r: Reading = json_runtime::from_slice(br#"{"ts":1,"temp":null}"#).unwrap();
    assert_eq!(
        json_runtime::to_vec(&r).unwrap(),
        br#"{"ts":1,"temp":null}"#
    );
    assert!(json_runtime::from_slice::<Reading>(br#"{"ts":"1 ","temp":null}"#).is_err());
}
