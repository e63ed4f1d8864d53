"""Worked answers as a reader types them: SymPy code in the exercise's names.

A reader answers a checked exercise with the names the chapter gives: the
symbols, coordinates, speeds and frames that its visible cells bind (``m``,
``q2``, ``rods.l``, ``N``), not the worked solution's own code. This module
prints each worked answer (``grading/worked/<chapter>.json``) that way, for
the tests that type it into the answer boxes (tests/test_in_page.py in a
Python without numpy, tests/site/test_answer_boxes.py in Chromium).

:func:`typed_answers` runs, in a fresh Python that cannot import numpy,
scipy or matplotlib (as the page's Pyodide cannot), the chapter's cells that
run in the page, in order, and at each answer cell prints the worked answer
with :class:`NamedPrinter` over the names bound so far by visible cells (a
name, or an attribute of one: ``rods.m``). It then runs the box's own set-up
(what the page runs before the box) and the typed answer, and records what
``ml.check`` says: an answer that needs a name the set-up leaves out fails
there with ``NameError``, as it would in the page.

Run it as ``python -m tests.typed_answers book/<chapter>.md``: it prints a
JSON ``{check name: {"typed": code, "verdict": text}}``.
"""

from __future__ import annotations

import contextlib
import fcntl
import functools
import io
import json
import subprocess
import sys
from pathlib import Path

import sympy as sm
import sympy.physics.mechanics as me
from sympy.core.function import AppliedUndef
from sympy.printing.str import StrPrinter

from bookkit.chapters import REPOSITORY

#: Elementary functions a worked answer may hold, printed as ``sm.<name>``.
_FUNCTIONS = ("sin", "cos", "tan", "cot", "sec", "csc", "asin", "acos", "atan", "atan2",
              "sinh", "cosh", "tanh", "exp", "log", "sign", "Abs", "Heaviside")
#: Tags of cells a reader does not see: the names they bind are not given.
_HIDDEN = {"remove-cell", "remove-input"}


class NamedPrinter(StrPrinter):
    """Python code of an expression in the names of ``names`` (``{object:
    code}``): every symbol, coordinate and speed by the name the chapter
    gives it, SymPy's functions and constants through ``sm``.

    >>> q, m = me.dynamicsymbols('q'), sm.Symbol('m')
    >>> NamedPrinter({q: "q1", m: "mass"}).doprint(m*sm.cos(q)**2 / 3 + q.diff())
    'mass*sm.cos(q1)**2/3 + q1.diff()'
    >>> NamedPrinter({}).doprint(m)
    Traceback (most recent call last):
    ...
    LookupError: no name of the chapter gives m
    """

    def __init__(self, names):
        super().__init__()
        self.names = names

    def _named(self, expr):
        if expr in self.names:
            return self.names[expr]
        raise LookupError(f"no name of the chapter gives {expr}")

    def _print_Symbol(self, expr):
        return self._named(expr)

    def _print_Function(self, expr):
        if isinstance(expr, AppliedUndef):
            return self._named(expr)
        if type(expr).__name__ in _FUNCTIONS:
            return f"sm.{type(expr).__name__}({', '.join(map(self._print, expr.args))})"
        raise LookupError(f"no printing of {type(expr).__name__} here")

    def _print_Derivative(self, expr):
        if expr in self.names:
            return self.names[expr]
        (variable, count), = expr.variable_count
        inner = self._print(expr.expr)
        return f"{inner}.diff()" if count == 1 else f"{inner}.diff(me.dynamicsymbols._t, {count})"

    def _print_Rational(self, expr):
        return f"sm.Rational({expr.p}, {expr.q})"

    def _print_Pow(self, expr, rational=False):
        if expr.exp == sm.S.Half:
            return f"sm.sqrt({self._print(expr.base)})"
        return super()._print_Pow(expr, rational)

    def _print_Pi(self, expr):
        return "sm.pi"

    def _print_Exp1(self, expr):
        return "sm.E"

    def _print_ImaginaryUnit(self, expr):
        return "sm.I"


def _frame_names(names):
    """``{frame name: code}`` of the reference frames among ``names``."""
    return {value.name: code for value, code in names.items()
            if isinstance(value, me.ReferenceFrame)}


def typed_expression(answer, names):
    """Python code of a worked answer as ``grading/worked`` stores it (its
    expressions in ``srepr``, trusted: written by the book's generator)."""
    printer = NamedPrinter(names)
    if answer["kind"] == "scalar":
        return printer.doprint(sm.sympify(answer["expr"]))
    if answer["kind"] == "vector":
        frame = _frame_names(names).get(answer["frame"])
        if frame is None:
            raise LookupError(f"no name of the chapter gives the frame {answer['frame']}")
        terms = [f"({typed_expression(part, names)})*{frame}.{axis}"
                 for part, axis in zip(answer["components"], "xyz", strict=True)
                 if sm.sympify(part["expr"]) != 0]
        return " + ".join(terms) if terms else "0"
    if answer["kind"] == "matrix":
        rows, cols = answer["shape"]
        entries = [typed_expression(e, names) for e in answer["entries"]]
        return "sm.Matrix([" + ", ".join(
            "[" + ", ".join(entries[r * cols:(r + 1) * cols]) + "]" for r in range(rows)) + "])"
    raise ValueError(f"unknown kind of answer {answer['kind']!r}")


def given_names(namespace, visible, preferred=()):
    """``{object: code}`` of what the names ``visible`` of ``namespace`` give:
    each symbol, function of time, derivative or frame by a name, an element
    of a tuple (``m_abs[2]``) or an attribute of an example system
    (``rods.m``). The names of ``preferred`` (what the exercise itself
    gives: its given cells' names, the code its text shows) come first, then
    a name equal to the symbol's own, then any other."""
    names = {}

    def parts(name, value):
        """(code, part) of what ``name`` gives (a derivative only as itself:
        ``u1.diff()`` reads better than an element of some list)."""
        yield name, value
        if isinstance(value, (tuple, list, sm.MatrixBase)) and len(value) < 50:
            yield from ((f"{name}[{k}]", item) for k, item in enumerate(value)
                        if not isinstance(item, sm.Derivative))
        elif (type(value).__module__ or "").startswith("mechlib"):
            # an example system of mechlib.systems: its parts by attribute
            for attribute in dir(value):
                part = getattr(value, attribute, None)
                if not attribute.startswith("_") and not isinstance(part, sm.Derivative):
                    yield f"{name}.{attribute}", part

    def offer(code, value):
        if isinstance(value, (sm.Symbol, AppliedUndef, sm.Derivative, me.ReferenceFrame)):
            names.setdefault(value, code)

    def dotted(code):
        value = namespace.get(code.split(".")[0])
        for attribute in code.split(".")[1:]:
            value = getattr(value, attribute, None)
        return value

    for code in preferred:
        for part_code, value in parts(code, dotted(code)):
            offer(part_code, value)
    ordered = sorted((name for name in visible if not name.startswith("_")),
                     key=lambda name: (str(namespace.get(name)).split("(")[0] != name, name))
    for name in ordered:
        offer(name, namespace.get(name))
    for name in ordered:
        for code, value in parts(name, namespace.get(name)):
            offer(code, value)
    return names


#: Runs in a fresh Python without numpy, scipy or matplotlib.
SCRIPT = r'''
import importlib.abc, json, sys

class NotInThePage(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in ("numpy", "scipy", "matplotlib"):
            raise ModuleNotFoundError(f"No module named {name!r} (not in the page)")

sys.meta_path.insert(0, NotInThePage())
from tests.typed_answers import main
main(sys.argv[1])
'''


def _shown_code(notebook, item):
    """The dotted names an exercise's text shows as code (```chain.m1```),
    between its statement and its answer cell."""
    import re

    label = f":label: {item['exercise']}"
    first = item["answer_cell"]
    start = next((i for i in range(first, -1, -1) if notebook.cells[i].cell_type == "markdown"
                  and label in notebook.cells[i].source), first)
    return [code for i in range(start, first) if notebook.cells[i].cell_type == "markdown"
            for code in re.findall(r"`([A-Za-z_][\w.]*)`", notebook.cells[i].source)
            if code.split(".")[-1].isidentifier()]


@functools.cache
def _page_runner():
    """The page's own runner, _ext/static/answers_runner.py (what Pyodide runs)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location(
        "answers_runner", REPOSITORY / "_ext" / "static" / "answers_runner.py")
    runner = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(runner)
    return runner


def _run_box(setup_code, code):
    """What the page's box says after the exercise's set-up and ``code``
    (its last line the check): the runner's ``run_box``, as the page calls it."""
    key = ",".join(str(index) for index, _ in setup_code)
    return _page_runner().run_box(key, [cell for _, cell in setup_code], code)[1]


def main(chapter):
    """Run a chapter's cells that run in the page, in order, and print what
    :func:`in_the_page` returns, as JSON."""
    from bookkit.chapters import notebook_checks, read_chapter
    from bookkit.in_page import _given, names_bound, page_boxes, worked_code

    path = REPOSITORY / chapter
    notebook = read_chapter(path)
    found = page_boxes(notebook)
    worked = json.loads((REPOSITORY / "grading" / "worked" / f"{path.stem}.json")
                        .read_text(encoding="utf-8"))["checks"]
    followed = worked_code(notebook)
    namespace, visible, failed = {"__name__": "__main__"}, set(), {}
    runnable = sorted(found["code"])
    checks = {}

    def run_until(stop):
        while runnable and runnable[0] < stop:
            index = runnable.pop(0)
            try:
                with contextlib.redirect_stdout(io.StringIO()):
                    exec(compile(found["code"][index], f"<cell {index}>", "exec"), namespace)
            except Exception as error:  # noqa: BLE001 - reported per cell
                failed[index] = f"{type(error).__name__}: {error}"
            if not _HIDDEN & set(notebook.cells[index].metadata.get("tags", [])):
                visible.update(names_bound(found["code"][index]))

    for item in notebook_checks(notebook):
        name = item["name"]
        entry = found["checks"][name]
        if entry["missing"]:
            continue
        run_until(item["answer_cell"])
        setup = [(index, found["code"][index]) for index in entry["setup"]]
        given, _ = _given(notebook, [item], found["code"])
        preferred = [*_shown_code(notebook, item),
                     *sorted(set().union(*(names_bound(found["code"][i]) for i in given)))]
        try:
            expression = typed_expression(worked[name]["answer"],
                                          given_names(namespace, visible, preferred))
            typed = f"{item['variable']} = {expression}\nml.check({name!r}, {item['variable']})"
            verdict = _run_box(setup, typed)
        except LookupError as error:
            typed, verdict = None, f"LookupError: {error}"
        checks[name] = {"typed": typed, "verdict": verdict,
                        "worked": _run_box(setup, followed[name])}
    run_until(len(notebook.cells))
    foreign = sorted(m for m in sys.modules if m.split(".")[0] in ("numpy", "scipy", "matplotlib"))
    sympy = sorted(m for m in sys.modules if m.split(".")[0] in ("sympy", "mpmath"))
    print(json.dumps({"checks": checks, "failed_cells": failed, "foreign_modules": foreign,
                      "sympy_modules": sympy}))


#: A folder that every process of one pytest run shares (tests/conftest.py
#: sets it), where :func:`in_the_page` leaves what it found; None: not shared.
SHARED = None


@functools.cache
def in_the_page(chapter):
    """What the page's Python makes of ``book/<chapter>.md``, run in a fresh
    Python without numpy (see the module): ``{"checks": {check: {"typed":
    code, "verdict": text, "worked": text}}, "failed_cells": {index: error},
    "foreign_modules": [...], "sympy_modules": [...]}``; "worked" is what the check says of the
    worked solution's own code (:func:`bookkit.in_page.worked_code`).

    A chapter runs once per pytest run: the first process that asks (under a
    lock, pytest-xdist's recipe for a session fixture run once) leaves the
    result in :data:`SHARED` for the other; tests/test_in_page.py and the
    browser's tests/site/test_answer_boxes.py both read it."""
    if SHARED is None:
        return _run_in_the_page(chapter)
    found = Path(SHARED) / f"in-the-page-{chapter}.json"
    with open(found.with_suffix(".lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not found.exists():
            found.write_text(json.dumps(_run_in_the_page(chapter)), encoding="utf-8")
    return json.loads(found.read_text(encoding="utf-8"))


def _run_in_the_page(chapter):
    run = subprocess.run([sys.executable, "-c", SCRIPT, f"book/{chapter}.md"],
                         cwd=REPOSITORY, capture_output=True, text=True, timeout=900)
    if run.returncode != 0:
        raise RuntimeError(run.stderr[-3000:])
    return json.loads(run.stdout.strip().splitlines()[-1])


def typed_answers(chapter):
    """``{check: {"typed": code, "verdict": text, ...}}`` of a chapter."""
    return in_the_page(chapter)["checks"]


if __name__ == "__main__":
    main(sys.argv[1])
