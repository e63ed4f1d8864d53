#!/usr/bin/env bash
# Run the tests. With no arguments (the README's command, and CI's .ci/run),
# every test: mechlib's unit, property and doctests; nbval on every chapter's
# committed reference outputs, in the readers' kernel (an environment made
# from requirements.txt alone, scripts/readers-kernel.sh); the downloads, the
# course kit, and the built site in Chromium.
#
#   scripts/test.sh                    everything
#   scripts/test.sh --fast             what needs no browser, Binder or otter,
#                                      but the slow KanesMethod comparisons:
#                                      -m "not browser and not binder and not otter
#                                          and not slow"
#   scripts/test.sh --chapter <slug>   everything about book/<slug>.md: the tests
#                                      whose id names it (tests/conftest.py)
#
# The tiers are pytest markers that tests/conftest.py gives every test by its
# path (README.md, "Test tiers"). The book and the student edition are built
# first in every mode (incremental: jupyter-cache runs only the chapters that
# changed, Sphinx writes only the pages that changed). Other arguments go to
# pytest (e.g. scripts/test.sh -k partial, scripts/test.sh --fast -m unit).
#
# Each chapter is executed by the book build, by nbval, and without its
# solutions by the student edition's build; every other test reads their
# outputs. With MECHLIB_CHECK_STRICT set (for the build here, for nbval's
# kernels by tests/conftest.py), every worked answer's ml.check also proves its
# stored check up to date. At the end the run prints the worker seconds of its
# costliest test modules (tests/timing.py) and how often each chapter was
# executed (bookkit/executions.py; a note, not a failure, for one that ran
# more often than expected).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
start=$(date +%s)

mode=all
selection=()
pytest_args=()
while [ $# -gt 0 ]; do
    case "$1" in
        --fast)
            mode=fast
            selection+=(-m "not browser and not binder and not otter and not slow") ;;
        --chapter)
            if [ $# -lt 2 ]; then
                echo "test: --chapter needs a page's slug (book/<slug>.md)" >&2
                exit 2
            fi
            selection+=(--chapter "$2")
            shift ;;
        --chapter=*)
            selection+=(--chapter "${1#--chapter=}") ;;
        *)
            pytest_args+=("$1") ;;
    esac
    shift
done

# What only pytest needs and what needs nothing of .venv installs in the
# background while scripts/setup.sh installs .venv: the browser (apt-get), the
# readers' environment (requirements.txt alone) and, but for --fast, the Binder
# environment of tests/site/test_launch.py (tests/binder_environment.py, with
# the system's Python; in CI in a new folder, so that it is installed afresh).
# The two pip installs slow each other; the gain is that the Binder install no
# longer runs inside the test phase.
mkdir -p _build
if [ "$mode" != fast ] && [ -n "${CI:-}" ] && [ -z "${MECHBOOK_BINDER_HOME:-}" ]; then
    MECHBOOK_BINDER_HOME=$(mktemp -d "${TMPDIR:-/tmp}/mechbook-binder-XXXXXX")
    export MECHBOOK_BINDER_HOME
    trap 'rm -rf "$MECHBOOK_BINDER_HOME"' EXIT
fi
( if [ "$mode" != fast ]; then scripts/install-browser.sh; fi
  scripts/readers-kernel.sh --environment-only
  if [ "$mode" != fast ]; then python3 -m tests.binder_environment; fi
) > _build/installs.out 2>&1 &
ahead=$!
. scripts/setup.sh
export MECHBOOK_EXECUTION_LOG="$PWD/_build/executions.log"
: > "$MECHBOOK_EXECUTION_LOG"
# The two editions are built side by side (each executes its chapters in one
# process, and the machine has two cores); the student edition's tests read
# the one built here (STUDENT_SITE) instead of building it themselves.
python -m bookkit.student_edition > _build/student-edition.out 2>&1 &
student=$!
MECHLIB_CHECK_STRICT=1 scripts/build.sh || { kill "$student" "$ahead" 2>/dev/null; exit 1; }
if ! wait "$student"; then
    tail -n 60 _build/student-edition.out
    echo "test: the student edition did not build (log: _build/student/build.log)"
    exit 1
fi
tail -n 1 _build/student-edition.out
if ! wait "$ahead" || ! scripts/readers-kernel.sh >> _build/installs.out 2>&1; then
    cat _build/installs.out
    echo "test: the browser, the readers' kernel or the Binder environment was not" \
         "installed (scripts/install-browser.sh, scripts/readers-kernel.sh," \
         "tests/binder_environment.py)"
    exit 1
fi
cat _build/installs.out
export STUDENT_SITE="$PWD/_build/student/html"
# The whole book as one PDF, in each edition's site (every page's download menu
# links it; tests/test_book_pdf.py reads them), both at once.
# (--chapter keeps the books of an earlier run.)
if [ "$mode" != fast ] && { [ ${#selection[@]} -eq 0 ] || [ ! -f _build/html/book.pdf ] \
        || [ ! -f "$STUDENT_SITE/book.pdf" ]; }; then
    python -m bookkit.handouts _build/html --book > _build/book-pdf.out 2>&1 &
    instructors=$!
    python -m bookkit.handouts "$STUDENT_SITE" --book > _build/book-pdf-student.out 2>&1 \
        || { cat _build/book-pdf-student.out; kill "$instructors" 2>/dev/null; exit 1; }
    wait "$instructors" || { cat _build/book-pdf.out; exit 1; }
    tail -n 1 _build/book-pdf.out _build/book-pdf-student.out
fi
echo "test: built in $(( $(date +%s) - start )) s"
status=0
python -m pytest -n "${JOBS:-2}" --dist loadscope --nbval-kernel-name mechbook-readers \
    --durations=10 --junitxml=_build/test-times.xml \
    ${selection[@]+"${selection[@]}"} ${pytest_args[@]+"${pytest_args[@]}"} || status=$?
python -m tests.timing _build/test-times.xml || true
python -m bookkit.executions "$MECHBOOK_EXECUTION_LOG" || true
echo "test: finished in $(( $(date +%s) - start )) s"
exit $status
