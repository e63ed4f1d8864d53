#!/usr/bin/env bash
# Set-up shared by scripts/serve.sh and scripts/test.sh; safe to run again.
#  - .venv/ : a virtual environment made from requirements-dev.txt (rebuilt when
#    a requirements file or pyproject.toml changes);
#  - vendor/static/ : MathJax, installed from npm, which the built site serves
#    itself (no CDN at read time), and axe-core in vendor/node_modules for the
#    accessibility test; skipped when
#    SKIP_SITE_SCRIPTS=1 (scripts/test-mechlib.sh: no site, so no npm needed).
# Source it (`. scripts/setup.sh`); it leaves the virtual environment active.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"

PYTHON=${PYTHON:-python3}
VENV="$ROOT/.venv"

stamp_of() { cat "$@" | sha256sum | cut -d' ' -f1; }

# Python environment ---------------------------------------------------------
want=$(stamp_of requirements.txt requirements-dev.txt requirements-book.txt pyproject.toml)
if [ ! -x "$VENV/bin/python" ] || [ "$(cat "$VENV/.stamp" 2>/dev/null)" != "$want" ]; then
    echo "setup: installing the Python environment in .venv (requirements-dev.txt)"
    "$PYTHON" -m venv "$VENV"
    log="$VENV/install.log"
    if ! "$VENV/bin/python" -m pip install -r requirements-dev.txt >"$log" 2>&1; then
        tail -n 40 "$log"; echo "setup: pip install failed; the whole log is in $log" >&2
        exit 1
    fi
    echo "$want" > "$VENV/.stamp"
fi
# shellcheck disable=SC1091
. "$VENV/bin/activate"

# Scripts the site serves itself ---------------------------------------------
# (axe-core too, which tests/site/test_accessibility.py injects into the pages
# from vendor/node_modules; it is not copied into the site.)
if [ "${SKIP_SITE_SCRIPTS:-0}" != 1 ]; then
want=$(stamp_of vendor/package.json vendor/package-lock.json scripts/setup.sh)
if [ ! -f vendor/static/.stamp ] || [ "$(cat vendor/static/.stamp)" != "$want" ] \
        || [ ! -f vendor/node_modules/axe-core/axe.min.js ]; then
    echo "setup: installing MathJax and axe-core from npm"
    (cd vendor && npm ci --no-audit --no-fund --loglevel=error)
    rm -rf vendor/static && mkdir -p vendor/static/mathjax
    mj=vendor/node_modules/mathjax/es5
    # MathJax: its loader (startup.js), core, and the components _config.yml
    # names (mathjax3_config.loader.load), with what they load on demand.
    cp "$mj/startup.js" "$mj/core.js" vendor/static/mathjax/
    for part in input output/chtml output/chtml.js a11y ui adaptors sre; do
        if [ -e "$mj/$part" ]; then
            mkdir -p "vendor/static/mathjax/$(dirname "$part")"
            cp -r "$mj/$part" "vendor/static/mathjax/$part"
        fi
    done
    # No ipywidgets embed manager: explorers (mechlib.book.display.explorer) show
    # precomputed pictures with _ext/static/explorer.js; the site has no kernel.
    echo "$want" > vendor/static/.stamp
fi
fi
