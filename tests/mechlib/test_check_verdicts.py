"""Verdicts on answers nobody here wrote: wrong ones that look right, right
ones that look different, and a fit of the public stored values. (Students
who try to cheat the grade are in tests/test_grading_sandbox.py: the grader
runs in a process of its own.)

Each answer is made from a check's worked expressions
(``grading/worked/<chapter>.json``, what the grader grades with) by a
named change that a student could make: a sign lost through ``Abs`` or
``sqrt``, a missing term, a near-miss constant, a stray tiny term. Every
such answer must be called wrong by ``ml.check`` (formative, from the stored
values) and by :func:`mechlib.book.grading.verdict` (the grader's); every
rewriting that keeps the value must stay correct for both.

This list is kept out of the book and the docstrings: a student who reads
the book does not learn which mistakes are tested.
"""

from __future__ import annotations

import pytest
import sympy as sm
import sympy.physics.mechanics as me
from sympy.core.function import AppliedUndef

import mechlib as ml
from mechlib.book.grading import verdict
from mechlib.book.record import scalars_in
from tests.cheating import interpolant
from tests.mechlib.stored_checks import PUBLIC, WORKED

t = me.dynamicsymbols._t


def answer_from(structure, scalar=lambda e: e):
    """A student's answer rebuilt from a worked structure, ``scalar`` applied
    to each scalar entry (a Vector in a frame of the structure's name)."""
    kind = structure["kind"]
    if kind == "scalar":
        return scalar(sm.sympify(structure["expr"]))
    if kind == "vector":
        frame = me.ReferenceFrame(structure["frame"] or "N")
        parts = [scalar(sm.sympify(c["expr"])) for c in structure["components"]]
        return parts[0] * frame.x + parts[1] * frame.y + parts[2] * frame.z
    if kind == "matrix":
        rows, cols = structure["shape"]
        return sm.Matrix(rows, cols, [scalar(sm.sympify(e["expr"]))
                                      for e in structure["entries"]])
    return [answer_from(item, scalar) for item in structure["items"]]


def worked(name):
    return answer_from(WORKED[name]["answer"])


def changed(name, change):
    """The worked answer of ``name`` with ``change`` applied to every scalar;
    the change must alter at least one entry (else the case proves nothing)."""
    structure = WORKED[name]["answer"]
    before = [sm.sympify(s["expr"]) for s in scalars_in(structure)]
    after = [change(e) for e in before]
    assert any(sm.srepr(a) != sm.srepr(b) for a, b in zip(after, before, strict=True)), \
        f"{name}: the change leaves the answer as it was"
    entries = iter(after)
    return answer_from(structure, lambda e: next(entries))


q1, q2, u1, u2, u3 = me.dynamicsymbols("q1, q2, u1, u2, u3")


def named(e, name):
    """The symbol of ``e`` called ``name`` (whatever its assumptions), or a new one."""
    return next((s for s in e.free_symbols if s.name == name), sm.Symbol(name))


def abs_of(name):
    """A symbol or function of time replaced by its magnitude."""
    def change(e):
        atom = named(e, name) if isinstance(name, str) else name
        return e.xreplace({atom: sm.Abs(atom)})
    return change


def flipped(name):
    """A symbol's sign flipped."""
    return lambda e: e.xreplace({named(e, name): -named(e, name)})


def plus_tiny(name):
    """A stray term 1e-10 times a symbol of the answer."""
    return lambda e: e + sm.Float("1e-10") * named(e, name)


def sin_by_root(q):
    """sin q written as sqrt(1 - cos² q): true only where sin q >= 0."""
    return lambda e: e.xreplace({sm.sin(q): sm.sqrt(1 - sm.cos(q)**2)})


def square_by_abs(u):
    """u² written u|u|: true only where u >= 0."""
    return lambda e: e.replace(lambda x: x == u**2, lambda x: u * sm.Abs(u))


def without_last_term(e):
    terms = sm.Add.make_args(sm.expand(e))
    return sm.Add(*terms[:-1]) if len(terms) > 1 else e


def near_miss(e):
    """A rational coefficient rounded to three digits (1/12 -> 0.0833)."""
    rationals = [r for r in e.atoms(sm.Rational) if r.q != 1]
    if not rationals:
        return e
    return e.xreplace({r: sm.Float(f"{float(r):.3g}") for r in rationals})


def swapped(a, b):
    return lambda e: e.xreplace({a: b, b: a})


def negated(e):
    return -e


def abs_of_tan(e):
    return e.replace(sm.tan, lambda x: sm.Abs(sm.tan(x)))


def tan_over_abs_cos(e):
    return e.replace(sm.tan, lambda x: sm.sin(x) / sm.Abs(sm.cos(x)))


def half_nearly(e):
    return e.xreplace({r: sm.Float(float(r) * 1.0002) for r in e.atoms(sm.Rational) if r.q == 2})


def tan_for_cot(e):
    return e.replace(sm.tan, lambda x: 1 / sm.tan(x))


def twos_lost(e):
    return e.replace(lambda x: x == 2, lambda x: sm.Integer(1))


def masses_swapped(e):
    return e.xreplace({named(e, "m1"): named(e, "m2"), named(e, "m2"): named(e, "m1")})


def sin_for_cos(e):
    return e.replace(sm.cos, sm.sin) if e.has(sm.cos) else e.replace(sm.sin, sm.cos)


def four_digits(e):
    return sm.Float(f"{float(e):.4g}") if e else e


#: (check, what a student did, the change): at least 30, every chapter.
WRONG = [
    ("pv-sleigh-An", "tan lost its sign through Abs", abs_of_tan),
    ("pv-sleigh-An", "tan as sin over |cos|", tan_over_abs_cos),
    ("pv-sleigh-vt-G-2", "a negated entry", negated),
    ("pv-other-speeds-v-B-2", "sin q2 as sqrt(1 - cos² q2)", sin_by_root(q2)),
    ("pv-other-speeds-q1-dot", "cos for sin", lambda e: e.replace(sm.cos, sm.sin)),
    ("pv-three-link-Fr", "the last term dropped", without_last_term),
    ("pv-belt-v-B-t", "the speed through Abs", abs_of(me.dynamicsymbols("V"))),
    ("gaf-slider-Fr", "sin q2 as sqrt(1 - cos² q2)", sin_by_root(q2)),
    ("gaf-slider-Fr", "gravity's sign flipped", flipped("g")),
    ("gaf-other-point-T", "the half lost", lambda e: e * 2),
    ("gaf-other-point-T", "1/2 as 0.5001", half_nearly),
    ("gaf-torsion-pendulum-Fr", "the spring term dropped", without_last_term),
    ("gaf-couple-T-Q", "a stray 1e-10 term", plus_tiny("a")),
    ("gaf-blade-Frt", "tan for cot", tan_for_cot),
    ("gif-disc-Frs", "1/12 rounded to 0.083", near_miss),
    ("gif-momentum-tau", "1/12 rounded to 0.0833", near_miss),
    ("gif-sleigh-Frst", "the last term dropped", without_last_term),
    ("gif-slot-Frs", "the Coriolis term's 2 lost", twos_lost),
    ("gif-triangle-I", "a negated product of inertia", negated),
    ("ke-double-pendulum-f", "u² written u|u|", square_by_abs(u1)),
    ("ke-double-pendulum-f", "u2² written u2|u2|", square_by_abs(u2)),
    ("ke-double-pendulum-M", "m1 and m2 swapped", masses_swapped),
    ("ke-other-speeds-M", "negated", negated),
    ("ke-three-dof-M", "the last term dropped", without_last_term),
    ("nhr-other-speeds-An", "sin q2 as sqrt(1 - cos² q2)", sin_by_root(q2)),
    ("nhr-steady-u3", "u3 as a magnitude", lambda e: sm.Abs(e)),
    ("nhr-stability-E", "the last term dropped", without_last_term),
    ("cf-steady-turn-friction", "m v²/ρ: |u3| for u3", abs_of("u3_d")),
    ("cf-incline-u-dot", "mu's sign flipped", flipped("mu")),
    ("cf-incline-lambda", "sin for cos", lambda e: e.replace(sm.cos, sm.sin)),
    ("cf-tensions-lambda-2", "the last term dropped", without_last_term),
    ("cl-rocker-An", "q2 and q3 swapped", swapped(q2, me.dynamicsymbols("q3"))),
    ("cl-slider-crank-Ft1", "a stray 1e-10 term", plus_tiny("F")),
    ("cl-toggle-T-hold", "negated", negated),
    ("planar-weight-Q", "sin for cos", sin_for_cos),
    ("planar-damper-sign-Q", "negated", negated),
    ("pe-double-pendulum-Fr", "the last term dropped", without_last_term),
    ("pe-elbow-damper-Fr", "negated", negated),
    ("wb-standing-characteristic", "the last term dropped", without_last_term),
    ("wb-gyro-dC1", "a near-miss number (four digits)", four_digits),
]


def test_the_wrong_list_spans_every_chapter():
    prefixes = {name.split("-")[0] for name, _, _ in WRONG}
    chapters = {name.split("-")[0] for name in WORKED}
    assert len(WRONG) >= 30 and prefixes == chapters


@pytest.mark.parametrize("name, what, change", WRONG, ids=[f"{n}: {w}" for n, w, _ in WRONG])
def test_a_plausible_mistake_is_wrong(name, what, change):
    answer = changed(name, change)
    assert not ml.check(name, answer), f"ml.check called '{what}' correct"
    assert not verdict(name, answer, WORKED[name]), f"the hidden test called '{what}' correct"


EQUIVALENT = [
    ("expanded", sm.expand),
    ("factored", lambda e: sm.factor_terms(sm.together(e))),
    ("written with exponentials", lambda e: e.rewrite(sm.exp)),
    ("times sin² + cos² of another angle",
     lambda e: e * (sm.sin(sm.Symbol("zeta"))**2 + sm.cos(sm.Symbol("zeta"))**2)),
    ("as 0.5 * 2 times itself", lambda e: sm.Float("0.5") * (2 * e)),
]


#: The forms the hidden tests are also tried with (each pass over every check
#: takes seconds; the comparison code is the same as ml.check's).
GRADED_FORMS = ("expanded", "times sin² + cos² of another angle")


@pytest.mark.parametrize("how, change", EQUIVALENT, ids=[h for h, _ in EQUIVALENT])
def test_an_equal_answer_in_another_form_is_correct(how, change):
    wrong = {}
    for name in WORKED:
        answer = answer_from(WORKED[name]["answer"], change)
        public = ml.check(name, answer)
        hidden = verdict(name, answer, WORKED[name]) if how in GRADED_FORMS else True
        if not (public and hidden):
            wrong[name] = (repr(public), repr(hidden))
    assert not wrong, f"{how}: {wrong}"


def test_every_worked_answer_grades_correct():
    assert not [n for n in WORKED if not verdict(n, worked(n), WORKED[n])]
    assert set(WORKED) == set(PUBLIC)


def same_value(a, b):
    """Whether two answers agree at a few points (plain SymPy, not the check)."""
    def scalars(x):
        if isinstance(x, me.Vector):
            return list(x.to_matrix(me.ReferenceFrame("N"))) if not x.args else \
                list(x.to_matrix(x.args[0][1]))
        if isinstance(x, (list, tuple)):
            return [s for item in x for s in scalars(item)]
        return list(x) if isinstance(x, sm.MatrixBase) else [x]
    differences = [sm.sympify(p - q) for p, q in zip(scalars(a), scalars(b), strict=True)]
    layers = [set().union(*(d.atoms(kind) for d in differences))
              for kind in (sm.Derivative, AppliedUndef, sm.Symbol)]
    for k in range(3):
        values = [{atom: sm.Rational(7 + 3 * k + i, 5 + i)
                   for i, atom in enumerate(sorted(layer - {t}, key=str))} for layer in layers]
        for d in differences:
            for layer in values:
                d = d.xreplace(layer)
            if abs(sm.N(d)) > 1e-9:
                return False
    return True


def test_an_interpolant_of_the_stored_values_fails_the_hidden_test():
    """The stored values are public: a polynomial through them may pass the
    formative check, never the hidden test, which draws new points (unless
    the polynomial is the answer itself: an answer linear in one symbol)."""
    passed = [n for n in WORKED if verdict(n, interpolant(n), WORKED[n])
              and not same_value(interpolant(n), worked(n))]
    assert not passed
    assert sum(not same_value(interpolant(n), worked(n)) for n in WORKED) >= 40
