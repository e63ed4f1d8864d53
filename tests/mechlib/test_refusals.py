"""Inputs that were refused with a misleading message, accepted although
wrong, or slow without a hint (issue 59, items 6-8): each is now refused
with a message that names the problem and the fix, or handled as
``KanesMethod`` handles it."""

import pytest
import sympy as sm
import sympy.physics.mechanics as me

import mechlib as ml
from mechlib import errors as E

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
