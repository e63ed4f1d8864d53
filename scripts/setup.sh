#!/usr/bin/env bash
# Set-up shared by scripts/serve.sh and scripts/test.sh; safe to run again.
#  - .venv/ : a virtual environment made from requirements-dev.txt (rebuilt when
#    a requirements file or pyproject.toml changes);
#  - vendor/static/ : MathJax and the ipywidgets embed scripts, installed from
#    npm, which the built site serves itself (no CDN at read time); skipped when
#    SKIP_SITE_SCRIPTS=1 (scripts/test-mechlib.sh: no site, so no npm needed).
# Source it (`. scripts/setup.sh`); it leaves the virtual environment active.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"

PYTHON=${PYTHON:-python3}
VENV="$ROOT/.venv"

stamp_of() { cat "$@" | sha256sum | cut -d' ' -f1; }

# Python environment ---------------------------------------------------------
want=$(stamp_of requirements.txt requirements-dev.txt pyproject.toml)
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
if [ "${SKIP_SITE_SCRIPTS:-0}" != 1 ]; then
want=$(stamp_of vendor/package.json vendor/package-lock.json vendor/mathjax-hub-shim.js scripts/setup.sh)
if [ ! -f vendor/static/.stamp ] || [ "$(cat vendor/static/.stamp)" != "$want" ]; then
    echo "setup: installing MathJax and the ipywidgets embed scripts from npm"
    (cd vendor && npm ci --no-audit --no-fund --loglevel=error)
    rm -rf vendor/static && mkdir -p vendor/static/mathjax vendor/static/widgets
    mj=vendor/node_modules/mathjax/es5
    # MathJax: the TeX+MathML-to-CHTML component and what it loads on demand.
    cp "$mj/tex-mml-chtml.js" vendor/static/mathjax/
    for part in input output/chtml output/chtml.js a11y ui adaptors sre; do
        if [ -e "$mj/$part" ]; then
            mkdir -p "vendor/static/mathjax/$(dirname "$part")"
            cp -r "$mj/$part" "vendor/static/mathjax/$part"
        fi
    done
    # ipywidgets: RequireJS and the self-contained embed manager.
    cp vendor/node_modules/requirejs/require.js vendor/static/widgets/require.min.js
    manager=vendor/node_modules/@jupyter-widgets/html-manager/dist
    cp "$manager/embed-amd.js" vendor/static/widgets/
    # The manager loads its icon fonts from <RequireJS baseUrl>/@jupyter-widgets/
    # html-manager/dist/: put them there, and make the baseUrl this folder
    # (RequireJS's default is the page's own folder).
    mkdir -p vendor/static/widgets/@jupyter-widgets/html-manager/dist
    cp "$manager"/*.woff "$manager"/*.woff2 "$manager"/*.ttf "$manager"/*.eot "$manager"/*.svg \
       vendor/static/widgets/@jupyter-widgets/html-manager/dist/
    cp vendor/mathjax-hub-shim.js vendor/static/widgets/
    printf '\n%s\n' 'requirejs.config({baseUrl: new URL(".", document.currentScript.src).href});' \
        >> vendor/static/widgets/require.min.js
    echo "$want" > vendor/static/.stamp
fi
fi
