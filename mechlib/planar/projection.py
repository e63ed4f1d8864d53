r"""Absolute coordinates to generalized speeds: :math:`\{F\} = [J]^T\{Q\}`.

Examples
--------
>>> import sympy.physics.mechanics as me
>>> from mechlib.planar import projection
>>> q, u = me.dynamicsymbols('q u')
>>> projection.project_onto_speeds([[1, 0, 2]], [q, 0, q], [u],
...                                {q.diff(): u})
Matrix([[3]])
"""

from __future__ import annotations

import sympy as sm

from .._numpy import numpy as np
from .._validation import NOT_FINITE, as_list
from ..errors import NonFiniteValueError, ShapeError
from .kinematics import absolute_partial_velocities

__all__ = ["project_onto_speeds"]



def _flat_components(Q):
    """The generalized forces as one flat list of SymPy scalars."""
    if isinstance(Q, np.ndarray):
        Q = Q.tolist()
    flat = []
    for item in as_list(Q, "Q"):
        if isinstance(item, np.ndarray):
            item = item.tolist()
        if isinstance(item, (sm.MatrixBase, list, tuple)):
            flat.extend(_flat_components(item) if item else [])
        else:
            flat.append(item)
    return flat


def project_onto_speeds(Q, coordinates, speeds, kdes=None):
    r"""Generalized active forces :math:`\{F\} = [J]^T\{Q\}` of the speeds.

    .. math::
        F_r = \sum_k Q_k\,\frac{\partial\dot q_k}{\partial u_r}

    Projects generalized forces in absolute coordinates onto generalized
    speeds: the result equals the :math:`F_r` of the partial-velocity route
    (Kane and Levinson 1985, p. 99) because :math:`\sum_k Q_k\,\delta q_k`
    is the virtual work of the loads.

    Parameters
    ----------
    Q : sequence
        Generalized forces in the order of ``coordinates``: either one
        3-vector per body or a flat sequence.
    coordinates, speeds, kdes
        As for :func:`~mechlib.planar.kinematics.absolute_partial_velocities`.

    Returns
    -------
    SymPy Matrix, shape (len(speeds), 1)

    Raises
    ------
    ShapeError
        If ``Q`` and ``coordinates`` have different lengths.
    NonFiniteValueError
        If ``Q`` holds NaN, an infinity or ``None``.

    Examples
    --------
    A pendulum bar of length 2 pinned at the ground origin (phi is its
    generalized coordinate, u = phi'); its weight m g acts at its centre,
    the body origin:

    >>> import sympy as sm
    >>> import sympy.physics.mechanics as me
    >>> from mechlib import planar
    >>> phi, u = me.dynamicsymbols('phi u')
    >>> m, g = sm.symbols('m g')
    >>> coords = [sm.cos(phi), sm.sin(phi), phi]
    >>> Q = planar.point_force([0, -m*g], [0, 0], phi)
    >>> planar.project_onto_speeds(Q, coords, [u], [phi.diff() - u])
    Matrix([[-g*m*cos(phi(t))]])
    """
    flat = []
    for k, item in enumerate(_flat_components(Q)):
        if item is None:
            raise NonFiniteValueError(
                f"component {k} of Q is None; give a number or an "
                "expression for every generalized force component")
        try:
            expr = sm.sympify(item, strict=True)
        except (sm.SympifyError, TypeError, ValueError) as exc:
            raise ShapeError(
                f"component {k} of Q must be a number or an expression, got "
                f"{item!r}") from exc
        if expr.has(*NOT_FINITE):
            raise NonFiniteValueError(
                f"component {k} of Q is {expr}, not finite; give finite "
                "generalized forces")
        flat.append(expr)
    coordinates = as_list(coordinates, "coordinates")
    if len(flat) != len(coordinates):
        raise ShapeError(
            f"Q has {len(flat)} components but there are "
            f"{len(coordinates)} coordinates; give them in the same order")
    J = absolute_partial_velocities(coordinates, speeds, kdes)
    return J.T * sm.Matrix(flat)
