#!/usr/bin/env bash
# The checks that read the shared page views (tests/site/views.py, ORDER) at
# two commits, side by side: each commit checked out in a worktree that reads
# this repository's built site, its vendored scripts and .venv; the runs of the
# two commits alternate, in one process each (-p no:xdist), on the chapters
# given. Prints the seconds of every run and the median of each commit.
# Usage: benchmarks/shared_views.sh [BEFORE [AFTER [ROUNDS [K_EXPRESSION]]]]
#   default: 9c99811 (before the explorers, quick checks, phone figures and
#   animation controls joined the views) against HEAD, 2 rounds, three chapters.
# Needs a built book (scripts/build.sh).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
. scripts/setup.sh >/dev/null
root=$PWD
before=${1:-9c99811}
after=${2:-HEAD}
rounds=${3:-2}
chapters=${4:-kanes-equations or closed-loops or potential-energy}
[ -f _build/html/index.html ] || { echo "shared_views: build the book first (scripts/build.sh)" >&2; exit 2; }
modules=$(python -c 'from tests.site.views import ORDER; print(*(f"tests/site/{m}.py" for m in ORDER))')
scratch=$(mktemp -d)
trap 'for tree in "$scratch"/*/; do git -C "$root" worktree remove --force "$tree" 2>/dev/null || true; done; rm -rf "$scratch"; git -C "$root" worktree prune' EXIT
for name in before after; do
    commit=${!name}
    git worktree add --quiet --detach "$scratch/$name" "$commit"
    ln -s "$root/_build" "$scratch/$name/_build"
    ln -s "$root/vendor/node_modules" "$scratch/$name/vendor/node_modules"
    ln -s "$root/vendor/static" "$scratch/$name/vendor/static"
done
declare -A runs=([before]="" [after]="")
for round in $(seq "$rounds"); do
    for name in before after; do
        start=$(date +%s.%N)
        # each commit's own list of modules would differ only by what joined ORDER
        (cd "$scratch/$name" && CI=true python -m pytest -p no:xdist -p no:cacheprovider -q \
            $modules -k "$chapters" >/dev/null)
        took=$(python -c "print(round($(date +%s.%N) - $start, 1))")
        runs[$name]="${runs[$name]} $took"
        echo "round $round, $name (${!name}): $took s"
    done
done
for name in before after; do
    python -c "import statistics, sys; print(sys.argv[1], 'median', statistics.median(map(float, sys.argv[2:])), 's')" \
        "$name" ${runs[$name]}
done
