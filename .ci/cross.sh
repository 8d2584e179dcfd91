#!/usr/bin/env bash
# Other architectures: big-endian and 32-bit under Miri, aarch64 under qemu.
#
#   miri     the runtime's unit tests under Miri for s390x-unknown-linux-gnu (64-bit
#            big-endian) and i686-unknown-linux-gnu (32-bit little-endian, usize = u32), with
#            .ci/miri.sh's skip (the float-conversion tests take hours under the interpreter).
#   aarch64  the runtime's unit tests and the conformance, corpus and derive_* test binaries
#            built for aarch64-unknown-linux-gnu and run under qemu-aarch64 (user mode).
#
# Which test reaches which fast path (json-runtime/src/simd/; the reader and writer reach
# them only through it):
#   SSE2 blocks (sse2::scan, sse2::skip_whitespace, simd::number::sse2, simd::digits): x86_64
#     only, i.e. the host's `cargo test` and .ci/miri.sh: simd::tests::* (through the
#     dispatching functions), simd::agree::* (each level against the scalar twin), and every
#     reader and writer test on strings and whitespace of 16 bytes or more.
#   SWAR 8-byte words (find_special_ascii_swar) and the byte loops (skip_whitespace_scalar):
#     forced on every target by simd::tests::{finds_first_special_at_every_offset,
#     reports_high_bytes_before_the_special_byte, skips_whitespace_runs_of_every_length} (the
#     "swar"/"scalar" rows) and simd::agree::* (Level::Scalar); they are the only path on s390x,
#     i686 and aarch64 here, so every reader/writer test there goes through them (big-endian:
#     the `from_le_bytes` loads).
#   Other word-at-a-time code, the same on every target (endianness fixed by to_le/from_le):
#     short_eq (simd::tests::short_eq_matches_slice_eq), eight_digits
#     (reader::number::tests), eight_ascii (simd::digits::tests) / write_short_decimal
#     (writer::float::tests::short_decimals_match_zmij)
#     (small::tests::every_length_appends_exactly): big-endian checked by s390x Miri.
#
# Usage: .ci/cross.sh [miri|aarch64]...   (default: both; times are printed per part)
# Installs what it needs (nightly + miri, rust targets, qemu-user and the aarch64 cross gcc
# through apt-get); each install step is skipped when already done.
set -euo pipefail
cd "$(dirname "$0")/.."

parts=("$@")
[ ${#parts[@]} -eq 0 ] && parts=(miri aarch64)

sudo_if_needed() {
  if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

run_miri() {
  if ! rustup toolchain list | grep -q '^nightly'; then
    rustup toolchain install nightly --profile minimal
  fi
  if ! cargo +nightly miri --version >/dev/null 2>&1; then
    rustup component add miri rust-src --toolchain nightly
  fi
  for target in s390x-unknown-linux-gnu i686-unknown-linux-gnu; do
    echo "== Miri: json-runtime unit tests on $target"
    local start=$SECONDS
    # Miri builds the target's standard library itself (rust-src): no rustup target needed.
    cargo +nightly miri test -p json-runtime --lib --target "$target" -- \
      --skip reader::number::float::
    echo "cross: miri $target took $((SECONDS - start)) s"
  done
}

run_aarch64() {
  local target=aarch64-unknown-linux-gnu
  if ! command -v qemu-aarch64 >/dev/null || ! command -v aarch64-linux-gnu-gcc >/dev/null; then
    sudo_if_needed apt-get update
    sudo_if_needed env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
      qemu-user gcc-aarch64-linux-gnu libc6-dev-arm64-cross
  fi
  if ! rustup target list --installed | grep -qx "$target"; then
    rustup target add "$target"
  fi
  export CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_LINKER=aarch64-linux-gnu-gcc
  export CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_RUNNER="qemu-aarch64 -L /usr/aarch64-linux-gnu"
  local tests=(--test conformance --test corpus)
  for f in tests/tests/derive_*.rs; do
    tests+=(--test "$(basename "$f" .rs)")
  done
  echo "== aarch64 under qemu: json-runtime unit tests, ${tests[*]}"
  local start=$SECONDS
  cargo test --target "$target" -p json-runtime --lib
  cargo test --target "$target" -p json-tests "${tests[@]}"
  echo "cross: aarch64 took $((SECONDS - start)) s"
}

for part in "${parts[@]}"; do
  case "$part" in
    miri) run_miri ;;
    aarch64) run_aarch64 ;;
    *) echo "unknown part: $part (expected miri or aarch64)" >&2; exit 2 ;;
  esac
done
