#!/usr/bin/env bash
# Run every test: mechlib's unit, property and doctests; nbval on every
# chapter's committed reference outputs, in the readers' kernel (an environment
# made from requirements.txt alone, scripts/readers-kernel.sh); the downloads,
# the course kit, and the built site in Chromium. Extra arguments go to pytest
# (e.g. scripts/test.sh -k partial).
#
# Each chapter is executed by the book build (cached: an unchanged chapter is
# not run again) and by nbval; every other test reads their outputs. With
# MECHLIB_CHECK_STRICT set (for the build here, for nbval's kernels by
# tests/conftest.py), every worked answer's ml.check also proves its stored
# check up to date. At the end the run prints the worker seconds of its
# costliest test modules (tests/timing.py) and how often each chapter was
# executed (mechlib/book/executions.py), and fails if one ran too often.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
start=$(date +%s)
. scripts/setup.sh
scripts/install-browser.sh
scripts/readers-kernel.sh
mkdir -p _build
export MECHBOOK_EXECUTION_LOG="$PWD/_build/executions.log"
: > "$MECHBOOK_EXECUTION_LOG"
MECHLIB_CHECK_STRICT=1 scripts/build.sh
status=0
python -m pytest --nbval-kernel-name mechbook-readers --durations=10 \
    --junitxml=_build/test-times.xml "$@" || status=$?
python -m tests.timing _build/test-times.xml || true
python -m mechlib.book.executions "$MECHBOOK_EXECUTION_LOG" || { [ $status -ne 0 ] || status=1; }
echo "test: finished in $(( $(date +%s) - start )) s"
exit $status
