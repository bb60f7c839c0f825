#!/usr/bin/env bash
# Coverage-guided fuzzing of the readers of hostile input (README "When input is bad"). Builds
# `sitegen-fuzz` under libFuzzer and AddressSanitizer into .build-fuzz/ and runs each target
# (Sources/SitegenFuzzing/FuzzTarget.swift) for SECONDS, starting from its seeds in
# Tests/Fuzz/corpus/<target>/. The inputs libFuzzer keeps go to a work folder, never into the
# repository, and grow from run to run. A crash, a hang (over 10 s on one input) or memory
# over 2 GB stops the target with the input saved, and the run exits with 1.
#
#   bash Scripts/fuzz/run.sh [SECONDS [TARGET...]]   default: 20 s for each target
#   SITEGEN_FUZZ_WORK=DIR                            work folder (default /tmp/sitegen-fuzz)
set -euo pipefail
cd "$(dirname "$0")/../.."
seconds=${1:-20}
shift || true
work=${SITEGEN_FUZZ_WORK:-/tmp/sitegen-fuzz}
# The manifest instruments the readers' modules when SITEGEN_LIBFUZZER is set (Package.swift);
# a build folder of its own keeps the plain build's untouched.
# (The linker's warnings about AddressSanitizer's local symbols are left out of the log shown.)
mkdir -p "$work"
if ! SITEGEN_LIBFUZZER=1 swift build -c release --product sitegen-fuzz --build-path .build-fuzz > "$work/build.log" 2>&1; then
  grep -v "Cannot export local symbol" "$work/build.log" | tail -40
  echo "FAILED: sitegen-fuzz did not build" >&2
  exit 1
fi
binary=.build-fuzz/release/sitegen-fuzz

if [ $# -gt 0 ]; then targets=("$@"); else mapfile -t targets < <(ls Tests/Fuzz/corpus); fi
failed=0
for target in "${targets[@]}"; do
  mkdir -p "$work/$target" "$work/crashes"
  cp Tests/Fuzz/corpus/"$target"/* "$work/$target/"
  log="$work/$target.log"
  if SITEGEN_FUZZ_TARGET="$target" "$binary" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
       -print_final_stats=1 -artifact_prefix="$work/crashes/$target-" "$work/$target" > "$log" 2>&1; then
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
    echo "ok: $target: $runs inputs in ${seconds} s, $(ls "$work/$target" | wc -l) kept"
  else
    failed=1
    grep -v "^#[0-9]" "$log" | tail -40 || true
    echo "FAILED: $target; the input is in $work/crashes/ (replay it: swift run sitegen-fuzz $target FILE)"
  fi
done
exit $failed
