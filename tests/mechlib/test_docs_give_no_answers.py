"""No docstring of mechlib hands a student the answer of a checked exercise.

The API pages of the book are made from these docstrings, and ``help()``
shows them in every notebook, the student edition's included. Every example
of every docstring of mechlib's dynamics, systems and answer checks is run;
every value it shows (a SymPy expression, Vector, Matrix or list) is compared
with every stored check of the same kind and symbols, in any algebraic form
and frame (the comparison of ``ml.check``), and every ``ml.check`` call it
makes with an exercise's name must not come out correct.
"""

from __future__ import annotations

import doctest
import importlib
import json
import pkgutil
import sys
from pathlib import Path

import pytest
import sympy as sm
import sympy.physics.mechanics as me

import mechlib
from mechlib.book import check as check_module
from mechlib.book.answers import atoms_of, normalize
from mechlib.book.record import scalars_in

ROOT = Path(__file__).resolve().parents[2]
STORED = {name: stored for path in sorted((ROOT / "mechlib" / "book" / "checks").glob("*.json"))
          if path.stem != "examples"
          for name, stored in json.loads(path.read_text())["checks"].items()}
#: The book's tooling that builds things (its docstrings run no mechanics).
TOOLING = ("autograder", "student_edition", "handouts", "site", "downloads", "markdown_writer",
           "notebooks",
           "explorer", "drawing", "executions", "slicing", "generate_checks", "chapters")


def modules():
    names = ["mechlib"]
    for info in pkgutil.walk_packages(mechlib.__path__, "mechlib."):
        if info.name.split(".")[-1] not in TOOLING and not info.name.endswith("__main__"):
            names.append(info.name)
    return names


def _symbols(stored):
    return set().union(*[set(s.get("symbols", [])) for s in scalars_in(stored)])


def _same_as_a_check(value):
    """The checks that ``value`` is a correct answer to."""
    try:
        kind, answer = normalize(value, "scan")
    except Exception:
        return []
    names = set()
    for s in ([answer] if kind == "scalar" else []):
        names |= set(atoms_of(sm.sympify(s)))
    hits = []
    for name, stored in STORED.items():
        if stored["answer"]["kind"] != kind:
            continue
        if kind == "scalar" and names != _symbols(stored["answer"]):
            continue
        if kind == "matrix" and list(answer.shape) != stored["answer"]["shape"]:
            continue
        try:
            if not check_module.compare(name, kind, answer, stored):
                hits.append(name)
        except Exception:
            continue
    return hits


@pytest.mark.parametrize("module", modules())
def test_no_docstring_example_shows_a_checked_answer(module, monkeypatch):
    shown, correct_calls = [], []
    real_check = check_module.check

    def recording_check(name, answer):
        result = real_check(name, answer)
        if result and name in STORED:
            correct_calls.append(name)
        return result

    monkeypatch.setattr(check_module, "check", recording_check)
    monkeypatch.setattr(mechlib, "check", recording_check, raising=False)

    def capture(value):
        if isinstance(value, (sm.Basic, me.Vector, sm.MatrixBase, list, tuple)):
            shown.append(value)
        sys.__dict__["_scan_displayhook"](value)

    monkeypatch.setitem(sys.__dict__, "_scan_displayhook", sys.__displayhook__)
    monkeypatch.setattr(sys, "__displayhook__", capture)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    for test in doctest.DocTestFinder().find(importlib.import_module(module)):
        runner.run(test, out=lambda text: None)
    assert not correct_calls, f"{module}: a docstring shows {correct_calls} correct"
    leaks = {}
    for value in shown:
        hits = _same_as_a_check(value)
        if hits:
            leaks[str(value)[:80]] = hits
    assert not leaks, f"{module}: docstring examples show answers: {leaks}"


def test_the_scan_finds_an_answer_shown_in_a_docstring():
    """The scan itself: a value equal to a worked answer is found."""
    q1 = me.dynamicsymbols("q1")
    assert "pv-sleigh-An" in _same_as_a_check(sm.Matrix([[0, sm.sin(q1) / sm.cos(q1)]]))
