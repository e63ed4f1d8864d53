"""The stored forms of a worked answer.

``python -m mechlib.book.checks generate`` executes each chapter with the
environment variable ``MECHLIB_CHECK_RECORD`` naming a file; then every
``assert ml.check(name, worked_value)`` of a worked solution appends two
forms of the worked value to that file instead of comparing it
(:func:`mechlib.book.check.check` hands it to :func:`record_to_file`):

- :func:`record`, its values at seeded sample points, the public form that
  ships with mechlib and that :func:`~mechlib.book.check.check` compares a
  student's answer with (a number is stored as a digest, not in the clear);
- :func:`worked_form`, its expressions (``srepr``), the instructors' form from
  which the autograder's hidden tests draw new points at every grading
  (:mod:`mechlib.book.grading`); it stays out of the package.

The sample points spread over signs and magnitudes (:func:`sample_points`):
the first has every value positive, the second every value negative (a
constant declared ``positive=True`` stays positive), the others mix signs, so
that an answer that loses a sign through ``Abs`` or ``sqrt`` differs
somewhere. A point where the worked answer is not finite or not real is drawn
again.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

import sympy as sm

from .._sampling import MAGNITUDE, seed_of, signed_point
from ..errors import ParameterError
from .answers import (atoms_of, encode, is_finite, normalize, value_at,
                      vector_frame)

__all__ = ["RECORD", "record", "worked_form", "record_worked", "sample_points",
           "term_scale", "noise_floors", "digest", "record_to_file"]

RECORD = "MECHLIB_CHECK_RECORD"   # environment variable: record, don't compare
SAMPLES = 6                       # sample points per check
#: Points of a hidden test, drawn anew at every grading: with 16, a sign lost
#: where an expression is positive at about half of the points goes unseen
#: once in 65 000 gradings.
GRADING_SAMPLES = 16
TRIES = 40                        # redraws when the answer is singular at a point
DIGITS = 9                        # significant digits of a digested number
#: Rounding noise of an answer computed in floating point, relative to its
#: largest entry: an entry below it is zero (a numerical matrix's 1e-17).
NOISE = 1e-13


def _walk(kind, value, scalar):
    """The stored structure of a normalized answer, ``scalar(expr)`` making
    the record of each scalar entry."""
    if kind == "scalar":
        return scalar(sm.sympify(value))
    if kind == "vector":
        frame = vector_frame(value)
        components = [0, 0, 0] if frame is None else list(value.to_matrix(frame))
        return {"kind": "vector", "frame": None if frame is None else frame.name,
                "components": [scalar(sm.sympify(c)) for c in components]}
    if kind == "matrix":
        return {"kind": "matrix", "shape": list(value.shape),
                "entries": [scalar(e) for e in value]}
    return {"kind": "sequence", "items": [_walk(k, v, scalar) for k, v in value]}


def scalars_in(stored):
    """The scalar records of a stored structure, in order."""
    if stored["kind"] == "scalar":
        return [stored]
    parts = stored.get("components") or stored.get("entries") or stored.get("items") or []
    return [s for part in parts for s in scalars_in(part)]


def term_scale(expr, point):
    """The sum of the magnitudes of the terms of ``expr`` at ``point``: the
    size that a difference is measured against (a term can be small beside
    the others, and a sum of large terms can be zero).

    >>> import sympy as sm
    >>> x = sm.Symbol('x')
    >>> float(term_scale(x - 2, {'x': 1.0}))
    3.0
    """
    return sum(abs(value_at(term, point)) for term in sm.Add.make_args(expr))


def digest(name, value):
    """A digest of a number rounded to :data:`DIGITS` significant digits,
    salted with the check's name: a stored constant answer that a reader of
    the stored file cannot simply copy.

    >>> digest("xx-a", 0.5) == digest("xx-a", 0.5000000000001)
    True
    >>> digest("xx-a", 0.5) == digest("xx-b", 0.5)
    False
    """
    value = complex(value)
    text = f"{value.real + 0.0:.{DIGITS}g} {value.imag + 0.0:.{DIGITS}g}"
    return hashlib.sha256(f"{name}:{text}".encode()).hexdigest()[:24]


def noise_floors(scalars, points):
    """At each point, :data:`NOISE` times the largest magnitude of the
    entries ``scalars``: where an entry counts as zero.

    >>> import sympy as sm
    >>> noise_floors([sm.Float(2.0), sm.Float(1e-17)], [{}])
    [2e-13]
    """
    return [NOISE * max((abs(value_at(s, p)) for s in scalars), default=0.0)
            for p in points]


def _is_real(value):
    return is_finite(value) and abs(value.imag) <= 1e-12 * max(1.0, abs(value.real))


def sample_points(name, scalars, positive, seed=None, count=SAMPLES):
    """Points at which every expression of ``scalars`` is finite and real.

    Point ``k`` is drawn from the seed of ``f"{name}/{k}/{attempt}"``, or from
    ``seed`` when one is given (the hidden tests draw a new one at every
    grading); point 0 has every value positive, point 1 every value negative
    (but those named in ``positive``), the others mix signs.
    """
    names = set()
    for s in scalars:
        names |= set(atoms_of(s))
    points = []
    for index in range(count):
        sign = {0: 1, 1: -1}.get(index)
        for attempt in range(TRIES):
            key = seed_of(f"{name}/{index}/{attempt}" if seed is None
                          else f"{seed}/{index}/{attempt}")
            point = signed_point(names, key, sign, positive)
            if all(_is_real(value_at(s, point)) for s in scalars):
                points.append(point)
                break
        else:
            raise ParameterError(
                f"check {name!r}: the worked answer is not finite and real at "
                f"{TRIES} random points with values of magnitude {MAGNITUDE[0]} "
                f"to {MAGNITUDE[1]} and either sign; declare the symbols that "
                "must be positive (sm.symbols('L', positive=True)) or check a "
                "quantity without a singularity there")
    return points


def _positive_names(scalars):
    names = set()
    for s in scalars:
        names |= {n for n, a in atoms_of(s).items() if a.is_positive}
    return names


def _values_record(name, points, floors, digests=True):
    """The record of one scalar entry: its values and the sizes of its terms
    at the points (an entry below the answer's noise floor is zero), or for a
    number, with ``digests``, the digests of it and of its negative."""
    def scalar(expr):
        atoms = sorted(atoms_of(expr))
        values = [0j if abs(v) <= floor else v
                  for v, floor in zip((value_at(expr, p) for p in points), floors)]
        if not atoms and digests:      # a number: a digest, not the number itself
            return {"kind": "scalar", "symbols": [],
                    "digests": [digest(name, values[0]), digest(name, -values[0])]}
        return {"kind": "scalar", "symbols": atoms,
                "values": [encode(v) for v in values],
                "scales": [encode(max(term_scale(expr, p), floor))
                           for p, floor in zip(points, floors)]}
    return scalar


def record(name, answer):
    """The public form of a worked answer: ``{"points": ..., "answer": ...}``.

    Examples
    --------
    >>> import sympy.physics.mechanics as me
    >>> q = me.dynamicsymbols('q')
    >>> stored = record("xx-demo-a", 2*q)
    >>> stored["answer"]["symbols"], len(stored["points"])
    (['q(t)'], 6)
    >>> stored["points"][0]["q(t)"] > 0 > stored["points"][1]["q(t)"]
    True
    """
    kind, value = normalize(answer, name)
    scalars = scalars_in(_walk(kind, value, lambda e: {"kind": "scalar", "expr": e}))
    scalars = [s["expr"] for s in scalars]
    points = sample_points(name, scalars, _positive_names(scalars))
    floors = noise_floors(scalars, points)
    return {"points": points,
            "answer": _walk(kind, value, _values_record(name, points, floors))}


def worked_form(name, answer):
    """The instructors' form of a worked answer: its structure with each
    scalar as ``srepr``, and the names of its positive symbols.

    >>> import sympy.physics.mechanics as me
    >>> worked_form("xx-demo-a", 2*me.dynamicsymbols('q'))["answer"]["expr"]
    "Mul(Integer(2), Function('q')(Symbol('t')))"
    """
    kind, value = normalize(answer, name)
    structure = _walk(kind, value, lambda e: {"kind": "scalar", "expr": sm.srepr(e)})
    scalars = [_parse(s["expr"]) for s in scalars_in(structure)]
    return {"positive": sorted(_positive_names(scalars)), "answer": structure}


def _parse(text):
    """The expression of an ``srepr`` (written by :func:`worked_form`)."""
    return sm.sympify(text)


def _rebuild(stored, scalar):
    if stored["kind"] == "scalar":
        return scalar(stored)
    out = dict(stored)
    for key in ("components", "entries", "items"):
        if key in stored:
            out[key] = [_rebuild(part, scalar) for part in stored[key]]
    return out


def record_worked(name, worked, seed):
    """A record like :func:`record`'s, made from an instructors' form at the
    points of ``seed`` (the hidden tests draw a new seed at every grading):
    ``{"points": ..., "answer": ...}`` with the values in the clear."""
    exprs = {id(s): _parse(s["expr"]) for s in scalars_in(worked["answer"])}
    points = sample_points(name, list(exprs.values()), set(worked["positive"]), seed=seed,
                           count=GRADING_SAMPLES)
    values = _values_record(name, points, noise_floors(list(exprs.values()), points),
                            digests=False)
    return {"points": points,
            "answer": _rebuild(worked["answer"], lambda stored: values(exprs[id(stored)]))}



def record_to_file(name, answer):
    path = Path(os.environ[RECORD])
    line = json.dumps({"name": name, "record": record(name, answer),
                       "worked": worked_form(name, answer)}, sort_keys=True)
    with path.open("a", encoding="utf-8") as stream:
        stream.write(line + "\n")
    return f"Recorded the worked answer of {name}."
