"""No value given outside the state overrides a state (issue 47, item 2).

Before, a constant keyed by a coordinate or a speed in ``rhs``/``simulate``
replaced the state's value silently (the coordinate stood still in the
equations), and an input keyed by a coordinate in ``linearize`` gave its
column of A as zeros. Every numeric entry point now refuses such a key with a
``ParameterError`` naming it.
"""

from __future__ import annotations

import numpy as np
import pytest
import sympy as sm
import sympy.physics.mechanics as me

import mechlib as ml
from mechlib import errors, planar

EX = ml.systems.double_pendulum()
EQS = ml.kanes_equations(EX)
CONSTANTS = {EX.m1: 1.0, EX.m2: 1.0, EX.l: 1.0, EX.g: 9.81}
Q1, Q2 = EQS.q
U1, U2 = EQS.u
X0 = [0.1, 0.2, 0.0, 0.0]
OP = {s: 0.0 for s in EQS.state}

SLEIGH = ml.systems.chaplygin_sleigh()
SLEIGH_EQS = ml.kanes_equations(SLEIGH)
SLEIGH_CONSTANTS = {SLEIGH.m: 1.0, SLEIGH.I: 0.1, SLEIGH.a: 0.5}
SLEIGH_INPUTS = {SLEIGH.F: 0.0, SLEIGH.T: 0.0}

CASES = {
    "rhs, a constant keyed by a coordinate":
        (lambda: ml.rhs(EQS, {**CONSTANTS, Q1: 0.3}), "q1"),
    "rhs, a constant keyed by a speed":
        (lambda: ml.rhs(EQS, {**CONSTANTS, U2: 0.3}), "u2"),
    "rhs, a specified value keyed by a speed":
        (lambda: ml.rhs(EQS, CONSTANTS, specified={U1: lambda t: 1.0}), "u1"),
    "simulate, a constant keyed by a coordinate":
        (lambda: ml.simulate(EQS, X0, (0, 1), {**CONSTANTS, Q2: 0.3}), "q2"),
    "simulate, a specified value keyed by a coordinate":
        (lambda: ml.simulate(EQS, X0, (0, 1), CONSTANTS, specified={Q1: 0.0}), "q1"),
    "simulate, a constant keyed by the rate of a coordinate":
        (lambda: ml.simulate(EQS, X0, (0, 1), {**CONSTANTS, Q1.diff(): 0.0}), "Derivative"),
    "linearize, an input keyed by a coordinate":
        (lambda: ml.linearize(EQS, OP, CONSTANTS, inputs={Q1: 0.1}), "q1"),
    "linearize, a constant keyed by a speed":
        (lambda: ml.linearize(EQS, OP, {**CONSTANTS, U1: 0.0}), "u1"),
    "Linearizer, an input keyed by a speed":
        (lambda: ml.Linearizer(EQS, CONSTANTS, [U2]), "u2"),
    "constraint_residuals, a specified value keyed by a speed":
        (lambda: ml.constraint_residuals(SLEIGH_EQS, SLEIGH_CONSTANTS,
                                         {**SLEIGH_INPUTS, SLEIGH_EQS.u[0]: 0.0}), "u1"),
    "consistent_state, a constant keyed by a coordinate":
        (lambda: ml.consistent_state(SLEIGH_EQS, [0, 0, 0, 1.0, 1.0, 2.0],
                                     {**SLEIGH_CONSTANTS, SLEIGH_EQS.q[2]: 0.0},
                                     SLEIGH_INPUTS), "q3"),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_a_value_keyed_by_a_state_is_refused(case):
    """Failed before: every case returned (a constant coordinate, a zero
    column of A) without a word."""
    call, name = CASES[case]
    with pytest.raises(errors.ParameterError) as caught:
        call()
    message = str(caught.value)
    assert name in message and "leave" in message and "state" in message


def test_planar_rhs_refuses_a_constant_keyed_by_a_coordinate():
    q, u = me.dynamicsymbols("q u")
    with pytest.raises(errors.ParameterError, match="value for q"):
        planar.rhs([sm.cos(q), sm.sin(q), q], [q], [u], [q.diff() - u],
                   [(1.0, 1 / 3)], lambda t, a, b: [0.0, 0.0, 0.0], constants={q: 1.0})


def test_the_column_of_a_coordinate_is_not_lost():
    """What the refused input did: q1's column of A all zeros. Without it,
    the pendulum's A has -g-terms in q1's column."""
    lin = ml.linearize(EQS, OP, CONSTANTS)
    assert np.any(lin.A[:, 0] != 0)


@pytest.mark.parametrize("call, name", [
    (lambda: ml.linearize(EQS, {**OP, EX.m1: 5.0}, CONSTANTS), "m1"),
    (lambda: ml.Linearizer(SLEIGH_EQS, SLEIGH_CONSTANTS, [SLEIGH.F, SLEIGH.T]).at(
        {s: 0.0 for s in SLEIGH_EQS.state}, {**SLEIGH_INPUTS, SLEIGH.m: 2.0}), "m"),
])
def test_a_value_linearize_would_not_use_is_refused(call, name):
    """The mirror of the cases above. Failed before: a constant in the
    operating point was dropped without a word (m1 = 5 there, 1 in
    constants: A as for m1 = 1)."""
    unused = rf"\['{name}'\], which linearize would not use"
    with pytest.raises(errors.ParameterError, match=unused):
        call()


@pytest.mark.parametrize("call, key", [
    (lambda: ml.rhs(EQS, {"m1": 1.0, "m2": 1.0, "l": 1.0, "g": 9.81}), "'m1'"),
    (lambda: ml.simulate(EQS, X0, (0, 1), {**CONSTANTS, "q1": 0.0}), "'q1'"),
    (lambda: ml.linearize(SLEIGH_EQS, {s: 0.0 for s in SLEIGH_EQS.state}, SLEIGH_CONSTANTS,
                          inputs={"F": 0.0, SLEIGH.T: 0.0}), "'F'"),
])
def test_a_value_keyed_by_a_name_is_refused(call, key):
    """Failed before: string keys matched nothing, so rhs said 'no value for
    [g, l, m1, m2]' to a user who had given each, and 'q1' was dropped."""
    with pytest.raises(errors.ArgumentTypeError, match=f"key {key} .*SymPy symbol"):
        call()


def test_the_inputs_of_a_linearizer_as_a_set_are_refused():
    """Failed before: accepted, so the order of B's columns (list(set))
    changed with PYTHONHASHSEED."""
    with pytest.raises(errors.ArgumentTypeError, match="inputs is a set"):
        ml.Linearizer(SLEIGH_EQS, SLEIGH_CONSTANTS, {SLEIGH.F, SLEIGH.T})
