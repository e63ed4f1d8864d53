"""Sphinx extension of the book: answer the checked exercises in the page.

Each answer cell of a chapter (a code cell tagged ``answer`` that ends with
``ml.check("<name>", <variable>)``, :func:`bookkit.chapters.chapter_checks`)
becomes an editable code box with a "Check" button (``_ext/static/answers.js``).
The page's Python runs in a Web Worker (``answers-worker.mjs``), under a time
limit (:data:`RUN_LIMIT`) and with a Stop button, so that no run holds up the
page. The first press (or the first focus of a box) loads Pyodide, SymPy and
mpmath compiled for it, and mechlib's wheel, all served by the site itself
(``vendor/static/pyodide``, installed by ``scripts/setup.sh``; mechlib's wheel
in ``_static``, built by :func:`bookkit.site.build_wheel`), runs the exercise's setup and then
the box's code, and shows what ``ml.check`` says, as in Jupyter.

What of a chapter runs in the page, and which cells an exercise's box runs
first, :mod:`bookkit.in_page` finds: the cells its answer and worked
solution need, among the cells the reader sees that the page's Python can run
(SymPy and mechlib's symbolic core, no numpy, scipy or matplotlib). Every
checked exercise must be checkable there: a chapter with one whose check
needs more stops the build (:func:`answer_boxes`).

The chapter's other code cells that run in the page (not a worked solution,
not a hidden cell, not one that fails on purpose) are *live*: an "Edit and
run" control makes the cell editable and runs it in the same Pyodide, and its
output replaces the page's, rendered as the page renders it. The page names a
live cell by :func:`cell_key` of its code, which answers.js computes from the
code it shows.

The page carries the setups and what the script needs in one JSON script,
``<script type="application/json" id="mechbook-answers-data">``; nothing of
Python loads before a press.
"""

from __future__ import annotations

import functools
import hashlib
import json
import zipfile
from pathlib import Path

from sphinx.errors import ExtensionError

from bookkit.chapters import REPOSITORY, read_chapter
from bookkit.in_page import NOT_IN_PAGE, page_boxes
from bookkit.serving import PagesHandler
from bookkit.site import package_digest, wheel_name

#: Where scripts/setup.sh puts Pyodide and SymPy and mpmath compiled for it,
#: ``sympy-<version>-mpmath-<version>-pyodide.zip`` (what the page's Python
#: imports) and ``...-pyodide-rest.zip`` (the modules it fetches only when the
#: reader's code imports one of them), and Pyodide's standard library split
#: the same way, ``python_stdlib.zip`` and ``python_stdlib-rest.zip``
#: (scripts/compile-for-pyodide.mjs; the site serves vendor/static as _static).
PYODIDE = REPOSITORY / "vendor" / "static" / "pyodide"


def cell_key(code):
    """The key of a cell by its code (trailing white space left out): FNV-1a
    over its UTF-16 code units, as answers.js computes it from the page.

    >>> cell_key("x = 1\\n"), cell_key("x = 1"), cell_key("θ = 1")
    ('41f65c6b', '41f65c6b', '3f6c2eab')
    """
    key = 0x811C9DC5
    data = code.rstrip().encode("utf-16-le")
    for k in range(0, len(data), 2):
        key = ((key ^ (data[k] | data[k + 1] << 8)) * 0x01000193) & 0xFFFFFFFF
    return f"{key:08x}"


@functools.cache
def answer_boxes(chapter):
    """The in-page data of a chapter's answer cells and live cells, or None if
    it has no answer cell (:func:`bookkit.in_page.page_boxes`).

    Returns ``{"cells": [source, ...], "keys": [key, ...], "checks": {name:
    {"setup": [k, ...]}}, "live": [[key, [k, ...]], ...], "lacks": {"names": {name:
    [...]}, "modules": [...]}}``:
    the set-up cells' page code (each distinct code once) and the
    :func:`cell_key` of the cell each comes from; for each check the codes to
    run before its box, in order; for each live cell its :func:`cell_key` and
    its set-up's codes; the chapter's names that the page's Python cannot
    make, with what they need, and the modules it has not (an error for one
    says so).

    Raises ExtensionError, naming the exercise and what the page lacks, when
    an exercise cannot be checked in the page.
    """
    notebook = read_chapter(Path(chapter))
    found = page_boxes(notebook)
    if found is None:
        return None
    unchecked = {name: entry["missing"] for name, entry in found["checks"].items()
                 if entry["missing"]}
    if unchecked:
        raise ExtensionError(
            f"{chapter}: the page cannot check "
            + "; ".join(f"{name} (it needs {', '.join(lacks)})"
                        for name, lacks in unchecked.items())
            + ". Keep an exercise's symbolic answer and its `assert ml.check(...)` in a "
              "cell of their own that needs no numpy, scipy or plot, and the numeric "
              "cross-checks in the next cell (CONTRIBUTING.md, 'A chapter').")
    code = found["code"]
    cells, keys = [], []

    def sent(index):
        """The position of cell ``index``'s page code in ``cells``."""
        if code[index] not in cells:
            cells.append(code[index])
            keys.append(cell_key(notebook.cells[index].source))
        return cells.index(code[index])

    checks = {name: {"setup": [sent(i) for i in entry["setup"]]}
              for name, entry in found["checks"].items()}
    live = [[cell_key(notebook.cells[index].source), [sent(i) for i in setup]]
            for index, setup in found["live"]]
    # what the page's Python lacks, for the words of an error about it
    lacks = {"names": found["lacks"],
             "modules": [m for m in NOT_IN_PAGE if not m.startswith("mechlib")]}
    return {"cells": cells, "keys": keys, "checks": checks, "live": live, "lacks": lacks}


#: Seconds that the reader's code in a box may run before the page ends it,
#: and the same for a set-up (the chapter's cells that a box runs first; a
#: live cell's set-up holds the reader's edits of earlier live cells). The
#: page says the first next to every box.
RUN_LIMIT = 10
SETUP_LIMIT = 60

#: What the first press loads from vendor/static/pyodide (with the wheels).
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
                 "pyodide-lock.json")


def runtime_files(pathto):
    """The URLs (relative to the page) of the worker that runs the page's
    Python, of Pyodide, the packages it unpacks (SymPy and mpmath compiled for
    it, and mechlib's wheel), the rest of SymPy and mpmath and of the
    standard library (each a URL and the top-level modules it holds, fetched
    on an import that needs it) and the Python side of the boxes, about how many
    megabytes the first press loads as GitHub Pages sends them (mechlib's
    wheel, 0.2 MB, is built after the pages), and the time limits in seconds."""
    compiled = sorted(p.name for p in PYODIDE.glob("sympy-*-pyodide.zip"))
    rest = [name.replace(".zip", "-rest.zip") for name in (*compiled, "python_stdlib.zip")]
    absent = [name for name in (*PYODIDE_FILES, *rest) if not (PYODIDE / name).is_file()]
    if absent or len(compiled) != 1:
        raise ExtensionError(f"the answer boxes need Pyodide and one SymPy and mpmath "
                             f"compiled for it in {PYODIDE} (missing: "
                             f"{absent or 'sympy-*-pyodide.zip'}, found {compiled}): run "
                             "scripts/setup.sh")
    size = sum(_sent_size(PYODIDE / name) for name in (*PYODIDE_FILES, *compiled))
    # mechlib's wheel and the runner keep their names from edition to edition:
    # the query names this one, so that no browser runs a cached other
    version = f"?v={_edition()}"
    return {"worker": pathto("_static/answers-worker.mjs", 1) + version,
            "pyodide": pathto("_static/pyodide/pyodide.mjs", 1),
            "packages": [pathto(f"_static/pyodide/{name}", 1) for name in compiled]
            + [pathto(f"_static/{wheel_name()}", 1) + version],
            "rest": [{"url": pathto(f"_static/pyodide/{name}", 1), "tops": _tops(PYODIDE / name)}
                     for name in rest],
            "runner": pathto("_static/answers_runner.py", 1) + version,
            "megabytes": round(size / 1e6), "limit": RUN_LIMIT, "setupLimit": SETUP_LIMIT}


@functools.cache
def _sent_size(path):
    """The bytes of ``path`` as GitHub Pages sends them
    (bookkit.serving.PagesHandler): gzipped where it compresses the file's
    type, the zips as they are."""
    body = PagesHandler.gzipped(path)
    return path.stat().st_size if body is None else len(body)


@functools.cache
def _tops(archive):
    """The top-level modules and packages in the zip ``archive``."""
    with zipfile.ZipFile(archive) as opened:
        return sorted({name.split("/")[0].removesuffix(".pyc").removesuffix(".py")
                       for name in opened.namelist()})


@functools.cache
def _edition():
    """Twelve hex digits naming mechlib's source, the page's runner and its
    worker."""
    static = Path(__file__).parent / "static"
    code = b"".join((static / name).read_bytes()
                    for name in ("answers_runner.py", "answers-worker.mjs"))
    return hashlib.sha256(package_digest().encode() + code).hexdigest()[:12]


def add_answer_boxes(app, pagename, templatename, context, doctree):
    """On a chapter with answer cells: its data, the script and the style."""
    # the chapter this build reads: the student edition's has no worked solution
    source = Path(app.srcdir) / f"{pagename}.md"
    if not pagename.startswith("book/") or not source.is_file() \
            or 'class="cell tag_answer' not in context.get("body", ""):
        return
    boxes = answer_boxes(source)
    if not boxes:
        return
    data = json.dumps({**boxes, "runtime": runtime_files(context["pathto"])},
                      separators=(",", ":"))
    context["body"] += ('<script type="application/json" id="mechbook-answers-data">'
                        + data.replace("</", "<\\/") + "</script>")
    app.add_js_file("answers.js", defer="defer")
    app.add_css_file("answers.css")


def setup(app):
    app.connect("html-page-context", add_answer_boxes)
    # What scripts/setup.sh installed in vendor/static (its stamp) and the
    # edition of the page's Python (which every page names in its URLs) are
    # part of the HTML build's configuration: when either changes, every page
    # is written again, and Sphinx copies the static files with them (it
    # copies none when no page is out of date, which left a site with the
    # Pyodide zips of an earlier set-up, or an earlier answers_runner.py).
    stamp = PYODIDE.parent / ".stamp"
    app.add_config_value("mechbook_vendor_stamp",
                         (stamp.read_text().strip() if stamp.is_file() else "")
                         + "-" + _edition(), "html")
    return {"parallel_read_safe": True, "parallel_write_safe": True}
