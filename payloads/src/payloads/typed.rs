//! The seed payloads with the types their .NET originals hold (issue: "Beyond serde"):
//! `Uuid` ids, `DateTime<Utc>` timestamps and `Decimal` prices (written as JSON numbers, as the
//! seed data has them), and the weather station's numbers-as-strings read as numbers.
//!
//! The order types derive serde too (with `rust_decimal::serde::float` for prices, mirrored by
//! `#[fastjson(with = "json_runtime::ext::decimal::float")]`), so they are compared with
//! serde_json like every other payload. The weather station has no serde counterpart: serde
//! cannot read `"71.3"` into an `f64` without extra crates.

/// `order_small.json` (seed 000) with `Uuid`, `DateTime<Utc>` and `Decimal`.
pub mod order_small {
    use chrono::{DateTime, Utc};
    use json_runtime::FastJson;
    use rust_decimal::Decimal;
    use serde::{Deserialize, Serialize};
    use uuid::Uuid;

    #[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
    #[serde(rename_all = "camelCase")]
    pub struct Order {
        pub id: Uuid,
        pub customer: String,
        pub placed_at_utc: DateTime<Utc>,
        pub items: Vec<LineItem>,
        #[serde(skip_serializing_if = "Option::is_none")]
        pub note: Option<String>,
    }

    #[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
    #[serde(rename_all = "camelCase")]
    pub struct LineItem {
        pub name: String,
        pub quantity: i32,
        #[serde(with = "rust_decimal::serde::float")]
        #[fastjson(with = "json_runtime::ext::decimal::float")]
        pub unit_price: Decimal,
    }
}

/// `order_1k.json` (seed 004) with `DateTime<Utc>` and `Decimal`.
pub mod order_1k {
    use chrono::{DateTime, Utc};
    use json_runtime::FastJson;
    use rust_decimal::Decimal;
    use serde::{Deserialize, Serialize};

    #[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
    #[serde(rename_all = "camelCase")]
    pub struct Order {
        pub id: u64,
        pub placed_at: DateTime<Utc>,
        pub currency: String,
        pub customer: Customer,
        pub lines: Vec<OrderLine>,
    }

    #[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
    pub struct Customer {
        pub id: u64,
        pub name: String,
        pub email: String,
    }

    #[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
    #[serde(rename_all = "camelCase")]
    pub struct OrderLine {
        pub sku: String,
        pub quantity: u32,
        #[serde(with = "rust_decimal::serde::float")]
        #[fastjson(with = "json_runtime::ext::decimal::float")]
        pub unit_price: Decimal,
    }
}

/// `weather_station.json` (seed 003): the numbers the station sends as strings, read as
/// numbers with `#[fastjson(number_from_string)]` and written back as strings with
/// `#[fastjson(number_as_string)]` (FastJson only).
pub mod weather_station {
    use json_runtime::FastJson;

    #[derive(Debug, Clone, PartialEq, FastJson)]
    #[fastjson(number_from_string, number_as_string)]
    pub struct WeatherStation {
        pub station_id: u64,
        pub generated_at: u64,
        pub sensors: Vec<Sensor>,
    }

    #[derive(Debug, Clone, PartialEq, FastJson)]
    #[fastjson(number_from_string, number_as_string)]
    pub struct Sensor {
        pub lsid: u64,
        pub sensor_type: u32,
        pub data_structure_type: u32,
        pub data: Vec<Reading>,
    }

    #[derive(Debug, Clone, PartialEq, FastJson)]
    #[fastjson(number_from_string, number_as_string)]
    pub struct Reading {
        pub ts: u64,
        pub temp: Option<f64>,
        pub hum: Option<f64>,
        pub dew_point: Option<f64>,
        pub wind_speed_last: Option<f64>,
        pub wind_dir_last: Option<u32>,
        pub rain_rate_last: Option<f64>,
        pub solar_rad: Option<f64>,
        pub uv_index: Option<f64>,
        pub pressure: Option<f64>,
        pub bar_trend: Option<f64>,
        pub heat_index: Option<f64>,
        pub wind_chill: Option<f64>,
        pub thsw_index: Option<f64>,
    }
}
