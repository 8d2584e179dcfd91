#!/bin/sh
# Instruction counts (callgrind, inclusive) of one call of each side, per payload, and the
# serde_json / FastJson ratios: benches/examples/ab_cg.sh name... (after
# `cargo build --release -p json-benches --example ab`).
bin=${AB_BIN:-target/release/examples/ab}
out=$(mktemp -d)
for p in "$@"; do
  AB_FILTER="$p" AB_ROUNDS=1 AB_ITERS=1 valgrind --tool=callgrind --callgrind-out-file="$out/cg" "$bin" >/dev/null 2>&1
  callgrind_annotate --inclusive=yes "$out/cg" 2>/dev/null | grep -E "examples/ab.rs:ab::(fast|serde)_(read|write)" |
    awk -v p="$p" '{gsub(",","",$1); match($0, /ab::[a-z_]+/); v[substr($0, RSTART+4, RLENGTH-4)]=$1}
      END {printf "%-18s read %11d vs %11d = %5.2fx  write %11d vs %11d = %5.2fx\n", p,
        v["fast_read"], v["serde_read"], v["serde_read"]/v["fast_read"],
        v["fast_write"], v["serde_write"], v["serde_write"]/v["fast_write"]}'
done
rm -rf "$out"
