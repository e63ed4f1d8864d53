"""kanes_equations against KanesMethod and hand derivations; rhs, simulate."""

import numpy as np
import pytest
import sympy as sm
import sympy.physics.mechanics as me

import mechlib as ml
from mechlib.errors import MissingValueError, ShapeError


def _compare(ex, helpers, seed=0):
    eqs = ml.kanes_equations(ex)
    km, fr, frstar = helpers.kanes_method(ex)
    for mine, ref in [(eqs.Fr, fr), (eqs.Frs, frstar),
                      (eqs.mass_matrix, km.mass_matrix),
                      (eqs.forcing, km.forcing),
                      (eqs.mass_matrix_full, km.mass_matrix_full),
                      (eqs.forcing_full, km.forcing_full)]:
        helpers.assert_close(mine, ref, seed=seed)
    return eqs, km


@pytest.mark.parametrize("name", ["double_pendulum", "two_rods",
                                  "slider_rod_bead", "chaplygin_sleigh",
                                  "rolling_disc"])
def test_examples_match_kanes_method(name, helpers):
    _compare(getattr(ml.systems, name)(), helpers)


@pytest.mark.parametrize("name", ["double_pendulum", "two_rods",
                                  "slider_rod_bead", "chaplygin_sleigh"])
def test_small_examples_symbolically(name, helpers):
    ex = getattr(ml.systems, name)()
    eqs = ml.kanes_equations(ex)
    km, fr, frstar = helpers.kanes_method(ex)
    for mine, ref in [(eqs.mass_matrix, km.mass_matrix),
                      (eqs.forcing, km.forcing), (eqs.Fr, fr),
                      (eqs.Frs, frstar)]:
        assert (mine - ref).applyfunc(sm.simplify) == sm.zeros(*ref.shape)


@pytest.mark.parametrize("n", [1, 3, 5, pytest.param(10, marks=pytest.mark.slow)])
def test_n_link_pendulum_matches_kanes_method(n, helpers):
    _compare(ml.systems.n_link_pendulum(n), helpers, seed=n)


def _pendulum_by_hand(n, q, u, m, l, g):
    """M and f of the planar n-link pendulum of particles, numerically,
    from x_k = sum l_j sin(theta_j), y_k = -sum l_j cos(theta_j),
    theta_j = q_1 + ... + q_j (independent of SymPy mechanics)."""
    theta = np.cumsum(q)
    omega = np.cumsum(u)
    M = np.zeros((n, n))
    f = np.zeros(n)
    for k in range(n):
        # Jacobian of (x_k, y_k) with respect to q_1..q_n
        J = np.zeros((2, n))
        for r in range(k + 1):
            J[0, r] = sum(l[j] * np.cos(theta[j]) for j in range(r, k + 1))
            J[1, r] = sum(l[j] * np.sin(theta[j]) for j in range(r, k + 1))
        a0 = np.array([
            -sum(l[j] * np.sin(theta[j]) * omega[j] ** 2
                 for j in range(k + 1)),
            sum(l[j] * np.cos(theta[j]) * omega[j] ** 2
                for j in range(k + 1))])
        M += m[k] * J.T @ J
        f += J.T @ (np.array([0.0, -m[k] * g]) - m[k] * a0)
    return M, f


def test_ten_link_pendulum_against_hand_derivation():
    n = 10
    ex = ml.systems.n_link_pendulum(n)
    eqs = ml.kanes_equations(ex)
    rng = np.random.default_rng(10)
    q = rng.uniform(-1, 1, n)
    u = rng.uniform(-1, 1, n)
    m = rng.uniform(0.5, 1.5, n)
    l = rng.uniform(0.5, 1.5, n)
    g = 9.81
    values = {ex.g: g}
    for i in range(n):
        values.update({ex[f"q{i + 1}"]: q[i], ex[f"u{i + 1}"]: u[i],
                       ex[f"m{i + 1}"]: m[i], ex[f"l{i + 1}"]: l[i]})
    args = list(values)
    fun = sm.lambdify(args, [eqs.mass_matrix, eqs.forcing], cse=True)
    M, f = fun(*[values[a] for a in args])
    M_ref, f_ref = _pendulum_by_hand(n, q, u, m, l, g)
    np.testing.assert_allclose(M, M_ref, rtol=1e-12, atol=1e-12)
    np.testing.assert_allclose(np.ravel(f), f_ref, rtol=1e-12, atol=1e-11)


def test_hand_derivation_matches_kanes_method_small_n(helpers):
    """The hand formula itself, checked against KanesMethod at n = 3."""
    n = 3
    ex = ml.systems.n_link_pendulum(n)
    km, _, _ = helpers.kanes_method(ex)
    vals = dict(q=[0.3, -0.2, 0.5], u=[0.1, 0.4, -0.3], m=[1.0, 2.0, 1.5],
                l=[0.7, 1.1, 0.9])
    sub = {ex.g: 9.81}
    for i in range(n):
        for key in "qulm":
            sub[ex[f"{key}{i + 1}"]] = vals[key][i]
    M = np.array(km.mass_matrix.xreplace(sub).evalf(), dtype=float)
    f = np.array(km.forcing.xreplace(sub).evalf(), dtype=float).ravel()
    M_ref, f_ref = _pendulum_by_hand(n, *[np.array(vals[k]) for k in "qum"],
                                     np.array(vals["l"]), 9.81)
    np.testing.assert_allclose(M, M_ref, rtol=1e-12)
    np.testing.assert_allclose(f, f_ref, rtol=1e-12, atol=1e-12)


def test_rigid_chain_with_springs(helpers):
    _compare(ml.systems.rigid_chain(3, axes=["z", (1, 2, 2), "y"],
                                    springs=True), helpers)


def kinetic_energy_by_hand(ex):
    """K of an example from its bodies alone: sum of 1/2 m v.v over particles
    and mass centers plus 1/2 w.(I.w) over rigid bodies (I central), in terms
    of the speeds (coordinate rates replaced by the kinematical equations)."""
    N = ex.N
    K = sm.S.Zero
    for body in ex.bodies:
        v = body.masscenter.vel(N)
        K += body.mass * v.dot(v) / 2
        if isinstance(body, me.RigidBody):
            w = body.frame.ang_vel_in(N)
            K += w.dot(body.central_inertia.dot(w)) / 2
    qdots = [q.diff(me.dynamicsymbols._t) for q in ex.q]
    rates = sm.solve(ex.kdes, qdots, dict=True)[0]
    return sm.expand(K.xreplace(rates))


ENERGY_EXAMPLES = {
    "double_pendulum": ml.systems.double_pendulum,
    "two_rods": ml.systems.two_rods,
    "slider_rod_bead": ml.systems.slider_rod_bead,
    "n_link_pendulum_4": lambda: ml.systems.n_link_pendulum(4),
    "rigid_chain_3d": lambda: ml.systems.rigid_chain(
        3, axes=["z", (1, 2, 2), "y"], kinds=["body", "particle", "body"]),
}


@pytest.mark.parametrize("name", ENERGY_EXAMPLES)
def test_mass_matrix_is_the_kinetic_energy_form(name):
    """2K = u^T M u, and M = d2K/du du entry by entry, at random states, with K
    from the bodies (holonomic examples: velocities are linear in the speeds,
    with no remainder term, so K is a quadratic form in u)."""
    ex = ENERGY_EXAMPLES[name]()
    eqs = ml.kanes_equations(ex)
    u = sm.Matrix(ex.u)
    K = kinetic_energy_by_hand(ex)
    zero_speeds = {s: 0 for s in ex.u}
    assert sm.simplify(K.xreplace(zero_speeds)) == 0, "K has a term without speeds"
    hessian = sm.hessian(K, list(u))
    others = sorted((eqs.mass_matrix.free_symbols | K.free_symbols
                     | set(me.find_dynamicsymbols(K))
                     | set(me.find_dynamicsymbols(eqs.mass_matrix)))
                    - set(ex.u) - {me.dynamicsymbols._t}, key=sm.default_sort_key)
    args = [*ex.u, *others]
    numeric = sm.lambdify(args, [eqs.mass_matrix, 2 * K, hessian], cse=True)
    rng = np.random.default_rng(len(ex.u))
    for _ in range(3):
        speeds = rng.uniform(-1.5, 1.5, len(ex.u))
        rest = rng.uniform(0.5, 1.5, len(others))
        M, two_K, H = (np.array(x, dtype=float) for x in numeric(*speeds, *rest))
        np.testing.assert_allclose(speeds @ M @ speeds, two_K, rtol=1e-12, atol=1e-12)
        np.testing.assert_allclose(M, H, rtol=1e-12, atol=1e-12)


def test_keyword_form_equals_system_form():
    ex = ml.systems.two_rods()
    a = ml.kanes_equations(ex)
    b = ml.kanes_equations(bodies=ex.bodies, loads=ex.loads, q=ex.q,
                           u=ex.u, kdes=ex.kdes, frame=ex.N)
    assert a.mass_matrix == b.mass_matrix and a.forcing == b.forcing


def test_simulation_conserves_energy():
    ex = ml.systems.double_pendulum()
    eqs = ml.kanes_equations(ex)
    c = {ex.m1: 1.0, ex.m2: 2.0, ex.l: 0.8, ex.g: 9.81}
    sol = ml.simulate(eqs, [1.0, -0.5, 0.0, 0.3], (0.0, 3.0), c,
                      t_eval=np.linspace(0, 3, 31))
    assert sol.success
    N = ex.N
    KE = sum(p.kinetic_energy(N) for p in ex.bodies)
    PE = sum(p.mass * ex.g * p.masscenter.pos_from(ex.O).dot(N.y)
             for p in ex.bodies)
    energy = sm.lambdify([ex.q1, ex.q2, ex.u1, ex.u2], (KE + PE).subs(c))
    E = energy(*sol.y)
    assert np.max(np.abs(E - E[0])) < 1e-6


def test_rhs_with_specified_and_constraints():
    ex = ml.systems.chaplygin_sleigh()
    eqs = ml.kanes_equations(ex)
    c = {ex.m: 1.0, ex.I: 0.2, ex.a: 0.3}
    f = ml.rhs(eqs, c, specified={ex.F: 1.0, ex.T: lambda t: np.sin(t)})
    # state q1 q2 q3 u1 u3 u2 with u2 = a u3
    x = np.array([0.0, 0.0, 0.2, 1.0, 0.5, 0.15])
    dx = f(0.0, x)
    assert dx.shape == (6,)
    # differentiated constraint: u2' = a u3'
    assert abs(dx[5] - 0.3 * dx[4]) < 1e-12


def test_rhs_missing_constant():
    ex = ml.systems.double_pendulum()
    eqs = ml.kanes_equations(ex)
    with pytest.raises(MissingValueError, match="g"):
        ml.rhs(eqs, {ex.m1: 1.0, ex.m2: 1.0, ex.l: 1.0})
    ex3 = ml.systems.slider_rod_bead()
    eqs3 = ml.kanes_equations(ex3)
    consts = {s: 1.0 for s in sm.symbols("m_a m_b m_c I_b l_b g k c k_T")}
    with pytest.raises(MissingValueError, match="specified"):
        ml.rhs(eqs3, consts)


@pytest.mark.parametrize("name", ["slider_rod_bead", "rolling_disc"])
def test_rhs_of_kanes_method_equals_mechlib(name, helpers):
    """rhs and simulate take SymPy's KanesMethod too (the reference equations
    simulated the same way), holonomic or not."""
    ex = getattr(ml.systems, name)()
    km, _, _ = helpers.kanes_method(ex)
    eqs = ml.kanes_equations(ex)
    rng = np.random.default_rng(3)
    symbols = sorted((eqs.mass_matrix_full.free_symbols
                      | eqs.forcing_full.free_symbols) - {me.dynamicsymbols._t},
                     key=sm.default_sort_key)
    constants = {s: float(v)
                 for s, v in zip(symbols, rng.uniform(0.5, 1.5, len(symbols)), strict=True)}
    specified = {f: 0.7 for f in me.find_dynamicsymbols(eqs.forcing_full)
                 if f not in set(eqs.q) | set(eqs.u)}
    mine = ml.rhs(eqs, constants, specified)
    reference = ml.rhs(km, constants, specified)
    for _ in range(3):
        x = rng.uniform(-1.0, 1.0, len(eqs.state))
        np.testing.assert_allclose(mine(0.0, x), reference(0.0, x), rtol=1e-10,
                                   atol=1e-12)
    sol = ml.simulate(km, rng.uniform(-0.3, 0.3, len(eqs.state)), (0.0, 0.1),
                      constants, specified=specified)
    assert sol.success


def test_rhs_needs_formed_equations():
    ex = ml.systems.double_pendulum()
    s = ex.system
    km = me.KanesMethod(s.frame, s.q_ind, s.u_ind, kd_eqs=s.kdes)
    with pytest.raises(ml.errors.EquationsNotFormedError,
                       match="kanes_equations"):
        ml.rhs(km, {})
    with pytest.raises(ml.errors.ArgumentTypeError, match="KanesMethod"):
        ml.simulate(ex, [0.0] * 4, (0, 1), {})


def test_simulate_wrong_initial_state_length():
    ex = ml.systems.double_pendulum()
    eqs = ml.kanes_equations(ex)
    with pytest.raises(ShapeError, match="give 4 values"):
        ml.simulate(eqs, [0.1, 0.0], (0, 1), {})


def test_kdes_do_not_match_coordinates():
    ex = ml.systems.double_pendulum()
    with pytest.raises(ml.errors.CoordinateError, match="coordinate"):
        ml.kanes_equations(bodies=ex.bodies, loads=ex.loads, q=ex.q,
                           u=ex.u, kdes=ex.kdes[:1], frame=ex.N)


def test_constraints_without_dependent_speeds():
    ex = ml.systems.double_pendulum()
    with pytest.raises(ml.errors.ConstraintError,
                       match="0 dependent speed"):
        ml.kanes_equations(bodies=ex.bodies, loads=ex.loads, q=ex.q,
                           u=ex.u, kdes=ex.kdes, frame=ex.N,
                           constraints=[ex.u1 - ex.u2])


def test_load_on_a_massless_point_is_accepted():
    """A force at a point of a massless link is legitimate (issue: the old
    check rejected it); it adds v_r^Q . F to the forcing."""
    ex = ml.systems.double_pendulum()
    Q = ex.O.locatenew("Q", ex.l * ex.B.x)
    Q.v2pt_theory(ex.O, ex.N, ex.B)
    ex.system.add_loads(me.Force(Q, ex.N.x))
    eqs = ml.kanes_equations(ex)
    base = ml.kanes_equations(ml.systems.double_pendulum())
    extra = ml.generalized_active_forces(me.Force(Q, ex.N.x), ex.u, ex.N,
                                         kdes=ex.kdes)
    assert extra != sm.zeros(2, 1)
    assert ml.verify.vanishes(eqs.forcing - base.forcing - extra)


def test_speeds_not_functions_of_time_in_kane():
    ex = ml.systems.double_pendulum()
    with pytest.raises(ml.errors.SpeedError):
        ml.kanes_equations(bodies=ex.bodies, loads=ex.loads, q=ex.q,
                           u=sm.symbols("u1 u2"), kdes=ex.kdes, frame=ex.N)


def test_not_a_system():
    with pytest.raises(TypeError, match="System"):
        ml.kanes_equations(42)
