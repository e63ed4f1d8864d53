"""Rolling and sliding without slip: the rolling disc, the Chaplygin sleigh."""

import sympy as sm
import sympy.physics.mechanics as me

from ._example import Example, build_system

__all__ = ["rolling_disc", "chaplygin_sleigh"]


def rolling_disc():
    r"""A thin disc rolling without slip on the horizontal plane.

    Coordinates: yaw :math:`q_1` (frame Y, about :math:`\hat{n}_z`), lean
    :math:`q_2` (frame L, about :math:`\hat{y}_x`), spin :math:`q_3` (frame
    D, about :math:`\hat{l}_y`, the disc's axis), and the position
    :math:`q_4, q_5` of the contact point C on the plane. Speeds:
    :math:`u_1, u_2, u_3` are the measure numbers of
    :math:`{}^N\bar{\omega}^D` in L (independent), and
    :math:`u_4 = \dot{q}_4, u_5 = \dot{q}_5` the velocity of C (dependent).
    The disc's center is :math:`D_o = C + r\hat{l}_z`. Rolling without slip
    makes the velocity of the disc's material point at C zero; its two
    horizontal components are the motion constraints (the vertical one holds
    identically). Mass m, radius r, central inertia
    :math:`\tfrac{m r^2}{4}, \tfrac{m r^2}{2}, \tfrac{m r^2}{4}` about
    :math:`\hat{l}_x, \hat{l}_y, \hat{l}_z`; gravity :math:`-g\hat{n}_z`.
    The kinematical differential equations are singular when the disc lies
    flat (:math:`\cos q_2 = 0`).

    Returns
    -------
    Example
        Names: ``m r g q1 .. q5 u1 .. u5 N Y L D O C Do disc``.

    Examples
    --------
    >>> import mechlib as ml
    >>> ex = ml.systems.rolling_disc()
    >>> ex.system.u_dep.T
    Matrix([[u4(t), u5(t)]])
    """
    m, r, g = sm.symbols("m, r, g")
    q1, q2, q3, q4, q5 = me.dynamicsymbols("q1:6")
    u1, u2, u3, u4, u5 = me.dynamicsymbols("u1:6")
    N = me.ReferenceFrame("N")
    Y = N.orientnew("Y", "Axis", (q1, N.z))
    L = Y.orientnew("L", "Axis", (q2, Y.x))
    D = L.orientnew("D", "Axis", (q3, L.y))
    D.set_ang_vel(N, u1 * L.x + u2 * L.y + u3 * L.z)
    O = me.Point("O")
    O.set_vel(N, 0)
    C = O.locatenew("C", q4 * N.x + q5 * N.y)
    C.set_vel(N, u4 * N.x + u5 * N.y)
    Do = C.locatenew("D_o", r * L.z)
    Do.v2pt_theory(C, N, L)
    w = (q1.diff() * N.z + q2.diff() * Y.x + q3.diff() * L.y)
    kdes = [w.dot(L.x) - u1, w.dot(L.y) - u2, w.dot(L.z) - u3,
            q4.diff() - u4, q5.diff() - u5]
    # velocity of the disc's material point at C (q' left for the kdes)
    v_contact = Do.vel(N) + D.ang_vel_in(N).cross(-r * L.z)
    constraints = [v_contact.dot(N.x), v_contact.dot(N.y)]
    disc = me.RigidBody("disc", Do, D, m,
                        (me.inertia(L, m * r**2 / 4, m * r**2 / 2,
                                    m * r**2 / 4), Do))
    loads = [me.Force(Do, -m * g * N.z)]
    system = build_system(N, O, [q1, q2, q3, q4, q5], [u1, u2, u3], kdes, [disc],
                     loads, u_dep=[u4, u5], constraints=constraints)
    return Example("rolling disc", system, dict(
        m=m, r=r, g=g, q1=q1, q2=q2, q3=q3, q4=q4, q5=q5, u1=u1, u2=u2,
        u3=u3, u4=u4, u5=u5, N=N, Y=Y, L=L, D=D, O=O, C=C, Do=Do, disc=disc))




def chaplygin_sleigh():
    r"""A Chaplygin sleigh: a body on a plane with a knife edge.

    Body B (mass m, central moment of inertia I about :math:`\hat{n}_z`)
    moves on the horizontal plane: its mass center G is at
    :math:`q_1\hat{n}_x + q_2\hat{n}_y`, its heading is :math:`q_3`. Speeds:
    :math:`u_1, u_2` are the measure numbers of :math:`{}^N\bar{v}^G` along
    :math:`\hat{b}_x, \hat{b}_y`, :math:`u_3 = \dot{q}_3`. A blade at
    :math:`P = G - a\hat{b}_x` cannot slide sideways:
    :math:`{}^N\bar{v}^P\cdot\hat{b}_y = u_2 - a u_3 = 0`. Independent
    speeds :math:`[u_1, u_3]`, dependent :math:`[u_2]`, so
    :math:`\mathbf{A}_n = [0 \;\; a]`. Loads: a specified push
    :math:`F(t)\hat{b}_x` at P and a specified torque
    :math:`T(t)\hat{n}_z` on B.

    Returns
    -------
    Example
        Names: ``m I a F T q1 q2 q3 u1 u2 u3 N B O G P sleigh``.

    Examples
    --------
    >>> import mechlib as ml
    >>> ex = ml.systems.chaplygin_sleigh()
    >>> ex.system.u_ind.T, ex.system.u_dep.T
    (Matrix([[u1(t), u3(t)]]), Matrix([[u2(t)]]))
    """
    m, I, a = sm.symbols("m, I, a")
    F, T = me.dynamicsymbols("F, T")
    q1, q2, q3, u1, u2, u3 = me.dynamicsymbols("q1, q2, q3, u1, u2, u3")
    N, B = me.ReferenceFrame("N"), me.ReferenceFrame("B")
    B.orient_axis(N, q3, N.z)
    B.set_ang_vel(N, u3 * N.z)
    O = me.Point("O")
    O.set_vel(N, 0)
    G = O.locatenew("G", q1 * N.x + q2 * N.y)
    G.set_vel(N, u1 * B.x + u2 * B.y)
    P = G.locatenew("P", -a * B.x)
    P.v2pt_theory(G, N, B)
    sleigh = me.RigidBody("sleigh", G, B, m, (me.inertia(B, 0, 0, I), G))
    kdes = [q1.diff() - (u1 * sm.cos(q3) - u2 * sm.sin(q3)),
            q2.diff() - (u1 * sm.sin(q3) + u2 * sm.cos(q3)),
            q3.diff() - u3]
    loads = [me.Force(P, F * B.x), me.Torque(B, T * N.z)]
    system = build_system(N, O, [q1, q2, q3], [u1, u3], kdes, [sleigh], loads,
                     u_dep=[u2], constraints=[P.vel(N).dot(B.y)])
    return Example("Chaplygin sleigh", system, dict(
        m=m, I=I, a=a, F=F, T=T, q1=q1, q2=q2, q3=q3, u1=u1, u2=u2, u3=u3,
        N=N, B=B, O=O, G=G, P=P, sleigh=sleigh))


