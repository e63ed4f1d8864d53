"""``mechlib.linearize`` against ``KanesMethod.linearize``.

SymPy forms the linearized equations symbolically (``A_and_B=True``,
``linear_solver`` CRAMER while the matrices are symbolic; see
``cramer_or_numeric``); numbers are substituted in its A and B here
and compared with mechlib's complex-step linearization of the same system,
to 1e-9 relative. Both use the independent state ``[*q_ind, *u_ind]`` (SymPy
orders A's rows and columns as ``[q_ind, u_ind]`` with the dependent
coordinates and speeds eliminated, and B's columns as the input vector it
returns), which is checked before the matrices are compared.

Systems (rebuilt in tests/mechlib/test_sympy_systems.py from SymPy's tests):

* the rolling disc of SymPy test_linearize.py::test_linearize_rolling_disc_
  kane (a dependent coordinate and three dependent speeds) at upright,
  steady rolling;
* the pendulum on a cart of SymPy test_models.py::test_n_link_pendulum_on_
  cart_inputs (``models.n_link_pendulum_on_cart(1)``), with the force F and
  torque T1 as inputs, at a general (not equilibrium) state;
* the four-bar linkage (two configuration constraints) of
  test_jointsmethod.py, with gravity and an input torque.
"""

import importlib.util
from pathlib import Path

import numpy as np
import pytest
import sympy as sm
import sympy.physics.mechanics as me
from sympy.physics.mechanics import models

import mechlib as ml

# Long comparisons with KanesMethod: left out of the fast path.
pytestmark = pytest.mark.slow


def _load_systems():
    """The systems module next to this one (the tests are imported with
    --import-mode=importlib, so not as a package)."""
    path = Path(__file__).with_name("test_sympy_systems.py")
    spec = importlib.util.spec_from_file_location("_sympy_systems", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


_systems = _load_systems()
compiled, manifold_states = _systems.compiled, _systems.manifold_states
four_bar, four_bar_mechlib = _systems.four_bar, _systems.four_bar_mechlib
four_bar_kanes_method = _systems.four_bar_kanes_method

t = me.dynamicsymbols._t
RTOL = 1e-9


def assert_rel_close(a, b, rtol=RTOL):
    a, b = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
    assert a.shape == b.shape, (a.shape, b.shape)
    scale = max(1.0, float(np.max(np.abs(b)))) if b.size else 1.0
    err = float(np.max(np.abs(a - b))) if a.size else 0.0
    assert err <= rtol * scale, (err, a, b)


def cramer_or_numeric(A, b):
    """The linear solver given to ``KanesMethod.linearize``: SymPy's CRAMER
    where A or b are symbolic (the Linearizer's set-up, which eliminates the
    dependent coordinates, before the operating point is in), numpy where
    they are numbers (its final solve, after the operating point is
    substituted: there any solver gives the same answer, and CRAMER on the
    rolling disc's 12 x 12 sympy Floats takes a minute)."""
    if (A.free_symbols or b.free_symbols or me.find_dynamicsymbols(A)
            or me.find_dynamicsymbols(b)):
        return A.solve(b, method="CRAMER")
    x = np.linalg.solve(np.array(A.evalf(), dtype=float),
                        np.array(b.evalf(), dtype=float))
    return sm.Matrix(x)


def sympy_linearization(km, op, linear_solver=cramer_or_numeric):
    """KanesMethod.linearize at ``op`` (numbers for every q, u, constant and
    input); the q' and u' of the operating point from km's own equations.
    Returns numeric A, B and SymPy's input vector."""
    q, u = list(km.q), list(km.u)
    M, f = compiled([km.mass_matrix_full, km.forcing_full])(op)
    xdot = np.linalg.solve(M, f.ravel())
    point = dict(op)
    point.update({s.diff(t): float(x) for s, x in zip(q + u, xdot, strict=True)})
    A, B, r = km.linearize(A_and_B=True, op_point=point,
                           linear_solver=linear_solver)
    A = np.array(A.xreplace(point).evalf(), dtype=float)
    B = np.array(B.xreplace(point).evalf(), dtype=float) if B.shape[1] \
        else np.zeros((A.shape[0], 0))
    return A, B, list(r)


# --- the rolling disc, SymPy test_linearize.py::test_linearize_rolling_disc_kane

def rolling_disc():
    r, m, g = sm.symbols("r m g")
    q1, q2, q3, q4, q5, q6 = q = me.dynamicsymbols("q1:7")
    u1, u2, u3, u4, u5, u6 = u = me.dynamicsymbols("u1:7")
    N = me.ReferenceFrame("N")
    NO = me.Point("NO")
    A = N.orientnew("A", "Axis", [q1, N.z])
    B = A.orientnew("B", "Axis", [q2, A.x])
    C = B.orientnew("C", "Axis", [q3, B.y])
    CO = NO.locatenew("CO", q4 * N.x + q5 * N.y + q6 * N.z)
    w_c_n_qd = C.ang_vel_in(N)
    w_b_n_qd = B.ang_vel_in(N)
    C.set_ang_vel(N, u1 * B.x + u2 * B.y + u3 * B.z)
    v_co_n_qd = CO.pos_from(NO).dt(N)
    CO.set_vel(N, u4 * C.x + u5 * C.y + u6 * C.z)
    P = CO.locatenew("P", r * B.z)
    P.v2pt_theory(CO, N, C)
    f_c = sm.Matrix([q6 - me.dot(CO.pos_from(P), N.z)])
    f_v = sm.Matrix([me.dot(P.vel(N), uv) for uv in C])
    kindiffs = sm.Matrix([me.dot(w_c_n_qd - C.ang_vel_in(N), uv)
                          for uv in B]
                         + [me.dot(v_co_n_qd - CO.vel(N), uv) for uv in N])
    qdots = sm.solve(kindiffs, [qi.diff(t) for qi in q])
    B.set_ang_vel(N, w_b_n_qd.subs(qdots))
    C.set_ang_acc(N, C.ang_vel_in(N).dt(B)
                  + me.cross(B.ang_vel_in(N), C.ang_vel_in(N)))
    I_C_CO = me.inertia(C, m * r**2 / 4, m * r**2 / 2, m * r**2 / 4)
    disc = me.RigidBody("Disc", CO, C, m, (I_C_CO, CO))
    loads = [(CO, m * g * A.z)]
    km = me.KanesMethod(N, q[:5], u[:3], kd_eqs=kindiffs,
                        q_dependent=[q6], configuration_constraints=f_c,
                        u_dependent=u[3:], velocity_constraints=f_v,
                        constraint_solver="CRAMER")
    km.kanes_equations([disc], loads)
    eqs = ml.kanes_equations(bodies=[disc], loads=loads, q=q[:5], u=u[:3],
                             kdes=kindiffs, frame=N, q_dep=[q6],
                             configuration_constraints=f_c, u_dep=u[3:],
                             constraints=f_v)
    return eqs, km, q, u, (r, m, g)


def upright_rolling(q, u, constants, spin=1.3):
    """Upright, steady rolling (SymPy's op point with q1' = 0, q2 = 0):
    the contact point under the center, the center moving along
    -r u2 (cos q3, sin q3) in C.x, C.z."""
    q1, q2, q3, q4, q5, q6 = q
    u1, u2, u3, u4, u5, u6 = u
    r, m, g = constants
    op = {r: 0.7, m: 1.3, g: 9.81, q1: 0.4, q2: 0.0, q3: 0.9, q4: 0.2,
          q5: -0.3, u1: 0.0, u2: spin, u3: 0.0, u5: 0.0}
    op[q6] = -op[r]
    op[u4] = -op[r] * spin * np.cos(op[q3])
    op[u6] = -op[r] * spin * np.sin(op[q3])
    return op


@pytest.fixture(scope="module")
def disc():
    return rolling_disc()


def test_rolling_disc_upright(disc):
    eqs, km, q, u, constants = disc
    op = upright_rolling(q, u, constants)
    A_ref, B_ref, r_ref = sympy_linearization(km, op)
    lin = ml.linearize(eqs, {s: op[s] for s in q + u},
                       dict(zip(constants, [op[c] for c in constants], strict=True)))
    assert lin.state == q[:5] + u[:3]
    assert A_ref.shape == (8, 8) and r_ref == [] and lin.B.shape == (8, 0)
    assert_rel_close(lin.A, A_ref)
    # SymPy test's stored A at the same point: the spin rate q3' is u2
    # here; in its columns [q1..q5, u1, u2, u3], rows as the test's A_sol
    s, rr, gg = op[u[1]], op[constants[0]], op[constants[2]]
    q1 = op[q[0]]
    A_sol = np.array([
        [0, 0, 0, 0, 0, 0, 0, 1],
        [0, 0, 0, 0, 0, 1, 0, 0],
        [0, 0, 0, 0, 0, 0, 1, 0],
        [rr * np.sin(q1) * s, 0, 0, 0, 0, -rr * np.sin(q1),
         -rr * np.cos(q1), 0],
        [-rr * np.cos(q1) * s, 0, 0, 0, 0, rr * np.cos(q1),
         -rr * np.sin(q1), 0],
        [0, 4 * gg / (5 * rr), 0, 0, 0, 0, 0, 6 * s / 5],
        [0, 0, 0, 0, 0, 0, 0, 0],
        [0, 0, 0, 0, 0, -2 * s, 0, 0]])
    assert_rel_close(lin.A, A_sol)


def test_rolling_disc_critical_speed(disc):
    """At the critical speed sqrt(g/(3 r)) all eigenvalues vanish (SymPy's
    test, with r = g = 1: 1/sqrt(3))."""
    eqs, km, q, u, constants = disc
    op = upright_rolling(q, u, constants, spin=np.sqrt(9.81 / (3 * 0.7)))
    lin = ml.linearize(eqs, {s: op[s] for s in q + u},
                       dict(zip(constants, [op[c] for c in constants], strict=True)))
    assert np.max(np.abs(lin.eigenvalues())) < 1e-4


def test_rolling_disc_errors(disc):
    eqs, km, q, u, constants = disc
    op = upright_rolling(q, u, constants)
    consts = dict(zip(constants, [op[c] for c in constants], strict=True))
    state = {s: op[s] for s in q + u}
    with pytest.raises(ml.errors.ConstraintViolationError):
        ml.linearize(eqs, {**state, q[5]: -0.5}, consts)   # q6 != -r
    with pytest.raises(ml.errors.ConstraintViolationError):
        ml.linearize(eqs, {**state, u[3]: 0.0}, consts)    # slipping
    with pytest.raises(ml.errors.MissingValueError):
        ml.linearize(eqs, {s: v for s, v in state.items() if s != u[5]},
                     consts)
    with pytest.raises(ml.errors.MissingValueError):
        ml.linearize(eqs, state, {constants[0]: 0.7, constants[1]: 1.3})


# --- SymPy test_models.py::test_n_link_pendulum_on_cart_inputs --------------

def test_pendulum_on_cart_with_inputs():
    km = models.n_link_pendulum_on_cart(1, cart_force=True,
                                        joint_torques=True)
    q0, q1, u0, u1, F, T1 = me.dynamicsymbols("q0 q1 u0 u1 F T1")
    l0, m0, m1, g = sm.symbols("l0 m0 m1 g")
    assert list(km.q) == [q0, q1] and list(km.u) == [u0, u1]
    eqs = ml.kanes_equations(bodies=km.bodies, loads=km.loads, q=km.q,
                             u=km.u, kdes=km.kindiffdict(), frame=km._inertial)
    constants = {l0: 0.8, m0: 1.7, m1: 0.6, g: 9.81}
    rng = np.random.default_rng(11)
    for op_state in ({q0: 0.0, q1: 0.0, u0: 0.0, u1: 0.0},
                     dict(zip([q0, q1, u0, u1], rng.uniform(-1, 1, 4), strict=True))):
        inputs = {F: 0.3, T1: -0.2}
        op = {**op_state, **constants, **inputs}
        A_ref, B_ref, r_ref = sympy_linearization(km, op)
        lin = ml.linearize(eqs, op_state, constants, inputs=inputs)
        assert lin.state == [q0, q1, u0, u1]
        assert set(r_ref) == {F, T1}
        order = [lin.inputs.index(ri) for ri in r_ref]
        assert_rel_close(lin.A, A_ref)
        assert lin.B.shape == (4, 2) and np.any(lin.B != 0)
        assert_rel_close(lin.B[:, order], B_ref)
    with pytest.raises(ml.errors.MissingValueError):
        ml.linearize(eqs, {q0: 0.0, q1: 0.0, u0: 0.0}, constants)


# --- the four-bar linkage (test_jointsmethod.py) ----------------------------

def test_four_bar():
    """Lengths as numbers in the model (SymPy's symbolic Jacobians of the
    CRAMER-eliminated equations are then small enough to be quick)."""
    s = four_bar(lengths=(0.13, 0.24, 0.21, 0.34))
    eqs = four_bar_mechlib(s)
    km = four_bar_kanes_method(s)
    q, u, T = s["q"], s["u"], s["T"]
    rho, g = s["constants"]
    fixed = {q[0]: 2.1}
    v = manifold_states(
        np.random.default_rng(12), [], u[:1], [rho, g], q_dep=q[1:],
        config=s["fh"].xreplace(fixed), u_dep=u[1:],
        velocity=s["fhd"].xreplace(fixed),
        q_guess=lambda v: [0.6655470375077588, 2.527408138024188])[0]
    v.update(fixed)
    constants = {c: v[c] for c in s["constants"]}
    inputs = {T: 0.05}
    A_ref, B_ref, r_ref = sympy_linearization(km, {**v, **inputs})
    lin = ml.linearize(eqs, {x: v[x] for x in q + u}, constants,
                       inputs=inputs)
    assert lin.state == [q[0], u[0]] and r_ref == [T]
    assert_rel_close(lin.A, A_ref)
    assert_rel_close(lin.B, B_ref)
    assert np.any(lin.B != 0)
    with pytest.raises(ml.errors.ConstraintViolationError):
        ml.linearize(eqs, {**{x: v[x] for x in q + u}, q[1]: v[q[1]] + 0.01},
                     constants, inputs=inputs)
