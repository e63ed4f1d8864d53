#!/usr/bin/env bash
# Measure the book's build times, as quoted in the closing notes:
#   cold build (no _build/, every chapter executed), no-op rebuild, and the
#   rebuild after a prose-only edit of one chapter (its cached execution reused).
# Usage: benchmarks/build_times.sh [chapter.md]   (default book/partial-velocities.md)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
. scripts/setup.sh >/dev/null
chapter=${1:-book/partial-velocities.md}

seconds() { local start=$(date +%s.%N); "$@" >/dev/null; python -c "print($(date +%s.%N) - $start)"; }

rm -rf _build
cold=$(seconds scripts/build.sh)
noop=$(seconds scripts/build.sh)
backup=$(mktemp)
cp "$chapter" "$backup"
trap 'cp "$backup" "$chapter"; rm -f "$backup"' EXIT
# A prose-only edit: one more sentence at the end of the chapter.
printf '\nThis sentence was added to time a prose-only rebuild.\n' >> "$chapter"
prose=$(seconds scripts/build.sh)
cp "$backup" "$chapter"
restore=$(seconds scripts/build.sh)   # back to the committed text (also prose-only)

printf 'cold build              %6.1f s\n' "$cold"
printf 'no-op rebuild           %6.1f s\n' "$noop"
printf 'prose-only edit rebuild %6.1f s  (%s)\n' "$prose" "$chapter"
printf 'edit reverted rebuild   %6.1f s\n' "$restore"
