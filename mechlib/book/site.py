"""Building the book: the one way the tooling runs Jupyter Book.

``python -m mechlib.book.site [SOURCE] [--output DIR]`` builds the book at
``SOURCE`` (default: the repository) with warnings as errors, references
nitpicky and every chapter executed (cached by jupyter-cache, so an unchanged
chapter is not run again); ``scripts/build.sh`` runs it for the instructor's
edition and :mod:`mechlib.book.student_edition` for the student's. When the
build fails, :class:`BuildError` carries what the log says went wrong: its
warnings and errors, and the end of every failed chapter's error report.
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

from .chapters import REPOSITORY
from .notebooks import log_execution

__all__ = ["BuildError", "build_book", "problems_in_log", "executed_in_log"]


class BuildError(RuntimeError):
    """The book did not build; the message quotes the log."""


def problems_in_log(log, reports=None, lines=40):
    """The warnings and errors of a build log, then the end of each failed
    chapter's error report under ``reports`` (``<html>/reports``).

    >>> import tempfile, pathlib
    >>> log = pathlib.Path(tempfile.mkdtemp()) / "build.log"
    >>> _ = log.write_text("reading sources\\nbook/a.md: WARNING: undefined label\\n")
    >>> problems_in_log(log)
    'book/a.md: WARNING: undefined label'
    """
    found = [line for line in Path(log).read_text(errors="replace").splitlines()
             if any(word in line for word in ("WARNING", "ERROR", "Error", "Traceback"))]
    text = "\n".join(found[:lines])
    for report in sorted(Path(reports).rglob("*.err.log")) if reports else []:
        tail = report.read_text(errors="replace").splitlines()[-30:]
        text += f"\n--- {report}\n" + "\n".join(tail)
    return text


def build_book(source=".", output=None, log=None, by="build"):
    """Build the book at ``source`` into ``output/_build/html`` (default:
    ``source/_build/html``); return the HTML folder.

    Raises
    ------
    BuildError
        The build failed or warned; the message quotes the log.

    Every chapter the build executes is counted as executed ``by`` (see
    :mod:`mechlib.book.executions`).
    """
    source = Path(source).resolve()
    command = [str(Path(sys.executable).with_name("jupyter-book")), "build",
               str(source), "-W", "-n", "--keep-going"]
    if output is not None:
        command += ["--path-output", str(Path(output).resolve())]
    root = Path(output).resolve() if output is not None else source
    html = root / "_build" / "html"
    log = Path(log) if log else root / "_build" / "build.log"
    log.parent.mkdir(parents=True, exist_ok=True)
    reports = html / "reports"
    if reports.is_dir():                  # failure reports of earlier builds
        shutil.rmtree(reports)
    with log.open("w") as stream:
        result = subprocess.run(command, cwd=source, stdout=stream,
                                stderr=subprocess.STDOUT)
    for name in executed_in_log(log):
        log_execution(name, by)
    if result.returncode != 0:
        raise BuildError(problems_in_log(log, reports)
                         + f"\nthe book did not build; the whole log is in {log}")
    build_wheel(html / "_static")
    return html


def wheel_name():
    """The file name of the mechlib wheel the site serves.

    >>> wheel_name().startswith("mechlib-") and wheel_name().endswith("-py3-none-any.whl")
    True
    """
    from importlib.metadata import version
    return f"mechlib-{version('mechlib')}-py3-none-any.whl"


def build_wheel(folder):
    """Build mechlib's wheel into ``folder`` (the site's ``_static``): a
    downloaded chapter's first cell installs it from the book's address.
    Returns its path; raises BuildError if pip cannot build it."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    result = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet",
                             "--wheel-dir", str(folder), str(REPOSITORY)],
                            capture_output=True, text=True)
    wheel = folder / wheel_name()
    if result.returncode != 0 or not wheel.is_file():
        raise BuildError(f"the mechlib wheel did not build:\n{result.stderr[-2000:]}")
    return wheel


def executed_in_log(log):
    r"""The chapters a build log says were executed (not taken from the cache).

    >>> import tempfile, pathlib
    >>> log = pathlib.Path(tempfile.mkdtemp()) / "build.log"
    >>> _ = log.write_text("/r/book/intro.md: Executing notebook using local CWD [mystnb]\n"
    ...                    "/r/book/kane.md: Cached executed notebook: ID=6 [mystnb]\n")
    >>> executed_in_log(log)
    ['intro']
    """
    found = re.findall(r"^(\S+)\.md: Executing notebook", Path(log).read_text(errors="replace"),
                       re.M)
    return [Path(path).name for path in found]


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m mechlib.book.site",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("source", nargs="?", default=".")
    parser.add_argument("--output", default=None,
                        help="build into OUTPUT/_build/html (default: SOURCE/_build/html)")
    options = parser.parse_args(argv)
    start = time.monotonic()
    try:
        html = build_book(options.source, options.output)
    except BuildError as error:
        print(error, file=sys.stderr)
        return 1
    print(f"build: {html} built in {time.monotonic() - start:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
