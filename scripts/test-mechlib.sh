#!/usr/bin/env bash
# The developer's fast path: mechlib's unit, property and doctests alone
# (python -m pytest mechlib tests/mechlib), without building the book, running
# nbval or installing a browser, and without the tests marked slow (the long
# comparisons with KanesMethod: the bicycle, linearize; scripts/test.sh runs
# them). Makes .venv if needed (scripts/setup.sh) but
# skips the npm install of the site's scripts. Extra arguments go to pytest
# (e.g. scripts/test-mechlib.sh -k planar). scripts/test.sh runs everything.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
start=$(date +%s)
SKIP_SITE_SCRIPTS=1
. scripts/setup.sh
# pyproject.toml's addopts without --nbval (no notebooks are collected here).
python -m pytest -o addopts="--doctest-modules --import-mode=importlib -p no:cacheprovider" \
    -n "${JOBS:-2}" --dist loadscope -m "not slow" mechlib tests/mechlib "$@"
echo "test-mechlib: finished in $(( $(date +%s) - start )) s"
