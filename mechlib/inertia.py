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

from ._checks import as_list, check_frame, qdot_map, replace, vector_of
from .errors import ShapeError
from .kinematics import _prepare

__all__ = ["inertia_force", "inertia_torque", "inertia_torque_of_particles",
           "generalized_inertia_forces"]


def _check_body(body, what="body"):
    if not isinstance(body, (me.Particle, me.RigidBody)):
        raise TypeError(
            f"{what} must be a sympy.physics.mechanics Particle or RigidBody, "
            f"got {type(body).__name__} {body!r}")
    return body


def _acceleration(point, frame, mapping):
    v = replace(vector_of(point, frame), mapping)
    return replace(v.dt(frame), mapping)


def _angular(body_frame, frame, mapping):
    w = replace(vector_of(body_frame, frame), mapping)
    return w, replace(w.dt(frame), mapping)


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
    _check_body(body)
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
    _check_body(body)
    check_frame(frame)
    if isinstance(body, me.Particle):
        return me.Vector(0)
    mapping = qdot_map(kdes)
    w, alpha = _angular(body.frame, frame, mapping)
    inertia = body.central_inertia
    return -(alpha.dot(inertia) + w.cross(inertia.dot(w)))


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
    particles = as_list(particles, "particles")
    if not particles:
        raise ShapeError("particles is empty; give at least one Particle")
    for i, p in enumerate(particles):
        if not isinstance(p, me.Particle):
            raise TypeError(
                f"particles[{i}] must be a Particle, got {type(p).__name__}")
    mapping = qdot_map(kdes)
    first_moment = me.Vector(0)
    torque = me.Vector(0)
    for p in particles:
        try:
            r = p.masscenter.pos_from(center)
        except ValueError:
            raise ValueError(
                f"particle {p.name} is not located relative to {center.name};"
                f" set its position with set_pos") from None
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
        raise ValueError(
            f"{center.name} is not the mass center of the particles "
            f"(sum of m_i r_i = {first_moment}); the particle-sum form of the"
            " inertia torque holds about the mass center: pass the mass "
            "center as center")
    return torque


def generalized_inertia_forces(bodies, speeds, frame, kdes=None,
                               per_body=False):
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
    bodies = as_list(bodies, "bodies")
    for i, b in enumerate(bodies):
        _check_body(b, f"bodies[{i}]")
    mapping = qdot_map(kdes, speeds)
    items = []
    for b in bodies:
        items.append(b.masscenter)
        if isinstance(b, me.RigidBody):
            items.append(b.frame)
    vecs, speeds, _ = _prepare(items, speeds, frame, mapping, (),
                               what="bodies")
    partials = me.partial_velocity(vecs, speeds, frame)
    n = len(speeds)
    total = sm.zeros(n, 1)
    parts = {}
    k = 0
    for b in bodies:
        v_r = partials[k]
        R = -b.mass * replace(vecs[k].dt(frame), mapping)
        k += 1
        column = sm.Matrix([v_r[r].dot(R) for r in range(n)])
        if isinstance(b, me.RigidBody):
            w_r = partials[k]
            w = vecs[k]
            alpha = replace(w.dt(frame), mapping)
            inertia = b.central_inertia
            T = -(alpha.dot(inertia) + w.cross(inertia.dot(w)))
            k += 1
            column += sm.Matrix([w_r[r].dot(T) for r in range(n)])
        total += column
        if per_body:
            parts[b.name] = column
    return parts if per_body else total
