"""Complex numbers are refused, and ``linearize`` never returns NaN (issue
59, items 3-4).

NumPy complex states lost their imaginary part in ``rhs``, ``simulate`` and
``consistent_state`` (only a ``ComplexWarning`` said so), a complex mass was
accepted when forming, and ``linearize`` returned NaN matrices where the
equations divide by zero at the operating point.
"""

import warnings

import numpy as np
import pytest
import sympy as sm
import sympy.physics.mechanics as me

import mechlib as ml
from mechlib import errors

x, u = me.dynamicsymbols("x u")
k, m = sm.symbols("k m", positive=True)


def oscillator(force):
    """A particle on N.x with coordinate x, speed u and the load ``force``."""
    N = me.ReferenceFrame("N")
    P = me.Point("P")
    P.set_vel(N, u * N.x)
    return ml.kanes_equations(bodies=[me.Particle("P", P, m)], loads=[(P, force * N.x)],
                              q=[x], u=[u], kdes=[x.diff() - u], frame=N)


@pytest.fixture(scope="module")
def spring():
    return oscillator(-k * x)


@pytest.fixture(scope="module")
def sleigh():
    ex = ml.systems.chaplygin_sleigh()
    return ex, ml.kanes_equations(ex)


COMPLEX = np.array([0.1 + 0.5j, 0.2])


def test_rhs_refuses_a_complex_state(spring):
    f = ml.rhs(spring, {k: 1.0, m: 1.0})
    with warnings.catch_warnings():
        warnings.simplefilter("error")          # not a ComplexWarning: an error
        with pytest.raises(errors.ArgumentTypeError, match="complex"):
            f(0.0, COMPLEX)


def test_simulate_refuses_a_complex_initial_state(spring):
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        with pytest.raises(errors.ArgumentTypeError, match="complex"):
            ml.simulate(spring, COMPLEX, (0.0, 0.1), {k: 1.0, m: 1.0})


def test_consistent_state_refuses_a_complex_state(sleigh):
    ex, eqs = sleigh
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        with pytest.raises(errors.ArgumentTypeError, match="complex"):
            ml.consistent_state(eqs, np.array([0, 0, 0, 1.0 + 1j, 1.0, 2.0]),
                                {ex.m: 1.0, ex.I: 0.1, ex.a: 0.5},
                                specified={ex.F: 0, ex.T: 0})


def test_a_complex_mass_is_refused_when_forming():
    N = me.ReferenceFrame("N")
    P = me.Point("P")
    P.set_vel(N, u * N.x)
    with pytest.raises(errors.ParameterError, match="complex"):
        ml.kanes_equations(bodies=[me.Particle("P", P, 1 + 2j)], loads=[],
                           q=[x], u=[u], kdes=[x.diff() - u], frame=N)


def test_linearize_refuses_a_removable_singularity_naming_the_point():
    eqs = oscillator(-k * sm.sin(x) / x)
    with warnings.catch_warnings():
        warnings.simplefilter("error")          # no RuntimeWarning either
        with pytest.raises(errors.NonFiniteValueError, match=r"'x': 0\.0"):
            ml.linearize(eqs, {x: 0.0, u: 0.0}, {k: 1.0, m: 1.0})
    # away from the singularity the linearization is the derivative
    lin = ml.linearize(eqs, {x: 0.5, u: 0.0}, {k: 1.0, m: 1.0})
    slope = float(sm.diff(-sm.sin(x) / x, x).subs(x, 0.5))
    assert lin.A[1, 0] == pytest.approx(slope, rel=1e-12)


def test_the_sphere_at_q_zero_linearizes_as_with_hand_solved_kinematics():
    """The all-NaN 8 x 8 A of the issue came from the pivot that is zero
    (item 1); at q = 0 the kinematics are regular (cos q2 = 1)."""
    from tests.mechlib.test_implicit_kinematics import (
        CONSTANTS,
        Q,
        U,
        implicit_kdes,
        solved_kdes,
        sphere,
    )

    op = dict.fromkeys(Q + U, 0.0)
    A = [ml.linearize(ml.kanes_equations(q=Q, u=U, **sphere(kdes)[0]), op, CONSTANTS).A
         for kdes in (implicit_kdes, solved_kdes)]
    assert np.all(np.isfinite(A[0]))
    assert np.allclose(A[0], A[1], rtol=1e-12, atol=1e-12)

