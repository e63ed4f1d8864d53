"""The stored forms of a worked answer.

``python -m bookkit.generate_checks`` executes each chapter with the
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
constant declared ``positive=True`` stays positive), the others mix signs. A
point where the worked answer is not finite or not real is drawn again. Then
the mixed points are redrawn until every sign-carrying subexpression of the
worked answer (:func:`sign_carriers`: each factor, term and entry that
SymPy's assumptions do not prove one-signed, the arguments of ``Abs`` and of
functions) is positive at one point and negative at another, so that an
answer that loses a sign through ``Abs`` or ``sqrt`` (``sqrt(1 - sin(q)**2)``
for ``cos(q)``) differs somewhere. Where a sign shows only beyond the usual
magnitudes (``sin(theta)`` of an angle declared positive is negative only
past pi), the candidate points are drawn with magnitudes up to
:data:`~mechlib._sampling.WIDE_MAGNITUDE`'s.
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
from pathlib import Path

import sympy as sm
from sympy.core.function import AppliedUndef

from .._sampling import MAGNITUDE, WIDE_MAGNITUDE, seed_of, signed_point
from ..errors import ParameterError
from .answers import atoms_of, encode, is_finite, normalize, value_at, vector_frame

__all__ = ["RECORD", "record", "worked_form", "record_worked", "sample_points",
           "sign_carriers", "one_signed", "signs_at", "term_scale", "noise_floors",
           "digest", "record_to_file"]

RECORD = "MECHLIB_CHECK_RECORD"   # environment variable: record, don't compare
SAMPLES = 6                       # sample points per check
#: Points of a hidden test, drawn anew at every grading: with 16, a sign lost
#: where an expression is positive at about half of the points goes unseen
#: once in 65 000 gradings.
GRADING_SAMPLES = 16
TRIES = 40                        # redraws when the answer is singular at a point
#: Candidate points drawn to replace mixed points until every sign-carrying
#: subexpression takes both signs (:func:`sample_points`).
COVER_TRIES = 400
#: Points added beyond ``count`` when replacing the mixed ones is not enough.
EXTRA_POINTS = 4
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


def sample_points(name, scalars, positive, seed=None, count=SAMPLES, cover=True):
    """Points at which every expression of ``scalars`` is finite and real.

    Point ``k`` is drawn from the seed of ``f"{name}/{k}/{attempt}"``, or from
    ``seed`` when one is given (the hidden tests draw a new one at every
    grading); point 0 has every value positive, point 1 every value negative
    (but those named in ``positive``), the others mix signs.

    With ``cover`` (the default), the mixed points are then replaced, one
    candidate at a time (seeds ``f"{name}/cover/{attempt}"``, at most
    :data:`COVER_TRIES`), by points at which more of the sign-carrying
    subexpressions of ``scalars`` (:func:`sign_carriers`) have taken both
    signs, until all have; if the replacements do not get there, up to
    :data:`EXTRA_POINTS` points are added. Then the same again with
    candidates of magnitudes up to
    :data:`~mechlib._sampling.WIDE_MAGNITUDE`'s (seeds
    ``f"{name}/wide/cover/{attempt}"``), for a sign that shows only there.
    A subexpression that keeps one sign at the points first drawn and that
    simplified is proved one-signed (:func:`one_signed` with ``thorough``)
    needs no cover. A stored check (no ``seed``) for which even that fails
    is an error naming the check and the subexpression; the hidden tests (a
    ``seed``) keep the best points found.

    Examples
    --------
    >>> import sympy as sm
    >>> q = sm.Symbol('q')
    >>> points = sample_points("xx-demo-c", [sm.cos(q)], set())
    >>> sorted({v > 0 for v in signs_at(sm.cos(q), points) if v})
    [False, True]
    >>> theta = sm.Symbol('theta', positive=True)
    >>> points = sample_points("xx-demo-s", [sm.sin(theta)], {"theta"})
    >>> max(p['theta'] for p in points) > sm.pi.evalf()
    True
    """
    names = set()
    for s in scalars:
        names |= set(atoms_of(s))
    base = name if seed is None else seed
    points = []
    for index in range(count):
        sign = {0: 1, 1: -1}.get(index)
        point = _real_point(scalars, names, positive, sign,
                            (f"{base}/{index}/{attempt}" for attempt in range(TRIES)))
        if point is None:
            raise ParameterError(
                f"check {name!r}: the worked answer is not finite and real at "
                f"{TRIES} random points with values of magnitude {MAGNITUDE[0]} "
                f"to {MAGNITUDE[1]} and either sign; declare the symbols that "
                "must be positive (sm.symbols('L', positive=True)) or check a "
                "quantity without a singularity there")
        points.append(point)
    if cover and count > 2:
        points = _cover_signs(name, base, scalars, names, positive, points,
                              strict=seed is None)
    return points


def _real_point(scalars, names, positive, sign, keys, magnitude=MAGNITUDE):
    """The first point drawn from the seeds of ``keys`` at which every scalar
    is finite and real, or None."""
    for key in keys:
        point = signed_point(names, seed_of(key), sign, positive, magnitude)
        if all(_is_real(value_at(s, point)) for s in scalars):
            return point
    return None


# --- the signs the sample points must show -----------------------------------------

def _sign(value):
    """+1, -1, or 0 for zero and for a value that is not real."""
    if not _is_real(value) or value.real == 0:
        return 0
    return 1 if value.real > 0 else -1


def signs_at(expr, points):
    """The signs of ``expr`` at ``points``: +1, -1, or 0 where it is zero or
    not real.

    >>> import sympy as sm
    >>> signs_at(sm.Symbol('x') - 1, [{'x': 3.0}, {'x': 0.5}, {'x': 1.0}])
    [1, -1, 0]
    """
    return [_sign(value_at(expr, point)) for point in points]


def _real_form(expr, positive):
    """``expr`` with each atom (symbol, function of time, derivative) replaced
    by a real nonzero symbol, a positive one for a symbol declared positive
    or named in ``positive``: what SymPy's assumptions can reason about (a
    function of time ``q(t)`` is not known to be real). Nonzero, because the
    sample values are: an atom's magnitude is at least
    :data:`~mechlib._sampling.MAGNITUDE`'s lower end."""
    atoms = atoms_of(expr)
    derivatives = {a for a in atoms.values() if isinstance(a, sm.Derivative)}

    def real(key, atom):
        if key in positive or getattr(atom, "is_positive", False):
            return sm.Dummy(key, positive=True)
        return sm.Dummy(key, real=True, nonzero=True)
    stand_ins = {atom: real(key, atom) for key, atom in atoms.items()}
    # a derivative whole, before the function inside it
    expr = expr.xreplace({d: stand_ins[d] for d in derivatives})
    return expr.xreplace({a: s for a, s in stand_ins.items() if a not in derivatives})


def _power_range(power):
    """A symbol whose sign covers every finite real value of ``power`` (a
    ``Pow`` of a real form), or ``power`` itself when its base's sign is
    unknown. ``b**2`` and ``1/b**2`` are nonnegative wherever they are finite
    (``1/cos(q)**2``, which SymPy leaves undecided because ``cos(q)`` can be
    zero); a root ``b**(1/2)``, ``b**(1/3)`` is real only where ``b`` is not
    negative (SymPy's principal root); an odd power has its base's sign."""
    base, exponent = power.args
    if not exponent.is_Rational:
        return power
    negative = exponent < 0
    if not exponent.is_Integer or exponent.p % 2 == 0:
        return sm.Dummy(positive=True) if negative else sm.Dummy(nonnegative=True)
    for sign in ("positive", "negative"):
        if getattr(base, f"is_{sign}"):
            return sm.Dummy(**{sign: True})
    if base.is_nonnegative:
        return sm.Dummy(positive=True) if negative else sm.Dummy(nonnegative=True)
    if base.is_nonpositive:
        return sm.Dummy(negative=True) if negative else sm.Dummy(nonpositive=True)
    return power


def _proved_one_signed(real):
    """Whether SymPy's assumptions prove ``real`` (a real form) nonnegative or
    nonpositive, its powers replaced by the ranges of their finite values."""
    if real.is_nonnegative or real.is_nonpositive:
        return True
    ranged = real.replace(lambda e: isinstance(e, sm.Pow), _power_range)
    return bool(ranged.is_nonnegative or ranged.is_nonpositive)


#: The largest subexpression (``count_ops``) that :func:`one_signed` simplifies
#: to prove it one-signed: simplifying a bicycle's entries could take minutes.
SIMPLIFY_OPS = 400


def one_signed(expr, positive=(), thorough=False):
    """Whether ``expr`` is proved unable to take both signs wherever it is
    finite and real, for every real value of its atoms (positive for those
    named in ``positive`` or declared positive), any magnitude: a proof, not
    a judgement from sample draws.

    SymPy's assumptions decide (``is_nonnegative``, ``is_nonpositive`` of
    ``expr`` with its atoms real and nonzero, each power replaced by the range
    of its finite values: ``1/cos(q)**2`` and ``sqrt(f)`` are nonnegative,
    ``x**3`` has the sign of ``x``): ``cos(q)**2``, ``1 + q**2``, ``L``
    declared positive, ``Abs(x)`` are one-signed. With ``thorough``, an
    expression they leave undecided is expanded and simplified
    (:func:`sympy.trigsimp`) and decided again, so a kinetic energy written
    with cross terms (its velocity's components in a rotated frame) is
    one-signed too; :func:`sample_points` asks this only of a subexpression
    that keeps one sign at all its first draws.

    ``2 + sin(q)`` is not proved one-signed, nor ``sin(theta)`` of an angle
    ``theta`` declared positive (negative past pi).

    >>> import sympy as sm
    >>> import sympy.physics.mechanics as me
    >>> q, u, w = me.dynamicsymbols('q u w')
    >>> L, theta = sm.symbols('L theta', positive=True)
    >>> [one_signed(e) for e in (sm.cos(q)**2, 1 + q**2, L, -sm.sqrt(1 + q), u**2/sm.cos(q)**2)]
    [True, True, True, True, True]
    >>> [one_signed(e) for e in (sm.cos(q), q, L - q, sm.sin(theta), 2 + sm.sin(q))]
    [False, False, False, False, False]
    >>> c, s = sm.cos(q), sm.sin(q)
    >>> energy = (u*c - w*s)*u*c + (u*s + w*c)*u*s + w**2
    >>> one_signed(energy), one_signed(energy, thorough=True)
    (False, True)
    """
    return _one_signed(sm.sympify(expr), frozenset(positive), thorough)


@functools.lru_cache(maxsize=4096)
def _one_signed(expr, positive, thorough):
    real = _real_form(expr, positive)
    if _proved_one_signed(real):
        return True
    if not thorough or sm.count_ops(real) > SIMPLIFY_OPS:
        return False
    return _proved_one_signed(sm.trigsimp(sm.expand(real)))


def sign_carriers(expr, positive=()):
    """The sign-carrying subexpressions of a scalar ``expr``, in order.

    A subexpression carries a sign when an answer that lost its sign (wrote
    ``Abs(f)``, or ``sqrt(1 - sin(q)**2)`` for ``cos(q)``) would be wrong;
    the sample points of a check must show each of them positive at one point
    and negative at another, or such an answer passes. They are, starting
    from ``expr`` itself:

    - the expression, each term of a sum and each factor of a product;
    - for an odd power or root, its base (``b`` of ``b**3``, ``1/b``); of an
      even power or root neither it nor its base counts (``b**2`` and
      ``sqrt(b)``, real, keep one sign whatever ``b``'s is), but the
      subexpressions inside the base do;
    - the argument of ``Abs``;
    - the arguments of any other function (``q1 - q2`` of ``sin(q1 - q2)``,
      ``q`` of ``cos(q)``) and their own subexpressions;

    leaving out numbers, and every subexpression that SymPy's assumptions
    prove one-signed (:func:`one_signed`: ``cos(q)**2``, ``1 + q**2``, a
    length declared positive, ``Abs(f)``, ``sqrt(f)``). A subexpression that
    keeps one sign at every sample point is what :func:`sample_points` redraws
    points against, unless simplified it is proved one-signed
    (``one_signed(f, thorough=True)``).

    Parameters
    ----------
    expr : sympy.Expr
        One scalar entry of a worked answer.
    positive : collection of str
        Names of atoms that are positive (besides those declared so).

    Returns
    -------
    list of sympy.Expr
        Each sign-carrying subexpression once, in the order of a walk from
        the top.

    Examples
    --------
    >>> import sympy as sm
    >>> import sympy.physics.mechanics as me
    >>> L = sm.Symbol('L', positive=True)
    >>> q2, u1, u2 = me.dynamicsymbols('q2, u1, u2')
    >>> sign_carriers(u1 - L*u2*sm.cos(q2))
    [-L*u2(t)*cos(q2(t)) + u1(t), -L*u2(t)*cos(q2(t)), cos(q2(t)), q2(t), u2(t), u1(t)]
    >>> sign_carriers(L*sm.cos(q2)**2 + u1**2)
    [q2(t)]
    """
    return list(_sign_carriers(sm.sympify(expr), frozenset(positive)))


@functools.lru_cache(maxsize=1024)
def _sign_carriers(expr, positive):
    """:func:`sign_carriers`, once per expression (the hidden tests draw
    points for the same worked answer at every grading)."""
    found, seen = {}, set()

    def visit(e, counts):
        if e.is_number or (e, counts) in seen:
            return
        seen.add((e, counts))
        if isinstance(e, sm.Pow) and e.args[1].is_Rational:
            exponent = e.args[1]
            odd = exponent.p % 2 == 1 and exponent.q % 2 == 1
            # an odd power or root has its base's sign; an even one keeps one
            visit(e.args[0], counts and odd)
            return
        if counts and e not in found and not one_signed(e, positive):
            found[e] = True
        if isinstance(e, (sm.Derivative, AppliedUndef, sm.Symbol)):
            return
        for arg in e.args:
            visit(arg, True)

    visit(expr, True)
    return tuple(found)


def _cover_signs(name, base, scalars, names, positive, points, strict):
    """``points`` with mixed points replaced (and, failing that, points added)
    until every sign carrier of ``scalars`` takes both signs among them:
    first with candidates of the usual magnitudes, then with candidates of
    :data:`~mechlib._sampling.WIDE_MAGNITUDE` for the carriers whose sign
    shows only there. A carrier that keeps one sign at the points drawn first
    and is proved one-signed once simplified (:func:`one_signed` with
    ``thorough``) needs no cover."""
    carriers = []
    for s in scalars:
        carriers += [c for c in sign_carriers(s, positive) if c not in carriers]
    carriers = [c for c in carriers if {1, -1} <= set(signs_at(c, points))
                or not one_signed(c, positive, thorough=True)]
    cover = _Cover(carriers, scalars, points)

    def candidates(purpose, kind, magnitude):
        for attempt in range(COVER_TRIES):
            if not cover.missing():
                return
            point = signed_point(names, seed_of(f"{base}/{kind}{purpose}/{attempt}"),
                                 None, positive, magnitude)
            if cover.helps(point):
                yield point

    for kind, magnitude in (("", MAGNITUDE), ("wide/", WIDE_MAGNITUDE)):
        for point in candidates("cover", kind, magnitude):
            cover.replace(point)
        for point in candidates("extra", kind, magnitude):
            if len(cover.points) >= len(points) + EXTRA_POINTS:
                break
            cover.add(point)
    lacking = cover.missing()
    if lacking and strict:
        which = ", ".join(str(carriers[i]) for i in lacking[:3])
        raise ParameterError(
            f"check {name!r}: the sign-carrying subexpression {which} of the "
            f"worked answer keeps one sign at every sample point ({COVER_TRIES} "
            f"candidate points tried with magnitudes to {MAGNITUDE[1]:g} and "
            f"{COVER_TRIES} to {WIDE_MAGNITUDE[1]:g}), so an answer that loses "
            "its sign (Abs, sqrt) would pass; declare the symbols that are "
            "positive (sm.symbols('L', positive=True)) or check a quantity "
            "whose factors can change sign where the answer is real")
    return cover.points


class _Cover:
    """Sample points and the signs of the sign carriers at them (a row per
    point), improved one candidate point at a time."""

    def __init__(self, carriers, scalars, points):
        self.carriers, self.scalars = carriers, scalars
        self.points = list(points)
        self.table = [self.signs(p) for p in points]

    def signs(self, point):
        return tuple(_sign(value_at(c, point)) for c in self.carriers)

    def missing(self, table=None):
        """The indices of the carriers that lack a sign among ``table``'s rows."""
        table = self.table if table is None else table
        return [i for i in range(len(self.carriers))
                if not {1, -1} <= {row[i] for row in table}]

    def helps(self, point):
        """Whether ``point`` gives a lacking carrier a sign it has not shown
        (no other point can leave fewer lacking) and the answer is finite and
        real there: the cheap test first."""
        for i in self.missing():
            shown = {row[i] for row in self.table}
            if _sign(value_at(self.carriers[i], point)) in {1, -1} - shown:
                return all(_is_real(value_at(s, point)) for s in self.scalars)
        return False

    def replace(self, point):
        """Put ``point`` in place of the mixed point (not the first two) whose
        replacement leaves the fewest carriers lacking, if fewer than now."""
        row, table = self.signs(point), self.table
        best = min(range(2, len(table)),
                   key=lambda k: len(self.missing(table[:k] + [row] + table[k + 1:])))
        trial = table[:best] + [row] + table[best + 1:]
        if len(self.missing(trial)) < len(self.missing()):
            self.table, self.points[best] = trial, point

    def add(self, point):
        """Add ``point`` if fewer carriers then lack a sign."""
        row = self.signs(point)
        if len(self.missing(self.table + [row])) < len(self.missing()):
            self.table = self.table + [row]
            self.points.append(point)


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
                  for v, floor in zip((value_at(expr, p) for p in points), floors, strict=True)]
        if not atoms and digests:      # a number: a digest, not the number itself
            return {"kind": "scalar", "symbols": [],
                    "digests": [digest(name, values[0]), digest(name, -values[0])]}
        return {"kind": "scalar", "symbols": atoms,
                "values": [encode(v) for v in values],
                "scales": [encode(max(term_scale(expr, p), floor))
                           for p, floor in zip(points, floors, strict=True)]}
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
