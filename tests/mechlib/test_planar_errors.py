"""The error contract of mechlib.planar.

Every public function and class is probed with NaN, infinities, None, wrong
shapes, empty lists and zero-length elements, one argument at a time; each
probe must raise a mechlib.errors class (never return NaN). Each probe's
good baseline call must succeed with finite output, so a probe fails when
the error is not raised for the bad value itself.
"""

import numpy as np
import pytest
import sympy as sm
import sympy.physics.mechanics as me

from mechlib import errors, planar

t = me.dynamicsymbols._t
q, u = me.dynamicsymbols("q u")
NAN, INF = float("nan"), float("inf")

TSDA = planar.TranslationalSDA(
    [0.1, 0.2], [0.3, -0.1], k=5.0, l0=0.2, c=1.0, friction=0.5, smoothing=0.1
)
RSDA = planar.RotationalSDA(
    k=2.0, theta0=0.1, c=0.5, friction=0.2, smoothing=0.1
)
Q_I, Q_J = [0.0, 0.0, 0.2], [1.5, 0.5, -0.3]
QD_I, QD_J = [0.1, 0.2, 0.3], [0.4, -0.5, 0.6]
QDD_I, QDD_J = [0.7, 0.8, -0.9], [1.0, 1.1, 1.2]


def weight(time, q_abs, qd_abs):
    return [planar.point_force([0.0, -9.81], [0.0, 0.0], q_abs[0, 2])]


BAR = [sm.cos(q), sm.sin(q), q]
BAR_RHS = planar.rhs(BAR, [q], [u], [q.diff() - u], [(1.0, 1 / 3)], weight)

# name: (callable, good arguments, {argument: kind}); kinds say which bad
# values apply: "v2"/"v3" vectors of 2 or 3, "s" scalars, "p" constants of
# an element, "expr" symbolic lists
CASES = {
    "rotation_matrix": (planar.rotation_matrix, dict(phi=0.3), dict(phi="s")),
    "rotation_matrix_derivative": (
        planar.rotation_matrix_derivative,
        dict(phi=0.3),
        dict(phi="s"),
    ),
    "point_position": (
        planar.point_position,
        dict(q=Q_J, s_local=[0.5, 0.1]),
        dict(q="v3", s_local="v2"),
    ),
    "point_velocity": (
        planar.point_velocity,
        dict(q=Q_J, qd=QD_J, s_local=[0.5, 0.1]),
        dict(q="v3", qd="v3", s_local="v2"),
    ),
    "point_acceleration": (
        planar.point_acceleration,
        dict(q=Q_J, qd=QD_J, qdd=QDD_J, s_local=[0.5, 0.1]),
        dict(q="v3", qd="v3", qdd="v3", s_local="v2"),
    ),
    "point_force": (
        planar.point_force,
        dict(F=[1.0, 2.0], s_local=[0.5, 0.1], phi=0.3),
        dict(F="v2", s_local="v2", phi="s"),
    ),
    "point_force_rate": (
        planar.point_force_rate,
        dict(
            F=[1.0, 2.0],
            F_dot=[0.1, 0.2],
            s_local=[0.5, 0.1],
            phi=0.3,
            phi_dot=0.4,
        ),
        dict(F="v2", F_dot="v2", s_local="v2", phi="s", phi_dot="s"),
    ),
    "pure_moment": (planar.pure_moment, dict(T=2.0), dict(T="s")),
    "pure_moment_rate": (
        planar.pure_moment_rate,
        dict(T_dot=2.0),
        dict(T_dot="s"),
    ),
    "friction_force": (
        planar.friction_force,
        dict(rate=0.3, level=2.0, smoothing=0.1),
        dict(rate="s", level="s", smoothing="p?"),
    ),
    "friction_force_rate": (
        planar.friction_force_rate,
        dict(rate=0.3, rate_dot=1.0, level=2.0, smoothing=0.1),
        dict(rate="s", rate_dot="s", level="s", smoothing="p?"),
    ),
    "TranslationalSDA": (
        lambda **kw: planar.TranslationalSDA(**kw).generalized_forces(
            Q_I, Q_J, QD_I, QD_J
        ),
        dict(
            s_i=[0.1, 0.2],
            s_j=[0.3, -0.1],
            k=5.0,
            l0=0.2,
            c=1.0,
            friction=0.5,
            smoothing=0.1,
            min_length=1e-12,
        ),
        dict(
            s_i="v2",
            s_j="v2",
            k="p",
            l0="p",
            c="p",
            friction="p",
            smoothing="p?",
            min_length="p",
        ),
    ),
    "TranslationalSDA.kinematics": (
        TSDA.kinematics,
        dict(q_i=Q_I, q_j=Q_J, qd_i=QD_I, qd_j=QD_J, qdd_i=QDD_I, qdd_j=QDD_J),
        dict(
            q_i="v3",
            q_j="v3",
            qd_i="v3?",
            qd_j="v3?",
            qdd_i="v3?",
            qdd_j="v3?",
        ),
    ),
    "TranslationalSDA.length": (
        TSDA.length,
        dict(q_i=Q_I, q_j=Q_J),
        dict(q_i="v3", q_j="v3"),
    ),
    "TranslationalSDA.force": (
        TSDA.force,
        dict(length=1.0, rate=0.3, t=0.1),
        dict(length="s", rate="s", t="s"),
    ),
    "TranslationalSDA.force_rate": (
        TSDA.force_rate,
        dict(length=1.0, rate=0.3, acceleration=0.2, t=0.1),
        dict(length="s", rate="s", acceleration="s", t="s"),
    ),
    "TranslationalSDA.forces": (
        TSDA.forces,
        dict(q_i=Q_I, q_j=Q_J, qd_i=QD_I, qd_j=QD_J, t=0.1),
        dict(q_i="v3", q_j="v3", qd_i="v3", qd_j="v3", t="s"),
    ),
    "TranslationalSDA.generalized_forces": (
        TSDA.generalized_forces,
        dict(q_i=Q_I, q_j=Q_J, qd_i=QD_I, qd_j=QD_J, t=0.1),
        dict(q_i="v3", q_j="v3", qd_i="v3", qd_j="v3", t="s"),
    ),
    "TranslationalSDA.generalized_force_rates": (
        TSDA.generalized_force_rates,
        dict(
            q_i=Q_I,
            q_j=Q_J,
            qd_i=QD_I,
            qd_j=QD_J,
            qdd_i=QDD_I,
            qdd_j=QDD_J,
            t=0.1,
        ),
        dict(
            q_i="v3",
            q_j="v3",
            qd_i="v3",
            qd_j="v3",
            qdd_i="v3",
            qdd_j="v3",
            t="s",
        ),
    ),
    "RotationalSDA": (
        lambda **kw: planar.RotationalSDA(**kw).generalized_forces(
            Q_I, Q_J, QD_I, QD_J
        ),
        dict(k=2.0, theta0=0.1, c=0.5, friction=0.2, smoothing=0.1),
        dict(k="p", theta0="p", c="p", friction="p", smoothing="p?"),
    ),
    "RotationalSDA.kinematics": (
        RSDA.kinematics,
        dict(q_i=Q_I, q_j=Q_J, qd_i=QD_I, qd_j=QD_J, qdd_i=QDD_I, qdd_j=QDD_J),
        dict(
            q_i="v3",
            q_j="v3",
            qd_i="v3?",
            qd_j="v3?",
            qdd_i="v3?",
            qdd_j="v3?",
        ),
    ),
    "RotationalSDA.torque": (
        RSDA.torque,
        dict(angle=1.0, rate=0.3, t=0.1),
        dict(angle="s", rate="s", t="s"),
    ),
    "RotationalSDA.torque_rate": (
        RSDA.torque_rate,
        dict(angle=1.0, rate=0.3, acceleration=0.2, t=0.1),
        dict(angle="s", rate="s", acceleration="s", t="s"),
    ),
    "RotationalSDA.generalized_forces": (
        RSDA.generalized_forces,
        dict(q_i=Q_I, q_j=Q_J, qd_i=QD_I, qd_j=QD_J, t=0.1),
        dict(q_i="v3", q_j="v3", qd_i="v3", qd_j="v3", t="s"),
    ),
    "RotationalSDA.generalized_force_rates": (
        RSDA.generalized_force_rates,
        dict(
            q_i=Q_I,
            q_j=Q_J,
            qd_i=QD_I,
            qd_j=QD_J,
            qdd_i=QDD_I,
            qdd_j=QDD_J,
            t=0.1,
        ),
        dict(
            q_i="v3",
            q_j="v3",
            qd_i="v3",
            qd_j="v3",
            qdd_i="v3",
            qdd_j="v3",
            t="s",
        ),
    ),
    "absolute_partial_velocities": (
        planar.absolute_partial_velocities,
        dict(coordinates=BAR, speeds=[u], kdes=[q.diff() - u]),
        dict(coordinates="expr", speeds="speeds"),
    ),
    "project_onto_speeds": (
        planar.project_onto_speeds,
        dict(
            Q=[[0.0, -9.81, 0.0]],
            coordinates=BAR,
            speeds=[u],
            kdes=[q.diff() - u],
        ),
        dict(Q="Q", coordinates="expr", speeds="speeds"),
    ),
    "rhs": (
        lambda **kw: planar.rhs(**kw)(0.0, [0.3, 0.1]),
        dict(
            coordinates=BAR,
            q=[q],
            u=[u],
            kdes=[q.diff() - u],
            masses=[(1.0, 1 / 3)],
            forces=weight,
        ),
        dict(coordinates="expr3", u="speeds", masses="masses"),
    ),
    "simulate": (
        lambda **kw: planar.simulate(**kw).y,
        dict(f=BAR_RHS, x0=[0.3, 0.1], t_span=(0.0, 0.1)),
        dict(x0="v2", t_span="v2"),
    ),
}


def bad_values(kind):
    """(label, value) pairs of bad input for an argument of this kind."""
    if kind in ("v2", "v3", "v3?"):
        n = int(kind[1])
        good = [0.5] * n
        yield "nan", [NAN] + good[1:]
        yield "inf", good[:-1] + [INF]
        yield "-inf", [-INF] + good[1:]
        yield "None inside", [None] + good[1:]
        yield "too long", good + [0.5]
        yield "too short", good[1:]
        yield "empty", []
        yield "scalar", 0.5
        yield "text", "abc"
        if kind != "v3?":
            yield "None", None
    elif kind == "s":
        for label, value in (
            ("nan", NAN),
            ("inf", INF),
            ("None", None),
            ("empty", []),
            ("text", "abc"),
            ("nan in array", [0.5, NAN]),
            ("sympy nan", sm.nan),
            ("sympy oo", sm.oo),
        ):
            yield label, value
    elif kind in ("p", "p?"):  # p?: None is allowed (smoothing)
        for label, value in (
            ("nan", NAN),
            ("inf", INF),
            ("text", "abc"),
            ("list", [1.0, 2.0]),
            ("sympy zoo", sm.zoo),
        ):
            yield label, value
        if kind == "p":
            yield "None", None
    elif kind in ("expr", "expr3"):  # expr3: three per body
        yield "nan", [sm.nan, sm.sin(q), q]
        yield "inf", [sm.cos(q), sm.oo, q]
        yield "None", None
        yield "None inside", [None, sm.sin(q), q]
        yield "empty", []
        if kind == "expr3":
            yield "two entries", [sm.cos(q), q]
    elif kind == "speeds":
        yield "None", None
        yield "empty", []
        yield "repeated", [u, u]
        yield "not a function of time", [sm.Symbol("u")]
    elif kind == "Q":
        yield "nan", [[0.0, NAN, 0.0]]
        yield "inf", [[INF, 0.0, 0.0]]
        yield "None", None
        yield "None inside", [[0.0, None, 0.0]]
        yield "empty", []
        yield "too short", [[0.0, 1.0]]
    elif kind == "masses":
        yield "nan", [(NAN, 1.0)]
        yield "None", None
        yield "empty", []
        yield "zero mass", [(0.0, 1.0)]
        yield "two bodies", [(1.0, 1.0), (1.0, 1.0)]


PROBES = [
    pytest.param(name, argument, value, id=f"{name}-{argument}-{label}")
    for name, (_, _, kinds) in CASES.items()
    for argument, kind in kinds.items()
    for label, value in bad_values(kind)
]


def all_finite(result):
    if isinstance(result, (tuple, list)):
        return all(all_finite(r) for r in result if r is not None)
    if isinstance(result, sm.MatrixBase):
        return not result.has(sm.nan, sm.oo, -sm.oo, sm.zoo)
    return bool(np.all(np.isfinite(np.asarray(result, dtype=float))))


@pytest.mark.parametrize("name", CASES)
def test_good_baseline_is_finite(name):
    function, good, _ = CASES[name]
    assert all_finite(function(**good))


@pytest.mark.parametrize("name, argument, value", PROBES)
def test_bad_input_raises_a_mechlib_error(name, argument, value):
    function, good, _ = CASES[name]
    with pytest.raises(errors.MechlibError) as caught:
        function(**{**good, argument: value})
    assert isinstance(caught.value, (ValueError, TypeError))
    assert len(str(caught.value)) > 30  # names the problem and the fix


@pytest.mark.parametrize("value", [NAN, INF, None])
def test_non_finite_numbers_raise_non_finite_value_error(value):
    with pytest.raises(errors.NonFiniteValueError):
        planar.point_force([1.0, value], [0.5, 0.1], 0.3)
    with pytest.raises(errors.NonFiniteValueError):
        planar.TranslationalSDA([0, 0], [1, 0], k=value)


def test_nan_coordinate_is_not_reported_as_coincident_points():
    with pytest.raises(errors.NonFiniteValueError, match="q_j contains NaN"):
        TSDA.length(Q_I, [NAN, 0.0, 0.0])
    with pytest.raises(errors.NonFiniteValueError, match="NaN"):
        TSDA.generalized_forces(Q_I, [[1.0, 0, 0], [NAN, 0, 0]], QD_I, QD_J)


@pytest.mark.parametrize(
    "q_i, q_j",
    [
        ([0.0, 0.0, 0.0], [1.0, 0.0, 0.0]),  # one state
        ([[0.0, 0.0, 0.0]] * 2, [[2.0, 0, 0], [1.0, 0.0, 0.0]]),  # vectorised
    ],
)
def test_zero_length_element_raises_zero_length_error(q_i, q_j):
    sda = planar.TranslationalSDA([0.5, 0.0], [-0.5, 0.0], k=10.0)
    for call in (
        lambda: sda.length(q_i, q_j),
        lambda: sda.generalized_forces(q_i, q_j, q_i, q_i),
        lambda: sda.generalized_force_rates(q_i, q_j, q_i, q_i, q_i, q_i),
    ):
        with pytest.raises(errors.ZeroLengthError, match="coincide"):
            call()
    assert planar.ZeroLengthError is errors.ZeroLengthError


def test_actuator_that_returns_nan_is_caught():
    sda = planar.TranslationalSDA(
        [0, 0], [0, 0], k=1.0, actuator=lambda L, Ld, tt: np.nan * L
    )
    with pytest.raises(errors.NonFiniteValueError, match="actuator"):
        sda.generalized_forces(Q_I, Q_J, QD_I, QD_J)


def test_states_that_do_not_broadcast_raise_shape_error():
    with pytest.raises(errors.ShapeError, match="broadcast"):
        planar.point_force(np.ones((3, 2)), [0.5, 0.1], [0.1, 0.2])
    with pytest.raises(errors.ShapeError, match="broadcast"):
        TSDA.generalized_forces(
            np.zeros((2, 3)), np.ones((3, 3)), np.zeros(3), np.zeros(3)
        )


def test_messages_name_the_problem_and_the_fix():
    with pytest.raises(
        errors.ShapeError, match="s_local must have 2 components"
    ):
        planar.point_force([1.0, 0.0], [1.0, 0.0, 0.0], 0.0)
    with pytest.raises(errors.ShapeError, match="q_i must have 3 components"):
        TSDA.length([0, 0], [1, 0, 0])
    with pytest.raises(errors.ShapeError, match="F must have 2 components"):
        planar.point_force(sm.Matrix([1, 2, 3]), [sm.Symbol("a"), 0], 0)
    with pytest.raises(errors.LoadError, match="actuator must be a function"):
        planar.TranslationalSDA([0, 0], [0, 0], actuator=3.0)
    with pytest.raises(errors.ParameterError, match="positive rate scale"):
        planar.friction_force(0.1, 1.0, smoothing=0.0)
    with pytest.raises(errors.ParameterError, match="positive rate scale"):
        planar.TranslationalSDA([0, 0], [0, 0], friction=1.0, smoothing=-1)
    with pytest.raises(errors.ShapeError, match="same order"):
        planar.project_onto_speeds([1, 2], [q, 0, q], [u], [q.diff(t) - u])
    with pytest.raises(errors.SpeedError, match="more than once"):
        planar.absolute_partial_velocities([q, 0, q], [u, u], [q.diff(t) - u])
    with pytest.raises(
        errors.NonlinearSpeedError, match="not linear in the speeds"
    ):
        planar.absolute_partial_velocities([q, 0, q], [u], {q.diff(t): u**2})
    with pytest.raises(errors.ShapeError, match="still contain"):
        planar.absolute_partial_velocities([q, 0, q], [u])


def test_numeric_only_actuator_without_rate_raises_on_rates():
    sda = planar.TranslationalSDA(
        [0, 0], [0, 0], k=1.0, actuator=lambda L, Ld, tt: np.sin(tt) + 0 * L
    )
    q_i, q_j = np.zeros(3), np.array([1.0, 0, 0])
    sda.generalized_forces(q_i, q_j, np.zeros(3), np.zeros(3), t=0.3)  # fine
    with pytest.raises(errors.LoadError, match="actuator_rate"):
        sda.generalized_force_rates(
            q_i, q_j, np.zeros(3), np.zeros(3), np.zeros(3), np.zeros(3), t=0.3
        )


def test_zero_length_messages():
    sda = planar.TranslationalSDA([0.5, 0.0], [-0.5, 0.0], k=10.0)
    q_i, q_j = [0.0, 0.0, 0.0], [1.0, 0.0, 0.0]  # both points at (0.5, 0)
    with pytest.raises(errors.ZeroLengthError, match="length is .* coincide"):
        sda.generalized_forces(q_i, q_j, [0, 0, 0], [0, 0, 0])
    with pytest.raises(errors.ZeroLengthError, match="at index \\[1\\]"):
        sda.generalized_forces(
            [q_i, q_i], [[2.0, 0, 0], q_j], np.zeros(3), np.zeros(3)
        )
    with pytest.raises(errors.ZeroLengthError, match="min_length"):
        planar.TranslationalSDA([0, 0], [0, 0], k=1.0, min_length=0.1).length(
            [0, 0, 0], [0.05, 0, 0]
        )
    x = sm.Symbol("x")
    with pytest.raises(errors.ZeroLengthError, match="identically zero"):
        planar.TranslationalSDA([x, 0], [0, 0], k=1).length(
            [0, 0, 0], [x, 0, 0]
        )
