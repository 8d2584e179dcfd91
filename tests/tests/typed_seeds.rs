//! The seed payloads with Uuid, DateTime<Utc> and Decimal fields (and the weather station's
//! numbers-as-strings read as numbers): read with FastJson and serde_json into the same types,
//! equal values, byte-identical output.

use json_tests::payloads::{self, typed};

fn same_as_serde<T>(payload: payloads::Payload)
where
    T: serde::Serialize
        + serde::de::DeserializeOwned
        + json_runtime::ToJson
        + PartialEq
        + std::fmt::Debug,
    T: for<'de> json_runtime::FromJson<'de>,
{
    let input = payload.load();
    let ours: T = json_runtime::from_slice(&input).unwrap();
    let theirs: T = serde_json::from_slice(&input).unwrap();
    assert_eq!(ours, theirs, "{}", payload.name);
    assert_eq!(
        json_runtime::to_vec(&ours).unwrap(),
        serde_json::to_vec(&theirs).unwrap()
    );
    assert_eq!(
        json_runtime::to_string_pretty(&ours).unwrap(),
        serde_json::to_string_pretty(&theirs).unwrap()
    );
}

#[test]
fn order_small_typed() {
    same_as_serde::<typed::order_small::Order>(payloads::ORDER_SMALL);
    let order: typed::order_small::Order =
        json_runtime::from_slice(&payloads::ORDER_SMALL.load()).unwrap();
    assert_eq!(order.id.to_string(), "8a1f6c2e-0b3d-4e5a-9c7f-112233445566");
    assert_eq!(
        order.items[0].unit_price,
        rust_decimal::Decimal::new(235, 1)
    );
    // The re-serialized document is the seed file itself.
    let original = payloads::ORDER_SMALL.load();
    let original = std::str::from_utf8(&original).unwrap().trim_end();
    assert_eq!(json_runtime::to_string(&order).unwrap(), original);
}

#[test]
fn order_1k_typed() {
    same_as_serde::<typed::order_1k::Order>(payloads::ORDER_1K);
}

#[test]
fn weather_station_reads_numbers_from_strings() {
    use typed::weather_station::WeatherStation;
    let input = payloads::WEATHER_STATION.load();
    let station: WeatherStation = json_runtime::from_slice(&input).unwrap();
    assert_eq!(station.station_id, 117084);
    let reading = &station.sensors[0].data[0];
    assert_eq!(reading.temp, Some(71.3));
    assert_eq!(reading.bar_trend, Some(-0.01));
    assert_eq!(reading.wind_dir_last, Some(212));
    assert_eq!(reading.solar_rad, None);
    // Written back as strings, and read back equal.
    let written = json_runtime::to_string(&station).unwrap();
    assert!(written.contains(r#""temp":"71.3""#), "{written}");
    assert!(written.contains(r#""solar_rad":null"#), "{written}");
    assert_eq!(
        json_runtime::from_str::<WeatherStation>(&written).unwrap(),
        station
    );
    // A string that is not exactly a number is an error with a path.
    let bad = std::str::from_utf8(&input)
        .unwrap()
        .replace("\"71.3\"", "\"71.3 \"");
    let err = json_runtime::from_str::<WeatherStation>(&bad).unwrap_err();
    assert_eq!(err.path(), "sensors[0].data[0].temp");
}
