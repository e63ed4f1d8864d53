"""Malformed input drawn at random across mechlib's public API (hypothesis).

Every public function of the dynamics (``mechlib``, ``mechlib.planar``,
``mechlib.systems``) is called with arguments drawn from a pool of things
nobody should pass: None, NaN, infinities, negative and huge numbers, a bool,
strings, empty and ragged containers, SymPy's NaN and complex infinity,
symbols, coordinate rates, matrices of the wrong shape, frames, points,
functions returning NaN. Each call must either return a result with no NaN
or infinity in it, or raise a ``mechlib.errors`` exception, within
:data:`TIME_LIMIT` seconds. ``tests/mechlib/test_error_contract.py`` holds
the named cases; this test looks for the ones nobody named.
"""

from __future__ import annotations

import inspect
import signal

import numpy as np
import pytest
import sympy as sm
import sympy.physics.mechanics as me
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import mechlib as ml
from mechlib import errors, planar
from tests.mechlib.test_error_contract import has_nan

TIME_LIMIT = 5.0
NAN, INF = float("nan"), float("inf")


def _frame():
    return me.ReferenceFrame("F")


def _point():
    return me.Point("P")


#: Factories of malformed arguments (fresh objects for every call).
POOL = [
    lambda: None, lambda: NAN, lambda: INF, lambda: -INF, lambda: -1, lambda: 0,
    lambda: True, lambda: 10**9, lambda: 2.5, lambda: -2.5,
    lambda: "q1", lambda: b"x", lambda: "", lambda: [], lambda: (), lambda: {},
    lambda: [None], lambda: [NAN, 1.0], lambda: [[1, 2], [3]], lambda: object(),
    lambda: sm.nan, lambda: sm.zoo, lambda: sm.oo, lambda: sm.Symbol("x"),
    lambda: me.dynamicsymbols("q1"), lambda: me.dynamicsymbols("q1").diff(),
    lambda: [me.dynamicsymbols("u1")], lambda: [me.dynamicsymbols("u1")] * 2,
    lambda: sm.Matrix([1, 2]), lambda: sm.Matrix([[1, 2], [3, 4]]),
    lambda: sm.Matrix([[sm.nan]]), lambda: np.array([np.nan]), lambda: np.zeros((2, 3)),
    _frame, _point, lambda: me.Vector(0), lambda: {sm.Symbol("x"): NAN},
    lambda: (lambda *a: NAN), lambda: (0.0, 0.0), lambda: (0.0, INF),
]


def _public(module):
    out = {}
    for name in module.__all__:
        obj = getattr(module, name)
        if inspect.isfunction(obj):
            out[f"{module.__name__}.{name}"] = obj
    return out


#: The functions drawn from: the dynamics, not the book's tooling (display,
#: printing and the answer checks have their own tests).
FUNCTIONS = {name: f for name, f in {
    **{k: v for k, v in _public(ml).items()
       if v.__module__.split(".")[1] not in ("printing", "book")},
    **_public(planar), **_public(ml.systems)}.items()
    if inspect.signature(f).parameters}      # the example systems take nothing


def _arity(function):
    parameters = inspect.signature(function).parameters.values()
    return sum(p.default is inspect.Parameter.empty and
               p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD) for p in parameters)


class _TooSlow(Exception):
    pass


def _alarm(signum, frame):
    raise _TooSlow()


@pytest.mark.parametrize("name", sorted(FUNCTIONS))
@settings(max_examples=30, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_malformed_input_gets_a_mechlib_error(name, data):
    function = FUNCTIONS[name]
    count = max(_arity(function), 1)
    factories = data.draw(st.lists(st.sampled_from(POOL), min_size=count,
                                   max_size=count), label="arguments")
    arguments = [make() for make in factories]
    previous = signal.signal(signal.SIGALRM, _alarm)
    signal.setitimer(signal.ITIMER_REAL, TIME_LIMIT)
    try:
        result = function(*arguments)
    except errors.MechlibError:
        return
    except _TooSlow:
        pytest.fail(f"{name}{tuple(arguments)!r:.200} ran over {TIME_LIMIT} s")
    except Exception as error:   # the failure this test looks for
        pytest.fail(f"{name}{tuple(arguments)!r:.200} raised {type(error).__name__}: "
                    f"{error!s:.200} (not a mechlib.errors class)")
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
    assert not has_nan(result), f"{name}{tuple(arguments)!r:.200} returned NaN: {result!r:.200}"


# --- one bad argument in an otherwise good call ----------------------------------

def _pendulum():
    ex = ml.systems.double_pendulum()
    constants = {ex.m1: 1.0, ex.m2: 1.0, ex.l: 1.0, ex.g: 9.81}
    return ex, constants


def _good_calls():
    """{name: () -> (function, args, kwargs)}: calls that work, to spoil."""
    def kane():
        ex, _ = _pendulum()
        s = ex.system
        return ml.kanes_equations, [], dict(bodies=list(s.bodies), loads=list(s.loads),
                                            q=list(s.q), u=list(s.u), kdes=list(s.kdes),
                                            frame=ex.N)

    def simulate():
        ex, constants = _pendulum()
        eqs = ml.kanes_equations(ex)
        return ml.simulate, [eqs, [0.1, 0.0, 0.0, 0.0], (0.0, 0.5), constants], \
            dict(t_eval=[0.0, 0.25, 0.5], max_evaluations=20_000)

    def rhs():
        ex, constants = _pendulum()
        return ml.rhs, [ml.kanes_equations(ex), constants], {}

    def linearize():
        ex, constants = _pendulum()
        eqs = ml.kanes_equations(ex)
        return ml.linearize, [eqs, dict.fromkeys(eqs.state, 0.0), constants], {}

    def partials():
        ex, _ = _pendulum()
        return ml.partial_velocities, [[ex.P1, ex.P2], list(ex.system.u), ex.N], \
            dict(kdes=list(ex.system.kdes))

    def active():
        ex, _ = _pendulum()
        return ml.generalized_active_forces, [list(ex.system.loads), list(ex.system.u),
                                              ex.N], dict(kdes=list(ex.system.kdes))

    def potential():
        ex, _ = _pendulum()
        V = -ex.m1 * ex.g * ex.l * sm.cos(ex.q1)
        return ml.potential_forces, [V, list(ex.system.u), list(ex.system.kdes)], {}

    def dissipation():
        ex, _ = _pendulum()
        R = sm.Symbol("c") * ex.q1.diff()**2 / 2
        return ml.dissipation_forces, [R, list(ex.system.u), list(ex.system.kdes)], {}

    def dependent():
        a = sm.Symbol("a")
        u1, u2, u3 = me.dynamicsymbols("u1:4")
        return ml.dependent_speed_coefficients, [[u2 - a * u3], [u1, u3], [u2]], {}

    def point_force():
        return planar.point_force, [[0.0, -9.81], [1.0, 0.0], 0.3], {}

    def friction():
        return planar.friction_force, [[-1.0, 0.0, 1.0], 2.0], dict(smoothing=0.1)

    def planar_simulate():
        q, u = me.dynamicsymbols("q u")

        def weight(t, q_abs, qd_abs):
            return [planar.point_force([0.0, -9.81], [0.0, 0.0], q_abs[0, 2])]
        f = planar.rhs([sm.cos(q), sm.sin(q), q], [q], [u], [q.diff() - u],
                       [(1.0, 1 / 3)], weight)
        return planar.simulate, [f, [0.0, 0.0], (0.0, 0.5)], dict(max_evaluations=20_000)

    def chain():
        return ml.systems.rigid_chain, [2], dict(axes=["z", "x"], springs=True)

    return dict(kanes_equations=kane, simulate=simulate, rhs=rhs, linearize=linearize,
                partial_velocities=partials, generalized_active_forces=active,
                potential_forces=potential, dissipation_forces=dissipation,
                dependent_speed_coefficients=dependent, point_force=point_force,
                friction_force=friction, planar_simulate=planar_simulate,
                rigid_chain=chain)


GOOD = _good_calls()


def _call_bounded(name, function, args, kwargs, refuse=False):
    """``function(*args, **kwargs)``, failing the test on a foreign exception or
    a call over TIME_LIMIT; a mechlib.errors exception gives None (or is
    raised again when the call must be ``refuse``d)."""
    previous = signal.signal(signal.SIGALRM, _alarm)
    signal.setitimer(signal.ITIMER_REAL, TIME_LIMIT)
    try:
        return function(*args, **kwargs)
    except errors.MechlibError:
        if refuse:
            raise
        return None
    except _TooSlow:
        pytest.fail(f"{name} ran over {TIME_LIMIT} s")
    except Exception as error:
        pytest.fail(f"{name} raised {type(error).__name__}: {error!s:.300} "
                    "(not a mechlib.errors class)")
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


@pytest.mark.parametrize("name", sorted(GOOD))
@settings(max_examples=20, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_one_bad_argument_in_a_good_call(name, data):
    function, args, kwargs = GOOD[name]()
    slots = [("arg", i) for i in range(len(args))] + [("kw", k) for k in kwargs]
    kind, key = data.draw(st.sampled_from(slots), label="which argument")
    bad = data.draw(st.sampled_from(POOL), label="bad value")()
    if kind == "arg":
        args[key] = bad
    else:
        kwargs[key] = bad
    result = _call_bounded(f"{name} with {kind} {key} = {bad!r:.60}", function, args, kwargs)
    assert not has_nan(result), f"{name} with {key} = {bad!r:.60} returned NaN"


def test_the_good_calls_work():
    """The calls the test spoils are good ones (else it would prove nothing)."""
    for name, make in GOOD.items():
        function, args, kwargs = make()
        assert function(*args, **kwargs) is not None, name
