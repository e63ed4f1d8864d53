"""Tests of mechlib.planar's bridge to generalized speeds and its simulation.

The projection [J]^T Q of absolute-coordinate generalized forces is checked
against the F_r of KanesMethod and of mechlib's partial-velocity route, and
planar.rhs against mechlib.rhs on the same system.
"""

import numpy as np
import pytest
import sympy as sm
import sympy.physics.mechanics as me

import mechlib as ml
from mechlib import errors, planar
from mechlib.verify import vanishes

t = me.dynamicsymbols._t


def two_bar_pendulum():
    """A two-bar pendulum with a spring-damper to ground, a torsional
    spring-damper with friction between the bars, a motor torque and a force
    at an offset point; both in sympy.physics.mechanics and in absolute
    coordinates.
    """
    q1, q2, u1, u2 = me.dynamicsymbols("q1 q2 u1 u2")
    L1, L2, m1, m2, g = sm.symbols("L1 L2 m1 m2 g", positive=True)
    k, l0, c, kt, th0, ct, TF = sm.symbols("k l0 c k_t theta0 c_t T_F")
    cx, cy, a, b, Fx, Fy, tau = sm.symbols("c_x c_y a b F_x F_y tau")
    kdes = [q1.diff(t) - u1, q2.diff(t) - u2]

    N = me.ReferenceFrame("N")
    A = N.orientnew("A", "Axis", (q1, N.z))
    B = A.orientnew("B", "Axis", (q2, A.z))
    O = me.Point("O")
    O.set_vel(N, 0)
    C = O.locatenew("C", cx * N.x + cy * N.y)
    C.set_vel(N, 0)
    G1 = O.locatenew("G1", L1 / 2 * A.x)
    E = O.locatenew("E", L1 * A.x)
    G2 = E.locatenew("G2", L2 / 2 * B.x)
    P2 = E.locatenew("P2", L2 * B.x)
    P1 = G1.locatenew("P1", a * A.x + b * A.y)
    A.set_ang_vel(N, u1 * N.z)
    B.set_ang_vel(A, u2 * N.z)
    for P in (G1, E, P1):
        P.v2pt_theory(O, N, A)
    for P in (G2, P2):
        P.v2pt_theory(E, N, B)
    I = me.inertia(N, 0, 0, 1)
    bar1 = me.RigidBody("bar1", G1, A, m1, (m1 * L1**2 / 12 * I, G1))
    bar2 = me.RigidBody("bar2", G2, B, m2, (m2 * L2**2 / 12 * I, G2))
    path = me.LinearPathway(C, P2)
    theta = q2
    loads = [
        me.Force(G1, -m1 * g * N.y),
        me.Force(G2, -m2 * g * N.y),
        me.Force(P1, Fx * N.x + Fy * N.y),
        me.Torque(A, tau * N.z),
        *me.LinearSpring(k, path, l0).to_loads(),
        *me.LinearDamper(c, path).to_loads(),
        *me.TorqueActuator(
            -(kt * (theta - th0) + ct * u2 + TF * sm.sign(u2)), N.z, B, A
        ).to_loads(),
    ]
    mech = dict(
        N=N,
        bodies=[bar1, bar2],
        loads=loads,
        q=[q1, q2],
        u=[u1, u2],
        kdes=kdes,
    )

    # absolute coordinates, body origins at the mass centres
    r1 = G1.pos_from(O).to_matrix(N)
    r2 = G2.pos_from(O).to_matrix(N)
    q_1 = sm.Matrix([r1[0], r1[1], q1])
    q_2 = sm.Matrix([r2[0], r2[1], q1 + q2])
    qdot = {q1.diff(t): u1, q2.diff(t): u2}
    qd_1, qd_2 = q_1.diff(t).xreplace(qdot), q_2.diff(t).xreplace(qdot)
    ground = [0, 0, 0]
    spring = planar.TranslationalSDA([cx, cy], [L2 / 2, 0], k=k, l0=l0, c=c)
    torsion = planar.RotationalSDA(k=kt, theta0=th0, c=ct, friction=TF)
    _, Qs_2 = spring.generalized_forces(ground, q_2, ground, qd_2)
    Qt_1, Qt_2 = torsion.generalized_forces(q_1, q_2, qd_1, qd_2)
    Q1 = (
        planar.point_force([0, -m1 * g], [0, 0], q_1[2])
        + planar.point_force([Fx, Fy], [a, b], q_1[2])
        + planar.pure_moment(tau)
        + Qt_1
    )
    Q2 = planar.point_force([0, -m2 * g], [0, 0], q_2[2]) + Qs_2 + Qt_2
    absolute = dict(Q=[Q1, Q2], coordinates=[*q_1, *q_2])
    symbols = [
        L1,
        L2,
        m1,
        m2,
        g,
        k,
        l0,
        c,
        kt,
        th0,
        ct,
        TF,
        cx,
        cy,
        a,
        b,
        Fx,
        Fy,
        tau,
    ]
    return mech, absolute, symbols


def test_projection_equals_kanes_method_fr():
    mech, absolute, _ = two_bar_pendulum()
    Fr_planar = planar.project_onto_speeds(
        absolute["Q"], absolute["coordinates"], mech["u"], mech["kdes"]
    )
    kane = me.KanesMethod(
        mech["N"], q_ind=mech["q"], u_ind=mech["u"], kd_eqs=mech["kdes"]
    )
    fr, _ = kane.kanes_equations(mech["bodies"], mech["loads"])
    assert vanishes(Fr_planar - fr)
    # the check can fail: a spring of the wrong sign is caught
    assert not vanishes(Fr_planar + fr)


def test_projection_equals_mechlib_partial_velocity_route():
    mech, absolute, _ = two_bar_pendulum()
    Fr_planar = planar.project_onto_speeds(
        absolute["Q"], absolute["coordinates"], mech["u"], mech["kdes"]
    )
    Fr = ml.generalized_active_forces(
        mech["loads"], mech["u"], mech["N"], kdes=mech["kdes"]
    )
    assert vanishes(Fr_planar - Fr)


def test_absolute_partial_velocities():
    q, u = me.dynamicsymbols("q u")
    J = planar.absolute_partial_velocities(
        [sm.cos(q), sm.sin(q), q], [u], [q.diff(t) - u]
    )
    assert J == sm.Matrix([-sm.sin(q), sm.cos(q), 1])
    # speeds that are not the q' (u = 2 q')
    J2 = planar.absolute_partial_velocities([q, 0, q], [u], {q.diff(t): u / 2})
    assert J2 == sm.Matrix([sm.Rational(1, 2), 0, sm.Rational(1, 2)])
    # the same with kinematical differential equations solved by qdot_map
    J3 = planar.absolute_partial_velocities(
        [q, 0, q], [u], [2 * q.diff(t) - u]
    )
    assert J3 == J2
    # speeds that are the q' themselves need no kdes
    J4 = planar.absolute_partial_velocities([q, 0, q], [q.diff(t)])
    assert J4 == sm.Matrix([1, 0, 1])


def two_bar_numbers():
    mech, absolute, symbols = two_bar_pendulum()
    values = dict(
        zip(
            symbols,
            [
                1.0,
                0.8,
                1.0,
                0.8,
                9.81,
                40.0,
                1.0,
                2.0,
                5.0,
                0.2,
                0.05,
                0.0,
                2.2,
                -0.5,
                0.1,
                0.05,
                1.5,
                -0.5,
                0.3,
            ], strict=True,
        )
    )
    return mech, absolute, values


def two_bar_forces(values):
    """The loads of two_bar_pendulum as a numeric planar forces function."""
    v = {str(s): x for s, x in values.items()}
    spring = planar.TranslationalSDA(
        [v["c_x"], v["c_y"]], [v["L2"] / 2, 0], k=v["k"], l0=v["l0"], c=v["c"]
    )
    torsion = planar.RotationalSDA(
        k=v["k_t"], theta0=v["theta0"], c=v["c_t"], friction=v["T_F"]
    )
    zero = np.zeros(3)

    def forces(time, q_abs, qd_abs):
        (q_1, q_2), (qd_1, qd_2) = q_abs, qd_abs
        Qt_1, Qt_2 = torsion.generalized_forces(q_1, q_2, qd_1, qd_2, time)
        Q1 = (
            planar.point_force([0, -v["m1"] * v["g"]], [0, 0], q_1[2])
            + planar.point_force(
                [v["F_x"], v["F_y"]], [v["a"], v["b"]], q_1[2]
            )
            + planar.pure_moment(v["tau"])
            + Qt_1
        )
        Q2 = (
            planar.point_force([0, -v["m2"] * v["g"]], [0, 0], q_2[2])
            + spring.generalized_forces(zero, q_2, zero, qd_2, time)[1]
            + Qt_2
        )
        return [Q1, Q2]

    return forces


def test_rhs_equals_mechlib_rhs_of_kanes_method():
    mech, absolute, values = two_bar_numbers()
    v = {str(s): x for s, x in values.items()}
    kane = me.KanesMethod(
        mech["N"], q_ind=mech["q"], u_ind=mech["u"], kd_eqs=mech["kdes"]
    )
    kane.kanes_equations(mech["bodies"], mech["loads"])
    reference = ml.rhs(kane, values)
    masses = [
        (v["m1"], v["m1"] * v["L1"] ** 2 / 12),
        (v["m2"], v["m2"] * v["L2"] ** 2 / 12),
    ]
    f = planar.rhs(
        absolute["coordinates"],
        mech["q"],
        mech["u"],
        mech["kdes"],
        masses,
        two_bar_forces(values),
        values,
    )
    assert f.state == [*mech["q"], *mech["u"]]
    rng = np.random.default_rng(4)
    for _ in range(4):
        time, *x = rng.uniform(-1.5, 1.5, size=5)
        np.testing.assert_allclose(
            f(time, np.array(x)),
            reference(time, np.array(x)),
            rtol=1e-10,
            atol=1e-10,
        )


def test_simulate_conserves_energy_without_dissipation():
    q, u = me.dynamicsymbols("q u")
    L, m, g = 2.0, 1.5, 9.81
    inertia = m * L**2 / 12

    def weight(time, q_abs, qd_abs):
        return planar.point_force([0.0, -m * g], [0.0, 0.0], q_abs[0, 2])

    bar = [L / 2 * sm.cos(q), L / 2 * sm.sin(q), q]
    f = planar.rhs(bar, [q], [u], [q.diff() - u], [(m, inertia)], weight)
    sol = planar.simulate(
        f, [0.3, 0.0], (0.0, 2.0), t_eval=np.linspace(0.0, 2.0, 21)
    )
    assert sol.success and sol.y.shape == (2, 21)
    energy = 0.5 * (inertia + m * L**2 / 4) * sol.y[
        1
    ] ** 2 + m * g * L / 2 * np.sin(sol.y[0])
    assert np.ptp(energy) < 1e-7
    assert np.ptp(sol.y[0]) > 1.0  # it did move


def test_rhs_reports_a_singular_mass_matrix_and_missing_constants():
    q, u = me.dynamicsymbols("q u")
    L = sm.Symbol("L")

    def nothing(time, q_abs, qd_abs):
        return np.zeros((1, 3))

    with pytest.raises(errors.MissingValueError, match="L"):
        planar.rhs(
            [L * sm.cos(q), 0, 0],
            [q],
            [u],
            [q.diff() - u],
            [(1.0, 1.0)],
            nothing,
        )
    # a slider whose speed moves nothing at q = 0: J = 0 there
    f = planar.rhs(
        [sm.sin(q) ** 2, 0, 0], [q], [u], [q.diff() - u], [(1.0, 1.0)], nothing
    )
    with pytest.raises(errors.SingularMassMatrixError, match="singular"):
        f(0.0, np.array([0.0, 1.0]))
