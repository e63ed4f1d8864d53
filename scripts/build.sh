#!/usr/bin/env bash
# Build the book into _build/html: every chapter executed (cached, so an
# unchanged chapter is not run again), warnings are errors, references nitpicky
# (bookkit/site.py; the log is _build/build.log).
# Used by scripts/serve.sh and scripts/test.sh; expects the environment of
# scripts/setup.sh to be active.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
python -m bookkit.site .
