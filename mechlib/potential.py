r"""Generalized active forces from a potential energy and a dissipation function.

When the kinematical differential equations are
:math:`\dot{q}_s = \sum_r W_{sr} u_r + X_s`, a set of conservative forces with
potential energy :math:`V(q, t)` contributes

.. math::

   F_r = -\sum_s W_{sr} \frac{\partial V}{\partial q_s}

to the generalized active forces, which is :math:`-\partial V/\partial q_r`
when :math:`u_r = \dot{q}_r`. Likewise a dissipation function
:math:`\mathcal{R}(q, \dot{q})` (half the rate at which linear dampers
dissipate energy, :math:`\tfrac12\sum c\,\dot\ell^2`) contributes
:math:`F_r = -\sum_s W_{sr}\,\partial\mathcal{R}/\partial\dot{q}_s`
(Kane and Levinson 1985, Ch. 5, "Energy Functions"). Both are checked in
the tests against the same forces projected on the partial velocities.
"""

import sympy as sm
import sympy.physics.mechanics as me

from ._checks import (as_expression, check_finite, check_speeds, qdot_map,
                      replace)
from .errors import CoordinateError, SpeedError

__all__ = ["rate_coefficients", "potential_forces", "dissipation_forces"]

t = me.dynamicsymbols._t


def rate_coefficients(kdes, speeds):
    r"""The matrix W of :math:`\dot{q}_s = \sum_r W_{sr} u_r + X_s`.

    Parameters
    ----------
    kdes : sequence or dict
        Kinematical differential equations (or ``{q': expression}``).
    speeds : sequence
        The generalized speeds.

    Returns
    -------
    (list, sympy.Matrix)
        The coordinates (in the order of the kdes) and W (one row per
        coordinate, one column per speed).

    Examples
    --------
    >>> import sympy.physics.mechanics as me
    >>> from mechlib.potential import rate_coefficients
    >>> q1, q2, u1, u2 = me.dynamicsymbols('q1, q2, u1, u2')
    >>> rate_coefficients([q1.diff() - u1, q2.diff() - u2 + u1], [u1, u2])
    ([q1(t), q2(t)], Matrix([
    [ 1, 0],
    [-1, 1]]))
    """
    speeds = check_speeds(speeds)
    qd = qdot_map(kdes, speeds)
    if not qd:
        raise CoordinateError(
            "no kinematical differential equations were given; pass kdes="
            "[q1' - u1, ...], one per coordinate")
    coordinates = [d.expr for d in qd]
    W = sm.Matrix(list(qd.values())).jacobian(list(speeds))
    return coordinates, W


def _scalar(expr, what):
    """A SymPy scalar from ``expr``; strings and other objects rejected."""
    expr = as_expression(
        expr, f"the {what} must be a SymPy expression, got "
        f"{type(expr).__name__} {expr!r}; build it from the system's symbols "
        "and dynamicsymbols (strings are not parsed)")
    return check_finite(expr, f"the {what}")


def potential_forces(V, speeds, kdes):
    r"""Contribution :math:`-\sum_s W_{sr}\,\partial V/\partial q_s` of a
    potential energy to :math:`F_r`.

    Parameters
    ----------
    V : sympy expression
        Potential energy, a function of the coordinates (and time).
    speeds : sequence
        The generalized speeds.
    kdes : sequence or dict
        Kinematical differential equations, one per coordinate.

    Returns
    -------
    sympy.Matrix
        ``n x 1``.

    Examples
    --------
    A pendulum of mass m and length l, angle q from the downward vertical:
    :math:`V = -m g l \cos q`.

    >>> import sympy as sm
    >>> import sympy.physics.mechanics as me
    >>> import mechlib as ml
    >>> m, g, l = sm.symbols('m, g, l')
    >>> q, u = me.dynamicsymbols('q, u')
    >>> ml.potential_forces(-m*g*l*sm.cos(q), [u], [q.diff() - u])
    Matrix([[-g*l*m*sin(q(t))]])
    """
    V = _scalar(V, "potential energy")
    coordinates, W = rate_coefficients(kdes, speeds)
    velocities = [f for f in me.find_dynamicsymbols(V)
                  if isinstance(f, sm.Derivative) or f in set(speeds)]
    if velocities:
        raise SpeedError(
            f"the potential energy depends on {velocities}; a potential "
            "energy is a function of the coordinates and time only (a "
            "velocity-dependent force belongs in a dissipation function or "
            "among the loads)")
    gradient = sm.Matrix([V.diff(q) for q in coordinates])
    return -(W.T * gradient)


def dissipation_forces(R, speeds, kdes):
    r"""Contribution :math:`-\sum_s W_{sr}\,\partial\mathcal{R}/\partial
    \dot{q}_s` of a dissipation function to :math:`F_r`.

    Parameters
    ----------
    R : sympy expression
        Dissipation function in the coordinates and their rates
        :math:`\dot{q}` (e.g. :math:`\tfrac12 c\dot{q}^2` for a linear
        damper).
    speeds, kdes
        As in :func:`potential_forces`.

    Returns
    -------
    sympy.Matrix
        ``n x 1``, with the rates replaced by speeds.

    Examples
    --------
    >>> import sympy as sm
    >>> import sympy.physics.mechanics as me
    >>> import mechlib as ml
    >>> c = sm.Symbol('c')
    >>> q, u = me.dynamicsymbols('q, u')
    >>> ml.dissipation_forces(c*q.diff()**2/2, [u], [q.diff() - u])
    Matrix([[-c*u(t)]])
    """
    R = _scalar(R, "dissipation function")
    coordinates, W = rate_coefficients(kdes, speeds)
    gradient = sm.Matrix([R.diff(q.diff(t)) for q in coordinates])
    return replace(-(W.T * gradient), qdot_map(kdes, speeds))
