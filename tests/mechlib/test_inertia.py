"""Inertia forces and torques; F_r* against KanesMethod."""

import pytest
import sympy as sm
import sympy.physics.mechanics as me

import mechlib as ml


def test_particle_sum_equals_dyadic_form():
    """Four particles fixed in a body that tumbles in 3D while its mass
    center G moves: -sum m_i r_i x a_i equals -(alpha . I + w x I . w),
    with I the particles' central inertia dyadic."""
    q1, q2, q3, u1, u2, u3, u4 = me.dynamicsymbols("q1:4 u1:5")
    N, B = me.ReferenceFrame("N"), me.ReferenceFrame("B")
    B.orient_body_fixed(N, (q1, q2, q3), "zxy")
    B.set_ang_vel(N, u1 * B.x + u2 * B.y + u3 * B.z)
    G = me.Point("G")
    G.set_vel(N, u4 * N.x)
    a, b, c = sm.symbols("a, b, c")
    m1, m2, m3, m4 = sm.symbols("m1:5")
    offsets = [a * B.x + b * B.y, -a * B.x + c * B.z, b * B.y - c * B.z]
    first = m1 * offsets[0] + m2 * offsets[1] + m3 * offsets[2]
    offsets.append(-first / m4)      # makes G the mass center
    particles = []
    for i, (m, r) in enumerate(zip((m1, m2, m3, m4), offsets, strict=True)):
        P = G.locatenew(f"P{i + 1}", r)
        P.v2pt_theory(G, N, B)
        particles.append(me.Particle(f"p{i + 1}", P, m))
    T_particles = ml.inertia_torque_of_particles(particles, G, N)
    I = me.Dyadic(0)
    for p, r in zip(particles, offsets, strict=True):
        I += p.mass * (r.dot(r) * me.inertia(B, 1, 1, 1) - r.outer(r))
    body = me.RigidBody("B", G, B, m1 + m2 + m3 + m4, (I, G))
    T_dyadic = ml.inertia_torque(body, N)
    diff = (T_particles - T_dyadic).to_matrix(B)
    assert diff.applyfunc(lambda e: sm.simplify(sm.expand(e))) \
        == sm.zeros(3, 1)


def test_particle_sum_requires_mass_center():
    q, u = me.dynamicsymbols("q, u")
    N, B = me.ReferenceFrame("N"), me.ReferenceFrame("B")
    B.orient_axis(N, q, N.z)
    B.set_ang_vel(N, u * N.z)
    C = me.Point("C")
    C.set_vel(N, 0)
    P = C.locatenew("P", B.x)
    P.v2pt_theory(C, N, B)
    with pytest.raises(ValueError, match="not the mass center"):
        ml.inertia_torque_of_particles([me.Particle("p", P, 1)], C, N)


def test_two_rods_frstar_matches_kanes_method(helpers):
    ex = ml.systems.two_rods()
    km, fr, frstar = helpers.kanes_method(ex)
    Frs = ml.generalized_inertia_forces(ex.bodies, ex.u, ex.N, kdes=ex.kdes)
    assert (Frs - frstar).applyfunc(sm.simplify) == sm.zeros(2, 1)
    parts = ml.generalized_inertia_forces(ex.bodies, ex.u, ex.N,
                                          kdes=ex.kdes, per_body=True)
    assert (parts["rod_A"] + parts["rod_B"] - Frs).applyfunc(sm.simplify) \
        == sm.zeros(2, 1)


def test_inertia_force_and_torque_definitions():
    ex = ml.systems.two_rods()
    R = ml.inertia_force(ex.rod_B, ex.N, kdes=ex.kdes)
    assert (R + ex.m * ex.Bo.acc(ex.N)).simplify() == me.Vector(0)
    # Rod A turns about n_z = a_z, its central moment of inertia about a_z is
    # m l^2/12: T* = -m l^2/12 u1' n_z.
    t = me.dynamicsymbols._t
    T_A = ml.inertia_torque(ex.rod_A, ex.N, kdes=ex.kdes)
    expected = sm.Matrix([0, 0, -ex.m * ex.l**2 / 12 * ex.u1.diff(t)])
    assert (T_A.to_matrix(ex.N) - expected).applyfunc(sm.simplify) == sm.zeros(3, 1)
    # Rod B tumbles (about n_z and a_x): T* = -d/dt of its central angular
    # momentum in N, from SymPy's angular_momentum, not from alpha.I + w x I.w.
    rates = {ex.q1.diff(t): ex.u1, ex.q2.diff(t): ex.u2}
    H_dot = ex.rod_B.angular_momentum(ex.Bo, ex.N).dt(ex.N).xreplace(rates)
    T_B = ml.inertia_torque(ex.rod_B, ex.N, kdes=ex.kdes)
    assert (T_B + H_dot).to_matrix(ex.N).applyfunc(sm.simplify) == sm.zeros(3, 1)
    assert T_B.to_matrix(ex.N).applyfunc(sm.simplify) != sm.zeros(3, 1)
    p = me.Particle("p", ex.Ao, ex.m)
    assert ml.inertia_torque(p, ex.N) == me.Vector(0)
    with pytest.raises(TypeError, match="Particle or RigidBody"):
        ml.inertia_force(ex.Ao, ex.N)
