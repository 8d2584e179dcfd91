//! `corpus/canada.json`: one GeoJSON polygon feature (the outline of Canada), ~111k
//! coordinate pairs, read as `f64` (the data has up to 17 significant digits).

use json_runtime::FastJson;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The whole document.
pub type Canada = FeatureCollection;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
#[cfg_attr(
    feature = "simd-json-derive",
    derive(simd_json_derive::Serialize, simd_json_derive::Deserialize)
)]
#[serde(deny_unknown_fields)]
pub struct FeatureCollection {
    #[serde(rename = "type")]
    pub obj_type: ObjType,
    pub features: Vec<Feature>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
#[cfg_attr(
    feature = "simd-json-derive",
    derive(simd_json_derive::Serialize, simd_json_derive::Deserialize)
)]
#[serde(deny_unknown_fields)]
pub struct Feature {
    #[serde(rename = "type")]
    pub obj_type: ObjType,
    pub properties: BTreeMap<String, String>,
    pub geometry: Geometry,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
#[cfg_attr(
    feature = "simd-json-derive",
    derive(simd_json_derive::Serialize, simd_json_derive::Deserialize)
)]
#[serde(deny_unknown_fields)]
pub struct Geometry {
    #[serde(rename = "type")]
    pub obj_type: ObjType,
    /// Rings of `(longitude, latitude)` pairs.
    pub coordinates: Vec<Vec<(f64, f64)>>,
}

/// The GeoJSON `type` tag, a unit enum written as its name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, FastJson)]
#[cfg_attr(
    feature = "simd-json-derive",
    derive(simd_json_derive::Serialize, simd_json_derive::Deserialize)
)]
pub enum ObjType {
    FeatureCollection,
    Feature,
    Polygon,
}
