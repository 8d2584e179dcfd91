//! The types of two seed payloads, as in `json-payloads`' `seeds` module, with `alloc` types
//! only. The host tests also derive serde's traits on them to compare with serde_json.

/// `order_small.json` (seed 000): a small camelCase order; a `null` note is omitted.
pub mod order_small {
    use alloc::string::String;
    use alloc::vec::Vec;
    use json_runtime::FastJson;

    #[derive(Debug, Clone, PartialEq, FastJson)]
    #[cfg_attr(test, derive(serde::Serialize, serde::Deserialize))]
    #[serde(rename_all = "camelCase")]
    pub struct Order {
        pub id: String,
        pub customer: String,
        pub placed_at_utc: String,
        pub items: Vec<LineItem>,
        #[serde(skip_serializing_if = "Option::is_none")]
        pub note: Option<String>,
    }

    #[derive(Debug, Clone, PartialEq, FastJson)]
    #[cfg_attr(test, derive(serde::Serialize, serde::Deserialize))]
    #[serde(rename_all = "camelCase")]
    pub struct LineItem {
        pub name: String,
        pub quantity: i32,
        pub unit_price: f64,
    }
}

/// `weather_station.json` (seed 003, a constrained device's API response): nullable readings,
/// every number written as a string.
pub mod weather_station {
    use alloc::string::String;
    use alloc::vec::Vec;
    use json_runtime::FastJson;

    #[derive(Debug, Clone, PartialEq, FastJson)]
    #[cfg_attr(test, derive(serde::Serialize, serde::Deserialize))]
    pub struct WeatherStation {
        pub station_id: String,
        pub generated_at: String,
        pub sensors: Vec<Sensor>,
    }

    #[derive(Debug, Clone, PartialEq, FastJson)]
    #[cfg_attr(test, derive(serde::Serialize, serde::Deserialize))]
    pub struct Sensor {
        pub lsid: String,
        pub sensor_type: String,
        pub data_structure_type: String,
        pub data: Vec<Reading>,
    }

    /// One reading; a sensor the station lacks reports `null`.
    #[derive(Debug, Clone, PartialEq, FastJson)]
    #[cfg_attr(test, derive(serde::Serialize, serde::Deserialize))]
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
