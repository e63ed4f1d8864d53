"""What of a chapter the page's own Python can run: its answer boxes' set-ups
and its live cells.

A reader checks an exercise in the web page itself, in Pyodide, which has
SymPy, mpmath and mechlib's symbolic core but no numpy, scipy or matplotlib
(NOT_IN_PAGE). A chapter's code cells are read in order, as a reader runs
them: a cell *runs in the page* when, with the imports of NOT_IN_PAGE left
out of its import statements, it uses nothing of NOT_IN_PAGE and reads only
names that earlier cells running in the page bind (:func:`page_cells`). A
plot's cell does not; neither does a cell that needs its numbers.

An exercise's box runs the cells that its answer and its worked solution need
(:func:`mechlib.book.slicing.needed_cells`), taken among the cells that run in
the page: the worked solution's own cells that need numbers (a simulation
that confirms the answer) are left out, but the cell that asserts the check
must run in the page, or the box is not checkable there. The student edition
has no worked solution: its answer cells carry the names the worked solution
reads from the chapter (the cell metadata ``PAGE_NAMES``, written by
:mod:`bookkit.student_edition`), so that both editions' boxes run the
same set-up, and that set-up holds no solution text.

Examples
--------
>>> cells = ["import numpy as np\\nimport sympy as sm", "x = sm.Symbol('x')",
...          "xs = np.linspace(0, 1)", "y = 2*x"]
>>> sorted(page_cells(cells, range(4)))
[0, 1, 3]
>>> page_cells(cells, range(4))[0]
'\\nimport sympy as sm'
"""

from __future__ import annotations

import ast
import builtins
import re
import symtable

from mechlib.book.slicing import names_bound, names_used, needed_cells, python_source

from .chapters import notebook_checks, solution_cells, worked_cells

__all__ = ["NOT_IN_PAGE", "PAGE_NAMES", "missing_in_page", "page_code", "free_names",
           "page_cells", "worked_in_page", "box_setup", "live_setup",
           "page_boxes", "student_page_names", "worked_code"]

#: Modules the page's Pyodide does not have, or parts of mechlib that import
#: them (their names as ``ml.<name>`` too, see mechlib/__init__.py).
#: (``IPython.display`` is not: the page gives the set-up a ``display`` that
#: shows nothing, as a set-up's outputs are not shown.)
NOT_IN_PAGE = ("numpy", "scipy", "matplotlib", "IPython.core", "ipywidgets",
               "mechlib.simulation", "mechlib.linearization",
               "mechlib.planar.simulation", "mechlib.book.drawing",
               "mechlib.book.explorer")
#: What of a module the page has imports a library it has not (on first
#: use), and which: ``{module: {name: library}}``.
ATTRIBUTES_NOT_IN_PAGE = {
    "mechlib.book.display": dict.fromkeys(("explorer", "Explorer", "animation_html"),
                                          "matplotlib"),
    "mechlib.planar": dict.fromkeys(("rhs", "simulate", "simulation"), "numpy"),
    "mechlib.systems.bicycle": {"pitch_angle": "scipy"}}     # scipy's brentq
#: The names that the chapters give those modules.
_MODULE_NAMES = {"ml.display": "mechlib.book.display", "ml.planar": "mechlib.planar",
                 "planar": "mechlib.planar"}
#: The library that each of those names needs, by every name it is given.
_PART_NEEDS = {f"{alias}.{name}": library
               for module, names in ATTRIBUTES_NOT_IN_PAGE.items()
               for alias in (module, *(a for a, m in _MODULE_NAMES.items() if m == module))
               for name, library in names.items()}
#: The answer cell's metadata key of the student edition: the names that
#: the (removed) worked solution uses from the chapter (``{"uses": [...]}``),
#: or what the page lacks to check it (``{"missing": [...]}``).
PAGE_NAMES = "page-names"
_BUILTINS = frozenset(dir(builtins))
#: Why a cell that reads a name no earlier cell binds does not run in the page.
_UNBOUND = "a name no cell binds"


def _ml_names_not_in_page():
    """``ml.<name>`` attributes that import a module of NOT_IN_PAGE."""
    import mechlib

    lazy = {**mechlib._LAZY_MODULES, **mechlib._LAZY_NAMES}
    return {name for name, module in lazy.items() if module.startswith(NOT_IN_PAGE)}


def _alias_not_in_page(node, alias):
    """What of NOT_IN_PAGE an import statement's ``alias`` imports, or None."""
    if isinstance(node, ast.Import):
        return alias.name if alias.name.startswith(NOT_IN_PAGE) else None
    module = node.module or ""
    if module == "mechlib" and alias.name in _ml_names_not_in_page():
        return f"ml.{alias.name}"
    if alias.name in ATTRIBUTES_NOT_IN_PAGE.get(module, ()):
        return f"{module}.{alias.name}"
    return module if module.startswith(NOT_IN_PAGE) else None


def missing_in_page(source):
    """What of NOT_IN_PAGE a cell imports or uses (``ml.simulate``), or ``[]``.

    >>> missing_in_page("import numpy as np\\nx = ml.simulate(s)\\ny = ml.partial_velocities")
    ['ml.simulate', 'numpy']
    >>> missing_in_page("from mechlib import drawing, kane\\nml.display.explorer(f)")
    ['ml.display.explorer', 'ml.drawing']
    """
    found = set()
    for node in ast.walk(ast.parse(python_source(source))):
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            found |= {what for alias in node.names
                      if (what := _alias_not_in_page(node, alias))}
        elif isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) \
                and node.value.id == "ml" and node.attr in _ml_names_not_in_page():
            found.add(f"ml.{node.attr}")
        elif isinstance(node, ast.Attribute) and node.attr in ATTRIBUTES_NOT_IN_PAGE.get(
                _MODULE_NAMES.get(ast.unparse(node.value)), ()):
            found.add(f"{ast.unparse(node)}")
    return sorted(found)


def page_code(source):
    """A cell's code as the page runs it: plain Python (magics blanked) with
    the imports of NOT_IN_PAGE left out of its top-level import statements.

    >>> page_code("%matplotlib inline\\nimport numpy as np\\nx = 1")
    '\\n\\nx = 1'
    >>> page_code("from mechlib import drawing, planar")
    'from mechlib import planar'
    """
    source = python_source(source)
    lines = source.splitlines()
    for node in reversed(ast.parse(source).body):
        if not isinstance(node, (ast.Import, ast.ImportFrom)):
            continue
        kept = [a for a in node.names if not _alias_not_in_page(node, a)]
        if len(kept) == len(node.names):
            continue
        statement = ""
        if kept:
            statement = ast.unparse(type(node)(**{**{f: getattr(node, f) for f in node._fields},
                                                  "names": kept}))
        span = node.end_lineno - node.lineno + 1
        lines[node.lineno - 1:node.end_lineno] = [statement] + [""] * (span - 1)
    return "\n".join(lines)


def free_names(source):
    """The names a cell reads from before it: used at its top level, or as a
    global in its functions and comprehensions, and not bound by it first.

    >>> sorted(free_names("def f(a):\\n    return a + b\\nc = [k*d for k in e]\\nprint(c)"))
    ['b', 'd', 'e', 'print']
    """
    top = symtable.symtable(python_source(source), "<cell>", "exec")
    bound_here = {s.get_name() for s in top.get_symbols() if s.is_assigned() or s.is_imported()}
    found = {s.get_name() for s in top.get_symbols()
             if s.is_referenced() and not (s.is_assigned() or s.is_imported())}
    # a name both read and assigned at the top level (x = x + 1) is read first
    # when its first use comes before its first binding
    found |= _read_before_bound(source)
    tables = list(top.get_children())
    while tables:
        table = tables.pop()
        tables.extend(table.get_children())
        found |= {s.get_name() for s in table.get_symbols()
                  if s.is_referenced() and s.is_global() and s.get_name() not in bound_here}
    return found


def _read_before_bound(source):
    """Top-level names that a statement reads before a statement binds them
    (``x = x + 1``; in a loop or a block, what the block itself binds counts
    as bound first)."""
    found, bound = set(), set()
    for node in ast.parse(python_source(source)).body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            read = set()  # a body runs later (its globals are found by symtable)
        else:
            read = {n.id for n in ast.walk(node)
                    if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)}
            if not isinstance(node, (ast.Assign, ast.AugAssign, ast.AnnAssign, ast.Expr)):
                read -= {n.id for n in ast.walk(node)
                         if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)}
        found |= read - bound
        bound |= names_bound(ast.unparse(node))
    return found & names_bound(source)


def page_cells(sources, candidates):
    """The cells among ``candidates`` that run in the page, in order, as
    ``{index: page code}`` (see the module)."""
    return _page_pass(sources, candidates)[0]


def _page_pass(sources, candidates):
    """:func:`page_cells`, and for each name that a cell binds and the page
    cannot, what the page lacks for it (``{"np": {"numpy"}}``)."""
    available, found, lacks = set(_BUILTINS), {}, {}
    for index in sorted(candidates):
        source = python_source(sources[index])
        code = page_code(source)
        for node in ast.parse(source).body:
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                for alias in node.names:
                    if what := _alias_not_in_page(node, alias):
                        lacks[(alias.asname or alias.name).split(".")[0]] = {what}
        unavailable = free_names(code) - available
        why = set(missing_in_page(code)).union(*(lacks.get(n, set()) for n in unavailable))
        if why or unavailable:
            for name in names_bound(code):
                lacks[name] = why or {_UNBOUND}
            continue
        found[index] = code
        available |= names_bound(code)
        for name in names_bound(code):
            lacks.pop(name, None)
    return found, lacks


def worked_in_page(sources, worked, asserting, lacks=None):
    """The names that the worked cells ``worked`` read from the chapter, the
    worked cells that run in the page, and ``[]``; or None, ``[]`` and what
    the page lacks when a cell of ``asserting`` (those that assert the check)
    cannot run there. A worked cell that needs numbers or plots, or a name
    only such a cell binds (``lacks``, see :func:`_page_pass`), and asserts
    nothing is left out: it confirms the answer, it does not find it."""
    names, bound, kept, lacks = set(), set(), [], dict(lacks or {})
    for index in sorted(worked):
        code = page_code(sources[index])
        free = free_names(code) - bound
        why = set(missing_in_page(code)).union(*(lacks[n] for n in free if n in lacks))
        if why:
            if index in asserting:
                return None, [], sorted(why)
            lacks.update(dict.fromkeys(names_bound(code), why))
            continue
        names |= free
        bound |= names_bound(code)
        kept.append(index)
    return names - _BUILTINS, kept, []


def box_setup(sources, answers, names, runnable):
    """The cells that the answer cells ``answers`` and the ``names`` of the
    worked solution need, among the cells that run in the page ``runnable``
    (:func:`page_cells`); and the names none of them binds."""
    names = set(names) | set().union(*(free_names(page_code(sources[i])) for i in answers))
    setup = needed_cells(sources, answers, runnable, names=names)
    bound = set(_BUILTINS).union(*(names_bound(runnable[i]) for i in setup))
    return setup, sorted(names - bound)


def live_setup(sources, index, runnable):
    """The cells that cell ``index`` needs to run live in the page, and the
    cell that sets up the printing (``ml.init_printing()``), which binds no
    name the cell needs but decides how its value is shown."""
    printing = {i for i in runnable if i < index and "init_printing(" in sources[i]}
    return sorted(set(needed_cells(sources, [index], runnable)) | printing)


#: Tags of the cells that are never live: not shown, or failing on purpose.
NOT_LIVE = {"remove-cell", "remove-input", "raises-exception", "answer"}


def _exercises(notebook):
    """The chapter's checks grouped by exercise, its solution cells and its
    code cells' sources."""
    by_exercise = {}
    for item in notebook_checks(notebook):
        by_exercise.setdefault(item["exercise"], []).append(item)
    sources = [c.source if c.cell_type == "code" else "" for c in notebook.cells]
    return list(by_exercise.values()), solution_cells(notebook), sources


def _exercise_names(notebook, items, solution, sources, lacks):
    """What the worked solution of an exercise (its checks ``items``) uses and
    reads from the chapter (None if it cannot run in the page), what the page
    lacks then, and its cells that run in the page. In the student edition,
    which has no worked solution, the names its answer cells carry
    (``PAGE_NAMES``), and None for what it reads: the instructor's edition
    has checked them.
    """
    worked = worked_cells(notebook, items, solution)
    if not worked:
        stored = notebook.cells[items[0]["answer_cell"]].metadata.get(PAGE_NAMES) \
            or {"missing": ["its worked solution"]}
        return (None, None, stored["missing"], []) if "missing" in stored \
            else (set(stored["uses"]), None, [], [])
    asserting = {i for item in items for i in item["solution_cells"]}
    reads, kept, why = worked_in_page(sources, worked, asserting, lacks)
    if reads is None:
        return None, None, why or ["numbers"], []
    # all it names, the names it binds itself too: the chapter's frame N that a
    # worked solution builds again is still what the reader's answer is in
    uses = set().union(reads, *(names_used(page_code(sources[i])) for i in kept))
    return uses, reads, [], kept


#: A name in an inline code span of an exercise's text (``rods.m``: rods).
_CODE_NAME = re.compile(r"`([A-Za-z_][A-Za-z_0-9]*)(?:\.[A-Za-z_][A-Za-z_0-9]*)*`")


def _given(notebook, items, runnable):
    """What an exercise (its checks ``items``) gives the reader to answer
    with: the cells that run in the page between its statement and its first
    answer cell (``Omega = sm.Symbol('Omega')``), and the names its text
    shows as code (```rods.m```: rods). A box runs them all first, so that
    an answer typed with those names is checked, whatever names the worked
    solution happens to use."""
    first = min(item["answer_cell"] for item in items)
    label = f":label: {items[0]['exercise']}"
    start = next((i for i in range(first, -1, -1)
                  if notebook.cells[i].cell_type == "markdown"
                  and label in notebook.cells[i].source), first)
    given = [i for i in runnable if start < i < first]
    named = {name for i in range(start, first) if notebook.cells[i].cell_type == "markdown"
             for name in _CODE_NAME.findall(notebook.cells[i].source)}
    return given, named - _BUILTINS


def _candidates(notebook, exercises, solution):
    """The code cells an exercise's box may run first: not a worked solution,
    not an answer cell, not a cell that fails on purpose. Hidden cells are
    among them (a helper such as ``vanishes``, which a worked solution may
    use): the student edition holds them too, only its worked solutions go."""
    answers = {item["answer_cell"] for items in exercises for item in items}
    return [i for i, c in enumerate(notebook.cells)
            if c.cell_type == "code" and i not in solution and i not in answers
            and "raises-exception" not in c.metadata.get("tags", [])]


def page_boxes(notebook):
    """What of a chapter (a notebook) runs in the page, or None if it has no
    answer cell.

    Returns ``{"code": {index: page code}, "checks": {name: {"setup":
    [index, ...], "missing": [...], "uses": [...], "worked": [...]}}, "live": [[index, [index,
    ...]], ...], "lacks": {name: [...]}}``: the page code of the cells that run in the
    page; for each check the cells its box runs first, in order, what the
    page lacks to check it (empty when it can) and, when it can, the names
    its worked solution uses and its cells that run in the page (none in the
    student edition); each live cell with the cells it runs first; and the
    names the chapter's cells bind that the page's Python cannot make, with
    what each needs (``{"np": ["numpy"]}``), hidden ``_names`` left out.
    """
    exercises, solution, sources = _exercises(notebook)
    if not exercises:
        return None
    candidates = _candidates(notebook, exercises, solution)
    runnable, lacks = _page_pass(sources, candidates)
    boxes = {}
    bound_by_chapter = set().union(*(names_bound(runnable[i]) for i in runnable))
    for items in exercises:
        given, named = _given(notebook, items, runnable)
        targets = sorted({item["answer_cell"] for item in items} | set(given))
        uses, reads, lacking, worked = _exercise_names(notebook, items, solution, sources,
                                                       lacks)
        if uses is not None:
            # only the chapter's names: a worked solution's own variables are
            # its business (and the student edition must not name them)
            uses &= bound_by_chapter
        setup, unbound = box_setup(sources, targets, (uses or set()) | named, runnable)
        setup = sorted(set(setup) | set(given))
        # what the worked solution reads that only a cell needing numbers or
        # plots binds; names that only hidden cells bind (its cross-checks:
        # vanishes, same) a reader does not need
        numeric = set().union(*(lacks.get(n, set()) for n in unbound if n in (reads or ())))
        if uses is None or numeric:
            entry = {"setup": [], "missing": lacking or sorted(numeric)}
        else:
            entry = {"setup": setup, "missing": [], "uses": sorted(uses), "worked": worked}
        boxes.update({item["name"]: entry for item in items})
    # a live cell runs as the reader sees it: all of its code runs in the page
    live = [[i, live_setup(sources, i, runnable)] for i, code in runnable.items()
            if code == python_source(sources[i])
            and not NOT_LIVE & set(notebook.cells[i].metadata.get("tags", []))]
    # what a reader who types a name of the chapter into a box learns it needs
    page_lacks = {name: _libraries(why) for name, why in sorted(lacks.items())
                  if not name.startswith("_") and why != {_UNBOUND}}
    return {"code": runnable, "checks": boxes, "live": live, "lacks": page_lacks}


def _libraries(why):
    """What the page lacks, as a reader names it: the libraries (numpy,
    scipy, matplotlib), else the parts of mechlib that need them.

    >>> _libraries({"ml.simulate", "numpy", "scipy.optimize"}), _libraries({"ml.drawing"})
    (['numpy', 'scipy'], ['ml.drawing'])
    >>> _libraries({"mechlib.systems.bicycle.pitch_angle"})
    ['scipy']
    """
    roots = {what.split(".")[0] for what in why
             if not what.startswith(("ml.", "mechlib."))} - {_UNBOUND}
    roots |= {_PART_NEEDS[what] for what in why if what in _PART_NEEDS}
    return sorted(roots or why)


def student_page_names(notebook):
    """``{answer cell index: {"uses": names} or {"missing": [...]}}`` for the
    student edition: what each exercise's worked solution uses from the
    chapter, or what the page lacks to check it (see the module)."""
    found = page_boxes(notebook) or {"checks": {}}
    exercises, _, _ = _exercises(notebook)
    return {item["answer_cell"]: {key: entry[key] for key in ("missing", "uses")
                                  if entry.get(key)}
            for items in exercises for item in items
            for entry in [found["checks"][item["name"]]]}


def worked_code(notebook):
    """``{check name: code}``: what a reader who follows the worked solution
    types into the box of each check that the page can check: the worked
    solution's cells that run in the page, then ``ml.check(name, variable)``
    (the tests type it, in Chromium and in a Python without numpy)."""
    found = page_boxes(notebook) or {"checks": {}}
    return {item["name"]: "\n".join(
                [page_code(notebook.cells[i].source).strip("\n") for i in entry["worked"]]
                + [f'ml.check("{item["name"]}", {item["variable"]})'])
            for item in notebook_checks(notebook)
            for entry in [found["checks"][item["name"]]] if not entry["missing"]}
