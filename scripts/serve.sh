#!/usr/bin/env bash
# Build the book and serve it on http://127.0.0.1:${PORT:-8000}/ (Ctrl-C stops).
# The first run creates .venv from requirements-dev.txt and installs the
# scripts the site serves itself (MathJax, ipywidgets) from npm.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
. scripts/setup.sh
scripts/build.sh
port=${PORT:-8000}
echo "Serving the book at http://127.0.0.1:$port/ (Ctrl-C stops)"
exec python -m http.server --bind 127.0.0.1 "$port" --directory _build/html
