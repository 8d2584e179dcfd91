//! `extra/mesh.json`: a skinned 3-D mesh: flat `f64` arrays of positions, normals and texture
//! coordinates with 12-13 significant digits, integer index and colour arrays, and
//! `(weight, bone)` influence pairs.

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
pub struct Mesh {
    pub batches: Vec<Batch>,
    /// Named morph targets (none in this file).
    pub morph_targets: BTreeMap<String, Vec<f64>>,
    pub positions: Vec<f64>,
    pub tex0: Vec<f64>,
    pub colors: Vec<u32>,
    pub influences: Vec<(f64, u16)>,
    pub normals: Vec<f64>,
    pub indices: Vec<u32>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
#[cfg_attr(
    feature = "simd-json-derive",
    derive(simd_json_derive::Serialize, simd_json_derive::Deserialize)
)]
#[serde(rename_all = "camelCase")]
pub struct Batch {
    pub index_range: [u32; 2],
    pub vertex_range: [u32; 2],
    pub used_bones: Vec<u16>,
}
