#!/usr/bin/env bash
# Printable handouts: a PDF of each chapter of a built site, in A4 and in Letter.
#
#   scripts/pdf.sh [SITE_DIR] [OUT_DIR] [PAGE ...]
#
# SITE_DIR defaults to _build/html (the instructor's edition, built by
# scripts/build.sh), OUT_DIR to _build/pdf; a student edition built elsewhere is
# printed with e.g. `scripts/pdf.sh _build/student/html _build/pdf-student`.
# Writes OUT_DIR/<chapter>-a4.pdf and OUT_DIR/<chapter>-letter.pdf for every
# numbered chapter (or only the PAGEs given, e.g. book/kanes-equations.html),
# and OUT_DIR/manifest.json. Builds nothing: build the site first. Prints with
# Debian's headless chromium (installed with apt-get if missing, like
# scripts/test.sh); see bookkit/handouts.py.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
. scripts/setup.sh
scripts/install-browser.sh
python -m bookkit.handouts "$@"
