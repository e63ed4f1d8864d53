"""``bookkit.autograder.assign`` with and without ``otter assign``'s own test run.

    python benchmarks/otter_run_tests.py [book/<chapter>.md] [--rounds 2]

Makes one chapter's assignment again and again, the master notebook's
``run_tests`` set to true (otter executes the worked solutions in their own
kernel for the public ``ml.check`` tests) and to false (the book's setting
since d5a9aaa: only ``bookkit.grade`` runs them, outside the kernel), the two
alternating within each round so that the machine's load falls on both alike.
Prints each run's seconds and the medians.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from bookkit import autograder

#: The module's own master notebook, whatever main() puts in its place.
MASTER_NOTEBOOK = autograder.master_notebook


def master_with(run_tests):
    """``autograder.master_notebook`` with ``run_tests`` set as given."""

    def master(chapter, name=None):
        notebook = MASTER_NOTEBOOK(chapter, name)
        config = notebook.cells[0].source
        notebook.cells[0].source = config.replace(
            "run_tests: false", f"run_tests: {str(run_tests).lower()}")
        assert f"run_tests: {str(run_tests).lower()}" in notebook.cells[0].source
        return notebook
    return master


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("chapter", nargs="?", default="book/partial-velocities.md")
    parser.add_argument("--rounds", type=int, default=2)
    options = parser.parse_args(argv)
    seconds = {True: [], False: []}
    try:
        for _ in range(options.rounds):
            for run_tests in (True, False):
                autograder.master_notebook = master_with(run_tests)
                with tempfile.TemporaryDirectory() as out:
                    start = time.monotonic()
                    autograder.assign(Path(options.chapter), out)
                    seconds[run_tests].append(time.monotonic() - start)
                print(f"run_tests={str(run_tests).lower()}: "
                      f"{seconds[run_tests][-1]:.1f} s", flush=True)
    finally:
        autograder.master_notebook = MASTER_NOTEBOOK
    for run_tests, runs in seconds.items():
        print(f"run_tests={str(run_tests).lower()}: median {statistics.median(runs):.1f} s "
              f"of {len(runs)} runs")


if __name__ == "__main__":
    main()
