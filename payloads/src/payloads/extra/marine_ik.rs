//! `extra/marine_ik.json`: a three.js JSON model (format 4) with a skinned mesh and its
//! animation: GPU buffers as `f32` arrays (6 decimals), bone keys as small `f64` arrays,
//! camelCase keys and `"type"` strings.

use json_runtime::FastJson;
use serde::{Deserialize, Serialize};

/// The whole document.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
#[cfg_attr(
    feature = "simd-json-derive",
    derive(simd_json_derive::Serialize, simd_json_derive::Deserialize)
)]
pub struct Scene {
    pub images: Vec<Image>,
    pub geometries: Vec<Geometry>,
    pub textures: Vec<Texture>,
    pub metadata: SceneMetadata,
    pub materials: Vec<Material>,
    pub object: Object,
    pub animations: Vec<Clip>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
#[cfg_attr(
    feature = "simd-json-derive",
    derive(simd_json_derive::Serialize, simd_json_derive::Deserialize)
)]
pub struct Image {
    pub url: String,
    pub uuid: String,
    pub name: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
#[cfg_attr(
    feature = "simd-json-derive",
    derive(simd_json_derive::Serialize, simd_json_derive::Deserialize)
)]
pub struct Geometry {
    #[serde(rename = "type")]
    pub kind: String,
    pub uuid: String,
    pub data: GeometryData,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
#[cfg_attr(
    feature = "simd-json-derive",
    derive(simd_json_derive::Serialize, simd_json_derive::Deserialize)
)]
#[serde(rename_all = "camelCase")]
pub struct GeometryData {
    /// One UV layer per entry, `u, v` interleaved.
    pub uvs: Vec<Vec<f32>>,
    pub animations: Vec<SkeletalAnimation>,
    pub vertices: Vec<f32>,
    pub metadata: GeometryMetadata,
    pub name: String,
    pub skin_weights: Vec<f32>,
    pub skin_indices: Vec<u16>,
    pub influences_per_vertex: u8,
    pub normals: Vec<f32>,
    pub bones: Vec<Bone>,
    /// Face records: a type bit mask, then the indices it announces.
    pub faces: Vec<u32>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
#[cfg_attr(
    feature = "simd-json-derive",
    derive(simd_json_derive::Serialize, simd_json_derive::Deserialize)
)]
pub struct SkeletalAnimation {
    pub hierarchy: Vec<BoneTrack>,
    pub length: f64,
    pub fps: u32,
    pub name: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
#[cfg_attr(
    feature = "simd-json-derive",
    derive(simd_json_derive::Serialize, simd_json_derive::Deserialize)
)]
pub struct BoneTrack {
    pub parent: i32,
    pub keys: Vec<Key>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
#[cfg_attr(
    feature = "simd-json-derive",
    derive(simd_json_derive::Serialize, simd_json_derive::Deserialize)
)]
pub struct Key {
    pub pos: [f64; 3],
    pub time: f64,
    pub scl: [f64; 3],
    pub rot: [f64; 4],
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
#[cfg_attr(
    feature = "simd-json-derive",
    derive(simd_json_derive::Serialize, simd_json_derive::Deserialize)
)]
pub struct GeometryMetadata {
    pub uvs: u32,
    pub version: u32,
    pub faces: u32,
    pub generator: String,
    pub normals: u32,
    pub bones: u32,
    pub vertices: u32,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
#[cfg_attr(
    feature = "simd-json-derive",
    derive(simd_json_derive::Serialize, simd_json_derive::Deserialize)
)]
pub struct Bone {
    pub parent: i32,
    pub pos: [f64; 3],
    pub rotq: [f64; 4],
    pub scl: [f64; 3],
    pub name: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
#[cfg_attr(
    feature = "simd-json-derive",
    derive(simd_json_derive::Serialize, simd_json_derive::Deserialize)
)]
#[serde(rename_all = "camelCase")]
pub struct Texture {
    pub repeat: [f32; 2],
    pub wrap: [u32; 2],
    pub anisotropy: u32,
    pub image: String,
    pub name: String,
    pub mapping: u32,
    pub min_filter: u32,
    pub uuid: String,
    pub mag_filter: u32,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
#[cfg_attr(
    feature = "simd-json-derive",
    derive(simd_json_derive::Serialize, simd_json_derive::Deserialize)
)]
#[serde(rename_all = "camelCase")]
pub struct SceneMetadata {
    pub source_file: String,
    pub generator: String,
    #[serde(rename = "type")]
    pub kind: String,
    pub version: f64,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
#[cfg_attr(
    feature = "simd-json-derive",
    derive(simd_json_derive::Serialize, simd_json_derive::Deserialize)
)]
#[serde(rename_all = "camelCase")]
pub struct Material {
    pub vertex_colors: u32,
    pub name: String,
    #[serde(rename = "type")]
    pub kind: String,
    pub uuid: String,
    pub blending: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub map: Option<String>,
    pub transparent: bool,
    pub depth_test: bool,
    pub color: u32,
    pub shininess: f64,
    pub emissive: u32,
    pub depth_write: bool,
    pub specular: u32,
}

/// A scene-graph node; the root (`Scene`) holds the meshes.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
#[cfg_attr(
    feature = "simd-json-derive",
    derive(simd_json_derive::Serialize, simd_json_derive::Deserialize)
)]
#[serde(rename_all = "camelCase")]
pub struct Object {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub children: Option<Vec<Object>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    pub uuid: String,
    pub matrix: [f32; 16],
    #[serde(skip_serializing_if = "Option::is_none")]
    pub visible: Option<bool>,
    #[serde(rename = "type")]
    pub kind: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub material: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cast_shadow: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub receive_shadow: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub geometry: Option<String>,
}

/// A keyframe clip (empty in this file).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
#[cfg_attr(
    feature = "simd-json-derive",
    derive(simd_json_derive::Serialize, simd_json_derive::Deserialize)
)]
pub struct Clip {
    pub tracks: Vec<Track>,
    pub fps: u32,
    pub name: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
#[cfg_attr(
    feature = "simd-json-derive",
    derive(simd_json_derive::Serialize, simd_json_derive::Deserialize)
)]
pub struct Track {
    pub name: String,
    #[serde(rename = "type")]
    pub kind: String,
    pub times: Vec<f32>,
    pub values: Vec<f32>,
}
