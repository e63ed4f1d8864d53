#!/usr/bin/env bash
# Store the chapters' checks, then regenerate the executed reference notebooks
# that nbval compares every chapter with (tests/references/<chapter>.ipynb).
# Run it after changing a chapter on purpose, then read the diff before
# committing it:
#     scripts/regenerate-references.sh                 # every chapter in _toc.yml
#     scripts/regenerate-references.sh book/intro.md   # one chapter
# The checks come first (python -m bookkit.generate_checks: the stored checks
# in mechlib/book/checks/ and the worked expressions in grading/worked/, from
# the worked solutions), since the reference run asserts each worked answer
# against its stored check.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
. scripts/setup.sh
python -m bookkit.generate_checks "$@"
python -m tests.references "$@"
