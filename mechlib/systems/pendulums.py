"""Open chains: pendulums, rods, a slider with a rod and a bead, 3D chains."""

import numbers

import sympy as sm
import sympy.physics.mechanics as me

from .._validation import as_list, finite_float
from ..errors import ArgumentTypeError, ParameterError, ShapeError
from ._example import Example, build_system, takes_no_arguments

#: What a builder of no arguments says when it is given some.
_NO_ARGUMENTS = ("its constants are symbols, given later; for n links build "
                 "ml.systems.n_link_pendulum(n) or ml.systems.rigid_chain(n)")

__all__ = ["double_pendulum", "two_rods", "slider_rod_bead", "n_link_pendulum",
           "rigid_chain", "MAX_LINKS"]


#: The most links :func:`n_link_pendulum` and :func:`rigid_chain` build: the
#: equations of more would take hours to form (n = 12 takes seconds, and the
#: time grows about as n**4).
MAX_LINKS = 100


def _link_count(n):
    """``n`` if it is a whole number of links from 1 to :data:`MAX_LINKS`."""
    if isinstance(n, bool) or not isinstance(n, numbers.Integral):
        raise ArgumentTypeError(
            f"n must be a whole number of links, got {type(n).__name__} {n!r}")
    if not 1 <= n <= MAX_LINKS:
        raise ParameterError(
            f"n = {n} links; give 1 to {MAX_LINKS} (forming the equations of "
            "more would take hours)")
    return int(n)


@takes_no_arguments(_NO_ARGUMENTS)
def double_pendulum():
    r"""Double pendulum of two particles, with absolute angles.

    Particles :math:`P_1, P_2` of masses :math:`m_1, m_2` hang on massless
    rods of length l from the fixed point O. :math:`q_1, q_2` are the angles
    of the rods (frames A and B) from the downward vertical
    :math:`-\hat{n}_y`, both measured from N about :math:`\hat{n}_z`;
    :math:`u_r = \dot{q}_r`. Gravity :math:`-g\hat{n}_y` acts on both
    particles (its generalized active forces are an exercise of the book).

    Returns
    -------
    Example
        Names: ``m1 m2 l g q1 q2 u1 u2 N A B O P1 P2`` (points) and
        ``p1 p2`` (the particles).

    Examples
    --------
    >>> import mechlib as ml
    >>> ex = ml.systems.double_pendulum()
    >>> ex.system.q.T
    Matrix([[q1(t), q2(t)]])
    """
    m1, m2, l, g = sm.symbols("m1, m2, l, g")
    q1, q2, u1, u2 = me.dynamicsymbols("q1, q2, u1, u2")
    N, A, B = me.ReferenceFrame("N"), me.ReferenceFrame("A"), \
        me.ReferenceFrame("B")
    A.orient_axis(N, q1, N.z)
    B.orient_axis(N, q2, N.z)
    A.set_ang_vel(N, u1 * N.z)
    B.set_ang_vel(N, u2 * N.z)
    O = me.Point("O")
    O.set_vel(N, 0)
    P1 = O.locatenew("P1", -l * A.y)
    P2 = P1.locatenew("P2", -l * B.y)
    P1.v2pt_theory(O, N, A)
    P2.v2pt_theory(P1, N, B)
    p1, p2 = me.Particle("p1", P1, m1), me.Particle("p2", P2, m2)
    loads = [me.Force(P1, -m1 * g * N.y), me.Force(P2, -m2 * g * N.y)]
    system = build_system(N, O, [q1, q2], [u1, u2],
                     [q1.diff() - u1, q2.diff() - u2], [p1, p2], loads)
    return Example("double pendulum", system, dict(
        m1=m1, m2=m2, l=l, g=g, q1=q1, q2=q2, u1=u1, u2=u2, N=N, A=A, B=B,
        O=O, P1=P1, P2=P2, p1=p1, p2=p2))




@takes_no_arguments(_NO_ARGUMENTS)
def two_rods():
    r"""Two uniform rods with torsional springs and gravity.

    Rod A (mass m, length l) is pinned at the fixed point O and turns about
    :math:`\hat{n}_z` through :math:`q_1`; its mass center :math:`A_o` is at
    :math:`\tfrac{l}{2}\hat{a}_x`. Rod B (mass m, length l, along
    :math:`\hat{b}_y`) is pinned at its mass center :math:`B_o`, the end
    :math:`l\hat{a}_x` of A, and turns relative to A about :math:`\hat{a}_x`
    through :math:`q_2`. :math:`u_r = \dot{q}_r`. Linear torsional springs
    of stiffness k and zero free angle resist each relative rotation:
    :math:`\bar{T}_A = -k q_1\hat{n}_z + k q_2\hat{a}_x`,
    :math:`\bar{T}_B = -k q_2\hat{a}_x`. Gravity :math:`m g\hat{n}_x` acts at
    both mass centers. Central inertia of each rod: :math:`m l^2/12` about
    the two axes normal to it.

    Returns
    -------
    Example
        Names: ``m g k l q1 q2 u1 u2 N A B O Ao Bo`` and ``rod_A rod_B``.

    Examples
    --------
    >>> import mechlib as ml
    >>> ex = ml.systems.two_rods()
    >>> [b.name for b in ex.bodies]
    ['rod_A', 'rod_B']
    """
    m, g, k, l = sm.symbols("m, g, k, l")
    q1, q2, u1, u2 = me.dynamicsymbols("q1, q2, u1, u2")
    N, A, B = me.ReferenceFrame("N"), me.ReferenceFrame("A"), \
        me.ReferenceFrame("B")
    A.orient_axis(N, q1, N.z)
    B.orient_axis(A, q2, A.x)
    A.set_ang_vel(N, u1 * N.z)
    B.set_ang_vel(A, u2 * A.x)
    O = me.Point("O")
    O.set_vel(N, 0)
    Ao = O.locatenew("A_o", l / 2 * A.x)
    Bo = O.locatenew("B_o", l * A.x)
    Ao.v2pt_theory(O, N, A)
    Bo.v2pt_theory(O, N, A)
    I = m * l**2 / 12
    rod_A = me.RigidBody("rod_A", Ao, A, m, (me.inertia(A, 0, I, I), Ao))
    rod_B = me.RigidBody("rod_B", Bo, B, m, (me.inertia(B, I, 0, I), Bo))
    loads = [me.Force(Ao, m * g * N.x), me.Force(Bo, m * g * N.x),
             me.Torque(A, -k * q1 * N.z + k * q2 * A.x),
             me.Torque(B, -k * q2 * A.x)]
    system = build_system(N, O, [q1, q2], [u1, u2],
                     [q1.diff() - u1, q2.diff() - u2], [rod_A, rod_B], loads)
    return Example("two rods", system, dict(
        m=m, g=g, k=k, l=l, q1=q1, q2=q2, u1=u1, u2=u2, N=N, A=A, B=B, O=O,
        Ao=Ao, Bo=Bo, rod_A=rod_A, rod_B=rod_B))




@takes_no_arguments(_NO_ARGUMENTS)
def slider_rod_bead():
    r"""A slider on a rail, a rod hinged to it and a bead on the rod (3 DoF).

    The system has two particles :math:`P_{ab}` and :math:`P_c`, a rigid body
    B, the weights of B and :math:`P_c`, a specified force F and torque T, a
    translational spring k and damper c acting on :math:`P_{ab}` along
    :math:`\hat{n}_x`, and a rotational spring :math:`k_T` on B through
    :math:`q_3`. This function realizes that list as follows
    (:math:`\hat{n}_y` up, gravity :math:`-g\hat{n}_y`):

    * :math:`P_{ab}` (mass :math:`m_a`) is a slider on a smooth horizontal
      rail through O; :math:`q_1` is its displacement along :math:`\hat{n}_x`.
      A spring k (zero at :math:`q_1 = 0`) and a damper c tie it to the
      wall, and the specified force :math:`F(t)\hat{n}_x` pushes it:
      :math:`\bar{R}_{P_{ab}} = (F - k q_1 - c\dot{q}_1)\hat{n}_x`. Its
      weight and the rail's normal force are noncontributing.
    * B is a uniform rod (mass :math:`m_b`, length :math:`l_b`, central
      moment of inertia :math:`I_b` about the axes normal to it) hinged to
      the slider at :math:`P_{ab}`; :math:`q_3` is its angle from the
      downward vertical about :math:`\hat{n}_z`, so its mass center is
      :math:`b_o = P_{ab} - \tfrac{l_b}{2}\hat{b}_y`. A motor on the slider
      applies the specified torque :math:`T(t)\hat{n}_z` to B and a
      rotational spring :math:`k_T` at the hinge applies
      :math:`-k_T q_3\hat{n}_z` (both with reactions on the slider, which
      does not rotate, so the reactions do not contribute). Its weight acts
      at :math:`b_o`.
    * :math:`P_c` (mass :math:`m_c`) is a bead sliding without friction
      along B; :math:`q_2` is its distance from the hinge,
      :math:`P_c = P_{ab} - q_2\hat{b}_y`. Its weight contributes; the
      smooth contact force of the rod does not.

    :math:`u_r = \dot{q}_r`; the damper is written with :math:`\dot{q}_1`,
    so the kinematical differential equations are needed to form
    :math:`F_r`. The torques are ``TorqueActuator`` objects.

    Returns
    -------
    Example
        Names: ``m_a m_b m_c I_b l_b g k c k_T F T q1 q2 q3 u1 u2 u3 N B O
        P_ab P_c b_o``, the bodies ``slider bead rod`` and the actuators
        ``motor torsion_spring``.

    Examples
    --------
    >>> import mechlib as ml
    >>> ex = ml.systems.slider_rod_bead()
    >>> [b.name for b in ex.bodies]
    ['P_ab', 'P_c', 'B']
    """
    m_a, m_b, m_c, I_b, l_b, g, k, c, k_T = sm.symbols(
        "m_a, m_b, m_c, I_b, l_b, g, k, c, k_T")
    F, T = me.dynamicsymbols("F, T")
    q1, q2, q3, u1, u2, u3 = me.dynamicsymbols("q1, q2, q3, u1, u2, u3")
    N, B = me.ReferenceFrame("N"), me.ReferenceFrame("B")
    B.orient_axis(N, q3, N.z)
    B.set_ang_vel(N, u3 * N.z)
    O = me.Point("O")
    O.set_vel(N, 0)
    P_ab = O.locatenew("P_ab", q1 * N.x)
    P_ab.set_vel(N, u1 * N.x)
    b_o = P_ab.locatenew("b_o", -l_b / 2 * B.y)
    b_o.v2pt_theory(P_ab, N, B)
    P_c = P_ab.locatenew("P_c", -q2 * B.y)
    P_c.set_vel(B, -u2 * B.y)
    P_c.v1pt_theory(P_ab, N, B)
    slider = me.Particle("P_ab", P_ab, m_a)
    bead = me.Particle("P_c", P_c, m_c)
    rod = me.RigidBody("B", b_o, B, m_b, (me.inertia(B, I_b, 0, I_b), b_o))
    loads = [me.Force(P_ab, (F - k * q1 - c * q1.diff()) * N.x),
             me.Force(P_ab, -m_a * g * N.y),
             me.Force(P_c, -m_c * g * N.y),
             me.Force(b_o, -m_b * g * N.y)]
    motor = me.TorqueActuator(T, N.z, B, N)
    torsion_spring = me.TorqueActuator(-k_T * q3, N.z, B, N)
    system = build_system(N, O, [q1, q2, q3], [u1, u2, u3],
                     [q1.diff() - u1, q2.diff() - u2, q3.diff() - u3],
                     [slider, bead, rod], loads, [motor, torsion_spring])
    return Example("slider, rod and bead", system, dict(
        m_a=m_a, m_b=m_b, m_c=m_c, I_b=I_b, l_b=l_b, g=g, k=k, c=c, k_T=k_T,
        F=F, T=T, q1=q1, q2=q2, q3=q3, u1=u1, u2=u2, u3=u3, N=N, B=B, O=O,
        P_ab=P_ab, P_c=P_c, b_o=b_o, slider=slider, bead=bead, rod=rod,
        motor=motor, torsion_spring=torsion_spring))




def n_link_pendulum(n):
    r"""Planar pendulum of n particles on massless links, relative angles.

    Particle :math:`P_i` (mass :math:`m_i`) is at the end of link i (length
    :math:`l_i`, frame :math:`B_i`); :math:`P_0 = O` is fixed. :math:`q_1`
    is the angle of link 1 from the downward vertical and :math:`q_i`
    (i > 1) the angle of link i relative to link i - 1, all about
    :math:`\hat{n}_z`; :math:`u_i = \dot{q}_i`. Gravity :math:`-g\hat{n}_y`.

    Parameters
    ----------
    n : int
        Number of links, at least 1.

    Returns
    -------
    Example
        Names: ``g N O``, and for each i: ``q{i} u{i} m{i} l{i} B{i} P{i}``
        and the particle ``p{i}``.

    Examples
    --------
    >>> import mechlib as ml
    >>> len(ml.systems.n_link_pendulum(3).bodies)
    3
    """
    n = _link_count(n)
    q = me.dynamicsymbols(f"q1:{n + 1}")
    u = me.dynamicsymbols(f"u1:{n + 1}")
    m = sm.symbols(f"m1:{n + 1}")
    l = sm.symbols(f"l1:{n + 1}")
    g = sm.symbols("g")
    N = me.ReferenceFrame("N")
    O = me.Point("O")
    O.set_vel(N, 0)
    names = dict(g=g, N=N, O=O)
    parent, previous = N, O
    bodies, loads = [], []
    for i in range(n):
        Bi = me.ReferenceFrame(f"B{i + 1}")
        Bi.orient_axis(parent, q[i], parent.z)
        Bi.set_ang_vel(parent, u[i] * parent.z)
        Pi = previous.locatenew(f"P{i + 1}", -l[i] * Bi.y)
        Pi.v2pt_theory(previous, N, Bi)
        pi = me.Particle(f"p{i + 1}", Pi, m[i])
        bodies.append(pi)
        loads.append(me.Force(Pi, -m[i] * g * N.y))
        names.update({f"q{i + 1}": q[i], f"u{i + 1}": u[i],
                      f"m{i + 1}": m[i], f"l{i + 1}": l[i],
                      f"B{i + 1}": Bi, f"P{i + 1}": Pi, f"p{i + 1}": pi})
        parent, previous = Bi, Pi
    system = build_system(N, O, q, u, [qi.diff() - ui for qi, ui in zip(q, u, strict=True)],
                     bodies, loads)
    return Example(f"{n}-link pendulum", system, names)


_AXES = {"x": (1, 0, 0), "y": (0, 1, 0), "z": (0, 0, 1)}




def rigid_chain(n, axes=None, springs=False, kinds=None):
    r"""A 3D chain of n links joined by revolute joints.

    Link i (frame :math:`B_i`, mass m, length l along :math:`\hat{b}_{ix}`,
    central moments of inertia :math:`I_a` about its axis and :math:`I_t`
    about the two normal axes) is hinged at :math:`J_i` to the end of link
    i - 1 (link 1 to the fixed point O) and turns relative to it through
    :math:`q_i` about the unit vector along ``axes[i-1]``, given in the
    parent's frame. Mass centers :math:`G_i = J_i + \tfrac{l}{2}\hat{b}_{ix}`,
    :math:`J_{i+1} = J_i + l\hat{b}_{ix}`; :math:`u_i = \dot{q}_i`. Gravity
    :math:`-g\hat{n}_y`; with ``springs``, a torsional spring k at each
    joint (a ``TorqueActuator``).

    Parameters
    ----------
    n : int
        Number of links, at least 1.
    axes : sequence, optional
        n joint axes, each ``'x'``, ``'y'``, ``'z'`` or a 3-tuple of numbers
        (not all zero; measure numbers in the parent frame). Default:
        ``'z', 'x', 'y', 'z', ...``.
    springs : bool, optional
        Add torsional springs.
    kinds : sequence of str, optional
        n entries, each ``'body'`` (a uniform rigid link, the default) or
        ``'particle'`` (a massless link with a particle at its end).

    Returns
    -------
    Example
        Names: ``m l I_a I_t g k N O`` and for each i ``q{i} u{i} B{i} J{i}
        G{i} link{i}`` (a rigid link) or ``q{i} u{i} B{i} J{i} p{i}`` (a
        particle).

    Examples
    --------
    >>> import mechlib as ml
    >>> ex = ml.systems.rigid_chain(2, axes=['z', (1, 1, 0)])
    >>> ex.B2.ang_vel_in(ex.B1)
    sqrt(2)*u2(t)/2*B1.x + sqrt(2)*u2(t)/2*B1.y
    >>> [type(b).__name__ for b in ml.systems.rigid_chain(
    ...     2, kinds=['particle', 'body']).bodies]
    ['Particle', 'RigidBody']
    """
    n = _link_count(n)
    if axes is None:
        axes = ["zxy"[i % 3] for i in range(n)]
    if isinstance(axes, str):
        if set(axes) - set(_AXES):
            raise ShapeError(
                f"axes = {axes!r}: a string gives one axis letter per link, each "
                "'x', 'y' or 'z' (e.g. 'zx' for two links); or give a list of "
                "letters and 3-tuples")
        axes = list(axes)
    axes = as_list(axes, "axes")
    if len(axes) != n:
        raise ShapeError(
            f"{len(axes)} joint axes for {n} links; give one axis per link")
    kinds = ["body"] * n if kinds is None else as_list(kinds, "kinds")
    if len(kinds) != n or set(kinds) - {"body", "particle"}:
        raise ShapeError(
            f"kinds = {kinds!r}; give one entry per link ({n}), each 'body' "
            "or 'particle'")
    q = me.dynamicsymbols(f"q1:{n + 1}")
    u = me.dynamicsymbols(f"u1:{n + 1}")
    m, l, I_a, I_t, g, k = sm.symbols("m, l, I_a, I_t, g, k")
    N = me.ReferenceFrame("N")
    O = me.Point("O")
    O.set_vel(N, 0)
    names = dict(m=m, l=l, I_a=I_a, I_t=I_t, g=g, k=k, N=N, O=O)
    parent, joint = N, O
    bodies, loads, actuators = [], [], []
    for i, (axis, kind) in enumerate(zip(axes, kinds, strict=True)):
        components = _AXES.get(axis, axis) if isinstance(axis, str) else axis
        if isinstance(axis, str) and axis not in _AXES:
            raise ShapeError(f"axes[{i}] = {axis!r}; use 'x', 'y', 'z' or a "
                             "3-tuple")
        components = as_list(components, f"axes[{i}]")
        for j, c in enumerate(components):
            finite_float(c, f"axes[{i}][{j}]", f"give axes[{i}] (now {axis!r}) as 'x', "
                         "'y', 'z' or three finite numbers", not_a_number=ShapeError)
        components = [sm.nsimplify(c) for c in components]
        if len(components) != 3 or all(c == 0 for c in components):
            raise ShapeError(f"axes[{i}] = {axis!r} is not a nonzero "
                             "3-vector")
        vec = (components[0] * parent.x + components[1] * parent.y
               + components[2] * parent.z)
        unit = vec / sm.sqrt(sum(c**2 for c in components))
        Bi = me.ReferenceFrame(f"B{i + 1}")
        Bi.orient_axis(parent, q[i], unit)
        Bi.set_ang_vel(parent, u[i] * unit)
        following = joint.locatenew(f"J{i + 2}", l * Bi.x)
        following.v2pt_theory(joint, N, Bi)
        names.update({f"q{i + 1}": q[i], f"u{i + 1}": u[i],
                      f"B{i + 1}": Bi, f"J{i + 1}": joint})
        if kind == "body":
            Gi = joint.locatenew(f"G{i + 1}", l / 2 * Bi.x)
            Gi.v2pt_theory(joint, N, Bi)
            body = me.RigidBody(f"link{i + 1}", Gi, Bi, m,
                                (me.inertia(Bi, I_a, I_t, I_t), Gi))
            names.update({f"G{i + 1}": Gi, f"link{i + 1}": body})
        else:
            body = me.Particle(f"p{i + 1}", following, m)
            names[f"p{i + 1}"] = body
        bodies.append(body)
        loads.append(me.Force(body.masscenter, -m * g * N.y))
        # a spring's torques act on the link and its parent: both must be
        # rigid bodies (or the parent the ground), not massless links
        if springs and kind == "body" and (i == 0 or kinds[i - 1] == "body"):
            actuators.append(me.TorqueActuator(-k * q[i], unit, Bi, parent))
        parent, joint = Bi, following
    system = build_system(N, O, q, u, [qi.diff() - ui for qi, ui in zip(q, u, strict=True)],
                     bodies, loads, actuators)
    return Example(f"{n}-link chain", system, names)
