r"""Generalized active forces, and a resultant plus a couple.

Kane and Levinson (1985, p. 99 and p. 106): the r-th holonomic generalized
active force in a frame ``A`` is the sum, over every force
:math:`\bar{R}_i` applied at a point :math:`P_i` and every torque
:math:`\bar{T}_j` applied to a frame :math:`B_j`, of its projection on the
matching partial velocity,

.. math::

   F_r = \sum_i {}^A\bar{v}^{P_i}_r \cdot \bar{R}_i
       + \sum_j {}^A\bar{\omega}^{B_j}_r \cdot \bar{T}_j .

For a rigid body whose loads are a resultant :math:`\bar{R}` through a point
Q of the body and a couple of torque :math:`\bar{T}` this is
:math:`(F_r)_B = {}^A\bar{v}^Q_r\cdot\bar{R} + {}^A\bar{\omega}^B_r\cdot\bar{T}`;
:func:`resultant_and_couple` makes that replacement.

Loads are SymPy's own: ``Force(point, vector)``, ``Torque(frame, vector)``,
plain ``(point, vector)`` / ``(frame, vector)`` tuples, and actuators, which
are expanded with their ``to_loads()`` method.
"""

import sympy as sm
import sympy.physics.mechanics as me

from ._expressions import qdot_map, replace
from ._fastvec import dcm, dot
from ._validation import as_list, check_bodies, check_finite, check_frame, check_partials
from .errors import ArgumentTypeError, LoadError, PositionNotDefinedError
from .kinematics import partial_velocity_map

__all__ = ["loads_of", "generalized_active_forces", "resultant_and_couple"]

t = me.dynamicsymbols._t


def loads_of(loads):
    """Expand actuators and tuples into a flat list of ``Force``/``Torque``.

    Parameters
    ----------
    loads : sequence
        ``Force``, ``Torque``, ``(Point or Particle, Vector)``,
        ``(ReferenceFrame, Vector)``, or objects with a ``to_loads()``
        method (SymPy's actuators).

    Returns
    -------
    list
        ``sympy.physics.mechanics.Force`` and ``Torque`` objects.

    Raises
    ------
    LoadError
        For anything else, e.g. a bare vector or a rigid body with a vector.

    Examples
    --------
    >>> import sympy as sm
    >>> import sympy.physics.mechanics as me
    >>> import mechlib as ml
    >>> N, A = me.ReferenceFrame('N'), me.ReferenceFrame('A')
    >>> k, q = sm.symbols('k'), me.dynamicsymbols('q')
    >>> spring = me.TorqueActuator(-k*q, N.z, A, N)
    >>> ml.active.loads_of([spring])
    [Torque(frame=A, torque=- k*q(t)*N.z), Torque(frame=N, torque=k*q(t)*N.z)]
    """
    out = []
    if _is_single_load(loads):
        loads = [loads]
    for i, load in enumerate(as_list(loads, "loads")):
        if isinstance(load, (me.Force, me.Torque)):
            check_finite(load.vector, f"loads[{i}]")
            out.append(load)
            continue
        if hasattr(load, "to_loads"):
            out.extend(loads_of(load.to_loads()))
            continue
        if isinstance(load, tuple) and len(load) == 2:
            location, vector = load
            if _is_zero(vector):
                vector = me.Vector(0)
            if not isinstance(vector, me.Vector):
                raise LoadError(
                    f"loads[{i}] = {load!r}: the second item must be a "
                    f"Vector, got {type(vector).__name__}; write e.g. "
                    "(P, -m*g*N.y)")
            check_finite(vector, f"loads[{i}]")
            if isinstance(location, me.Point):
                out.append(me.Force(location, vector))
                continue
            if isinstance(location, me.Particle):
                out.append(me.Force(location.masscenter, vector))
                continue
            if isinstance(location, me.ReferenceFrame):
                out.append(me.Torque(location, vector))
                continue
            if isinstance(location, me.RigidBody):
                raise LoadError(
                    f"loads[{i}] is applied to the rigid body "
                    f"{location.name}, which is ambiguous; write "
                    f"({location.name}.masscenter, force) for a force at its "
                    f"mass center or ({location.name}.frame, torque) for a "
                    "torque")
        raise LoadError(
            f"loads[{i}] = {load!r} is not a load; give me.Force(point, "
            "vector), me.Torque(frame, vector), a (point, vector) or "
            "(frame, vector) tuple, or an actuator with to_loads()")
    return out


def _is_single_load(item):
    """One Force, Torque, actuator or (location, Vector) pair, not a list."""
    if isinstance(item, (me.Force, me.Torque)) or hasattr(item, "to_loads"):
        return True
    return (isinstance(item, tuple) and len(item) == 2
            and isinstance(item[0], (me.Point, me.Particle, me.ReferenceFrame,
                                     me.RigidBody))
            and (isinstance(item[1], me.Vector) or _is_zero(item[1])))


def _is_zero(value):
    """True for the number zero (a load written as 0); False for anything
    else, a NumPy array included (whose ``== 0`` is an array, not a truth)."""
    return isinstance(value, (int, float, sm.Basic)) and value == 0


def _fixed_in(point, body):
    """Is ``point`` fixed in rigid body ``body``?"""
    try:
        r = point.pos_from(body.masscenter).express(body.frame)
    except ValueError:
        return False
    for m in r.to_matrix(body.frame):
        if m.has(t) and sm.simplify(m.diff(t)) != 0:
            return False
    return True


def _owner(load, bodies):
    """Name of the body a load acts on, or of its point or frame."""
    if isinstance(load, me.Force):
        point = load.point
        for b in bodies:
            if point == b.masscenter:
                return b.name
        for b in bodies:
            if isinstance(b, me.RigidBody) and _fixed_in(point, b):
                return b.name
        return point.name
    for b in bodies:
        if isinstance(b, me.RigidBody) and b.frame == load.frame:
            return b.name
    return load.frame.name


def generalized_active_forces(loads, speeds, frame, kdes=None, bodies=None,
                              per_body=False, prescribed=(), partials=None):
    r"""Generalized active forces :math:`F_r` from loads.

    Parameters
    ----------
    loads : sequence or a single load
        Forces at points, torques on frames, tuples or actuators (see
        :func:`loads_of`). Noncontributing forces may be included; they drop
        out. Loads may act at any point or on any frame whose velocity in
        ``frame`` is defined, massless ones included (a damper torque
        between two link frames, a force at a moving contact point).
    speeds : sequence
        Generalized speeds :math:`u_1, \ldots, u_n` (``dynamicsymbols``).
        For a nonholonomic system pass all of them, ``[*independent,
        *dependent]``, and reduce the result with
        ``mechlib.reduce_generalized_forces``.
    frame : ReferenceFrame
        The (Newtonian) frame the partial velocities are taken in.
    kdes : sequence or dict, optional
        Kinematical differential equations ``[q1' - u1, ...]``; coordinate
        rates in velocities and in the loads (dampers) are replaced by speeds.
    bodies : sequence, optional
        Particles and rigid bodies of the system; with ``per_body``, a load
        at a body's mass center, at a point fixed in a rigid body, or on its
        frame is counted under that body's name (any other load under the
        name of its point or frame).
    per_body : bool, optional
        Return the contribution of each body (or, without ``bodies``, of
        each point and frame loaded) instead of the sum.
    prescribed : sequence, optional
        As in ``mechlib.partial_velocities``.
    partials : dict, optional
        Partial velocities already computed, ``{point or frame: [v_1, ...,
        v_n]}`` (``mechlib.kinematics.partial_velocity_map``); the loaded
        points and frames missing from it are computed.

    Returns
    -------
    sympy.Matrix or dict
        :math:`F_r` as an ``n x 1`` Matrix, or ``{name: Matrix}`` when
        ``per_body`` is true.

    Raises
    ------
    LoadError
        For something that is not a load.
    VelocityNotDefinedError
        For a load at a point (on a frame) whose velocity (angular velocity)
        in ``frame`` is not defined: its partial velocities do not exist.

    Examples
    --------
    The double pendulum of particles with absolute angles. The rod tensions
    :math:`T_1, T_2` are noncontributing: they drop out.

    >>> import sympy as sm
    >>> import sympy.physics.mechanics as me
    >>> import mechlib as ml
    >>> ml.init_printing(pretty_print=False)
    >>> l, m1, m2, g = sm.symbols('l, m1, m2, g')
    >>> q1, q2, u1, u2, T1, T2 = me.dynamicsymbols('q1, q2, u1, u2, T1, T2')
    >>> N, A, B = [me.ReferenceFrame(n) for n in 'NAB']
    >>> A.orient_axis(N, q1, N.z)
    >>> B.orient_axis(N, q2, N.z)
    >>> O, P1, P2 = me.Point('O'), me.Point('P1'), me.Point('P2')
    >>> O.set_vel(N, 0)
    >>> P1.set_pos(O, -l*A.y)
    >>> P2.set_pos(P1, -l*B.y)
    >>> _ = P1.v2pt_theory(O, N, A), P2.v2pt_theory(P1, N, B)
    >>> loads = [(P1, -m1*g*N.y + T1*A.y - T2*B.y), (P2, -m2*g*N.y + T2*B.y)]
    >>> kdes = [q1.diff() - u1, q2.diff() - u2]
    >>> Fr = ml.generalized_active_forces(loads, [u1, u2], N, kdes=kdes)
    >>> Fr.has(T1, T2)
    False
    >>> sm.expand(sm.trigsimp(Fr))
    Matrix([
    [-g*l*m1*sin(q1) - g*l*m2*sin(q1)],
    [                 -g*l*m2*sin(q2)]])
    """
    check_frame(frame)
    flat = loads_of(loads)
    mapping = qdot_map(kdes, as_list(speeds, "speeds") if speeds is not None else None)
    owners = None
    if bodies is not None:
        bodies = check_bodies(bodies)
        owners = [_owner(load, bodies) for load in flat]
    partials = check_partials(
        partials, len(as_list(speeds, "speeds")) if speeds is not None
        else 0)
    missing = [load.location for load in flat
               if load.location not in partials]
    partials.update(partial_velocity_map(missing, speeds, frame, kdes=mapping,
                                         prescribed=prescribed))
    n = len(speeds)
    total = sm.zeros(n, 1)
    parts = {}
    for k, load in enumerate(flat):
        vector = replace(load.vector, mapping)
        v_r = partials[load.location]
        column = sm.Matrix([dot(v_r[r], vector) if v_r[r] != 0 else 0
                            for r in range(n)])
        total += column
        if per_body:
            key = owners[k] if owners else load.location.name
            parts[key] = parts.get(key, sm.zeros(n, 1)) + column
    if per_body:
        return parts
    return total


def resultant_and_couple(forces, point):
    r"""Replace a set of forces by a resultant at ``point`` and a couple.

    For forces :math:`\bar{F}_i` applied at points :math:`P_i` (and torques
    :math:`\bar{T}_j` of couples) the resultant is
    :math:`\bar{R} = \sum_i \bar{F}_i` and the torque of the couple is
    :math:`\bar{T} = \sum_i \bar{r}^{P_i/P} \times \bar{F}_i + \sum_j
    \bar{T}_j`, the moment of the set about ``point``. The pair has the same
    resultant and the same moment about every point as the set.

    Parameters
    ----------
    forces : sequence or a single load
        Loads as in :func:`loads_of`: forces at points, and torques
        (couples), whose frames do not matter here.
    point : Point
        Where the resultant acts; every loaded point must be located
        relative to it.

    Returns
    -------
    (Vector, Vector)
        The resultant :math:`\bar{R}` and the couple's torque :math:`\bar{T}`.

    Examples
    --------
    Two opposite forces a distance d apart are a pure couple:

    >>> import sympy as sm
    >>> import sympy.physics.mechanics as me
    >>> import mechlib as ml
    >>> F, d = sm.symbols('F, d')
    >>> N = me.ReferenceFrame('N')
    >>> P, Q, C = me.Point('P'), me.Point('Q'), me.Point('C')
    >>> P.set_pos(C, d/2*N.y)
    >>> Q.set_pos(C, -d/2*N.y)
    >>> ml.resultant_and_couple([(P, F*N.x), (Q, -F*N.x)], C)
    (0, - F*d*N.z)
    """
    if not isinstance(point, me.Point):
        raise ArgumentTypeError(
            f"point must be a sympy.physics.mechanics Point, got "
            f"{type(point).__name__}; give the point the resultant acts at")
    R = me.Vector(0)
    T = me.Vector(0)
    for load in loads_of(forces):
        if isinstance(load, me.Torque):
            T += load.torque
            continue
        try:
            r = load.point.pos_from(point)
        except ValueError:
            raise PositionNotDefinedError(
                f"point {load.point.name} is not located relative to point "
                f"{point.name}; set its position with {load.point.name}."
                f"set_pos({point.name}, r) (or through other points)"
            ) from None
        R += load.force
        try:
            T += r.cross(load.force)
        except ValueError:  # frames with no chain of orientations
            for _, f1 in r.args:
                for _, f2 in load.force.args:
                    dcm(f1, f2)  # raises FrameNotConnectedError
            raise
    return R, T
