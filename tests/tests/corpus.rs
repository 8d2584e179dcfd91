//! Corpora and seed payloads: each file is read with serde_json and with FastJson into the same
//! types (values must be equal), then written back with both (bytes must be equal, compact and,
//! for forecast and twitter, pretty), and the written document must hold everything the file did.

mod corpus_common;

use std::borrow::Cow;

use corpus_common::{roundtrip, roundtrip_borrowed};
use json_tests::payloads::{self, canada, citm, seeds, twitter};

#[allow(clippy::ptr_arg)] // the point is which `Cow` variant it is
fn is_borrowed(s: &Cow<'_, str>) -> bool {
    matches!(s, Cow::Borrowed(_))
}

#[test]
fn twitter() {
    let value: twitter::Twitter = roundtrip(payloads::TWITTER, true);
    assert_eq!(value.statuses.len(), 100);
}

#[test]
fn twitter_borrowed() {
    let input = payloads::TWITTER.load();
    let (from_serde, from_fast): (twitter::borrowed::Twitter, _) =
        roundtrip_borrowed(payloads::TWITTER, &input);
    // `Cow` fields borrow exactly where serde_json borrows (strings without escapes).
    let mut borrowed = 0;
    for (s, f) in from_serde.statuses.iter().zip(&from_fast.statuses) {
        for (a, b) in [
            (&s.text, &f.text),
            (&s.source, &f.source),
            (&s.user.description, &f.user.description),
        ] {
            assert_eq!(
                is_borrowed(a),
                is_borrowed(b),
                "borrowing differs for {a:?}"
            );
            borrowed += usize::from(is_borrowed(b));
        }
    }
    assert!(borrowed > 0, "no Cow field borrowed from the input");
}

#[test]
fn citm_catalog() {
    let value: citm::CitmCatalog = roundtrip(payloads::CITM_CATALOG, false);
    assert_eq!(value.performances.len(), 243);
}

#[test]
fn citm_catalog_borrowed() {
    let input = payloads::CITM_CATALOG.load();
    let (from_serde, from_fast): (citm::borrowed::CitmCatalog, _) =
        roundtrip_borrowed(payloads::CITM_CATALOG, &input);
    for (s, f) in from_serde.events.values().zip(from_fast.events.values()) {
        assert_eq!(
            is_borrowed(&s.name),
            is_borrowed(&f.name),
            "borrowing differs for {:?}",
            s.name
        );
    }
}

#[test]
fn canada() {
    let value: canada::Canada = roundtrip(payloads::CANADA, false);
    let points: usize = value.features[0]
        .geometry
        .coordinates
        .iter()
        .map(Vec::len)
        .sum();
    assert_eq!(points, 55563);
}

#[test]
fn order_small() {
    let value: seeds::order_small::Order = roundtrip(payloads::ORDER_SMALL, false);
    // The seed omits a null note: check that writing does too, both ways.
    let without_note = seeds::order_small::Order {
        note: None,
        ..value
    };
    let json = json_runtime::to_string(&without_note).unwrap();
    assert!(!json.contains("note"), "{json}");
    assert_eq!(json, serde_json::to_string(&without_note).unwrap());
}

#[test]
fn forecast() {
    let value: seeds::forecast::WeatherForecast = roundtrip(payloads::FORECAST, true);
    // The file is written indented, exactly as the pretty writers write it.
    let file = payloads::FORECAST.load();
    assert_eq!(
        json_runtime::to_string_pretty(&value).unwrap().trim_end(),
        String::from_utf8_lossy(&file).trim_end()
    );
}

#[test]
fn cosmos_order() {
    let value: seeds::cosmos_order::Order = roundtrip(payloads::COSMOS_ORDER, false);
    assert_eq!(value.items.len(), 20);
    assert_eq!(value.ts, 1_742_112_062);
}

#[test]
fn weather_station() {
    let value: seeds::weather_station::WeatherStation = roundtrip(payloads::WEATHER_STATION, false);
    assert_eq!(value.sensors[0].data[0].solar_rad, None);
}

#[test]
fn order_1k() {
    let value: seeds::order_1k::Order = roundtrip(payloads::ORDER_1K, false);
    assert_eq!(value.lines.len(), 13);
    // This file is compact and every number in it is written in serde_json's form.
    assert_eq!(
        json_runtime::to_vec(&value).unwrap(),
        payloads::ORDER_1K.load()
    );
}
