#!/bin/sh
# Instruction counts (callgrind, inclusive) of one call of each side, per payload, and the
# serde_json / FastJson ratios: benches/examples/ab_cg.sh name... (after
# `cargo build --release -p json-benches --example ab`).
#
# One call includes the first growth of the harness's output buffer (`realloc` + `memcpy`),
# which can hide or inflate a write lever's effect. AB_STEADY=1 runs each payload with one and
# with three calls and prints half the difference: one call with the buffer already grown.
bin=${AB_BIN:-target/release/examples/ab}
out=$(mktemp -d)
counts() { # payload iters -> "fast_read serde_read fast_write serde_write"
  AB_FILTER="$1" AB_ROUNDS=1 AB_ITERS="$2" valgrind --tool=callgrind --callgrind-out-file="$out/cg" "$bin" >/dev/null 2>&1
  callgrind_annotate --inclusive=yes "$out/cg" 2>/dev/null | grep -E "examples/ab.rs:ab::(fast|serde)_(read|write)" |
    awk '{gsub(",","",$1); match($0, /ab::[a-z_]+/); v[substr($0, RSTART+4, RLENGTH-4)]=$1}
      END {print v["fast_read"]+0, v["serde_read"]+0, v["fast_write"]+0, v["serde_write"]+0}'
}
for p in "$@"; do
  if [ "${AB_STEADY:-0}" = 1 ]; then
    one=$(counts "$p" 1)
    three=$(counts "$p" 3)
    set -- $one $three
    fr=$(( ($5 - $1) / 2 )); sr=$(( ($6 - $2) / 2 )); fw=$(( ($7 - $3) / 2 )); sw=$(( ($8 - $4) / 2 ))
  else
    set -- $(counts "$p" 1)
    fr=$1; sr=$2; fw=$3; sw=$4
  fi
  awk -v p="$p" -v fr="$fr" -v sr="$sr" -v fw="$fw" -v sw="$sw" 'BEGIN {
    printf "%-18s read %11d vs %11d = %5.2fx  write %11d vs %11d = %5.2fx\n", p,
      fr, sr, (fr ? sr/fr : 0), fw, sw, (fw ? sw/fw : 0)}'
done
rm -rf "$out"
