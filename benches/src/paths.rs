//! Where results go: `<target dir>/bench-results/`, or `<target dir>/bench-results/filtered/`
//! for a run that selects rows (`cargo bench -- <filter>`), so that it never replaces the files
//! of a full run.
//!
//! The target dir is `CARGO_TARGET_DIR` when it is set to an absolute path; otherwise the
//! directory cargo built this binary in (the nearest ancestor of the executable holding cargo's
//! `CACHEDIR.TAG`, which also honours a `build.target-dir` from a cargo config); otherwise
//! `<workspace>/target` (or `<workspace>/$CARGO_TARGET_DIR` for a relative value).

use std::path::{Path, PathBuf};

/// The workspace root: the parent of this crate's directory.
pub fn workspace_root() -> PathBuf {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    manifest.parent().unwrap_or(manifest).to_path_buf()
}

/// The cargo target directory the results belong in (see the module docs).
pub fn target_dir() -> PathBuf {
    let from_env = std::env::var_os("CARGO_TARGET_DIR")
        .filter(|v| !v.is_empty())
        .map(PathBuf::from);
    if let Some(dir) = &from_env {
        if dir.is_absolute() {
            return dir.clone();
        }
    }
    if let Some(dir) = std::env::current_exe()
        .ok()
        .and_then(|exe| target_dir_of(&exe))
    {
        return dir;
    }
    workspace_root().join(from_env.unwrap_or_else(|| PathBuf::from("target")))
}

/// The nearest ancestor of `exe` that cargo marked as a target directory.
pub fn target_dir_of(exe: &Path) -> Option<PathBuf> {
    exe.ancestors()
        .skip(1)
        .find(|dir| dir.join("CACHEDIR.TAG").is_file())
        .map(Path::to_path_buf)
}

/// `<target dir>/bench-results`, created if missing.
pub fn results_dir() -> std::io::Result<PathBuf> {
    let dir = target_dir().join("bench-results");
    std::fs::create_dir_all(&dir)?;
    Ok(dir)
}

/// Where a run writes: [`results_dir`] for a full run; its `filtered` subdirectory (created if
/// missing) when rows were selected by filters.
pub fn results_dir_for(filtered: bool) -> std::io::Result<PathBuf> {
    let dir = results_dir()?;
    if !filtered {
        return Ok(dir);
    }
    let dir = dir.join("filtered");
    std::fs::create_dir_all(&dir)?;
    Ok(dir)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_the_marked_ancestor() {
        let root = std::env::temp_dir().join(format!("json-benches-paths-{}", std::process::id()));
        let deps = root.join("release").join("deps");
        std::fs::create_dir_all(&deps).unwrap();
        std::fs::write(
            root.join("CACHEDIR.TAG"),
            "Signature: 8a477f597d28d172789f06886806bc55",
        )
        .unwrap();
        assert_eq!(target_dir_of(&deps.join("json-0123")), Some(root.clone()));
        std::fs::remove_dir_all(&root).unwrap();
    }

    #[test]
    fn filtered_runs_write_beside_full_runs() {
        let full = results_dir_for(false).unwrap();
        let filtered = results_dir_for(true).unwrap();
        assert_eq!(full, results_dir().unwrap());
        assert_eq!(full.file_name().unwrap(), "bench-results");
        assert_eq!(filtered, full.join("filtered"));
        assert!(filtered.is_dir());
    }

    #[test]
    fn workspace_root_holds_the_workspace_manifest() {
        let manifest = std::fs::read_to_string(workspace_root().join("Cargo.toml")).unwrap();
        assert!(manifest.contains("[workspace]"));
    }
}
