r"""Partial velocities, the remainder term, and a table of them.

Kane and Levinson (1985, p. 45): in a reference frame ``A``, every velocity
and angular velocity of a holonomic system with generalized speeds
:math:`u_1, \ldots, u_n` is linear in the speeds,

.. math::

   {}^A\bar{v}^P = \sum_{r=1}^n {}^A\bar{v}^P_r u_r + {}^A\bar{v}^P_t, \qquad
   {}^A\bar{\omega}^B = \sum_{r=1}^n {}^A\bar{\omega}^B_r u_r
   + {}^A\bar{\omega}^B_t,

and the partial velocities :math:`\bar{v}_r = \partial\bar{v}/\partial u_r`
are the coefficients; the remainder :math:`\bar{v}_t` is the part that no
speed multiplies. :func:`partial_velocities` computes the coefficients with
``sympy.physics.mechanics.partial_velocity`` after checking that the input
makes the definition apply: speeds are functions of time and not repeated,
every vector is linear in them, and no coordinate rate :math:`\dot{q}` is left
that should have been replaced by speeds.

Speed ordering: partial velocities are returned in the order the speeds are
given. For a nonholonomic system give ``[*independent, *dependent]``, the
ordering every mechlib function uses (see :mod:`mechlib.nonholonomic`).
"""

import sympy.physics.mechanics as me

from ._expressions import prepare_vectors, qdot_map, replace
from ._validation import as_list, check_finite
from .errors import ArgumentTypeError

__all__ = ["partial_velocities", "partial_velocity_map", "remainder",
           "replace_qdots"]


def partial_velocities(vectors, speeds, frame, kdes=None, prescribed=()):
    r"""Partial velocities of vectors, points or frames for given speeds.

    Parameters
    ----------
    vectors : sequence
        Each item is a ``Vector`` (a velocity or angular velocity), a
        ``Point`` (its velocity in ``frame`` is used), a ``ReferenceFrame``
        (its angular velocity in ``frame``) or a ``Particle``.
    speeds : sequence
        The generalized speeds :math:`u_1, \ldots, u_n`, made with
        ``dynamicsymbols``. Time derivatives of coordinates are accepted as
        speeds too (:math:`u_r = \dot{q}_r`).
    frame : ReferenceFrame
        The frame the velocities are observed from (A in :math:`{}^A\bar{v}`).
    kdes : sequence or dict, optional
        Kinematical differential equations, ``[q1' - u1, ...]`` (each equal
        to zero) as ``KanesMethod`` takes them, or a dict ``{q1': u1, ...}``.
        Coordinate rates in the vectors are replaced by speeds through them.
    prescribed : sequence, optional
        Functions of time whose rates may stay in the vectors (they belong to
        the remainder term), e.g. a prescribed motion of a support.

    Returns
    -------
    list of list of Vector
        ``result[i][r]`` is the partial velocity of ``vectors[i]`` with
        respect to ``speeds[r]``.

    Raises
    ------
    SpeedError
        If a speed is not a function of time or is repeated, or a vector
        holds a coordinate rate that is not a speed.
    NonlinearSpeedError
        If a vector is not linear in the speeds.
    VelocityNotDefinedError
        If a point's velocity (frame's angular velocity) in ``frame`` is
        unknown.

    Examples
    --------
    A rod R pinned at A; A slides along :math:`\hat{n}_x` (:math:`q_1`), R
    turns about :math:`\hat{n}_z` (:math:`q_2`); B is the other end.

    >>> import sympy as sm
    >>> import sympy.physics.mechanics as me
    >>> import mechlib as ml
    >>> L = sm.symbols('L')
    >>> q1, q2, u1, u2 = me.dynamicsymbols('q1, q2, u1, u2')
    >>> N, R = me.ReferenceFrame('N'), me.ReferenceFrame('R')
    >>> R.orient_axis(N, q2, N.z)
    >>> A, B = me.Point('A'), me.Point('B')
    >>> A.set_vel(N, u1*N.x)
    >>> B.set_pos(A, -L*R.x)
    >>> _ = B.v2pt_theory(A, N, R)
    >>> ml.partial_velocities([A, B, R], [u1, u2], N, kdes=[q2.diff() - u2])
    [[N.x, 0], [N.x, - L*R.y], [0, N.z]]
    """
    vecs, speeds, _ = prepare_vectors(vectors, speeds, frame, kdes, prescribed)
    return me.partial_velocity(vecs, speeds, frame)


def partial_velocity_map(items, speeds, frame, kdes=None, prescribed=()):
    r"""Partial velocities of points and frames, keyed by the item.

    The same as :func:`partial_velocities`, returned as a dict so that the
    generalized active and inertia forces of one system can share one
    computation (see ``mechlib.kane``). Repeated items are computed once.

    Returns
    -------
    dict
        ``{item: [v_1, ..., v_n]}``.

    Examples
    --------
    >>> import sympy.physics.mechanics as me
    >>> import mechlib as ml
    >>> u1 = me.dynamicsymbols('u1')
    >>> N, P = me.ReferenceFrame('N'), me.Point('P')
    >>> P.set_vel(N, u1*N.x)
    >>> ml.kinematics.partial_velocity_map([P, P], [u1], N)
    {P: [N.x]}
    """
    unique = list(dict.fromkeys(as_list(items, "items")))
    return dict(zip(unique, partial_velocities(unique, speeds, frame,
                                               kdes=kdes,
                                               prescribed=prescribed), strict=True))


def remainder(vector, speeds, frame, kdes=None, prescribed=()):
    r"""The remainder term: the part of a velocity no speed multiplies.

    :math:`\bar{v}_t = \bar{v} - \sum_r \bar{v}_r u_r`, i.e. the velocity
    with every speed set to zero (the velocity is linear in the speeds).

    Parameters
    ----------
    vector : Vector, Point or ReferenceFrame
        As one item of ``vectors`` in :func:`partial_velocities`.
    speeds, frame, kdes, prescribed
        As in :func:`partial_velocities`.

    Returns
    -------
    Vector

    Examples
    --------
    A point P on a disc that turns (:math:`u_1`) about a support whose
    position :math:`s(t)` along :math:`\hat{n}_x` is prescribed:

    >>> import sympy as sm
    >>> import sympy.physics.mechanics as me
    >>> import mechlib as ml
    >>> ml.init_printing(pretty_print=False)
    >>> r = sm.symbols('r')
    >>> q1, u1, s = me.dynamicsymbols('q1, u1, s')
    >>> N, D = me.ReferenceFrame('N'), me.ReferenceFrame('D')
    >>> D.orient_axis(N, q1, N.z)
    >>> D.set_ang_vel(N, u1*N.z)
    >>> O, P = me.Point('O'), me.Point('P')
    >>> O.set_vel(N, s.diff()*N.x)
    >>> P.set_pos(O, r*D.x)
    >>> _ = P.v2pt_theory(O, N, D)
    >>> ml.remainder(P, [u1], N, prescribed=[s])
    s'*N.x
    """
    vecs, speeds, _ = prepare_vectors([vector], speeds, frame, kdes, prescribed,
                               what="vector")
    return vecs[0].xreplace(dict.fromkeys(speeds, 0))


def replace_qdots(expr, kdes):
    r"""Replace coordinate rates :math:`\dot{q}` by speeds, using the kdes.

    Parameters
    ----------
    expr : expression, Vector, Dyadic, Matrix, or list of them
        Where to replace.
    kdes : sequence or dict
        Kinematical differential equations ``[q1' - u1, ...]`` (each equal to
        zero, linear in the rates, as ``KanesMethod`` takes them), or a dict
        ``{q1': u1, ...}``.

    Returns
    -------
    Same type as ``expr``: an expression, Vector, Dyadic or Matrix, or a
    list (tuple) of them; a number is returned as it is. A string is
    refused (``ArgumentTypeError``): it is not parsed.

    Notes
    -----
    Only the first derivatives :math:`\dot{q}` are replaced, deliberately:
    an acceleration keeps its :math:`\ddot{q}`, which the book's chapters
    show as such. Replace them too by differentiating the kdes, e.g.
    ``{q1.diff(t, 2): u1.diff(t)}`` for :math:`\dot{q}_1 = u_1`.

    Examples
    --------
    >>> import sympy.physics.mechanics as me
    >>> import mechlib as ml
    >>> ml.init_printing(pretty_print=False)
    >>> q1, q2, u1, u2 = me.dynamicsymbols('q1, q2, u1, u2')
    >>> N = me.ReferenceFrame('N')
    >>> ml.replace_qdots(q1.diff()*N.x + q2.diff()*N.y,
    ...                  [q1.diff() - u1, q2.diff() - u1 - u2])
    u1*N.x + (u1 + u2)*N.y
    """
    if isinstance(expr, (str, bytes)) or expr is None:
        raise ArgumentTypeError(
            f"expr = {expr!r} is not a SymPy expression, Vector, Dyadic or "
            "Matrix (strings are not parsed)")
    return check_finite(replace(expr, qdot_map(kdes)), "expr")
