#!/usr/bin/env bash
# Miri: the runtime's unit tests under the interpreter, which checks every unsafe block they
# reach (out-of-bounds and unaligned accesses, uninitialized reads, invalid UTF-8 in `str`,
# aliasing). Each unsafe block in json-runtime/src has a unit test that reaches it:
#   entry.rs to_string/to_string_pretty .... entry::tests::written_text_is_utf8,
#                                            hand_written_impls_cannot_write_invalid_utf8
#   reader/string.rs span_str (2) .......... reader::string::tests::borrowed_and_copied_strings,
#                                            reader::tests::foreign_checkpoint_stays_in_bounds (every
#                                            public step after restoring another reader's checkpoint)
#   reader/number/mod.rs parse_float_slow .. reader::tests::slow_float_path
#   simd/mod.rs find_special_x86, skip_whitespace_x86, find_rest, skip_rest ... simd::tests::*,
#                                            reader::tests::whitespace_after_comma_like_serde_json
#   reader/mod.rs keep_branch .............. an empty asm! (no instructions): compiled out under
#                                            Miri, which cannot run asm; every reader test runs it natively
#   simd/sse2.rs special_block, not_ws_block, scan, special_tail, skip_ws, ws_tail,
#                                            simd::tests::* (every path forced)
#   simd/avx2.rs special_block, not_ws_block, scan, skip_ws ... simd::tests::* in the second run
#                                            below, built with -C target-feature=+avx2 (Miri runs
#                                            a #[target_feature] function only if the feature was
#                                            enabled at compile time: the first run skips the
#                                            AVX2 path and says so)
#   simd/number.rs sse2 (4) ................ simd::number::tests::digit_run16_reads_each_length,
#                                            reader::number_scan::tests::
#                                            wide_and_narrow_runs_agree, int16_agrees_with_scan
#   simd/utf8.rs avx2 (4), validate_at .... simd::utf8::tests::* in the second run below (+avx2)
#   reader/skip.rs skim_detected, skim_avx2, skim_at, skim, skim_ws, skim_key, skim_string,
#                                            number_windows ... reader::skip::tests::* (the fast
#                                            skip at every level against the exact one; number
#                                            arrays long enough for the 64-byte windows)
#   simd/skim.rs Scans for Sse2 and Avx2, number_end_at, classes_at, tokens_at ...
#                                            reader::skip::tests::* (the AVX2 level in the second
#                                            run below)
#   reader/skim_walk.rs skim_container (3 calls of the level's scans) ... reader::skip::tests::*
#   simd/sse2.rs eq_masks, tokens, simd/avx2.rs digit_mask32, classes, tokens ...
#                                            reader::skip::tests::*, simd::blocks::tests::*
#   simd/sse2.rs masks, simd/blocks.rs masks ... simd::blocks::tests::*, stream::scan::tests::*
#   simd/sse2.rs find_byte (3) ............. simd::newline::tests::finds_the_first_newline (under
#                                            Miri: lengths below 40 and multiples of 7 to 77, every
#                                            newline position, every fifth start)
#   simd/mod.rs opaque ..................... an empty asm! (a comment): compiled out under Miri
#   small.rs append_unchecked ... small::tests::every_length_appends_exactly
#   writer/indent.rs indent_unchecked, newline_indent, indented_key ...
#                                            writer::indent::tests::every_level_is_indented_exactly
#   writer/escape.rs write_str (3) .......... writer::escape::tests::* (every run length, escapes)
#   simd/mod.rs append_to_special (5 on x86_64), simd/sse2.rs copy_special_block ... writer::escape::tests::*
#   writer/integer.rs write_decimal ........ writer::integer::tests::{decimal_len_is_the_digit_count,
#                                            digit_count_edges_match_itoa, appends_at_every_capacity}
#   writer/float.rs write_short_decimal .... writer::float::tests::short_decimals_match_zmij
#   writer/shortest.rs write_shortest_f64, write_exact_f64 (2: zero, every other value),
#   write_decimal_f64, write_digits (every capacity below and at ROOM) ...
#                                            writer::shortest::tests::shortest_appends_after_existing_bytes
#   writer/shortest.rs write_shortest_f32, write_exact_f32, write_decimal_f32 (the same, f32's forms) ...
#                                            writer::shortest::tests::shortest_f32_appends_after_existing_bytes
#                                            (the other shortest_* tests reach the same blocks with
#                                            thousands of values: they run natively)
#   simd/digits.rs sixteen_ascii (SSE2) .... simd::digits::tests::sixteen_ascii_is_zero_padded_decimal
#   impls/partial_array.rs (2) ............. impls::partial_array::tests::*
#   impls/vec_read.rs (6: push, grow 2, finish 2, drop) ... impls::vec_read::tests::*
#   small.rs owned_string (2) ...... small::tests::owned_strings_are_exact_copies
# What user code can do: impls::*::tests::*drop_each_element_once (element readers that panic,
# fail, recurse or consume nothing), stream::buffer::tests::lying_read_counts_stay_in_bounds (an
# io::Read reporting more than it was given; the stream code has no unsafe).
# simd::agree (every path against the scalar one on thousands of inputs) checks agreement, not
# memory safety, and takes over ten minutes under Miri: it runs natively in `cargo test`.
# The float conversion tests (reader/number/float.rs, no unsafe code) run millions of conversions and
# take hours under Miri: they are skipped here and run natively in `cargo test`.
#
# Usage: .ci/miri.sh [extra args for the test binary]   (installs nightly with miri and
#         rust-src if missing; each run is bounded by MIRI_TIMEOUT, default 900 s)
set -euo pipefail
cd "$(dirname "$0")/.."
start=$SECONDS
trap 'echo "miri: took $((SECONDS - start)) s"' EXIT

if ! cargo +nightly miri --version >/dev/null 2>&1; then
  rustup toolchain install nightly --component miri,rust-src --profile minimal
fi
cargo +nightly miri --version

filters=(
  entry::tests::written_text_is_utf8
  entry::tests::hand_written_impls_cannot_write_invalid_utf8
  reader::string::tests::borrowed_and_copied_strings
  reader::tests::foreign_checkpoint_stays_in_bounds
  reader::tests::slow_float_path
  reader::tests::whitespace_after_comma_like_serde_json
  simd::number::tests::digit_run16_reads_each_length
  reader::number_scan::tests::wide_and_narrow_runs_agree
  reader::number_scan::tests::int16_agrees_with_scan
  small::tests::
  writer::escape::tests::
  writer::indent::tests::every_level_is_indented_exactly
  writer::integer::tests::decimal_len_is_the_digit_count
  writer::integer::tests::digit_count_edges_match_itoa
  writer::integer::tests::appends_at_every_capacity
  writer::float::tests::short_decimals_match_zmij
  writer::shortest::tests::shortest_appends_after_existing_bytes
  writer::shortest::tests::shortest_f32_appends_after_existing_bytes
  simd::digits::tests::sixteen_ascii_is_zero_padded_decimal
  impls::partial_array::tests::
  impls::vec_read::tests::
  stream::buffer::tests::lying_read_counts_stay_in_bounds
  simd::blocks::tests::
  stream::scan::tests::
  simd::newline::tests::finds_the_first_newline
)
avx2_filters=(simd::tests:: simd::utf8::tests:: simd::blocks::tests:: reader::skip::tests::)
timeout_s=${MIRI_TIMEOUT:-900}

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

# The AVX2 paths of simd (see above): json-runtime alone built with +avx2 (cargo's nightly
# profile-rustflags), so the dependencies' Miri build is reused. simd's tests force every path
# (scalar, SWAR, SSE2, AVX2), so the first run leaves most of them to this one.
run+=(-Zprofile-rustflags
  --config 'profile.test.package.json-runtime.rustflags=["-Ctarget-feature=+avx2"]')
filters_now=("${avx2_filters[@]}")
check_filters "${run[@]}" --
echo "== Miri with +avx2: ${avx2_filters[*]}"
timeout "$timeout_s" "${run[@]}" -- "${avx2_filters[@]}" "$@"
