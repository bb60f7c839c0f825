#!/usr/bin/env bash
# `sitegen fetch` then `sitegen build` end to end, without the network: the sample's cache is
# served as archive.org, Last.fm and Songkick by sample_services.py, fetched into an empty content
# folder, fetched again (which must change nothing), and built.
set -euo pipefail
cd "$(dirname "$0")/../.."
bin="$(swift build --show-bin-path)/sitegen"
work=$(mktemp -d)
server=
trap '[ -n "$server" ] && kill "$server" 2>/dev/null; rm -rf "$work"' EXIT

mkdir -p "$work/Content"
cp -r Content/news Content/static "$work/Content/"
sed '/^archive:/a\  collections: [GratefulDead, Phish, moe]' Content/site.yml > "$work/Content/site.yml"
cat >> "$work/Content/site.yml" <<'YML'
fetch:
  archive: {requests_per_second: 500, concurrency: 4}
  lastfm: {requests_per_second: 500, concurrency: 4}
  songkick: {requests_per_second: 500, concurrency: 4}
YML

python3 Scripts/fetch/sample_services.py --content Content --port-file "$work/port" &
server=$!
for _ in $(seq 100); do [ -s "$work/port" ] && break; sleep 0.1; done
base="http://127.0.0.1:$(cat "$work/port")"
urls=(--archive-url "$base/ia/" --lastfm-url "$base/2.0/" --songkick-url "$base/sk/")
export LASTFM_API_KEY=ci-secret-key SONGKICK_API_KEY=ci-secret-key

# images: the sample links Last.fm's real image host, which CI cannot reach.
"$bin" fetch --content "$work/Content" --only archive,charts,events "${urls[@]}" 2>/dev/null | tee "$work/first.txt"
"$bin" fetch --content "$work/Content" --only archive,charts,events "${urls[@]}" 2>/dev/null | tee "$work/second.txt"
grep -q ' 0 new, 0 changed, ' "$work/second.txt" || { echo "a repeat fetch changed the cache" >&2; exit 1; }
if grep -rq ci-secret-key "$work/Content"; then echo "an API key was written into the cache" >&2; exit 1; fi

# Every Last.fm and Songkick file of the sample comes back byte for byte, but the week whose
# cached body is Last.fm error 8 on purpose (the server answers it now).
differ=$(cd Content && find charts events lastfm -type f | while read -r file; do
  cmp -s "$file" "$work/Content/$file" || echo "$file"; done | grep -v -x 'charts/deadhead_mara/weeks/1637496000-1638100800.json' || true)
if [ -n "$differ" ]; then echo "fetched files differ from the sample:" >&2; echo "$differ" >&2; exit 1; fi

"$bin" build --content "$work/Content" --output "$work/Output" --date 2026-11-22 --quiet 2>/dev/null
for page in charts/tapehead77/index.html artists/moe/index.html artists/grateful-dead/index.html events/london/index.html; do
  test -f "$work/Output/$page" || { echo "the build of the fetched content has no $page" >&2; exit 1; }
done
echo "fetch then build: $(find "$work/Content" -name '*.json' | wc -l) cached files, $(find "$work/Output" -type f | wc -l) output files"
