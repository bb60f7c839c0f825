#!/bin/sh
# Times ListDiff on 100,000 items (a few thousand changes, no change, shuffled, reversed) in an
# optimised build: the Diff sources become their own module, so generic code is specialised
# across the module boundary exactly as in `swift build -c release`.
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
swiftc -O -wmo -parse-as-library -emit-module -emit-library -module-name SitegenCore "$root"/Sources/SitegenCore/Diff/*.swift -o libSitegenCore.so
swiftc -O -I . -L . -lSitegenCore "$root/Scripts/bench/ListDiffBench.swift" -o listdiff-bench
LD_LIBRARY_PATH=. ./listdiff-bench
