"""F_r from a potential energy and a dissipation function, against the same
forces projected on the partial velocities."""

import pytest
import sympy as sm
import sympy.physics.mechanics as me

import mechlib as ml
from mechlib import errors
from mechlib.verify import vanishes


def test_gravity_of_a_three_link_pendulum():
    ex = ml.systems.n_link_pendulum(3)
    V = sum(p.mass * ex.g * p.masscenter.pos_from(ex.O).dot(ex.N.y)
            for p in ex.bodies)
    from_V = ml.potential_forces(V, ex.u, ex.kdes)
    from_loads = ml.generalized_active_forces(ex.loads, ex.u, ex.N,
                                              kdes=ex.kdes)
    assert vanishes(from_V - from_loads)
    assert not vanishes(from_V)


def test_potential_with_speeds_that_are_not_rates():
    """A double pendulum with relative angles and absolute angular speeds,
    u1 = q1', u2 = q1' + q2': W is not the identity."""
    m, g, l = sm.symbols("m, g, l")
    q1, q2, u1, u2 = me.dynamicsymbols("q1, q2, u1, u2")
    N = me.ReferenceFrame("N")
    A = N.orientnew("A", "Axis", (q1, N.z))
    B = A.orientnew("B", "Axis", (q2, A.z))
    O = me.Point("O")
    O.set_vel(N, 0)
    P1 = O.locatenew("P1", -l * A.y)
    P2 = P1.locatenew("P2", -l * B.y)
    P1.v2pt_theory(O, N, A)
    P2.v2pt_theory(P1, N, B)
    kdes = [q1.diff() - u1, q2.diff() - (u2 - u1)]
    V = m * g * (P1.pos_from(O) + P2.pos_from(O)).dot(N.y)
    weights = [(P1, -m * g * N.y), (P2, -m * g * N.y)]
    loads = ml.generalized_active_forces(weights, [u1, u2], N, kdes=kdes)
    from_V = ml.potential_forces(V, [u1, u2], kdes)
    assert vanishes(from_V - loads)
    assert not vanishes(from_V - sm.Matrix([-V.diff(q1), -V.diff(q2)]))


def test_damper_of_the_slider_as_a_dissipation_function():
    ex = ml.systems.slider_rod_bead()
    damper = me.Force(ex.P_ab, -ex.c * ex.q1.diff() * ex.N.x)
    R = ex.c * ex.q1.diff() ** 2 / 2
    from_R = ml.dissipation_forces(R, ex.u, ex.kdes)
    from_load = ml.generalized_active_forces([damper], ex.u, ex.N,
                                             kdes=ex.kdes)
    assert from_R == from_load == sm.Matrix([-ex.c * ex.u1, 0, 0])


def test_torsional_springs_of_the_two_rods():
    ex = ml.systems.two_rods()
    springs = [load for load in ml.active.loads_of(ex.loads)
               if isinstance(load, me.Torque)]
    assert len(springs) == 2
    loads = ml.generalized_active_forces(springs, ex.u, ex.N, kdes=ex.kdes)
    V = ex.k * (ex.q1 ** 2 + ex.q2 ** 2) / 2
    assert vanishes(ml.potential_forces(V, ex.u, ex.kdes) - loads)


def test_a_potential_may_not_depend_on_speeds():
    q, u = me.dynamicsymbols("q, u")
    with pytest.raises(errors.SpeedError, match="coordinates and time"):
        ml.potential_forces(u ** 2, [u], [q.diff() - u])
