"""A_n, b_n, nonholonomic partial velocities, F~_r both ways, bad input."""

import numpy as np
import pytest
import sympy as sm
import sympy.physics.mechanics as me

import mechlib as ml
from mechlib.errors import ConstraintError, ShapeError


def test_chaplygin_A_n():
    ex = ml.systems.chaplygin_sleigh()
    A_n, b_n = ml.dependent_speed_coefficients(
        ex.system.nonholonomic_constraints, [ex.u1, ex.u3], [ex.u2])
    assert A_n == sm.Matrix([[0, ex.a]])
    assert b_n == sm.zeros(1, 1)


def test_b_n_from_prescribed_motion():
    u1, u2, s = me.dynamicsymbols("u1, u2, s")
    A_n, b_n = ml.dependent_speed_coefficients([u2 - 2 * u1 - s.diff()],
                                               [u1], [u2], kdes={}, prescribed=[s])
    assert A_n == sm.Matrix([[2]]) and b_n == sm.Matrix([s.diff()])


@pytest.mark.parametrize("stray", ["rate", "speed", "function"])
def test_b_n_refuses_what_is_neither_a_speed_nor_prescribed(stray):
    """A rate, a speed or a function of time in no list would land in b_n
    as if it were known: each is refused with what to do."""
    u1, u2, u3, s = me.dynamicsymbols("u1, u2, u3, s")
    term = {"rate": s.diff(), "speed": u3, "function": s * u1.diff() * 0 + s}[stray]
    with pytest.raises(ml.errors.SpeedError, match="prescribed"):
        ml.dependent_speed_coefficients([u2 - 2 * u1 - term], [u1], [u2])


@pytest.mark.parametrize("name", ["rolling_disc", "chaplygin_sleigh"])
def test_tilde_forces_both_ways(name, helpers):
    """F~_r and F~_r* from A_n agree with the direct route through the
    nonholonomic partial velocities."""
    ex = getattr(ml.systems, name)()
    s = ex.system
    u_ind, u_dep = list(s.u_ind), list(s.u_dep)
    speeds = u_ind + u_dep
    A_n, _ = ml.dependent_speed_coefficients(s.nonholonomic_constraints,
                                             u_ind, u_dep, kdes=s.kdes)
    Fr = ml.generalized_active_forces(ex.loads, speeds, ex.N, kdes=s.kdes)
    Frs = ml.generalized_inertia_forces(ex.bodies, speeds, ex.N,
                                        kdes=s.kdes)
    via_A = ml.reduce_generalized_forces(Fr, A_n, u_ind)
    via_A_star = ml.reduce_generalized_forces(Frs, A_n, u_ind)
    # direct: project the loads and inertia forces on the nonholonomic
    # partial velocities
    direct = sm.zeros(len(u_ind), 1)
    direct_star = sm.zeros(len(u_ind), 1)
    for load in ml.active.loads_of(ex.loads):
        holo = ml.partial_velocities([load.location], speeds, ex.N,
                                     kdes=s.kdes)
        (tilde,) = ml.nonholonomic_partial_velocities(holo, A_n, u_ind)
        vec = ml.replace_qdots(load.vector, s.kdes)
        direct += sm.Matrix([v.dot(vec) for v in tilde])
    for body in ex.bodies:
        holo = ml.partial_velocities([body.masscenter, body.frame], speeds,
                                     ex.N, kdes=s.kdes)
        v_t, w_t = ml.nonholonomic_partial_velocities(holo, A_n, u_ind)
        R = ml.inertia_force(body, ex.N, kdes=s.kdes)
        T = ml.inertia_torque(body, ex.N, kdes=s.kdes)
        direct_star += sm.Matrix([v.dot(R) + w.dot(T)
                                  for v, w in zip(v_t, w_t, strict=True)])
    helpers.assert_close(via_A, direct)
    helpers.assert_close(via_A_star, direct_star)
    # and they equal KanesMethod's F~_r, F~_r*
    km, fr, frstar = helpers.kanes_method(ex)
    helpers.assert_close(via_A, fr)
    helpers.assert_close(via_A_star, frstar)


# -- bad input ------------------------------------------------------------

def test_wrong_number_of_constraints():
    u1, u2, u3 = me.dynamicsymbols("u1:4")
    with pytest.raises(ConstraintError, match="2 constraint"):
        ml.dependent_speed_coefficients([u2 - u1, u3 - u1], [u1, u2], [u3])
    with pytest.raises(ConstraintError, match="1 constraint"):
        ml.dependent_speed_coefficients([u3 - u1], [u1], [u2, u3])


def test_mismatched_lengths():
    a = sm.symbols("a")
    N = me.ReferenceFrame("N")
    A_n = sm.Matrix([[0, a]])
    with pytest.raises(ShapeError, match="A_n has shape"):
        ml.reduce_generalized_forces([1, 2], A_n, 2)
    with pytest.raises(ShapeError, match="A_n has shape"):
        ml.nonholonomic_partial_velocities([[N.x, N.y]], A_n, 2)


def test_transposed_A_n_is_rejected():
    """Regression: the Chaplygin sleigh's A_n transposed used to be read as
    one independent and two dependent speeds, dropping the torque
    equation."""
    ex = ml.systems.chaplygin_sleigh()
    s = ex.system
    u_ind, u_dep = list(s.u_ind), list(s.u_dep)
    A_n, _ = ml.dependent_speed_coefficients(s.nonholonomic_constraints,
                                             u_ind, u_dep, kdes=s.kdes)
    Fr = ml.generalized_active_forces(ex.loads, u_ind + u_dep, ex.N,
                                      kdes=s.kdes)
    assert ml.reduce_generalized_forces(Fr, A_n, u_ind).shape == (2, 1)
    with pytest.raises(ShapeError, match="transposed"):
        ml.reduce_generalized_forces(Fr, A_n.T, u_ind)
    holo = ml.partial_velocities([ex.N], u_ind + u_dep, ex.N)
    with pytest.raises(ShapeError, match="transposed"):
        ml.nonholonomic_partial_velocities(holo, A_n.T, u_ind)
    with pytest.raises(ShapeError, match="independent speeds"):
        ml.reduce_generalized_forces(Fr, A_n)


def test_rolling_disc_equations_are_finite_upright():
    """The disc's kdes are not in solved form; solving them must not leave
    0/0 at zero lean (a simulation of an upright disc would stall)."""
    ex = ml.systems.rolling_disc()
    eqs = ml.kanes_equations(ex)
    assert eqs.qdot_map[ex.q1.diff()] == ex.u3 / sm.cos(ex.q2)
    f = ml.rhs(eqs, {ex.m: 1.0, ex.r: 0.3, ex.g: 9.81})
    # q1..q5 = 0 (upright, q2 = 0), u1..u5 any numbers
    values = f(0.0, [0.0, 0.0, 0.0, 0.0, 0.0, 0.1, 5.0, 0.2, -1.5, 0.0])
    assert np.all(np.isfinite(values)), values
