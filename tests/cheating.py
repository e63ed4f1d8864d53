"""What a dishonest student can build from what every student has.

Used twice: by ``tests/mechlib/test_check_verdicts.py`` in this process, and
by ``tests/test_autograder.py`` as the source of a cell of a submitted
notebook (so it imports nothing but SymPy, json and mechlib).
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
        return sm.interpolate(list(zip(xs, ys)), s).subs(s, atom)

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
