#!/usr/bin/env bash
# Run every test: mechlib's unit, property and doctests; nbval on every
# chapter's committed reference outputs; the downloaded notebooks in an
# environment made from requirements.txt alone; and the built site in Chromium.
# Extra arguments go to pytest (e.g. scripts/test.sh -k partial).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
start=$(date +%s)
. scripts/setup.sh
scripts/install-browser.sh
scripts/build.sh
python -m pytest "$@"
echo "test: finished in $(( $(date +%s) - start )) s"
