"""What a student's answer is, and its values at sample points.

Shared by the comparison of :mod:`mechlib.book.check` and the recording of
worked answers in :mod:`mechlib.book.record`: both see an answer as a kind
(scalar, Vector, Matrix or a list of them) and as scalar entries evaluated,
with 30 digits, where the atoms named in a point take their values.

Examples
--------
>>> import sympy as sm
>>> import sympy.physics.mechanics as me
>>> q = me.dynamicsymbols('q')
>>> sorted(atoms_of(q.diff() + sm.Symbol('L')*q))
['Derivative(q(t), t)', 'L', 'q(t)']
>>> display_name('Derivative(q2(t), t)'), display_name('q2(t)')
("q2'", 'q2')
>>> value_at(2*q, {'q(t)': 0.5})
(1+0j)
"""

from __future__ import annotations

import functools
import math
import numbers
import re

import sympy as sm
import sympy.physics.mechanics as me
from sympy.core.function import AppliedUndef

from ..errors import ArgumentTypeError

__all__ = ["normalize", "kind_word", "atoms_of", "display_name", "value_at",
           "is_finite", "scalars_of", "all_scalars", "find_frame",
           "vector_frame", "encode", "decode"]


def is_scalar(x):
    """A SymPy expression or a plain number (Python's or NumPy's), not a
    truth value.

    A ``Symbol`` is a SymPy ``Boolean`` as well as an ``Expr`` (it can stand
    in a logical formula), so it is a scalar; ``True``, ``sm.true`` and an
    inequality are not.

    >>> import sympy as sm
    >>> H = sm.Symbol('H')
    >>> [is_scalar(x) for x in (H, 2*H, 3, 0.5, True, sm.true, H > 1)]
    [True, True, True, True, False, False, False]
    """
    if isinstance(x, bool):
        return False
    return isinstance(x, (sm.Expr, numbers.Number))


def _what_it_is(answer):
    """A phrase naming what a wrong kind of answer is, and how to fix it."""
    if isinstance(answer, sm.core.relational.Relational):
        return ("an equation (Eq), not an expression; give one side of it, "
                "e.g. eq.rhs, or solve it first")
    if isinstance(answer, me.Dyadic):
        return ("a Dyadic, which no exercise asks for; dot it with unit "
                "vectors (I.dot(N.x), N.x.dot(I).dot(N.y)) to get a Vector "
                "or a scalar")
    if isinstance(answer, (bool, sm.logic.boolalg.Boolean)):
        return (f"a truth value ({answer}), not a quantity; give the "
                "expression itself")
    if isinstance(answer, str):
        return (f"a string ({answer!r:.60}); a string is not parsed: write "
                "sm.sin(q2), not 'sin(q2)'")
    return (f"a {type(answer).__name__} ({answer!r:.60}), not a SymPy "
            "object; give a SymPy expression, a Vector, a Matrix or a list "
            "of them (for numbers in an array use sm.Matrix)")


def normalize(answer, name):
    """``(kind, value)``: ('scalar', Expr), ('vector', Vector), ('matrix',
    Matrix) or ('sequence', [normalized items]); ArgumentTypeError else.

    A list or tuple of scalars is a column (bare symbols included), a list of
    equal rows of scalars a matrix, any other list a sequence of answers.

    >>> import sympy as sm
    >>> H, m = sm.symbols('H, m')
    >>> normalize([H, -m], "xx-a")
    ('matrix', Matrix([
    [ H],
    [-m]]))
    >>> normalize((H,), "xx-a")[0], normalize(H, "xx-a")
    ('matrix', ('scalar', H))
    >>> normalize([H, sm.true], "xx-a")
    Traceback (most recent call last):
    ...
    mechlib.errors.ArgumentTypeError: check('xx-a', ...): the answer is a truth value (True), ...
    """
    if isinstance(answer, me.Vector):
        return "vector", answer
    if isinstance(answer, sm.MatrixBase):
        return "matrix", sm.Matrix(answer)
    if isinstance(answer, (list, tuple)):
        if answer and all(is_scalar(x) for x in answer):
            return "matrix", sm.Matrix(answer)
        if answer and all(isinstance(x, (list, tuple)) and x
                          and all(is_scalar(y) for y in x) for x in answer):
            try:
                return "matrix", sm.Matrix(answer)
            except ValueError:
                pass
        return "sequence", [normalize(x, name) for x in answer]
    if is_scalar(answer):
        return "scalar", sm.sympify(answer)
    raise ArgumentTypeError(f"check({name!r}, ...): the answer is {_what_it_is(answer)}")


def kind_word(kind):
    return {"scalar": "a scalar (a SymPy expression)",
            "vector": "a Vector", "matrix": "a Matrix",
            "sequence": "a list"}[kind]



def atoms_of(expr):
    """{name: atom} of the time derivatives, functions of time and symbols
    of ``expr`` (``t`` only where it appears outside a function)."""
    return dict(_atoms_of(expr))


@functools.lru_cache(maxsize=4096)
def _atoms_of(expr):
    """:func:`atoms_of`, once per expression: an answer is evaluated at 16
    points and term by term, and finding its atoms takes two passes over it."""
    derivatives = expr.atoms(sm.Derivative)
    functions = expr.atoms(AppliedUndef)
    hidden = {a: sm.Dummy() for a in derivatives | functions}
    stripped = expr.xreplace({d: hidden[d] for d in derivatives}).xreplace(
        {f: hidden[f] for f in functions})
    symbols = stripped.free_symbols - set(hidden.values())
    return {str(a): a for a in (*derivatives, *functions, *symbols)}


def display_name(name):
    """``q2'`` for ``Derivative(q2(t), t)``, ``q2`` for ``q2(t)``."""
    match = re.fullmatch(r"Derivative\((\w+)\(t\), (?:t|\(t, (\d+)\))\)", name)
    if match:
        return match.group(1) + "'" * int(match.group(2) or 1)
    return re.sub(r"^(\w+)\(t\)$", r"\1", name)


def value_at(expr, point):
    """complex value of ``expr`` with the atoms named in ``point`` replaced,
    in one pass: ``xreplace`` replaces a derivative whole before it would
    reach the function inside it, and a function before its ``t``."""
    expr = expr.xreplace({atom: sm.Float(point[key], 30)
                          for key, atom in atoms_of(expr).items() if key in point})
    try:
        value = complex(sm.N(expr, 30))
    except (TypeError, ValueError):
        return complex("nan")
    return value


def is_finite(value):
    return math.isfinite(value.real) and math.isfinite(value.imag)


def scalars_of(kind, value, frame):
    """The scalar expressions of a normalized answer, in a fixed order."""
    if kind == "scalar":
        return [value]
    if kind == "vector":
        return list(value.to_matrix(frame)) if frame is not None else [0, 0, 0]
    if kind == "matrix":
        return list(value)
    return [s for k, v in value for s in scalars_of(k, v, frame)]


def find_frame(vector, name):
    """The frame called ``name`` connected to the frames of ``vector``."""
    start = [f for _, f in vector.args]
    seen, queue = set(), list(start)
    while queue:
        frame = queue.pop(0)
        if id(frame) in seen:
            continue
        seen.add(id(frame))
        if frame.name == name:
            return frame
        queue.extend(frame._dcm_dict)
    return None


def vector_frame(vector):
    """A frame for the components of a worked Vector: one named N among
    the connected frames if there is one, otherwise the first frame."""
    if not vector.args:
        return None
    return find_frame(vector, "N") or vector.args[0][1]



def encode(value):
    re_ = float(f"{value.real:.15g}") + 0.0
    im = float(f"{value.imag:.15g}") + 0.0
    return re_ if im == 0 else [re_, im]


def decode(value):
    return complex(*value) if isinstance(value, list) else complex(value)


def all_scalars(kind, value):
    if kind == "vector":
        frame = vector_frame(value)
        return [] if frame is None else list(value.to_matrix(frame))
    if kind == "sequence":
        return [s for k, v in value for s in all_scalars(k, v)]
    return scalars_of(kind, value, None)
