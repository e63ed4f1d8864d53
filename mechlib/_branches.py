r"""Non-analytic functions of a load, fixed to their branch at a point (private).

A load such as Coulomb friction :math:`-\mu m g\,\operatorname{sign}(u)` or
quadratic drag :math:`-c\,|u|\,u` is smooth except where the argument of
``sign`` or ``Abs`` is zero. Away from there it equals one smooth branch,
:math:`-\mu m g` for :math:`u > 0`, :math:`-c\,u^2`; a derivative at that
point is the branch's derivative. The complex-step derivative of
:mod:`mechlib.linearization` needs an analytic function (``Abs`` of a
complex number is its modulus, whose imaginary part is zero), so the
non-analytic functions are first replaced by their branch at the point
(:func:`branches_at`). At a switching point (a zero argument, a tie of
``Min``/``Max``, a ``Piecewise`` on a condition's boundary) there is no
derivative, and :class:`~mechlib.errors.SwitchingPointError` says so.

Examples
--------
>>> import sympy as sm
>>> import sympy.physics.mechanics as me
>>> u = me.dynamicsymbols('u')
>>> c = sm.Symbol('c')
>>> fixed = branches_at([u], [sm.Matrix([-c*sm.Abs(u)*u])], {c: 2.0}, (), [-0.5], [])
>>> fixed[0]
Matrix([[c*u(t)**2]])
"""

import math

import sympy as sm

from ._numeric import state_function
from .errors import ParameterError, SwitchingPointError

__all__ = ["NON_ANALYTIC", "non_analytic", "branches_at", "SWITCH_TOL"]

#: Functions with a branch per side of a switching point, fixed by
#: :func:`branches_at`.
NON_ANALYTIC = (sm.sign, sm.Abs, sm.Heaviside, sm.Min, sm.Max, sm.Piecewise,
                sm.floor, sm.ceiling, sm.Mod, sm.frac)
#: Functions that are nowhere analytic in a real argument: refused.
_REFUSED = (sm.re, sm.im, sm.arg, sm.conjugate, sm.DiracDelta)
#: A switching function within this of zero, relative to the largest value
#: of the state, the inputs and 1, is at its switching point.
SWITCH_TOL = 1e-12


def non_analytic(exprs):
    """The non-analytic function applications in ``exprs`` (matrices), the
    innermost first.

    >>> import sympy as sm
    >>> x = sm.Symbol('x')
    >>> non_analytic([sm.Matrix([sm.Abs(sm.sign(x) + 1) + x])])
    [sign(x), Abs(sign(x) + 1)]
    """
    found = set()
    for e in exprs:
        found |= e.atoms(*NON_ANALYTIC)
    refused = set().union(*(e.atoms(*_REFUSED) for e in exprs))
    if refused:
        raise ParameterError(
            f"the equations hold {sorted(map(str, refused))}, which have no "
            "derivative in a real state; linearize needs loads that are "
            "smooth, or smooth on each side of a switch (sign, Abs, "
            "Heaviside, Min, Max, Piecewise)")
    return sorted(found, key=lambda f: (sm.count_ops(f), sm.default_sort_key(f)))


def _branch(f, values, tol):
    """``(branch, switch)``: the smooth expression that the non-analytic
    ``f`` equals near a point where the expressions of :func:`_watched`
    have ``values``, and the description of the switch it is at (None when
    it is at none; ``tol`` is how near zero counts as at it)."""
    if isinstance(f, sm.Piecewise):
        relations = _relations(f)
        at = [f"{r.lhs - r.rhs} = 0" for r, v in zip(relations, values, strict=True)
              if abs(v) <= tol]
        truth = {r: r.func(v, 0) for r, v in zip(relations, values, strict=True)}
        branch = next((expr for expr, cond in f.args
                       if sm.sympify(cond).xreplace(truth) == sm.true), sm.nan)
        return branch, (at[0] if at else None)
    if isinstance(f, (sm.Min, sm.Max)):
        order = sorted(range(len(values)), key=lambda k: values[k],
                       reverse=isinstance(f, sm.Max))
        first, second = order[0], order[1]
        tie = abs(values[first] - values[second]) <= tol
        return f.args[first], (f"{f.args[first]} = {f.args[second]}" if tie else None)
    arg, value = f.args[0], values[0]
    if isinstance(f, (sm.Mod, sm.frac)):
        # Mod(a, b) = a - b floor(a/b), frac(a) = a - floor(a): jumps where
        # the watched a/b (a) is a whole number
        whole, below = round(value), math.floor(value)
        period = f.args[1] if isinstance(f, sm.Mod) else sm.S.One
        ratio = arg / period if isinstance(f, sm.Mod) else arg
        return arg - period * sm.Integer(below), (
            f"{ratio} = {whole}" if abs(value - whole) <= tol else None)
    if isinstance(f, (sm.floor, sm.ceiling)):
        whole = round(value)
        return sm.Integer(int(f.func(sm.Float(value)))), (
            f"{arg} = {whole}" if abs(value - whole) <= tol else None)
    at = f"{arg} = 0" if abs(value) <= tol else None
    if isinstance(f, sm.sign):
        return sm.Integer(1 if value > 0 else -1), at
    if isinstance(f, sm.Heaviside):
        return sm.Integer(1 if value > 0 else 0), at
    return (arg if value > 0 else -arg), at          # Abs


def _relations(piecewise):
    """The relations (``u < 0``) of a Piecewise's conditions, once each."""
    found = []
    for _, cond in piecewise.args:
        found += list(sm.sympify(cond).atoms(sm.core.relational.Relational))
    return list(dict.fromkeys(found))


def _watched(f):
    """The expressions whose values fix the branch of ``f``: the arguments
    (of ``Min``, ``Max``, ``sign``, ...) or, for a ``Piecewise``, the
    differences of its relations' sides."""
    if isinstance(f, sm.Piecewise):
        return [r.lhs - r.rhs for r in _relations(f)]
    if isinstance(f, (sm.Min, sm.Max)):
        return list(f.args)
    if isinstance(f, sm.Mod):
        return [f.args[0] / f.args[1]]
    return [f.args[0]]


def branches_at(state, exprs, constants, inputs, x, r, time=0.0):
    """``exprs`` with every non-analytic function replaced by its branch at
    the state ``x``, inputs ``r`` and ``time``.

    Raises
    ------
    SwitchingPointError
        A non-analytic function at its switching point, where the equations
        have no derivative.
    """
    exprs = list(exprs)
    tol = SWITCH_TOL * max([1.0, *(abs(v) for v in x), *(abs(v) for v in r)])
    while True:
        pending = non_analytic(exprs)
        if not pending:
            return exprs
        # the innermost: a function with no other inside its arguments
        f = next(f for f in pending if not any(g != f and f.has(g) for g in pending))
        values = _values(state, _watched(f), constants, inputs, x, r, time)
        branch, switch = _branch(f, values, tol)
        if branch is sm.nan:
            raise ParameterError(
                f"the equations hold {f}, and none of its conditions holds at "
                "this operating point; end the Piecewise with (expr, True)")
        if switch is not None:
            raise SwitchingPointError(
                f"the equations hold {f}, which switches where {switch}, and "
                "this operating point is there: a load such as Coulomb friction "
                "has no derivative at its switch, so there is no linearization; "
                "linearize on either side of it (a speed of 1e-6 or -1e-6), or "
                "smooth the load (tanh(u/eps) for sign(u))")
        exprs = [e.xreplace({f: branch}) for e in exprs]


def _values(state, watched, constants, inputs, x, r, time=0.0):
    """The values of the expressions ``watched`` at ``x``, ``r``, ``time``."""
    fun = state_function(state, [sm.Matrix(watched)], constants, inputs)
    (values,) = fun(time, list(x), list(r))
    return [float(v) for v in sm.flatten(values.tolist())]
