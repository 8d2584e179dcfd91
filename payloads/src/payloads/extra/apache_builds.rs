//! `extra/apache_builds.json`: the Jenkins `/api/json` answer of Apache's build server, as a
//! dashboard client would type it: camelCase keys, 875 jobs, loads as string-keyed maps.

use json_runtime::FastJson;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The whole document.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
#[cfg_attr(
    feature = "simd-json-derive",
    derive(simd_json_derive::Serialize, simd_json_derive::Deserialize)
)]
#[serde(rename_all = "camelCase")]
pub struct Jenkins {
    pub assigned_labels: Vec<Label>,
    /// `EXCLUSIVE` or `NORMAL`, kept as the server spells it.
    pub mode: String,
    pub node_description: String,
    pub node_name: String,
    pub num_executors: u32,
    pub description: String,
    pub jobs: Vec<Job>,
    /// Empty on this server: load statistics by name.
    pub overall_load: BTreeMap<String, f64>,
    pub primary_view: View,
    pub quieting_down: bool,
    pub slave_agent_port: u16,
    pub unlabeled_load: BTreeMap<String, f64>,
    pub use_crumbs: bool,
    pub use_security: bool,
    pub views: Vec<View>,
}

/// A node label; the API returns `{}` unless asked for its fields.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
#[cfg_attr(
    feature = "simd-json-derive",
    derive(simd_json_derive::Serialize, simd_json_derive::Deserialize)
)]
pub struct Label {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
#[cfg_attr(
    feature = "simd-json-derive",
    derive(simd_json_derive::Serialize, simd_json_derive::Deserialize)
)]
pub struct Job {
    pub name: String,
    pub url: String,
    /// The status ball: `blue`, `red_anime`, `disabled`, ...
    pub color: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
#[cfg_attr(
    feature = "simd-json-derive",
    derive(simd_json_derive::Serialize, simd_json_derive::Deserialize)
)]
pub struct View {
    pub name: String,
    pub url: String,
}
