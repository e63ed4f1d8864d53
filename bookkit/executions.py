"""How often each chapter was executed in one run of the test command.

Every tool that executes a chapter appends ``<who> <chapter>`` to the file
named by ``MECHBOOK_EXECUTION_LOG`` (:func:`bookkit.notebooks.log_execution`):
the book builds (:mod:`bookkit.site`, from the chapters Jupyter Book
reports executing), nbval (``tests/conftest.py``, when a reference's kernel
starts), the stored checks and the references (:func:`run_notebook`) and otter
(:func:`bookkit.autograder.run_otter`). ``scripts/test.sh`` prints the
table at the end, and a note for each chapter that ran more often than
expected (twice for the instructor's edition: the build and nbval; once for
the student's: its build) or whose otter run had to be killed and run again.
The notes are for reading, not a verdict: they do not fail the run, since a
slow machine makes MyST-NB execute again what jupyter-cache holds (its cache
check compares times), which is no defect of the book.

Examples
--------
>>> counts = count(["build partial-velocities", "nbval partial-velocities",
...                 "student-build partial-velocities"])
>>> counts["partial-velocities"]["build"], over_limit(counts)
(1, [])
>>> over_limit(count(["build a", "nbval a", "references a"]))
['a: the instructor edition was executed 3 times (at most 2)']
>>> over_limit(count(["otter-assign b", "otter-hang b"]))
['b: otter hung 1 times and was killed and run again']
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter, defaultdict
from pathlib import Path

__all__ = ["count", "over_limit", "table"]

#: Who executes the instructor's edition of a chapter, and how often it may run.
INSTRUCTOR = ("build", "nbval", "references", "checks")
INSTRUCTOR_LIMIT = 2
#: The student edition's build, once.
STUDENT = ("student-build",)
STUDENT_LIMIT = 1


def count(lines):
    """``{chapter: Counter(who)}`` of the log's lines."""
    counts = defaultdict(Counter)
    for line in lines:
        who, _, chapter = line.strip().partition(" ")
        if chapter:
            counts[chapter][who] += 1
    return counts


def over_limit(counts):
    """The chapters that ran more often than allowed, as sentences."""
    problems = []
    for chapter, by in sorted(counts.items()):
        if by["otter-hang"]:
            problems.append(f"{chapter}: otter hung {by['otter-hang']} times and was "
                            "killed and run again")
        runs = sum(by[w] for w in INSTRUCTOR)
        if runs > INSTRUCTOR_LIMIT:
            problems.append(f"{chapter}: the instructor edition was executed {runs} "
                            f"times (at most {INSTRUCTOR_LIMIT})")
        runs = sum(by[w] for w in STUDENT)
        if runs > STUDENT_LIMIT:
            problems.append(f"{chapter}: the student edition was executed {runs} "
                            f"times (at most {STUDENT_LIMIT})")
    return problems


def table(counts):
    """The counts as a text table, one row per chapter."""
    columns = sorted({w for by in counts.values() for w in by},
                     key=lambda w: (w not in INSTRUCTOR + STUDENT, w))
    width = max([len(c) for c in counts] + [7])
    lines = ["chapter".ljust(width) + "".join(f"{c:>15}" for c in columns)]
    for chapter, by in sorted(counts.items()):
        lines.append(chapter.ljust(width) + "".join(f"{by[c]:>15}" for c in columns))
    return "\n".join(lines)


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m bookkit.executions",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("log", help="the execution log (MECHBOOK_EXECUTION_LOG)")
    options = parser.parse_args(argv)
    path = Path(options.log)
    counts = count(path.read_text().splitlines() if path.exists() else [])
    print("executions: how often each chapter ran in this run")
    print(table(counts))
    for problem in over_limit(counts):
        print(f"executions: note: {problem}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
