"""Sphinx extension of the book: answer the checked exercises in the page.

Each answer cell of a chapter (a code cell tagged ``answer`` that ends with
``ml.check("<name>", <variable>)``, :func:`mechlib.book.chapters.chapter_checks`)
becomes an editable code box with a "Check" button (``_ext/static/answers.js``).
The first press loads Pyodide, the SymPy, mpmath and mechlib wheels, all
served by the site itself (``vendor/static/pyodide``, installed by
``scripts/setup.sh``; mechlib's wheel in ``_static``, built by
:func:`mechlib.book.site.build_wheel`), runs the exercise's setup and then
the box's code, and shows what ``ml.check`` says, as in Jupyter.

An exercise's setup is the chapter's cells that the reader sees in the page
and that its answer and worked solution need, found by
:func:`mechlib.book.slicing.needed_cells` as the autograder finds them (never
a worked solution, nor a hidden check of the chapter: those are tagged
``remove-cell``). The page's Pyodide has SymPy and mechlib's symbolic core,
no numpy, scipy or matplotlib: a box whose setup needs one of them (or a
part of mechlib that does) is shown as not yet checkable in the page.

The chapter's other code cells that the page's Python can run (their own code
and their setup free of NOT_IN_PAGE; not a worked solution, not a hidden cell,
not one that fails on purpose) are *live*: an "Edit and run" control makes the
cell editable and runs it in the same Pyodide, and its output replaces the
page's, rendered as the page renders it. The page names a live cell by
:func:`cell_key` of its code, which answers.js computes from the code it shows.

The page carries the setups and what the script needs in one JSON script,
``<script type="application/json" id="mechbook-answers-data">``; nothing of
Python loads before a press.
"""

from __future__ import annotations

import ast
import functools
import json
from pathlib import Path

from sphinx.errors import ExtensionError

from mechlib.book.autograder import worked_cells
from mechlib.book.chapters import REPOSITORY, chapter_checks, read_chapter, solution_cells
from mechlib.book.site import wheel_name
from mechlib.book.slicing import names_bound, names_used, needed_cells, python_source

#: Where scripts/setup.sh puts Pyodide and the SymPy and mpmath wheels (the
#: site serves vendor/static as _static).
PYODIDE = REPOSITORY / "vendor" / "static" / "pyodide"
#: Modules the page's Pyodide does not have, or parts of mechlib that import
#: them (their names as ``ml.<name>`` too, see mechlib/__init__.py).
#: (``IPython.display`` is there: answers.js gives the setup a ``display``
#: that shows nothing, as a setup's outputs are not shown.)
NOT_IN_PAGE = ("numpy", "scipy", "matplotlib", "IPython.core", "ipywidgets",
               "mechlib.simulation", "mechlib.linearization",
               "mechlib.planar", "mechlib.book.display", "mechlib.book.drawing",
               "mechlib.book.explorer")


def _ml_names_not_in_page():
    """``ml.<name>`` attributes that import a module of NOT_IN_PAGE."""
    import mechlib

    lazy = {**mechlib._LAZY_MODULES, **mechlib._LAZY_NAMES}
    return {name for name, module in lazy.items() if module.startswith(NOT_IN_PAGE)}


def _not_in_page(node):
    """What of NOT_IN_PAGE an import statement imports (``from mechlib
    import drawing``: ``ml.drawing``)."""
    if isinstance(node, ast.Import):
        return {a.name for a in node.names if a.name.startswith(NOT_IN_PAGE)}
    if node.module == "mechlib":
        return {f"ml.{a.name}" for a in node.names if a.name in _ml_names_not_in_page()}
    return {node.module} if (node.module or "").startswith(NOT_IN_PAGE) else set()


def _only_not_in_page(node):
    """Whether an import statement imports nothing but what NOT_IN_PAGE lists."""
    if isinstance(node, ast.Import):
        return all(a.name.startswith(NOT_IN_PAGE) for a in node.names)
    if node.module == "mechlib":
        return all(a.name in _ml_names_not_in_page() for a in node.names)
    return (node.module or "").startswith(NOT_IN_PAGE)


def missing_in_page(source):
    """What of NOT_IN_PAGE a cell imports or uses (``ml.simulate``), or ``[]``.

    >>> missing_in_page("import numpy as np\\nx = ml.simulate(s)\\ny = ml.partial_velocities")
    ['ml.simulate', 'numpy']
    >>> missing_in_page("from mechlib import drawing, kane")
    ['ml.drawing']
    """
    found = set()
    for node in ast.walk(ast.parse(python_source(source))):
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            found |= _not_in_page(node)
        elif (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
              and node.value.id == "ml" and node.attr in _ml_names_not_in_page()):
            found.add(f"ml.{node.attr}")
    return sorted(found)


def without_unused_imports(source, used):
    """``source`` (plain Python) without its top-level import statements that
    import only what NOT_IN_PAGE lists and bind no name in ``used`` (a
    chapter's first cell imports numpy and matplotlib for its plots; an
    exercise may need none of them).

    >>> without_unused_imports("import numpy as np\\nimport sympy as sm", {"sm"})
    '\\nimport sympy as sm'
    >>> without_unused_imports("from scipy.integrate import a, b\\nx = 1", {"x"})
    '\\nx = 1'
    """
    lines = source.splitlines()
    for node in ast.parse(source).body:
        if not isinstance(node, (ast.Import, ast.ImportFrom)):
            continue
        if _only_not_in_page(node) \
                and not names_bound(ast.unparse(node)) & used:
            lines[node.lineno - 1:node.end_lineno] = [""] * (node.end_lineno - node.lineno + 1)
    return "\n".join(lines)


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


#: Tags of the cells that are never live: not shown, or failing on purpose.
NOT_LIVE = {"remove-cell", "remove-input", "raises-exception", "answer"}


@functools.lru_cache(maxsize=None)
def answer_boxes(chapter):
    """The in-page data of a chapter's answer cells and live cells, or None if
    it has no answer cell.

    Returns ``{"cells": [source, ...], "keys": [key, ...], "checks": {name:
    {"setup": [k, ...], "missing": [...]}}, "live": [[key, [k, ...]], ...]}``:
    the setup cells' code (plain Python, each distinct code once) and the
    :func:`cell_key` of the cell each comes from; for each check the codes to
    run before its box, in order, and what of them the page's Python lacks
    (empty when it can be checked; otherwise no set-up is sent, which would
    only weigh on the page); for each live cell its :func:`cell_key` and its
    setup's codes.
    """
    chapter = Path(chapter)
    checks = chapter_checks(chapter)
    if not checks:
        return None
    notebook = read_chapter(chapter)
    solution = solution_cells(notebook)
    answers = {item["answer_cell"] for item in checks}
    sources = [c.source if c.cell_type == "code" else "" for c in notebook.cells]
    candidates = [i for i, c in enumerate(notebook.cells)
                  if c.cell_type == "code" and i not in solution and i not in answers
                  and not {"remove-cell", "raises-exception"} & set(c.metadata.get("tags", []))]
    by_exercise = {}
    for item in checks:
        by_exercise.setdefault(item["exercise"], []).append(item)
    cells, keys, boxes = [], [], {}

    def sent(index, code):
        """The position of cell ``index``'s set-up ``code`` in ``cells``."""
        if code not in cells:
            cells.append(code)
            keys.append(cell_key(sources[index]))
        return cells.index(code)

    for items in by_exercise.values():
        targets = {item["answer_cell"] for item in items} | set(
            worked_cells(notebook, items, solution))
        setup = needed_cells(sources, targets, candidates)
        used = set().union(set(), *(names_used(sources[i]) for i in [*setup, *targets]))
        code = [without_unused_imports(python_source(sources[i]), used) for i in setup]
        missing = sorted(set().union(set(), *(missing_in_page(c) for c in code)))
        # not checkable in the page: its set-up is not sent (it would only weigh)
        positions = [] if missing else [sent(i, c) for i, c in zip(setup, code)]
        for item in items:
            boxes[item["name"]] = {"setup": positions, "missing": missing}
    live = []
    for index in candidates:
        cell = notebook.cells[index]
        if NOT_LIVE & set(cell.metadata.get("tags", [])) or missing_in_page(sources[index]):
            continue
        # and the cell that sets up the printing (ml.init_printing()), which
        # binds no name the cell needs but decides how its value is shown
        printing = {i for i in candidates if i < index and "init_printing(" in sources[i]}
        setup = sorted(set(needed_cells(sources, {index}, candidates)) | printing)
        used = set().union(names_used(sources[index]), *(names_used(sources[i]) for i in setup))
        code = [without_unused_imports(python_source(sources[i]), used) for i in setup]
        if any(missing_in_page(c) for c in code):
            continue
        live.append([cell_key(sources[index]), [sent(i, c) for i, c in zip(setup, code)]])
    return {"cells": cells, "keys": keys, "checks": boxes, "live": live}


#: What the first press loads from vendor/static/pyodide (with the wheels).
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
                 "pyodide-lock.json")


def runtime_files(pathto):
    """The URLs (relative to the page) of Pyodide, the wheels it installs and
    the Python side of the boxes, and about how many megabytes the first
    press loads (mechlib's wheel, 0.2 MB, is built after the pages)."""
    wheels = sorted(p.name for p in PYODIDE.glob("*.whl"))
    absent = [name for name in PYODIDE_FILES if not (PYODIDE / name).is_file()]
    if absent or len(wheels) < 2:
        raise ExtensionError(f"the answer boxes need Pyodide and the SymPy and mpmath wheels "
                             f"in {PYODIDE} (missing: {absent or 'the wheels'}): run "
                             "scripts/setup.sh")
    size = sum((PYODIDE / name).stat().st_size for name in (*PYODIDE_FILES, *wheels))
    return {"pyodide": pathto("_static/pyodide/pyodide.mjs", 1),
            "wheels": [pathto(f"_static/pyodide/{name}", 1) for name in wheels]
            + [pathto(f"_static/{wheel_name()}", 1)],
            "runner": pathto("_static/answers_runner.py", 1),
            "megabytes": round(size / 1e6)}


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
    return {"parallel_read_safe": True, "parallel_write_safe": True}
