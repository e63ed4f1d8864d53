"""The error contract of mechlib, enforced by walking its public API.

book/api.md promises: every exception mechlib raises on bad input is a
``mechlib.errors`` class (a ``MechlibError`` that is also a ``ValueError`` or
``TypeError``) whose message names the problem and the fix; never a deep
SymPy/NumPy traceback, a NaN result, a silent wrong answer or a hang.

The set of public callables is derived from ``__all__`` (``mechlib``, each
module listed in ``MODULES`` and ``mechlib.planar``), so a new public function
without a probe makes ``test_every_public_callable_has_a_probe`` fail. The
probes are one table, ``PROBES``: (function, what is wrong, arguments). Each
probe must raise a mechlib error within ``TIME_LIMIT`` seconds, unless it is
marked ``accepted`` (the input is legitimate), in which case its result must
hold no NaN. ``mechlib.planar`` is probed in depth by test_planar_errors.py;
here every planar callable gets at least one probe.
"""

import functools
import inspect
import re
import time
from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np
import pytest
import sympy as sm
import sympy.physics.mechanics as me

import mechlib as ml
from bookkit import chapters, generate_checks
from mechlib import (
    _numeric,
    active,
    errors,
    inertia,
    kane,
    kinematics,
    linearization,
    nonholonomic,
    planar,
    potential,
    printing,
    simulation,
    systems,
    verify,
)
from mechlib.book import check, display

TIME_LIMIT = 5.0  # seconds; a probe that takes longer counts as a hang

MODULES = [ml, kinematics, active, inertia, nonholonomic, kane, simulation,
           linearization, verify, printing, display, systems, planar,
           check, generate_checks]

NAN, INF = float("nan"), float("inf")
t = me.dynamicsymbols._t
q1, q2, u1, u2, u3, ua = me.dynamicsymbols("q1 q2 u1 u2 u3 u_a")
L, m, a = sm.symbols("L m a")


# --- fixtures: a rod R pinned at A, which slides along N.x ----------------

def rod():
    """N; R turned through q2 (angular speed u2); A moving with u1 N.x; B
    the end of the rod; F a frame never oriented; P a point without a
    velocity; C a point whose velocity holds a coordinate rate."""
    N, R, F = (me.ReferenceFrame(n) for n in "NRF")
    R.orient_axis(N, q2, N.z)
    R.set_ang_vel(N, u2 * N.z)
    A = me.Point("A")
    A.set_vel(N, u1 * N.x)
    B = A.locatenew("B", L * R.x)
    B.v2pt_theory(A, N, R)
    P = me.Point("P")
    C = me.Point("C")
    C.set_vel(N, q1.diff() * N.x)
    bob = me.Particle("bob", B, m)
    body = me.RigidBody("rod", B, R, m, (me.inertia(R, 1, 1, 1), B))
    lost = me.RigidBody("lost", B, F, m, (me.inertia(F, 1, 1, 1), B))
    loose = me.RigidBody("loose", B, R, m, (me.inertia(F, 1, 1, 1), B))
    return dict(N=N, R=R, F=F, A=A, B=B, P=P, C=C, bob=bob, body=body,
                lost=lost, loose=loose, kdes=[q2.diff() - u2])


def the(*names):
    """The named objects of a fresh rod(), as a tuple."""
    r = rod()
    return tuple(r[n] for n in names)


@functools.cache
def pendulum():
    ex = systems.double_pendulum()
    eqs = ml.kanes_equations(ex)
    constants = {ex.m1: 1.0, ex.m2: 1.0, ex.l: 1.0, ex.g: 9.81}
    return ex, eqs, constants


@functools.cache
def sleigh():
    ex = systems.chaplygin_sleigh()
    eqs = ml.kanes_equations(ex)
    constants = {ex.m: 1.0, ex.I: 1.0, ex.a: 0.5}
    return ex, eqs, constants, {ex.F: 0.0, ex.T: 0.0}


def pendulum_kw(changes):
    """kanes_equations keywords of the double pendulum, some replaced."""
    ex = systems.double_pendulum()
    kw = dict(bodies=list(ex.bodies), loads=list(ex.loads), q=[ex.q1, ex.q2],
              u=[ex.u1, ex.u2], kdes=list(ex.kdes), frame=ex.N)
    kw.update(changes(ex))
    return kw


@functools.cache
def degenerate():
    """(eqs, constants, state) of a particle in a plane whose motion
    constraint (m - 1)*u2 - u1 no longer fixes u2 when m = 1."""
    N = me.ReferenceFrame("N")
    P = me.Point("P")
    P.set_vel(N, u1 * N.x + u2 * N.y)
    eqs = ml.kanes_equations(bodies=[me.Particle("P", P, m)], loads=[(P, -m * N.y)],
                             q=[q1, q2], u=[u1], u_dep=[u2],
                             kdes=[q1.diff() - u1, q2.diff() - u2], frame=N,
                             constraints=[(m - 1) * u2 - u1])
    return eqs, {m: 1.0}, [0.0, 0.0, 0.0, 0.0]


def spun(oriented):
    """kanes_equations keywords of a body spun about N.z with its inertia in a
    frame F not connected to N: the body's frame R is oriented in N and F is
    a stray frame (``oriented``), or F is the body's frame and has an angular
    velocity in N but no orientation."""
    N, R, F = (me.ReferenceFrame(name) for name in "NRF")
    if oriented:
        R.orient_axis(N, q2, N.z)
    else:
        R = F
        F.set_ang_vel(N, u2 * N.z)
    O = me.Point("O")
    O.set_vel(N, 0)
    body = me.RigidBody("spun", O, R, m, (me.inertia(F, 1, 1, 1), O))
    return dict(bodies=[body], q=[q2], u=[u2], kdes=[q2.diff() - u2], frame=N)


def pv_state():
    """(pendulum constants, a good state)."""
    return pendulum()[2], [0.1, 0.2, 0.0, 0.0]


def sleigh_kw():
    """kanes_equations keywords of the Chaplygin sleigh."""
    ex = systems.chaplygin_sleigh()
    s = ex.system
    return ex, dict(bodies=list(s.bodies), loads=list(ex.loads),
                    q=list(s.q_ind), u=list(s.u_ind), u_dep=list(s.u_dep),
                    kdes=list(s.kdes), frame=ex.N,
                    constraints=list(s.velocity_constraints))


def animation():
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.animation import FuncAnimation
    fig, ax = plt.subplots(figsize=(1, 1))
    (line,) = ax.plot([], [])
    movie = FuncAnimation(fig, lambda n: line.set_data([0, n], [0, n]),
                          frames=2)
    plt.close(fig)
    return movie


BAR = [sm.cos(q1), sm.sin(q1), q1]


def weight(time_, q_abs, qd_abs):
    return [planar.point_force([0.0, -9.81], [0.0, 0.0], q_abs[0, 2])]


@functools.cache
def bar_rhs():
    return planar.rhs(BAR, [q1], [u1], [q1.diff() - u1], [(1.0, 1 / 3)],
                      weight)


# --- the probe table -------------------------------------------------------

@dataclass
class Probe:
    """``func(*args, **kwargs)`` with ``args, kwargs = build()``.

    ``then`` is applied to the result (to call a returned function with the
    bad input); ``expect`` narrows the mechlib class; ``match``, a regular
    expression, is what the message must say (the problem or the fix);
    ``accepted`` marks a legitimate input whose result must hold no NaN.
    """

    func: Callable
    case: str
    build: Callable
    then: Callable | None = None
    expect: type = errors.MechlibError
    match: str = ""
    accepted: bool = False
    target: Callable = field(default=None)

    def __post_init__(self):
        self.target = self.func


def P(func, case, build, **options):
    return Probe(func, case, build, **options)


def args(*a, **kw):
    """A builder returning fixed arguments."""
    return lambda: (a, kw)


E = errors
K = kinematics
PROBES = [
    # kinematics -----------------------------------------------------------
    P(K.partial_velocities, "a number where the frame belongs",
      lambda: (([the("B")[0]], [u1, u2], 3), {}), expect=E.ArgumentTypeError),
    P(K.partial_velocities, "a string where the list of vectors belongs",
      lambda: (("B", [u1, u2], the("N")[0]), {}), expect=E.ShapeError),
    P(K.partial_velocities, "a number among the vectors",
      lambda: (([3], [u1], the("N")[0]), {}), expect=E.ArgumentTypeError,
      match="give a Vector"),
    P(K.partial_velocities, "repeated speeds",
      lambda: (lambda N, B: (([B], [u1, u1], N), {}))(*the("N", "B")),
      expect=E.SpeedError, match="more than once"),
    P(K.partial_velocities, "a speed that is not a function of time",
      lambda: (([the("N")[0].x], [sm.Symbol("u")], the("N")[0]), {}),
      expect=E.SpeedError, match="not a function of time"),
    P(K.partial_velocities, "a velocity nonlinear in the speeds",
      lambda: (lambda N: (([u1**2 * N.x], [u1], N), {}))(the("N")[0]),
      expect=E.NonlinearSpeedError, match="not linear in the speed"),
    P(K.remainder, "a velocity nonlinear in the speeds",
      lambda: (lambda N: ((sm.sin(u1) * N.y, [u1], N), {}))(the("N")[0]),
      expect=E.NonlinearSpeedError, match="u1"),
    P(K.partial_velocities, "a frame never oriented",
      lambda: (lambda N, F: (([F], [u1], N), {}))(*the("N", "F")),
      expect=E.VelocityNotDefinedError, match="orient F"),
    P(K.partial_velocities, "a vector in a frame not connected to the frame",
      lambda: (lambda N, F: (([u1 * F.x], [u1], N), {}))(*the("N", "F")),
      expect=E.FrameNotConnectedError),
    P(K.partial_velocities, "a point without a velocity",
      lambda: (lambda N, P_: (([P_], [u1], N), {}))(*the("N", "P")),
      expect=E.VelocityNotDefinedError,
      match="velocity of point P in frame N is not defined"),
    P(K.partial_velocities, "a coordinate rate left in a velocity",
      lambda: (lambda N, C: (([C], [u1], N), {}))(*the("N", "C")),
      expect=E.SpeedError, match="kdes="),
    P(K.partial_velocities, "NaN in a velocity",
      lambda: (lambda N: (([sm.nan * u1 * N.x], [u1], N), {}))(the("N")[0]),
      expect=E.NonFiniteValueError),
    P(K.partial_velocities, "None for the speeds",
      lambda: (lambda N, B: (([B], None, N), {}))(*the("N", "B"))),
    P(K.partial_velocities, "an empty list of speeds",
      lambda: (lambda N, B: (([B], [], N), {}))(*the("N", "B")),
      expect=E.SpeedError),
    P(K.partial_velocities, "an empty list of vectors (legitimate)",
      lambda: (([], [u1], the("N")[0]), {}), accepted=True),
    P(K.partial_velocities, "kdes nonlinear in the rates",
      lambda: (lambda N, B: (([B], [u1, u2], N),
                             dict(kdes=[q2.diff()**2 - u2])))(
          *the("N", "B")), expect=E.NonlinearSpeedError),
    P(K.partial_velocities, "a number as the kdes",
      lambda: (lambda N, B: (([B], [u1, u2], N), dict(kdes=3)))(
          *the("N", "B")), expect=E.ShapeError),
    P(K.partial_velocities, "kdes that give a rate NaN",
      lambda: (lambda N, C: (([C], [u1], N),
                             dict(kdes={q1.diff(): sm.nan})))(
          *the("N", "C")), expect=E.NonFiniteValueError),
    P(K.partial_velocities, "a number among the prescribed functions",
      lambda: (lambda N, B: (([B], [u1, u2], N), dict(prescribed=[3])))(
          *the("N", "B")), expect=E.ArgumentTypeError),
    P(K.partial_velocity_map, "a number where the list of items belongs",
      lambda: ((3, [u1], the("N")[0]), {}), expect=E.ShapeError),
    P(K.partial_velocity_map, "repeated speeds",
      lambda: (lambda N, B: (([B], [u2, u2], N), {}))(*the("N", "B")),
      expect=E.SpeedError),
    P(K.remainder, "a string where the vector belongs",
      lambda: (("abc", [u1], the("N")[0]), {}), expect=E.ArgumentTypeError),
    P(K.remainder, "a point without a velocity",
      lambda: (lambda N, P_: ((P_, [u1], N), {}))(*the("N", "P")),
      expect=E.VelocityNotDefinedError),
    P(K.remainder, "a number where the frame belongs",
      lambda: (lambda B: ((B, [u1, u2], 1.5), {}))(*the("B")),
      expect=E.ArgumentTypeError),
    P(K.replace_qdots, "a number as the kdes",
      lambda: ((q1.diff(), 3), {}), expect=E.ShapeError),
    P(K.replace_qdots, "two equations for one rate",
      lambda: ((q1.diff(), [q1.diff() - u1, q1.diff() - u2]), {}),
      expect=E.ShapeError),
    P(K.replace_qdots, "kdes nonlinear in the rates",
      lambda: ((q1.diff(), [q1.diff()**2 - u1]), {}),
      expect=E.NonlinearSpeedError),
    P(K.replace_qdots, "None where the expression belongs",
      lambda: ((None, [q1.diff() - u1]), {}), expect=E.ArgumentTypeError),
    P(K.replace_qdots, "a plain number (legitimate)",
      lambda: ((3, [q1.diff() - u1]), {}), accepted=True),

    # display -------------------------------------------------------------
    P(display.partial_velocity_table, "a number where the frame belongs",
      lambda: (([the("B")[0]], [u1, u2], 3), {}),
      expect=E.ArgumentTypeError),
    P(display.partial_velocity_table, "a tuple of three as an item",
      lambda: (lambda N: (([("a", N.x, 1)], [u1], N), {}))(the("N")[0]),
      expect=E.ShapeError),
    P(display.partial_velocity_table, "a point without a velocity",
      lambda: (lambda N, P_: (([P_], [u1], N), {}))(*the("N", "P")),
      expect=E.VelocityNotDefinedError),
    P(display.partial_velocity_table, "repeated speeds",
      lambda: (lambda N, B: (([B], [u2, u2], N), {}))(*the("N", "B")),
      expect=E.SpeedError),
    P(display.collected, "a number where the terms belong",
      lambda: ((u1 + u2, 3), {}), expect=E.ShapeError),
    P(display.collected, "None where the expression belongs",
      lambda: ((None, [u1]), {}), expect=E.ArgumentTypeError),
    P(display.animation_html, "a number where the animation belongs",
      lambda: ((3, "demo"), {}), expect=E.ArgumentTypeError),
    P(display.animation_html, "a name with a space",
      lambda: ((animation(), "a b"), {}), expect=E.ShapeError),
    P(display.animation_html, "a number as the name",
      lambda: ((animation(), 3), {}), expect=E.ArgumentTypeError),
    P(display.animation_html, "an unknown default_mode",
      lambda: ((animation(), "demo"), dict(default_mode="bogus"))),
    P(display.animation_html, "a NaN dpi",
      lambda: ((animation(), "demo"), dict(dpi=NAN))),
    P(display.Slider, "a NaN end",
      args(NAN, 1.0), expect=E.NonFiniteValueError),
    P(display.Slider, "low above high",
      args(2.0, 1.0), expect=E.ParameterError),
    P(display.Slider, "one step",
      args(0.0, 1.0, steps=1), expect=E.ParameterError),
    P(display.Slider, "a float number of steps",
      args(0.0, 1.0, steps=2.5), expect=E.ArgumentTypeError),
    P(display.Slider, "a value outside the range",
      args(0.0, 1.0, 2.0), expect=E.ParameterError),
    P(display.Slider, "a number as the label",
      args(0.0, 1.0, label=3), expect=E.ArgumentTypeError),
    P(display.Choice, "one option",
      args([1]), expect=E.ShapeError),
    P(display.Choice, "a string as the options",
      args("12"), expect=E.ArgumentTypeError),
    P(display.Choice, "a value not among the options",
      args([1, 2], 3), expect=E.ParameterError),
    P(display.Choice, "an infinite option",
      args([1.0, INF]), expect=E.NonFiniteValueError),
    P(display.explorer, "a number where draw belongs",
      args(3, x=display.Slider(0, 1)), expect=E.ArgumentTypeError),
    P(display.explorer, "no sliders",
      args(lambda x=0: None), expect=E.ShapeError),
    P(display.explorer, "a tuple where a Slider belongs",
      args(lambda x=0: None, x=(0, 1)), expect=E.ArgumentTypeError),
    P(display.explorer, "a slider draw does not take",
      args(lambda x=0: None, y=display.Slider(0, 1)), expect=E.ArgumentTypeError),
    P(display.explorer, "more pictures than the budget",
      args(lambda x=0, y=0: None, alt="a", x=display.Slider(0, 1, steps=20),
           y=display.Slider(0, 1, steps=20)), expect=E.ParameterError),
    P(display.explorer, "a draw function that raises",
      args(lambda x=0: 1 / 0, alt="nothing", x=display.Slider(0, 1, steps=2)),
      expect=E.ParameterError),
    P(display.explorer, "a draw function that draws no figure",
      args(lambda x=0: None, alt="nothing", x=display.Slider(0, 1, steps=2)),
      expect=E.ArgumentTypeError),
    P(display.explorer, "a NaN dpi",
      args(lambda x=0: None, alt="a", dpi=NAN, x=display.Slider(0, 1)),
      expect=E.ParameterError),

    # active --------------------------------------------------------------
    P(active.loads_of, "a bare vector",
      lambda: (([the("N")[0].x],), {}), expect=E.LoadError),
    P(active.loads_of, "a rigid body with a vector",
      lambda: (lambda N, body: (([(body, N.x)],), {}))(*the("N", "body")),
      expect=E.LoadError),
    P(active.loads_of, "a number where the vector belongs",
      lambda: (lambda B: (([(B, 3)],), {}))(*the("B")), expect=E.LoadError),
    P(active.loads_of, "a NumPy array as the force (issue 59)",
      lambda: (lambda B: (([(B, np.array([1.0, 0.0, 0.0]))],), {}))(*the("B")),
      expect=E.LoadError),
    P(active.loads_of, "a string",
      lambda: (("abc",), {}), expect=E.ShapeError),
    P(active.loads_of, "NaN in a force",
      lambda: (lambda N, B: (([(B, sm.nan * N.x)],), {}))(*the("N", "B")),
      expect=E.NonFiniteValueError),
    P(active.loads_of, "an empty list (legitimate)",
      lambda: (([],), {}), accepted=True),
    P(active.generalized_active_forces, "a number where the frame belongs",
      lambda: (lambda N, B: (([(B, N.x)], [u1, u2], 3), {}))(*the("N", "B")),
      expect=E.ArgumentTypeError),
    P(active.generalized_active_forces, "a force at a point without velocity",
      lambda: (lambda N, P_: (([(P_, N.x)], [u1], N), {}))(*the("N", "P")),
      expect=E.VelocityNotDefinedError),
    P(active.generalized_active_forces, "a torque on a frame never oriented",
      lambda: (lambda N, F: (([(F, N.z)], [u1], N), {}))(*the("N", "F")),
      expect=E.VelocityNotDefinedError),
    P(active.generalized_active_forces, "a force in an unconnected frame",
      lambda: (lambda N, F, B: (([(B, F.x)], [u1, u2], N), {}))(
          *the("N", "F", "B")), expect=E.FrameNotConnectedError, match="orient"),
    P(active.generalized_active_forces, "repeated speeds",
      lambda: (lambda N, B: (([(B, N.x)], [u1, u1], N), {}))(
          *the("N", "B")), expect=E.SpeedError),
    P(active.generalized_active_forces, "None for the speeds",
      lambda: (lambda N, B: (([(B, N.x)], None, N), {}))(*the("N", "B"))),
    P(active.generalized_active_forces, "a number among the bodies",
      lambda: (lambda N, B: (([(B, N.x)], [u1, u2], N), dict(bodies=[3])))(
          *the("N", "B")), expect=E.ArgumentTypeError),
    P(active.generalized_active_forces, "a number as the partials",
      lambda: (lambda N, B: (([(B, N.x)], [u1, u2], N), dict(partials=3)))(
          *the("N", "B")), expect=E.ArgumentTypeError),
    P(active.generalized_active_forces, "partials of the wrong length",
      lambda: (lambda N, B: (([(B, N.x)], [u1, u2], N),
                             dict(partials={B: [N.x]})))(*the("N", "B")),
      expect=E.ShapeError),
    P(active.generalized_active_forces, "NaN in a force",
      lambda: (lambda N, B: (([(B, sm.nan * N.x)], [u1, u2], N), {}))(
          *the("N", "B")), expect=E.NonFiniteValueError),
    P(active.generalized_active_forces, "no loads (legitimate)",
      lambda: (lambda N: (([], [u1], N), {}))(the("N")[0]), accepted=True),
    P(active.resultant_and_couple, "a number where the point belongs",
      lambda: (lambda N, B: (([(B, N.x)], 3), {}))(*the("N", "B")),
      expect=E.ArgumentTypeError),
    P(active.resultant_and_couple, "a point not located relative to point",
      lambda: (lambda N, B, P_: (([(B, N.x)], P_), {}))(*the("N", "B", "P")),
      expect=E.PositionNotDefinedError),
    P(active.resultant_and_couple, "a force in an unconnected frame",
      lambda: (lambda F, A, B: (([(B, F.x)], A), {}))(*the("F", "A", "B")),
      expect=E.FrameNotConnectedError),
    P(active.resultant_and_couple, "no forces (legitimate)",
      lambda: (lambda A: (([], A), {}))(*the("A")), accepted=True),

    # inertia -------------------------------------------------------------
    P(inertia.inertia_force, "a number where the body belongs",
      lambda: ((3, the("N")[0]), {}), expect=E.ArgumentTypeError),
    P(inertia.inertia_force, "a number where the frame belongs",
      lambda: ((the("bob")[0], 3), {}), expect=E.ArgumentTypeError),
    P(inertia.inertia_force, "a particle at a point without velocity",
      lambda: (lambda N, P_: ((me.Particle("p", P_, m), N), {}))(
          *the("N", "P")), expect=E.VelocityNotDefinedError),
    P(inertia.inertia_force, "a NaN mass",
      lambda: (lambda N, B: ((me.Particle("p", B, sm.nan), N), {}))(
          *the("N", "B")), expect=E.NonFiniteValueError),
    P(inertia.inertia_force, "a number as the kdes",
      lambda: (lambda N, bob: ((bob, N), dict(kdes=3)))(*the("N", "bob")),
      expect=E.ShapeError),
    P(inertia.inertia_torque, "a string where the frame belongs",
      lambda: ((the("body")[0], "N"), {}), expect=E.ArgumentTypeError),
    P(inertia.inertia_torque, "a body whose frame is never oriented",
      lambda: (lambda N, lost: ((lost, N), {}))(*the("N", "lost")),
      expect=E.VelocityNotDefinedError),
    P(inertia.inertia_torque, "an inertia dyadic in an unconnected frame",
      lambda: (lambda N, loose: ((loose, N), {}))(*the("N", "loose")),
      expect=E.FrameNotConnectedError),
    P(inertia.inertia_torque_of_particles, "an empty list of particles",
      lambda: (([], the("B")[0], the("N")[0]), {}), expect=E.ShapeError),
    P(inertia.inertia_torque_of_particles, "a number among the particles",
      lambda: (lambda N, B: (([3], B, N), {}))(*the("N", "B")),
      expect=E.ArgumentTypeError),
    P(inertia.inertia_torque_of_particles, "a number where the center belongs",
      lambda: (lambda N, bob: (([bob], 3, N), {}))(*the("N", "bob")),
      expect=E.ArgumentTypeError),
    P(inertia.inertia_torque_of_particles, "a center not located",
      lambda: (lambda N, bob, P_: (([bob], P_, N), {}))(
          *the("N", "bob", "P")), expect=E.PositionNotDefinedError),
    P(inertia.inertia_torque_of_particles, "a center that is not the mass "
      "center", lambda: (lambda N, bob, A: (([bob], A, N), {}))(
          *the("N", "bob", "A")), expect=E.ShapeError),
    P(inertia.generalized_inertia_forces, "a number where the bodies belong",
      lambda: ((3, [u1], the("N")[0]), {}), expect=E.ShapeError),
    P(inertia.generalized_inertia_forces, "a number among the bodies",
      lambda: (([3], [u1], the("N")[0]), {}), expect=E.ArgumentTypeError),
    P(inertia.generalized_inertia_forces, "repeated speeds",
      lambda: (lambda N, bob: (([bob], [u1, u1], N), {}))(*the("N", "bob")),
      expect=E.SpeedError),
    P(inertia.generalized_inertia_forces, "a number where the frame belongs",
      lambda: (([the("bob")[0]], [u1, u2], 3), {}),
      expect=E.ArgumentTypeError),
    P(inertia.generalized_inertia_forces, "partials missing a body",
      lambda: (lambda N, bob, A: (([bob], [u1, u2], N),
                                  dict(partials={A: [N.x, 0]})))(
          *the("N", "bob", "A")), accepted=True),
    P(inertia.generalized_inertia_forces, "partials of the wrong length",
      lambda: (lambda N, bob, B: (([bob], [u1, u2], N),
                                  dict(partials={B: [N.x]})))(
          *the("N", "bob", "B")), expect=E.ShapeError),
    P(inertia.generalized_inertia_forces, "a NaN mass",
      lambda: (lambda N, B: (([me.Particle("p", B, sm.nan)], [u1, u2], N),
                             {}))(*the("N", "B")),
      expect=E.NonFiniteValueError),
    P(inertia.generalized_inertia_forces, "no bodies (legitimate)",
      lambda: (([], [u1], the("N")[0]), {}), accepted=True),
    P(inertia.mass_matrix_and_remainder, "a number among the bodies",
      lambda: (([3], [u1], the("N")[0]), {}), expect=E.ArgumentTypeError),
    P(inertia.mass_matrix_and_remainder, "a point without velocity",
      lambda: (lambda N, P_: (([me.Particle("p", P_, m)], [u1], N), {}))(
          *the("N", "P")), expect=E.VelocityNotDefinedError),
    P(inertia.mass_matrix_and_remainder, "partials of the wrong length",
      lambda: (lambda N, bob, B: (([bob], [u1, u2], N),
                                  dict(partials={B: [N.x]})))(
          *the("N", "bob", "B")), expect=E.ShapeError),

    # nonholonomic --------------------------------------------------------
    P(nonholonomic.dependent_speed_coefficients, "singular constraints",
      lambda: (([u2 - a * u3, 2 * u2 - 2 * a * u3], [u1], [u2, u3]), {}),
      expect=E.ConstraintError, match="singular"),
    P(nonholonomic.dependent_speed_coefficients, "one constraint for two "
      "dependent speeds", lambda: (([u2 - a * u3], [u1], [u2, u3]), {}),
      expect=E.ConstraintError),
    P(nonholonomic.dependent_speed_coefficients, "a constraint nonlinear "
      "in the speeds", lambda: (([u2 - u3**2], [u1, u3], [u2]), {}),
      expect=E.NonlinearSpeedError, match="not linear"),
    P(nonholonomic.dependent_speed_coefficients, "a speed both independent "
      "and dependent", lambda: (([u2 - a * u3], [u2, u3], [u2]), {}),
      expect=E.SpeedError, match="more than once"),
    P(nonholonomic.dependent_speed_coefficients, "a number as constraints",
      lambda: ((3, [u1], [u2]), {}), expect=E.ShapeError),
    P(nonholonomic.dependent_speed_coefficients, "None as a constraint",
      lambda: (([None], [u1], [u2]), {}), expect=E.ArgumentTypeError),
    P(nonholonomic.dependent_speed_coefficients, "NaN in a constraint",
      lambda: (([u2 - sm.nan * u3], [u1, u3], [u2]), {}),
      expect=E.NonFiniteValueError),
    P(nonholonomic.dependent_speed_coefficients, "an unknown solver",
      lambda: (([u2 - a * u3], [u1, u3], [u2]), dict(solver="bogus"))),
    P(nonholonomic.nonholonomic_partial_velocities, "A_n transposed",
      lambda: (lambda N: (([[N.x, -a * N.y, N.y]], sm.Matrix([[0], [a]]),
                           [u1, u3]), {}))(the("N")[0]),
      expect=E.ShapeError),
    P(nonholonomic.nonholonomic_partial_velocities, "a string as A_n",
      lambda: (lambda N: (([[N.x, N.y]], "abc", [u1]), {}))(the("N")[0]),
      expect=E.ArgumentTypeError),
    P(nonholonomic.nonholonomic_partial_velocities, "no independent speeds",
      lambda: (lambda N: (([[N.x, N.y]], sm.Matrix([[a]])), {}))(
          the("N")[0]), expect=E.ShapeError),
    P(nonholonomic.nonholonomic_partial_velocities, "a number as partials",
      lambda: ((3, sm.Matrix([[a]]), [u1]), {}), expect=E.ShapeError),
    P(nonholonomic.nonholonomic_partial_velocities, "NaN in A_n",
      lambda: (lambda N: (([[N.x, N.y]], sm.Matrix([[sm.nan]]), [u1]), {}))(
          the("N")[0]), expect=E.NonFiniteValueError),
    P(nonholonomic.reduce_generalized_forces, "a number as F",
      lambda: ((3, sm.Matrix([[a]]), [u1]), {}), expect=E.ShapeError),
    P(nonholonomic.reduce_generalized_forces, "A_n transposed",
      lambda: (([1, 2, 3], sm.Matrix([[0], [a]]), [u1, u3]), {}),
      expect=E.ShapeError),
    P(nonholonomic.reduce_generalized_forces, "None as A_n",
      lambda: (([1, 2], None, [u1]), {}), expect=E.ArgumentTypeError),
    P(nonholonomic.reduce_generalized_forces, "NaN in F",
      lambda: (([NAN, 2], sm.Matrix([[a]]), [u1]), {}),
      expect=E.NonFiniteValueError),
    P(nonholonomic.reduce_generalized_forces, "no independent speeds",
      lambda: (([1, 2], sm.Matrix([[a]])), {}), expect=E.ShapeError),

    P(nonholonomic.solve_linear, "a singular matrix (Cramer's rule)",
      args(sm.Matrix([[1, 1], [1, 1]]), sm.Matrix([1, 2])),
      expect=E.ConstraintError),
    P(nonholonomic.solve_linear, "a singular matrix (LU)",
      args(sm.Matrix([[1, 1], [1, 1]]), sm.Matrix([1, 2]), "LU"),
      expect=E.ConstraintError),
    P(nonholonomic.solve_linear, "b of the wrong length",
      args(sm.Matrix([[1]]), sm.Matrix([1, 2])), expect=E.ShapeError),
    P(nonholonomic.solve_linear, "a string as A",
      args("abc", sm.Matrix([1])), expect=E.ArgumentTypeError),
    P(nonholonomic.as_expressions, "None as a constraint", args([None]),
      expect=E.ArgumentTypeError),
    P(nonholonomic.as_expressions, "a number as the constraints", args(3),
      expect=E.ShapeError),

    # potential ---------------------------------------------------------
    P(potential.potential_forces, "a number as the kdes",
      args(q1**2, [u1], 3), expect=E.ShapeError),
    P(potential.potential_forces, "a potential that depends on a speed",
      args(u1**2, [u1], [q1.diff() - u1]), expect=E.SpeedError),
    P(potential.potential_forces, "repeated speeds",
      args(q1**2, [u1, u1], [q1.diff() - u1]), expect=E.SpeedError),
    P(potential.potential_forces, "None as the potential",
      args(None, [u1], [q1.diff() - u1]), expect=E.ArgumentTypeError),
    P(potential.potential_forces, "None as the speeds",
      args(q1**2, None, [q1.diff() - u1]), expect=E.ShapeError),
    P(potential.potential_forces, "a NaN potential (gives 0, silently)",
      args(sm.nan * q1, [u1], [q1.diff() - u1]),
      expect=E.NonFiniteValueError),
    P(potential.dissipation_forces, "kdes that give a rate NaN",
      args(q1.diff()**2, [u1], {q1.diff(): sm.nan}),
      expect=E.NonFiniteValueError),
    P(potential.dissipation_forces, "a string (parsed, gives 0 silently)",
      args("c*q1", [u1], [q1.diff() - u1]), expect=E.ArgumentTypeError),

    # kane ----------------------------------------------------------------
    P(kane.kanes_equations, "a number where the system belongs",
      args(3), expect=E.ArgumentTypeError),
    P(kane.kanes_equations, "no kdes", lambda: ((), pendulum_kw(
        lambda ex: dict(kdes=None))), expect=E.MissingValueError),
    P(kane.kanes_equations, "a number among the bodies",
      lambda: ((), pendulum_kw(lambda ex: dict(bodies=[3]))),
      expect=E.ArgumentTypeError),
    P(kane.kanes_equations, "a symbol as a coordinate",
      lambda: ((), pendulum_kw(lambda ex: dict(q=[sm.Symbol("q1"), ex.q2]))),
      expect=E.CoordinateError, match="dynamicsymbols"),
    P(kane.kanes_equations, "repeated speeds",
      lambda: ((), pendulum_kw(lambda ex: dict(u=[ex.u1, ex.u1]))),
      expect=E.SpeedError),
    P(kane.kanes_equations, "a number where the frame belongs",
      lambda: ((), pendulum_kw(lambda ex: dict(frame=3))),
      expect=E.ArgumentTypeError),
    P(kane.kanes_equations, "a bare vector as a load",
      lambda: ((), pendulum_kw(lambda ex: dict(loads=[ex.N.x]))),
      expect=E.LoadError),
    P(kane.kanes_equations, "a kde for an unlisted coordinate",
      lambda: ((), pendulum_kw(lambda ex: dict(q=[ex.q1]))),
      expect=E.CoordinateError),
    P(kane.kanes_equations, "a configuration constraint without a "
      "dependent coordinate", lambda: ((), pendulum_kw(lambda ex: dict(
          configuration_constraints=[ex.q1 - ex.q2]))),
      expect=E.ConstraintError),
    P(kane.kanes_equations, "singular motion constraints",
      lambda: (lambda ex, kw: ((), {**kw, "constraints": [
          kw["u_dep"][0] - kw["u"][0], 2 * kw["u_dep"][0] - 2 * kw["u"][0]],
          "u_dep": kw["u_dep"] + [kw["u"][1]], "u": kw["u"][:1]}))(
          *sleigh_kw()), expect=E.ConstraintError),
    P(kane.kanes_equations, "a body whose frame is never oriented",
      lambda: (lambda ex: ((), pendulum_kw(lambda _: dict(bodies=[
          me.RigidBody("b", ex.P1, me.ReferenceFrame("F"), m,
                       (me.inertia(ex.N, 1, 1, 1), ex.P1))]))))(
          systems.double_pendulum()), expect=E.VelocityNotDefinedError),
    # before: SymPy's ValueError ('No connecting orientation path found')
    P(kane.kanes_equations, "an inertia dyadic in an unconnected frame (issue 59)",
      lambda: ((), spun(oriented=True)),
      expect=E.FrameNotConnectedError),
    P(kane.kanes_equations, "a body frame with an angular velocity but no "
      "orientation (issue 59)", lambda: ((), spun(oriented=False)),
      expect=E.FrameNotConnectedError),
    P(kane.kanes_equations, "a NaN mass",
      lambda: ((), pendulum_kw(lambda ex: dict(bodies=[
          me.Particle("p", ex.P1, sm.nan)])))),
    P(kane.constraint_forces, "a number where the equations belong",
      args(3, [sm.Symbol("T")]), expect=E.ArgumentTypeError),
    P(kane.constraint_forces, "more unknowns than auxiliary speeds",
      lambda: ((pendulum()[1], [sm.Symbol("T")]), {}),
      expect=E.ConstraintError),
    # before: SymPy's TypeError ('X must be a row or a column matrix')
    P(kane.constraint_forces, "no unknowns, equations without auxiliary speeds",
      lambda: ((pendulum()[1], []), {}), expect=E.ConstraintError),
    P(kane.constraint_forces, "a number as the unknowns",
      lambda: ((pendulum()[1], 3), {}), expect=E.ShapeError),

    # simulation ----------------------------------------------------------
    P(simulation.rhs, "a number where the equations belong",
      lambda: ((3, pendulum()[2]), {}), expect=E.ArgumentTypeError),
    P(simulation.rhs, "a NaN constant",
      lambda: ((pendulum()[1], {**pendulum()[2], pendulum()[0].g: NAN}), {}),
      expect=E.NonFiniteValueError),
    P(simulation.rhs, "None as a constant",
      lambda: ((pendulum()[1], {**pendulum()[2], pendulum()[0].g: None}),
               {}), expect=E.NonFiniteValueError),
    P(simulation.rhs, "a missing constant",
      lambda: ((pendulum()[1], {pendulum()[0].g: 9.81}), {}),
      expect=E.MissingValueError),
    P(simulation.rhs, "None as the constants",
      lambda: ((pendulum()[1], None), {}), expect=E.ArgumentTypeError),
    P(simulation.rhs, "a state of the wrong length",
      lambda: ((pendulum()[1], pendulum()[2]), {}),
      then=lambda f: f(0.0, [0.1, 0.2]), expect=E.ShapeError, match="give 4 values"),
    P(simulation.rhs, "a motion constraint that degenerates for the constants (issue 59)",
      lambda: (degenerate()[:2], {}), then=lambda f: f(0.0, degenerate()[2]),
      expect=E.NonFiniteValueError),
    # refused at x0, before any division by zero: the constraints do not fix u2
    P(simulation.simulate, "a motion constraint that degenerates for the constants (issue 59)",
      lambda: ((degenerate()[0], degenerate()[2], (0.0, 0.1), degenerate()[1]), {}),
      expect=E.ConstraintError),
    P(linearization.linearize, "a motion constraint that degenerates for the constants "
      "(issue 59)", lambda: ((degenerate()[0], dict.fromkeys([q1, q2, u1, u2], 0.0),
                              degenerate()[1]), {}),
      expect=E.NonFiniteValueError),
    P(simulation.rhs, "a NaN in the state",
      lambda: ((pendulum()[1], pendulum()[2]), {}),
      then=lambda f: f(0.0, [NAN, 0.2, 0.0, 0.0]),
      expect=E.NonFiniteValueError),
    P(simulation.rhs, "massless particles (singular mass matrix)",
      lambda: ((pendulum()[1], {**pendulum()[2], pendulum()[0].m1: 0.0,
                                pendulum()[0].m2: 0.0}), {}),
      then=lambda f: f(0.0, [0.1, 0.2, 0.0, 0.0]),
      expect=E.SingularMassMatrixError, match="massless"),
    # before: the event function's own exception, bare
    P(simulation.simulate, "an event function that raises (issue 59)",
      lambda: ((pendulum()[1], [0.1, 0.0, 0.0, 0.0], (0.0, 1.0), pendulum()[2]),
               dict(events=lambda time, x: x[7])), expect=E.IntegrationError),
    P(simulation.simulate, "x0 of the wrong length",
      lambda: ((pendulum()[1], [0.1], (0, 1), pendulum()[2]), {}),
      expect=E.ShapeError),
    P(simulation.simulate, "a NaN in x0",
      lambda: ((pendulum()[1], [NAN, 0, 0, 0], (0, 1), pendulum()[2]), {}),
      expect=E.NonFiniteValueError, match="x0"),
    P(simulation.simulate, "None in x0",
      lambda: ((pendulum()[1], [None, 0, 0, 0], (0, 1), pendulum()[2]), {}),
      expect=E.NonFiniteValueError),
    P(simulation.simulate, "a NaN end time",
      lambda: ((pendulum()[1], [0.1, 0, 0, 0], (0, NAN), pendulum()[2]), {}),
      expect=E.NonFiniteValueError),
    P(simulation.simulate, "an infinite end time",
      lambda: ((pendulum()[1], [0.1, 0, 0, 0], (0, INF), pendulum()[2]), {}),
      expect=E.NonFiniteValueError),
    P(simulation.simulate, "a t_span of one number",
      lambda: ((pendulum()[1], [0.1, 0, 0, 0], (1.0,), pendulum()[2]), {}),
      expect=E.ShapeError),
    P(simulation.simulate, "t_eval outside t_span",
      lambda: ((pendulum()[1], [0.1, 0, 0, 0], (0, 1), pendulum()[2]),
               dict(t_eval=[0.5, 2.0]))),
    P(simulation.simulate, "a NaN constraint_tol",
      lambda: ((sleigh()[1], [0, 0, 0, 1.0, 1.0, 2.0], (0, 1), sleigh()[2]),
               dict(specified=sleigh()[3], constraint_tol=NAN))),
    P(simulation.simulate, "x0 off the motion constraints",
      lambda: ((sleigh()[1], [0, 0, 0, 1.0, 1.0, 2.0], (0, 1), sleigh()[2]),
               dict(specified=sleigh()[3])),
      expect=E.ConstraintViolationError),
    P(simulation.constraint_residuals, "a number where the equations belong",
      lambda: ((3, {}), {}), expect=E.ArgumentTypeError),
    P(simulation.constraint_residuals, "a NaN constant",
      lambda: ((sleigh()[1], {**sleigh()[2], sleigh()[0].a: NAN}),
               dict(specified=sleigh()[3])), expect=E.NonFiniteValueError),
    P(simulation.constraint_residuals, "a NaN in the state",
      lambda: ((sleigh()[1], sleigh()[2]), dict(specified=sleigh()[3])),
      then=lambda res: res([NAN, 0, 0, 1.0, 1.0, 0.5]),
      expect=E.NonFiniteValueError),
    P(simulation.constraint_residuals, "a state of the wrong length",
      lambda: ((sleigh()[1], sleigh()[2]), dict(specified=sleigh()[3])),
      then=lambda res: res([0.0]), expect=E.ShapeError),
    P(_numeric.numeric_values, "a number where the dict belongs",
      args(3), expect=E.ArgumentTypeError),
    P(_numeric.numeric_values, "NaN", args({m: NAN}),
      expect=E.NonFiniteValueError),
    P(_numeric.numeric_values, "None", args({m: None}),
      expect=E.NonFiniteValueError),
    P(_numeric.numeric_values, "a string", args({m: "abc"}),
      expect=E.ArgumentTypeError),
    P(_numeric.numeric_values, "an empty dict (legitimate)", args({}),
      accepted=True),
    P(_numeric.check_values, "a symbol without a value",
      args([q1], [sm.Matrix([m * q1])], {}, {}), expect=E.MissingValueError),
    P(_numeric.check_values, "a number where the expressions belong",
      args([q1], 3, {}, {}), expect=E.ShapeError),
    P(_numeric.check_values, "a string among the expressions",
      args([q1], ["m*q1"], {}, {}), expect=E.ArgumentTypeError),
    P(_numeric.check_values, "a number where the state belongs",
      args(3, [sm.Matrix([q1])], {}, {}), expect=E.ShapeError),
    P(_numeric.check_values, "a number where the constants belong",
      args([q1], [sm.Matrix([m * q1])], 3, {}), expect=E.ArgumentTypeError),
    P(_numeric.state_function, "a number where the state belongs",
      args(3, [sm.Matrix([q1])], {}), expect=E.ShapeError),
    P(_numeric.state_function, "a NaN constant",
      args([q1], [sm.Matrix([m * q1])], {m: NAN}),
      expect=E.NonFiniteValueError),
    P(_numeric.state_function, "a number where the constants belong",
      args([q1], [sm.Matrix([m * q1])], 3), expect=E.ArgumentTypeError),
    P(_numeric.state_function, "a string among the expressions",
      args([q1], ["m*q1"], {}), expect=E.ArgumentTypeError),

    P(simulation.consistent_state, "a number where the equations belong",
      lambda: ((3, [0.0], {}), {}), expect=E.ArgumentTypeError),
    P(simulation.consistent_state, "a state of the wrong length",
      lambda: ((pendulum()[1], [0.0], pendulum()[2]), {}),
      expect=E.ShapeError),
    P(simulation.consistent_state, "a NaN in the state",
      lambda: ((pendulum()[1], [NAN, 0, 0, 0], pendulum()[2]), {}),
      expect=E.NonFiniteValueError),

    # linearization -------------------------------------------------------
    P(linearization.linearize, "a number where the equations belong",
      lambda: ((3, {}, {}), {}), expect=E.ArgumentTypeError),
    P(linearization.linearize, "a number as the operating point",
      lambda: ((pendulum()[1], 3, pendulum()[2]), {}),
      expect=E.ArgumentTypeError),
    P(linearization.linearize, "an operating point missing a speed",
      lambda: ((pendulum()[1], {pendulum()[0].q1: 0.0}, pendulum()[2]), {}),
      expect=E.MissingValueError),
    P(linearization.linearize, "a NaN in the operating point",
      lambda: ((pendulum()[1], dict(zip(pendulum()[1].state,
                                        [NAN, 0, 0, 0], strict=True)), pendulum()[2]),
               {}), expect=E.NonFiniteValueError),
    P(linearization.linearize, "an operating point off the constraints",
      lambda: ((sleigh()[1], dict(zip(sleigh()[1].state,
                                      [0, 0, 0, 1.0, 1.0, 2.0], strict=True)),
                sleigh()[2]), dict(inputs=sleigh()[3])),
      expect=E.ConstraintViolationError),
    P(linearization.linearize, "a number as the inputs",
      lambda: ((pendulum()[1], dict(zip(pendulum()[1].state, [0.0] * 4, strict=True)),
                pendulum()[2]), dict(inputs=3)), expect=E.ArgumentTypeError),
    P(linearization.linearize, "a NaN tolerance",
      lambda: ((sleigh()[1], dict(zip(sleigh()[1].state,
                                      [0, 0, 0, 1.0, 1.0, 2.0], strict=True)),
                sleigh()[2]), dict(inputs=sleigh()[3], tol=NAN))),
    P(linearization.Linearizer, "a number where the equations belong",
      lambda: ((3, {}), {}), expect=E.ArgumentTypeError),
    P(linearization.Linearizer, "a NaN constant",
      lambda: ((pendulum()[1], {**pendulum()[2], pendulum()[0].g: NAN}),
               {}), expect=E.NonFiniteValueError),
    P(linearization.Linearizer, "a constant missing",
      lambda: ((pendulum()[1], {pendulum()[0].g: 9.81}), {}),
      expect=E.MissingValueError),
    P(linearization.linearize, "massless particles (singular mass matrix)",
      lambda: ((pendulum()[1], dict(zip(pendulum()[1].state, [0.0] * 4, strict=True)),
                {**pendulum()[2], pendulum()[0].m1: 0.0,
                 pendulum()[0].m2: 0.0}), {}),
      expect=E.SingularMassMatrixError),

    # verify --------------------------------------------------------------
    P(verify.relative_difference, "matrices of different shapes",
      args(sm.Matrix([q1, q1]), sm.Matrix([q1])), expect=E.ShapeError),
    P(verify.relative_difference, "a NaN",
      args(sm.nan * q1, q1), expect=E.NonFiniteValueError),
    P(verify.relative_difference, "a singularity at the sample points",
      args(1 / (q1 - q1), q1), expect=E.NonFiniteValueError),
    P(verify.relative_difference, "a Vector without a frame",
      args(me.ReferenceFrame("N").x, me.ReferenceFrame("N").x),
      expect=E.ShapeError),
    P(verify.vanishes, "NaN", args(sm.nan), expect=E.NonFiniteValueError),
    P(verify.vanishes, "a float NaN", args(NAN),
      expect=E.NonFiniteValueError),
    P(verify.vanishes, "an infinity", args(sm.oo),
      expect=E.NonFiniteValueError),
    P(verify.vanishes, "None", args(None), expect=E.ArgumentTypeError),
    P(verify.vanishes, "a string", args("sin(q)"),
      expect=E.ArgumentTypeError),
    P(verify.vanishes, "a Vector without a frame",
      lambda: ((the("N")[0].x,), {}), expect=E.ShapeError),
    P(verify.vanishes, "a number where the frame belongs",
      lambda: ((the("N")[0].x,), dict(frame=3)), expect=E.ArgumentTypeError),
    P(verify.vanishes, "a Vector in an unconnected frame",
      lambda: (lambda N, F: ((F.x,), dict(frame=N)))(*the("N", "F")),
      expect=E.FrameNotConnectedError),
    P(verify.vanishes, "no samples", args(q1 - q1, samples=0)),
    P(verify.vanishes, "a NaN tolerance", args(sm.sin(q1), tol=NAN)),

    # printing ------------------------------------------------------------
    P(printing.unit_vector_latex, "a number where the frame belongs",
      args(3, 0), expect=E.ArgumentTypeError),
    P(printing.unit_vector_latex, "index 5",
      lambda: ((the("N")[0], 5), {})),
    P(printing.unit_vector_latex, "index 'x'",
      lambda: ((the("N")[0], "x"), {})),
    P(printing.latex, "an unknown printer setting",
      lambda: ((the("N")[0].x,), dict(bogus=1)),
      expect=E.ArgumentTypeError),
    P(printing.latex, "an unknown mode",
      lambda: ((the("N")[0].x,), dict(mode="bogus"))),
    P(printing.latex, "None (legitimate: prints None)", args(None),
      accepted=True),
    P(printing.HatLatexPrinter, "an unknown printer setting",
      args(dict(bogus=1)), expect=E.ArgumentTypeError),
    P(printing.init_printing, "an unknown keyword",
      args(bogus=1), expect=E.ArgumentTypeError),

    # systems -------------------------------------------------------------
    P(systems.double_pendulum, "a number of links (issue 59)", args(3),
      expect=E.ArgumentTypeError),
    P(systems.n_link_pendulum, "zero links", args(0), expect=E.ParameterError),
    P(systems.n_link_pendulum, "a string", args("3")),
    P(systems.n_link_pendulum, "a float", args(2.5)),
    P(systems.n_link_pendulum, "None", args(None)),
    P(systems.rigid_chain, "zero links", args(0), expect=E.ParameterError),
    P(systems.rigid_chain, "axes of the wrong number",
      args(2, axes=["z"]), expect=E.ShapeError),
    P(systems.rigid_chain, "a number as an axis", args(2, axes=[3, "z"])),
    P(systems.rigid_chain, "a number where the axes belong",
      args(2, axes=3), expect=E.ShapeError),
    P(systems.rigid_chain, "an unknown axis name", args(2, axes=["q", "z"]),
      expect=E.ShapeError),
    P(systems.rigid_chain, "a zero axis",
      args(2, axes=[(0, 0, 0), "z"]), expect=E.ShapeError),
    P(systems.rigid_chain, "a NaN in an axis",
      args(2, axes=[(NAN, 0, 1), "z"])),
    P(systems.rigid_chain, "a string in an axis",
      args(2, axes=[(1, "a", 0), "z"])),
    P(systems.rigid_chain, "an unknown kind",
      args(2, kinds=["body", "rock"]), expect=E.ShapeError),
    P(systems.build_system, "a number where the frame belongs",
      lambda: ((3, me.Point("O"), [q1], [u1], [q1.diff() - u1], []), {}),
      expect=E.ArgumentTypeError),
    P(systems.build_system, "a number where the origin belongs",
      lambda: ((the("N")[0], 3, [q1], [u1], [q1.diff() - u1], []), {}),
      expect=E.ArgumentTypeError),
    P(systems.build_system, "repeated speeds",
      lambda: ((the("N")[0], me.Point("O"), [q1, q2], [u1, u1],
                [q1.diff() - u1, q2.diff() - u1], []), {}),
      expect=E.SpeedError),
    P(systems.build_system, "a symbol as a coordinate",
      lambda: ((the("N")[0], me.Point("O"), [sm.Symbol("q")], [u1],
                [u1], []), {}), expect=E.CoordinateError),
    P(systems.build_system, "a number among the bodies",
      lambda: ((the("N")[0], me.Point("O"), [q1], [u1], [q1.diff() - u1],
                [3]), {}), expect=E.ArgumentTypeError),
    P(systems.Example, "a number where the System belongs",
      args("x", 3, {}), expect=E.ArgumentTypeError),
    P(systems.Example, "a string where the names belong",
      lambda: (("x", systems.double_pendulum().system, "abc"), {}),
      expect=E.ArgumentTypeError),

    # planar (in depth in test_planar_errors.py) ---------------------------
    P(planar.rotation_matrix, "NaN", args(NAN),
      expect=E.NonFiniteValueError),
    P(planar.rotation_matrix_derivative, "None", args(None),
      expect=E.NonFiniteValueError),
    P(planar.point_position, "NaN in q", args([NAN, 0, 0], [1, 0]),
      expect=E.NonFiniteValueError),
    P(planar.point_velocity, "a short s_local",
      args([0, 0, 0], [0, 0, 0], [1]), expect=E.ShapeError),
    P(planar.point_acceleration, "a string",
      args([0, 0, 0], [0, 0, 0], "abc", [1, 0]), expect=E.ArgumentTypeError),
    P(planar.point_force, "None in F", args([None, 1.0], [0, 0], 0.0),
      expect=E.NonFiniteValueError),
    P(planar.point_force_rate, "an infinite phi_dot",
      args([1, 0], [0, 0], [0, 0], 0.0, INF), expect=E.NonFiniteValueError),
    P(planar.pure_moment, "an infinity", args(INF),
      expect=E.NonFiniteValueError),
    P(planar.pure_moment_rate, "an empty list", args([]),
      expect=E.ShapeError),
    P(planar.friction_force, "zero smoothing",
      args(0.1, 1.0, smoothing=0.0), expect=E.ParameterError),
    P(planar.friction_force_rate, "negative smoothing",
      args(0.1, 0.2, 1.0, smoothing=-1.0), expect=E.ParameterError),
    P(planar.TranslationalSDA, "a negative min_length",
      args([0, 0], [1, 0], k=1.0, min_length=-1.0),
      expect=E.ParameterError),
    P(planar.TranslationalSDA, "a zero-length element",
      args([0.5, 0.0], [-0.5, 0.0], k=10.0),
      then=lambda sda: sda.generalized_forces([0, 0, 0], [1, 0, 0],
                                              [0, 0, 0], [0, 0, 0]),
      expect=E.ZeroLengthError),
    P(planar.TranslationalSDA, "NaN stiffness", args([0, 0], [1, 0], k=NAN),
      expect=E.NonFiniteValueError),
    P(planar.RotationalSDA, "None damping", args(k=1.0, c=None),
      expect=E.NonFiniteValueError),
    P(planar.RotationalSDA, "NaN in a coordinate", args(k=1.0),
      then=lambda sda: sda.generalized_forces([NAN, 0, 0], [0, 0, 0],
                                              [0, 0, 0], [0, 0, 0]),
      expect=E.NonFiniteValueError),
    P(planar.absolute_partial_velocities, "repeated speeds",
      args([q1, 0, q1], [u1, u1], [q1.diff() - u1]), expect=E.SpeedError),
    P(planar.project_onto_speeds, "NaN in Q",
      args([[0.0, NAN, 0.0]], BAR, [u1], [q1.diff() - u1]),
      expect=E.NonFiniteValueError),
    P(planar.rhs, "a massless body",
      args(BAR, [q1], [u1], [q1.diff() - u1], [(0.0, 1.0)], weight),
      expect=E.SingularMassMatrixError),
    P(planar.simulate, "NaN in x0",
      lambda: ((bar_rhs(), [NAN, 0.0], (0.0, 0.1)), {}),
      expect=E.NonFiniteValueError),
    # mechlib.book: ml.check and the generation of the stored checks ----------
    P(check.expect_forms, "a list of names for the forms",
      args(["arm-forces"]), expect=E.ArgumentTypeError),
    P(check.expect_forms, "a form without its symbols",
      args({"arm-forces": {"kind": "matrix", "shape": [2, 1]}}),
      expect=E.ArgumentTypeError),
    P(check.check, "an undefined exercise name",
      args("pv-other-speeds-v-B2", L * q2 * me.ReferenceFrame("N").y),
      expect=E.UnknownCheckError),
    P(check.check, "the answer first, the name second",
      args(L * sm.sin(q2), "pv-other-speeds-q1-dot"),
      expect=E.ArgumentTypeError),
    P(check.check, "a string for the answer",
      args("pv-other-speeds-q1-dot", "u1 - L*cos(q2)*u2"),
      expect=E.ArgumentTypeError),
    P(check.check, "None for the answer",
      args("pv-other-speeds-q1-dot", None), expect=E.ArgumentTypeError),
    P(check.check, "a NumPy array for the answer",
      args("pv-three-link-Fr", np.zeros(3)), expect=E.ArgumentTypeError),
    P(check.check, "a scalar where a Vector is asked for",
      args("pv-other-speeds-v-B-2", L * sm.sin(q2)),
      expect=E.ArgumentTypeError),
    P(check.check, "a Vector where a scalar is asked for",
      lambda: (("pv-other-speeds-q1-dot", u1 * the("N")[0].x), {}),
      expect=E.ArgumentTypeError),
    P(check.check, "a list where a Vector is asked for",
      lambda: (("pv-other-speeds-v-B-2", [L * the("N")[0].y]), {}),
      expect=E.ArgumentTypeError),
    P(check.check, "a NaN answer (legitimate: says not finite)",
      args("pv-other-speeds-q1-dot", sm.nan), accepted=True),
    P(check.check, "no answer yet (legitimate)",
      args("pv-other-speeds-q1-dot", ...), accepted=True),
    P(generate_checks.generate, "a chapter that does not exist",
      args(["book/no-such-chapter.md"]), expect=E.ParameterError),
    P(generate_checks.generate, "a number for the chapters", args(3),
      expect=E.ArgumentTypeError),
    P(chapters.chapter_checks, "a chapter that does not exist",
      args("book/no-such-chapter.md"), expect=E.ParameterError),
]

# Public callables that take no input worth probing, each with the reason.
NO_INPUT = {
    # the example systems are functions of no arguments
    systems.double_pendulum: "no arguments",
    systems.two_rods: "no arguments",
    systems.slider_rod_bead: "no arguments",
    systems.rolling_disc: "no arguments",
    systems.chaplygin_sleigh: "no arguments",
    systems.whipple_bicycle: "no arguments",
    # result containers: made by mechlib from checked input, not by users
    kane.KaneEquations: "frozen dataclass returned by kanes_equations",
    linearization.Linearization: "frozen dataclass returned by linearize",
    display.PartialVelocityTable: "made by partial_velocity_table",
    display.Explorer: "made by explorer from checked sliders",
    planar.SDAKinematics: "namedtuple returned by the SDA classes",
    check.CheckResult: "frozen dataclass returned by check",
    generate_checks.examples: "no arguments",
}


def public_callables():
    """``{canonical name: object}`` of every public function and class."""
    found = {}
    for module in MODULES:
        for name in module.__all__:
            obj = getattr(module, name)
            if inspect.ismodule(obj) or not callable(obj):
                continue
            if inspect.isclass(obj) and issubclass(obj, BaseException):
                continue  # the error classes themselves
            found[f"{obj.__module__}.{obj.__qualname__}"] = obj
    return found


def has_nan(result):
    """True if a result holds a NaN or an infinity anywhere."""
    if isinstance(result, dict):
        return any(has_nan(k) or has_nan(v) for k, v in result.items())
    if isinstance(result, (list, tuple)):
        return any(has_nan(r) for r in result)
    if isinstance(result, me.Vector):
        return any(has_nan(list(mat)) for mat, _ in result.args)
    if isinstance(result, (sm.Basic, sm.MatrixBase)):
        return result.has(sm.nan, sm.oo, -sm.oo, sm.zoo)
    if isinstance(result, (float, int, np.ndarray, np.number)):
        return not np.all(np.isfinite(np.asarray(result, dtype=complex)))
    return False


def test_every_name_in_all_exists():
    for module in MODULES:
        for name in module.__all__:
            assert hasattr(module, name), (
                f"{module.__name__}.__all__ lists {name!r}, which it does "
                "not define")


def test_every_public_callable_has_a_probe():
    probed = {id(p.target) for p in PROBES}
    missing = [name for name, obj in public_callables().items()
               if id(obj) not in probed and obj not in NO_INPUT]
    assert not missing, (
        f"public callables without a bad-input probe: {missing}; add rows "
        "to PROBES (or, for a callable that takes no input, to NO_INPUT)")


def test_no_probe_for_exempt_callables_is_needed():
    """NO_INPUT holds only public callables (no stale entries)."""
    public = {id(obj) for obj in public_callables().values()}
    assert all(id(obj) in public for obj in NO_INPUT)


@pytest.mark.parametrize("probe", [
    pytest.param(p, id=f"{p.func.__qualname__}: {p.case}") for p in PROBES])
def test_bad_input_raises_a_mechlib_error(probe):
    a, kw = probe.build()
    start = time.perf_counter()
    try:
        result = probe.func(*a, **kw)
        if probe.then is not None:
            result = probe.then(result)
    except errors.MechlibError as error:
        elapsed = time.perf_counter() - start
        assert not probe.accepted, (
            f"legitimate input rejected: {type(error).__name__}: {error}")
        assert isinstance(error, (ValueError, TypeError)), (
            f"{type(error).__name__} is not a ValueError or TypeError")
        assert isinstance(error, probe.expect), (
            f"expected {probe.expect.__name__}, got "
            f"{type(error).__name__}: {error}")
        assert len(str(error)) > 30, f"too terse to name a fix: {error}"
        assert re.search(probe.match, str(error)), f"does not say {probe.match!r}: {error}"
    except Exception as error:  # noqa: BLE001 - that is the point
        pytest.fail(f"{type(error).__name__} is not a mechlib.errors class:"
                    f" {error}")
    else:
        elapsed = time.perf_counter() - start
        assert probe.accepted, f"no error raised; returned {result!r:.200}"
        assert not has_nan(result), f"NaN in the result {result!r:.200}"
    assert elapsed < TIME_LIMIT, f"took {elapsed:.1f} s (a hang)"
