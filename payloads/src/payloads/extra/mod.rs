//! Types for the ten real documents in `data/extra/`, written the way an application would
//! write them: renames, optional fields skipped when absent, lowercase and internally tagged
//! enums, maps, nested and fixed-size arrays, `f32` GPU buffers, borrowed variants.
//!
//! Types that `simd-json-derive`'s derive can express also derive it, behind this crate's
//! `simd-json-derive` feature (only the benches turn it on). `github_events` cannot: it needs
//! an internally tagged enum and lowercase variant names, which that derive does not read.
//! `twitterescaped.json` is read with the `twitter` types.

pub mod apache_builds;
pub mod github_events;
pub mod gsoc_2018;
pub mod instruments;
pub mod marine_ik;
pub mod mesh;
pub mod numbers;
pub mod random;
pub mod update_center;
