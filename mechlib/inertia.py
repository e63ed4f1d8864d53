r"""Inertia forces, inertia torques and generalized inertia forces.

Kane and Levinson (1985, p. 124): in a Newtonian frame ``A``, a particle P of
mass m has the inertia force :math:`\bar{R}^* = -m\,{}^A\bar{a}^P`; a rigid
body B of mass m, mass center :math:`B_o` and central inertia dyadic
:math:`\breve{I}` has the inertia force :math:`\bar{R}^* = -m\,{}^A\bar{a}^{B_o}`
and the inertia torque

.. math::

   \bar{T}^* = -\left({}^A\bar{\alpha}^B \cdot \breve{I}
   + {}^A\bar{\omega}^B \times \breve{I} \cdot {}^A\bar{\omega}^B\right),

which for a body made of particles :math:`P_i` equals
:math:`-\sum_i m_i \bar{r}_i \times {}^A\bar{a}^{P_i}`, with
:math:`\bar{r}_i` from the mass center to :math:`P_i`. The r-th generalized
inertia force is

.. math::

   F_r^* = \sum_{\text{bodies}} {}^A\bar{v}^{B_o}_r \cdot \bar{R}^*
   + {}^A\bar{\omega}^B_r \cdot \bar{T}^*.

Accelerations are formed as time derivatives of the velocities after the
coordinate rates are replaced by speeds (when ``kdes`` are given), so the
results hold :math:`\dot{u}_r` and no :math:`\ddot{q}_r`.
"""

import sympy as sm
import sympy.physics.mechanics as me

from ._expressions import qdot_map, replace, vector_of
from ._fastvec import dot
from ._validation import (
    as_list,
    check_bodies,
    check_body,
    check_connected,
    check_frame,
    check_partials,
    check_point,
    frames_of,
)
from .errors import ArgumentTypeError, PositionNotDefinedError, ShapeError
from .kinematics import partial_velocity_map

__all__ = ["inertia_force", "inertia_torque", "inertia_torque_of_particles",
           "generalized_inertia_forces", "mass_matrix_and_remainder"]

t = me.dynamicsymbols._t


def _acceleration(point, frame, mapping):
    v = replace(vector_of(point, frame), mapping)
    return replace(v.dt(frame), mapping)


def _angular(body, frame, mapping):
    """Angular velocity and angular acceleration of a rigid body."""
    w = replace(vector_of(body.frame, frame), mapping)
    return w, replace(w.dt(frame), mapping)


def _minus_torque(w, alpha, inertia):
    r"""The one inertia-torque formula, negated:
    :math:`-\bar{T}^* = \bar{\alpha}\cdot\breve{I}
    + \bar{\omega}\times\breve{I}\cdot\bar{\omega}`."""
    try:
        return alpha.dot(inertia) + w.cross(inertia.dot(w))
    except ValueError:  # an inertia dyadic in a frame not connected to w's
        _refuse_unconnected(inertia, [w, alpha])
        raise


def _refuse_unconnected(inertia, vectors):
    """Raise ``FrameNotConnectedError`` if a frame of ``inertia`` has no
    chain of orientations to a frame of the ``vectors`` (which SymPy reports
    as a bare ``ValueError: No connecting orientation path``)."""
    for f in dict.fromkeys(f for v in vectors for f in frames_of(v)):
        check_connected(inertia, f)


def inertia_force(body, frame, kdes=None):
    r"""Inertia force :math:`\bar{R}^* = -m\,{}^A\bar{a}^{B_o}`.

    Parameters
    ----------
    body : Particle or RigidBody
        ``sympy.physics.mechanics`` particle or rigid body.
    frame : ReferenceFrame
        The Newtonian frame A.
    kdes : sequence or dict, optional
        Kinematical differential equations; coordinate rates are replaced by
        speeds before and after differentiating the velocity.

    Returns
    -------
    Vector

    Examples
    --------
    >>> import sympy as sm
    >>> import sympy.physics.mechanics as me
    >>> import mechlib as ml
    >>> ml.init_printing(pretty_print=False)
    >>> m, l = sm.symbols('m, l')
    >>> q, u = me.dynamicsymbols('q, u')
    >>> N, A = me.ReferenceFrame('N'), me.ReferenceFrame('A')
    >>> A.orient_axis(N, q, N.z)
    >>> O, P = me.Point('O'), me.Point('P')
    >>> O.set_vel(N, 0)
    >>> P.set_pos(O, l*A.x)
    >>> _ = P.v2pt_theory(O, N, A)
    >>> ml.inertia_force(me.Particle('P', P, m), N, kdes=[q.diff() - u])
    l*m*u**2*A.x - l*m*u'*A.y
    """
    check_body(body)
    check_frame(frame)
    mapping = qdot_map(kdes)
    return -body.mass * _acceleration(body.masscenter, frame, mapping)


def inertia_torque(body, frame, kdes=None):
    r"""Inertia torque of a rigid body, from its central inertia dyadic.

    :math:`\bar{T}^* = -({}^A\bar{\alpha}^B \cdot \breve{I} +
    {}^A\bar{\omega}^B \times \breve{I} \cdot {}^A\bar{\omega}^B)`; zero for
    a particle.

    Parameters
    ----------
    body : RigidBody or Particle
        The body; ``body.central_inertia`` is used.
    frame : ReferenceFrame
        The Newtonian frame A.
    kdes : sequence or dict, optional
        As in :func:`inertia_force`.

    Returns
    -------
    Vector

    Examples
    --------
    A body spinning about a principal axis that is tilted by a fixed angle:

    >>> import sympy as sm
    >>> import sympy.physics.mechanics as me
    >>> import mechlib as ml
    >>> ml.init_printing(pretty_print=False)
    >>> m, I1, I3 = sm.symbols('m, I1, I3')
    >>> u = me.dynamicsymbols('u')
    >>> N, B = me.ReferenceFrame('N'), me.ReferenceFrame('B')
    >>> B.set_ang_vel(N, u*B.z)
    >>> Bo = me.Point('Bo')
    >>> Bo.set_vel(N, 0)
    >>> body = me.RigidBody('B', Bo, B, m, (me.inertia(B, I1, I1, I3), Bo))
    >>> ml.inertia_torque(body, N)
    - I3*u'*B.z
    """
    check_body(body)
    check_frame(frame)
    if isinstance(body, me.Particle):
        return me.Vector(0)
    mapping = qdot_map(kdes)
    w, alpha = _angular(body, frame, mapping)
    return -_minus_torque(w, alpha, body.central_inertia)


def inertia_torque_of_particles(particles, center, frame, kdes=None):
    r"""Inertia torque of a set of particles about their mass center.

    :math:`\bar{T}^* = -\sum_i m_i\, \bar{r}_i \times {}^A\bar{a}^{P_i}`,
    with :math:`\bar{r}_i` the position of particle i from ``center``. For
    particles fixed in a rigid body this equals :func:`inertia_torque` of the
    body with the particles' central inertia dyadic.

    Parameters
    ----------
    particles : sequence of Particle
        The particles.
    center : Point
        Their mass center. A ``ValueError`` is raised if
        :math:`\sum_i m_i \bar{r}_i \neq 0`, because the formula holds about
        the mass center only.
    frame : ReferenceFrame
        The Newtonian frame A.
    kdes : sequence or dict, optional
        As in :func:`inertia_force`.

    Returns
    -------
    Vector

    Examples
    --------
    Two particles of mass m on a massless rod of length 2 d spinning about
    its center:

    >>> import sympy as sm
    >>> import sympy.physics.mechanics as me
    >>> import mechlib as ml
    >>> ml.init_printing(pretty_print=False)
    >>> m, d = sm.symbols('m, d')
    >>> q, u = me.dynamicsymbols('q, u')
    >>> N, B = me.ReferenceFrame('N'), me.ReferenceFrame('B')
    >>> B.orient_axis(N, q, N.z)
    >>> C = me.Point('C')
    >>> C.set_vel(N, 0)
    >>> P1, P2 = C.locatenew('P1', d*B.x), C.locatenew('P2', -d*B.x)
    >>> _ = P1.v2pt_theory(C, N, B), P2.v2pt_theory(C, N, B)
    >>> particles = [me.Particle('p1', P1, m), me.Particle('p2', P2, m)]
    >>> ml.inertia_torque_of_particles(particles, C, N, kdes=[q.diff() - u])
    - 2*d**2*m*u'*B.z
    """
    check_frame(frame)
    check_point(center, "center")
    particles = as_list(particles, "particles")
    if not particles:
        raise ShapeError("particles is empty; give at least one Particle")
    for i, p in enumerate(particles):
        if not isinstance(p, me.Particle):
            raise ArgumentTypeError(
                f"particles[{i}] must be a Particle, got {type(p).__name__}")
    mapping = qdot_map(kdes)
    first_moment = me.Vector(0)
    torque = me.Vector(0)
    for p in particles:
        try:
            r = p.masscenter.pos_from(center)
        except ValueError:
            raise PositionNotDefinedError(
                f"particle {p.name} is not located relative to {center.name};"
                f" set its position with {p.masscenter.name}.set_pos("
                f"{center.name}, r) (or through other points)") from None
        first_moment += p.mass * r
        torque -= p.mass * r.cross(_acceleration(p.masscenter, frame,
                                                 mapping))
    if first_moment != 0:
        try:
            numbers = first_moment.to_matrix(frame)
        except ValueError:  # frames not oriented relative to ``frame``
            numbers = first_moment.to_matrix(first_moment.args[0][1])
        off_center = any(sm.simplify(m) != 0 for m in numbers)
    else:
        off_center = False
    if off_center:
        raise ShapeError(
            f"{center.name} is not the mass center of the particles "
            f"(sum of m_i r_i = {first_moment}); the particle-sum form of the"
            " inertia torque holds about the mass center: pass the mass "
            "center as center")
    return torque


def generalized_inertia_forces(bodies, speeds, frame, kdes=None,
                               per_body=False, partials=None):
    r"""Generalized inertia forces :math:`F_r^*` of particles and rigid bodies.

    Parameters
    ----------
    bodies : sequence
        Particles and rigid bodies.
    speeds : sequence
        Generalized speeds (for a nonholonomic system all of them,
        ``[*independent, *dependent]``; reduce with
        ``mechlib.reduce_generalized_forces``).
    frame : ReferenceFrame
        The Newtonian frame.
    kdes : sequence or dict, optional
        Kinematical differential equations ``[q1' - u1, ...]``.
    per_body : bool, optional
        Return ``{body name: Matrix}`` instead of the sum.
    partials : dict, optional
        Partial velocities already computed, ``{mass center or frame:
        [v_1, ..., v_n]}`` (``mechlib.kinematics.partial_velocity_map``).

    Returns
    -------
    sympy.Matrix or dict
        ``n x 1``; entries are linear in the speeds' derivatives.

    Examples
    --------
    A particle on a rotating massless arm:

    >>> import sympy as sm
    >>> import sympy.physics.mechanics as me
    >>> import mechlib as ml
    >>> ml.init_printing(pretty_print=False)
    >>> m, l = sm.symbols('m, l')
    >>> q, u = me.dynamicsymbols('q, u')
    >>> N, A = me.ReferenceFrame('N'), me.ReferenceFrame('A')
    >>> A.orient_axis(N, q, N.z)
    >>> O = me.Point('O')
    >>> O.set_vel(N, 0)
    >>> P = O.locatenew('P', l*A.x)
    >>> _ = P.v2pt_theory(O, N, A)
    >>> ml.generalized_inertia_forces([me.Particle('P', P, m)], [u], N,
    ...                               kdes=[q.diff() - u])
    Matrix([[-l**2*m*u']])
    """
    check_frame(frame)
    bodies = check_bodies(bodies)
    mapping = qdot_map(kdes, speeds)
    partials = _partials_of(bodies, speeds, frame, mapping, partials)
    n = len(speeds)
    total = sm.zeros(n, 1)
    parts = {}
    for b in bodies:
        v = replace(vector_of(b.masscenter, frame), mapping)
        R = -b.mass * replace(v.dt(frame), mapping)
        v_r = partials[b.masscenter]
        column = sm.Matrix([dot(v_r[r], R) for r in range(n)])
        if isinstance(b, me.RigidBody):
            w, alpha = _angular(b, frame, mapping)
            T = -_minus_torque(w, alpha, b.central_inertia)
            w_r = partials[b.frame]
            column += sm.Matrix([dot(w_r[r], T) for r in range(n)])
        total += column
        if per_body:
            parts[b.name] = column
    return parts if per_body else total


def _partials_of(bodies, speeds, frame, mapping, partials):
    """Partial velocities of the mass centers and body frames: those in
    ``partials`` (checked), the missing ones computed."""
    partials = check_partials(
        partials, len(as_list(speeds, "speeds")) if speeds is not None
        else 0)
    items = []
    for b in bodies:
        items.append(b.masscenter)
        if isinstance(b, me.RigidBody):
            items.append(b.frame)
    missing = [x for x in items if x not in partials]
    partials.update(partial_velocity_map(missing, speeds, frame,
                                         kdes=mapping))
    return partials


def mass_matrix_and_remainder(bodies, speeds, frame, kdes=None,
                              partials=None):
    r"""Split :math:`F_r^*` into a mass matrix and a remainder.

    For speeds :math:`u_1 \ldots u_n` the acceleration of a mass center is
    :math:`\bar{a} = \sum_s \bar{v}_s \dot{u}_s + \bar{a}_0`, where
    :math:`\bar{a}_0` is the acceleration with every :math:`\dot{u}_s` set
    to zero (likewise for angular accelerations). Hence
    :math:`F_r^* = -\sum_s M_{rs}\dot{u}_s - g_r` with

    .. math::

       M_{rs} = \sum_{\text{bodies}} m\,\bar{v}_r\cdot\bar{v}_s
              + \bar{\omega}_r\cdot\breve{I}\cdot\bar{\omega}_s,
       \qquad
       g_r = -\sum_{\text{bodies}} \bar{v}_r\cdot\bar{R}^*_0
             + \bar{\omega}_r\cdot\bar{T}^*_0,

    where :math:`\bar{R}^*_0, \bar{T}^*_0` are the inertia force and torque
    with :math:`\dot{u} = 0`. :math:`M` is formed from the partial
    velocities (no differentiation of large expressions); it is symmetric,
    so only its upper triangle is formed.

    Parameters
    ----------
    bodies, speeds, frame, kdes, partials
        As in :func:`generalized_inertia_forces`.

    Returns
    -------
    (sympy.Matrix, sympy.Matrix)
        :math:`M` (``n x n``) and :math:`g` (``n x 1``).

    Examples
    --------
    A particle on a rotating massless arm:

    >>> import sympy as sm
    >>> import sympy.physics.mechanics as me
    >>> import mechlib as ml
    >>> m, l = sm.symbols('m, l')
    >>> q, u = me.dynamicsymbols('q, u')
    >>> N, A = me.ReferenceFrame('N'), me.ReferenceFrame('A')
    >>> A.orient_axis(N, q, N.z)
    >>> O = me.Point('O')
    >>> O.set_vel(N, 0)
    >>> P = O.locatenew('P', l*A.x)
    >>> _ = P.v2pt_theory(O, N, A)
    >>> ml.inertia.mass_matrix_and_remainder([me.Particle('P', P, m)], [u],
    ...                                      N, kdes=[q.diff() - u])
    (Matrix([[l**2*m]]), Matrix([[0]]))
    """
    check_frame(frame)
    return _mass_matrix_of_checked(check_bodies(bodies), speeds, frame, kdes, partials)


def _mass_matrix_of_checked(bodies, speeds, frame, kdes=None, partials=None):
    """:func:`mass_matrix_and_remainder` of ``bodies`` that
    :func:`mechlib._validation.check_bodies` has already checked (``kanes_equations``
    checks them first, before it forms anything; checking them again cost a
    2-link chain a quarter of its time)."""
    mapping = qdot_map(kdes, speeds)
    partials = _partials_of(bodies, speeds, frame, mapping, partials)
    n = len(speeds)
    udot_zero = {s.diff(t): 0 for s in speeds}
    M_terms = [[[] for _ in range(n)] for _ in range(n)]
    g_terms = [[] for _ in range(n)]

    def add(v_r, applied, scale, rest):
        """Terms of one body: v_r its partial (angular) velocities,
        applied[r] the inertia applied to v_r[r], times ``scale``, and rest
        the u'-free part of minus its inertia force (torque)."""
        for r in range(n):
            if v_r[r] == 0:
                continue
            g_terms[r].append(dot(rest, v_r[r]))
            for s in range(r, n):
                if v_r[s] != 0:
                    M_terms[r][s].append(scale * dot(applied[r], v_r[s]))

    for b in bodies:
        v = replace(vector_of(b.masscenter, frame), mapping)
        a0 = replace(v.dt(frame), mapping).xreplace(udot_zero)
        v_r = partials[b.masscenter]
        add(v_r, v_r, b.mass, b.mass * a0)
        if isinstance(b, me.RigidBody):
            w, alpha = _angular(b, frame, mapping)
            inertia = b.central_inertia
            w_r = partials[b.frame]
            # (I . w_r) . w_s, the operand order of KanesMethod
            try:
                applied = [inertia.dot(x) if x != 0 else x for x in w_r]
            except ValueError:  # an inertia dyadic in a frame not connected to w_r's
                _refuse_unconnected(inertia, w_r)
                raise
            add(w_r, applied, 1,
                _minus_torque(w, alpha.xreplace(udot_zero), inertia))
    M = sm.zeros(n, n)
    for r in range(n):
        for s in range(r, n):
            M[r, s] = M[s, r] = sm.Add(*M_terms[r][s])
    g = sm.Matrix([sm.Add(*terms) for terms in g_terms])
    return M, g
