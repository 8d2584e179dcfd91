#!/bin/sh
# Instruction counts (callgrind, inclusive) per record of each stream reader of
# examples/streams_ab.rs, per shape, and each reader's ratio to its slice reader:
# benches/examples/streams_cg.sh [shape...] (after
# `cargo build --release -p json-benches --example streams_ab`). AB_BYTES sets the input size
# (1 MB by default).
bin=${AB_BIN:-target/release/examples/streams_ab}
out=$(mktemp -d)
[ $# -eq 0 ] && set -- short log long escaped
for shape in "$@"; do
  records=$(AB_FILTER="$shape" AB_ROUNDS=1 AB_BYTES="${AB_BYTES:-1000000}" valgrind --tool=callgrind \
    --callgrind-out-file="$out/cg" "$bin" 2>/dev/null | awk '{print $2}')
  callgrind_annotate --inclusive=yes "$out/cg" 2>/dev/null |
    grep -E "examples/streams_ab.rs:streams_ab::[a-z_]+ " |
    awk -v s="$shape" -v n="$records" '{gsub(",","",$1); match($0, /streams_ab::[a-z_]+/);
      v[substr($0, RSTART+12, RLENGTH-12)]=$1}
      END {ls=v["lines_slice"]; lr=v["lines_reader"]; sl=v["serde_lines"]; as=v["array_slice"]; ar=v["array_reader"];
        printf "%-8s per record: lines_slice %8.0f lines_reader %8.0f (%5.3fx) serde_lines %8.0f | array_slice %8.0f array_reader %8.0f (%5.3fx)\n",
          s, ls/n, lr/n, (ls ? lr/ls : 0), sl/n, as/n, ar/n, (as ? ar/as : 0)}'
done
rm -rf "$out"
