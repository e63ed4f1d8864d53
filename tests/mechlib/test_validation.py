"""mechlib._validation.finite_float: the one check that a numeric scalar is a
finite real number, and the callers that use it."""

import re

import numpy as np
import pytest
import sympy as sm

import mechlib as ml
from mechlib import errors as E
from mechlib._numeric import numeric_values
from mechlib._validation import finite_float
from mechlib.book.controls import Choice, Slider
from mechlib.planar.backend import coerce_parameter
from mechlib.systems.bicycle import benchmark_parameters, pitch_angle

FIX = "give an angle in radians"


@pytest.mark.parametrize("value, number", [
    (2, 2.0), (-0.5, -0.5), (np.float64(1.5), 1.5), (sm.Rational(1, 4), 0.25),
    (sm.pi, float(sm.pi)), (True, 1.0)])
def test_a_finite_number_is_its_float(value, number):
    result = finite_float(value, "lean", FIX)
    assert result == number and type(result) is float


@pytest.mark.parametrize("value", [
    float("nan"), float("inf"), -float("inf"), None, np.float64("nan"),
    sm.nan, sm.oo, -sm.oo, sm.zoo, pytest.param(10**400, id="10**400")])
def test_none_nan_and_infinities_are_not_finite(value):
    with pytest.raises(E.NonFiniteValueError) as caught:
        finite_float(value, "lean", FIX)
    message = str(caught.value)
    assert message.startswith("lean = ") and "not a finite number" in message
    assert message.endswith(FIX)


@pytest.mark.parametrize("value", ["a", sm.Symbol("x"), 1j, sm.I, [1, 2]])
def test_what_is_no_number_gets_the_callers_class(value):
    with pytest.raises(E.ArgumentTypeError, match=f"lean = .* is not a number; {FIX}"):
        finite_float(value, "lean", FIX)
    with pytest.raises(E.ShapeError, match="is not a number"):
        finite_float(value, "lean", FIX, not_a_number=E.ShapeError)


BICYCLE = ml.systems.whipple_bicycle()
CALLERS = {
    "numeric_values": (lambda v: numeric_values({sm.Symbol("m"): v}),
                       "constants: m", E.ArgumentTypeError),
    "coerce_parameter": (lambda v: coerce_parameter(v, "k"), "k", E.ShapeError),
    "pitch_angle": (lambda v: pitch_angle(BICYCLE, v, 0.0, benchmark_parameters(BICYCLE)),
                    "lean", E.ArgumentTypeError),
    "rigid_chain axes": (lambda v: ml.systems.rigid_chain(2, axes=[(v, 0, 1), "z"]),
                         "axes[0][0]", E.ShapeError),
    "Slider": (lambda v: Slider(v, 1), "Slider low", E.ArgumentTypeError),
}


@pytest.mark.parametrize("caller", sorted(CALLERS))
def test_each_caller_names_its_argument(caller):
    call, name, not_a_number = CALLERS[caller]
    start = "^" + re.escape(f"{name} = nan is not a finite number; ")
    with pytest.raises(E.NonFiniteValueError, match=start):
        call(float("nan"))
    with pytest.raises(not_a_number, match=re.escape(name)):
        call("a")


def test_a_numeric_choice_option_must_be_finite():
    with pytest.raises(E.NonFiniteValueError, match="Choice option = nan is not a finite"):
        Choice([1, float("nan")])
    assert Choice(["x", "y"]).options == ["x", "y"]     # strings are not numbers to check
