"""Helpers of the mechlib tests: KanesMethod on an example, numbers at a
random state; comparisons go through mechlib.verify."""

import numpy as np
import sympy as sm
import sympy.physics.mechanics as me

from mechlib._sampling import value_stream
from mechlib.verify import relative_difference

t = me.dynamicsymbols._t


def random_values(exprs, seed=0, extra=()):
    """Random numbers in [0.5, 1.5] for every symbol and function of time,
    drawn by mechlib's own sampler (mechlib._sampling)."""
    symbols = set(extra)
    for e in exprs:
        symbols |= e.free_symbols | set(me.find_dynamicsymbols(e))
    symbols.discard(t)
    draw = value_stream(seed, 0.5, 1.5)
    derivs = sorted((s for s in symbols if isinstance(s, sm.Derivative)),
                    key=sm.default_sort_key)
    plain = sorted((s for s in symbols if not isinstance(s, sm.Derivative)),
                   key=sm.default_sort_key)
    return ({d: sm.Float(next(draw), 30) for d in derivs},
            {s: sm.Float(next(draw), 30) for s in plain})


def evaluate(expr, values):
    """Numbers of a matrix at ``values`` (floats, common subexpressions)."""
    derivs, plain = values
    args = list(derivs) + list(plain)
    fun = sm.lambdify(args, sm.Matrix(expr), cse=True, modules="numpy")
    return np.array(fun(*[float(v) for v in list(derivs.values())
                          + list(plain.values())]), dtype=float)


def assert_close(a, b, seed=0, rtol=1e-12):
    """Assert two matrices agree at random states (mechlib.verify's check)."""
    a, b = sm.Matrix(a), sm.Matrix(b)
    assert a.shape == b.shape, (a.shape, b.shape)
    difference = relative_difference(a, b, seed=seed)
    assert difference <= rtol, difference


def kanes_method(ex):
    """sympy's KanesMethod on a mechlib example; returns (km, fr, frstar)."""
    s = ex.system
    kwargs = {}
    if len(s.u_dep):
        kwargs = dict(u_dependent=s.u_dep,
                      velocity_constraints=s.velocity_constraints)
    km = me.KanesMethod(s.frame, s.q_ind, s.u_ind, kd_eqs=s.kdes,
                        forcelist=ex.loads, bodies=s.bodies, **kwargs)
    fr, frstar = km.kanes_equations(s.bodies, ex.loads)
    return km, fr, frstar


import sys  # noqa: E402

import pytest  # noqa: E402


@pytest.fixture
def helpers():
    """These helpers, as a fixture (tests cannot import conftest)."""
    return sys.modules[__name__]
