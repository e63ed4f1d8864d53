"""Writing the stored checks from the worked solutions.

``python -m mechlib.book.checks generate [book/<chapter>.md ...]`` runs
:func:`main`: each chapter is executed with ``MECHLIB_CHECK_RECORD`` naming a
file, so that every ``assert ml.check(name, worked_value)`` of its worked
solutions records the value (:mod:`mechlib.book.record`); the records of one
chapter make ``mechlib/book/checks/<chapter>.json``.

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

from ..errors import ParameterError
from . import check as _check
from .chapters import chapter_path, chapters_with_checks, read_chapter
from .notebooks import run_notebook
from .record import RECORD

__all__ = ["generate"]

FORMAT = _check.FORMAT
#: How a check is named: <chapter prefix>-<exercise>-<what>.
_NAME = re.compile(r"^[a-z0-9]+(-[A-Za-z0-9]+)+$")


def _dump(chapter, checks):
    return json.dumps({"format": FORMAT, "chapter": chapter,
                       "checks": checks}, sort_keys=True, indent=1) + "\n"


def generate(chapters=None, output=None):
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
        Path(__file__).resolve().parent / "checks"
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
        checks = {}
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
        target = output / f"{path.stem}.json"
        if not checks:
            print(f"{path}: no checks recorded", file=sys.stderr)
            continue
        output.mkdir(parents=True, exist_ok=True)
        target.write_text(_dump(path.stem, checks), encoding="utf-8")
        written.append(target)
    _check.forget_stored()
    return written


def main(argv=None):
    """``python -m mechlib.book.checks generate [book/<chapter>.md ...]
    [--output DIR]``."""
    import argparse

    parser = argparse.ArgumentParser(prog="python -m mechlib.book.checks")
    commands = parser.add_subparsers(dest="command", required=True)
    gen = commands.add_parser(
        "generate", help="write mechlib/book/checks/<chapter>.json from the worked "
        "solutions of the chapters (default: every chapter that calls "
        "ml.check)")
    gen.add_argument("chapters", nargs="*")
    gen.add_argument("--output", default=None,
                     help="folder to write to (default: mechlib/book/checks)")
    options = parser.parse_args(argv)
    for path in generate(options.chapters or None, options.output):
        print(f"wrote {path}")


if __name__ == "__main__":
    main()
