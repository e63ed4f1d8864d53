"""mechlib's Kane's equations against KanesMethod on SymPy's own test systems.

Each system below is rebuilt, object by object, from a test in SymPy's
``sympy/physics/mechanics/tests`` (named in its docstring). The same frames,
points, bodies, loads, kinematical differential equations and constraints go
to ``mechlib.kanes_equations`` and to ``KanesMethod`` (``CRAMER`` where there
are dependent speeds), and the two are compared numerically at three random
states on the constraint manifold: dependent coordinates solved from the
configuration constraints by Newton's method, dependent speeds from the
velocity constraints, auxiliary speeds zero (they are zero in the motion).
Mass matrix and forcing (p dynamical equations, then the m differentiated
velocity constraints, in both) must agree to 1e-10 relative; so must the
auxiliary equations, at random speed derivatives too.
"""

import functools
import time

import numpy as np
import pytest
import sympy as sm
import sympy.physics.mechanics as me
from sympy.core.function import AppliedUndef

import mechlib as ml

# Long comparisons with KanesMethod: left out of the fast path.
pytestmark = pytest.mark.slow

t = me.dynamicsymbols._t
RTOL = 1e-10


# --- numerical helpers -------------------------------------------------------

def compiled(exprs):
    """A function {atom: float} -> arrays of the matrices ``exprs``.

    Derivatives are replaced before the functions they differentiate; every
    function of time and symbol in ``exprs`` must have a value.
    """
    exprs = [sm.Matrix(e) for e in exprs]
    derivs = sorted({a for e in exprs for a in e.atoms(sm.Derivative)},
                    key=sm.default_sort_key)
    subs = {d: sm.Dummy() for d in derivs}
    exprs = [e.xreplace(subs) for e in exprs]
    funcs = sorted({a for e in exprs for a in e.atoms(AppliedUndef)},
                   key=sm.default_sort_key)
    fsubs = {f: sm.Dummy() for f in funcs}
    exprs = [e.xreplace(fsubs) for e in exprs]
    syms = sorted({s for e in exprs for s in e.free_symbols}
                  - set(subs.values()) - set(fsubs.values()) - {t},
                  key=sm.default_sort_key)
    atoms = derivs + funcs + syms
    args = [subs.get(a, fsubs.get(a, a)) for a in atoms]
    fun = sm.lambdify(args, exprs, cse=True, modules="numpy")

    def evaluate_at(values):
        missing = [a for a in atoms if a not in values]
        assert not missing, f"no value for {missing}"
        out = fun(*[float(values[a]) for a in atoms])
        return [np.array(o, dtype=float).reshape(e.shape)
                for o, e in zip(out, exprs, strict=True)]
    return evaluate_at


def evaluate(exprs, values):
    """Numbers of the matrices ``exprs`` at ``values`` ({atom: float})."""
    return compiled(exprs)(values)


def assert_rel_close(a, b, rtol=RTOL, what=""):
    a, b = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
    assert a.shape == b.shape, (what, a.shape, b.shape)
    scale = max(1.0, float(np.max(np.abs(b))))
    err = float(np.max(np.abs(a - b))) if a.size else 0.0
    assert err <= rtol * scale, (what, err, a, b)


def manifold_states(rng, q_ind, u_ind, constants, q_dep=(), config=(),
                    u_dep=(), velocity=(), others=(), q_guess=None,
                    spread=1.0):
    """Three random states on the constraint manifold, as {atom: float}.

    Random constants in [0.5, 1.5] for ``constants``, coordinates and
    independent speeds in [-spread, spread]; q_dep solved from ``config`` by
    Newton's method from ``q_guess`` (a function of the values so far);
    u_dep from the (linear) velocity constraints; ``others`` (inputs, their
    derivatives, speed derivatives) random in [-1, 1].
    """
    q_dep, u_dep = list(q_dep), list(u_dep)
    config, velocity = sm.Matrix(list(config)), sm.Matrix(list(velocity))
    states = []
    for _ in range(3):
        v = {c: rng.uniform(0.5, 1.5) for c in constants}
        v.update({q: rng.uniform(-spread, spread) for q in q_ind})
        v.update({u: rng.uniform(-spread, spread) for u in u_ind})
        v.update({o: rng.uniform(-1, 1) for o in others})
        if q_dep:
            guess = q_guess(v) if q_guess else np.zeros(len(q_dep))
            x = np.array(guess, dtype=float)
            residual = compiled([config, config.jacobian(q_dep)])
            for _ in range(50):
                v.update(zip(q_dep, x, strict=True))
                r, J = residual(v)
                step = np.linalg.solve(J, r.ravel())
                x = x - step
                if np.max(np.abs(step)) < 1e-15:
                    break
            v.update(zip(q_dep, x, strict=True))
            assert np.max(np.abs(evaluate([config], v)[0])) < 1e-12
        if u_dep:
            v.update(dict.fromkeys(u_dep, 0.0))
            r, J = evaluate([velocity, velocity.jacobian(u_dep)], v)
            v.update(zip(u_dep, np.linalg.solve(J, -r.ravel()), strict=True))
            assert np.max(np.abs(evaluate([velocity], v)[0])) < 1e-12
        states.append(v)
    return states


def compare(eqs, km, states, full=False):
    """mechlib's and KanesMethod's M and f agree at every state."""
    assert list(eqs.u) == list(km.u)
    assert list(eqs.q) == list(km.q)
    if full:
        pairs = [(eqs.mass_matrix_full, km.mass_matrix_full),
                 (eqs.forcing_full, km.forcing_full)]
    else:
        pairs = [(eqs.mass_matrix, km.mass_matrix),
                 (eqs.forcing, km.forcing)]
    fun = compiled([x for pair in pairs for x in pair])
    for v in states:
        Ma, Mb, fa, fb = fun(v)
        assert_rel_close(Ma, Mb, what="mass matrix")
        assert_rel_close(fa, fb, what="forcing")
    return states


def compare_solutions(eqs, km, states):
    """The state derivatives [q', u'] solved from mechlib's and from
    KanesMethod's full equations agree at every state. For KanesMethod with
    implicit kinematics (``explicit_kinematics=False``, the default of
    ``System``), whose ``mass_matrix_full`` keeps the kinematical
    differential equations as given, so that the matrices themselves differ.
    """
    assert list(eqs.u) == list(km.u)
    assert list(eqs.q) == list(km.q)
    fun = compiled([eqs.mass_matrix_full, eqs.forcing_full,
                    km.mass_matrix_full, km.forcing_full])
    for v in states:
        Ma, fa, Mb, fb = fun(v)
        assert_rel_close(np.linalg.solve(Ma, fa), np.linalg.solve(Mb, fb),
                         what="state derivatives")


def udots(speeds):
    return [s.diff(t) for s in speeds]


# --- test_kane.py::test_rolling_disc ------------------------------------------

def rolling_disc():
    """SymPy test_kane.py::test_rolling_disc: the disc from the contact
    point up (3 coordinates, 3 speeds, the contact point fixed in N)."""
    q1, q2, q3, u1, u2, u3 = me.dynamicsymbols("q1 q2 q3 u1 u2 u3")
    r, m, g = sm.symbols("r m g")
    N = me.ReferenceFrame("N")
    Y = N.orientnew("Y", "Axis", [q1, N.z])
    L = Y.orientnew("L", "Axis", [q2, Y.x])
    R = L.orientnew("R", "Axis", [q3, L.y])
    w_R_N_qd = R.ang_vel_in(N)
    R.set_ang_vel(N, u1 * L.x + u2 * L.y + u3 * L.z)
    C = me.Point("C")
    C.set_vel(N, 0)
    Dmc = C.locatenew("Dmc", r * L.z)
    Dmc.v2pt_theory(C, N, R)
    I = me.inertia(L, m / 4 * r**2, m / 2 * r**2, m / 4 * r**2)
    kd = [me.dot(R.ang_vel_in(N) - w_R_N_qd, uv) for uv in L]
    loads = [(Dmc, -m * g * Y.z)]
    bodies = [me.RigidBody("BodyD", Dmc, R, m, (I, Dmc))]
    return dict(frame=N, q=[q1, q2, q3], u=[u1, u2, u3], kdes=kd,
                bodies=bodies, loads=loads, constants=[r, m, g])


def test_rolling_disc():
    s = rolling_disc()
    eqs = ml.kanes_equations(bodies=s["bodies"], loads=s["loads"], q=s["q"],
                             u=s["u"], kdes=s["kdes"], frame=s["frame"])
    km = me.KanesMethod(s["frame"], q_ind=s["q"], u_ind=s["u"],
                        kd_eqs=s["kdes"])
    km.kanes_equations(s["bodies"], s["loads"])
    states = manifold_states(np.random.default_rng(1), s["q"], s["u"],
                             s["constants"])
    compare(eqs, km, states, full=True)


# --- test_kane.py::test_aux ------------------------------------------------------

def aux_disc(set_acceleration=False):
    """SymPy test_kane.py::test_aux: the rolling disc with two auxiliary
    speeds u4, u5 of the contact point C, which bring the contact forces
    f1, f2 into evidence.

    The SymPy test also calls ``Dmc.a2pt_theory(C, N, R)``; that formula
    treats C as a point of the disc R, but C is the geometric contact point
    (its position r L.z from the center is not fixed in R), so the
    acceleration it stores is not the derivative of Dmc's velocity.
    KanesMethod uses a stored acceleration, mechlib differentiates the
    velocity; ``set_acceleration`` adds the call (see the test below).
    """
    q1, q2, q3, u1, u2, u3 = me.dynamicsymbols("q1 q2 q3 u1 u2 u3")
    u4, u5, f1, f2 = me.dynamicsymbols("u4, u5, f1, f2")
    r, m, g = sm.symbols("r m g")
    N = me.ReferenceFrame("N")
    Y = N.orientnew("Y", "Axis", [q1, N.z])
    L = Y.orientnew("L", "Axis", [q2, Y.x])
    R = L.orientnew("R", "Axis", [q3, L.y])
    w_R_N_qd = R.ang_vel_in(N)
    R.set_ang_vel(N, u1 * L.x + u2 * L.y + u3 * L.z)
    C = me.Point("C")
    C.set_vel(N, u4 * L.x + u5 * (Y.z ^ L.x))
    Dmc = C.locatenew("Dmc", r * L.z)
    Dmc.v2pt_theory(C, N, R)
    if set_acceleration:
        Dmc.a2pt_theory(C, N, R)
    I = me.inertia(L, m / 4 * r**2, m / 2 * r**2, m / 4 * r**2)
    kd = [me.dot(R.ang_vel_in(N) - w_R_N_qd, uv) for uv in L]
    loads = [(Dmc, -m * g * Y.z), (C, f1 * L.x + f2 * (Y.z ^ L.x))]
    bodies = [me.RigidBody("BodyD", Dmc, R, m, (I, Dmc))]
    eqs = ml.kanes_equations(bodies=bodies, loads=loads, q=[q1, q2, q3],
                             u=[u1, u2, u3], kdes=kd, frame=N,
                             u_aux=[u4, u5])
    km = me.KanesMethod(N, q_ind=[q1, q2, q3], u_ind=[u1, u2, u3],
                        kd_eqs=kd, u_auxiliary=[u4, u5])
    km.kanes_equations(bodies, loads)
    others = [f1, f2, *udots([u1, u2, u3])]
    states = manifold_states(np.random.default_rng(2), [q1, q2, q3],
                             [u1, u2, u3], [r, m, g], others=others)
    for v in states:
        v.update({u4: 0.0, u5: 0.0, u4.diff(t): 0.0, u5.diff(t): 0.0})
    return eqs, km, states, [f1, f2]


def test_rolling_disc_auxiliary_speeds():
    """Equations of motion and auxiliary equations (at random speed
    derivatives) against ``KanesMethod(u_auxiliary=...)``; with the
    auxiliary speeds zero, the motion is test_rolling_disc's."""
    eqs, km, states, forces = aux_disc()
    compare(eqs, km, states, full=True)
    assert eqs.auxiliary_equations.shape == (2, 1)
    for v in states:
        a, b = evaluate([eqs.auxiliary_equations, km.auxiliary_eqs], v)
        assert_rel_close(a, b, what="auxiliary equations")
    # the auxiliary equations do bring f1 and f2 into evidence
    assert eqs.auxiliary_equations.jacobian(forces).det() != 0
    # and the motion is the plain rolling disc's (same symbol names)
    s = rolling_disc()
    plain = ml.kanes_equations(bodies=s["bodies"], loads=s["loads"],
                               q=s["q"], u=s["u"], kdes=s["kdes"],
                               frame=s["frame"])
    for v in states:
        a, b = evaluate([eqs.forcing_full, plain.forcing_full], v)
        assert_rel_close(a, b)


def test_stored_acceleration_is_not_used():
    """With test_aux's ``Dmc.a2pt_theory(C, N, R)``, KanesMethod's forcing
    changes (it uses the stored acceleration) and no longer equals the plain
    rolling disc's; mechlib's, from the velocity, does not change."""
    eqs0, km0, states, _ = aux_disc()
    eqs1, km1, _, _ = aux_disc(set_acceleration=True)
    v = states[0]
    mine0, mine1, ref0, ref1 = evaluate(
        [eqs0.forcing, eqs1.forcing, km0.forcing, km1.forcing], v)
    assert_rel_close(mine1, mine0)
    assert_rel_close(ref0, mine0)
    assert np.max(np.abs(ref1 - ref0)) > 1e-3


# --- test_kane.py::test_parallel_axis ------------------------------------------

def test_cart_pendulum_inertia_about_hinge_with_specified_force():
    """SymPy test_kane.py::test_parallel_axis: an inverted pendulum on a cart
    whose inertia is given about the hinge C, not the mass center, with a
    spring and a specified force F(t) on the cart."""
    gravity = sm.symbols("g")
    k, ls = sm.symbols("k ls")
    a, mA, mC = sm.symbols("a mA mC")
    F = me.dynamicsymbols("F")
    Ix, Iy, Iz = sm.symbols("Ix Iy Iz")
    q1, q2, u1, u2 = me.dynamicsymbols("q1 q2 u1 u2")
    N = me.ReferenceFrame("N")
    A = me.ReferenceFrame("A")
    A.orient(N, "Axis", [-q2, N.z])
    A.set_ang_vel(N, -u2 * N.z)
    O = me.Point("O")
    C = O.locatenew("C", q1 * N.x)
    Ao = C.locatenew("Ao", a * A.y)
    O.set_vel(N, 0)
    C.set_vel(N, u1 * N.x)
    Ao.v2pt_theory(C, N, A)
    Cart = me.Particle("Cart", C, mC)
    Pendulum = me.RigidBody("Pendulum", Ao, A, mA,
                            (me.inertia(A, Ix, Iy, Iz), C))
    kindiffs = [q1.diff(t) - u1, q2.diff(t) - u2]
    bodies = [Cart, Pendulum]
    loads = [(Ao, -N.y * gravity * mA), (C, -N.y * gravity * mC),
             (C, -N.x * k * (q1 - ls)), (C, N.x * F)]

    eqs = ml.kanes_equations(bodies=bodies, loads=loads, q=[q1, q2],
                             u=[u1, u2], kdes=kindiffs, frame=N)
    km = me.KanesMethod(N, [q1, q2], [u1, u2], kindiffs)
    km.kanes_equations(bodies, loads)
    # as test_parallel_axis asserts: the pendulum's entry is Iz (about C)
    assert sm.simplify(eqs.mass_matrix_full[3, 3] - Iz) == 0
    states = manifold_states(np.random.default_rng(3), [q1, q2], [u1, u2],
                             [gravity, k, ls, a, mA, mC, Ix, Iy, Iz],
                             others=[F])
    compare(eqs, km, states, full=True)
    # F enters the forcing
    assert eqs.forcing.has(F)


# --- test_kane2.py::test_aux_dep -------------------------------------------------

def aux_dep_disc():
    """SymPy test_kane2.py::test_aux_dep: the rolling disc with a dependent
    coordinate q3 (height of the center), a configuration constraint, three
    dependent speeds (the center's velocity in A) and three auxiliary speeds
    of the contact point P."""
    r, m, g, I, J = sm.symbols("r m g I J")
    Fx, Fy, Fz = sm.symbols("Fx Fy Fz")
    q = me.dynamicsymbols("q:4")
    qd = [qi.diff(t) for qi in q]
    u = me.dynamicsymbols("u:6")
    ua = me.dynamicsymbols("ua:3")
    N = me.ReferenceFrame("N")
    A = N.orientnew("A", "Axis", [q[0], N.z])
    B = A.orientnew("B", "Axis", [q[1], A.x])
    C = B.orientnew("C", "Axis", [q[2], B.y])
    C.set_ang_vel(N, u[0] * B.x + u[1] * B.y + u[2] * B.z)
    C.set_ang_acc(N, C.ang_vel_in(N).diff(t, B)
                  + me.cross(B.ang_vel_in(N), C.ang_vel_in(N)))
    P = me.Point("P")
    P.set_vel(N, ua[0] * A.x + ua[1] * A.y + ua[2] * A.z)
    O = P.locatenew("O", q[3] * A.z + r * sm.sin(q[1]) * A.y)
    O.set_vel(N, u[3] * A.x + u[4] * A.y + u[5] * A.z)
    O.set_acc(N, O.vel(N).diff(t, A) + me.cross(A.ang_vel_in(N), O.vel(N)))
    w_c_n_qd = qd[0] * A.z + qd[1] * B.x + qd[2] * B.y
    v_o_n_qd = O.pos_from(P).diff(t, A) + me.cross(A.ang_vel_in(N),
                                                    O.pos_from(P))
    kindiffs = sm.Matrix([me.dot(w_c_n_qd - C.ang_vel_in(N), uv) for uv in B]
                         + [me.dot(v_o_n_qd - O.vel(N), A.z)])
    f_c = sm.Matrix([me.dot(-r * B.z, A.z) - q[3]])
    f_v = sm.Matrix([me.dot(O.vel(N) - (P.vel(N) + me.cross(
        C.ang_vel_in(N), O.pos_from(P))), ai).expand() for ai in A])
    I_C_O = me.inertia(B, I, J, I)
    disc = me.RigidBody("disc", O, C, m, (I_C_O, O))
    loads = [(O, m * g * A.z), (P, Fx * A.x + Fy * A.y + Fz * A.z)]
    return dict(frame=N, q=q, u=u, ua=ua, kdes=kindiffs, f_c=f_c, f_v=f_v,
                bodies=[disc], loads=loads, constants=[r, m, g, I, J],
                forces=[Fx, Fy, Fz])


@functools.cache
def aux_dep_formed():
    s = aux_dep_disc()
    q, u, ua = s["q"], s["u"], s["ua"]
    eqs = ml.kanes_equations(
        bodies=s["bodies"], loads=s["loads"], q=q[:3], u=u[:3],
        kdes=s["kdes"], frame=s["frame"], q_dep=q[3:],
        configuration_constraints=s["f_c"], u_dep=u[3:],
        constraints=s["f_v"], u_aux=ua)
    km = me.KanesMethod(
        s["frame"], q_ind=q[:3], u_ind=u[:3], kd_eqs=s["kdes"],
        q_dependent=q[3:], configuration_constraints=s["f_c"],
        u_dependent=u[3:], velocity_constraints=s["f_v"], u_auxiliary=ua,
        constraint_solver="CRAMER")
    km.kanes_equations(s["bodies"], s["loads"])
    zero_aux = {**dict.fromkeys(ua, 0.0), **dict.fromkeys(udots(ua), 0.0)}
    states = manifold_states(
        np.random.default_rng(4), q[:3], u[:3], s["constants"],
        q_dep=q[3:], config=s["f_c"], u_dep=u[3:],
        velocity=s["f_v"].xreplace(zero_aux), others=s["forces"] + udots(u),
        q_guess=lambda v: [-v[s["constants"][0]]])
    for v in states:
        v.update(zero_aux)
    return s, eqs, km, states


def test_rolling_disc_dependent_coordinate():
    """test_aux_dep's disc: q_dep, a configuration constraint and three
    velocity constraints (which contain the auxiliary speeds) to both."""
    s, eqs, km, states = aux_dep_formed()
    compare(eqs, km, states)
    compare(eqs, km, states, full=True)


def test_rolling_disc_dependent_coordinate_auxiliary_equations():
    """The contact forces Fx, Fy, Fz: the auxiliary speeds of P enter the
    velocity constraints, so the dependent speeds (O's velocity) change
    with them, and the auxiliary rows are reduced with that dependence (a
    regression: they were not, and held only [Fx, Fy, Fz])."""
    s, eqs, km, states = aux_dep_formed()
    for v in states:
        a, b = evaluate([eqs.auxiliary_equations, km.auxiliary_eqs], v)
        assert_rel_close(a, b, what="auxiliary equations")


# --- test_kane2.py::test_non_central_inertia ----------------------------------

def non_central_inertia(aux_equations=False):
    """SymPy test_kane2.py::test_non_central_inertia (Kane 1985, exercises
    8.12 and 8.17): a body A on two wheels B and C rolling on an inclined
    plane; two dependent speeds, one auxiliary speed u3 (A's rate about
    A.z, which also enters the rolling constraints); the inertias once about
    the mass centers and once about D (``bodies2``)."""
    q1, q2, q3 = me.dynamicsymbols("q1:4")
    u1, u2, u3, u4, u5 = me.dynamicsymbols("u1:6")
    R, M, g, e, f, theta = sm.symbols("R, M, g, e, f, theta")
    a, b, mA, mB, IA, J, K = sm.symbols("a b mA mB IA J K")
    Q1, Q2, Q3 = sm.symbols("Q1, Q2 Q3")
    IA22, IA23, IA33 = sm.symbols("IA22 IA23 IA33")
    F = me.ReferenceFrame("F")
    P = F.orientnew("P", "axis", [-theta, F.y])
    A = P.orientnew("A", "axis", [q1, P.x])
    A.set_ang_vel(F, u1 * A.x + u3 * A.z)
    B = A.orientnew("B", "axis", [q2, A.z])
    C = A.orientnew("C", "axis", [q3, A.z])
    B.set_ang_vel(A, u4 * A.z)
    C.set_ang_vel(A, u5 * A.z)
    pD = me.Point("D")
    pD.set_vel(A, 0)
    pD.set_vel(F, u2 * A.y)
    pS_star = pD.locatenew("S*", e * A.y)
    pQ = pD.locatenew("Q", f * A.y - R * A.x)
    for p in [pS_star, pQ]:
        p.v2pt_theory(pD, F, A)
    pA_star = pD.locatenew("A*", a * A.y)
    pB_star = pD.locatenew("B*", b * A.z)
    pC_star = pD.locatenew("C*", -b * A.z)
    for p in [pA_star, pB_star, pC_star]:
        p.v2pt_theory(pD, F, A)
    pB_hat = pB_star.locatenew("B^", -R * A.x)
    pC_hat = pC_star.locatenew("C^", -R * A.x)
    pB_hat.v2pt_theory(pB_star, F, B)
    pC_hat.v2pt_theory(pC_star, F, C)
    kde = [q1.diff(t) - u1, q2.diff(t) - u4, q3.diff(t) - u5]
    vc = [me.dot(p.vel(F), A.y) for p in [pB_hat, pC_hat]]
    inertia_A = me.inertia(A, IA, IA22, IA33, 0, IA23, 0)
    inertia_B = me.inertia(B, K, K, J)
    inertia_C = me.inertia(C, K, K, J)
    rbA = me.RigidBody("rbA", pA_star, A, mA, (inertia_A, pA_star))
    rbB = me.RigidBody("rbB", pB_star, B, mB, (inertia_B, pB_star))
    rbC = me.RigidBody("rbC", pC_star, C, mB, (inertia_C, pC_star))
    loads = [(pS_star, -M * g * F.x), (pQ, Q1 * A.x + Q2 * A.y + Q3 * A.z)]
    bodies2 = []
    for rb, I_star in zip([rbA, rbB, rbC], [inertia_A, inertia_B, inertia_C], strict=True):
        I = I_star + me.inertia_of_point_mass(
            rb.mass, rb.masscenter.pos_from(pD), rb.frame)
        bodies2.append(me.RigidBody("", rb.masscenter, rb.frame, rb.mass,
                                    (I, pD)))
    constants = [R, M, g, e, f, theta, a, b, mA, mB, IA, J, K, IA22, IA23,
                 IA33]
    states = manifold_states(
        np.random.default_rng(5), [q1, q2, q3], [u1, u2], constants,
        u_dep=[u4, u5], velocity=sm.Matrix(vc).xreplace({u3: 0}),
        others=[Q1, Q2, Q3, *udots([u1, u2, u4, u5])])
    for v in states:
        v.update({u3: 0.0, u3.diff(t): 0.0})
    reference = None
    for bodies in ([rbA, rbB, rbC], bodies2):
        eqs = ml.kanes_equations(bodies=bodies, loads=loads,
                                 q=[q1, q2, q3], u=[u1, u2], kdes=kde,
                                 frame=F, u_dep=[u4, u5], constraints=vc,
                                 u_aux=[u3])
        km = me.KanesMethod(F, q_ind=[q1, q2, q3], u_ind=[u1, u2],
                            kd_eqs=kde, u_dependent=[u4, u5],
                            velocity_constraints=vc, u_auxiliary=[u3],
                            constraint_solver="CRAMER")
        km.kanes_equations(bodies, loads)
        if aux_equations:
            for v in states:
                a_, b_ = evaluate([eqs.auxiliary_equations,
                                   km.auxiliary_eqs], v)
                assert_rel_close(a_, b_, what="auxiliary equations")
            continue
        compare(eqs, km, states, full=True)
        values = []
        for v in states:
            Mm, fm, An = evaluate([eqs.mass_matrix, eqs.forcing, eqs.A_n], v)
            # the p x p mass matrix of the independent speeds
            values.append((Mm[:2, :] @ np.vstack([np.eye(2), An]), fm))
        # the point the inertia is given about does not matter
        if reference is not None:
            for (M1, f1), (M2, f2) in zip(reference, values, strict=True):
                assert_rel_close(M1, M2)
                assert_rel_close(f1, f2)
        reference = values
    if aux_equations:
        return
    # Kane's answer, as the SymPy test asserts (u3 = 0, u4, u5 eliminated):
    # -Fr* = (IA + 2 J b^2/R^2 + 2 K + mA a^2 + 2 mB b^2) u1' + mA a u1 u2,
    #        (mA + 2 mB + 2 J/R^2) u2' - mA a u1^2
    m11 = IA + 2 * J * b**2 / R**2 + 2 * K + mA * a**2 + 2 * mB * b**2
    m22 = mA + 2 * mB + 2 * J / R**2
    for v, (Mi, _) in zip(states, reference, strict=True):
        assert_rel_close(Mi, np.diag([float(m11.xreplace(v)),
                                      float(m22.xreplace(v))]))


def test_non_central_inertia():
    non_central_inertia()


def test_non_central_inertia_auxiliary_equations():
    non_central_inertia(aux_equations=True)


# --- test_kane4.py::test_replace_qdots_in_force ---------------------------------

def test_double_pendulum_forces_in_qdots():
    """SymPy test_kane4.py::test_replace_qdots_in_force: a double pendulum
    of particles with a torsional spring and damper between the rods given
    in q2', with two choices of kinematical differential equations (the
    second u2 = q1' + q2') and a cubic damper."""
    q1, q2 = me.dynamicsymbols("q1, q2")
    qd1, qd2 = me.dynamicsymbols("q1, q2", level=1)
    u1, u2 = me.dynamicsymbols("u1, u2")
    l, m, sig, delta = sm.symbols("l, m, sigma, delta")
    N = me.ReferenceFrame("N")
    A = N.orientnew("A", "Axis", (q1, N.z))
    B = A.orientnew("B", "Axis", (q2, N.z))
    O = me.Point("O")
    O.set_vel(N, 0)
    P = O.locatenew("P", l * A.x)
    P.v2pt_theory(O, N, A)
    Q = P.locatenew("Q", l * B.x)
    Q.v2pt_theory(P, N, B)
    bodies = [me.Particle("Ap", P, m), me.Particle("Bp", Q, m)]
    kde1 = [u1 - qd1, u2 - qd2]
    kde2 = [u1 - qd1, u2 - (qd1 + qd2)]
    rng = np.random.default_rng(6)
    for damping in (delta * qd2, delta * qd2**3):
        Ta = (sig * q2 + damping) * N.z
        loads = [(A, Ta), (B, -Ta)]
        for kde in (kde1, kde2):
            eqs = ml.kanes_equations(bodies=bodies, loads=loads, q=[q1, q2],
                                     u=[u1, u2], kdes=kde, frame=N)
            km = me.KanesMethod(N, [q1, q2], [u1, u2], kd_eqs=kde)
            km.kanes_equations(bodies, loads)
            states = manifold_states(rng, [q1, q2], [u1, u2],
                                     [l, m, sig, delta])
            compare(eqs, km, states, full=True)
    # the stored expectation of the test for kde2 (p. 6 of Banerjee's book)
    Ta = (sig * q2 + delta * qd2) * N.z
    eqs = ml.kanes_equations(bodies=bodies, loads=[(A, Ta), (B, -Ta)],
                             q=[q1, q2], u=[u1, u2], kdes=kde2, frame=N)
    expected_M = sm.Matrix([[2 * m * l**2, m * l**2 * sm.cos(q2)],
                            [m * l**2 * sm.cos(q2), m * l**2]])
    expected_f = sm.Matrix([
        m * l**2 * sm.sin(q2) * u2**2 + sig * q2 + delta * (u2 - u1),
        -m * l**2 * sm.sin(q2) * u1**2 - sig * q2 - delta * (u2 - u1)])
    assert sm.expand(eqs.mass_matrix - expected_M) == sm.zeros(2, 2)
    assert sm.expand(eqs.forcing - expected_f) == sm.zeros(2, 1)


# --- test_jointsmethod.py::test_four_bar_linkage_with_manual_constraints ------

def four_bar(gravity=True, lengths=None):
    """SymPy test_jointsmethod.py::test_four_bar_linkage_with_manual_
    constraints, with the pin joints written out as frames and points:
    link 1 fixed in N, links 2, 3, 4 turned by q1, q2, q3 about z (rates
    u1, u2, u3), each a uniform rod of density rho. Two configuration
    constraints close the loop; their time derivatives are the velocity
    constraints. ``gravity`` adds -g along N.y at the mass centers (the
    SymPy test has no loads) and a specified torque T(t) on link 2.
    ``lengths``: numbers for l1 .. l4 (smaller expressions), else symbols.
    """
    q1, q2, q3, u1, u2, u3 = me.dynamicsymbols("q1:4, u1:4")
    T = me.dynamicsymbols("T")
    l1, l2, l3, l4, rho, g = sm.symbols("l1:5, rho, g")
    if lengths is not None:
        l1, l2, l3, l4 = (sm.Float(x) for x in lengths)
    N = me.ReferenceFrame("N")
    L2 = me.ReferenceFrame("L2")
    L3 = me.ReferenceFrame("L3")
    L4 = me.ReferenceFrame("L4")
    L2.orient_axis(N, N.z, q1)
    L3.orient_axis(L2, L2.z, q2)
    L4.orient_axis(L3, L3.z, q3)
    L2.set_ang_vel(N, u1 * N.z)
    L3.set_ang_vel(L2, u2 * L2.z)
    L4.set_ang_vel(L3, u3 * L3.z)
    O1 = me.Point("O1")
    O1.set_vel(N, 0)
    J1 = O1.locatenew("J1", l1 / 2 * N.x)
    J1.set_vel(N, 0)
    O2 = J1.locatenew("O2", l2 / 2 * L2.x)
    J2 = J1.locatenew("J2", l2 * L2.x)
    O3 = J2.locatenew("O3", l3 / 2 * L3.x)
    J3 = J2.locatenew("J3", l3 * L3.x)
    O4 = J3.locatenew("O4", l4 / 2 * L4.x)
    O2.v2pt_theory(J1, N, L2)
    J2.v2pt_theory(J1, N, L2)
    O3.v2pt_theory(J2, N, L3)
    J3.v2pt_theory(J2, N, L3)
    O4.v2pt_theory(J3, N, L4)
    links = [me.RigidBody(f"Link{i}", O, F, rho * l,
                          (me.inertia(F, 0, 0, rho * l**3 / 12), O))
             for i, O, F, l in ((2, O2, L2, l2), (3, O3, L3, l3),
                                (4, O4, L4, l4))]
    kdes = [u1 - q1.diff(t), u2 - q2.diff(t), u3 - q3.diff(t)]
    loop = O4.pos_from(O1) + l1 / 2 * N.x + l4 / 2 * L4.x
    fh = sm.Matrix([loop.dot(N.x), loop.dot(N.y)])
    qdots = {q.diff(t): u for q, u in zip((q1, q2, q3), (u1, u2, u3), strict=True)}
    fhd = fh.diff(t).xreplace(qdots)
    loads = []
    if gravity:
        loads = [(b.masscenter, -b.mass * g * N.y) for b in links]
        loads += [(L2, T * N.z)]
    return dict(frame=N, q=[q1, q2, q3], u=[u1, u2, u3], kdes=kdes, fh=fh,
                fhd=fhd, bodies=links, loads=loads, T=T,
                constants=[x for x in (l1, l2, l3, l4) if x.is_Symbol]
                + [rho, g])


def four_bar_kanes_method(s):
    q, u = s["q"], s["u"]
    km = me.KanesMethod(s["frame"], q_ind=q[:1], u_ind=u[:1],
                        q_dependent=q[1:], u_dependent=u[1:],
                        kd_eqs=s["kdes"], configuration_constraints=s["fh"],
                        velocity_constraints=s["fhd"],
                        constraint_solver="CRAMER")
    km.kanes_equations(s["bodies"], s["loads"])
    return km


def four_bar_mechlib(s):
    q, u = s["q"], s["u"]
    return ml.kanes_equations(
        bodies=s["bodies"], loads=s["loads"], q=q[:1], u=u[:1],
        kdes=s["kdes"], frame=s["frame"], q_dep=q[1:],
        configuration_constraints=s["fh"], u_dep=u[1:],
        constraints=s["fhd"])


def test_four_bar_stored_values():
    """The SymPy test's own numbers: mass matrix and forcing (no loads) at
    its state on the constraint manifold."""
    s = four_bar(gravity=False)
    eqs = four_bar_mechlib(s)
    l1, l2, l3, l4, rho = s["constants"][:5]
    v = dict(zip([l1, l2, l3, l4, rho], [0.13, 0.24, 0.21, 0.34, 997], strict=True))
    v.update(zip(s["q"], [2.1, 0.6655470375077588, 2.527408138024188], strict=True))
    v.update(zip(s["u"], [0.2, -0.17963733938852067, 0.1309060540601612], strict=True))
    assert np.max(np.abs(evaluate([s["fhd"]], v)[0])) < 1e-10
    mass_check = [[3.452709815256506e+01, 7.003948798374735e+00,
                   -4.939690970641498e+00],
                  [-2.203792703880936e-14, 2.071702479957077e-01,
                   2.842917573033711e-01],
                  [-1.300000000000123e-01, -8.836934896046506e-03,
                   1.864891330060847e-01]]
    forcing_check = [[-0.031211821321648], [-0.00066022608181],
                     [0.001813559741243]]
    Mm, fm = evaluate([eqs.mass_matrix, eqs.forcing], v)
    assert np.max(np.abs(Mm - mass_check)) < 1e-10
    assert np.max(np.abs(fm - forcing_check)) < 1e-10
    assert eqs.Fr == sm.zeros(1, 1)


def test_four_bar_configuration_constraints():
    s = four_bar()
    eqs = four_bar_mechlib(s)
    km = four_bar_kanes_method(s)
    q, u = s["q"], s["u"]
    l1, l2, l3, l4 = s["constants"][:4]

    def guess(v):
        # near the SymPy test's configuration, scaled to these lengths
        return [0.6655470375077588, 2.527408138024188]

    rng = np.random.default_rng(8)
    states = []
    for _ in range(3):
        # lengths near the SymPy test's, q1 near its 2.1: the loop closes
        v = dict(zip([l1, l2, l3, l4], np.array([0.13, 0.24, 0.21, 0.34])
                     * rng.uniform(0.97, 1.03, 4), strict=True))
        fixed = {**v, q[0]: 2.1 + rng.uniform(-0.1, 0.1)}
        st = manifold_states(rng, [], u[:1], s["constants"][4:],
                             q_dep=q[1:], config=s["fh"].xreplace(fixed),
                             u_dep=u[1:], velocity=s["fhd"].xreplace(fixed),
                             others=[s["T"]], q_guess=guess)[0]
        st.update(fixed)
        states.append(st)
    compare(eqs, km, states)
    compare(eqs, km, states, full=True)


# --- test_kane.py::test_implicit_kinematics -------------------------------------

def test_quaternion_attitude_implicit_kinematics():
    """SymPy test_kane.py::test_implicit_kinematics (sympy issue 22626): a
    free rigid body, attitude by the quaternion lambda_0..3 with the
    unit-norm configuration constraint (lambda_0 dependent, the derivative
    of the norm among the kinematical differential equations), position
    B_x, B_y, B_z along B, body-fixed speeds U V W P Q R; gravity and a
    body-frame force F_z and torque T_z.

    mechlib used to hang forming these equations (cancelling the ~1500
    operation quaternion rates); they must form in well under 30 s.
    KanesMethod has ``explicit_kinematics=False`` here, as in the SymPy
    test, so its mass_matrix_full keeps the given kinematical equations;
    its dynamical mass matrix and forcing are compared directly, the full
    equations through their solutions, at states with a unit quaternion.
    """
    NED = me.ReferenceFrame("NED")
    NED_o = me.Point("NED_o")
    NED_o.set_vel(NED, 0)
    q_att = me.dynamicsymbols("lambda_0:4", real=True)
    B = NED.orientnew("B", "Quaternion", q_att)
    q_pos = me.dynamicsymbols("B_x:z")
    B_cm = NED_o.locatenew("B_cm", q_pos[0] * B.x + q_pos[1] * B.y
                           + q_pos[2] * B.z)
    q_ind = q_att[1:] + q_pos
    q_dep = [q_att[0]]
    B_ang_vel = B.ang_vel_in(NED)
    P, Q, R = me.dynamicsymbols("P Q R")
    B.set_ang_vel(NED, P * B.x + Q * B.y + R * B.z)
    B_ang_vel_kd = (B.ang_vel_in(NED) - B_ang_vel).simplify()
    kinematic_eqs = [B_ang_vel_kd & B.x, B_ang_vel_kd & B.y,
                     B_ang_vel_kd & B.z]
    B_cm_vel = B_cm.vel(NED)
    U, V, W = me.dynamicsymbols("U V W")
    B_cm.set_vel(NED, U * B.x + V * B.y + W * B.z)
    B_ref_vel_kd = B_cm.vel(NED) - B_cm_vel
    kinematic_eqs += [B_ref_vel_kd & B.x, B_ref_vel_kd & B.y,
                      B_ref_vel_kd & B.z]
    u_ind = [U, V, W, P, Q, R]
    q_att_vec = sm.Matrix(q_att)
    config_cons = [(q_att_vec.T * q_att_vec)[0] - 1]
    kinematic_eqs = kinematic_eqs + [(q_att_vec.T * q_att_vec.diff(t))[0]]
    M_B, g = sm.symbols("M_B g")
    Jxx, Jyy, Jzz, Jxz = sm.symbols("J_B_xx J_B_yy J_B_zz J_B_xz")
    J_B = me.inertia(B, Jxx, Jyy, Jzz, 0, 0, -Jxz)
    RB = me.RigidBody("RB", B_cm, B, M_B, (J_B, B_cm))
    T_z, F_z = me.dynamicsymbols("T_z F_z")
    force_list = [(RB.masscenter, RB.mass * g * NED.z),
                  (RB.frame, T_z * B.z),
                  (RB.masscenter, F_z * B.z)]

    start = time.perf_counter()
    eqs = ml.kanes_equations(bodies=[RB], loads=force_list, q=q_ind,
                             u=u_ind, kdes=kinematic_eqs, frame=NED,
                             q_dep=q_dep,
                             configuration_constraints=config_cons)
    elapsed = time.perf_counter() - start
    assert elapsed < 30, f"forming took {elapsed:.1f} s"

    KM = me.KanesMethod(NED, q_ind, u_ind, q_dependent=q_dep,
                        kd_eqs=kinematic_eqs,
                        configuration_constraints=config_cons,
                        velocity_constraints=[], u_dependent=[],
                        u_auxiliary=[], explicit_kinematics=False)
    KM.kanes_equations([RB], force_list)

    # states with a unit quaternion; a mild product of inertia (J_B stays
    # positive definite, so the full equations can be solved)
    rng = np.random.default_rng(9)
    states = manifold_states(rng, q_pos, u_ind, [M_B, g, Jxx, Jyy, Jzz],
                             others=[T_z, F_z])
    for v in states:
        lam = rng.uniform(-1, 1, 4)
        v.update(zip(q_att, lam / np.linalg.norm(lam), strict=True))
        v[Jxz] = rng.uniform(-0.3, 0.3)
        assert abs(evaluate([sm.Matrix(config_cons)], v)[0][0, 0]) < 1e-14

    # the dynamical equations: coordinate rates, should any appear, by
    # mechlib's kinematical differential equations
    qd = eqs.qdot_map
    assert set(qd) == {x.diff(t) for x in KM.q}
    compare_dynamics = [eqs.mass_matrix.xreplace(qd), KM.mass_matrix.xreplace(qd),
                        eqs.forcing.xreplace(qd), KM.forcing.xreplace(qd)]
    fun = compiled(compare_dynamics)
    for v in states:
        Ma, Mb, fa, fb = fun(v)
        assert_rel_close(Ma, Mb, what="mass matrix")
        assert_rel_close(fa, fb, what="forcing")
    assert eqs.forcing.has(T_z, F_z, g)
    compare_solutions(eqs, KM, states)

    # the coordinate rates: mechlib's satisfy KanesMethod's implicit
    # kinematical equations, equal its explicit ones and, for the
    # quaternion, the "textbook" rates of the SymPy test
    quat_dot_textbook = sm.Matrix([
        [0, -P, -Q, -R],
        [P, 0, R, -Q],
        [Q, -R, 0, P],
        [R, Q, -P, 0],
    ]) * q_att_vec / 2
    qdot = sm.Matrix([qd[x.diff(t)] for x in KM.q])
    km_qdot = sm.Matrix([KM.kindiffdict()[x.diff(t)] for x in KM.q])
    att = sm.Matrix([qd[x.diff(t)] for x in q_att])
    fun = compiled([qdot, km_qdot, KM.mass_matrix_kin, KM.forcing_kin, att,
                    quat_dot_textbook])
    for v in states:
        mine, ref, Mk, fk, att_v, textbook = fun(v)
        assert_rel_close(Mk @ mine, fk, what="implicit kinematics")
        assert_rel_close(mine, ref, what="coordinate rates")
        assert_rel_close(att_v, textbook, what="quaternion rates")


# --- test_kane2.py::test_sub_qdot -----------------------------------------------

def test_auxiliary_speed_in_kinematical_equations():
    """SymPy test_kane2.py::test_sub_qdot (Kane 1985, exercises 8.12 and
    8.17): test_non_central_inertia's body A on two rolling wheels, but the
    rolling conditions are the kinematical differential equations of q2 and
    q3, so the auxiliary speed u3 (A's rate about A.z) appears in them; no
    dependent speeds. Fr, Fr* and the auxiliary equation against the SymPy
    test's expected matrices (the third row of each is u3's) and against
    KanesMethod(u_auxiliary=[u3]). mechlib used to refuse a kde with an
    auxiliary speed."""
    q1, q2, q3 = me.dynamicsymbols("q1:4")
    q1d, q2d, q3d = me.dynamicsymbols("q1:4", level=1)
    u1, u2, u3 = me.dynamicsymbols("u1:4")
    R, M, g, e, f, theta = sm.symbols("R, M, g, e, f, theta")
    a, b, mA, mB, IA, J, K = sm.symbols("a b mA mB IA J K")
    IA22, IA23, IA33 = sm.symbols("IA22 IA23 IA33")
    Q1, Q2, Q3 = sm.symbols("Q1 Q2 Q3")
    F = me.ReferenceFrame("F")
    P = F.orientnew("P", "axis", [-theta, F.y])
    A = P.orientnew("A", "axis", [q1, P.x])
    A.set_ang_vel(F, u1 * A.x + u3 * A.z)
    B = A.orientnew("B", "axis", [q2, A.z])
    C = A.orientnew("C", "axis", [q3, A.z])
    pD = me.Point("D")
    pD.set_vel(A, 0)
    pD.set_vel(F, u2 * A.y)
    pS_star = pD.locatenew("S*", e * A.y)
    pQ = pD.locatenew("Q", f * A.y - R * A.x)
    pA_star = pD.locatenew("A*", a * A.y)
    pB_star = pD.locatenew("B*", b * A.z)
    pC_star = pD.locatenew("C*", -b * A.z)
    for p in [pS_star, pQ, pA_star, pB_star, pC_star]:
        p.v2pt_theory(pD, F, A)
    pB_hat = pB_star.locatenew("B^", -R * A.x)
    pC_hat = pC_star.locatenew("C^", -R * A.x)
    pB_hat.v2pt_theory(pB_star, F, B)
    pC_hat.v2pt_theory(pC_star, F, C)
    kde = [me.dot(p.vel(F), A.y) for p in [pB_hat, pC_hat]]
    kde += [u1 - q1d]
    assert all(k.has(u3) for k in kde[:2])
    inertia_A = me.inertia(A, IA, IA22, IA33, 0, IA23, 0)
    inertia_B = me.inertia(B, K, K, J)
    inertia_C = me.inertia(C, K, K, J)
    rbA = me.RigidBody("rbA", pA_star, A, mA, (inertia_A, pA_star))
    rbB = me.RigidBody("rbB", pB_star, B, mB, (inertia_B, pB_star))
    rbC = me.RigidBody("rbC", pC_star, C, mB, (inertia_C, pC_star))
    forces = [(pS_star, -M * g * F.x), (pQ, Q1 * A.x + Q2 * A.y + Q3 * A.z)]
    bodies = [rbA, rbB, rbC]

    eqs = ml.kanes_equations(bodies=bodies, loads=forces, q=[q1, q2, q3],
                             u=[u1, u2], kdes=kde, frame=F, u_aux=[u3])
    km = me.KanesMethod(F, [q1, q2, q3], [u1, u2], kd_eqs=kde,
                        u_auxiliary=[u3])
    fr, fr_star = km.kanes_equations(bodies, forces)

    fr_expected = sm.Matrix([
        f * Q3 + M * g * e * sm.sin(theta) * sm.cos(q1),
        Q2 + M * g * sm.sin(theta) * sm.sin(q1),
        e * M * g * sm.cos(theta) - Q1 * f - Q2 * R])
    fr_star_expected = sm.Matrix([
        -(IA + 2 * J * b**2 / R**2 + 2 * K + mA * a**2 + 2 * mB * b**2)
        * u1.diff(t) - mA * a * u1 * u2,
        -(mA + 2 * mB + 2 * J / R**2) * u2.diff(t) + mA * a * u1**2,
        0])
    aux_expected = sm.Matrix([fr_expected[2] + fr_star_expected[2]])
    assert eqs.Fr.shape == eqs.Frs.shape == (2, 1)
    assert eqs.auxiliary_equations.shape == (1, 1)
    # Fr holds no speeds: compared exactly, as the SymPy test does
    assert sm.expand(eqs.Fr - fr_expected[:2, :]) == sm.zeros(2, 1)

    constants = [R, M, g, e, f, theta, a, b, mA, mB, IA, J, K, IA22, IA23,
                 IA33]
    states = manifold_states(np.random.default_rng(10), [q1, q2, q3],
                             [u1, u2], constants,
                             others=[Q1, Q2, Q3, *udots([u1, u2])])
    for v in states:
        v.update({u3: 0.0, u3.diff(t): 0.0})
    fun = compiled([eqs.Fr, fr_expected[:2, :], fr[:2, :],
                    eqs.Frs, fr_star_expected[:2, :], fr_star[:2, :],
                    eqs.auxiliary_equations, aux_expected, km.auxiliary_eqs])
    for v in states:
        Fr, Fr_exp, Fr_km, Frs, Frs_exp, Frs_km, aux, aux_exp, aux_km = fun(v)
        assert_rel_close(Fr, Fr_exp, what="Fr (expected)")
        assert_rel_close(Fr, Fr_km, what="Fr (KanesMethod)")
        assert_rel_close(Frs, Frs_exp, what="Fr* (expected)")
        assert_rel_close(Frs, Frs_km, what="Fr* (KanesMethod)")
        assert_rel_close(aux, aux_exp, what="auxiliary equation (expected)")
        assert_rel_close(aux, aux_km, what="auxiliary equation (KanesMethod)")
    # the equations of motion, kinematics included (u3 = 0 in the motion)
    compare(eqs, km, states, full=True)
    assert not eqs.forcing_full.has(u3)


# --- test_kane5.py::test_kane_rolling_disc_lu -----------------------------------

def test_rolling_disc_nonholonomic_stored_values():
    """SymPy test_kane5.py::test_kane_rolling_disc_lu (its
    ``_create_rolling_disc`` and ``_verify_rolling_disc_numerically``): the
    rolling disc built from RigidBody's own frames and points, yaw and lean
    by ``orient_body_fixed``, the contact point at (q4, q5) with speeds u4,
    u5 made dependent by the two rolling constraints (which hold q3'). Mass
    matrix and forcing against KanesMethod (implicit kinematics, LU, as in
    the test), the full equations through their solutions, and the SymPy
    test's stored state derivatives at its two states."""
    q1, q2, q3, q4, q5, u1, u2, u3, u4, u5 = me.dynamicsymbols("q1:6 u1:6")
    g, r, m = sm.symbols("g r m")
    ground = me.RigidBody("ground")
    disc = me.RigidBody("disk", mass=m)
    disc.inertia = (m * r**2 / 4 * me.inertia(disc.frame, 1, 2, 1),
                    disc.masscenter)
    ground.masscenter.set_vel(ground.frame, 0)
    disc.masscenter.set_vel(disc.frame, 0)
    int_frame = me.ReferenceFrame("int_frame")
    int_frame.orient_body_fixed(ground.frame, (q1, q2, 0), "zxy")
    disc.frame.orient_axis(int_frame, int_frame.y, q3)
    g_w_d = disc.frame.ang_vel_in(ground.frame)
    disc.frame.set_ang_vel(ground.frame,
                           u1 * disc.x + u2 * disc.y + u3 * disc.z)
    cp = ground.masscenter.locatenew("contact_point",
                                     q4 * ground.x + q5 * ground.y)
    cp.set_vel(ground.frame, u4 * ground.x + u5 * ground.y)
    disc.masscenter.set_pos(cp, r * int_frame.z)
    disc.masscenter.set_vel(ground.frame, me.cross(
        disc.frame.ang_vel_in(ground.frame), disc.masscenter.pos_from(cp)))
    kdes = [g_w_d.dot(disc.x) - u1, g_w_d.dot(disc.y) - u2,
            g_w_d.dot(disc.z) - u3, q4.diff(t) - u4, q5.diff(t) - u5]
    v0 = cp.vel(ground.frame) + me.cross(
        disc.frame.ang_vel_in(int_frame), cp.pos_from(disc.masscenter))
    fnh = [v0.dot(ground.x), v0.dot(ground.y)]
    assert any(c.has(q3.diff(t)) for c in fnh)
    loads = [(disc.masscenter, -disc.mass * g * ground.z)]
    bodies = [disc]
    q, u = [q1, q2, q3, q4, q5], [u1, u2, u3, u4, u5]

    eqs = ml.kanes_equations(bodies=bodies, loads=loads, q=q, u=u[:3],
                             kdes=kdes, frame=ground.frame, u_dep=u[3:],
                             constraints=fnh)
    km = me.KanesMethod(ground.frame, q, u[:3], kdes, u_dependent=u[3:],
                        velocity_constraints=fnh, bodies=bodies,
                        forcelist=loads, explicit_kinematics=False,
                        constraint_solver="LU")
    km.kanes_equations()

    velocity = sm.Matrix(fnh).xreplace(km.kindiffdict())
    states = manifold_states(np.random.default_rng(11), q, u[:3], [g, r, m],
                             u_dep=u[3:], velocity=velocity)
    compare(eqs, km, states)
    compare_solutions(eqs, km, states)

    # _verify_rolling_disc_numerically: u4, u5 from mechlib's A_n
    p_vals = dict(zip([g, r, m], (9.81, 0.26, 3.43), strict=True))
    stored = [
        ((0.3, 0.1, 1.97, -0.35, 2.27), (-0.2, 1.3, 0.15),
         [0.126603940595934, 0.215942571601660, 1.28736069604936,
          0.319764288376543, 0.0989146857254898, -0.925848952664489,
          -0.0181350656532944, 2.91695398184589, -0.00992793421754526,
          0.0412861634829171]),
        ((3.97, -0.28, 8.2, -0.35, 2.27), (-0.25, -2.2, 0.62),
         [0.0259159090798597, 0.668041660387416, -2.19283799213811,
          0.385441810852219, 0.420109283790573, 1.45030568179066,
          -0.0110924422400793, -8.35617840186040, -0.154098542632173,
          -0.146102664410010])]
    u_dep = eqs.A_n * sm.Matrix(u[:3]) + eqs.b_n
    fun = compiled([u_dep, eqs.mass_matrix_full, eqs.forcing_full])
    for q_vals, u_vals, expected in stored:       # u_vals: the independent speeds
        v = {**p_vals, **dict(zip(q, q_vals, strict=True)), **dict(zip(u, u_vals, strict=False)),
             **dict.fromkeys(u[3:], 0.0)}
        v.update(zip(u[3:], fun(v)[0].ravel(), strict=True))
        _, Mf, ff = fun(v)
        assert np.max(np.abs(np.linalg.solve(Mf, ff).ravel() - expected)) < 1e-10


# --- test_system_class.py::TestSystemExamples::test_cart_pendulum_kanes ---------

def test_system_cart_pendulum_joints_and_holonomic_constraint():
    """SymPy test_system_class.py::TestSystemExamples::test_cart_pendulum_kanes:
    a ``System`` from the Newtonian rail, a PrismaticJoint (cart, qc, uc) and
    a PinJoint (bob, qp, up), uniform gravity, a force F(t) on the cart and
    a TorqueActuator k qp between cart and bob. The system goes to
    ``ml.kanes_equations`` whole. First unconstrained (against
    ``system.form_eoms()`` and the SymPy test's matrices), then with the
    holonomic constraint that keeps the bob above the rail's origin (qc
    dependent; the velocity constraint is its derivative, in q'), against
    KanesMethod (CRAMER) and the test's u_p' from the solved constraint.
    ``System`` forms implicit kinematics (the joints' kdes as given), so the
    full equations are compared through their solutions."""
    g, l, mc, mp, k = sm.symbols("g l mc mp k")
    F, qp, qc, up, uc = me.dynamicsymbols("F qp qc up uc")
    rail = me.RigidBody("rail")
    cart = me.RigidBody("cart", mass=mc)
    bob = me.Particle("bob", mass=mp)
    bob_frame = me.ReferenceFrame("bob_frame")
    system = me.System.from_newtonian(rail)
    slider = me.PrismaticJoint("slider", rail, cart, qc, uc,
                               joint_axis=rail.x)
    pin = me.PinJoint("pin", cart, bob, qp, up, joint_axis=cart.z,
                      child_interframe=bob_frame, child_point=l * bob_frame.y)
    system.add_joints(slider, pin)
    system.apply_uniform_gravity(-g * system.y)
    system.add_loads((cart.masscenter, F * rail.x))
    system.add_actuators(me.TorqueActuator(k * qp, cart.z, bob_frame, cart))
    system.validate_system()
    # every mass is random: the rail's (a symbol of RigidBody's) included
    constants = sorted(set().union(*(
        b.mass.free_symbols for b in system.bodies)) | {g, l, k},
        key=sm.default_sort_key)
    rng = np.random.default_rng(12)

    # 1. no constraint
    eqs = ml.kanes_equations(system)
    system.form_eoms()
    km = system.eom_method
    assert isinstance(km, me.KanesMethod)
    assert sm.simplify(eqs.mass_matrix - sm.Matrix(
        [[mp + mc, mp * l * sm.cos(qp)], [mp * l * sm.cos(qp), mp * l**2]])
        ) == sm.zeros(2, 2)
    assert sm.simplify(eqs.forcing - sm.Matrix([
        [mp * l * up**2 * sm.sin(qp) + F],
        [-mp * g * l * sm.sin(qp) + k * qp]])) == sm.zeros(2, 1)
    states = manifold_states(rng, [qc, qp], [uc, up], constants,
                             others=[F])
    compare(eqs, km, states)
    compare_solutions(eqs, km, states)

    # 2. the bob kept above the rail's origin: qc = -l sin(qp)
    system.add_holonomic_constraints(
        sm.sympify(bob.masscenter.pos_from(rail.masscenter).dot(system.x)))
    system.q_ind, system.q_dep = qp, qc
    system.u_ind, system.u_dep = up, uc
    system.validate_system()
    assert system.velocity_constraints[0].has(qp.diff(t), qc.diff(t))
    eqs = ml.kanes_equations(system)
    system.form_eoms(constraint_solver="CRAMER")
    km = system.eom_method
    qdots = {qp.diff(t): up, qc.diff(t): uc}
    states = manifold_states(
        rng, [qp], [up], constants, q_dep=[qc],
        config=system.holonomic_constraints, u_dep=[uc],
        velocity=system.velocity_constraints.xreplace(qdots), others=[F],
        q_guess=lambda v: [0.0])
    compare(eqs, km, states)
    compare_solutions(eqs, km, states)
    # the SymPy test's u_p', solved by hand from the constraint
    upd_expected = (
        (-g * mp * sm.sin(qp) + k * qp / l
         + l * mc * sm.sin(2 * qp) * up**2 / 2
         - l * mp * sm.sin(2 * qp) * up**2 / 2 - F * sm.cos(qp))
        / (l * (mc * sm.cos(qp)**2 + mp * sm.sin(qp)**2)))
    fun = compiled([eqs.mass_matrix, eqs.forcing, sm.Matrix([upd_expected])])
    for v in states:
        Mm, fm, expected = fun(v)
        assert_rel_close(np.linalg.solve(Mm, fm)[:1], expected, what="up'")


# --- test_system_class.py::TestSystemExamples::test_box_on_ground ---------------

def test_system_box_on_ground_auxiliary_speed():
    """SymPy test_system_class.py::TestSystemExamples::test_box_on_ground: a
    ``System`` with a particle sliding along x with Coulomb friction mu N,
    an auxiliary speed ua along y (``system.u_aux``) that brings the normal
    force N(t) into evidence; the auxiliary equation is N - m g. Against
    the SymPy test's matrices and ``system.form_eoms()``."""
    g, m, mu = sm.symbols("g m mu")
    q, u, ua = me.dynamicsymbols("q u ua")
    N, F = me.dynamicsymbols("N F", positive=True)
    P = me.Particle("P", mass=m)
    system = me.System()
    system.add_bodies(P)
    P.masscenter.set_pos(system.fixed_point, q * system.x)
    P.masscenter.set_vel(system.frame, u * system.x + ua * system.y)
    system.q_ind, system.u_ind, system.u_aux = [q], [u], [ua]
    system.kdes = [q.diff(t) - u]
    system.apply_uniform_gravity(-g * system.y)
    system.add_loads(me.Force(P, N * system.y),
                     me.Force(P, F * system.x - mu * N * system.x))
    system.validate_system()
    eqs = ml.kanes_equations(system)
    system.form_eoms()
    km = system.eom_method

    assert eqs.u_aux == [ua]
    assert sm.simplify(eqs.mass_matrix - sm.Matrix([m])) == sm.zeros(1, 1)
    assert sm.simplify(eqs.forcing - sm.Matrix([F - mu * N])) == sm.zeros(1, 1)
    assert sm.simplify(eqs.mass_matrix_full - sm.diag(1, m)) == sm.zeros(2, 2)
    assert sm.simplify(eqs.forcing_full - sm.Matrix([u, F - mu * N])
                       ) == sm.zeros(2, 1)
    assert sm.simplify(eqs.auxiliary_equations - sm.Matrix([N - m * g])
                       ) == sm.zeros(1, 1)
    states = manifold_states(np.random.default_rng(13), [q], [u],
                             [g, m, mu], others=[N, F, u.diff(t)])
    for v in states:
        v.update({ua: 0.0, ua.diff(t): 0.0})
    compare(eqs, km, states, full=True)
    for v in states:
        a, b = evaluate([eqs.auxiliary_equations, km.auxiliary_eqs], v)
        assert_rel_close(a, b, what="auxiliary equations")
