"""Run a benchmark of this repository at two commits, side by side, in one run.

The commits are checked out into temporary git worktrees; the benchmark
script (taken from the newer commit, so that both are measured the same way)
runs with each commit's ``mechlib`` first on ``PYTHONPATH``, alternating
before/after ``--repeat`` times so that the machine's load falls on both
alike. The output of every run is printed, then the median of each timing
column per row.

Usage::

    python benchmarks/before_after.py --before a92f9d3 --after HEAD --repeat 3 \\
        -- benchmarks/kane_vs_mechlib.py --n 12 --systems pendulum chain
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _worktree(revision, folder):
    subprocess.run(["git", "worktree", "add", "--detach", str(folder), revision],
                   cwd=ROOT, check=True, capture_output=True)
    return folder


def _rows(output):
    """The table rows of a benchmark's Markdown output, as lists of cells."""
    return [[c.strip() for c in line.strip("|").split("|")]
            for line in output.splitlines()
            if line.startswith("|") and not line.startswith("|---")]


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", required=True)
    parser.add_argument("--after", default="HEAD")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("benchmark", nargs=argparse.REMAINDER,
                        help="-- script.py [its arguments]")
    options = parser.parse_args(argv)
    command = [a for a in options.benchmark if a != "--"]
    script = (ROOT / command[0]).resolve()
    results = {"before": [], "after": []}
    with tempfile.TemporaryDirectory() as scratch:
        trees = {label: _worktree(rev, Path(scratch) / label)
                 for label, rev in (("before", options.before), ("after", options.after))}
        try:
            for round_ in range(options.repeat):
                for label, tree in trees.items():
                    env = dict(os.environ, PYTHONPATH=str(tree))
                    run = subprocess.run([sys.executable, str(script), *command[1:]],
                                         cwd=tree, env=env, capture_output=True, text=True)
                    print(f"## {label} ({options.before if label == 'before' else options.after}),"
                          f" round {round_ + 1}\n{run.stdout}{run.stderr}", flush=True)
                    results[label].append(_rows(run.stdout))
        finally:
            for tree in trees.values():
                subprocess.run(["git", "worktree", "remove", "--force", str(tree)],
                               cwd=ROOT, capture_output=True)
    if not all(results[label] and results[label][0] for label in results):
        print("## medians\n\nnot taken: the benchmark printed no Markdown table "
              "(| a | b |); read its runs above")
        return 0
    header = results["after"][0][0]
    print("## medians\n")
    print("| commit | " + " | ".join(header) + " |")
    print("|" + "---|" * (len(header) + 1))
    for label in ("before", "after"):
        runs = [r[1:] for r in results[label]]
        for i, row in enumerate(runs[0]):
            cells = []
            for j, cell in enumerate(row):
                values = [r[i][j] for r in runs if len(r) > i]
                try:
                    cells.append(f"{statistics.median(float(v) for v in values):.2f}")
                except ValueError:
                    cells.append(cell)
            print(f"| {label} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    sys.exit(main())
