"""Tests of mechlib.planar's kinematics, loads and spring-damper-actuators.

Every formula is checked against an independent route: virtual work (power),
a potential energy and finite differences in time. The bridge to generalized
speeds and the simulation are tested in test_planar_projection.py, the error
contract in test_planar_errors.py.
"""

import numpy as np
import pytest
import sympy as sm
import sympy.physics.mechanics as me

from mechlib import planar
from mechlib.verify import vanishes

RNG = np.random.default_rng(20240601)
t = me.dynamicsymbols._t


# --------------------------------------------------------------------------
# helpers
# --------------------------------------------------------------------------


def trajectory(seed):
    """A smooth body trajectory q(t) = [x, y, phi] and its two derivatives."""
    rng = np.random.default_rng(seed)
    a, b, w = rng.normal(size=(3, 3))

    def q(time):
        return a + b * time + 0.3 * np.sin(w * time + 1.0)

    def qd(time):
        return b + 0.3 * w * np.cos(w * time + 1.0)

    def qdd(time):
        return -0.3 * w**2 * np.sin(w * time + 1.0)

    return q, qd, qdd


def central_difference(func, time, h=1e-5):
    return (func(time + h) - func(time - h)) / (2 * h)


def body_symbols(name):
    x, y, phi = me.dynamicsymbols(f"x_{name} y_{name} phi_{name}")
    q = sm.Matrix([x, y, phi])
    return q, q.diff(t), q.diff(t, 2)


# --------------------------------------------------------------------------
# rotation matrix
# --------------------------------------------------------------------------


def test_B_is_derivative_of_A_and_A_turned_by_90_degrees():
    phi = sm.Symbol("phi")
    A = planar.rotation_matrix(phi)
    B = planar.rotation_matrix_derivative(phi)
    R = sm.Matrix([[0, -1], [1, 0]])
    assert sm.simplify(B - A.diff(phi)) == sm.zeros(2)
    assert sm.simplify(B - R * A) == sm.zeros(2)
    assert sm.simplify(B.diff(phi) + A) == sm.zeros(2)
    assert sm.simplify(A.T * A) == sm.eye(2)


def test_rotation_matrix_numeric_matches_symbolic_and_vectorises():
    phis = RNG.uniform(-4, 4, size=5)
    phi = sm.Symbol("phi")
    A = sm.lambdify(phi, planar.rotation_matrix(phi))
    B = sm.lambdify(phi, planar.rotation_matrix_derivative(phi))
    An = planar.rotation_matrix(phis)
    Bn = planar.rotation_matrix_derivative(phis)
    assert An.shape == Bn.shape == (5, 2, 2)
    for k, p in enumerate(phis):
        np.testing.assert_allclose(An[k], A(p), atol=1e-14)
        np.testing.assert_allclose(Bn[k], B(p), atol=1e-14)


def test_point_kinematics_are_derivatives_of_position():
    q, qd, qdd = trajectory(1)
    s = [0.4, -0.7]
    for time in (0.0, 0.7, 2.1):
        np.testing.assert_allclose(
            planar.point_velocity(q(time), qd(time), s),
            central_difference(
                lambda tt: planar.point_position(q(tt), s), time
            ),
            rtol=1e-7,
            atol=1e-8,
        )
        np.testing.assert_allclose(
            planar.point_acceleration(q(time), qd(time), qdd(time), s),
            central_difference(
                lambda tt: planar.point_velocity(q(tt), qd(tt), s), time
            ),
            rtol=1e-7,
            atol=1e-8,
        )


# --------------------------------------------------------------------------
# point force and pure moment
# --------------------------------------------------------------------------


def test_point_force_power_equals_force_dot_point_velocity():
    """Q . qdot = F . v_P (virtual power) for every state, vectorised."""
    n = 20
    q = RNG.normal(size=(n, 3))
    qd = RNG.normal(size=(n, 3))
    s = RNG.normal(size=(n, 2))
    F = RNG.normal(size=(n, 2))
    Q = planar.point_force(F, s, q[:, 2])
    v = planar.point_velocity(q, qd, s)
    assert Q.shape == (n, 3)
    np.testing.assert_allclose(
        np.sum(Q * qd, axis=-1), np.sum(F * v, axis=-1), rtol=1e-12, atol=1e-12
    )


def test_point_force_moment_is_cross_product_of_global_vectors():
    Fx, Fy, a, b, phi = sm.symbols("F_x F_y a b phi", real=True)
    Q = planar.point_force([Fx, Fy], [a, b], phi)
    s = planar.rotation_matrix(phi) * sm.Matrix([a, b])
    cross = s[0] * Fy - s[1] * Fx
    assert sm.simplify(Q[2] - cross) == 0
    # equivalently with both vectors in body-fixed components
    Fb = planar.rotation_matrix(phi).T * sm.Matrix([Fx, Fy])
    assert sm.simplify(Q[2] - (a * Fb[1] - b * Fb[0])) == 0
    # mixing a body-fixed s' with a global F is wrong in general
    assert sm.simplify(Q[2] - (a * Fy - b * Fx)) != 0


def test_point_force_rate_matches_finite_difference():
    q, qd, _ = trajectory(2)
    s = [0.3, 0.8]

    def F(time):
        return np.array([np.cos(time), 2 + np.sin(3 * time)])

    def Fd(time):
        return np.array([-np.sin(time), 3 * np.cos(3 * time)])

    for time in (0.1, 1.3):
        exact = planar.point_force_rate(
            F(time), Fd(time), s, q(time)[2], qd(time)[2]
        )
        fd = central_difference(
            lambda tt: planar.point_force(F(tt), s, q(tt)[2]), time
        )
        np.testing.assert_allclose(exact, fd, rtol=1e-7, atol=1e-8)


def test_pure_moment_and_rate():
    T = sm.Symbol("T")
    assert planar.pure_moment(T) == sm.Matrix([0, 0, T])
    np.testing.assert_array_equal(
        planar.pure_moment([1.0, 2.0]), [[0, 0, 1.0], [0, 0, 2.0]]
    )
    assert planar.pure_moment_rate(T) == sm.Matrix([0, 0, T])


# --------------------------------------------------------------------------
# friction
# --------------------------------------------------------------------------


def test_sign_is_zero_at_zero_rate_and_smoothing_approaches_sign():
    assert planar.friction_force(0.0, 3.0) == 0.0
    rates = np.array([-1.0, -0.1, 0.1, 1.0])
    np.testing.assert_allclose(
        planar.friction_force(rates, 3.0, smoothing=1e-4), 3.0 * np.sign(rates)
    )
    x = sm.Symbol("x")
    assert planar.friction_force(
        x, 2, smoothing=sm.Rational(1, 10)
    ) == 2 * sm.tanh(10 * x)


def test_friction_rate_matches_finite_difference():
    def rate(time):
        return np.sin(2 * time)

    def acc(time):
        return 2 * np.cos(2 * time)

    for time in (0.05, 0.4, 1.0):
        exact = planar.friction_force_rate(
            rate(time), acc(time), 1.5, smoothing=0.2
        )
        fd = central_difference(
            lambda tt: planar.friction_force(rate(tt), 1.5, smoothing=0.2),
            time,
        )
        np.testing.assert_allclose(exact, fd, rtol=1e-7)
    # exact sign: derivative 0 away from a zero rate
    assert planar.friction_force_rate(0.5, 2.0, 1.5) == 0.0


# --------------------------------------------------------------------------
# translational spring-damper-actuator
# --------------------------------------------------------------------------


def test_translational_spring_is_minus_gradient_of_potential():
    k, l0 = sm.symbols("k l_0", positive=True)
    qi = sm.Matrix(sm.symbols("x_i y_i phi_i", real=True))
    qj = sm.Matrix(sm.symbols("x_j y_j phi_j", real=True))
    si = sm.Matrix(sm.symbols("a_i b_i", real=True))
    sj = sm.Matrix(sm.symbols("a_j b_j", real=True))
    spring = planar.TranslationalSDA(si, sj, k=k, l0=l0)
    Q_i, Q_j = spring.generalized_forces(qi, qj, [0, 0, 0], [0, 0, 0])
    ell = spring.length(qi, qj)
    V = k * (ell - l0) ** 2 / 2
    for Q, q in ((Q_i, qi), (Q_j, qj)):
        gradient = -sm.Matrix([V]).jacobian(q).T
        assert vanishes(Q - gradient)
        assert not vanishes(Q + gradient)  # the check can fail


def test_translational_sda_power_is_minus_f_times_length_rate():
    """Q_i.qd_i + Q_j.qd_j = -f ldot: the element stores or dissipates it."""
    n = 15
    qi, qj = RNG.normal(size=(2, n, 3))
    qdi, qdj = RNG.normal(size=(2, n, 3))
    sda = planar.TranslationalSDA(
        [0.2, -0.1],
        [0.5, 0.3],
        k=30.0,
        l0=0.8,
        c=2.0,
        friction=1.5,
        actuator=lambda L, Ld, tt: 3 * np.sin(tt),
    )
    Q_i, Q_j = sda.generalized_forces(qi, qj, qdi, qdj, t=0.4)
    kin = sda.kinematics(qi, qj, qdi, qdj)
    f = sda.force(kin.length, kin.rate, 0.4)
    power = np.sum(Q_i * qdi, axis=-1) + np.sum(Q_j * qdj, axis=-1)
    np.testing.assert_allclose(power, -f * kin.rate, rtol=1e-10, atol=1e-10)


def test_translational_forces_opposite_but_moments_not_and_total_moment_zero():
    qi, qj = np.array([0.1, 0.2, 0.3]), np.array([1.5, -0.4, 1.1])
    si, sj = np.array([0.5, 0.1]), np.array([-0.3, 0.2])
    sda = planar.TranslationalSDA(si, sj, k=10.0, l0=0.5)
    Q_i, Q_j = sda.generalized_forces(qi, qj, np.zeros(3), np.zeros(3))
    np.testing.assert_allclose(Q_i[:2], -Q_j[:2])
    assert abs(Q_i[2] + Q_j[2]) > 0.1
    # moments about the global origin: r x F summed over both bodies vanish
    total = (
        qi[0] * Q_i[1]
        - qi[1] * Q_i[0]
        + Q_i[2]
        + qj[0] * Q_j[1]
        - qj[1] * Q_j[0]
        + Q_j[2]
    )
    assert abs(total) < 1e-12
    # in tension the force on i points from P_i to P_j
    d = planar.point_position(qj, sj) - planar.point_position(qi, si)
    assert np.linalg.norm(d) > 0.5 and np.dot(Q_i[:2], d) > 0


def test_length_rate_and_acceleration_match_finite_differences():
    qi, qdi, qddi = trajectory(3)
    qj, qdj, qddj = trajectory(4)
    sda = planar.TranslationalSDA([0.3, 0.1], [-0.2, 0.4])
    for time in (0.2, 0.9):
        kin = sda.kinematics(
            qi(time), qj(time), qdi(time), qdj(time), qddi(time), qddj(time)
        )
        np.testing.assert_allclose(
            kin.rate,
            central_difference(lambda tt: sda.length(qi(tt), qj(tt)), time),
            rtol=1e-7,
        )
        np.testing.assert_allclose(
            kin.acceleration,
            central_difference(
                lambda tt: sda.kinematics(
                    qi(tt), qj(tt), qdi(tt), qdj(tt)
                ).rate,
                time,
            ),
            rtol=1e-6,
            atol=1e-8,
        )
        np.testing.assert_allclose(
            kin.d_ddot,
            central_difference(
                lambda tt: sda.kinematics(
                    qi(tt), qj(tt), qdi(tt), qdj(tt)
                ).d_dot,
                time,
            ),
            rtol=1e-6,
            atol=1e-8,
        )


@pytest.mark.parametrize("actuator_rate", ["explicit", "automatic"])
def test_translational_rates_match_finite_difference(actuator_rate):
    qi, qdi, qddi = trajectory(5)
    qj, qdj, qddj = trajectory(6)

    def act(L, Ld, tt):
        return 4 * sm.sin(2 * tt) * L + 0.5 * Ld**3

    def act_np(L, Ld, tt):
        return 4 * np.sin(2 * tt) * L + 0.5 * Ld**3

    def act_rate(L, Ld, Ldd, tt):
        return (
            8 * np.cos(2 * tt) * L
            + 4 * np.sin(2 * tt) * Ld
            + 1.5 * Ld**2 * Ldd
        )

    kwargs = (
        dict(actuator=act_np, actuator_rate=act_rate)
        if actuator_rate == "explicit"
        else dict(actuator=act)
    )
    sda = planar.TranslationalSDA(
        [0.3, 0.1],
        [-0.2, 0.4],
        k=50.0,
        l0=0.7,
        c=3.0,
        friction=2.0,
        smoothing=0.5,
        **kwargs,
    )
    for time in (0.3, 1.7):
        exact = sda.generalized_force_rates(
            qi(time),
            qj(time),
            qdi(time),
            qdj(time),
            qddi(time),
            qddj(time),
            t=time,
        )
        for k in range(2):
            fd = central_difference(
                lambda tt, k=k: sda.generalized_forces(
                    qi(tt), qj(tt), qdi(tt), qdj(tt), t=tt
                )[k],
                time,
            )
            np.testing.assert_allclose(exact[k], fd, rtol=1e-6, atol=1e-6)


def test_translational_rates_symbolic_equal_time_derivative():
    qi, qdi, qddi = body_symbols("i")
    qj, qdj, qddj = body_symbols("j")
    k, l0, c = sm.symbols("k l_0 c", positive=True)
    si, sj = sm.symbols("a_i b_i"), sm.symbols("a_j b_j")
    sda = planar.TranslationalSDA(list(si), list(sj), k=k, l0=l0, c=c)
    Q_i, Q_j = sda.generalized_forces(qi, qj, qdi, qdj)
    Qd_i, Qd_j = sda.generalized_force_rates(qi, qj, qdi, qdj, qddi, qddj)
    # compared at random states (the expressions are long)
    for Q, Qd in ((Q_i, Qd_i), (Q_j, Qd_j)):
        assert vanishes(Q.diff(t) - Qd)
    assert not vanishes(Q_i.diff(t) - Qd_j)  # the check can fail


def test_translational_vectorised_equals_loop():
    n = 7
    qi, qj, qdi, qdj, qddi, qddj = RNG.normal(size=(6, n, 3))
    sda = planar.TranslationalSDA(
        [0.1, 0.2],
        [0.3, -0.1],
        k=5.0,
        l0=0.2,
        c=1.0,
        friction=0.5,
        smoothing=0.1,
    )
    Q_i, Q_j = sda.generalized_forces(qi, qj, qdi, qdj)
    Qd_i, Qd_j = sda.generalized_force_rates(qi, qj, qdi, qdj, qddi, qddj)
    assert Q_i.shape == Qd_j.shape == (n, 3)
    for m in range(n):
        one = sda.generalized_forces(qi[m], qj[m], qdi[m], qdj[m])
        one_rate = sda.generalized_force_rates(
            qi[m], qj[m], qdi[m], qdj[m], qddi[m], qddj[m]
        )
        np.testing.assert_allclose(Q_i[m], one[0])
        np.testing.assert_allclose(Q_j[m], one[1])
        np.testing.assert_allclose(Qd_i[m], one_rate[0])
        np.testing.assert_allclose(Qd_j[m], one_rate[1])


def test_symbolic_and_numeric_modes_agree():
    qi, qj, qdi, qdj = RNG.normal(size=(4, 3))
    sda_num = planar.TranslationalSDA(
        [0.1, 0.2], [0.3, -0.1], k=5.0, l0=0.2, c=1.0
    )
    sda_sym = planar.TranslationalSDA(
        [0.1, 0.2], [0.3, -0.1], k=sm.Float(5.0), l0=0.2, c=1.0
    )
    num = sda_num.generalized_forces(qi, qj, qdi, qdj)
    sym = sda_sym.generalized_forces(qi, qj, qdi, qdj)
    assert isinstance(sym[0], sm.MatrixBase)
    for a, b in zip(num, sym, strict=True):
        np.testing.assert_allclose(a, np.array(b, dtype=float).ravel())


# --------------------------------------------------------------------------
# rotational spring-damper-actuator
# --------------------------------------------------------------------------


def test_rotational_spring_is_minus_gradient_of_potential():
    k, th0 = sm.symbols("k_theta theta_0")
    qi = sm.Matrix(sm.symbols("x_i y_i phi_i"))
    qj = sm.Matrix(sm.symbols("x_j y_j phi_j"))
    Q_i, Q_j = planar.RotationalSDA(k=k, theta0=th0).generalized_forces(
        qi, qj, [0, 0, 0], [0, 0, 0]
    )
    V = k * (qj[2] - qi[2] - th0) ** 2 / 2
    assert sm.simplify(Q_i + sm.Matrix([V]).jacobian(qi).T) == sm.zeros(3, 1)
    assert sm.simplify(Q_j + sm.Matrix([V]).jacobian(qj).T) == sm.zeros(3, 1)


def test_rotational_sda_power_and_rates():
    qi, qdi, qddi = trajectory(7)
    qj, qdj, qddj = trajectory(8)
    sda = planar.RotationalSDA(
        k=4.0,
        theta0=0.3,
        c=0.7,
        friction=0.2,
        smoothing=0.3,
        actuator=lambda th, thd, tt: sm.cos(tt) * th,
    )
    for time in (0.5, 1.4):
        Q_i, Q_j = sda.generalized_forces(
            qi(time), qj(time), qdi(time), qdj(time), time
        )
        theta, theta_d, _ = sda.kinematics(
            qi(time), qj(time), qdi(time), qdj(time)
        )
        T = sda.torque(theta, theta_d, time)
        power = Q_i @ qdi(time) + Q_j @ qdj(time)
        np.testing.assert_allclose(power, -T * theta_d, rtol=1e-12)
        exact = sda.generalized_force_rates(
            qi(time),
            qj(time),
            qdi(time),
            qdj(time),
            qddi(time),
            qddj(time),
            time,
        )
        for k in range(2):
            fd = central_difference(
                lambda tt, k=k: sda.generalized_forces(
                    qi(tt), qj(tt), qdi(tt), qdj(tt), tt
                )[k],
                time,
            )
            np.testing.assert_allclose(exact[k], fd, rtol=1e-6, atol=1e-7)
