#!/usr/bin/env bash
# Build the book into _build/html: every chapter executed (cached, so an
# unchanged chapter is not run again), warnings are errors, references nitpicky.
# Used by scripts/serve.sh and scripts/test.sh; expects the environment of
# scripts/setup.sh to be active.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
mkdir -p _build
rm -rf _build/html/reports   # failure reports of earlier builds
start=$(date +%s)
if ! jupyter-book build . -W -n --keep-going >_build/build.log 2>&1; then
    grep -E "WARNING|ERROR|Error|Traceback" _build/build.log | head -n 40 || true
    for log in _build/html/reports/*/*.err.log _build/html/reports/*.err.log; do
        [ -f "$log" ] && { echo "--- $log"; tail -n 30 "$log"; }
    done
    echo "build: the book did not build; the whole log is in _build/build.log" >&2
    exit 1
fi
echo "build: _build/html built in $(( $(date +%s) - start )) s (log: _build/build.log)"
