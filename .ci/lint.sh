#!/usr/bin/env bash
# Lints: rustfmt's check of every workspace crate, and clippy on every target of the workspace
# with all features, warnings denied.
#
# Usage: .ci/lint.sh [fmt|clippy]...   (default: both; .ci/run runs fmt first, clippy after
#                                        the tests, whose dependencies it then reuses)
set -euo pipefail
cd "$(dirname "$0")/.."

parts=("$@")
[ ${#parts[@]} -eq 0 ] && parts=(fmt clippy)

for part in "${parts[@]}"; do
  start=$SECONDS
  case "$part" in
    fmt)
      rustup component list --installed | grep -q '^rustfmt' || rustup component add rustfmt
      echo "== cargo fmt --all -- --check"
      cargo fmt --all -- --check
      ;;
    clippy)
      rustup component list --installed | grep -q '^clippy' || rustup component add clippy
      echo "== cargo clippy --workspace --all-targets --all-features -- -D warnings"
      cargo clippy --locked --workspace --all-targets --all-features -- -D warnings
      ;;
    *) echo "unknown part: $part (expected fmt or clippy)" >&2; exit 2 ;;
  esac
  echo "lint: $part took $((SECONDS - start)) s"
done
