//! The five seed payloads in `seeds/`, one module each, shaped after the seed articles.
//!
//! Ids, timestamps and decimals are kept as `String`/`f64` here; typed variants (uuid, chrono,
//! decimal) live elsewhere.

/// `order_small.json` (seed 000): a small camelCase order; a `null` note is omitted.
pub mod order_small {
    use json_runtime::FastJson;
    use serde::{Deserialize, Serialize};

    #[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
    #[cfg_attr(
        feature = "simd-json-derive",
        derive(simd_json_derive::Serialize, simd_json_derive::Deserialize)
    )]
    #[serde(rename_all = "camelCase")]
    pub struct Order {
        pub id: String,
        pub customer: String,
        pub placed_at_utc: String,
        pub items: Vec<LineItem>,
        #[serde(skip_serializing_if = "Option::is_none")]
        pub note: Option<String>,
    }

    #[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
    #[cfg_attr(
        feature = "simd-json-derive",
        derive(simd_json_derive::Serialize, simd_json_derive::Deserialize)
    )]
    #[serde(rename_all = "camelCase")]
    pub struct LineItem {
        pub name: String,
        pub quantity: i32,
        pub unit_price: f64,
    }
}

/// `forecast.json` (seed 001): ASP.NET's template `WeatherForecast`, PascalCase, written indented.
pub mod forecast {
    use json_runtime::FastJson;
    use serde::{Deserialize, Serialize};

    #[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
    #[serde(rename_all = "PascalCase")]
    pub struct WeatherForecast {
        pub date: String,
        pub temperature_c: i32,
        pub summary: Option<String>,
    }
}

/// `cosmos_order.json` (seed 002): a ~3.5 KB Cosmos DB document, camelCase, 14 properties, two
/// nested objects and a 20-element array; the system property `_ts` keeps its name.
pub mod cosmos_order {
    use json_runtime::FastJson;
    use serde::{Deserialize, Serialize};

    #[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
    #[cfg_attr(
        feature = "simd-json-derive",
        derive(simd_json_derive::Serialize, simd_json_derive::Deserialize)
    )]
    #[serde(rename_all = "camelCase")]
    pub struct Order {
        pub id: String,
        pub pk: String,
        pub order_number: String,
        pub status: String,
        pub created_at: String,
        pub updated_at: String,
        pub total_amount: f64,
        pub currency: String,
        pub priority: i32,
        pub is_gift: bool,
        pub customer: Customer,
        pub shipping_address: Address,
        pub items: Vec<OrderItem>,
        #[serde(rename = "_ts")]
        pub ts: i64,
    }

    #[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
    #[cfg_attr(
        feature = "simd-json-derive",
        derive(simd_json_derive::Serialize, simd_json_derive::Deserialize)
    )]
    #[serde(rename_all = "camelCase")]
    pub struct Customer {
        pub customer_id: String,
        pub name: String,
        pub email: String,
        pub phone: String,
        pub tier: String,
    }

    #[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
    #[cfg_attr(
        feature = "simd-json-derive",
        derive(simd_json_derive::Serialize, simd_json_derive::Deserialize)
    )]
    #[serde(rename_all = "camelCase")]
    pub struct Address {
        pub line1: String,
        pub line2: Option<String>,
        pub city: String,
        pub postal_code: String,
        pub country: String,
        pub geo: Geo,
    }

    #[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
    #[cfg_attr(
        feature = "simd-json-derive",
        derive(simd_json_derive::Serialize, simd_json_derive::Deserialize)
    )]
    pub struct Geo {
        pub lat: f64,
        pub lon: f64,
    }

    #[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
    #[cfg_attr(
        feature = "simd-json-derive",
        derive(simd_json_derive::Serialize, simd_json_derive::Deserialize)
    )]
    #[serde(rename_all = "camelCase")]
    pub struct OrderItem {
        pub line_no: u32,
        pub sku: String,
        pub description: String,
        pub quantity: u32,
        pub unit_price: f64,
        pub discount: f64,
    }
}

/// `weather_station.json` (seed 003): a weather station API response with nullable readings
/// and every number written as a string (kept as strings until numbers-from-strings exists).
pub mod weather_station {
    use json_runtime::FastJson;
    use serde::{Deserialize, Serialize};

    #[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
    #[cfg_attr(
        feature = "simd-json-derive",
        derive(simd_json_derive::Serialize, simd_json_derive::Deserialize)
    )]
    pub struct WeatherStation {
        pub station_id: String,
        pub generated_at: String,
        pub sensors: Vec<Sensor>,
    }

    #[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
    #[cfg_attr(
        feature = "simd-json-derive",
        derive(simd_json_derive::Serialize, simd_json_derive::Deserialize)
    )]
    pub struct Sensor {
        pub lsid: String,
        pub sensor_type: String,
        pub data_structure_type: String,
        pub data: Vec<Reading>,
    }

    /// One reading; a sensor the station lacks reports `null`.
    #[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
    #[cfg_attr(
        feature = "simd-json-derive",
        derive(simd_json_derive::Serialize, simd_json_derive::Deserialize)
    )]
    pub struct Reading {
        pub ts: String,
        pub temp: Option<String>,
        pub hum: Option<String>,
        pub dew_point: Option<String>,
        pub wind_speed_last: Option<String>,
        pub wind_dir_last: Option<String>,
        pub rain_rate_last: Option<String>,
        pub solar_rad: Option<String>,
        pub uv_index: Option<String>,
        pub pressure: Option<String>,
        pub bar_trend: Option<String>,
        pub heat_index: Option<String>,
        pub wind_chill: Option<String>,
        pub thsw_index: Option<String>,
    }
}

/// `order_1k.json` (seed 004): a ~1 KB camelCase order with a customer and 13 order lines.
pub mod order_1k {
    use json_runtime::FastJson;
    use serde::{Deserialize, Serialize};

    #[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
    #[cfg_attr(
        feature = "simd-json-derive",
        derive(simd_json_derive::Serialize, simd_json_derive::Deserialize)
    )]
    #[serde(rename_all = "camelCase")]
    pub struct Order {
        pub id: u64,
        pub placed_at: String,
        pub currency: String,
        pub customer: Customer,
        pub lines: Vec<OrderLine>,
    }

    #[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
    #[cfg_attr(
        feature = "simd-json-derive",
        derive(simd_json_derive::Serialize, simd_json_derive::Deserialize)
    )]
    pub struct Customer {
        pub id: u64,
        pub name: String,
        pub email: String,
    }

    #[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
    #[cfg_attr(
        feature = "simd-json-derive",
        derive(simd_json_derive::Serialize, simd_json_derive::Deserialize)
    )]
    #[serde(rename_all = "camelCase")]
    pub struct OrderLine {
        pub sku: String,
        pub quantity: u32,
        pub unit_price: f64,
    }
}
