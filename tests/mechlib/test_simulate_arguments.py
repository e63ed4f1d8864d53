"""``simulate``'s arguments and failures (issue 47, item 4, in part).

Before: SciPy's own ``ValueError`` for ``first_step=-1`` and ``max_step=0``,
``rtol=inf`` accepted (a NaN state followed), unknown keywords accepted with a
warning, a failed integration returned with ``success=False`` and no error,
and ``t_span=(0, 1e12)`` was refused only after 172 s.
"""

from __future__ import annotations

import time

import numpy as np
import pytest
import sympy as sm
import sympy.physics.mechanics as me

import mechlib as ml
from mechlib import errors as E

EX = ml.systems.double_pendulum()
EQS = ml.kanes_equations(EX)
CONSTANTS = {EX.m1: 1.0, EX.m2: 1.0, EX.l: 1.0, EX.g: 9.81}
X0 = [0.1, 0.0, 0.0, 0.0]


def run(**options):
    return ml.simulate(EQS, X0, (0.0, 1.0), CONSTANTS, **options)


@pytest.mark.parametrize("options, error, words", [
    (dict(first_step=-1), E.ParameterError, "first_step = -1"),
    (dict(max_step=0), E.ParameterError, "max_step = 0"),
    (dict(first_step=float("nan")), E.NonFiniteValueError, "first_step"),
    (dict(rtol=float("inf")), E.NonFiniteValueError, "rtol"),
    (dict(atol=float("nan")), E.NonFiniteValueError, "atol"),
    (dict(rtol=0), E.ParameterError, "positive tolerance"),
    (dict(atol=-1e-9), E.ParameterError, "atol"),
    (dict(atol=0.0), E.ParameterError, "atol"),
    (dict(bogus=1), E.ParameterError, "no keyword bogus"),
    (dict(t_evel=[0.5]), E.ParameterError, "no keyword t_evel"),
    # passed on to solve_ivp, which raised its own ValueError or TypeError
    (dict(atol=[1e-9, 1e-9]), E.ParameterError, r"\(atol\).*one per state \(4\)"),
    (dict(rtol=[1e-9, 1e-9]), E.ParameterError, r"\(rtol\).*one per state"),
    (dict(events=3), E.ArgumentTypeError, r"\(events\).*event\(t, x\)"),
    (dict(args=(5,)), E.ArgumentTypeError, r"\(args\).*leave out args"),
    (dict(method="Radau", jac="x"), E.ParameterError, r"\(jac, method\).*jac\(t, x\)"),
])
def test_a_bad_solver_option_is_refused(options, error, words):
    """Failed before: ValueError from SciPy (steps), a NaN state (rtol=inf),
    nothing (unknown keywords, rtol=0 as SciPy's own warning)."""
    with pytest.raises(error, match=words):
        run(**options)


def test_an_error_of_a_specified_function_passes_unchanged():
    """Only solve_ivp's own complaints about its keywords are translated; a
    mistake in the user's function of time keeps its exception."""
    sleigh = ml.systems.chaplygin_sleigh()

    def force(time):
        if time > 0.5:       # inside solve_ivp, a ValueError as SciPy's are
            raise ValueError("the user's own")
        return 1.0

    with pytest.raises(ValueError, match="^the user's own$"):
        ml.simulate(ml.kanes_equations(sleigh), [0.0] * 6, (0.0, 1.0),
                    {sleigh.m: 1.0, sleigh.I: 0.1, sleigh.a: 0.5},
                    specified={sleigh.F: force, sleigh.T: 0.0})


def test_good_solver_options_still_pass():
    assert run(max_step=np.inf, atol=1e-10, rtol=1e-8).success
    assert run(method="LSODA", min_step=0.0, first_step=1e-3).success


def blow_up():
    """u' = u**2 from u = 1: infinite at t = 1."""
    q, u = me.dynamicsymbols("q u")
    N = me.ReferenceFrame("N")
    O = me.Point("O")
    O.set_vel(N, 0)
    P = O.locatenew("P", q * N.x)
    P.set_vel(N, u * N.x)
    return ml.kanes_equations(bodies=[me.Particle("p", P, sm.Integer(1))],
                              loads=[(P, u**2 * N.x)], q=[q], u=[u],
                              kdes=[q.diff() - u], frame=N)


def test_a_failed_integration_raises():
    """Failed before: an OdeResult with success False came back (t = 0.99999)."""
    with pytest.raises(E.IntegrationError, match="failed at t = 1 of"):
        ml.simulate(blow_up(), [0.0, 1.0], (0.0, 2.0), {})


def test_a_span_far_out_of_reach_is_refused_within_seconds():
    """Failed before: 172 s (two million evaluations) before the refusal."""
    start = time.perf_counter()
    with pytest.raises(E.ParameterError, match="at that pace"):
        ml.simulate(EQS, X0, (0.0, 1e12), CONSTANTS)
    assert time.perf_counter() - start < 10


def test_a_span_a_few_times_too_long_is_refused_within_seconds():
    """(0, 26000) needs about five times max_evaluations for the double
    pendulum: before, only the projection after 20 000 evaluations (margin
    20) could stop it, so it ran the whole budget, 52 s here; the projection
    at each doubling, its margin halving to 4, stops it at 160 000."""
    start = time.perf_counter()
    projected = "evaluations of the equations reached.*at that pace"
    with pytest.raises(E.ParameterError, match=projected):
        ml.simulate(EQS, X0, (0.0, 26000.0), CONSTANTS)
    assert time.perf_counter() - start < 20


@pytest.mark.parametrize("call", [
    lambda x: ml.simulate(EQS, x, (0.0, 1.0), CONSTANTS),
    lambda x: ml.consistent_state(EQS, x, CONSTANTS),
])
def test_a_state_given_as_a_set_is_refused(call):
    """Failed before: a ShapeError about a state of shape (), which did not
    say that a set has no order."""
    with pytest.raises(E.ArgumentTypeError, match="is a set, which has no order"):
        call({0.1, 0.0, 0.2, 0.3})
