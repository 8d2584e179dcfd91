#!/usr/bin/env bash
# Runs every fuzz target of fuzz/Cargo.toml for the given number of seconds each (default 30: a
# pre-push check) and fails on any crash, panic (a disagreement with serde_json is a panic),
# ASan report, timeout or oversized allocation. Installs what it needs (the nightly toolchain,
# cargo-fuzz) and seeds the corpora (fuzz/seed_corpus.sh) first; corpora found by earlier runs
# are kept. Prints one line per target: seconds, executions, coverage and result; each target's
# libFuzzer output is in fuzz/logs/<target>.log, a crashing input in fuzz/artifacts/<target>/.
#
# Usage: fuzz/run_all.sh [seconds per target, default 30] [target ...]
#   nice -n 19 fuzz/run_all.sh 600     # the long run, at low priority
set -uo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
secs="${1:-30}"
shift || true
case "$secs" in
    '' | *[!0-9]*) echo "usage: $0 [seconds per target] [target ...]" >&2; exit 2 ;;
esac

if ! rustup run nightly rustc --version >/dev/null 2>&1; then
    echo "installing the nightly toolchain (cargo-fuzz needs it)"
    rustup toolchain install nightly --profile minimal || exit 1
fi
if ! cargo fuzz --version >/dev/null 2>&1; then
    echo "installing cargo-fuzz"
    cargo install cargo-fuzz --locked || exit 1
fi

cd "$here" || exit 1
if [ "$#" -gt 0 ]; then
    targets=("$@")
else
    mapfile -t targets < <(cargo +nightly fuzz list)
fi
[ "${#targets[@]}" -gt 0 ] || { echo "no fuzz targets found" >&2; exit 1; }

"$here/seed_corpus.sh" || exit 1
echo "building ${#targets[@]} targets (debug assertions, AddressSanitizer)"
cargo +nightly fuzz build -a || exit 1

mkdir -p "$here/logs"
failed=()
printf '%-24s %8s %12s %10s  %s\n' target seconds executions edges result
for t in "${targets[@]}"; do
    log="$here/logs/$t.log"
    # -max_len: the seeds are small; -malloc_limit_mb: no reader sizes an allocation from a
    # number in the input; -timeout: a slow input is a finding too.
    cargo +nightly fuzz run "$t" -a -- \
        -max_total_time="$secs" -max_len=16384 -timeout=10 -malloc_limit_mb=64 \
        -dict="$here/json.dict" -print_final_stats=1 >"$log" 2>&1
    rc=$?
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    took=$(sed -n 's/^Done [0-9]* runs in \([0-9]*\) second.*/\1/p' "$log" | tail -1)
    edges=$(grep -o 'cov: [0-9]*' "$log" | tail -1 | cut -d' ' -f2)
    if [ "$rc" -eq 0 ]; then
        result=clean
    else
        result="FAILED (exit $rc, see logs/$t.log and artifacts/$t/)"
        failed+=("$t")
    fi
    printf '%-24s %8s %12s %10s  %s\n' "$t" "${took:-?}" "${runs:-?}" "${edges:-?}" "$result"
done

if [ "${#failed[@]}" -gt 0 ]; then
    echo "fuzzing found problems in: ${failed[*]}" >&2
    for t in "${failed[@]}"; do
        grep -m3 -E 'panicked at|ERROR: libFuzzer|ERROR: AddressSanitizer|TRY_WRITE|WRITE|DIFF' \
            "$here/logs/$t.log" >&2
    done
    exit 1
fi
echo "all ${#targets[@]} targets clean"
