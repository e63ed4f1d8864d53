"""Generalized active forces: hand derivations, per body, actuators, errors."""

import pytest
import sympy as sm
import sympy.physics.mechanics as me

import mechlib as ml
from mechlib.errors import LoadError


def _zero(expr):
    return sm.simplify(expr) == 0


def test_double_pendulum_by_hand():
    ex = ml.systems.double_pendulum()
    T1, T2 = me.dynamicsymbols("T1, T2")
    A, B, N = ex.A, ex.B, ex.N
    loads = list(ex.loads) + [(ex.P1, T1 * A.y - T2 * B.y),
                              (ex.P2, T2 * B.y)]  # tensions
    Fr = ml.generalized_active_forces(loads, [ex.u1, ex.u2], N,
                                      kdes=ex.kdes, bodies=ex.bodies)
    assert not Fr.has(T1, T2)
    m1, m2, g, l = ex.m1, ex.m2, ex.g, ex.l
    assert _zero(Fr[0] + (m1 + m2) * g * l * sm.sin(ex.q1))
    assert _zero(Fr[1] + m2 * g * l * sm.sin(ex.q2))


def test_two_rods_by_hand_and_per_body():
    ex = ml.systems.two_rods()
    m, g, k, l, q1, q2 = ex.m, ex.g, ex.k, ex.l, ex.q1, ex.q2
    Fr = ml.generalized_active_forces(ex.loads, ex.u, ex.N, bodies=ex.bodies)
    # by hand: v_Ao_1 = l/2 a_y, v_Bo_1 = l a_y, n_x . a_y = -sin q1;
    # w_A_1 = w_B_1 = n_z, w_B_2 = a_x; T_A . n_z = -k q1, T_B . a_x = -k q2
    assert _zero(Fr[0] - (-sm.Rational(3, 2) * m * g * l * sm.sin(q1)
                          - k * q1))
    assert _zero(Fr[1] + k * q2)
    parts = ml.generalized_active_forces(ex.loads, ex.u, ex.N,
                                         bodies=ex.bodies, per_body=True)
    assert set(parts) == {"rod_A", "rod_B"}
    assert _zero(parts["rod_A"][0] - (-m * g * l * sm.sin(q1) / 2 - k * q1))
    assert _zero(parts["rod_B"][0] + m * g * l * sm.sin(q1))
    assert _zero(parts["rod_B"][1] + k * q2)
    assert (parts["rod_A"] + parts["rod_B"] - Fr).applyfunc(sm.simplify) \
        == sm.zeros(2, 1)


def test_three_dof_by_hand():
    ex = ml.systems.slider_rod_bead()
    Fr = ml.generalized_active_forces(ex.loads, ex.u, ex.N, kdes=ex.kdes,
                                      bodies=ex.bodies)
    F, T, k, c, k_T, g = ex.F, ex.T, ex.k, ex.c, ex.k_T, ex.g
    q1, q2, q3, u1 = ex.q1, ex.q2, ex.q3, ex.u1
    assert _zero(Fr[0] - (F - k * q1 - c * u1))
    assert _zero(Fr[1] - ex.m_c * g * sm.cos(q3))
    assert _zero(Fr[2] - (T - k_T * q3 - (ex.m_b * ex.l_b / 2 + ex.m_c * q2)
                          * g * sm.sin(q3)))


def test_actuator_equals_explicit_torques():
    ex = ml.systems.two_rods()
    N, A, B, k, q1, q2 = ex.N, ex.A, ex.B, ex.k, ex.q1, ex.q2
    gravity = [ld for ld in ex.loads if isinstance(ld, me.Force)]
    actuators = [me.TorqueActuator(-k * q1, N.z, A, N),
                 me.TorqueActuator(-k * q2, A.x, B, A)]
    a = ml.generalized_active_forces(gravity + actuators, ex.u, N,
                                     bodies=ex.bodies)
    b = ml.generalized_active_forces(ex.loads, ex.u, N)
    assert (a - b).applyfunc(sm.simplify) == sm.zeros(2, 1)


def test_linear_spring_actuator_through_pathway():
    # a spring between a fixed point and a slider, as an actuator
    k, x0 = sm.symbols("k, x0", positive=True)
    q, u = me.dynamicsymbols("q, u")
    N = me.ReferenceFrame("N")
    O = me.Point("O")
    O.set_vel(N, 0)
    P = O.locatenew("P", (x0 + q) * N.x)
    P.set_vel(N, u * N.x)
    spring = me.LinearSpring(k, me.LinearPathway(O, P), x0)
    Fr = ml.generalized_active_forces([spring], [u], N, kdes=[q.diff() - u],
                                      bodies=[me.Particle("p", P, 1)])
    value = Fr[0].subs(q, sm.Rational(1, 3))
    assert sm.simplify(value + k * sm.Rational(1, 3)) == 0


def test_resultant_and_couple_same_moment_everywhere():
    F1, F2, a, b = sm.symbols("F1, F2, a, b")
    N = me.ReferenceFrame("N")
    C = me.Point("C")
    P = C.locatenew("P", a * N.x)
    Q = C.locatenew("Q", b * N.y)
    forces = [(P, F1 * N.y), (Q, F2 * N.x), me.Torque(N, a * b * N.z)]
    R, T = ml.resultant_and_couple(forces, C)
    assert R == F1 * N.y + F2 * N.x
    assert (T - (a * F1 - b * F2 + a * b) * N.z).simplify() == me.Vector(0)
    # moment about another point D: T + r_{C/D} x R equals the set's moment
    D = C.locatenew("D", N.x + N.y)
    R2, T2 = ml.resultant_and_couple(forces, D)
    assert (T2 - (T + C.pos_from(D).cross(R))).simplify() == me.Vector(0)


# -- bad input ------------------------------------------------------------

def test_force_on_a_massless_point_is_accepted():
    """A force at a point no body occupies (here on the massless link A)
    contributes v_r^Q . F; the old check rejected it."""
    ex = ml.systems.double_pendulum()
    stray = ex.O.locatenew("Q", ex.l * ex.A.x)
    stray.v2pt_theory(ex.O, ex.N, ex.A)
    Fr = ml.generalized_active_forces([(stray, ex.N.x)], ex.u, ex.N,
                                      bodies=ex.bodies)
    # v^Q = l u1 A.y, so F_1 = l A.y . N.x = -l sin(q1)
    assert ml.verify.vanishes(Fr - sm.Matrix([-ex.l * sm.sin(ex.q1), 0]))


def test_torque_on_a_massless_frame_is_accepted():
    """A motor torque on the massless link frame A of the particle double
    pendulum does work through u1 (A turns at u1 about N.z)."""
    ex = ml.systems.double_pendulum()
    Fr = ml.generalized_active_forces([(ex.A, 3 * ex.N.z)], ex.u, ex.N,
                                      bodies=ex.bodies, per_body=True)
    assert Fr == {"A": sm.Matrix([3, 0])}


def test_a_single_load_is_accepted():
    """Regression: a lone Force (a tuple) was iterated and reported as
    "P is not a load"."""
    ex = ml.systems.double_pendulum()
    one = ml.generalized_active_forces(me.Force(ex.P1, ex.N.x), ex.u, ex.N)
    listed = ml.generalized_active_forces([me.Force(ex.P1, ex.N.x)], ex.u,
                                          ex.N)
    assert one == listed != sm.zeros(2, 1)
    R, T = ml.resultant_and_couple((ex.P1, ex.N.x), ex.O)
    assert R == ex.N.x


def test_point_fixed_in_body_is_accepted():
    ex = ml.systems.two_rods()
    tip = ex.Bo.locatenew("tip", ex.l / 2 * ex.B.y)
    tip.v2pt_theory(ex.Bo, ex.N, ex.B)
    Fr = ml.generalized_active_forces([(tip, ex.N.x)], ex.u, ex.N,
                                      bodies=ex.bodies)
    assert Fr.shape == (2, 1)


def test_not_a_load():
    ex = ml.systems.double_pendulum()
    with pytest.raises(LoadError, match="not a load"):
        ml.generalized_active_forces([ex.N.x], ex.u, ex.N)
    with pytest.raises(LoadError, match="ambiguous"):
        body = me.RigidBody("R", ex.P1, ex.A, 1, (me.inertia(ex.A, 1, 1, 1),
                                                  ex.P1))
        ml.generalized_active_forces([(body, ex.N.x)], ex.u, ex.N)


def test_load_point_without_velocity():
    ex = ml.systems.double_pendulum()
    P = me.Point("lost")
    with pytest.raises(ml.errors.VelocityNotDefinedError, match="lost"):
        ml.generalized_active_forces([(P, ex.N.x)], ex.u, ex.N)
