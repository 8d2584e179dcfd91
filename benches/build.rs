//! Records, for the bench's header and README, how the bench was built: the peers' versions
//! (from the workspace's Cargo.lock) and the RUSTFLAGS cargo passed (`-C target-cpu=native` for
//! the second configuration).

use std::path::Path;

const PEERS: [(&str, &str); 5] = [
    ("serde_json", "BENCH_SERDE_JSON_VERSION"),
    ("sonic-rs", "BENCH_SONIC_RS_VERSION"),
    ("simd-json", "BENCH_SIMD_JSON_VERSION"),
    ("simd-json-derive", "BENCH_SIMD_JSON_DERIVE_VERSION"),
    ("zmij", "BENCH_ZMIJ_VERSION"),
];

fn main() {
    let lock_path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../Cargo.lock");
    println!("cargo:rerun-if-changed={}", lock_path.display());
    println!("cargo:rerun-if-env-changed=CARGO_ENCODED_RUSTFLAGS");
    let lock = std::fs::read_to_string(&lock_path).unwrap_or_default();
    for (name, var) in PEERS {
        println!("cargo:rustc-env={var}={}", locked_version(&lock, name));
    }
    let flags = std::env::var("CARGO_ENCODED_RUSTFLAGS")
        .unwrap_or_default()
        .split('\x1f')
        .filter(|f| !f.is_empty())
        .collect::<Vec<_>>()
        .join(" ");
    println!("cargo:rustc-env=BENCH_RUSTFLAGS={flags}");
}

/// The version of the first `[[package]]` named `name` in Cargo.lock's text, or `?`.
fn locked_version(lock: &str, name: &str) -> String {
    let needle = format!("name = \"{name}\"\nversion = \"");
    lock.find(&needle)
        .and_then(|at| {
            let rest = &lock[at + needle.len()..];
            rest.find('"').map(|end| rest[..end].to_owned())
        })
        .unwrap_or_else(|| "?".to_owned())
}
