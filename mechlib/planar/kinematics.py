r"""Kinematics of planar bodies in absolute coordinates.

The rotation matrix :math:`[A(\phi)]` and its derivative :math:`[B(\phi)]`,
the position, velocity and acceleration of a point fixed in a body, and the
partial derivatives of the absolute coordinates' rates with respect to
generalized speeds (:func:`absolute_partial_velocities`).

Examples
--------
>>> from mechlib.planar import kinematics
>>> kinematics.point_position([1.0, 2.0, 0.0], [0.5, 0.0])
array([1.5, 2. ])
"""

from __future__ import annotations

import sympy as sm
import sympy.physics.mechanics as me

from .._expressions import qdot_map
from .._numpy import numpy as np
from .._validation import as_list, check_speeds
from ..errors import NonFiniteValueError, NonlinearSpeedError, ShapeError
from .backend import backend

__all__ = [
    "rotation_matrix",
    "rotation_matrix_derivative",
    "point_position",
    "point_velocity",
    "point_acceleration",
    "absolute_partial_velocities",
]


def rotate(be, phi, sx, sy):
    """Components of :math:`[A(\\phi)]\\{s'\\}` (a helper of the package)."""
    c, s = be.cos(phi), be.sin(phi)
    return c * sx - s * sy, s * sx + c * sy


def rotate_derivative(be, phi, sx, sy):
    """Components of :math:`[B(\\phi)]\\{s'\\}`, :math:`[A]\\{s'\\}` turned by
    +90 degrees (a helper of the package)."""
    c, s = be.cos(phi), be.sin(phi)
    return -s * sx - c * sy, c * sx - s * sy


def _matrix(be, rows):
    if be.symbolic:
        return sm.Matrix(rows)
    return np.stack([np.stack(row, axis=-1) for row in rows], axis=-2)


def rotation_matrix(phi):
    r"""Rotation matrix :math:`[A(\phi)]` from body-fixed to global components.

    Parameters
    ----------
    phi : float, array or SymPy expression
        Angle from the global x axis to the body-fixed xi axis.

    Returns
    -------
    SymPy Matrix (2 x 2) or NumPy array (..., 2, 2)

    Examples
    --------
    >>> import sympy as sm
    >>> from mechlib import planar
    >>> phi = sm.symbols('phi')
    >>> planar.rotation_matrix(phi)
    Matrix([
    [cos(phi), -sin(phi)],
    [sin(phi),  cos(phi)]])
    >>> planar.rotation_matrix([0.0, 1.0]).shape
    (2, 2, 2)
    """
    be = backend(phi)
    phi = be.scalar(phi, "phi")
    c, s = be.cos(phi), be.sin(phi)
    return _matrix(be, [[c, -s], [s, c]])


def rotation_matrix_derivative(phi):
    r"""Derivative :math:`[B(\phi)] = d[A]/d\phi` of the rotation matrix.

    :math:`[B]\{s'\}` is the global vector :math:`[A]\{s'\}` turned by +90
    degrees, so :math:`([B]\{s'\})^T\{F\}` is the moment of :math:`\{F\}`
    about the body's origin, and :math:`d[B]/d\phi = -[A]`.

    Examples
    --------
    >>> import sympy as sm
    >>> from mechlib import planar
    >>> phi = sm.symbols('phi')
    >>> planar.rotation_matrix_derivative(phi)
    Matrix([
    [-sin(phi), -cos(phi)],
    [ cos(phi), -sin(phi)]])
    >>> B = planar.rotation_matrix_derivative(phi)
    >>> B == planar.rotation_matrix(phi).diff(phi)
    True
    """
    be = backend(phi)
    phi = be.scalar(phi, "phi")
    c, s = be.cos(phi), be.sin(phi)
    return _matrix(be, [[-s, -c], [c, -s]])


def point_position(q, s_local):
    r"""Global position :math:`\{r\} + [A]\{s'\}` of a point fixed in a body.

    Parameters
    ----------
    q : sequence of 3
        The body's coordinates ``[x, y, phi]``.
    s_local : sequence of 2
        The point's body-fixed coordinates :math:`\{s'\}`.

    Examples
    --------
    >>> import numpy as np
    >>> from mechlib import planar
    >>> planar.point_position([1.0, 2.0, np.pi / 2], [0.5, 0.0]).round(12)
    array([1. , 2.5])
    """
    be = backend(q, s_local)
    x, y, phi = be.vector(q, 3, "q")
    sx, sy = be.vector(s_local, 2, "s_local")
    ax, ay = rotate(be, phi, sx, sy)
    return be.pack([x + ax, y + ay])


def point_velocity(q, qd, s_local):
    r"""Global velocity :math:`\{\dot r\} + \dot\phi[B]\{s'\}` of a body point.

    Examples
    --------
    >>> from mechlib import planar
    >>> planar.point_velocity([0.0, 0.0, 0.0], [0.0, 0.0, 2.0], [0.5, 0.0])
    array([0., 1.])
    """
    be = backend(q, qd, s_local)
    _, _, phi = be.vector(q, 3, "q")
    xd, yd, phid = be.vector(qd, 3, "qd")
    sx, sy = be.vector(s_local, 2, "s_local")
    bx, by = rotate_derivative(be, phi, sx, sy)
    return be.pack([xd + phid * bx, yd + phid * by])


def point_acceleration(q, qd, qdd, s_local):
    r"""Global acceleration of a point fixed in a body.

    .. math::
        \{\ddot r^P\} = \{\ddot r\} + \ddot\phi[B]\{s'\}
                        - \dot\phi^2[A]\{s'\}

    Examples
    --------
    >>> from mechlib import planar
    >>> planar.point_acceleration([0, 0, 0], [0, 0, 2.0], [0, 0, 0],
    ...                           [0.5, 0.0])
    array([-2.,  0.])
    """
    be = backend(q, qd, qdd, s_local)
    _, _, phi = be.vector(q, 3, "q")
    _, _, phid = be.vector(qd, 3, "qd")
    xdd, ydd, phidd = be.vector(qdd, 3, "qdd")
    sx, sy = be.vector(s_local, 2, "s_local")
    ax, ay = rotate(be, phi, sx, sy)
    bx, by = rotate_derivative(be, phi, sx, sy)
    return be.pack([xdd + phidd * bx - phid**2 * ax,
                    ydd + phidd * by - phid**2 * ay])


def _coordinate_list(coordinates):
    """The absolute coordinates as SymPy expressions, checked."""
    coordinates = as_list(coordinates, "coordinates")
    if not coordinates:
        raise ShapeError(
            "coordinates is empty; give the absolute coordinates "
            "[x_1, y_1, phi_1, ...] of the bodies as expressions in the "
            "generalized coordinates")
    out = []
    for k, c in enumerate(coordinates):
        if c is None:
            raise NonFiniteValueError(
                f"coordinate {k} is None; give an expression in the "
                "generalized coordinates (0 for a fixed one)")
        try:
            expr = sm.sympify(c, strict=True)
        except (sm.SympifyError, TypeError, ValueError) as exc:
            raise ShapeError(
                f"coordinate {k} must be a SymPy expression, got {c!r} "
                "(strings are not parsed)") from exc
        if not isinstance(expr, sm.Expr):
            raise ShapeError(
                f"coordinate {k} must be a scalar expression, got {c!r}; "
                "give a flat list [x_1, y_1, phi_1, ...]")
        if expr.has(sm.S.NaN, sm.S.Infinity, sm.S.NegativeInfinity,
                    sm.S.ComplexInfinity):
            raise NonFiniteValueError(
                f"coordinate {k} is {expr}, not finite; give an expression "
                "in the generalized coordinates")
        out.append(expr)
    return out


def absolute_partial_velocities(coordinates, speeds, kdes=None):
    r"""Partial derivatives :math:`\partial\dot q_k/\partial u_r`.

    Parameters
    ----------
    coordinates : sequence of SymPy expressions
        The absolute coordinates ``[x_1, y_1, phi_1, x_2, ...]`` of the
        bodies as functions of the generalized coordinates
        (``dynamicsymbols``).
    speeds : sequence of dynamicsymbols
        The generalized speeds :math:`u_1 \dots u_n`.
    kdes : list of ``q' - f(u)`` (or Eq), dict ``{q': f(u)}`` or None
        How the q' depend on the speeds; None when the speeds are the q'
        themselves (``speeds=[q1.diff(), ...]``).

    Returns
    -------
    SymPy Matrix, shape (len(coordinates), len(speeds))
        Column r holds the "partial velocities" of the absolute coordinates.

    Raises
    ------
    SpeedError
        If a speed is not a function of time or is repeated.
    NonlinearSpeedError
        If a coordinate rate is not linear in the speeds.
    ShapeError
        If a coordinate rate is left that ``kdes`` does not express, or the
        arguments are empty.

    Examples
    --------
    >>> import sympy.physics.mechanics as me
    >>> from mechlib import planar
    >>> q, u = me.dynamicsymbols('q u')
    >>> planar.absolute_partial_velocities([2*q, 0, q], [u], [q.diff() - u])
    Matrix([
    [2],
    [0],
    [1]])
    """
    t = me.dynamicsymbols._t
    coordinates = _coordinate_list(coordinates)
    speeds = check_speeds(speeds)
    if not speeds:
        raise ShapeError("speeds is empty; give the generalized speeds "
                         "[u1, u2, ...]")
    qdots = qdot_map(kdes, speeds)
    rates = sm.Matrix([sm.diff(c, t) for c in coordinates]).xreplace(qdots)
    J = rates.jacobian(speeds)
    if J.has(*speeds):
        bad = [coordinates[k] for k in range(J.rows) if J[k, :].has(*speeds)]
        raise NonlinearSpeedError(
            f"the rates of {bad} are not linear in the speeds {speeds}; "
            "check kdes (every q' must be given in terms of the speeds)")
    left = sorted(set(rates.atoms(sm.Derivative)) - set(speeds),
                  key=sm.default_sort_key)
    if left:
        raise ShapeError(
            f"the rates still contain {left}; give kdes that express these "
            "derivatives in terms of the speeds (one kinematical "
            "differential equation per generalized coordinate)")
    return J
