//! Finds and loads the repository's test and benchmark data (`<workspace>/data/`).
//!
//! The path comes from this crate's `CARGO_MANIFEST_DIR`, so tests and benches find the data
//! from any current directory. See `data/README.md` for where each file comes from.

use std::path::PathBuf;

/// The workspace root (the parent of this crate's directory).
pub fn workspace_root() -> PathBuf {
    let manifest = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    manifest.parent().map(PathBuf::from).unwrap_or(manifest)
}

/// `<workspace>/data`, where the corpora, seed payloads, extra documents and JSONTestSuite live.
pub fn data_dir() -> PathBuf {
    workspace_root().join("data")
}

/// The path of `data/<sub>/<file>`; it need not exist.
pub fn path(sub: &str, file: &str) -> PathBuf {
    data_dir().join(sub).join(file)
}

/// Reads `data/<sub>/<file>`, panicking with the full path if it cannot.
pub fn load(sub: &str, file: &str) -> Vec<u8> {
    let path = path(sub, file);
    match std::fs::read(&path) {
        Ok(bytes) => bytes,
        Err(err) => panic!(
            "cannot read test data {}: {err} (the repository's data/ folder should hold it)",
            path.display()
        ),
    }
}

/// Reads a corpus file, e.g. `corpus("twitter.json")`.
pub fn corpus(file: &str) -> Vec<u8> {
    load("corpus", file)
}

/// Reads a seed payload, e.g. `seed("order_small.json")`.
pub fn seed(file: &str) -> Vec<u8> {
    load("seeds", file)
}

/// Reads one of the extra real documents, e.g. `extra("github_events.json")`.
pub fn extra(file: &str) -> Vec<u8> {
    load("extra", file)
}
