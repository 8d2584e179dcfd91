//! Finds and loads the shared test and benchmark data (`../shared/data/` beside the workspace).

use std::path::PathBuf;

/// The workspace root (the parent of this crate's directory).
pub fn workspace_root() -> PathBuf {
    let manifest = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    manifest.parent().map(PathBuf::from).unwrap_or(manifest)
}

/// `<workspace>/../shared/data`, where the corpora, seed payloads and JSONTestSuite live.
pub fn data_dir() -> PathBuf {
    workspace_root().join("..").join("shared").join("data")
}

/// The path of `../shared/data/<sub>/<file>` (relative to the workspace root); it need not exist.
pub fn path(sub: &str, file: &str) -> PathBuf {
    data_dir().join(sub).join(file)
}

/// Reads `../shared/data/<sub>/<file>`, panicking with the full path if it cannot.
pub fn load(sub: &str, file: &str) -> Vec<u8> {
    let path = path(sub, file);
    match std::fs::read(&path) {
        Ok(bytes) => bytes,
        Err(err) => panic!(
            "cannot read test data {}: {err} (the shared data folder is expected at \
             <workspace>/../shared/data)",
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
