//! `corpus/citm_catalog.json`: a ticketing catalogue, mostly maps keyed by numeric ids
//! (types after serde-rs/json-benchmark). Fields that are always `null` in the data are `()`.

use json_runtime::FastJson;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Entity ids; as object keys they are written as strings (`"138586341": ...`).
pub type Id = u32;

/// The whole document.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct CitmCatalog {
    pub area_names: BTreeMap<Id, String>,
    pub audience_sub_category_names: BTreeMap<Id, String>,
    pub block_names: BTreeMap<Id, String>,
    pub events: BTreeMap<Id, Event>,
    pub performances: Vec<Performance>,
    pub seat_category_names: BTreeMap<Id, String>,
    pub sub_topic_names: BTreeMap<Id, String>,
    pub subject_names: BTreeMap<Id, String>,
    pub topic_names: BTreeMap<Id, String>,
    pub topic_sub_topics: BTreeMap<Id, Vec<Id>>,
    pub venue_names: BTreeMap<String, String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Event {
    pub description: (),
    pub id: Id,
    pub logo: Option<String>,
    pub name: String,
    pub sub_topic_ids: Vec<Id>,
    pub subject_code: (),
    pub subtitle: (),
    pub topic_ids: Vec<Id>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Performance {
    pub event_id: Id,
    pub id: Id,
    pub logo: Option<String>,
    pub name: (),
    pub prices: Vec<Price>,
    pub seat_categories: Vec<SeatCategory>,
    pub seat_map_image: (),
    pub start: u64,
    pub venue_code: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Price {
    pub amount: u32,
    pub audience_sub_category_id: Id,
    pub seat_category_id: Id,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct SeatCategory {
    pub areas: Vec<Area>,
    pub seat_category_id: Id,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Area {
    pub area_id: Id,
    /// Always empty in the data.
    pub block_ids: Vec<Id>,
}

/// The same document read without copying strings: `&'a str` everywhere except the event
/// `name`, which has an escape in the data and so is a `Cow<'a, str>` (borrowed when it can be).
/// `Price`, `SeatCategory` and `Area` hold no strings: the owned types are reused.
pub mod borrowed {
    use super::{Id, Price, SeatCategory};
    use json_runtime::FastJson;
    use serde::{Deserialize, Serialize};
    use std::borrow::Cow;
    use std::collections::BTreeMap;

    #[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
    #[serde(deny_unknown_fields, rename_all = "camelCase")]
    pub struct CitmCatalog<'a> {
        #[serde(borrow)]
        pub area_names: BTreeMap<Id, &'a str>,
        #[serde(borrow)]
        pub audience_sub_category_names: BTreeMap<Id, &'a str>,
        #[serde(borrow)]
        pub block_names: BTreeMap<Id, &'a str>,
        #[serde(borrow)]
        pub events: BTreeMap<Id, Event<'a>>,
        #[serde(borrow)]
        pub performances: Vec<Performance<'a>>,
        #[serde(borrow)]
        pub seat_category_names: BTreeMap<Id, &'a str>,
        #[serde(borrow)]
        pub sub_topic_names: BTreeMap<Id, &'a str>,
        #[serde(borrow)]
        pub subject_names: BTreeMap<Id, &'a str>,
        #[serde(borrow)]
        pub topic_names: BTreeMap<Id, &'a str>,
        pub topic_sub_topics: BTreeMap<Id, Vec<Id>>,
        #[serde(borrow)]
        pub venue_names: BTreeMap<&'a str, &'a str>,
    }

    #[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
    #[serde(deny_unknown_fields, rename_all = "camelCase")]
    pub struct Event<'a> {
        pub description: (),
        pub id: Id,
        #[serde(borrow)]
        pub logo: Option<&'a str>,
        #[serde(borrow)]
        pub name: Cow<'a, str>,
        pub sub_topic_ids: Vec<Id>,
        pub subject_code: (),
        pub subtitle: (),
        pub topic_ids: Vec<Id>,
    }

    #[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
    #[serde(deny_unknown_fields, rename_all = "camelCase")]
    pub struct Performance<'a> {
        pub event_id: Id,
        pub id: Id,
        #[serde(borrow)]
        pub logo: Option<&'a str>,
        pub name: (),
        pub prices: Vec<Price>,
        pub seat_categories: Vec<SeatCategory>,
        pub seat_map_image: (),
        pub start: u64,
        pub venue_code: &'a str,
    }
}
