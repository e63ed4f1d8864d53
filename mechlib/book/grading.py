"""The autograder's hidden tests: a student's answer against the worked one.

:func:`mechlib.book.check.check` (``ml.check``) is formative: it compares an
answer with values stored in ``mechlib/book/checks``, which every student
has. A grade must not rest on anything a student has or can change, so the
hidden tests of :mod:`mechlib.book.autograder` call :func:`grade` instead:

- it compares the answer with the **worked expressions** (the instructors'
  ``grading/worked/<chapter>.json``, carried in the hidden test itself),
  evaluated at 16 **points drawn at grading time** from the operating
  system's randomness, over both signs and magnitudes above 1, with the
  comparison of :mod:`mechlib.book.check`;
- it runs its own **private copy of mechlib** (imported afresh under a name
  drawn at grading time from the files of the autograder), so a notebook
  that replaces ``ml.check``, ``mechlib.book.check`` or anything else in the
  ``mechlib`` it imported changes nothing here; it calls no ``simplify``;
- it refuses to grade (the test fails) when the notebook has replaced one of
  Python's built-in functions or types (``abs``, ``isinstance``, ...),
  which the comparison relies on.

A hidden test runs this file by path (:func:`hidden_test_source`), not
through a module the notebook may have put in ``sys.modules``.

What this does not stop: a notebook runs in the grading kernel, in the
grading folder, so a student who rewrites Python's import machinery, SymPy's
evaluation, otter, or the grading files on disk can still fool any test that
runs there. The instructors' page says so, and what to do about it.

Examples
--------
>>> import sympy.physics.mechanics as me
>>> from mechlib.book.record import worked_form
>>> q = me.dynamicsymbols('q')
>>> worked = worked_form("xx-demo-a", q**2)
>>> grade("xx-demo-a", q*q, worked)
Correct.
>>> grade("xx-demo-a", q*abs(q), worked)
Not yet: your answer differs from the worked solution.
"""

from __future__ import annotations

import builtins
import importlib.util
import os
import sys
from pathlib import Path

__all__ = ["grade", "genuine_builtins", "hidden_test_source"]

#: The class of Python's built-in functions, taken from a literal.
_BUILTIN_FUNCTION = [].append.__class__
_TYPE = ().__class__.__class__
_HEAP_TYPE = 1 << 9              # Py_TPFLAGS_HEAPTYPE: a class made in Python
#: Built-ins that Jupyter's kernel itself replaces (input reads from the
#: front end, IPython wraps open), or that the site module and IPython add: no
#: comparison uses them.
_NOT_USED = {"input", "open", "breakpoint", "copyright", "credits", "license", "help",
             "exit", "quit", "display", "get_ipython", "execfile", "runfile"}
_CONSTANTS = {"True", "False", "None", "Ellipsis", "NotImplemented"}


def genuine_builtins():
    """The names of Python's built-ins that a notebook has replaced (empty
    when none is).

    A built-in function must still be one (only C code makes those) under
    its own name; a built-in type must not be a class defined in Python.

    >>> genuine_builtins()
    []
    """
    replaced = []
    for name, value in builtins.__dict__.items():
        if (name.startswith("_") and name not in ("__import__", "__build_class__")
                or name in _NOT_USED):
            continue
        kind = value.__class__
        if kind is _BUILTIN_FUNCTION:
            ok = value.__name__ == name
        elif kind is _TYPE:
            # (ExceptionGroup is the one built-in type made like a class)
            ok = not value.__flags__ & _HEAP_TYPE or name == "ExceptionGroup"
        else:
            ok = name in _CONSTANTS
        if not ok:
            replaced.append(name)
    return replaced


def _private_mechlib():
    """A fresh copy of the mechlib next to this file, under a new name."""
    here = Path(__file__).resolve().parents[1]
    name = "_mechlib_grading_" + os.urandom(6).hex()
    spec = importlib.util.spec_from_file_location(
        name, here / "__init__.py", submodule_search_locations=[str(here)])
    package = importlib.util.module_from_spec(spec)
    sys.modules[name] = package
    spec.loader.exec_module(package)
    return name


def grade(name, answer, worked):
    """The hidden test's verdict on ``answer`` to the check ``name``.

    Parameters
    ----------
    name : str
        The check's name.
    answer : object
        The student's answer, as it stands in the notebook.
    worked : dict
        The worked expressions of the check (:func:`~mechlib.book.record.
        worked_form`), from the hidden test.

    Returns
    -------
    CheckResult
        Of the private copy of mechlib: its text is ``Correct.`` only for a
        correct answer.
    """
    replaced = genuine_builtins()
    package = _private_mechlib()
    try:
        check = importlib.import_module(package + ".book.check")
        record = importlib.import_module(package + ".book.record")
        answers = importlib.import_module(package + ".book.answers")
        if replaced:
            return check.CheckResult(name, False, (
                "Not graded: the notebook replaces Python's built-in "
                f"{', '.join(replaced)}; remove that code and run it again."))
        if answer is Ellipsis:
            return check.CheckResult(name, False, "No answer.")
        seed = int.from_bytes(os.urandom(8), "big")
        stored = record.record_worked(name, worked, seed)
        kind, value = answers.normalize(answer, name)
        problems = check.compare(name, kind, value, stored)
        return check._result(name, problems)
    except Exception as error:         # the student's answer, not the test
        return check.CheckResult(name, False, f"Not graded: {error}")
    finally:
        for module in [m for m in sys.modules if m.startswith(package)]:
            del sys.modules[module]


#: The file a hidden test loads, relative to the folder otter grades in.
GRADER = "mechlib/book/grading.py"


def hidden_test_source(name, variable, worked):
    """The code of the hidden test of check ``name`` on ``variable``.

    It makes sure that ``__import__`` is Python's own, then runs this file in
    a fresh namespace (``runpy.run_path``, not an import that the notebook
    could have answered from ``sys.modules``) and calls :func:`grade`.

    >>> print(hidden_test_source("xx-a", "v", {"positive": []}))
    assert __import__.__class__ is [].append.__class__ and __import__.__name__ == '__import__'
    __import__('runpy').run_path('mechlib/book/grading.py')['grade']('xx-a', v, {'positive': []})
    """
    return ("assert __import__.__class__ is [].append.__class__ and "
            "__import__.__name__ == '__import__'\n"
            f"__import__('runpy').run_path({GRADER!r})['grade']({name!r}, {variable}, "
            f"{worked!r})")
