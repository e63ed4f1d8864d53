"""Writing the stored checks from the worked solutions.

``python -m bookkit.generate_checks [book/<chapter>.md ...]`` runs
:func:`main`: each chapter is executed with ``MECHLIB_CHECK_RECORD`` naming a
file, so that every ``assert ml.check(name, worked_value)`` of its worked
solutions records the value (:mod:`mechlib.book.record`); the records of one
chapter make ``mechlib/book/checks/<chapter>.json`` (values at sample
points, shipped with mechlib) and ``grading/worked/<chapter>.json`` (the worked
expressions, for the autograder's hidden tests; the package and the student
edition leave it out).

The sample points of each check are chosen by
:func:`mechlib.book.record.sample_points`: every sign-carrying subexpression
of the worked answer (:func:`mechlib.book.record.sign_carriers`) is positive
at one point and negative at another, so that an answer that loses a sign
(``Abs``, ``sqrt(1 - sin(q)**2)`` for ``cos(q)``) is called wrong; a worked
answer for which no such points are found fails the generator, naming the
check and the subexpression.

Regenerate after changing a worked answer; the build and nbval compare every
worked answer with the stored check, so a stale file fails them.
"""

from __future__ import annotations

import json
import os
import re
import sys
import tempfile
from pathlib import Path

from mechlib.book import check as _check
from mechlib.book.record import RECORD
from mechlib.errors import ParameterError

from .chapters import REPOSITORY, chapter_path, chapters_with_checks, read_chapter
from .notebooks import run_notebook

__all__ = ["generate", "examples"]

FORMAT = _check.FORMAT
#: How a check is named: <chapter prefix>-<exercise>-<what>.
_NAME = re.compile(r"^[a-z0-9]+(-[A-Za-z0-9]+)+$")
#: Where the worked expressions go (instructors only).
WORKED = REPOSITORY / "grading" / "worked"
#: Where the stored checks go: the package data of mechlib.book.checks.
STORED = REPOSITORY / "mechlib" / "book" / "checks"


def examples():
    """The answers of the checks the documentation demonstrates ``ml.check``
    with, ``{name: answer}``: a rod R turned through q2 about N.z, of length
    L, with its end B. No exercise asks for them, so a docstring that shows
    them correct gives nothing away.

    >>> sorted(examples())
    ['demo-rod-end-velocity', 'demo-slider-rate']
    """
    import sympy as sm
    import sympy.physics.mechanics as me

    L = sm.symbols("L")
    q2, u1, u2 = me.dynamicsymbols("q2, u1, u2")
    N = me.ReferenceFrame("N")
    R = N.orientnew("R", "Axis", (q2, N.z))
    return {"demo-rod-end-velocity": L * u2 * R.y,
            "demo-slider-rate": u1 + L * u2 * sm.sin(q2)}


def _write_examples(output=None):
    """Write ``examples.json``, the stored checks of :func:`examples`."""
    from mechlib.book.record import record

    output = Path(output) if output is not None else \
        STORED
    checks = {name: json.loads(json.dumps(record(name, answer), sort_keys=True))
              for name, answer in examples().items()}
    target = output / "examples.json"
    target.write_text(_dump("examples", checks), encoding="utf-8")
    return target


def _dump(chapter, checks):
    return json.dumps({"format": FORMAT, "chapter": chapter,
                       "checks": checks}, sort_keys=True, indent=1) + "\n"


def generate(chapters=None, output=None, worked_output=None):
    """Write ``mechlib/book/checks/<chapter>.json`` from the worked solutions.

    Each chapter is executed with ``MECHLIB_CHECK_RECORD`` set, so that
    every ``ml.check(name, worked_value)`` of its worked solutions records
    the value; the records of one chapter make its file.

    Parameters
    ----------
    chapters : list of str or Path, optional
        Chapter files; by default every ``book/*.md`` that calls
        ``ml.check``.
    output : str or Path, optional
        The folder to write to (default: ``mechlib/book/checks`` of this
        package).
    worked_output : str or Path, optional
        The folder for the worked expressions (default: ``grading/worked``
        of the repository).

    Returns
    -------
    list of Path
        The files written.

    Examples
    --------
    >>> generate(["no/such/chapter.md"])
    Traceback (most recent call last):
    ...
    mechlib.errors.ParameterError: generate: no chapter no/such/chapter.md ...
    """
    if chapters is None:
        chapters = chapters_with_checks()
    if isinstance(chapters, (str, Path)) or not hasattr(chapters, "__iter__"):
        chapters = [chapters]
    output = Path(output) if output is not None else \
        STORED
    worked_output = Path(worked_output) if worked_output is not None else WORKED
    written = []
    for chapter in chapters:
        path = chapter_path(chapter, "generate")
        with tempfile.TemporaryDirectory() as folder:
            log = Path(folder) / "records.jsonl"
            log.touch()
            previous = os.environ.get(RECORD)
            os.environ[RECORD] = str(log)
            try:
                run_notebook(read_chapter(path), path.resolve().parent,
                             name=path.stem, by="checks", timeout=600)
            finally:
                if previous is None:
                    del os.environ[RECORD]
                else:
                    os.environ[RECORD] = previous
            lines = log.read_text(encoding="utf-8").splitlines()
        checks, worked = {}, {}
        for line in map(json.loads, lines):
            name, stored = line["name"], line["record"]
            if not _NAME.match(name):
                raise ParameterError(
                    f"generate: {path.name} records the check {name!r}; name "
                    "checks <chapter prefix>-<exercise>-<what>, in letters, "
                    "digits and hyphens")
            if checks.get(name, stored) != stored:
                raise ParameterError(
                    f"generate: {path.name} records two different worked "
                    f"answers for {name!r}; each check has one worked answer")
            checks[name] = stored
            worked[name] = line["worked"]
        target = output / f"{path.stem}.json"
        if not checks:
            print(f"{path}: no checks recorded", file=sys.stderr)
            continue
        output.mkdir(parents=True, exist_ok=True)
        target.write_text(_dump(path.stem, checks), encoding="utf-8")
        worked_output.mkdir(parents=True, exist_ok=True)
        (worked_output / f"{path.stem}.json").write_text(
            _dump(path.stem, worked), encoding="utf-8")
        written += [target, worked_output / f"{path.stem}.json"]
    written.append(_write_examples(output))
    _check.forget_stored()
    return written


def main(argv=None):
    """``python -m bookkit.generate_checks [book/<chapter>.md ...]
    [--output DIR]``."""
    import argparse

    parser = argparse.ArgumentParser(
        prog="python -m bookkit.generate_checks",
        description="write mechlib/book/checks/<chapter>.json from the worked solutions "
        "of the chapters (default: every chapter that calls ml.check)")
    parser.add_argument("chapters", nargs="*")
    parser.add_argument("--output", default=None,
                        help="folder to write to (default: mechlib/book/checks)")
    options = parser.parse_args(argv)
    for path in generate(options.chapters or None, options.output):
        print(f"wrote {path}")


if __name__ == "__main__":
    main()
