#!/usr/bin/env bash
# Counts the instructions of a clean one-thread build with valgrind's callgrind: the same
# binary and input give the same count within 0.1 %, whatever else the machine is doing, where
# wall time on this VM varies by 10 % from hour to hour. Use it to compare two binaries.
#
#   bash Benchmarks/instructions.sh --content DIR [--templates DIR] [--keep] BINARY...
#
# Each binary is copied without its debug information (Debian's valgrind 3.19 cannot read the
# DWARF 5 that Swift 6.3 writes; the symbol table stays, so callgrind_annotate names functions),
# then builds DIR into a new folder under /tmp. Prints one line per binary; with --keep, the
# profile stays in /tmp/sitegen-instructions/<n>.callgrind for callgrind_annotate. Compare
# binaries on templates they all understand (an older one renders a newer tag as nothing).
set -euo pipefail
cd "$(dirname "$0")/.."

CONTENT=""
TEMPLATES=Templates
KEEP=0
BINARIES=()
while [ $# -gt 0 ]; do
  case "$1" in
    --content) CONTENT=$2; shift 2 ;;
    --templates) TEMPLATES=$2; shift 2 ;;
    --keep) KEEP=1; shift ;;
    -h|--help) sed -n '2,12p' "$0"; exit 0 ;;
    *) BINARIES+=("$1"); shift ;;
  esac
done
if [ -z "$CONTENT" ] || [ ${#BINARIES[@]} -eq 0 ]; then sed -n '2,12p' "$0"; exit 2; fi
command -v valgrind >/dev/null || { echo "needs valgrind (apt-get install -y valgrind)" >&2; exit 1; }

WORK=/tmp/sitegen-instructions
mkdir -p "$WORK"
n=0
for binary in "${BINARIES[@]}"; do
  n=$((n + 1))
  strip --strip-debug -o "$WORK/$n.bin" "$binary"
  rm -rf "$WORK/out-$n" "$WORK/.out-$n.sitegen-manifest"
  valgrind --tool=callgrind --callgrind-out-file="$WORK/$n.callgrind" "$WORK/$n.bin" build --jobs 1 \
    --content "$CONTENT" --templates "$TEMPLATES" --output "$WORK/out-$n" --date 2026-11-22 --quiet \
    2> "$WORK/$n.log" || { cat "$WORK/$n.log" >&2; exit 1; }
  count=$(sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$WORK/$n.log")
  printf '%s\t%s instructions\n' "$binary" "$count"
  [ "$KEEP" = 1 ] || rm -f "$WORK/$n.callgrind"
  rm -f "$WORK/$n.bin"
done
