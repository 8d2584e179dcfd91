#!/usr/bin/env bash
# No development history in the tracked tree: the code, docs and scripts say what is, not when
# or in which step it came (that is what git log and CHANGELOG.md are for). Fails listing every
# hit. Not searched: data/ (third-party corpora), CHANGELOG.md, Cargo.lock files, this script.
#
#   words    "stop" or "issue" followed by a number (also "stop-N", "issue #N"), "this"
#            followed by "round", "helper-" followed by a number (case-insensitive)
#   commits  a 7-40 digit hex commit name used as a date or a source: "at 1c19b9d",
#            "commit 1c19b9d", "since/before/after/from/until 1c19b9d", "1c19b9d -> accf421",
#            "(0cf762f)".
#            The name must mix digits and the letters a-f, so hex constants written `0x...`,
#            plain numbers and words like "defaced" do not match.
set -euo pipefail
cd "$(dirname "$0")/.."
start=$SECONDS

paths=(-- . ':!data' ':!CHANGELOG.md' ':!**/CHANGELOG.md' ':!Cargo.lock' ':!**/Cargo.lock'
  ':!.ci/history.sh')

words='\bstop[ -][0-9]+|\bissue #?[0-9]+|\bthis[ ]round\b|\bhelper-[0-9]+'
hash='(?=[0-9a-f]{0,39}[a-f])(?=[0-9a-f]{0,39}[0-9])[0-9a-f]{7,40}\b'
# In parentheses, "(0cf762f)", the name needs two letters: "(1e30000)" is a number.
hash2='(?=[0-9a-f]{0,39}[a-f][0-9a-f]{0,39}[a-f])'"$hash"
commits="\\b(?:at|commit|since|before|after|from|until) \`?$hash|\\b$hash\`? ?(?:->|→) ?\`?$hash|\\(\`?$hash2\`?\)"

# git grep exits 1 when nothing matches, and more than 1 on an error (a git without PCRE).
search() {
  local rc=0
  git grep -n -I -P "$@" "${paths[@]}" || rc=$?
  if [ "$rc" -gt 1 ]; then
    echo "history: git grep failed (exit $rc)" >&2
    exit 2
  fi
}
hits=$( { search -i "$words"; search "$commits"; } | sort -t: -k1,1 -k2,2n -u)

if [ -n "$hits" ]; then
  n=$(printf '%s\n' "$hits" | wc -l)
  files=$(printf '%s\n' "$hits" | cut -d: -f1 | sort | uniq -c | sort -rn)
  printf '%s\n' "$hits" | cut -c1-240
  echo
  echo "history: $n line(s) with development-history words, by file:"
  echo "$files"
  echo "history: took $((SECONDS - start)) s"
  exit 1
fi
echo "history: clean (took $((SECONDS - start)) s)"
