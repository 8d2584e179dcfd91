#!/usr/bin/env bash
# no_std: json-runtime without its default `std` feature, and the code #[derive(FastJson)]
# generates, built for a bare-metal target (thumbv7em-none-eabihf: Cortex-M4F, no operating
# system, `alloc` only); the nostd-check crate's logic on the host against the seed files; and
# the code size of a bare-metal image that round-trips two seed payloads.
#
# Usage: .ci/nostd.sh            (about 1.5 minutes from a warm target/ on 2 cores)
set -euo pipefail
cd "$(dirname "$0")/.."

TARGET=thumbv7em-none-eabihf
if ! rustup target list --installed | grep -qx "$TARGET"; then
  rustup target add "$TARGET"
fi
if ! rustup component list --installed | grep -q '^llvm-tools'; then
  rustup component add llvm-tools
fi
HOST=$(rustc -vV | sed -n 's/^host: //p')
LLVM_BIN="$(rustc --print sysroot)/lib/rustlib/$HOST/bin"

# Warnings are errors for the bare-metal builds (an import left unused without std, say).
export CARGO_TARGET_THUMBV7EM_NONE_EABIHF_RUSTFLAGS="-D warnings"

echo "== json-runtime, no std, for $TARGET (alone, then with the optional impls that need no std)"
cargo build -p json-runtime --no-default-features --target "$TARGET"
cargo build -p json-runtime --no-default-features --features uuid,chrono,time,rust_decimal \
  --target "$TARGET"

echo "== nostd-check (derives on seed payload types and every enum representation) for $TARGET"
cargo build -p nostd-check --target "$TARGET"

echo "== nostd-check's tests on the host, with json-runtime built without std"
cargo test -p nostd-check

echo "== bare-metal image: nostd-check/examples/firmware.rs (opt-level s, LTO, panic abort)"
cargo build -p nostd-check --profile firmware --example firmware --target "$TARGET"
IMAGE="target/$TARGET/firmware/examples/firmware"
"$LLVM_BIN/llvm-size" -A "$IMAGE" | grep -E '^(section|\.text|\.rodata|\.data|\.bss)'
# Where the .text bytes come from, by symbol name (inlining blurs the split; generic runtime
# code instantiated for the payload types counts as runtime).
"$LLVM_BIN/llvm-nm" --print-size --size-sort --radix=d "$IMAGE" |
  awk '$3 ~ /^[tT]$/ {
         n = $4; s = $2 + 0
         if (n ~ /json_runtime/) k = "json-runtime"
         else if (n ~ /nostd_check/) k = "derived code and the example"
         else if (n ~ /compiler_builtins|^__aeabi|^__/) k = "compiler-builtins (soft f64 math, memcpy)"
         else if (n ~ /itoa/) k = "itoa"
         else k = "core and alloc (fmt, float parsing and printing for messages)"
         sum[k] += s; total += s
       }
       END { for (k in sum) printf "  %7d bytes  %s\n", sum[k], k; printf "  %7d bytes  all text symbols\n", total }' |
  sort -rn
TEXT=$("$LLVM_BIN/llvm-size" -A "$IMAGE" | awk '$1 == ".text" { print $2 }')
echo "nostd: .text of the $TARGET image: $TEXT bytes"
