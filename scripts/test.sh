#!/usr/bin/env bash
# Run every test: mechlib's unit, property and doctests; nbval on every
# chapter's committed reference outputs, in the readers' kernel (an environment
# made from requirements.txt alone, scripts/readers-kernel.sh); the downloads,
# the course kit, and the built site in Chromium. Extra arguments go to pytest
# (e.g. scripts/test.sh -k partial).
#
# Each chapter is executed by the book build (cached: an unchanged chapter is
# not run again), by nbval, and without its solutions by the student
# edition's build (cached too); every other test reads their outputs. With
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
# The two editions are built side by side (each executes its chapters in one
# process, and the machine has two cores). The student edition's tests read
# the one built here (STUDENT_SITE), so that every file a test reads is
# up to date when pytest starts (tests/reuse compares what they read).
python -m mechlib.book.student_edition > _build/student-edition.out 2>&1 &
student=$!
MECHLIB_CHECK_STRICT=1 scripts/build.sh || { kill "$student" 2>/dev/null; exit 1; }
if ! wait "$student"; then
    tail -n 60 _build/student-edition.out
    echo "test: the student edition did not build (log: _build/student/build.log)"
    exit 1
fi
tail -n 1 _build/student-edition.out
export STUDENT_SITE="$PWD/_build/student/html"
status=0
python -m pytest --nbval-kernel-name mechbook-readers --durations=10 \
    --junitxml=_build/test-times.xml "$@" || status=$?
python -m tests.timing _build/test-times.xml || true
python -m mechlib.book.executions "$MECHBOOK_EXECUTION_LOG" || { [ $status -ne 0 ] || status=1; }
echo "test: finished in $(( $(date +%s) - start )) s"
exit $status
