#!/usr/bin/env bash
# Graded assignments (otter-grader) from the chapters' checked exercises.
#
#   scripts/autograder.sh [book/<slug>.md ...]   # default: every chapter with checks
#
# Writes _build/autograder/<slug>/: <slug>.ipynb (the otter master notebook made
# from the chapter), dist/student/<slug>.ipynb (to hand out: no solution, public
# tests), dist/autograder/<slug>.ipynb (solutions, graded here: they must score
# full marks) and dist/autograder/<slug>-autograder_<time>.zip (for Gradescope,
# or for `python -m bookkit.grade _build/autograder/<slug> *.ipynb --out
# scores.csv`, which grades a batch into a CSV). See bookkit/autograder.py
# and bookkit/grade.py.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
SKIP_SITE_SCRIPTS=1 . scripts/setup.sh
python -m bookkit.autograder "$@"
