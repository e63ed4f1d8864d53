r"""Equations of motion of a planar system from its absolute-coordinate loads.

A planar program evaluates the generalized forces :math:`\{Q\}` of its loads
numerically, in absolute coordinates, at every time step.  When the
absolute coordinates :math:`\{q\}` (three per body, origins at the mass
centres) are functions of generalized coordinates, their rates are
:math:`\{\dot q\} = [J]\{u\} + \{b\}` and their accelerations
:math:`\{\ddot q\} = [J]\{\dot u\} + \{\ddot q\}_t`.  Projecting the
generalized forces and the inertia forces with :math:`[J]` gives Kane's
equations :math:`F_r + F_r^* = 0`:

.. math::
    [J]^T[M][J]\,\{\dot u\} = [J]^T\left(\{Q\} - [M]\{\ddot q\}_t\right),
    \qquad [M] = \mathrm{diag}(m_1, m_1, I_1, m_2, \dots).

:func:`rhs` builds the right-hand side :math:`\dot x = f(t, x)`,
:math:`x = [q_1 \dots q_n, u_1 \dots u_n]`, and :func:`simulate` integrates
it with ``scipy.integrate.solve_ivp``, as :func:`mechlib.simulation.simulate` does
for the equations of :func:`mechlib.kane.kanes_equations`.

Examples
--------
>>> from mechlib.planar import simulation
>>> callable(simulation.rhs)
True
"""

from __future__ import annotations

import sympy as sm
import sympy.physics.mechanics as me

from .._expressions import qdot_map
from .._numeric import MAX_EVALUATIONS, finite_array, integrate, numeric_values, refuse_state_keys
from .._numpy import numpy as np
from .._validation import as_expression, as_list, check_speeds
from ..errors import (
    CoordinateError,
    MissingValueError,
    NonFiniteValueError,
    ShapeError,
    SingularMassMatrixError,
)
from .kinematics import absolute_partial_velocities

__all__ = ["rhs", "simulate"]


def _mass_diagonal(masses, bodies):
    masses = as_list(masses, "masses")
    if len(masses) != bodies:
        raise ShapeError(
            f"masses has {len(masses)} entries for {bodies} bodies; give one "
            "(mass, moment of inertia about the mass centre) per body")
    diagonal = []
    for k, pair in enumerate(masses):
        m, inertia = finite_array(pair, f"masses[{k}]", (2,))
        if not (m > 0 and inertia > 0):
            raise SingularMassMatrixError(
                f"body {k} has mass {m} and moment of inertia {inertia}; "
                "both must be positive (a massless body has no absolute "
                "coordinates of its own: leave it out)")
        diagonal += [m, m, inertia]
    return np.array(diagonal)


def rhs(coordinates, q, u, kdes, masses, forces, constants=None):
    r"""A numerical right-hand side ``f(t, x)`` of a planar system.

    Parameters
    ----------
    coordinates : sequence of SymPy expressions
        The absolute coordinates ``[x_1, y_1, phi_1, x_2, ...]`` of the
        bodies' mass centres and angles, as functions of ``q``.
    q, u : sequence of dynamicsymbols
        Generalized coordinates and speeds; the state is ``[*q, *u]``.
    kdes : list or dict
        Kinematical differential equations, one per coordinate (as for
        :func:`~mechlib.planar.kinematics.absolute_partial_velocities`).
    masses : sequence of (float, float)
        Mass and moment of inertia about the mass centre of each body.
    forces : callable ``(t, q_abs, qd_abs)``
        The generalized forces of all loads, with ``q_abs`` and ``qd_abs``
        the absolute coordinates and their rates, arrays of shape
        ``(bodies, 3)``; returns one 3-vector per body (or a flat array).
        Build it from :mod:`mechlib.planar`'s loads and elements.
    constants : dict, optional
        A number for every other symbol in ``coordinates`` and ``kdes``.

    Returns
    -------
    callable
        ``f(t, x) -> numpy.ndarray``, with ``x = [*q, *u]``; its attribute
        ``state`` lists the state's symbols.

    Raises
    ------
    MissingValueError
        If a symbol of ``coordinates`` or ``kdes`` has no value.
    SingularMassMatrixError
        If :math:`[J]^T[M][J]` is singular at a state.

    Examples
    --------
    A bar of length 2 and mass 1 pinned at one end, under gravity:

    >>> import numpy as np
    >>> import sympy as sm
    >>> import sympy.physics.mechanics as me
    >>> from mechlib import planar
    >>> q, u = me.dynamicsymbols('q u')
    >>> bar = [sm.cos(q), sm.sin(q), q]
    >>> def weight(t, q_abs, qd_abs):
    ...     return [planar.point_force([0.0, -9.81], [0.0, 0.0], q_abs[0, 2])]
    >>> f = planar.rhs(bar, [q], [u], [q.diff() - u], [(1.0, 1 / 3)], weight)
    >>> f(0.0, [0.0, 0.0]).round(4)  # [q', u'] = [u, -3 g / (2 L)]
    array([ 0.    , -7.3575])
    """
    t = me.dynamicsymbols._t
    coordinates = [as_expression(c, f"coordinates[{k}] = {c!r:.40} is not a SymPy "
                                 "expression (strings are not parsed)")
                   for k, c in enumerate(as_list(coordinates, "coordinates"))]
    if not coordinates or len(coordinates) % 3:
        raise ShapeError(
            f"coordinates has {len(coordinates)} entries; give three per "
            "body, [x_1, y_1, phi_1, x_2, ...]")
    bodies = len(coordinates) // 3
    q = as_list(q, "q")
    u = check_speeds(u, "u")
    if len(q) != len(u) or len(set(q)) != len(q):
        raise CoordinateError(
            f"q {q} and u {u} must be as many, each coordinate once")
    if not callable(forces):
        raise ShapeError(
            f"forces must be a function (t, q_abs, qd_abs) returning the "
            f"generalized forces, got {forces!r}")
    mass = _mass_diagonal(masses, bodies)
    constants = numeric_values(dict(constants or {}))
    refuse_state_keys([*q, *u], constants, "constants")
    qdots = qdot_map(kdes, u)
    J = absolute_partial_velocities(coordinates, u, qdots)
    rates = sm.Matrix([c.diff(t) for c in coordinates]).xreplace(qdots)
    udots = {s.diff(t): 0 for s in u}
    qdd_rest = rates.diff(t).xreplace({**udots, **qdots})
    qdot = sm.Matrix([qdots.get(s.diff(t), sm.nan) for s in q])
    if qdot.has(sm.nan):
        raise ShapeError(f"kdes must give a rate for every coordinate {q}")
    exprs = [sm.Matrix(coordinates), rates, J, qdd_rest, qdot]
    q_syms = [sm.Dummy(str(s).replace("(t)", "")) for s in q]
    u_syms = [sm.Dummy(str(s).replace("(t)", "")) for s in u]
    tsym = sm.Dummy("t")
    mapping = dict(zip(q, q_syms, strict=True))
    mapping.update(zip(u, u_syms, strict=True))
    mapping.update({k: sm.Float(v) for k, v in constants.items()})
    exprs = [e.xreplace(mapping).xreplace({t: tsym}) for e in exprs]
    left = set().union(*(e.free_symbols for e in exprs))
    left -= {tsym, *q_syms, *u_syms}
    stray = set().union(*(me.find_dynamicsymbols(e) for e in exprs))
    if left or stray:
        missing = sorted(map(str, left | stray))
        raise MissingValueError(
            f"no value for {missing}; give constants={{symbol: number}} "
            "for every constant, and q and u that hold every function of "
            "time in the coordinates")
    numbers = sm.lambdify((tsym, q_syms, u_syms), exprs, cse=True,
                          modules="numpy")
    n = len(q)

    def f(time, x):
        x = finite_array(x, "the state", (2 * n,))
        values = numbers(time, x[:n], x[n:])
        coords_t, rates_t, J_t, rest_t, qdot_t = (
            np.asarray(v, dtype=float) for v in values)
        Q = np.asarray(forces(time, coords_t.reshape(bodies, 3),
                              rates_t.reshape(bodies, 3)), dtype=float)
        Q = Q.ravel()
        if Q.shape != (3 * bodies,):
            raise ShapeError(
                f"forces returned {Q.size} components; give 3 per body "
                f"({3 * bodies})")
        if not np.all(np.isfinite(Q)):
            raise NonFiniteValueError(
                f"forces returned non-finite values {Q} at t = {time}")
        MJ = mass[:, None] * J_t
        try:
            udot = np.linalg.solve(J_t.T @ MJ,
                                   J_t.T @ (Q - mass * rest_t.ravel()))
        except np.linalg.LinAlgError:
            raise SingularMassMatrixError(
                f"J^T M J is singular at t = {time}, x = {list(x)}: the "
                "speeds do not move the bodies independently there (a "
                "singular configuration); choose other coordinates"
            ) from None
        return np.concatenate([qdot_t.ravel(), udot])

    f.state = [*q, *u]
    return f


def simulate(f, x0, t_span, t_eval=None, max_evaluations=MAX_EVALUATIONS,
             **solve_ivp_kwargs):
    r"""Integrate a right-hand side from :func:`rhs` with ``solve_ivp``.

    Parameters
    ----------
    f : callable
        From :func:`rhs`.
    x0 : sequence of float
        Initial state ``[*q, *u]``.
    t_span : (float, float)
        Start and end time.
    t_eval : array_like, optional
        Times to report the solution at.
    max_evaluations, **solve_ivp_kwargs
        As in :func:`mechlib.simulation.simulate` (the same checks of the
        time span, ``t_eval`` and ``method``, the same bound on the work).

    Returns
    -------
    scipy.integrate OdeResult
        ``.t`` and ``.y`` (one row per state).

    Examples
    --------
    >>> import numpy as np
    >>> import sympy as sm
    >>> import sympy.physics.mechanics as me
    >>> from mechlib import planar
    >>> q, u = me.dynamicsymbols('q u')
    >>> def weight(t, q_abs, qd_abs):
    ...     return [planar.point_force([0.0, -9.81], [0.0, 0.0], q_abs[0, 2])]
    >>> f = planar.rhs([sm.cos(q), sm.sin(q), q], [q], [u], [q.diff() - u],
    ...                [(1.0, 1 / 3)], weight)
    >>> sol = planar.simulate(f, [0.0, 0.0], (0.0, 1.0),
    ...                       t_eval=np.linspace(0, 1, 5))
    >>> sol.y.shape
    (2, 5)
    """
    state = getattr(f, "state", None)
    if not callable(f) or state is None:
        raise ShapeError(
            f"f must be the right-hand side made by planar.rhs, got {f!r}")
    x0 = finite_array(x0, "x0")
    if x0.shape != (len(state),):
        raise ShapeError(
            f"x0 has shape {x0.shape}; give {len(state)} initial values "
            f"ordered {[str(s).replace('(t)', '') for s in state]}")
    return integrate(f, x0, t_span, t_eval, max_evaluations, **solve_ivp_kwargs)
