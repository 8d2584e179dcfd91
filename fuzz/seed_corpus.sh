#!/usr/bin/env bash
# Creates the seed corpora fuzz/corpus/<target>/ (gitignored) from the repository's data/:
#  - the five seed payloads (seeds/*.json),
#  - every JSONTestSuite test_parsing file (y_, n_, i_),
#  - small slices of the corpora: single twitter statuses, users, entities, search metadata and a
#    one-status document; a citm catalogue with two entries per map, single events and
#    performances; a canada feature collection with a 10-point ring; short runs of numbers.json
#    and twitterescaped.json values,
#  - hand-written edge cases (numbers, escapes, invalid UTF-8, enum forms, map keys, the skip
#    path's grammar) from fuzz/seeds/extra.json, one per line, \xNN for a raw byte.
# Files already in a corpus (found by earlier runs) are kept.
# Usage: fuzz/seed_corpus.sh [data dir, default data/ at the repository root]
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
data="${1:-$here/../data}"
data="$(cd "$data" && pwd)"
out="$here/corpus/seeds_all"
rm -rf "$out"
mkdir -p "$out"

cp "$data"/seeds/*.json "$out"/
for f in "$data"/JSONTestSuite/test_parsing/*; do
    cp "$f" "$out/jts_$(basename "$f")"
done
chmod -R u+w "$out"

python3 - "$data" "$out" "$here/seeds/extra.json" <<'PY'
import json, sys, os
data, out, extra = sys.argv[1:4]
n = 0
def put(name, value, raw=None):
    global n
    n += 1
    text = raw if raw is not None else json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    with open(os.path.join(out, f"slice_{n:03}_{name}.json"), "w", encoding="utf-8") as f:
        f.write(text)

def load(rel):
    with open(os.path.join(data, rel), encoding="utf-8") as f:
        return json.load(f)

tw = load("corpus/twitter.json")
statuses = tw["statuses"]
put("twitter_doc", {"statuses": statuses[:1], "search_metadata": tw["search_metadata"]})
put("twitter_doc_pretty", None, json.dumps({"statuses": statuses[:1], "search_metadata": tw["search_metadata"]}, indent=2))
put("twitter_search_metadata", tw["search_metadata"])
picked = set()
for i, s in enumerate(statuses):
    kinds = ("rt" if "retweeted_status" in s else "") + ("media" if "media" in s["entities"] else "")
    if i < 4 or kinds not in picked:
        picked.add(kinds)
        put(f"twitter_status_{i}", s)
        put(f"twitter_user_{i}", s["user"])
        put(f"twitter_entities_{i}", s["entities"])
        for m in s["entities"].get("media", [])[:1]:
            put(f"twitter_media_{i}", m)
        for u in s["entities"]["urls"][:1]:
            put(f"twitter_url_{i}", u)

citm = load("corpus/citm_catalog.json")
small = {}
for k, v in citm.items():
    if isinstance(v, dict):
        small[k] = dict(list(v.items())[:2])
    else:
        small[k] = v[:2]
put("citm_doc", small)
put("citm_event", next(iter(citm["events"].values())))
put("citm_performance", citm["performances"][0])
put("citm_seat_category", citm["performances"][0]["seatCategories"][0])
put("citm_price", citm["performances"][0]["prices"][0])

ca = load("corpus/canada.json")
feat = dict(ca["features"][0])
geom = dict(feat["geometry"])
geom["coordinates"] = [geom["coordinates"][0][:10]]
feat["geometry"] = geom
put("canada_doc", {"type": ca["type"], "features": [feat]})
put("canada_geometry", geom)

with open(os.path.join(data, "extra/numbers.json"), encoding="utf-8") as f:
    text = f.read()
# The first 40 numbers exactly as written (json.dumps would re-format them).
body = text.strip()[1:].split(",")
put("numbers", None, "[" + ",".join(x.strip() for x in body[:40]) + "]")
with open(os.path.join(data, "extra/twitterescaped.json"), encoding="utf-8") as f:
    esc = f.read()
# A 2 KB window of escaped text, cut at a string boundary and wrapped as one JSON string.
start = esc.find('"text":"') + 7
end = esc.find('","', start + 1)
put("twitterescaped_text", None, esc[start:end + 1])

# One case per line; `\xNN` (never valid JSON) stands for a raw byte, e.g. invalid UTF-8.
import re
with open(extra, encoding="utf-8") as f:
    for i, line in enumerate(f):
        line = line.rstrip("\n")
        if line:
            n += 1
            raw = re.sub(rb"\\x([0-9a-f]{2})", lambda m: bytes([int(m.group(1), 16)]), line.encode("utf-8"))
            with open(os.path.join(out, f"extra_{i:03}.json"), "wb") as g:
                g.write(raw)
PY

for target in from_slice_typed from_slice_value differential differential_reencode roundtrip write_differential; do
    mkdir -p "$here/corpus/$target"
    cp "$out"/* "$here/corpus/$target"/
done
count=$(ls "$out" | wc -l)
rm -rf "$out"
echo "seeded $count files into fuzz/corpus/<target>/"
