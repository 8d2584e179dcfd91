#!/usr/bin/env bash
# The published crates' documentation, all features, rustdoc warnings (broken intra-doc links,
# bare URLs, invalid code block attributes...) denied.
set -euo pipefail
cd "$(dirname "$0")/.."
start=$SECONDS
trap 'echo "doc: took $((SECONDS - start)) s"' EXIT

DERIVE=$(sed -n 's/^name *= *"\(.*\)"/\1/p' json-derive/Cargo.toml | head -n 1)
echo "== cargo doc --no-deps --all-features -p json-runtime -p $DERIVE (RUSTDOCFLAGS=-D warnings)"
RUSTDOCFLAGS="-D warnings" cargo doc --locked --no-deps --all-features -p json-runtime -p "$DERIVE"
