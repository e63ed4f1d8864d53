"""Classes of bad input, each tried on every function it applies to.

A second pass over mechlib with systems and inputs nobody here wrote found
silent wrong answers, NaNs and hangs; each kind is a class below, and each
class is tried across every public function that takes such an input. Every
case must raise the ``mechlib.errors`` class named, with a message that says
what to do (checked by a word it must contain).
"""

from __future__ import annotations

import numpy as np
import pytest
import sympy as sm
import sympy.physics.mechanics as me

import mechlib as ml
from mechlib import errors as E
from mechlib import planar

t = me.dynamicsymbols._t
q1, q2, u1, u2, u3, u4 = me.dynamicsymbols("q1 q2 u1 u2 u3 u4")
c, k, m, L = sm.symbols("c k m L")


def _rod(mass=m, inertia=1):
    """A rod turning about N.z through q1, with a given mass and inertia."""
    N = me.ReferenceFrame("N")
    A = N.orientnew("A", "Axis", (q1, N.z))
    A.set_ang_vel(N, u1 * N.z)
    O = me.Point("O")
    O.set_vel(N, 0)
    P = O.locatenew("P", L * A.x)
    P.v2pt_theory(O, N, A)
    body = me.RigidBody("rod", P, A, mass, (me.inertia(A, inertia, inertia, inertia), P))
    return N, O, P, A, body


# --- a function of time that is in no list: would be silently treated as known

def _kane_with(stray_in):
    N, O, P, A, body = _rod()
    if stray_in == "velocity":
        P.set_vel(N, u1 * L * A.y + u4 * N.x)
        constraints = ()
    else:
        constraints = [u1 - u4]
    return lambda: ml.kanes_equations(bodies=[body], loads=[], q=[q1], u=[u1],
                                      kdes=[q1.diff() - u1], frame=N,
                                      constraints=constraints)


UNLISTED = {
    "potential_forces, a coordinate with no kde":
        (lambda: ml.potential_forces(k * q2**2 / 2, [u1], [q1.diff() - u1]), E.CoordinateError),
    "dissipation_forces, written in a speed":
        (lambda: ml.dissipation_forces(c * u1**2 / 2, [u1], [q1.diff() - u1]), E.SpeedError),
    "dissipation_forces, the rate of a coordinate with no kde":
        (lambda: ml.dissipation_forces(c * q2.diff()**2, [u1], [q1.diff() - u1]), E.SpeedError),
    "dependent_speed_coefficients, a speed in no list":
        (lambda: ml.dependent_speed_coefficients([u2 - u3 + u4], [u1, u3], [u2]), E.SpeedError),
    "dependent_speed_coefficients, a stray coordinate rate":
        (lambda: ml.dependent_speed_coefficients([u2 - q1.diff()], [u1], [u2]), E.SpeedError),
    "kanes_equations, a speed in no list in a velocity":
        (_kane_with("velocity"), E.SpeedError),
}


@pytest.mark.parametrize("case", sorted(UNLISTED))
def test_a_function_of_time_in_no_list_is_refused(case):
    call, error = UNLISTED[case]
    with pytest.raises(error, match="prescribed|kde|coordinate rates"):
        call()


def test_a_prescribed_function_is_accepted_where_declared():
    """The legitimate use of the same inputs: declared as prescribed."""
    F, s = me.dynamicsymbols("F s")
    assert ml.potential_forces(-F * q1, [u1], [q1.diff() - u1], prescribed=[F]) \
        == sm.Matrix([F])
    A_n, b_n = ml.dependent_speed_coefficients([u2 - u1 - s.diff()], [u1], [u2],
                                               prescribed=[s])
    assert b_n == sm.Matrix([s.diff()])


# --- negative masses and inertias ----------------------------------------------

NEGATIVE = {
    "a body of negative mass": lambda: ml.kanes_equations(
        bodies=[_rod(mass=-1)[4]], loads=[], q=[q1], u=[u1], kdes=[q1.diff() - u1],
        frame=_rod(mass=-1)[0]),
    "a body of negative moment of inertia": lambda: ml.generalized_inertia_forces(
        [_rod(inertia=-2)[4]], [u1], _rod(inertia=-2)[0], kdes=[q1.diff() - u1]),
    "a negative mass among the constants of simulate": lambda: ml.simulate(
        *_pendulum_run({"m1": -1.0})),
    "a negative mass of planar.rhs": lambda: planar.rhs(
        [sm.cos(q1), sm.sin(q1), q1], [q1], [u1], [q1.diff() - u1], [(-1.0, 1.0)],
        lambda t, q, qd: [[0, 0, 0]]),
}


def _pendulum_run(changes=None, **options):
    ex = ml.systems.double_pendulum()
    constants = {ex.m1: 1.0, ex.m2: 1.0, ex.l: 1.0, ex.g: 9.81}
    constants.update({getattr(ex, name): value for name, value in (changes or {}).items()})
    return ml.kanes_equations(ex), [0.1, 0.0, 0.0, 0.0], options.pop("span", (0.0, 1.0)), \
        constants


@pytest.mark.parametrize("case", sorted(NEGATIVE))
def test_negative_masses_and_inertias_are_refused(case):
    with pytest.raises((E.ParameterError, E.SingularMassMatrixError),
                       match="positive|not negative"):
        NEGATIVE[case]()


# --- NaN that would flow through -------------------------------------------------

def _nan_specified():
    ex = ml.systems.chaplygin_sleigh()
    f = ml.rhs(ml.kanes_equations(ex), {ex.m: 1.0, ex.I: 1.0, ex.a: 0.5},
               specified={ex.F: lambda time: float("nan"), ex.T: 0.0})
    return f(0.0, [0, 0, 0, 1.0, 1.0, 0.5])


NOT_FINITE = {
    "a specified function that returns NaN (ml.rhs)": _nan_specified,
    "upright_operating_point at a NaN speed": lambda: ml.systems.bicycle.upright_operating_point(
        ml.systems.whipple_bicycle(), float("nan")),
    "planar.friction_force with a zero smoothing": lambda: planar.friction_force(
        sm.Symbol("v"), 2.0, smoothing=sm.Integer(0)),
    "planar.rhs with a NaN constant": lambda: planar.rhs(
        [L * sm.cos(q1), L * sm.sin(q1), q1], [q1], [u1], [q1.diff() - u1], [(1.0, 1.0)],
        lambda t, q, qd: [[0, 0, 0]], constants={L: float("nan")}),
}


@pytest.mark.parametrize("case", sorted(NOT_FINITE))
def test_no_nan_leaves_mechlib(case):
    with pytest.raises((E.NonFiniteValueError, E.ParameterError)):
        NOT_FINITE[case]()


# --- work that grows without bound -----------------------------------------------

def _planar_pendulum():
    def weight(time, q_abs, qd_abs):
        return [planar.point_force([0.0, -9.81], [0.0, 0.0], q_abs[0, 2])]
    return planar.rhs([sm.cos(q1), sm.sin(q1), q1], [q1], [u1], [q1.diff() - u1],
                      [(1.0, 1 / 3)], weight)


BOUNDED = {
    "n_link_pendulum of 10**9 links": lambda: ml.systems.n_link_pendulum(10**9),
    "rigid_chain of 10**8 links": lambda: ml.systems.rigid_chain(10**8),
    "simulate over 1e12 s": lambda: ml.simulate(*_pendulum_run(span=(0.0, 1e12)),
                                                max_evaluations=2000),
    "planar.simulate over 1e12 s": lambda: planar.simulate(
        _planar_pendulum(), [0.5, 0.0], (0.0, 1e12), max_evaluations=2000),
}


@pytest.mark.parametrize("case", sorted(BOUNDED))
def test_work_is_bounded(case):
    with pytest.raises(E.ParameterError, match="give 1 to|max_evaluations"):
        BOUNDED[case]()


# --- the arguments of the two integrations ---------------------------------------

INTEGRATIONS = {
    "simulate": lambda **kw: ml.simulate(*_pendulum_run(span=kw.pop("span", (0.0, 1.0))),
                                         **kw),
    "planar.simulate": lambda **kw: planar.simulate(
        _planar_pendulum(), [0.5, 0.0], kw.pop("span", (0.0, 1.0)), **kw),
}
SPOILED = {
    "a zero time span": (dict(span=(1.0, 1.0)), E.ParameterError),
    "NaN in t_eval": (dict(t_eval=[0.0, float("nan")]), E.NonFiniteValueError),
    "t_eval out of order": (dict(t_eval=[0.5, 0.2]), E.ParameterError),
    "t_eval outside the span": (dict(t_eval=[0.5, 2.0]), E.ParameterError),
    "an unknown method": (dict(method="Euler"), E.ParameterError),
}


@pytest.mark.parametrize("which", sorted(INTEGRATIONS))
@pytest.mark.parametrize("case", sorted(SPOILED))
def test_both_integrations_check_their_arguments(which, case):
    options, error = SPOILED[case]
    with pytest.raises(error):
        INTEGRATIONS[which](**dict(options))


# --- strings are never parsed ----------------------------------------------------

STRINGS = {
    "kdes of partial_velocities": lambda: ml.partial_velocities(
        [_rod()[2]], [u1], _rod()[0], kdes=["q1' - u1"]),
    "kdes of potential_forces": lambda: ml.potential_forces(k * q1**2, [u1], ["q1' - u1"]),
    "V of potential_forces": lambda: ml.potential_forces("k*q1**2", [u1], [q1.diff() - u1]),
    "planar coordinates": lambda: planar.rhs(["cos(q1)", "sin(q1)", "q1"], [q1], [u1],
                                             [q1.diff() - u1], [(1.0, 1.0)],
                                             lambda t, q, qd: [[0, 0, 0]]),
    "a planar force": lambda: planar.point_force("F", [1.0, 0.0], 0.0),
}


@pytest.mark.parametrize("case", sorted(STRINGS))
def test_strings_are_refused_everywhere(case):
    with pytest.raises((E.ArgumentTypeError, E.ShapeError), match="string|not parsed"):
        STRINGS[case]()


# --- right class, true message ---------------------------------------------------

def test_messages_that_used_to_mislead():
    ex = ml.systems.chaplygin_sleigh()
    eqs = ml.kanes_equations(ex)
    with pytest.raises(E.ParameterError, match="tol"):
        ml.consistent_state(eqs, [0, 0, 0, 1, 1, 0.5], {ex.m: 1, ex.I: 1, ex.a: 0.5},
                            specified={ex.F: 0, ex.T: 0}, tol=-1)
    with pytest.raises(E.ParameterError, match="constraint solver"):
        ml.kanes_equations(ex, constraint_solver="magic")
    with pytest.raises(E.ShapeError, match="one axis letter per link"):
        ml.systems.rigid_chain(2, axes="bogus")
    F = sm.Matrix([1, 2, 3])
    for p, error in ((-1, E.ShapeError), (5, E.ShapeError), (2.5, E.ArgumentTypeError)):
        with pytest.raises(error, match="independent"):
            ml.reduce_generalized_forces(F, sm.Matrix([[1, 2]]), p)
    with pytest.raises(E.ArgumentTypeError, match="Particle or RigidBody"):
        ml.generalized_inertia_forces([3], [u1], me.ReferenceFrame("N"))
    with pytest.raises(E.ShapeError, match="scalar"):
        planar.pure_moment(sm.Matrix([sm.Symbol("T1"), sm.Symbol("T2")]))
    with pytest.raises(E.ParameterError, match="negative"):
        planar.friction_force(1.0, -2.0)
    assert ml.Linearizer is ml.linearization.Linearizer
    assert planar.SDAKinematics(1, 2).length is None
    assert np.isfinite(ml.simulate(*_pendulum_run(), max_evaluations=100_000).y).all()
