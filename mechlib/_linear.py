"""Symbolic linear solves that never divide by an identically zero pivot
(private).

SymPy's ``LUsolve`` takes a pivot as nonzero unless SymPy can prove it zero,
so an entry such as ``sin(q)**2 + cos(q)**2 - 1`` (or the pivot of the
eccentric sphere's ZXY kinematics, issue 59) is divided by, and the solution
is silently wrong. Here SymPy's own LU decomposition is given a zero test
(its ``iszerofunc``) that evaluates a candidate pivot at random points, drawn
as :mod:`mechlib.verify` draws them; and every solution is checked against
the equations it solves at those points before it is returned.

Examples
--------
>>> import sympy as sm
>>> import sympy.physics.mechanics as me
>>> q = me.dynamicsymbols('q')
>>> zero = sm.sin(q)**2 + sm.cos(q)**2 - 1
>>> A, b = sm.Matrix([[zero, 1], [1, 1]]), sm.Matrix([1, 2])
>>> points = SamplePoints(A.row_join(b))
>>> x = lu_solve(A, b, points)         # the pivot is the 1 below zero
>>> [round(float(v.subs(q, 0.7)), 12) for v in x]
[1.0, 1.0]
>>> from mechlib.errors import ShapeError
>>> check_solution(A, sm.Matrix([2, 1]), b, points, ShapeError, "the demo",
...                "solve them again")
Traceback (most recent call last):
...
mechlib.errors.ShapeError: the demo were solved symbolically, but the solution ...
"""

import sympy as sm

from ._validation import NOT_FINITE

#: Absolute size below which a sampled value counts as zero (as in
#: :func:`mechlib.verify.vanishes`).
ZERO_TOL = 1e-9
#: Relative residual above which a solution does not solve its equations.
RESIDUAL_TOL = 1e-8
#: How many random points decide that an expression is identically zero.
SAMPLES = 3


class SamplePoints:
    """Random values of every unknown of some expressions (the points of
    :func:`mechlib.verify.vanishes`), and numbers of expressions there.

    >>> import sympy.physics.mechanics as me
    >>> q = me.dynamicsymbols('q')
    >>> points = SamplePoints(sm.Matrix([q.diff() + q]))
    >>> points.is_zero(sm.sin(q)**2 + sm.cos(q)**2 - 1), points.is_zero(q)
    (True, False)
    """

    def __init__(self, exprs, samples=SAMPLES, seed=12345):
        self._exprs, self._samples, self._seed = exprs, samples, seed
        self._steps = None

    @property
    def steps(self):
        """The substitutions of each point, drawn on first use."""
        if self._steps is None:
            from .verify import _sample_points

            self._steps = _sample_points(sm.Matrix(self._exprs), self._samples,
                                         self._seed)
        return self._steps

    def values(self, expr, steps):
        """``expr`` (an expression or Matrix) evaluated at one point."""
        for step in steps:
            expr = expr.xreplace(step)
        return expr.evalf()

    def is_zero(self, expr):
        """SymPy's verdict where it has one; else True if ``expr`` is zero at
        every sample point, False at the first where it is not (the
        ``iszerofunc`` of SymPy's LU decomposition)."""
        expr = sm.sympify(expr)
        known = expr.is_zero
        if known is not None:
            return known
        for steps in self.steps:
            value = self.values(expr, steps)
            if value.has(*NOT_FINITE) or value.free_symbols:
                return None
            if abs(complex(value)) > ZERO_TOL:
                return False
        return True

    def worst_residual(self, A, x, b):
        """Largest ``|A x - b|`` over the points, relative to the size of
        the terms; ``inf`` where the solution is not finite."""
        worst = 0.0
        for steps in self.steps:
            A_n, x_n, b_n = (self.values(M, steps) for M in (A, x, b))
            if any(M.has(*NOT_FINITE) for M in (A_n, x_n, b_n)):
                return float("inf")
            try:
                A_c = [[complex(v) for v in row] for row in A_n.tolist()]
                x_c = [[complex(v) for v in row] for row in x_n.tolist()]
                b_c = [[complex(v) for v in row] for row in b_n.tolist()]
            except TypeError:        # a symbol left unsampled
                return float("inf")
            for i, row in enumerate(A_c):
                for k in range(len(b_c[i])):
                    terms = [a * x_c[j][k] for j, a in enumerate(row)]
                    scale = max(1.0, abs(b_c[i][k]), *map(abs, terms))
                    worst = max(worst, abs(sum(terms) - b_c[i][k]) / scale)
        return worst


def lu_solve(A, b, points):
    """``A x = b`` by SymPy's LU solve with pivots chosen by ``points``'s
    zero test. Raises SymPy's ``NonInvertibleMatrixError`` (a ValueError)
    for a singular ``A``."""
    return A.LUsolve(b, iszerofunc=points.is_zero)


def check_solution(A, x, b, points, error, what, fix):
    """Raise ``error`` (a mechlib error class) if ``x`` does not solve
    ``A x = b`` at the sample points; ``what`` names the equations and
    ``fix`` says what to do."""
    worst = points.worst_residual(A, x, b)
    if not worst <= RESIDUAL_TOL:
        raise error(
            f"{what} were solved symbolically, but the solution does not "
            f"satisfy them at a random point (relative residual {worst:.3g}): "
            f"a pivot of the solve is zero although SymPy could not tell; "
            f"{fix}")
