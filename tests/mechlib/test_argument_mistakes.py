"""Argument mistakes get a ``mechlib.errors`` class, not a foreign exception
(issue 47, item 4). Before: ``TypeError`` for a specified callable of the
wrong arity and for KanesMethod's keyword spellings, ``AttributeError`` from
``upright_operating_point(<not a bicycle>)`` and ``benchmark_parameters(None)``,
SymPy's printer error from ``pitch_angle(steer=inf)``."""

from __future__ import annotations

import pytest
import sympy.physics.mechanics as me

import mechlib as ml
from mechlib import errors as E
from mechlib.systems.bicycle import benchmark_parameters, pitch_angle, upright_operating_point

q, u = me.dynamicsymbols("q u")
SLEIGH = ml.systems.chaplygin_sleigh()
SLEIGH_CONSTANTS = {SLEIGH.m: 1.0, SLEIGH.I: 0.1, SLEIGH.a: 0.5}
BICYCLE = ml.systems.whipple_bicycle()

CASES = {
    "kanes_equations(kd_eqs=...)":
        (lambda: ml.kanes_equations(kd_eqs=[q.diff() - u]), E.ArgumentTypeError, "kdes="),
    "kanes_equations(q_ind=...)":
        (lambda: ml.kanes_equations(q_ind=[q]), E.ArgumentTypeError, "q="),
    # before: Python's TypeError, 'takes from 0 to 1 positional arguments'
    "kanes_equations(N, [q], [u], kd_eqs) as KanesMethod's positional arguments":
        (lambda: ml.kanes_equations(me.ReferenceFrame("N"), [q], [u], [q.diff() - u]),
         E.ArgumentTypeError, "one positional argument, the System"),
    "kanes_equations(a misspelt keyword)":
        (lambda: ml.kanes_equations(load=[]), E.ArgumentTypeError, "the keywords are"),
    "rhs, a specified callable of (t, x)":
        (lambda: ml.rhs(ml.kanes_equations(SLEIGH), SLEIGH_CONSTANTS,
                        specified={SLEIGH.F: lambda t, x: 1.0, SLEIGH.T: 0.0}),
         E.ArgumentTypeError, "function of t"),
    "simulate, a specified callable of no argument":
        (lambda: ml.simulate(ml.kanes_equations(SLEIGH), [0, 0, 0, 0, 0, 0], (0, 1),
                             SLEIGH_CONSTANTS, specified={SLEIGH.F: lambda: 1.0,
                                                          SLEIGH.T: 0.0}),
         E.ArgumentTypeError, "time alone"),
    "benchmark_parameters(None)":
        (lambda: benchmark_parameters(None), E.ArgumentTypeError, "whipple_bicycle()"),
    "upright_operating_point(<a pendulum>)":
        (lambda: upright_operating_point(ml.systems.double_pendulum(), 5.0),
         E.ArgumentTypeError, "whipple_bicycle()"),
    "pitch_angle(steer=inf)":
        (lambda: pitch_angle(BICYCLE, 0.0, float("inf"), benchmark_parameters(BICYCLE)),
         E.NonFiniteValueError, "steer"),
    "pitch_angle(lean='a')":
        (lambda: pitch_angle(BICYCLE, "a", 0.0, benchmark_parameters(BICYCLE)),
         E.ArgumentTypeError, "lean"),
    "pitch_angle(constants=None)":
        (lambda: pitch_angle(BICYCLE, 0.0, 0.0, None), E.ArgumentTypeError, "constants"),
    # before: ValueError / TypeError of float() on the parameter's value
    "pitch_angle(a parameter 'a')":
        (lambda: pitch_angle(BICYCLE, 0.1, 0.1, {**benchmark_parameters(BICYCLE),
                                                 BICYCLE.w: "a"}),
         E.ArgumentTypeError, "constants[w] = 'a'"),
    "pitch_angle(a parameter None)":
        (lambda: pitch_angle(BICYCLE, 0.1, 0.1, {**benchmark_parameters(BICYCLE),
                                                 BICYCLE.w: None}),
         E.NonFiniteValueError, "constants[w]"),
    # the Raises section's last promise: a configuration out of reach
    "pitch_angle(lean = steer = 1.5)":
        (lambda: pitch_angle(BICYCLE, 1.5, 1.5, benchmark_parameters(BICYCLE)),
         E.ConstraintViolationError, "not attainable"),
    # before: TypeError ('int' object is not iterable), SympifyError, and
    # a NaN or zoo wheel rate returned
    "upright_operating_point(constants=3)":
        (lambda: upright_operating_point(BICYCLE, 5.0, 3), E.ArgumentTypeError,
         "constants must be a dict"),
    "upright_operating_point(a parameter 'a')":
        (lambda: upright_operating_point(BICYCLE, 5.0, {BICYCLE.r_R: "a"}),
         E.ArgumentTypeError, "constants[r_R] = 'a'"),
    "upright_operating_point(a NaN parameter)":
        (lambda: upright_operating_point(BICYCLE, 5.0, {BICYCLE.r_R: float("nan")}),
         E.NonFiniteValueError, "constants[r_R]"),
    "upright_operating_point(r_R = 0)":
        (lambda: upright_operating_point(BICYCLE, 5.0, {BICYCLE.r_R: 0.0}),
         E.NonFiniteValueError, "u6"),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_an_argument_mistake_gets_a_mechlib_error(case):
    call, error, words = CASES[case]
    with pytest.raises(error) as caught:
        call()
    assert words in str(caught.value)
