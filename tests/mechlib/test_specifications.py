"""Specifications that do not fit together are refused (issue 47, item 3).

Each case below was accepted before, with a wrong or unusable result: a
configuration constraint with no dependent speed (the simulation drifted off
it by 3.65), one singular in ``q_dep`` (the docstring promised
``ConstraintError``), one holding a speed, a coordinate that is also a speed,
a mass that depends on a speed, coordinates or speeds as a ``set`` (the state
order then depends on ``PYTHONHASHSEED``), partial velocities asked for
coordinates (``[[0]]``). Each must raise the ``mechlib.errors`` class the
docstrings promise, with a message that names the fix (a word it must hold).
"""

from __future__ import annotations

import pytest
import sympy as sm
import sympy.physics.mechanics as me

import mechlib as ml
from mechlib import errors as E

q1, q2, u1, u2 = me.dynamicsymbols("q1 q2 u1 u2")
m, L = sm.symbols("m L")


def slider(**given):
    """A particle in the plane at q1 N.x + q2 N.y with speeds u1, u2, and
    the keywords ``given`` to kanes_equations (``mass=`` its mass)."""
    N = me.ReferenceFrame("N")
    O = me.Point("O")
    O.set_vel(N, 0)
    P = O.locatenew("P", q1 * N.x + q2 * N.y)
    P.set_vel(N, u1 * N.x + u2 * N.y)
    arguments = dict(bodies=[me.Particle("p", P, given.pop("mass", m))], loads=[],
                     q=[q1], u=[u1], kdes=[q1.diff() - u1, q2.diff() - u2], frame=N)
    arguments.update(given)
    return ml.kanes_equations(**arguments)


CASES = {
    "a configuration constraint with no dependent speed":
        (dict(q_dep=[q2], configuration_constraints=[q2 - L * q1], u=[u1, u2]),
         E.ConstraintError, "u_dep"),
    "a configuration constraint singular in q_dep":
        (dict(q_dep=[q2], configuration_constraints=[q1 - L], u_dep=[u2],
              constraints=[u2 - u1]), E.ConstraintError, "choose as dependent"),
    "a configuration constraint that holds a speed":
        (dict(q_dep=[q2], configuration_constraints=[q2 - u1], u_dep=[u2],
              constraints=[u2 - u1]), E.ConstraintError, "constraints=[...]"),
    "a configuration constraint that holds a rate":
        (dict(q_dep=[q2], configuration_constraints=[q2 - q1.diff()], u_dep=[u2],
              constraints=[u2 - u1]), E.ConstraintError, "coordinates only"),
    "a coordinate also used as a speed":
        (dict(q=[q1, q2], u=[q1, u2], kdes=[q1.diff() - u2, q2.diff() - u2]),
         E.CoordinateError, "q1' = u1"),
    "a mass that depends on a speed":
        (dict(mass=m * (1 + u1**2), q=[q1, q2], u=[u1, u2]), E.ParameterError,
         "coordinates"),
    "speeds given as a set":
        (dict(q=[q1, q2], u={u1, u2}), E.ArgumentTypeError, "give a list"),
    "coordinates given as a set":
        (dict(q={q1, q2}, u=[u1, u2]), E.ArgumentTypeError, "give a list"),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_an_inconsistent_specification_is_refused(case):
    """Failed before: every case formed equations (the coordinate used as a
    speed raised a SpeedError about an unlisted function of time)."""
    given, error, fix = CASES[case]
    with pytest.raises(error) as caught:
        slider(**given)
    assert fix in str(caught.value)


def test_a_fitting_specification_is_accepted():
    """The same slider held on the line q2 = L q1 by a dependent speed."""
    eqs = slider(q_dep=[q2], configuration_constraints=[q2 - L * q1], u_dep=[u2],
                 constraints=[u2 - L * u1])
    assert eqs.q_dep == [q2] and eqs.u_dep == [u2]


def test_the_simulation_no_longer_drifts_off_an_unheld_constraint():
    """What the first case did: simulated, q2 - L q1 grew to 3.65 (here the
    equations are refused before a simulation can start)."""
    with pytest.raises(E.ConstraintError):
        slider(q_dep=[q2], configuration_constraints=[q2 - L * q1], u=[u1, u2])


def test_partial_velocities_for_coordinates_are_refused():
    """Failed before: [[0]], the partial velocity of u1 N.x in q1."""
    N = me.ReferenceFrame("N")
    P = me.Point("P")
    P.set_vel(N, u1 * N.x)
    with pytest.raises(E.SpeedError, match="q1 is a coordinate"):
        ml.partial_velocities([P], [q1], N, kdes=[q1.diff() - u1])


@pytest.mark.parametrize("call", [
    lambda N, P: ml.partial_velocities([P], {u1}, N),
    lambda N, P: ml.generalized_active_forces([(P, N.x)], {u1}, N),
])
def test_a_set_of_speeds_is_refused_everywhere(call):
    N = me.ReferenceFrame("N")
    P = me.Point("P")
    P.set_vel(N, u1 * N.x)
    with pytest.raises(E.ArgumentTypeError, match="set"):
        call(N, P)


def test_a_system_with_keywords_it_would_replace_is_refused():
    """Failed before: the System's loads were used and the keyword's extra
    force silently dropped (the same equations as without it)."""
    ex = ml.systems.double_pendulum()
    extra = (ex.P1, m * ex.N.x)
    with pytest.raises(E.ArgumentTypeError, match=r"\['loads'\].*add_loads"):
        ml.kanes_equations(ex, loads=[extra])
    with pytest.raises(E.ArgumentTypeError, match=r"\['bodies', 'q'\]"):
        ml.kanes_equations(ex.system, bodies=list(ex.system.bodies), q=[q1])
    # empty keywords change nothing and are accepted, as are prescribed= and
    # constraint_solver=, which a System does not hold
    assert ml.kanes_equations(ex, loads=[], constraint_solver="LU").q == ml.kanes_equations(ex).q
