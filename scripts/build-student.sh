#!/usr/bin/env bash
# The student edition: the whole book without its worked solutions (no solution
# in the pages, the downloaded .ipynb and .md, the search index or hidden cells;
# the answer cells and their ml.check stay).
#
#   scripts/build-student.sh        # -> _build/student/html
#
# Writes a student copy of the sources into _build/student-src and builds it
# like scripts/build.sh (every chapter executed without its solutions, cached in
# _build/student/_build/.jupyter_cache; warnings are errors). The instructor's
# edition (scripts/build.sh, _build/html) is not touched. See
# bookkit/student_edition.py.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
. scripts/setup.sh
python -m bookkit.student_edition "$@"
