//! `extra/update-center.json`: Jenkins' update-center plugin list: 654 plugins in a map keyed
//! by plugin name, camelCase keys, optional fields skipped when absent, developer records whose
//! every field may be missing, long base64 signatures.

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
pub struct UpdateCenter {
    pub connection_check_url: String,
    pub core: Core,
    pub id: String,
    pub plugins: BTreeMap<String, Plugin>,
    pub signature: Signature,
    pub update_center_version: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
#[cfg_attr(
    feature = "simd-json-derive",
    derive(simd_json_derive::Serialize, simd_json_derive::Deserialize)
)]
#[serde(rename_all = "camelCase")]
pub struct Core {
    pub build_date: String,
    pub name: String,
    pub sha1: String,
    pub url: String,
    pub version: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
#[cfg_attr(
    feature = "simd-json-derive",
    derive(simd_json_derive::Serialize, simd_json_derive::Deserialize)
)]
#[serde(rename_all = "camelCase")]
pub struct Plugin {
    pub build_date: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub compatible_since_version: Option<String>,
    pub dependencies: Vec<Dependency>,
    pub developers: Vec<Developer>,
    pub excerpt: String,
    pub gav: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub labels: Option<Vec<String>>,
    pub name: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub previous_timestamp: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub previous_version: Option<String>,
    pub release_timestamp: String,
    pub required_core: String,
    pub scm: String,
    pub sha1: String,
    pub title: String,
    pub url: String,
    pub version: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub wiki: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
#[cfg_attr(
    feature = "simd-json-derive",
    derive(simd_json_derive::Serialize, simd_json_derive::Deserialize)
)]
pub struct Dependency {
    pub name: String,
    pub optional: bool,
    pub version: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
#[cfg_attr(
    feature = "simd-json-derive",
    derive(simd_json_derive::Serialize, simd_json_derive::Deserialize)
)]
#[serde(rename_all = "camelCase")]
pub struct Developer {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub developer_id: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub email: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
#[cfg_attr(
    feature = "simd-json-derive",
    derive(simd_json_derive::Serialize, simd_json_derive::Deserialize)
)]
pub struct Signature {
    pub certificates: Vec<String>,
    pub correct_digest: String,
    pub correct_signature: String,
    pub digest: String,
    pub signature: String,
}
