//! The payload types tests and benches share: the three standard corpora (with borrowed
//! variants of twitter and citm), the five seed payloads, the ten extra documents and skim types
//! (a few fields of a large document). Each type derives serde's
//! `Serialize`/`Deserialize` and `FastJson` with the same attributes.

pub mod canada;
pub mod citm;
pub mod extra;
pub mod seeds;
pub mod skim;
pub mod twitter;
pub mod typed;

/// A payload file: where it lives under `data/` and the name tables use for it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Payload {
    /// The file stem, used as the payload name in bench tables and the CSV (`twitter`, `order_1k`).
    pub name: &'static str,
    /// The folder under `data/` (`corpus`, `seeds` or `extra`).
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

pub const APACHE_BUILDS: Payload = Payload {
    name: "apache_builds",
    dir: "extra",
    file: "apache_builds.json",
};
pub const GITHUB_EVENTS: Payload = Payload {
    name: "github_events",
    dir: "extra",
    file: "github_events.json",
};
pub const GSOC_2018: Payload = Payload {
    name: "gsoc_2018",
    dir: "extra",
    file: "gsoc-2018.json",
};
pub const INSTRUMENTS: Payload = Payload {
    name: "instruments",
    dir: "extra",
    file: "instruments.json",
};
pub const MARINE_IK: Payload = Payload {
    name: "marine_ik",
    dir: "extra",
    file: "marine_ik.json",
};
pub const MESH: Payload = Payload {
    name: "mesh",
    dir: "extra",
    file: "mesh.json",
};
pub const NUMBERS: Payload = Payload {
    name: "numbers",
    dir: "extra",
    file: "numbers.json",
};
pub const RANDOM: Payload = Payload {
    name: "random",
    dir: "extra",
    file: "random.json",
};
pub const TWITTERESCAPED: Payload = Payload {
    name: "twitterescaped",
    dir: "extra",
    file: "twitterescaped.json",
};
pub const UPDATE_CENTER: Payload = Payload {
    name: "update_center",
    dir: "extra",
    file: "update-center.json",
};

/// The ten documents of `data/extra/`.
pub const EXTRA: [Payload; 10] = [
    APACHE_BUILDS,
    GITHUB_EVENTS,
    GSOC_2018,
    INSTRUMENTS,
    MARINE_IK,
    MESH,
    NUMBERS,
    RANDOM,
    TWITTERESCAPED,
    UPDATE_CENTER,
];

/// The corpora and seed payloads, corpora first.
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
