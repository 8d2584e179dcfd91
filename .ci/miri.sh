#!/usr/bin/env bash
# Miri: the runtime's unit tests under the interpreter, which checks every unsafe block they
# reach (out-of-bounds and unaligned accesses, uninitialized reads, invalid UTF-8 in `str`,
# aliasing). Each unsafe block in json-runtime/src has a unit test that reaches it:
#   lib.rs to_string/to_string_pretty ...... tests::written_text_is_utf8
#   reader/string.rs span_str (2) .......... reader::string::tests::borrowed_and_copied_strings
#   reader/number.rs parse_float_slow ...... reader::tests::slow_float_path
#   swar/mod.rs find_special_x86, skip_whitespace_x86, find_rest, skip_rest ... swar::tests::*
#                                            (second run), reader::tests::whitespace_after_comma_like_serde_json
#   reader/mod.rs keep_branch .............. an empty asm! (no instructions): compiled out under
#                                            Miri, which cannot run asm; every reader test runs it natively
#   swar/sse2.rs special_block, not_ws_block, scan, special_tail, skip_ws, ws_tail,
#                                            swar::tests::* (second run; every path forced)
#   swar/avx2.rs special_block, not_ws_block, scan, skip_ws ... swar::tests::* in the second run
#                                            below, json-runtime built with -C target-feature=+avx2
#                                            (Miri runs a #[target_feature] function only if the
#                                            feature was enabled at compile time: without it the
#                                            tests skip the AVX2 path and say so)
#   reader/number_scan.rs sse2 (4) ......... reader::number_scan::tests::digit_run16_reads_each_length,
#                                            wide_and_narrow_runs_agree, int16_agrees_with_scan
#   utf8.rs avx2 (4) ....................... utf8::tests::* in the second run below (+avx2)
#   writer/small.rs push_small, append_unchecked ... writer::small::tests::every_length_appends_exactly
#   writer/escape.rs write_str (3) .......... writer::escape::tests::* (every run length, escapes)
#   writer/integer.rs write_decimal ........ writer::integer::tests::{decimal_len_is_the_digit_count,
#                                            digit_count_edges_match_itoa, appends_at_every_capacity}
#                                            (every digit count, capacities; random_values_match_itoa
#                                            adds only more values: native only)
#   writer/float.rs write_short_decimal .... writer::float::tests::short_decimals_match_zmij
#   writer/float.rs write_shortest (2) ..... writer::float::tests::f32_in_place_matches_zmij (f32 only)
#   writer/shortest.rs write_shortest_f64 (2: zero, every other value) ...
#                                            writer::shortest::tests::shortest_appends_after_existing_bytes
#                                            (-0.0 and 14 other values after prefixes of 0-39
#                                            bytes; the other shortest_* tests reach the same
#                                            blocks with thousands of values and would take
#                                            minutes: they run natively)
#   writer/shortest.rs sixteen_ascii (SSE2) . writer::shortest::tests::sixteen_ascii_is_zero_padded_decimal
#   impls/partial_array.rs (2) ............. impls::partial_array::tests::*
#   impls/vec_read.rs (6: push, grow 2, finish 2, drop) ... impls::vec_read::tests::*
#   writer/small.rs owned_string (2) ...... writer::small::tests::owned_strings_are_exact_copies
# Only the tests above run (the float conversion tests in reader/float.rs, which have no unsafe
# code, run millions of conversions and would take hours under Miri; the rest run natively in
# `cargo test`). Each filter is a libtest substring filter; a filter that matches no test (a
# renamed test) fails the script, so the list cannot silently shrink.
#
# Usage: .ci/miri.sh [extra args for the test binary]   (installs nightly with miri and
#         rust-src if missing; each run is bounded by MIRI_TIMEOUT, default 600 s)
set -euo pipefail
cd "$(dirname "$0")/.."
start=$SECONDS
trap 'echo "miri: took $((SECONDS - start)) s"' EXIT

if ! cargo +nightly miri --version >/dev/null 2>&1; then
  rustup toolchain install nightly --component miri,rust-src --profile minimal
fi
cargo +nightly miri --version

filters=(
  tests::written_text_is_utf8
  reader::string::tests::borrowed_and_copied_strings
  reader::tests::slow_float_path
  reader::tests::whitespace_after_comma_like_serde_json
  reader::number_scan::tests::digit_run16_reads_each_length
  reader::number_scan::tests::wide_and_narrow_runs_agree
  reader::number_scan::tests::int16_agrees_with_scan
  writer::small::tests::
  writer::escape::tests::
  writer::integer::tests::decimal_len_is_the_digit_count
  writer::integer::tests::digit_count_edges_match_itoa
  writer::integer::tests::appends_at_every_capacity
  writer::float::tests::short_decimals_match_zmij
  writer::float::tests::f32_in_place_matches_zmij
  writer::shortest::tests::shortest_appends_after_existing_bytes
  writer::shortest::tests::sixteen_ascii_is_zero_padded_decimal
  impls::partial_array::tests::
  impls::vec_read::tests::
)
avx2_filters=(swar:: utf8::)
timeout_s=${MIRI_TIMEOUT:-600}

# Fails if a filter names no test of the binary (the listing builds the test binary first).
check_filters() {
  local listed
  listed=$("$@" --list | sed -n 's/: test$//p')
  for f in "${filters_now[@]}"; do
    if ! grep -qF -- "$f" <<<"$listed"; then
      echo "miri: the filter '$f' matches no unit test of json-runtime" >&2
      exit 1
    fi
  done
}

# Miri's own build of the dependencies lives under <target>/miri, apart from normal builds.
run=(cargo +nightly miri test --locked -p json-runtime --lib)
filters_now=("${filters[@]}")
check_filters "${run[@]}" --
echo "== Miri: the unsafe-reaching unit tests (${#filters[@]} filters)"
timeout "$timeout_s" "${run[@]}" -- "${filters[@]}" "$@"

# The AVX2 path of swar and utf8 (see above): json-runtime alone built with +avx2 (cargo's
# nightly profile-rustflags), so the dependencies' Miri build is reused. swar::tests force
# every path (scalar, SWAR, SSE2, AVX2), so the first run leaves them to this one.
run+=(-Zprofile-rustflags
  --config 'profile.test.package.json-runtime.rustflags=["-Ctarget-feature=+avx2"]')
filters_now=("${avx2_filters[@]}")
check_filters "${run[@]}" --
echo "== Miri with +avx2: ${avx2_filters[*]}"
timeout "$timeout_s" "${run[@]}" -- "${avx2_filters[@]}" "$@"
