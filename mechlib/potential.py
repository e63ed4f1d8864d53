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

from ._expressions import qdot_map, replace
from ._validation import as_expression, as_list, check_finite, check_speeds, is_time_function
from .errors import ArgumentTypeError, CoordinateError, SpeedError

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


def _unknown_functions(expr, coordinates, speeds, prescribed, what):
    """Raise when ``expr`` holds a function of time that is neither a
    coordinate of the kdes, a speed, nor listed as prescribed."""
    known = set(coordinates) | set(speeds) | set(prescribed)
    unknown = sorted((f for f in me.find_dynamicsymbols(expr)
                      if not isinstance(f, sm.Derivative) and f not in known),
                     key=str)
    if unknown:
        raise CoordinateError(
            f"the {what} depends on {unknown}, which have no kinematical "
            f"differential equation (the coordinates are {coordinates}): give "
            "one kde per coordinate it depends on, or, for a function of time "
            "prescribed by a law of its own (a force F(t)), pass "
            "prescribed=[...]")


def _prescribed(prescribed):
    prescribed = as_list(prescribed, "prescribed")
    for i, f in enumerate(prescribed):
        if not is_time_function(f) or isinstance(f, sm.Derivative):
            raise ArgumentTypeError(
                f"prescribed[{i}] = {f!r} is not a function of time; list "
                "prescribed functions as dynamicsymbols, e.g. [F]")
    return prescribed


def potential_forces(V, speeds, kdes, prescribed=()):
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
    prescribed : sequence, optional
        Functions of time in ``V`` that are not coordinates (a force
        magnitude F(t)): held fixed in the derivatives.

    Returns
    -------
    sympy.Matrix
        ``n x 1``.

    Raises
    ------
    SpeedError
        ``V`` depends on a speed or a coordinate rate.
    CoordinateError
        ``V`` depends on a function of time that has no kinematical
        differential equation and is not listed in ``prescribed`` (its
        derivative would be silently left out).

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
    prescribed = _prescribed(prescribed)
    coordinates, W = rate_coefficients(kdes, speeds)
    velocities = [f for f in me.find_dynamicsymbols(V)
                  if isinstance(f, sm.Derivative) or f in set(speeds)]
    if velocities:
        raise SpeedError(
            f"the potential energy depends on {velocities}; a potential "
            "energy is a function of the coordinates and time only (a "
            "velocity-dependent force belongs in a dissipation function or "
            "among the loads)")
    _unknown_functions(V, coordinates, speeds, prescribed, "potential energy")
    gradient = sm.Matrix([V.diff(q) for q in coordinates])
    return -(W.T * gradient)


def dissipation_forces(R, speeds, kdes, prescribed=()):
    r"""Contribution :math:`-\sum_s W_{sr}\,\partial\mathcal{R}/\partial
    \dot{q}_s` of a dissipation function to :math:`F_r`.

    Parameters
    ----------
    R : sympy expression
        Dissipation function in the coordinates and their rates
        :math:`\dot{q}` (e.g. :math:`\tfrac12 c\dot{q}^2` for a linear
        damper).
    speeds, kdes, prescribed
        As in :func:`potential_forces`.

    Returns
    -------
    sympy.Matrix
        ``n x 1``, with the rates replaced by speeds.

    Raises
    ------
    SpeedError
        ``R`` is written in the speeds instead of the rates q' (the
        derivative with respect to q' would miss it), or holds the rate of a
        function of time that is not a coordinate.
    CoordinateError
        ``R`` depends on a function of time that is neither a coordinate, a
        speed nor listed in ``prescribed``.

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
    prescribed = _prescribed(prescribed)
    coordinates, W = rate_coefficients(kdes, speeds)
    in_speeds = sorted((u for u in speeds if R.has(u)), key=str)
    if in_speeds:
        raise SpeedError(
            f"the dissipation function is written in the speeds {in_speeds}; "
            "write it in the coordinate rates q' (for example c*q1'**2/2, not "
            "c*u1**2/2): F_r comes from its derivatives with respect to the "
            "rates")
    rates = {q.diff(t) for q in coordinates} | {f.diff(t) for f in prescribed}
    stray = sorted((d for d in R.atoms(sm.Derivative)
                    if is_time_function(d) and d not in rates), key=str)
    if stray:
        raise SpeedError(
            f"the dissipation function holds {stray}, the rates of functions "
            f"that are not coordinates of the kdes {coordinates}; give one kde "
            "per coordinate whose rate it uses")
    _unknown_functions(R, coordinates, speeds, prescribed, "dissipation function")
    gradient = sm.Matrix([R.diff(q.diff(t)) for q in coordinates])
    return replace(-(W.T * gradient), qdot_map(kdes, speeds))
