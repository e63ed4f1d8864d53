"""Inputs that were refused with a misleading message, accepted although
wrong, or slow without a hint (issue 59, items 6-8): each is now refused
with a message that names the problem and the fix, or handled as
``KanesMethod`` handles it."""

import numpy as np
import pytest
import sympy as sm
import sympy.physics.mechanics as me
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import mechlib as ml
from mechlib import _numeric
from mechlib import errors as E
from mechlib._numeric import integrate, stiffness_hint

q1, q2, u1, u2 = me.dynamicsymbols("q1 q2 u1 u2")
m, k = sm.symbols("m k")


def slider_on_a_turning_arm():
    """A point B at the end of a unit arm R turned through q2 (speed u2)
    about a pivot A that slides along N.x with the speed u1, whose position
    no coordinate tracks (nothing depends on it)."""
    N, R = me.ReferenceFrame("N"), me.ReferenceFrame("R")
    R.orient_axis(N, q2, N.z)
    R.set_ang_vel(N, u2 * N.z)
    A = me.Point("A")
    A.set_vel(N, u1 * N.x)
    B = A.locatenew("B", R.x)
    B.v2pt_theory(A, N, R)
    return N, [me.Particle("b", B, m)], [(B, -k * N.y)]


# --- item 8: messages that misled ------------------------------------------

def test_no_coordinates_is_refused_as_such():
    """Failed before: ConstraintError '0 configuration constraint(s) but 0
    dependent speed(s)', about constraints the system does not have."""
    N = me.ReferenceFrame("N")
    P = me.Point("P")
    P.set_vel(N, u1 * N.x)
    with pytest.raises(E.CoordinateError, match="q is empty"):
        ml.kanes_equations(bodies=[me.Particle("p", P, m)], q=[], u=[u1],
                           kdes=[], frame=N)


def test_more_speeds_than_coordinates_agree_with_kanes_method(helpers):
    """Failed before with the same misleading ConstraintError: a speed that
    is the rate of no coordinate (an ignorable one left out), which
    KanesMethod accepts."""
    N, bodies, loads = slider_on_a_turning_arm()
    eqs = ml.kanes_equations(bodies=bodies, loads=loads, q=[q2], u=[u1, u2],
                             kdes=[q2.diff() - u2], frame=N)
    km = me.KanesMethod(N, [q2], [u1, u2], [q2.diff() - u2])
    km.kanes_equations(bodies, loads)
    helpers.assert_close(eqs.mass_matrix_full, km.mass_matrix_full)
    helpers.assert_close(eqs.forcing_full, km.forcing_full)


@pytest.mark.parametrize("kde", [
    q1.diff() - u1 + sm.nan, q1.diff() - float("nan") * u1, sm.nan * q1.diff() - u1])
def test_nan_in_the_kdes_is_named(kde):
    """Failed before: ShapeError '1 kinematical differential equations
    contain 0 coordinate rates' (the NaN had swallowed the rate)."""
    N = me.ReferenceFrame("N")
    P = me.Point("P")
    P.set_vel(N, u1 * N.x)
    with pytest.raises(E.NonFiniteValueError, match=r"kdes\[0\] contains NaN"):
        ml.kanes_equations(bodies=[me.Particle("p", P, m)], q=[q1], u=[u1],
                           kdes=[kde], frame=N)


# --- item 7: a stiff integration says to take an implicit method ---------
# mechlib.simulate and mechlib.planar.simulate integrate through
# mechlib._numeric.integrate; it is called here with NumPy right-hand sides
# and its first checkpoint after 5 000 evaluations instead of 20 000, so
# that each test takes a second or less.

@pytest.fixture
def early_checkpoint(monkeypatch):
    monkeypatch.setattr(_numeric, "PROJECT_AFTER", 5_000)

def stiff_damper(time, x):
    """A unit mass on a spring (k = 1e6) with a damper (c = 1e5): motions
    decaying at 10 /s and at 1e5 /s; an explicit method's steps are held to
    about 3e-5 s by the fast one."""
    return np.array([x[1], -1e6 * x[0] - 1e5 * x[1]])


def pendulum(time, x):
    return np.array([x[1], -9.81 * np.sin(x[0])])


def test_a_stiff_integration_says_to_try_radau(early_checkpoint):
    """Failed before: RK45 went on until a projection found that the span
    needs about 200 000 evaluations, more than the budget of 40 000 allows,
    and said only 'shorten t_span, loosen rtol/atol, or raise
    max_evaluations'. Now the first checkpoint sees the steps held back by
    the eigenvalue near -1e5 and says to take an implicit method."""
    with pytest.raises(E.ParameterError, match=r"stiff here.*method='Radau'"):
        integrate(stiff_damper, [1.0, 0.0], (0.0, 1.0), max_evaluations=40_000)
    solution = integrate(stiff_damper, [1.0, 0.0], (0.0, 1.0), method="Radau",
                         rtol=1e-6, atol=1e-6, max_evaluations=40_000)
    assert solution.success and solution.nfev < 2_000


def test_a_long_integration_that_is_not_stiff_gets_no_such_hint(early_checkpoint):
    """A pendulum over a span far too long is refused as before, without
    advice to change the method."""
    with pytest.raises(E.ParameterError, match="at that pace") as refused:
        integrate(pendulum, [1.0, 0.0], (0.0, 1e6), max_evaluations=10_000)
    assert "Radau" not in str(refused.value)


def test_stiffness_hint_through_simulate():
    """The hint is the same for Kane's equations (the stiff damper formed
    by kanes_equations), checked at the state and step directly."""
    N = me.ReferenceFrame("N")
    P = me.Point("P")
    P.set_vel(N, u1 * N.x)
    c = sm.Symbol("c")
    eqs = ml.kanes_equations(bodies=[me.Particle("p", P, m)],
                             loads=[(P, (-k * q1 - c * u1) * N.x)], q=[q1], u=[u1],
                             kdes=[q1.diff() - u1], frame=N)
    f = ml.rhs(eqs, {m: 1.0, k: 1e6, c: 1e5})
    assert "method='Radau'" in stiffness_hint(f, 0.0, np.array([1.0, 0.0]), 3e-5)
    assert stiffness_hint(f, 0.0, np.array([1.0, 0.0]), 1e-6) == ""


# --- item 6: accepted although wrong or inconsistent -----------------------

def particle_on_an_arm(mass):
    """A particle of ``mass`` at the end of an arm of length 1 turned by q1."""
    N, A = me.ReferenceFrame("N"), me.ReferenceFrame("A")
    A.orient_axis(N, q1, N.z)
    O = me.Point("O")
    O.set_vel(N, 0)
    P = O.locatenew("P", A.x)
    P.v2pt_theory(O, N, A)
    bob = me.Particle("bob", P, mass)
    return dict(bodies=[bob], loads=[(P, -mass * 9.81 * N.y)], q=[q1], u=[u1],
                kdes=[q1.diff() - u1], frame=N)


def test_a_body_listed_twice_is_refused():
    """Failed before: the mass counted twice (mass matrix 2 m)."""
    given = particle_on_an_arm(m)
    given["bodies"] = given["bodies"] * 2
    with pytest.raises(E.ParameterError, match=r"bodies\[1\] is bob, already bodies\[0\]"):
        ml.kanes_equations(**given)


@pytest.mark.parametrize("mass", [me.dynamicsymbols("m"), 1 + k * me.dynamicsymbols._t])
def test_a_mass_that_changes_with_time_is_refused(mass):
    """Failed before: accepted, with the m' v term that KanesMethod keeps
    dropped without a word."""
    with pytest.raises(E.ParameterError, match="changes with time"):
        ml.kanes_equations(**particle_on_an_arm(mass))


def test_an_event_returning_nan_is_refused():
    """Failed before: the NaN never crossed zero, so the event was missed."""
    eqs = ml.kanes_equations(**particle_on_an_arm(m))
    with pytest.raises(E.NonFiniteValueError, match="event function.*= nan"):
        ml.simulate(eqs, [0.1, 0.0], (0.0, 1.0), {m: 1.0},
                    events=lambda time, x: float("nan"))


@pytest.mark.parametrize("rate", [u1.diff(), q1.diff(me.dynamicsymbols._t, 2)])
def test_an_acceleration_in_a_load_is_refused(rate):
    """Failed before: accepted, and rhs then asked for u1' 'as a specified
    function'."""
    given = particle_on_an_arm(m)
    P = given["loads"][0][0]
    given["loads"].append((P, -k * rate * given["frame"].x))
    with pytest.raises(E.ParameterError, match="the load on P holds .*accelerations"):
        ml.kanes_equations(**given)


def rod_on_a_pin(inertia):
    """A rigid rod turned through q1 about its centre, of central inertia
    ``inertia(R)``, with a spring k q1."""
    N, R = me.ReferenceFrame("N"), me.ReferenceFrame("R")
    R.orient_axis(N, q1, N.z)
    O = me.Point("O")
    O.set_vel(N, 0)
    rod = me.RigidBody("rod", O, R, m, (inertia(R), O))
    return ml.kanes_equations(bodies=[rod], loads=[(R, -k * q1 * N.z)], q=[q1], u=[u1],
                              kdes=[q1.diff() - u1], frame=N)


def test_a_non_symmetric_inertia_is_refused():
    """Failed before: accepted (an inertia dyadic is symmetric)."""
    with pytest.raises(E.ParameterError, match="inertia of rod is not symmetric"):
        rod_on_a_pin(lambda R: me.inertia(R, 1, 1, 1) + 0.5 * (R.x | R.y))


def test_a_planar_inertia_is_accepted():
    """Deliberate: a planar model gives the moment about its axis alone
    (not the triangle inequality of the principal moments)."""
    eqs = rod_on_a_pin(lambda R: me.inertia(R, 0, 0, 5))
    assert eqs.mass_matrix == sm.Matrix([[5]])


@pytest.mark.parametrize("call", ["rhs", "linearize", "simulate"])
def test_a_negative_inertia_among_the_constants_is_refused_alike(call):
    """Failed before for rhs and linearize, which gave numbers, while
    simulate refused."""
    I0 = sm.Symbol("I0")
    eqs = rod_on_a_pin(lambda R: me.inertia(R, I0, I0, I0))
    constants = {m: 1.0, k: 1.0, I0: -1.0}
    calls = {"rhs": lambda: ml.rhs(eqs, constants)(0.0, [0.1, 0.0]),
             "linearize": lambda: ml.linearize(eqs, {q1: 0.1, u1: 0.0}, constants),
             "simulate": lambda: ml.simulate(eqs, [0.1, 0.0], (0.0, 1.0), constants)}
    with pytest.raises(E.ParameterError, match="not positive definite"):
        calls[call]()


def sleigh():
    ex = ml.systems.chaplygin_sleigh()
    eqs = ml.kanes_equations(ex)
    return ex, eqs, {ex.m: 1.0, ex.I: 1.0, ex.a: 0.3}


def test_linearize_judges_the_constraints_relative_to_their_terms():
    """Failed before: a sleigh at 1e8 m/s whose dependent speed is one
    rounding off (a relative residual of 1e-16) was refused, the absolute
    residual being above 1e-9."""
    ex, eqs, constants = sleigh()
    u_ind, u_dep = eqs.u_ind, eqs.u_dep[0]
    fast = 1e8 / 3
    point = {**dict.fromkeys(eqs.q, 0.0), u_ind[0]: fast, u_ind[1]: fast,
             u_dep: np.nextafter(0.3 * fast, np.inf)}
    lin = ml.linearize(eqs, point, constants, inputs={ex.F: 0.0, ex.T: 0.0})
    assert np.all(np.isfinite(lin.A))
    point[u_dep] = 0.3 * fast * (1 + 1e-6)
    with pytest.raises(E.ConstraintViolationError, match=r"relative.*tol = 1e-09"):
        ml.linearize(eqs, point, constants, inputs={ex.F: 0.0, ex.T: 0.0})


def slider_crank():
    """A crank (q1, length 1) and a rod (q2, length 2) driving a slider at
    x, the independent coordinate: fully stretched at q1 = q2 = 0, its
    toggle position, where the constraints do not fix q1 and q2."""
    x, u3 = me.dynamicsymbols("x u3")
    N, A = me.ReferenceFrame("N"), me.ReferenceFrame("A")
    A.orient_axis(N, q1, N.z)
    A.set_ang_vel(N, u1 * N.z)
    O = me.Point("O")
    O.set_vel(N, 0)
    P = O.locatenew("P", A.x)
    P.set_vel(N, u1 * A.y)
    S = O.locatenew("S", x * N.x)
    S.set_vel(N, u3 * N.x)
    config = [sm.cos(q1) + 2 * sm.cos(q2) - x, sm.sin(q1) - 2 * sm.sin(q2)]
    rates = {q1.diff(): u1, q2.diff(): u2, x.diff(): u3}
    return ml.kanes_equations(
        bodies=[me.Particle("p", P, m), me.Particle("s", S, m)], loads=[(S, -k * x * N.x)],
        q=[x], q_dep=[q1, q2], u=[u3], u_dep=[u1, u2],
        kdes=[q1.diff() - u1, q2.diff() - u2, x.diff() - u3], frame=N,
        configuration_constraints=config,
        constraints=[c.diff(me.dynamicsymbols._t).xreplace(rates) for c in config])


@pytest.mark.parametrize("call", ["linearize", "consistent_state", "simulate"])
def test_a_linkage_at_its_toggle_position_is_refused(call):
    """Failed before: each returned one branch's numbers (consistent_state
    gave u1 = -3e10 for a slider speed of 0.1)."""
    eqs = slider_crank()
    constants = {m: 1.0, k: 1.0}
    e = 1e-12
    x0 = [np.cos(2 * e) + 2 * np.cos(e), 2 * e, e, 0.0, 0.0, 0.0]
    calls = {
        "linearize": lambda: ml.linearize(eqs, dict(zip(eqs.state, x0, strict=True)), constants),
        "consistent_state": lambda: ml.consistent_state(eqs, [*x0[:3], 0.1, 0, 0], constants),
        "simulate": lambda: ml.simulate(eqs, x0, (0.0, 0.1), constants)}
    with pytest.raises(E.ConstraintError, match=r"do not fix the dependent.*condition number"):
        calls[call]()
    x0 = [np.cos(0.5) + 2 * np.cos(np.arcsin(np.sin(0.5) / 2)), 0.5,
          np.arcsin(np.sin(0.5) / 2), 0.0, 0.0, 0.0]
    lin = ml.linearize(eqs, dict(zip(eqs.state, x0, strict=True)), constants)
    assert np.all(np.isfinite(lin.A))


# --- a property test of these classes: refused, or equal to KanesMethod -----

@settings(max_examples=20, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(sliding=st.booleans(), bob=st.sampled_from(["particle", "body"]),
       offset=st.integers(-2, 2), moments=st.tuples(*[st.integers(1, 3)] * 3),
       wrong=st.sampled_from([None, None, "twice", "m(t)", "t"]))
def test_arms_are_refused_or_agree_with_kanes_method(sliding, bob, offset, moments, wrong,
                                                     helpers):
    """An arm turned through q2 about a pivot that slides with u1 (a speed
    whose position no coordinate tracks) or is fixed, carrying a particle or
    a rigid body at an offset, whose mass is constant or changes with time,
    listed once or twice: a body listed twice and a mass that changes with
    time are refused; every system accepted agrees with KanesMethod."""
    N, R = me.ReferenceFrame("N"), me.ReferenceFrame("R")
    R.orient_axis(N, q2, N.z)
    R.set_ang_vel(N, u2 * N.z)
    A = me.Point("A")
    A.set_vel(N, u1 * N.x if sliding else 0)
    B = A.locatenew("B", R.x + offset * R.y)
    B.v2pt_theory(A, N, R)
    mass = {"m(t)": me.dynamicsymbols("m"), "t": m * (1 + me.dynamicsymbols._t)}.get(wrong, m)
    body = (me.Particle("b", B, mass) if bob == "particle" else
            me.RigidBody("b", B, R, mass, (me.inertia(R, *moments), B)))
    speeds = [u1, u2] if sliding else [u2]
    keywords = dict(bodies=[body] * (2 if wrong == "twice" else 1), loads=[(B, -k * N.y)],
                    q=[q2], u=speeds, kdes=[q2.diff() - u2], frame=N)
    try:
        eqs = ml.kanes_equations(**keywords)
    except E.MechlibError as error:
        assert isinstance(error, E.ParameterError)
        assert wrong, f"a valid arm refused: {error}"
        return
    assert not wrong, "accepted although wrong"
    km = me.KanesMethod(N, [q2], speeds, [q2.diff() - u2])
    km.kanes_equations(keywords["bodies"], keywords["loads"])
    helpers.assert_close(eqs.mass_matrix_full, km.mass_matrix_full)
    helpers.assert_close(eqs.forcing_full, km.forcing_full)


@pytest.mark.parametrize("lean", [np.pi / 2, -2.0])
def test_the_bicycle_lying_on_the_ground_has_no_pitch(lean):
    """Failed before: pitch_angle at lean pi/2 returned -0.347 (a root of
    the constraint with the wheels level), and one at lean -2."""
    from mechlib.systems.bicycle import benchmark_parameters, pitch_angle

    ex = ml.systems.whipple_bicycle()
    with pytest.raises(E.ParameterError, match=r"give \|lean\| < pi/2"):
        pitch_angle(ex, lean, 0.0, benchmark_parameters(ex))
