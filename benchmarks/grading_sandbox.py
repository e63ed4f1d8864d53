"""Seconds to grade an honest submission sealed by bubblewrap, one and two
at once, side by side in one run::

    python -m benchmarks.grading_sandbox [ASSIGNMENT] [--copies 6] [--rounds 3]

ASSIGNMENT is an assignment folder (default: partial-velocities', made with
``python -m bookkit.autograder`` into a temporary folder). Each round grades
COPIES copies of the honest notebook of ``tests/test_autograder.py`` (answers
typed in other forms) once in each way, the ways in turn, with the
instructors' command; the script prints, for each way, the median of the
seconds per submission that the command reports and the median wall time of
a batch.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import nbformat

WAYS = {"sealed, --jobs 1": ["--jobs", "1"], "sealed, --jobs 2": ["--jobs", "2"]}


def main(argv=None):
    from tests.test_autograder import TYPED, student, typed

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("assignment", nargs="?")
    parser.add_argument("--copies", type=int, default=6)
    parser.add_argument("--rounds", type=int, default=3)
    options = parser.parse_args(argv)
    work = Path(tempfile.mkdtemp(prefix="grading-sandbox-"))
    chapter = Path("book/partial-velocities.md")
    folder = Path(options.assignment) if options.assignment else work / chapter.stem
    if not options.assignment:
        subprocess.run([sys.executable, "-m", "bookkit.autograder", str(chapter),
                        "--output", str(work)], check=True, stdout=subprocess.DEVNULL)
    honest = typed(student(folder, chapter), TYPED)
    paths = []
    for copy in range(options.copies):
        paths.append(work / f"honest-{copy}.ipynb")
        nbformat.write(honest, paths[-1])
    each = {way: [] for way in WAYS}
    batches = {way: [] for way in WAYS}
    for _ in range(options.rounds):
        for way, flags in WAYS.items():
            start = time.monotonic()
            result = subprocess.run(
                [sys.executable, "-m", "bookkit.grade", str(folder), *map(str, paths),
                 "--out", str(work / "scores.csv"), *flags],
                capture_output=True, text=True, check=True)
            batches[way].append(time.monotonic() - start)
            found = re.findall(r": (\d+)/(\d+) in ([0-9.]+) s", result.stderr)
            assert len(found) == len(paths) and all(a == b for a, b, _ in found), result.stderr
            each[way] += [float(s) for _, _, s in found]
    print(f"{options.copies} honest submissions of {folder.name}, {options.rounds} rounds, "
          f"{os.cpu_count()} cores")
    for way in WAYS:
        print(f"{way:36s} median {statistics.median(each[way]):5.1f} s per submission "
              f"(range {min(each[way]):.1f}-{max(each[way]):.1f}); batch median "
              f"{statistics.median(batches[way]):5.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
