"""The student edition: the whole book without its worked solutions.

``scripts/build-student.sh`` runs this module, which

1. writes a student copy of the book's sources into ``_build/student-src``:
   every page of ``book/`` without its worked solutions, everything else the
   build reads (``_config.yml``, ``_toc.yml``, ``_ext/``, ``figures/``, the
   bibliography, ...) copied as it is, ``vendor/static`` linked. The copy
   also holds ``mechlib`` and what Binder reads (``requirements.txt``,
   ``runtime.txt``, ``postBuild``, ``requirements-book.txt``,
   ``pyproject.toml``, ``.gitignore``): pushed to a repository of its own and
   built with ``--repository``, its launch buttons open notebooks that
   ``postBuild`` makes from these pages, without solutions. The build itself
   imports ``mechlib`` from the installed package, as the instructor's does;
2. builds that copy with Jupyter Book (warnings are errors, as in
   ``scripts/build.sh``) into ``_build/student/_build/html``, reachable as
   ``_build/student/html``.

A worked solution is, in a chapter (a MyST notebook read and written with
jupytext, its Markdown cells parsed with MyST's own parser):

- a ``{solution}`` directive (a fence inside a Markdown cell);
- everything from a ``{solution-start}`` fence to the end of its
  ``{solution-end}`` fence: prose, Markdown cells and code cells;
- every code cell tagged ``solution`` (the hidden checks after a solution).

The answer cells (tagged ``answer``, with their ``ml.check``) and everything
else stay. Every chapter of the student copy is executed again when it is
built: its outputs must be those of the chapter without its solutions (a
solution may rebind a name that a later cell shows), and the execution itself
proves that the student's notebook runs. The cache of executed chapters lives
in ``_build/student/_build/.jupyter_cache``, so an unchanged chapter is not
run again; files of the copy are rewritten only when their text changes.

By hand::

    python -m bookkit.student_edition                 # copy and build
    python -m bookkit.student_edition --sources-only  # the copy only

Examples
--------
>>> text = '''Prose.
...
... ```{solution} ex-a
... :class: dropdown
...
... The answer is $x$.
... ```
...
... More prose.
... '''
>>> print(strip_markdown(text, False)[0])
Prose.
<BLANKLINE>
More prose.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import time
from pathlib import Path

import jupytext
import nbformat
import yaml

from .chapters import REPOSITORY, SOLUTION_TAG, strip_markdown
from .in_page import PAGE_NAMES, student_page_names
from .site import BuildError, build_book

ROOT = REPOSITORY
SOURCES = ROOT / "_build" / "student-src"
OUTPUT = ROOT / "_build" / "student"
TAG = SOLUTION_TAG
# What the student copy leaves out of the repository's top level: the build,
# environments, tests (the reference notebooks hold the solutions),
# benchmarks, and the worked expressions the autograder grades with (grading/).
SKIP_TOP = {"_build", "build", "tests", "benchmarks", "grading", "vendor", "node_modules",
            "notebooks"}
SKIP_ANY = {"__pycache__"}          # and every folder named .* or *.egg-info
#: The one top-level dotfile the copy keeps (a student repository ignores what
#: the build and postBuild make, as this one does).
KEEP_DOTFILES = {".gitignore"}


#: The instructors' page: how to grade, what the grader cannot stop. The
#: student edition holds this short page in its place (the table of contents
#: and the links to it stay).
INSTRUCTORS = Path("book") / "instructors.md"
INSTRUCTORS_STUDENT_PAGE = """# Notes for instructors

This is the student edition of the book: the worked solutions and the notes
for instructors (the course plan, the autograder, the handouts) are in the
instructor's edition. If you teach from the book, build that edition from
the book's repository (`scripts/serve.sh`) or ask your instructor.
"""


def strip_notebook(notebook):
    """A copy of ``notebook`` without its worked solutions (see the module).

    Examples
    --------
    >>> nb = nbformat.v4.new_notebook(cells=[
    ...     nbformat.v4.new_markdown_cell("```{solution-start} ex-a\\n```"),
    ...     nbformat.v4.new_code_cell("x = 1"),
    ...     nbformat.v4.new_markdown_cell("```{solution-end}\\n```\\nAfter."),
    ...     nbformat.v4.new_code_cell("check(x)", metadata={"tags": ["solution"]}),
    ...     nbformat.v4.new_code_cell("y = ...", metadata={"tags": ["answer"]})])
    >>> [c.source for c in strip_notebook(nb).cells]
    ['After.', 'y = ...']
    """
    kept, inside = [], False
    for cell in notebook.cells:
        if cell.cell_type == "markdown":
            source, inside = strip_markdown(cell.source, inside)
            if source:
                cell = nbformat.from_dict(dict(cell, source=source))
                kept.append(cell)
        elif not inside and TAG not in cell.metadata.get("tags", []):
            kept.append(cell)
    copy = nbformat.from_dict(dict(notebook))
    copy.cells = kept
    return copy


def student_page(text):
    """The student version of a page's MyST text: the very same text if
    the page has no worked solution.

    Examples
    --------
    >>> student_page("# Title\\n\\nNo solution here.\\n")
    '# Title\\n\\nNo solution here.\\n'
    """
    if "{solution" not in text and TAG not in text:
        return text
    notebook = jupytext.reads(text, fmt="md:myst")
    # what each worked solution reads from the chapter, so that the page's
    # answer boxes run the set-up they run in the instructor's edition
    for index, names in student_page_names(notebook).items():
        notebook.cells[index].metadata[PAGE_NAMES] = names
    student = strip_notebook(notebook)
    if [c.source for c in student.cells] == [c.source for c in notebook.cells]:
        return text
    return jupytext.writes(student, fmt="md:myst")


def _files(root):
    """Relative paths of the files the student copy takes from ``root``."""
    for directory, folders, files in os.walk(root):
        here = Path(directory).relative_to(root)
        folders[:] = sorted(f for f in folders if f not in SKIP_ANY
                            and not f.startswith(".")
                            and not f.endswith(".egg-info")
                            and not (here == Path(".") and f in SKIP_TOP))
        for name in sorted(files):
            if (here == Path(".") and name.startswith(".") and name not in KEEP_DOTFILES
                    or name.endswith(".pyc")):
                continue
            yield here / name


def _write(path, data, mode=None):
    """Write ``data`` (bytes) unless ``path`` holds it already; give it the
    permission bits ``mode`` (``postBuild`` stays executable)."""
    if path.is_file() and not path.is_symlink() and path.read_bytes() == data:
        written = False
    else:
        path.parent.mkdir(parents=True, exist_ok=True)
        if path.is_symlink():
            path.unlink()
        path.write_bytes(data)
        written = True
    if mode is not None:
        path.chmod(mode)
    return written


def student_config(text, repository=None, branch=None):
    """The student copy's ``_config.yml``: its repository and launch buttons
    lead to ``repository`` (a URL) and ``branch``, the student sources; with
    no ``repository`` the copy has no repository or launch button at all,
    for the instructor's repository holds every solution.

    >>> text = "repository: {url: 'https://x/instructor', branch: main}"
    >>> student_config(text)["html"]["use_repository_button"]
    False
    >>> student_config(text, "https://x/course", "student")["repository"]
    {'url': 'https://x/course', 'branch': 'student'}
    """
    config = yaml.safe_load(text)
    html = config.setdefault("html", {})
    if repository:
        config["repository"] = {**config.get("repository", {}), "url": repository,
                                "branch": branch or "main"}
        return config
    html["use_repository_button"] = False
    html["use_issues_button"] = False
    html["use_edit_page_button"] = False
    buttons = config.setdefault("launch_buttons", {})
    for service in ("binderhub_url", "jupyterhub_url", "colab_url"):
        buttons[service] = ""
    buttons["thebe"] = False
    # the theme needs a repository address; no button leads to it
    return config


def write_sources(root=ROOT, target=SOURCES, repository=None, branch=None):
    """Write the student copy of the book at ``root`` into ``target``.

    Its ``_config.yml`` points the repository and launch buttons to the
    student sources at ``repository`` and ``branch``, or drops those buttons
    (:func:`student_config`). Returns the pages whose solutions were removed
    (paths relative to ``root``). Files of ``target`` that the copy no
    longer has are deleted.
    """
    root, target = Path(root), Path(target)
    target.mkdir(parents=True, exist_ok=True)
    wanted, stripped = set(), []
    for relative in _files(root):
        data = (root / relative).read_bytes()
        if relative == INSTRUCTORS:
            data = INSTRUCTORS_STUDENT_PAGE.encode("utf-8")
        elif relative.parts[0] == "book" and relative.suffix == ".md":
            text = data.decode("utf-8")
            student = student_page(text)
            if student != text:
                stripped.append(relative)
            data = student.encode("utf-8")
        elif relative == Path("_config.yml"):
            config = student_config(data.decode("utf-8"), repository, branch)
            data = ("# The student edition's configuration, written by "
                    "bookkit.student_edition\n"
                    + yaml.safe_dump(config, sort_keys=False)).encode("utf-8")
        _write(target / relative, data, (root / relative).stat().st_mode & 0o777)
        wanted.add(relative)
    static = target / "vendor" / "static"
    static.parent.mkdir(exist_ok=True)
    vendored = (root / "vendor" / "static").resolve()
    if not static.is_symlink() or static.resolve() != vendored:   # e.g. another checkout's
        if static.is_symlink():
            static.unlink()
        shutil.rmtree(static, ignore_errors=True)
        static.symlink_to(vendored)
    wanted.add(Path("vendor/static"))
    for relative in list(_files(target)):
        if relative not in wanted and not str(relative).startswith("vendor/"):
            (target / relative).unlink()
    return stripped


def build(sources=SOURCES, output=OUTPUT):
    """Build the student copy with Jupyter Book into ``output/_build/html``
    (also ``output/html``); a failed build raises SystemExit with the log's
    warnings (:func:`bookkit.site.build_book`)."""
    output = Path(output)
    output.mkdir(parents=True, exist_ok=True)
    html = output / "html"
    try:
        build_book(sources, output, log=output / "build.log", by="student-build")
    except BuildError as error:
        raise SystemExit(f"{error}\nstudent edition: the build failed") from None
    finally:
        if not html.is_symlink():
            shutil.rmtree(html, ignore_errors=True)
            html.symlink_to(Path("_build") / "html")
    return html


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m bookkit.student_edition",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("--sources-only", action="store_true",
                        help="write the student copy of the sources, build nothing")
    parser.add_argument("--sources", default=str(SOURCES),
                        help="where the student copy goes (default: _build/student-src)")
    parser.add_argument("--output", default=str(OUTPUT),
                        help="where the site goes: OUTPUT/html (default: _build/student)")
    parser.add_argument("--repository", default=os.environ.get("STUDENT_REPOSITORY"),
                        help="URL of the repository that holds the student sources, for "
                        "the site's repository and launch buttons (default: the "
                        "STUDENT_REPOSITORY environment variable; with neither, the "
                        "student edition has no such buttons)")
    parser.add_argument("--branch", default=os.environ.get("STUDENT_BRANCH", "student"),
                        help="its branch (default: STUDENT_BRANCH, else 'student')")
    options = parser.parse_args(argv)
    start = time.monotonic()
    stripped = write_sources(ROOT, options.sources, options.repository, options.branch)
    print(f"student edition: {len(stripped)} pages without their solutions in "
          f"{options.sources}")
    if options.sources_only:
        return
    html = build(options.sources, options.output)
    print(f"student edition: {html} built in {time.monotonic() - start:.0f} s "
          f"(log: {Path(options.output) / 'build.log'})")


if __name__ == "__main__":
    sys.exit(main())
