"""``mechlib.linearize`` through loads that switch (issue 47, item 1).

The complex-step derivative of :mod:`mechlib.linearization` is exact for
analytic equations only: ``Abs`` of a complex number is its modulus, ``sign``
its phase. Before, Coulomb friction ``-mu*m*g*sign(u)`` at u = 0.5 gave
``A[1, 1] = -5.886`` (right: 0) and drag ``-c*Abs(u)*u`` half the right
value. Each load below is linearized away from its switch and compared with
central differences of ``mechlib.rhs`` (real arithmetic, valid for any
load); at the switch, ``SwitchingPointError``.
"""

from __future__ import annotations

import numpy as np
import pytest
import sympy as sm
import sympy.physics.mechanics as me

import mechlib as ml
from mechlib import errors

q, u, F = me.dynamicsymbols("q u F")
m, g, mu, c, k = sm.symbols("m g mu c k")
CONSTANTS = {m: 2.0, g: 9.81, mu: 0.3, c: 0.5, k: 3.0}


def slider(force):
    """A particle on a line, q along N.x, under the force ``force`` N.x."""
    N = me.ReferenceFrame("N")
    O = me.Point("O")
    O.set_vel(N, 0)
    P = O.locatenew("P", q * N.x)
    P.set_vel(N, u * N.x)
    return ml.kanes_equations(bodies=[me.Particle("p", P, m)], loads=[(P, force * N.x)],
                              q=[q], u=[u], kdes=[q.diff() - u], frame=N)


LOADS = {
    "Coulomb friction": -mu * m * g * sm.sign(u),
    "quadratic drag": -c * sm.Abs(u) * u,
    "a one-sided spring (Heaviside)": -k * q * sm.Heaviside(q),
    "a stop (Min)": -k * sm.Min(q, 2 * q) - c * u,
    "a stop (Max)": -k * sm.Max(q, q / 2) - c * u,
    "a Piecewise law": sm.Piecewise((-k * q**3 - c * u, q < 0.1), (-c * u * q, True)),
    "friction with an input": -mu * m * g * sm.sign(u) + F,
    # a sawtooth: numpy's mod has no complex loop (TypeError before), and
    # central differences would straddle its jumps
    "a periodic stop (Mod)": -k * sm.Mod(q, 0.25 * k) - c * u,
    "a periodic stop (frac)": -k * sm.frac(2 * q) - c * u,
}

#: Operating points (q, u), on both sides of every switch.
POINTS = [(0.3, 0.5), (0.3, -0.5), (-0.4, 0.7), (-0.4, -0.2), (1.3, 2.0)]


def central_differences(eqs, point, inputs, h=1e-6):
    """d(rhs)/dx by central differences in real arithmetic."""
    specified = dict(inputs)
    f = ml.rhs(eqs, CONSTANTS, specified=specified or None)
    x = np.array(point, dtype=float)
    columns = []
    for j in range(len(x)):
        step = np.zeros_like(x)
        step[j] = h
        columns.append((f(0.0, x + step) - f(0.0, x - step)) / (2 * h))
    return np.array(columns).T


@pytest.mark.parametrize("point", POINTS)
@pytest.mark.parametrize("load", sorted(LOADS))
def test_the_linearization_of_a_switching_load_is_its_branch_derivative(load, point):
    """Failed before for Coulomb friction (A[1, 1] far from 0), quadratic
    drag (half the derivative), and the loads holding them."""
    eqs = slider(LOADS[load])
    inputs = {F: 0.4} if LOADS[load].has(F) else {}
    lin = ml.linearize(eqs, {q: point[0], u: point[1]}, CONSTANTS, inputs=inputs)
    expected = central_differences(eqs, point, inputs)
    np.testing.assert_allclose(lin.A, expected, rtol=1e-6, atol=1e-6)


def test_coulomb_friction_and_drag_as_measured_in_the_issue():
    """The issue's numbers: friction's A[1, 1] is 0 (was -5.886), drag's
    -2 c |u| / m (was half of it)."""
    op = {q: 0.0, u: 0.5}
    friction = ml.linearize(slider(-mu * m * g * sm.sign(u)), op, CONSTANTS)
    drag = ml.linearize(slider(-c * sm.Abs(u) * u), op, CONSTANTS)
    assert friction.A[1, 1] == 0.0
    assert drag.A[1, 1] == pytest.approx(-2 * 0.5 * 0.5 / 2.0)


@pytest.mark.parametrize("load, point, where", [
    ("Coulomb friction", (0.3, 0.0), "u(t) = 0"),
    ("quadratic drag", (0.3, 0.0), "u(t) = 0"),
    ("a one-sided spring (Heaviside)", (0.0, 0.5), "q(t) = 0"),
    ("a stop (Min)", (0.0, 0.5), "q(t) = 2*q(t)"),
    ("a stop (Max)", (0.0, 0.5), "q(t) = q(t)/2"),
    ("a Piecewise law", (0.1, 0.5), "q(t) - 0.1 = 0"),
    ("a periodic stop (Mod)", (1.5, 0.5), "q(t)/k = 2"),
    ("a periodic stop (frac)", (-1.5, 0.5), "2*q(t) = -3"),
])
def test_at_the_switch_there_is_no_linearization(load, point, where):
    """Failed before: a number came back (Coulomb friction at u = 0 gave a
    finite damping)."""
    with pytest.raises(errors.SwitchingPointError) as caught:
        ml.linearize(slider(LOADS[load]), {q: point[0], u: point[1]}, CONSTANTS)
    message = str(caught.value)
    assert where in message and "either side" in message


def test_one_linearizer_serves_both_sides_of_a_switch():
    """The branch is chosen at each operating point, not once."""
    lin = ml.linearization.Linearizer(slider(-c * sm.Abs(u) * u), CONSTANTS)
    right = lin.at({q: 0.0, u: 0.5}).A[1, 1]
    left = lin.at({q: 0.0, u: -0.5}).A[1, 1]
    assert right == pytest.approx(-0.25) and left == pytest.approx(-0.25)
    assert lin.at({q: 0.0, u: 2.0}).A[1, 1] == pytest.approx(-1.0)


def test_the_input_matrix_through_a_switching_load():
    """B of friction plus an input force is 1/m, on either side."""
    eqs = slider(LOADS["friction with an input"])
    for speed in (0.5, -0.5):
        lin = ml.linearize(eqs, {q: 0.0, u: speed}, CONSTANTS, inputs={F: 0.0})
        np.testing.assert_allclose(lin.B, [[0.0], [0.5]])


def test_a_function_with_no_real_derivative_is_refused():
    """re(u) and the like have no complex-step derivative: a ParameterError
    names them (before: a silent number)."""
    eqs = slider(-c * u - k * sm.im(u + sm.I * q))
    with pytest.raises(errors.ParameterError, match="im"):
        ml.linearize(eqs, {q: 0.3, u: 0.5}, CONSTANTS)


def test_a_smooth_system_is_unchanged():
    """The pendulum's linearization (no switching load) as before."""
    ex = ml.systems.n_link_pendulum(1)
    lin = ml.linearize(ml.kanes_equations(ex), {ex.q1: 0.0, ex.u1: 0.0},
                       {ex.m1: 1.0, ex.l1: 2.0, ex.g: 9.81})
    np.testing.assert_allclose(lin.A, [[0.0, 1.0], [-4.905, 0.0]])


#: Smooth loads whose functions lambdify prints to real-only functions: math.erf,
#: math.gamma, math.lgamma (a complex state's imaginary step was silently dropped,
#: so their column of A was 0) and numpy.arctan2 (no complex loop: TypeError).
REAL_ONLY = {
    "erf": -k * sm.erf(q) - c * u,
    "gamma": -k * sm.gamma(q + 2) - c * u,
    "loggamma": -k * sm.loggamma(q + 2) - c * u,
    "atan2": -k * sm.atan2(q, 1 + u**2),
    "erf of an input": -c * u + k * sm.erf(F),
}


@pytest.mark.parametrize("load", sorted(REAL_ONLY))
def test_a_function_of_real_numbers_only_is_differentiated_all_the_same(load):
    """Failed before: erf's A[1, 0] was 0 (central differences: -1.55), and
    atan2 raised numpy's TypeError. Central differences take the complex
    step's place there."""
    eqs = slider(REAL_ONLY[load])
    inputs = {F: 0.4} if REAL_ONLY[load].has(F) else {}
    point = (0.3, 0.2)
    lin = ml.linearize(eqs, {q: point[0], u: point[1]}, CONSTANTS, inputs=inputs)
    np.testing.assert_allclose(lin.A, central_differences(eqs, point, inputs),
                               rtol=1e-6, atol=1e-6)
    if inputs:
        f = ml.rhs(eqs, CONSTANTS, specified={F: 0.4 + 1e-6})
        g_ = ml.rhs(eqs, CONSTANTS, specified={F: 0.4 - 1e-6})
        expected = (f(0.0, np.array(point)) - g_(0.0, np.array(point))) / 2e-6
        np.testing.assert_allclose(lin.B.ravel(), expected, rtol=1e-6, atol=1e-6)


@pytest.mark.parametrize("load, name", [
    (-k * sm.besselj(0, q), "besselj"),
    (-k * sm.LambertW(q + 1), "LambertW"),
    (-k * sm.polygamma(0, q + 2), "polygamma"),
    (-k * sm.fresnels(q), "fresnels"),
])
@pytest.mark.parametrize("entry", ["rhs", "simulate", "linearize"])
def test_a_function_numpy_lacks_is_named(load, name, entry):
    """Failed before: NameError ('besselj' is not defined) at the first
    evaluation, or SymPy's PrintMethodNotImplementedError (fresnels)."""
    eqs = slider(load - c * u)
    calls = {
        "rhs": lambda: ml.rhs(eqs, CONSTANTS)(0.0, [0.3, 0.2]),
        "simulate": lambda: ml.simulate(eqs, [0.3, 0.2], (0.0, 1.0), CONSTANTS),
        "linearize": lambda: ml.linearize(eqs, {q: 0.3, u: 0.2}, CONSTANTS),
    }
    with pytest.raises(errors.ParameterError, match=f"{name}.*functions NumPy has"):
        calls[entry]()
