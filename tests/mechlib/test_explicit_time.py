"""Explicit time is an input where it appears, never a constant that is
silently dropped (issue 59, item 2).

A particle at ``l*(1 + t)*A.x`` on an arm turning through q about N.z, under
gravity along -N.y: :math:`u' = -g\\cos q/(l(1 + t)) - 2u/(1 + t)`, so
:math:`A = [[0, 1], [g \\sin q/(l(1 + t)), -2/(1 + t)]]`. ``linearize``
returned the t = 0 matrix whatever ``{t: 5}`` the constants held.
"""

import numpy as np
import pytest
import sympy as sm
import sympy.physics.mechanics as me

import mechlib as ml
from mechlib import errors

t = me.dynamicsymbols._t
q, u = me.dynamicsymbols("q u")
m, l, g = sm.symbols("m l g", positive=True)
CONSTANTS = {m: 1.0, l: 1.0, g: 9.81}
OP = {q: 0.3, u: 0.4}


@pytest.fixture(scope="module")
def eqs():
    """The particle on the arm whose length grows as l*(1 + t)."""
    N, A = me.ReferenceFrame("N"), me.ReferenceFrame("A")
    A.orient_axis(N, q, N.z)
    O = me.Point("O")
    O.set_vel(N, 0)
    P = O.locatenew("P", l * (1 + t) * A.x)
    P.v2pt_theory(O, N, A)
    P.set_vel(N, P.pos_from(O).dt(N))
    return ml.kanes_equations(bodies=[me.Particle("P", P, m)],
                              loads=[(P, -m * g * N.y)], q=[q], u=[u],
                              kdes=[q.diff() - u], frame=N)


def expected_A(time):
    """The state matrix at ``time`` (the closed form above)."""
    return np.array([[0.0, 1.0],
                     [9.81 * np.sin(0.3) / (1 + time), -2.0 / (1 + time)]])


def test_linearize_takes_the_time(eqs):
    lin = ml.linearize(eqs, OP, CONSTANTS, time=5.0)
    assert np.allclose(lin.A, expected_A(5.0), rtol=1e-12)
    assert np.allclose(ml.linearize(eqs, OP, CONSTANTS).A, expected_A(0.0))


def test_a_linearizer_takes_the_time_at_each_point(eqs):
    linearizer = ml.linearization.Linearizer(eqs, CONSTANTS)
    for time in (0.0, 1.0, 5.0):
        assert np.allclose(linearizer.at(OP, time=time).A, expected_A(time), rtol=1e-12)


def test_the_time_among_the_constants_is_refused_by_linearize(eqs):
    with pytest.raises(errors.ParameterError, match="time="):
        ml.linearize(eqs, OP, {**CONSTANTS, t: 5.0})


def test_the_time_in_the_operating_point_is_refused(eqs):
    with pytest.raises(errors.ParameterError, match="time="):
        ml.linearize(eqs, {**OP, t: 5.0}, CONSTANTS)


def test_the_time_among_the_constants_is_refused_by_rhs_and_simulate(eqs):
    with pytest.raises(errors.ParameterError, match="integrator"):
        ml.rhs(eqs, {**CONSTANTS, t: 5.0})
    with pytest.raises(errors.ParameterError, match="t_span"):
        ml.simulate(eqs, [0.3, 0.4], (5.0, 6.0), {**CONSTANTS, t: 5.0})


def test_rhs_takes_the_time_from_the_integrator(eqs):
    f = ml.rhs(eqs, CONSTANTS)
    expected = -9.81 * np.cos(0.3) / 6.0 - 2 * 0.4 / 6.0
    assert f(5.0, [0.3, 0.4])[1] == pytest.approx(expected, rel=1e-12)
