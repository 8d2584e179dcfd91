//! Generated payloads for the shapes users send that the stored documents miss: REST API
//! records (many short string fields, nested objects), telemetry,
//! log events, JSON Lines rows, a deep tree, sparse records, timeline pages, float meshes,
//! GeoJSON and non-ASCII-heavy records. Each module holds its types (serde and FastJson
//! derives with the same attributes, and `simd-json-derive`'s where it can express them) and a
//! `generate` function driven by a seeded [`rng::Rng`], so every machine builds the same
//! document and nothing large is stored.
//!
//! [`sizes`] gives the sizes the benches and tests use.

pub mod api_repos;
pub mod clicks;
pub mod float_mesh;
pub mod geojson;
pub mod logs;
pub mod non_ascii;
pub mod records;
pub mod rng;
pub mod sparse;
pub mod telemetry;
pub mod timeline;
pub mod tree;

/// The sizes the benches and tests generate (so both see the same documents).
pub mod sizes {
    /// REST API repository records (~700 KB).
    pub const API_REPOS: usize = 300;
    /// Telemetry: devices and readings per device (~300 KB).
    pub const TELEMETRY: (usize, usize) = (20, 80);
    /// Log events (~400 KB).
    pub const LOGS: usize = 1500;
    /// JSON Lines click rows (~2,000 documents of ~160 bytes).
    pub const CLICKS: usize = 2000;
    /// Tree nodes (~250 KB, 40 nodes deep).
    pub const TREE: u32 = 3000;
    /// Sparse profiles (~250 KB).
    pub const SPARSE: usize = 2000;
    /// Timeline pages and posts per page (~300 KB).
    pub const TIMELINE: (usize, usize) = (10, 50);
    /// Float mesh vertices (~600 KB).
    pub const FLOAT_MESH: usize = 4000;
    /// GeoJSON features (~300 KB).
    pub const GEOJSON: usize = 800;
    /// Non-ASCII records (~400 KB pretty).
    pub const NON_ASCII: usize = 1500;
}
