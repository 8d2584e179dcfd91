//! Skim types: a few fields of a large document, everything else skipped, as API clients
//! declare them. No `deny_unknown_fields`: serde skips the rest with `IgnoredAny` (which still
//! validates it), FastJson with `Reader::skip_value`.

use json_runtime::FastJson;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// `corpus/twitter.json`: the id of each status (users, entities and retweets skipped).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
pub struct TwitterIds {
    pub statuses: Vec<StatusId>,
}

/// One status's id.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
pub struct StatusId {
    pub id: u64,
}

/// `corpus/canada.json`: the document's `type` (the coordinate arrays skipped).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
pub struct CanadaType {
    #[serde(rename = "type")]
    pub kind: String,
}

/// `corpus/citm_catalog.json`: one map (events, performances and the other maps skipped).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
pub struct CitmAreas {
    #[serde(rename = "areaNames")]
    pub area_names: BTreeMap<super::citm::Id, String>,
}

/// `extra/github_events.json`: the `type` of each event (actors, repos, payloads skipped).
pub type EventTypes = Vec<EventType>;

/// One event's `type`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
pub struct EventType {
    #[serde(rename = "type")]
    pub kind: String,
}
