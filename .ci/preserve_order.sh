#!/usr/bin/env bash
# The one test that needs serde_json's `preserve_order`: a crate of its own outside the
# workspace (feature unification would turn it on for every test crate). It shares the
# workspace's target dir to reuse the build.
set -euo pipefail
cd "$(dirname "$0")/.."
root="$(pwd)"
CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$root/target}" \
    cargo test --manifest-path tests/preserve_order/Cargo.toml
