"""Implicit kinematical equations, and every symbolic linear solve of
mechlib, never divide by a pivot that is identically zero (issue 59, item 1).

The eccentric sphere rolling on a plane, oriented by ZXY angles, with speeds
the components of its angular velocity in N: its kinematical equations
``dot(w_q - w_u, N.x|y|z) = 0`` have a first pivot that is zero although
SymPy cannot tell (``-(-s1 s2 s3 + c1 c3) s3 c2 + ... = 0``). Solved through
it, q1' was -3.0 where the equations give 2.206, and the equations of motion
did not conserve energy.
"""

import numpy as np
import pytest
import sympy as sm
import sympy.physics.mechanics as me

import mechlib as ml
from mechlib import errors
from mechlib._expressions import qdot_map
from mechlib._sampling import value_stream

q1, q2, q3, x, y = me.dynamicsymbols("q1 q2 q3 x y")
u1, u2, u3 = me.dynamicsymbols("u1 u2 u3")
m, g, r, e, Ix, Iy, Iz = sm.symbols("m g r e I_x I_y I_z", positive=True)
Q, U = [q1, q2, q3, x, y], [u1, u2, u3]
CONSTANTS = {m: 2.0, g: 9.81, r: 0.5, e: 0.1, Ix: 0.3, Iy: 0.25, Iz: 0.2}
POINT = {q1: 0.3, q2: -0.6, q3: 0.8, x: 0.0, y: 0.0, u1: 0.5, u2: 2.0, u3: 1.0,
         r: 1.0}


def sphere(kdes_of):
    """Bodies, loads, frame and kdes of the eccentric sphere (mass center a
    distance e from the geometric center C along B.z), kdes made by
    ``kdes_of(N, B)``."""
    N, B = me.ReferenceFrame("N"), me.ReferenceFrame("B")
    B.orient_body_fixed(N, (q1, q2, q3), "ZXY")
    C = me.Point("C")
    C.set_vel(N, r * u2 * N.x - r * u1 * N.y)     # rolling: v_C = w x r N.z
    G = C.locatenew("G", e * B.z)
    G.v2pt_theory(C, N, B)
    body = me.RigidBody("S", G, B, m, (me.inertia(B, Ix, Iy, Iz), G))
    return dict(bodies=[body], loads=[(G, -m * g * N.z)], frame=N,
                kdes=kdes_of(N, B)), (N, B, G, body)


def implicit_kdes(N, B):
    """The issue's kinematical equations: components in N of w_q - w_u."""
    w = B.ang_vel_in(N) - (u1 * N.x + u2 * N.y + u3 * N.z)
    return [me.dot(w, N.x), me.dot(w, N.y), me.dot(w, N.z),
            x.diff() - r * u2, y.diff() + r * u1]


def solved_kdes(N, B):
    """The same equations solved by hand (determinant cos q2)."""
    s1, c1, s2, c2 = sm.sin(q1), sm.cos(q1), sm.sin(q2), sm.cos(q2)
    q3dot = (-s1 * u1 + c1 * u2) / c2
    return [q1.diff() - (u3 - s2 * q3dot), q2.diff() - (c1 * u1 + s1 * u2),
            q3.diff() - q3dot, x.diff() - r * u2, y.diff() + r * u1]


def numeric_rates(kdes, values):
    """The coordinate rates of ``kdes`` at ``values``, by numpy's solve."""
    qdots = [c.diff() for c in Q]
    A = sm.Matrix(kdes).jacobian(qdots)
    b = -sm.Matrix(kdes).xreplace(dict.fromkeys(qdots, 0))
    return np.linalg.solve(np.array(A.xreplace(values), dtype=float),
                           np.array(b.xreplace(values), dtype=float)).ravel()


def test_the_spheres_rates_agree_with_a_numeric_solve():
    (given, (N, B, *_)) = sphere(implicit_kdes)
    rates = qdot_map(given["kdes"], U)
    got = [float(rates[c.diff()].xreplace(POINT)) for c in Q]
    assert np.allclose(got, numeric_rates(given["kdes"], POINT), rtol=1e-12)
    assert got[0] == pytest.approx(2.2060735876, rel=1e-9)


def test_the_hand_solved_rates_are_the_same_equations():
    (given, _) = sphere(implicit_kdes)
    expected = numeric_rates(given["kdes"], POINT)
    assert np.allclose(numeric_rates(sphere(solved_kdes)[0]["kdes"], POINT), expected)


@pytest.fixture(scope="module")
def both_sphere_equations():
    """The sphere's equations from the implicit and the hand-solved kdes."""
    out = []
    for kdes_of in (implicit_kdes, solved_kdes):
        given, _ = sphere(kdes_of)
        out.append(ml.kanes_equations(q=Q, u=U, **given))
    return out


def test_the_equations_of_motion_agree_with_the_hand_solved_ones(both_sphere_equations):
    """The right-hand sides x' = f(x) agree at random states (comparing the
    symbolic matrices in 30 digits took a minute)."""
    implicit, solved = (ml.rhs(eqs, CONSTANTS) for eqs in both_sphere_equations)
    draw = value_stream(59, -1.2, 1.2)
    for _ in range(3):
        state = [next(draw) for _ in range(8)]
        assert np.allclose(implicit(0.0, state), solved(0.0, state), rtol=1e-10, atol=1e-12)


def energy(state, constants):
    """Kinetic plus potential energy of the sphere at ``state``."""
    given, (N, B, G, body) = sphere(solved_kdes)
    qd = qdot_map(given["kdes"], U)
    kinetic = body.kinetic_energy(N).xreplace(qd)
    potential = m * g * me.dot(e * B.z, N.z)     # C stays at height r
    values = {**dict(zip(Q + U, state, strict=True)), **constants}
    return float((kinetic + potential).xreplace(values))


def test_energy_is_conserved_in_a_short_simulation(both_sphere_equations):
    implicit, _ = both_sphere_equations
    x0 = [0.3, -0.6, 0.8, 0.0, 0.0, 0.5, 2.0, 1.0]
    sol = ml.simulate(implicit, x0, (0.0, 0.5), CONSTANTS,
                      t_eval=np.linspace(0.0, 0.5, 6), rtol=1e-11, atol=1e-11)
    energies = [energy(sol.y[:, k], CONSTANTS) for k in range(sol.y.shape[1])]
    assert max(energies) - min(energies) < 1e-7 * abs(energies[0])


# --- the same robustness in every other symbolic solve ----------------------

ZERO = sm.sin(q1) ** 2 + sm.cos(q1) ** 2 - 1     # zero, SymPy cannot tell


def test_constraints_solved_by_lu_skip_a_pivot_that_is_identically_zero():
    """solve_linear(..., "LU") on the sphere's equations, as a motion
    constraint solve would meet them."""
    given, _ = sphere(implicit_kdes)
    qdots = [c.diff() for c in Q]
    A = sm.Matrix(given["kdes"]).jacobian(qdots)
    b = -sm.Matrix(given["kdes"]).xreplace(dict.fromkeys(qdots, 0))
    x_lu = ml.nonholonomic.solve_linear(A, b, "LU")
    got = np.array(x_lu.xreplace(POINT), dtype=float).ravel()
    assert np.allclose(got, numeric_rates(given["kdes"], POINT), rtol=1e-12)


def test_a_solver_whose_answer_does_not_solve_the_equations_is_refused():
    A = sm.Matrix([[1, 0], [0, 2]])
    with pytest.raises(errors.ConstraintError, match="does not satisfy"):
        ml.nonholonomic.solve_linear(A, sm.Matrix([1, 1]), lambda A, b: b)


def test_kdes_singular_everywhere_are_refused_though_sympy_cannot_tell():
    """(A guard: the old code refused these too, by simplifying det A.)"""
    singular = [q1.diff() * ZERO + q2.diff() * ZERO - u1,
                q1.diff() + q2.diff() - u2]
    with pytest.raises(errors.ShapeError, match="cannot be solved"):
        qdot_map(singular, [u1, u2])


def test_kanes_method_still_solves_the_spheres_rates_wrong():
    """book/nonholonomic-reduction.md says that SymPy's KanesMethod divides
    by the zero pivot here: when a SymPy release gets the rates right, this
    fails, and the chapter's sentence must change."""
    (given, _) = sphere(implicit_kdes)
    kane = me.KanesMethod(given["frame"], Q, U, kd_eqs=given["kdes"])
    rates = kane.kindiffdict()
    got = float(rates[q1.diff()].xreplace(POINT))
    assert not np.isclose(got, numeric_rates(given["kdes"], POINT)[0], rtol=1e-6), got
