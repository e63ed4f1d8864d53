"""Scores of the dishonest notebooks of ``tests/test_autograder.py`` (and of the
worked solutions, and of an endless loop), on one assignment, by the grader
of today or by ``otter run`` (how assignments made before
``bookkit.grade`` were graded: the hidden tests in the student's kernel)::

    python -m benchmarks.grading_cheats _build/autograder/partial-velocities
    python -m benchmarks.grading_cheats OLD_FOLDER --otter   # an assignment of old

Prints one line per notebook: its name and its score. ``--otter`` runs each
notebook with ``otter run -a <zip>`` (the endless loop is stopped after
``--otter-timeout`` seconds and counts as no score).
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import nbformat

from bookkit import grade
from bookkit.grade import autograder_zip


def notebooks(folder):
    from tests import test_autograder as t

    chapter = Path("book") / f"{Path(folder).name}.md"
    made = t.cheats(Path(folder), chapter)
    made["solutions"] = t.solutions(Path(folder), chapter)
    checks = {c["variable"]: c for c in t.chapter_checks(chapter)}
    first = next(iter(checks))
    made["endless-loop"] = t.after_answers(t.solutions(Path(folder), chapter), [checks[first]],
                                           lambda item: f"{first} = None\nwhile True:\n    pass")
    return made


def otter_run(folder, path, timeout):
    out = Path(tempfile.mkdtemp())
    process = subprocess.Popen(["otter", "run", "-a", str(autograder_zip(folder)), "-o",
                                str(out), str(path)], cwd=path.parent, start_new_session=True,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        process.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)       # otter and the kernel it started
        process.wait()
        return f"no score: otter run still running after {timeout} s"
    results = out / "results.json"
    if not results.is_file():
        return "no results.json"
    tests = [t for t in json.loads(results.read_text())["tests"] if "max_score" in t]
    return f"{sum(t['score'] for t in tests):g}/{sum(t['max_score'] for t in tests):g}"


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folder", help="an assignment folder (_build/autograder/<slug>)")
    parser.add_argument("--otter", action="store_true", help="grade with otter run")
    parser.add_argument("--otter-timeout", type=int, default=300)
    parser.add_argument("--cell-time-limit", type=int, default=10)
    options = parser.parse_args(argv)
    work = Path(tempfile.mkdtemp())
    paths = {}
    for name, notebook in notebooks(options.folder).items():
        paths[name] = work / f"{name}.ipynb"
        nbformat.write(notebook, paths[name])
    if options.otter:
        for name, path in paths.items():
            start = time.monotonic()
            print(f"{name}: {otter_run(options.folder, path, options.otter_timeout)} "
                  f"({time.monotonic() - start:.0f} s)", flush=True)
        return 0
    rows = grade.grade_batch(options.folder, list(paths.values()), work / "scores.csv",
                             cell_time_limit=options.cell_time_limit)
    for name, row in zip(paths, rows, strict=True):
        print(f"{name}: {row['total']}/{row['max']}  {row['notes'][:300]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
