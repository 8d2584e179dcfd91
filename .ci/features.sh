#!/usr/bin/env bash
# Every feature of json-runtime on its own: `--no-default-features` alone, then
# `--no-default-features --features <f>` for each feature in json-runtime/Cargo.toml's
# [features] table (read from the file, so a new feature is checked without editing this).
# A feature that does not compile alone, or warns, is missing something in its list (or a cfg).
set -euo pipefail
cd "$(dirname "$0")/.."
start=$SECONDS
trap 'echo "features: took $((SECONDS - start)) s"' EXIT

# The keys of [features], up to the next table; `default` is what the first run leaves out.
mapfile -t features < <(awk '
  /^\[/ { in_features = ($0 == "[features]"); next }
  in_features && /^[A-Za-z0-9_-]+ *=/ { sub(/ *=.*/, ""); if ($0 != "default") print }
' json-runtime/Cargo.toml)
if [ ${#features[@]} -eq 0 ]; then
  echo "features: no [features] found in json-runtime/Cargo.toml" >&2
  exit 1
fi
echo "== json-runtime: --no-default-features, then each of ${#features[@]} features alone: ${features[*]}"

failed=()
# `cargo rustc --profile check` with `-D warnings` for json-runtime alone: a feature set that
# leaves an import or a helper unused is caught too.
run() {
  echo "-- cargo check -p json-runtime $*"
  if ! cargo rustc --locked --quiet --profile check -p json-runtime --lib "$@" -- -D warnings; then
    failed+=("$*")
  fi
}
run --no-default-features
for f in "${features[@]}"; do
  run --no-default-features --features "$f"
done

if [ ${#failed[@]} -gt 0 ]; then
  echo "features: ${#failed[@]} combination(s) do not compile:" >&2
  printf '  %s\n' "${failed[@]}" >&2
  exit 1
fi
echo "features: all $(( ${#features[@]} + 1 )) combinations compile"
