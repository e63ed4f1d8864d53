#!/usr/bin/env bash
# The readers' kernel: a virtual environment made from requirements.txt alone
# (.venv-readers, what Binder and a reader's own machine install), registered as
# the Jupyter kernel "mechbook-readers" in .venv. nbval runs every chapter's
# reference notebook in it (scripts/test.sh), which is how the suite proves
# that the chapters run where readers run them, without executing them again.
# Rebuilt when requirements.txt or pyproject.toml changes. Expects the
# environment of scripts/setup.sh to be active, but with --environment-only
# (scripts/test.sh installs .venv-readers that way while setup.sh installs .venv).
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"
READERS="$ROOT/.venv-readers"
want=$(cat requirements.txt pyproject.toml | sha256sum | cut -d' ' -f1)
if [ ! -x "$READERS/bin/python" ] || [ "$(cat "$READERS/.stamp" 2>/dev/null)" != "$want" ]; then
    echo "readers-kernel: installing requirements.txt alone in .venv-readers"
    rm -rf "$READERS"
    "${PYTHON:-python3}" -m venv "$READERS"
    log="$READERS/install.log"
    if ! "$READERS/bin/python" -m pip install -r requirements.txt >"$log" 2>&1; then
        tail -n 40 "$log"; echo "readers-kernel: pip install failed; the whole log is in $log" >&2
        exit 1
    fi
    echo "$want" > "$READERS/.stamp"
fi
[ "${1:-}" = --environment-only ] && exit 0
# The kernelspec, in the data folder of the active environment (.venv), where
# nbval's jupyter_client looks for kernels.
out=$("$READERS/bin/python" -m ipykernel install --prefix "${VIRTUAL_ENV:?activate .venv first}" \
    --name mechbook-readers --display-name "Python 3 (requirements.txt)" 2>&1) \
    || { echo "$out" >&2; exit 1; }
