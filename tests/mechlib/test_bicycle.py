"""The Whipple bicycle builder against SymPy's bicycle and the benchmark.

Three references:

* SymPy's own bicycle, ``sympy/physics/mechanics/tests/test_kane3.py::
  test_bicycle`` (Moore's Autolev port, z up, rear contact embedded, other
  parameters), rebuilt below exactly as that test builds it; the two models
  must give the same motion at states on the constraint manifold;
* the eigenvalues of Meijaard, Papadopoulos, Ruina and Schwab (2007), Proc.
  R. Soc. A 463, Table 2, which a linearization at the upright,
  straight-ahead motion must reproduce to 1e-10 relative;
* ``test_bicycle``'s stored linearized A matrix (lean, steer and their
  rates, as polynomials in v): it was reproduced once offline with
  ``KanesMethod.linearize(linear_solver="CRAMER")`` of this builder
  (about two minutes, too slow for the suite); here a complex-step
  linearization of the builder's nonlinear equations checks it instead.

``mechlib.kanes_equations`` (configuration constraint, Cramer's rule) is
checked against KanesMethod on the same System, and ``mechlib.linearize``
against the benchmark's eigenvalues.
"""

import math

import numpy as np
import pytest
import sympy as sm
import sympy.physics.mechanics as me
from scipy.optimize import brentq

import mechlib as ml
from benchmarks.kane_vs_mechlib import kane3_kanes_method
from mechlib.systems.bicycle import (
    BENCHMARK_PARAMETERS,
    benchmark_parameters,
    pitch_angle,
    upright_operating_point,
)

# Long comparisons with KanesMethod: left out of the fast path.
pytestmark = pytest.mark.slow

#: Meijaard et al. (2007), Table 2: eigenvalues of the benchmark bicycle at
#: forward speed v (m/s): castering, capsize and the weave pair (at v = 0
#: the two pairs of the inverted pendulum).
BENCHMARK_EIGENVALUES = {
    0: [-5.53094371765393, -3.13164324790656, 3.13164324790656,
        5.53094371765393],
    4: [-12.15861426576447, -1.42944427361326,
        0.41325331521125 - 3.07910818603206j,
        0.41325331521125 + 3.07910818603206j],
    5: [-14.07838969279822, -0.32286642900409,
        -0.77534188219585 - 4.46486771378823j,
        -0.77534188219585 + 4.46486771378823j],
    10: [-24.62459635017404, 0.16105338653172,
         -3.72016840437287 - 10.90681139476287j,
         -3.72016840437287 + 10.90681139476287j],
}

def kane3_A(v):
    """test_kane3.py::test_bicycle's stored linearized A (its ``Res``).

    For [lean, steer, lean rate, steer rate] at the benchmark parameters,
    at forward speed v.
    """
    return np.array([
        [0, 0, 1.0, 0],
        [0, 0, 0, 1.0],
        [9.48977444677355, -0.891197738059089 * v**2 - 0.571523173729245,
         -0.105522449805691 * v, -0.330515398992311 * v],
        [11.7194768719633, -1.97171508499972 * v**2 + 30.9087533932407,
         3.67680523332152 * v, -3.08486552743311 * v]])



def assert_eigenvalues(computed, expected, rtol=1e-10):
    computed = np.sort_complex(np.asarray(computed, dtype=complex))
    expected = np.sort_complex(np.asarray(expected, dtype=complex))
    assert np.all(np.abs(computed - expected) <= rtol * np.abs(expected)), (
        computed, expected)


# --- SymPy's bicycle, as test_kane3.py::test_bicycle builds it -------------

def kane3_bicycle():
    """KanesMethod of sympy's test_kane3.py::test_bicycle, formed, and its
    parameters by name.

    The set-up is the benchmark's copy of that test (the same frames, points,
    inertias, kinematical differential equations, constraints, loads and
    KanesMethod call; z up, speeds u1 yaw, u2 roll, u3 rear wheel, u4 pitch,
    u5 steer, u6 front wheel).
    """
    return kane3_kanes_method(), {name: sm.Symbol(name) for name in KANE3_PARAMETERS}


#: The parameters of test_bicycle.
KANE3_PARAMETERS = ("WFrad WRrad htangle forkoffset forklength framelength forkcg1 "
                    "forkcg3 framecg1 framecg3 Iwr11 Iwr22 Iwf11 Iwf22 Iframe11 "
                    "Iframe22 Iframe33 Iframe31 Ifork11 Ifork22 Ifork33 Ifork31 g "
                    "mframe mfork mwf mwr").split()


def kane3_values(b):
    """test_bicycle's conversion of the benchmark's values to its symbols.

    ``b`` holds values under the names of ``BENCHMARK_PARAMETERS``; for the
    benchmark itself this gives test_bicycle's ``val_dict``.
    """
    rR, rF, w, c = b["r_R"], b["r_F"], b["w"], b["c"]
    HTA = math.pi / 2 - b["lam"]      # head-tube angle from the ground
    rake = -(c * math.sin(HTA) - rF * math.cos(HTA))
    xB, zB = b["x_B"], -b["z_B"]      # heights: the benchmark's z is down
    xH, zH = b["x_H"], -b["z_H"]
    tempa, tempb = zH - rF, w - xH
    tempc = math.sqrt(tempa**2 + tempb**2)
    fork_length = w * math.cos(HTA) - (rF - rR) * math.sin(HTA)
    return dict(
        WFrad=rF, WRrad=rR, htangle=HTA, forkoffset=rake,
        forklength=fork_length,
        framelength=w * math.sin(HTA) - (rake - (rF - rR) * math.cos(HTA)),
        forkcg1=(tempc * math.cos(math.pi / 2 - HTA - math.acos(tempa / tempc))
                 - fork_length),
        forkcg3=rake + tempc * math.sin(math.pi / 2 - HTA
                                        - math.acos(tempa / tempc)),
        framecg1=(zB - rR - xB / math.sin(HTA) * math.cos(HTA))
        * math.sin(HTA),
        framecg3=(xB / math.sin(HTA) + (zB - rR - xB / math.sin(HTA)
                                        * math.cos(HTA)) * math.cos(HTA)),
        Iwr11=b["I_Rxx"], Iwr22=b["I_Ryy"], Iwf11=b["I_Fxx"],
        Iwf22=b["I_Fyy"], Ifork11=b["I_Hxx"], Ifork22=b["I_Hyy"],
        Ifork33=b["I_Hzz"], Ifork31=-b["I_Hxz"],  # y and z flipped
        Iframe11=b["I_Bxx"], Iframe22=b["I_Byy"], Iframe33=b["I_Bzz"],
        Iframe31=-b["I_Bxz"], mfork=b["m_H"], mframe=b["m_B"],
        mwf=b["m_F"], mwr=b["m_R"], g=b["g"])



# --- fixtures ---------------------------------------------------------------

@pytest.fixture(scope="module")
def ex():
    return ml.systems.whipple_bicycle()


def kanes_method(ex):
    """KanesMethod (CRAMER) on the System's own data."""
    s = ex.system
    km = me.KanesMethod(
        s.frame, q_ind=s.q_ind, u_ind=s.u_ind, kd_eqs=s.kdes,
        q_dependent=s.q_dep, configuration_constraints=s.holonomic_constraints,
        u_dependent=s.u_dep, velocity_constraints=s.velocity_constraints,
        constraint_solver="CRAMER")
    km.kanes_equations(s.bodies, ex.loads)
    return km


@pytest.fixture(scope="module")
def km(ex):
    return kanes_method(ex)


class Numeric:
    """Mass matrix, forcing and constraints of a KanesMethod as functions.

    ``M(q, u, p)``, ``f(q, u, p)`` (in the KanesMethod's speed order,
    ``[*u_ind, *u_dep]``), the velocity constraints ``K(q, u, p) u + k``
    and the configuration constraints with their derivatives by the
    dependent coordinates; work with complex numbers too.
    """

    def __init__(self, km, q, parameters):
        self.q, self.u, self.p = list(q), list(km.u), list(parameters)
        args = [self.q, self.u, self.p]
        lam = lambda e: sm.lambdify(args, e, cse=True, modules="numpy")
        self.M, self.f = lam(km.mass_matrix), lam(km.forcing)
        self.vel = lam(km._k_nh * km.u + km._f_nh)
        self.hol = lam(km._f_h)
        self.dhol = lam(km._f_h.jacobian(km._qdep))
        self.m = len(km._udep)

    def dependent_speeds(self, q, u_ind, p):
        """The dependent speeds that satisfy the velocity constraints."""
        zero = np.zeros(self.m)
        res = lambda ud: np.ravel(self.vel(q, [*u_ind, *ud], p))
        r0 = res(zero)
        A = np.column_stack([res(col) - r0 for col in np.eye(self.m)])
        return np.linalg.solve(A, -r0)

    def accelerations(self, q, u, p):
        return np.linalg.solve(np.asarray(self.M(q, u, p)),
                               np.ravel(self.f(q, u, p)))


@pytest.fixture(scope="module")
def numeric(ex, km):
    return Numeric(km, ex.system.q,
                   [ex.names[k] for k in BENCHMARK_PARAMETERS])


@pytest.fixture(scope="module")
def reference():
    km, p = kane3_bicycle()
    q = list(km.q)  # [q1, q2, q5, q4]: yaw, roll, steer, pitch
    return km, p, Numeric(km, q, [p[k] for k in sorted(p)])


def parameter_sets():
    """The benchmark and two bicycles within 10 % of it."""
    rng = np.random.default_rng(2007)
    yield dict(BENCHMARK_PARAMETERS)
    for _ in range(2):
        yield {k: v * rng.uniform(0.9, 1.1)
               for k, v in BENCHMARK_PARAMETERS.items()}


# --- structure ------------------------------------------------------------

def test_structure(ex):
    s = ex.system
    assert list(s.q_ind) == [ex.q1, ex.q2, ex.q3, ex.q4, ex.q6, ex.q7, ex.q8]
    assert list(s.q_dep) == [ex.pitch] == [ex.q5]
    assert list(s.u_ind) == [ex.lean_rate, ex.rear_wheel_rate,
                             ex.steer_rate]
    assert list(s.u_dep) == [ex.u1, ex.u2, ex.yaw_rate, ex.pitch_rate,
                             ex.front_wheel_rate]
    assert len(s.holonomic_constraints) == 1
    assert len(s.nonholonomic_constraints) == 4
    assert len(s.velocity_constraints) == 5
    assert len(s.kdes) == 8
    assert [b.name for b in s.bodies] == ["rear_frame", "front_frame",
                                          "rear_wheel", "front_wheel"]
    assert len(s.loads) == 4
    s.validate_system()
    assert set(benchmark_parameters(ex)) == {
        ex.names[k] for k in BENCHMARK_PARAMETERS}


def random_configuration(ex, rng, constants):
    """q1 .. q8 with the front wheel on the ground (pitch solved)."""
    lean, steer = rng.uniform(-0.4, 0.4), rng.uniform(-0.7, 0.7)
    values = dict(zip([ex.q1, ex.q2, ex.q3, ex.q6, ex.q8],
                      rng.uniform(-3, 3, 5), strict=True))
    values.update({ex.lean: lean, ex.steer: steer,
                   ex.pitch: pitch_angle(ex, lean, steer, constants)})
    return values


def test_constraints_are_the_contact_conditions(ex, numeric):
    """The holonomic constraint is Q's height, its rate the first velocity
    constraint; the rear contact moves with u1, u2 along y_x, y_y."""
    s = ex.system
    rng = np.random.default_rng(1)
    constants = benchmark_parameters(ex)
    qd = sm.solve(list(s.kdes), [q.diff() for q in s.q])
    direct = ex.Q.pos_from(ex.P).dot(ex.Y.z)
    rate = s.holonomic_constraints[0].diff(me.dynamicsymbols._t).xreplace(qd)
    for _ in range(3):
        values = random_configuration(ex, rng, constants)
        values.update(dict(zip(s.u, rng.uniform(-2, 2, 8), strict=True)))
        values.update(constants)
        assert abs(float(direct.xreplace(values))) < 1e-14
        assert abs(float(s.holonomic_constraints[0].xreplace(values))) < 1e-14
        assert math.isclose(float(rate.xreplace(values)),
                            float(s.velocity_constraints[0].xreplace(values)),
                            rel_tol=1e-12, abs_tol=1e-12)
    assert sm.expand(ex.rear_contact_velocity.to_matrix(ex.Y) - sm.Matrix(
        [ex.u1 + ex.r_R * (ex.u5 + ex.u6), ex.u2, 0])) == sm.zeros(3, 1)


def test_pitch_angle(ex):
    constants = benchmark_parameters(ex)
    assert pitch_angle(ex, 0.0, 0.0, constants) == 0.0
    theta = pitch_angle(ex, 0.2, -0.5, constants)
    assert theta != 0.0
    height = ex.holonomic_constraint.xreplace(
        {ex.lean: 0.2, ex.steer: -0.5, ex.pitch: theta, **constants})
    assert abs(float(height)) < 1e-15
    with pytest.raises(ml.errors.MissingValueError):
        pitch_angle(ex, 0.1, 0.1, {ex.w: 1.0})


def test_upright_operating_point_satisfies_the_constraints(ex):
    s = ex.system
    v = sm.Symbol("v")
    op = upright_operating_point(ex, v)
    assert set(op) == set(s.q) | set(s.u)
    assert op[ex.rear_wheel_rate] == -v / ex.r_R
    # holonomic: exactly zero for every bicycle (pitch zero in closed form)
    assert sm.trigsimp(s.holonomic_constraints.xreplace(op)) == sm.zeros(1, 1)
    assert sm.simplify(s.velocity_constraints.xreplace(op)) == sm.zeros(5, 1)
    numeric = upright_operating_point(ex, 5.0, benchmark_parameters(ex))
    assert float(numeric[ex.front_wheel_rate]) == pytest.approx(-5.0 / 0.35)


# --- against test_kane3's bicycle -----------------------------------------

def test_equations_match_test_kane3(ex, numeric, reference):
    """At states on the constraint manifold, the two bicycles move alike.

    Sign conventions (this builder: z down, y right; test_bicycle: z up,
    y left): yaw, pitch and the wheels' angles and rates change sign, lean
    and steer do not. Compared: the pitch that puts the front wheel on the
    ground, the dependent speeds, and all six speed derivatives.
    """
    s = ex.system
    km_ref, p_ref, num_ref = reference
    u = dict(zip("u1 u2 u3 u4 u5 u6".split(),
                 me.dynamicsymbols("u1 u2 u3 u4 u5 u6"), strict=True))
    rng = np.random.default_rng(7)
    for b in parameter_sets():
        p = [b[k] for k in BENCHMARK_PARAMETERS]
        constants = dict(zip(numeric.p, p, strict=True))
        ref_values = kane3_values(b)
        p_r = [ref_values[k] for k in sorted(p_ref)]
        for _ in range(3):
            qv = random_configuration(ex, rng, constants)
            q = [qv[qi] for qi in s.q]
            u_ind = rng.uniform(-3, 3, 3)
            u_all = [*u_ind, *numeric.dependent_speeds(q, u_ind, p)]
            mine = dict(zip(s.u, u_all, strict=True))
            udot = dict(zip(s.u, numeric.accelerations(q, u_all, p), strict=True))

            # the reference at the same state
            yaw, lean, steer = qv[ex.yaw], qv[ex.lean], qv[ex.steer]
            pitch_ref = brentq(lambda q4, angles=(-yaw, lean, steer), p_r=p_r: float(np.ravel(
                num_ref.hol([*angles, q4], np.zeros(6), p_r))[0]), -0.5, 0.5, xtol=1e-15)
            assert pitch_ref == pytest.approx(-qv[ex.pitch], abs=1e-14)
            q_r = [-yaw, lean, steer, pitch_ref]
            u_ind_r = [mine[ex.lean_rate], -mine[ex.rear_wheel_rate],
                       mine[ex.steer_rate]]  # u2, u3, u5
            u_r = [*u_ind_r, *num_ref.dependent_speeds(q_r, u_ind_r, p_r)]
            ref = dict(zip(km_ref.u, u_r, strict=True))
            ref_dot = dict(zip(km_ref.u, num_ref.accelerations(q_r, u_r, p_r), strict=True))

            pairs = [(ex.yaw_rate, "u1", -1), (ex.lean_rate, "u2", 1),
                     (ex.rear_wheel_rate, "u3", -1),
                     (ex.pitch_rate, "u4", -1), (ex.steer_rate, "u5", 1),
                     (ex.front_wheel_rate, "u6", -1)]
            for mine_u, name, sign in pairs:
                assert mine[mine_u] == pytest.approx(
                    sign * ref[u[name]], rel=1e-10, abs=1e-12)
            scale = max(abs(x) for x in ref_dot.values())
            for mine_u, name, sign in pairs:
                assert abs(udot[mine_u] - sign * ref_dot[u[name]]) \
                    <= 1e-10 * scale, (mine_u, udot[mine_u], ref_dot[u[name]])
            # the rear contact point rolls: u1 = -r_R (u5 + u6), u2 = 0
            assert mine[ex.u1] == pytest.approx(-b["r_R"] * (
                mine[ex.pitch_rate] + mine[ex.rear_wheel_rate]))
            assert abs(mine[ex.u2]) < 1e-12


def test_A_n_is_finite_upright(ex, km):
    """KanesMethod's A_n (dependent speeds per independent speed, from
    Cramer's rule) has a nonzero denominator at the upright, zero-steer
    state, symbolically and at the benchmark."""
    upright = {q: 0 for q in ex.system.q}
    A_n = km._Ars.xreplace(upright)
    assert A_n.shape == (5, 3)
    assert not A_n.has(sm.zoo, sm.nan, sm.oo)
    A_num = np.array(A_n.xreplace(benchmark_parameters(ex)), dtype=float)
    assert np.all(np.isfinite(A_num))
    # rolling straight ahead: u1 = -r_R u6, u8 = (r_R / r_F) u6
    assert A_num[0, 1] == pytest.approx(-0.3)
    assert A_num[4, 1] == pytest.approx(0.3 / 0.35)


# --- linearization: test_kane3's A and the benchmark eigenvalues -------------

def complex_step_A(ex, numeric, v, constants, h=1e-30):
    """A of [lean, steer, lean rate, steer rate] at upright motion at v.

    Complex-step derivatives of the builder's nonlinear equations (exact to
    rounding): the pitch is solved from the holonomic constraint by
    Newton's method in complex arithmetic, the dependent speeds from the
    velocity constraints, the speed derivatives from M u' = f.
    """
    s = ex.system
    p = [constants[sym] for sym in numeric.p]
    op = upright_operating_point(ex, v, constants)
    i_lean, i_steer, i_pitch = (s.q[:].index(x) for x in
                                (ex.lean, ex.steer, ex.pitch))
    u_ind0 = [complex(op[x]) for x in s.u_ind]

    def xdot(x):
        q = np.zeros(8, dtype=complex)
        q[i_lean], q[i_steer] = x[0], x[1]
        for _ in range(8):  # Newton on the pitch
            q[i_pitch] -= (np.ravel(numeric.hol(q, np.zeros(8), p))[0]
                           / np.ravel(numeric.dhol(q, np.zeros(8), p))[0])
        u_ind = list(u_ind0)
        u_ind[0], u_ind[2] = x[2], x[3]  # lean rate, steer rate
        u = [*u_ind, *numeric.dependent_speeds(q, u_ind, p)]
        udot = numeric.accelerations(q, u, p)
        return np.array([x[2], x[3], udot[0], udot[2]])

    A = np.empty((4, 4))
    for j in range(4):
        x = np.zeros(4, dtype=complex)
        x[j] = 1j * h
        A[:, j] = xdot(x).imag / h
    return A


def test_linearization_matches_test_kane3_and_the_benchmark(ex, numeric):
    constants = benchmark_parameters(ex)
    for v in range(6):
        A = complex_step_A(ex, numeric, float(v), constants)
        assert np.allclose(A, kane3_A(v), rtol=1e-11, atol=1e-12), \
            (v, A)
    for v, expected in BENCHMARK_EIGENVALUES.items():
        A = complex_step_A(ex, numeric, float(v), constants)
        assert_eigenvalues(np.linalg.eigvals(A), expected)


@pytest.fixture(scope="module")
def eqs(ex):
    return ml.kanes_equations(ex)


def test_ml_linearize_reproduces_the_benchmark_eigenvalues(ex, eqs):
    """mechlib's linearizer at upright, straight-ahead motion: the lean and
    steer block of its A has the benchmark's eigenvalues (Meijaard et al.
    2007, Table 2) to 1e-10 relative at every tabulated speed, and nothing
    else feeds that block."""
    constants = benchmark_parameters(ex)
    linearizer = ml.linearization.Linearizer(eqs, constants)
    for v, expected in BENCHMARK_EIGENVALUES.items():
        lin = linearizer.at(upright_operating_point(ex, v, constants))
        state = list(lin.state)
        A = np.asarray(lin.A, dtype=float)
        block = [state.index(x) for x in (ex.lean, ex.steer, ex.lean_rate,
                                          ex.steer_rate)]
        others = [i for i in range(len(state)) if i not in block]
        assert np.allclose(A[np.ix_(block, others)], 0, atol=1e-12)
        assert_eigenvalues(np.linalg.eigvals(A[np.ix_(block, block)]),
                           expected)


def test_ml_linearize_matches_finite_differences_of_rhs(ex, eqs):
    """A from complex steps against central differences of ml.rhs on the
    constraint manifold (each perturbed state completed with
    ml.consistent_state), at a leaning, steering, non-equilibrium state."""
    constants = benchmark_parameters(ex)
    point = upright_operating_point(ex, 4.0, constants)
    point.update({ex.lean: 0.1, ex.steer: -0.05, ex.lean_rate: 0.3,
                  ex.steer_rate: 0.2})
    x0 = ml.consistent_state(eqs, [float(point[s]) for s in eqs.state],
                             constants)
    lin = ml.linearize(eqs, dict(zip(eqs.state, x0, strict=True)), constants)
    f = ml.rhs(eqs, constants)
    index = [eqs.state.index(s) for s in lin.state]
    h = 1e-6
    columns = []
    for k in index:
        sides = []
        for sign in (1, -1):
            x = x0.copy()
            x[k] += sign * h
            x = ml.consistent_state(eqs, x, constants)
            sides.append(f(0.0, x)[index])
        columns.append((sides[0] - sides[1]) / (2 * h))
    A_fd = np.array(columns).T
    assert np.max(np.abs(lin.A - A_fd)) < 1e-6 * np.max(np.abs(lin.A))


def test_ml_kanes_equations_match_kanes_method(ex, km, numeric, eqs):
    """mechlib's Kane's equations, with the configuration constraint and
    Cramer's rule, give KanesMethod's A_n and speed derivatives at states on
    the constraint manifold (the benchmark and two other bicycles)."""
    s = ex.system
    assert list(eqs.q_dep) == [ex.pitch]
    assert set(eqs.u) == set(s.u)
    args = [list(s.q), list(eqs.u), numeric.p]
    lam = lambda e: sm.lambdify(args, e, cse=True, modules="numpy")
    M, f = lam(eqs.mass_matrix), lam(eqs.forcing)
    A_n, A_n_km = lam(eqs.A_n), lam(km._Ars)
    rng = np.random.default_rng(3)
    for b in parameter_sets():
        p = [b[k] for k in BENCHMARK_PARAMETERS]
        constants = dict(zip(numeric.p, p, strict=True))
        for _ in range(2):
            qv = random_configuration(ex, rng, constants)
            q = [qv[qi] for qi in s.q]
            u_ind = rng.uniform(-3, 3, 3)
            u_km = [*u_ind, *numeric.dependent_speeds(q, u_ind, p)]
            by_speed = dict(zip(s.u, u_km, strict=True))
            u = [by_speed[ui] for ui in eqs.u]
            expected = dict(zip(s.u, numeric.accelerations(q, u_km, p), strict=True))
            got = dict(zip(eqs.u, np.linalg.solve(
                np.asarray(M(q, u, p)), np.ravel(f(q, u, p))), strict=True))
            scale = max(abs(x) for x in expected.values())
            for ui in s.u:
                assert abs(got[ui] - expected[ui]) <= 1e-10 * scale, ui
            assert np.allclose(A_n(q, u, p), A_n_km(q, u_km, p),
                               rtol=1e-10, atol=1e-12)
