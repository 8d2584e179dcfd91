#!/bin/sh
# Checks the float formatter against zmij (serde_json's formatter) byte for byte: every f32 bit
# pattern, and FLOAT_CHECK_F64 (default 10^9) f64 values through the whole f64 writer. Takes a
# few minutes in release; not part of CI. Records the run in benches/results/float_check.txt.
set -eu
cd "$(dirname "$0")/.."
log=$(mktemp)
cargo test --release -p json-runtime --lib -- --ignored --nocapture --exact \
  writer::shortest::tests::f32_exhaustive writer::shortest::tests::f64_random_long | tee "$log"
grep -q "test result: ok. 2 passed" "$log"
zmij=$(grep -A1 '^name = "zmij"' Cargo.lock | sed -n 's/^version = "\(.*\)"/\1/p')
{
  echo "date: $(date -u +%Y-%m-%d)"
  echo "zmij: $zmij"
  echo "machine: $(uname -m), $(rustc --version)"
  grep -E "^(f32|f64):" "$log"
} > benches/results/float_check.txt
cat benches/results/float_check.txt
rm -f "$log"
