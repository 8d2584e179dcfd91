#!/usr/bin/env bash
# The two published crates packaged as crates.io would get them: `cargo publish --dry-run` of the derive
# and the runtime together (cargo resolves json-runtime's path dependency on the derive through
# a local registry holding the just-packaged derive), each package's file list, and the
# verification build of each unpacked package. Reads the crates.io index; uploads nothing.
set -euo pipefail
cd "$(dirname "$0")/.."
start=$SECONDS
trap 'echo "publish: took $((SECONDS - start)) s"' EXIT

DERIVE=$(sed -n 's/^name *= *"\(.*\)"/\1/p' json-derive/Cargo.toml | head -n 1)
for p in "$DERIVE" json-runtime; do
  echo "== cargo package --list -p $p"
  cargo package --locked --allow-dirty --list -p "$p" 2>/dev/null | sed 's/^/  /'
done
echo "== cargo publish --dry-run -p $DERIVE -p json-runtime (packages and verification builds)"
cargo publish --dry-run --locked --allow-dirty -p "$DERIVE" -p json-runtime
# The sizes are in cargo's "Packaged N files, X (Y compressed)" lines above.
