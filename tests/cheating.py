"""What a dishonest student can build from what every student has.

Used twice: by ``tests/mechlib/test_check_verdicts.py`` in this process, and
by ``tests/test_autograder.py`` as the source of a cell of a submitted
notebook (so it imports nothing but SymPy, json, the standard library and
mechlib). The cheats on the grader, each of which scored full marks when the
hidden tests ran in the student's kernel (``otter run``):

(a) :func:`fake_grading_modules`, a ``sys.modules`` entry for a module the
    grader imports; (b) :func:`overwrite_grading_files`, the grading module
    rewritten on disk; (c) :func:`oracle`, an answer whose numerical value
    is read from the grader's stack frames; (d) :func:`patch_sympy`, a SymPy
    function the grader calls replaced (with :func:`zero` answers).
"""

import json
from importlib import resources

import sympy as sm
import sympy.physics.mechanics as me

import mechlib as ml
import mechlib.book.check as check_module


def _stored(name):
    for entry in (resources.files("mechlib.book") / "checks").iterdir():
        if entry.name.endswith(".json"):
            checks = json.loads(entry.read_text())["checks"]
            if name in checks:
                return checks[name]
    raise KeyError(name)


def interpolant(name):
    """An answer made from the stored check alone: through each entry's
    stored values, a polynomial (Lagrange) in the entry's first symbol."""
    stored = _stored(name)
    points = stored["points"]
    t = me.dynamicsymbols._t

    def scalar(entry):
        if "digests" in entry or not entry["symbols"]:
            return sm.Integer(0)
        key = entry["symbols"][0]
        atom = sm.sympify(key, locals={"t": t})
        xs = [p[key] for p in points]
        ys = [complex(*v) if isinstance(v, list) else v for v in entry["values"]]
        s = sm.Symbol("s_interpolated")
        return sm.interpolate(list(zip(xs, ys, strict=True)), s).subs(s, atom)

    def build(entry):
        if entry["kind"] == "scalar":
            return scalar(entry)
        if entry["kind"] == "vector":
            frame = me.ReferenceFrame(entry["frame"] or "N")
            c = [scalar(e) for e in entry["components"]]
            return c[0] * frame.x + c[1] * frame.y + c[2] * frame.z
        if entry["kind"] == "matrix":
            return sm.Matrix(*entry["shape"], [scalar(e) for e in entry["entries"]])
        return [build(item) for item in entry["items"]]
    return build(stored["answer"])


def replace_the_checks():
    """Make every check say Correct: ml.check, the check module's own
    function and comparison, and sympy.simplify for good measure."""
    always = check_module.CheckResult("any", True, "Correct.")
    ml.check = check_module.check = lambda *args, **kwargs: always
    check_module._compare = lambda *args, **kwargs: []
    sm.simplify = lambda expr, *args, **kwargs: sm.Integer(0)


class _Correct:
    """What a grader's verdict looks like when it says Correct."""
    correct = True
    message = name = "Correct."

    def __repr__(self):
        return "Correct."

    def __bool__(self):
        return True


def fake_grading_modules():
    """(a) ``runpy`` (with which the hidden test ran the grading file) and
    ``mechlib.book.grading`` replaced in ``sys.modules`` by modules whose
    grade is always Correct."""
    import sys
    import types

    runpy = types.ModuleType("runpy")
    runpy.run_path = lambda *args, **kwargs: {"grade": lambda *a, **k: _Correct()}
    sys.modules["runpy"] = runpy
    grading = types.ModuleType("mechlib.book.grading")
    grading.grade = grading.verdict = grading.grade_tree = lambda *a, **k: _Correct()
    sys.modules["mechlib.book.grading"] = grading


#: A grading module that calls every answer correct.
FAKE_GRADING = """
class _Correct:
    correct = True
    message = "Correct."
    def __repr__(self):
        return "Correct."
    def __bool__(self):
        return True
def grade(*args, **kwargs):
    return _Correct()
verdict = grade_tree = grade
def serve(stdin=None, stdout=None):
    import sys, json
    for item in json.loads(sys.stdin.read())["checks"]:
        print(json.dumps({"name": item["name"], "correct": True, "message": "Correct."}),
              flush=True)
"""


def overwrite_grading_files():
    """(b) Every grading module this process can find, rewritten to call
    every answer correct: the one beside the notebook (where otter put the
    autograder's files), the one mechlib was imported from, and any in a
    grader's folder under the temporary folder. Only files under the
    temporary folder or the current one are written, and none inside a git
    checkout (the repository these tests run from may lie there)."""
    import glob
    import os
    import tempfile

    temporary = os.path.realpath(tempfile.gettempdir())
    here = os.path.realpath(os.getcwd())
    import mechlib.book
    candidates = {"mechlib/book/grading.py",
                  os.path.join(os.path.dirname(mechlib.book.__file__), "grading.py"),
                  *glob.glob(os.path.join(temporary, "*", "*", "mechlib", "book",
                                          "grading.py")),
                  *glob.glob(os.path.join(temporary, "*", "mechlib", "book", "grading.py"))}
    written = []
    def in_a_checkout(path):
        # the tests may run from a clone under the temporary folder (as CI
        # does): a cheat of the tests never writes into a git checkout
        parent = os.path.dirname(path)
        while parent != os.path.dirname(parent):
            if os.path.isdir(os.path.join(parent, ".git")):
                return True
            parent = os.path.dirname(parent)
        return False

    for path in candidates:
        real = os.path.realpath(path)
        if (os.path.isfile(real) and not in_a_checkout(real)
                and (real.startswith(temporary + os.sep) or real.startswith(here + os.sep))):
            try:
                with open(real, "w") as stream:
                    stream.write(FAKE_GRADING)
                written.append(real)
            except OSError:
                pass
    return written


class Oracle(sm.Expr):
    """(c) A number that is whatever the grader expects: its numerical value
    is read from the comparison's frame (the expected value ``e`` of
    ``_compare_values``)."""

    is_commutative = True

    def _eval_evalf(self, prec):
        import sys

        frame = sys._getframe()
        while frame is not None:
            if frame.f_code.co_name == "_compare_values" and "e" in frame.f_locals:
                value = complex(frame.f_locals["e"])
                return sm.Float(value.real, 30) + sm.I * sm.Float(value.imag, 30)
            frame = frame.f_back
        return sm.Float(1, 30)


def _shaped(name, scalar):
    """An answer of the stored check's kind and shape, each scalar ``scalar()``."""
    def build(entry):
        if entry["kind"] == "scalar":
            return scalar()
        if entry["kind"] == "vector":
            frame = me.ReferenceFrame(entry["frame"] or "N")
            return scalar() * frame.x + scalar() * frame.y + scalar() * frame.z
        if entry["kind"] == "matrix":
            return sm.Matrix(*entry["shape"], [scalar() for _ in entry["entries"]])
        return [build(item) for item in entry["items"]]
    return build(_stored(name)["answer"])


def oracle(name):
    """(c) The answer to ``name`` made of :class:`Oracle` numbers."""
    return _shaped(name, Oracle)


def patch_sympy():
    """(d) SymPy's ``N``, which the grader evaluates every value with, made
    to say 0: then every answer equals every worked answer."""
    sm.N = lambda *args, **kwargs: sm.Integer(0)


def zero(name):
    """(d) The zero answer of the check's kind and shape."""
    return _shaped(name, lambda: sm.Integer(0))
