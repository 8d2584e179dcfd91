//! Float arrays: a triangle mesh as an exporter writes it, vertex positions, normals and UVs as
//! `f64` triples and pairs with 12-13 significant digits, plus an index array.

use super::rng::Rng;
use json_runtime::FastJson;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
#[cfg_attr(
    feature = "simd-json-derive",
    derive(simd_json_derive::Serialize, simd_json_derive::Deserialize)
)]
pub struct Mesh {
    pub name: String,
    pub vertices: Vec<[f64; 3]>,
    pub normals: Vec<[f64; 3]>,
    pub uvs: Vec<[f64; 2]>,
    pub indices: Vec<u32>,
}

/// 12 or 13 significant digits, at random.
fn sig(rng: &mut Rng, lo: f64, hi: f64) -> f64 {
    let digits = if rng.chance(0.5) { 12 } else { 13 };
    rng.significant(lo, hi, digits)
}

/// A mesh of `n` vertices and about `2n` triangles.
pub fn generate(n: usize) -> Mesh {
    let mut rng = Rng::new(0xf1_0a7);
    let mut vertices = Vec::with_capacity(n);
    let mut normals = Vec::with_capacity(n);
    let mut uvs = Vec::with_capacity(n);
    for _ in 0..n {
        let v = [
            sig(&mut rng, -10.0, 10.0),
            sig(&mut rng, -10.0, 10.0),
            sig(&mut rng, -10.0, 10.0),
        ];
        vertices.push(v);
        normals.push([
            sig(&mut rng, -1.0, 1.0),
            sig(&mut rng, -1.0, 1.0),
            sig(&mut rng, -1.0, 1.0),
        ]);
        uvs.push([sig(&mut rng, 0.0, 1.0), sig(&mut rng, 0.0, 1.0)]);
    }
    let indices = (0..n * 6).map(|_| rng.below(n as u64) as u32).collect();
    Mesh {
        name: "scan_0042".to_owned(),
        vertices,
        normals,
        uvs,
        indices,
    }
}
