//! The payload types tests and benches share: the three standard corpora (with borrowed
//! variants of twitter and citm) and the five seed payloads. Each type derives serde's
//! `Serialize`/`Deserialize` and `FastJson` with the same attributes.

pub mod canada;
pub mod citm;
pub mod seeds;
pub mod twitter;
pub mod typed;

/// A payload file: where it lives under `data/` and the name tables use for it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Payload {
    /// The file stem, used as the payload name in bench tables and the CSV (`twitter`, `order_1k`).
    pub name: &'static str,
    /// The folder under `data/` (`corpus` or `seeds`).
    pub dir: &'static str,
    /// The file name.
    pub file: &'static str,
}

impl Payload {
    /// Reads the file (panics with its path if it is missing).
    pub fn load(&self) -> Vec<u8> {
        crate::data::load(self.dir, self.file)
    }
}

pub const TWITTER: Payload = Payload {
    name: "twitter",
    dir: "corpus",
    file: "twitter.json",
};
pub const CITM_CATALOG: Payload = Payload {
    name: "citm_catalog",
    dir: "corpus",
    file: "citm_catalog.json",
};
pub const CANADA: Payload = Payload {
    name: "canada",
    dir: "corpus",
    file: "canada.json",
};
pub const ORDER_SMALL: Payload = Payload {
    name: "order_small",
    dir: "seeds",
    file: "order_small.json",
};
pub const FORECAST: Payload = Payload {
    name: "forecast",
    dir: "seeds",
    file: "forecast.json",
};
pub const COSMOS_ORDER: Payload = Payload {
    name: "cosmos_order",
    dir: "seeds",
    file: "cosmos_order.json",
};
pub const WEATHER_STATION: Payload = Payload {
    name: "weather_station",
    dir: "seeds",
    file: "weather_station.json",
};
pub const ORDER_1K: Payload = Payload {
    name: "order_1k",
    dir: "seeds",
    file: "order_1k.json",
};

/// Every payload, corpora first.
pub const ALL: [Payload; 8] = [
    TWITTER,
    CITM_CATALOG,
    CANADA,
    ORDER_SMALL,
    FORECAST,
    COSMOS_ORDER,
    WEATHER_STATION,
    ORDER_1K,
];
