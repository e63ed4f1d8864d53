"""Inputs that were refused with a misleading message, accepted although
wrong, or slow without a hint (issue 59, items 6-8): each is now refused
with a message that names the problem and the fix, or handled as
``KanesMethod`` handles it."""

import numpy as np
import pytest
import sympy as sm
import sympy.physics.mechanics as me

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
