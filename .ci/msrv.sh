#!/usr/bin/env bash
# MSRV: json-runtime (default features, then without them) and the derive crate checked with
# the toolchain named by the workspace's `rust-version` (Cargo.toml), against the committed
# Cargo.lock (--locked). Installs that toolchain (minimal profile) if it is missing.
set -euo pipefail
cd "$(dirname "$0")/.."
start=$SECONDS
trap 'echo "msrv: took $((SECONDS - start)) s"' EXIT

MSRV=$(sed -n 's/^rust-version *= *"\([0-9.]*\)".*/\1/p' Cargo.toml | head -n 1)
if [ -z "$MSRV" ]; then
  echo "msrv: no rust-version in Cargo.toml" >&2
  exit 1
fi
if ! rustup run "$MSRV" rustc --version >/dev/null 2>&1; then
  rustup toolchain install "$MSRV" --profile minimal
fi
echo "== MSRV $MSRV: $(rustup run "$MSRV" rustc --version)"

DERIVE=$(sed -n 's/^name *= *"\(.*\)"/\1/p' json-derive/Cargo.toml | head -n 1)
cargo +"$MSRV" check --locked -p "$DERIVE"
cargo +"$MSRV" check --locked -p json-runtime
cargo +"$MSRV" check --locked -p json-runtime --no-default-features
