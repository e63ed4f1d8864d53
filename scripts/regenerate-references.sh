#!/usr/bin/env bash
# Regenerate the executed reference notebooks that nbval compares every chapter
# with (tests/references/<chapter>.ipynb). Run it after changing a chapter on
# purpose, then read the diff of the outputs before committing it:
#     scripts/regenerate-references.sh                 # every chapter in _toc.yml
#     scripts/regenerate-references.sh book/intro.md   # one chapter
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
. scripts/setup.sh
python -m tests.references "$@"
