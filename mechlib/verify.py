r"""Numerical checks that a derived result equals an independent one.

Every result the book shows is asserted against a second derivation. Proving
two trigonometric expressions equal with ``simplify`` can take minutes; it is
as decisive, and much faster, to evaluate their difference at a few random
values of every symbol, coordinate, speed and time derivative in it: a
nonzero rational function of sines and cosines vanishes at random points only
by accident. The sample points come from a fixed seed, so a check gives the
same verdict on every run. It needs SymPy and mpmath only (no numpy), like
the symbolic core that calls it (``dependent_speed_coefficients``) and the
book's pages, whose exercise boxes run in Pyodide without numpy.

Examples
--------
>>> import sympy as sm
>>> import sympy.physics.mechanics as me
>>> from mechlib.verify import vanishes
>>> q = me.dynamicsymbols('q')
>>> vanishes(sm.sin(q)**2 + sm.cos(q)**2 - 1)
True
>>> vanishes(sm.sin(2*q) - sm.sin(q)*sm.cos(q))
False
"""

import cmath
import numbers

import mpmath
import sympy as sm
import sympy.physics.mechanics as me
from sympy.core.function import AppliedUndef

from ._sampling import value_stream
from ._validation import NOT_FINITE, as_expression, check_connected, check_finite, check_frame
from .errors import ArgumentTypeError, NonFiniteValueError, ParameterError, ShapeError

__all__ = ["vanishes", "relative_difference"]


def _as_matrix(expr, frame):
    if isinstance(expr, me.Vector):
        if frame is None:
            raise ShapeError(
                "a Vector has no components until a frame is chosen; pass "
                "frame=N to compare its measure numbers in N")
        check_connected(expr, check_frame(frame))
        return expr.to_matrix(frame)
    if isinstance(expr, sm.MatrixBase):
        return sm.Matrix(expr)
    if isinstance(expr, (list, tuple)):
        return sm.Matrix([_as_matrix(e, frame) for e in expr])
    return sm.Matrix([as_expression(
        expr, f"vanishes: {expr!r} is a {type(expr).__name__}, not a sympy "
        "expression; pass sympy expressions, matrices or Vectors (a string "
        "is not parsed: write sm.sin(q), not 'sin(q)')")])


def _sample_points(expr, samples=3, seed=12345, low=0.3, high=1.3):
    """Random substitutions for every unknown in ``expr``.

    Time derivatives are replaced before the functions of time they
    differentiate (so that ``q'`` does not become ``d(0.7)/dt``), then
    constant symbols.

    Parameters
    ----------
    expr : sympy expression, Matrix or list of them
    samples : int
        Number of sample points.
    seed : int
        Seed of the random numbers (fixed: the same points every run).
    low, high : float
        Range of the random values; positive by default, so that square
        roots and lengths stay real.

    Returns
    -------
    list of list of dict
        One entry per sample: the substitutions to apply in turn with
        ``xreplace``.

    Examples
    --------
    >>> import sympy.physics.mechanics as me
    >>> from mechlib.verify import _sample_points
    >>> q = me.dynamicsymbols('q')
    >>> [list(step) for step in _sample_points(q.diff() + q, samples=1)[0]]
    [[Derivative(q(t), t)], [q(t)], []]
    """
    matrix = _as_matrix(expr, None)
    derivatives, functions = _unknown_functions(matrix)
    free = matrix.free_symbols - {me.dynamicsymbols._t}
    kinds = [sorted(atoms, key=sm.default_sort_key)
             for atoms in (derivatives, functions, free)]
    draw = value_stream(seed, low, high)
    return [[{a: sm.Float(next(draw)) for a in atoms} for atoms in kinds]
            for _ in range(samples)]


def _unknown_functions(matrix):
    """The time derivatives and the functions of time in ``matrix``.

    The same as ``matrix.atoms(Derivative)`` and ``matrix.atoms(AppliedUndef)``,
    but each distinct subexpression is visited once: the equations of motion of
    a chain repeat the same subexpressions many times over (a 10-link
    pendulum's F_r* has ten million nodes as a tree, far fewer distinct ones).

    >>> q = me.dynamicsymbols('q')
    >>> _unknown_functions(sm.Matrix([q.diff()**2 + sm.sin(q)]))
    ({Derivative(q(t), t)}, {q(t)})
    """
    derivatives, functions, seen = set(), set(), set()
    stack = list(matrix)
    while stack:
        node = stack.pop()
        if node in seen:
            continue
        seen.add(node)
        if isinstance(node, sm.Derivative):
            derivatives.add(node)
        elif isinstance(node, AppliedUndef):
            functions.add(node)
        stack.extend(node.args)
    return derivatives, functions


def vanishes(expr, frame=None, samples=3, tol=1e-9, seed=12345):
    """True if ``expr`` is zero at ``samples`` random points.

    Parameters
    ----------
    expr : sympy expression, Matrix, Vector or list of them
        What should be zero, typically the difference of two derivations.
    frame : ReferenceFrame, optional
        The frame to take a Vector's measure numbers in.
    samples : int
        Number of random points (all must give zero).
    tol : float
        Absolute tolerance on each entry.
    seed : int
        Seed of the random points.

    Returns
    -------
    bool

    Examples
    --------
    >>> import sympy.physics.mechanics as me
    >>> from mechlib.verify import vanishes
    >>> q, u = me.dynamicsymbols('q, u')
    >>> N = me.ReferenceFrame('N')
    >>> A = N.orientnew('A', 'Axis', (q, N.z))
    >>> vanishes(A.x.dt(N) - q.diff()*A.y, frame=N)
    True
    """
    matrix = check_finite(_as_matrix(expr, frame), "vanishes: the expression")
    if isinstance(samples, bool) or not isinstance(samples, numbers.Integral) \
            or samples < 1:
        raise ParameterError(
            f"vanishes: samples = {samples!r}; give a positive integer (no "
            "samples would prove nothing)")
    try:
        tol = float(tol)
    except (TypeError, ValueError):
        raise ArgumentTypeError(
            f"vanishes: tol = {tol!r} is not a number; give e.g. 1e-9"
        ) from None
    if not (0 <= tol < float("inf")):
        raise ParameterError(
            f"vanishes: tol = {tol} must be a finite number >= 0, e.g. 1e-9 "
            "(a NaN tolerance would accept anything)")
    for steps in _sample_points(matrix, samples, seed):
        value = matrix
        for step in steps:
            value = value.xreplace(step)
        value = value.evalf()
        if value.free_symbols:
            raise ShapeError(
                f"vanishes: {sorted(map(str, value.free_symbols))} were left "
                "after substitution; pass sympy expressions, not strings")
        if value.has(*NOT_FINITE):
            raise NonFiniteValueError(
                f"vanishes: the expression is not finite at a random sample "
                f"point ({value.T}); it has a singularity there: simplify "
                "it or check it by another route")
        if any(abs(complex(v)) > tol for v in value):
            return False
    return True


def relative_difference(a, b, frame=None, samples=3, seed=12345):
    r"""Largest :math:`|a - b|` over the entries, relative to the size of b.

    The same random sample points as :func:`vanishes`; the matrices are
    evaluated with ``lambdify(..., cse=True)`` in 30-digit arithmetic
    (mpmath), so that matrices of millions of operations (a 12-link chain's
    mass matrix) compare in seconds and without rounding noise.

    Parameters
    ----------
    a, b : sympy expression, Matrix, Vector or list of them
        Of the same shape.
    frame, samples, seed
        As in :func:`vanishes`.

    Returns
    -------
    float
        :math:`\max |a - b| / \max(1, \max |b|)` over entries and samples.

    Examples
    --------
    >>> import sympy as sm
    >>> import sympy.physics.mechanics as me
    >>> from mechlib.verify import relative_difference
    >>> q = me.dynamicsymbols('q')
    >>> relative_difference(sm.sin(2*q), 2*sm.sin(q)*sm.cos(q)) < 1e-25
    True
    >>> relative_difference(sm.sin(2*q), sm.sin(q)) > 0.1
    True
    """
    a = check_finite(_as_matrix(a, frame), "relative_difference: a")
    b = check_finite(_as_matrix(b, frame), "relative_difference: b")
    if a.shape != b.shape:
        raise ShapeError(
            f"relative_difference: a has shape {a.shape} and b {b.shape}; "
            "compare matrices of the same shape")
    both = a.row_join(b)
    worst = 0.0
    fun = None
    for steps in _sample_points(both, samples, seed):
        values = {k: v for step in steps for k, v in step.items()}
        if fun is None:          # every sample has the same unknowns, in order
            fun = sm.lambdify(list(values), [a - b, b], cse=True, modules="mpmath")
        with mpmath.workdps(30):
            D, B = ([complex(x) for row in m.tolist() for x in row] for m in
                    fun(*[mpmath.mpf(str(v)) for v in values.values()]))
        if not all(cmath.isfinite(x) for x in D + B):
            raise NonFiniteValueError(
                "relative_difference: a or b is not finite at a random "
                "sample point; it has a singularity there")
        scale = max(1.0, max(map(abs, B)) if B else 1.0)
        if D:
            worst = max(worst, max(map(abs, D)) / scale)
    return worst
