"""Input checks and small helpers shared by the mechlib modules (private)."""

import sympy as sm
import sympy.physics.mechanics as me
from sympy.core.function import AppliedUndef

from .errors import (ShapeError, SpeedError, VelocityNotDefinedError,
                     NonlinearSpeedError)

t = me.dynamicsymbols._t

_HOW_TO_MAKE_SPEEDS = ("create generalized speeds with "
                       "sympy.physics.mechanics.dynamicsymbols, e.g. "
                       "u1, u2 = me.dynamicsymbols('u1, u2')")


def is_time_function(x):
    """True for ``f(t)`` made with dynamicsymbols, or a time derivative of one."""
    if isinstance(x, AppliedUndef):
        return x.args == (t,)
    if isinstance(x, sm.Derivative):
        return (isinstance(x.expr, AppliedUndef) and x.expr.args == (t,)
                and all(v == t for v in x.variables))
    return False


def as_list(items, what):
    """A list from a sequence (or sympy Matrix); a clear error otherwise."""
    if isinstance(items, (sm.MatrixBase,)):
        return list(items)
    if isinstance(items, (str, bytes)) or not hasattr(items, "__iter__"):
        raise ShapeError(
            f"{what} must be a list or tuple, got {type(items).__name__} "
            f"{items!r}; wrap a single item in a list: [{items!r}]")
    return list(items)


def check_speeds(speeds, what="speeds"):
    """Validate generalized speeds: functions of time, none repeated."""
    speeds = as_list(speeds, what)
    seen = set()
    for s in speeds:
        if not is_time_function(s):
            kind = type(s).__name__
            raise SpeedError(
                f"speed {s} is not a function of time (it is a {kind}); "
                f"{_HOW_TO_MAKE_SPEEDS}")
        if s in seen:
            raise SpeedError(
                f"speed {s} appears more than once in {what} {speeds}; "
                "list each generalized speed once")
        seen.add(s)
    return speeds


def qdot_map(kdes, speeds=None):
    """Solve kinematical differential equations for the coordinate rates.

    ``kdes`` is a list of expressions equal to zero (or ``Eq``), linear in
    the q's first time derivatives, or a dict ``{q': expr}``. Returns the dict
    ``{q': expression in q, u, t}``.
    """
    if kdes is None:
        return {}
    if isinstance(kdes, dict):
        return dict(kdes)
    eqs = []
    for e in as_list(kdes, "kdes"):
        if isinstance(e, sm.Equality):
            e = e.lhs - e.rhs
        eqs.append(sm.sympify(e))
    if not eqs:
        return {}
    speeds = set(speeds or [])
    qdots = []
    for e in eqs:
        for d in sorted(e.atoms(sm.Derivative), key=sm.default_sort_key):
            if is_time_function(d) and d not in qdots and d not in speeds \
                    and len(d.variables) == 1:
                qdots.append(d)
    if len(qdots) != len(eqs):
        raise ShapeError(
            f"{len(eqs)} kinematical differential equations contain "
            f"{len(qdots)} coordinate rates {qdots}; give one equation per "
            "coordinate, each of the form q' - (expression in u and q) = 0")
    A = sm.Matrix(eqs).jacobian(qdots)
    if A.has(*qdots):
        raise NonlinearSpeedError(
            "the kinematical differential equations are not linear in the "
            f"coordinate rates {qdots}; write them as q' - f(q, u) = 0")
    rest = sm.Matrix(eqs).xreplace(dict.fromkeys(qdots, 0))
    if A.is_diagonal():
        diag = [A[i, i] for i in range(A.rows)]
        if any(d == 0 for d in diag):
            raise ShapeError(
                "the kinematical differential equations cannot be solved "
                "for the coordinate rates; each q' must appear")
        sol = [-rest[i] / diag[i] for i in range(A.rows)]
    else:
        if sm.simplify(A.det()) == 0:
            raise ShapeError(
                "the kinematical differential equations cannot be solved "
                f"for the coordinate rates {qdots} (singular coefficients)")
        # LUsolve leaves nested quotients such as ((a*c/s + b)*s/c)/s, which
        # are 0/0 where a pivot vanishes even when the rate itself is finite
        # (the upright rolling disc); cancel clears them
        sol = [sm.cancel(x) for x in A.LUsolve(-rest)]
    return dict(zip(qdots, sol))


def replace(obj, mapping):
    """xreplace on expressions, vectors, dyadics, matrices and lists."""
    if not mapping:
        return obj
    if isinstance(obj, (list, tuple)):
        return type(obj)(replace(o, mapping) for o in obj)
    if obj == 0 and not hasattr(obj, "xreplace"):
        return obj
    return obj.xreplace(mapping)


def vector_of(item, frame, what="item"):
    """Velocity of a point, angular velocity of a frame, or the vector itself."""
    if isinstance(item, me.Vector):
        return item
    if item == 0:
        return me.Vector(0)
    if isinstance(item, me.Point):
        try:
            return item.vel(frame)
        except ValueError:
            raise VelocityNotDefinedError(
                f"the velocity of point {item.name} in frame {frame.name} is "
                f"not defined; set it with {item.name}.set_vel({frame.name}, "
                f"...), or locate {item.name} relative to a point whose "
                f"velocity is known ({item.name}.set_pos(O, r)) and use "
                f"{item.name}.v2pt_theory(O, {frame.name}, B)") from None
    if isinstance(item, me.ReferenceFrame):
        try:
            return item.ang_vel_in(frame)
        except ValueError:
            raise VelocityNotDefinedError(
                f"the angular velocity of frame {item.name} in frame "
                f"{frame.name} is not defined; orient {item.name} relative to "
                f"{frame.name} (e.g. {item.name}.orient_axis({frame.name}, q, "
                f"{frame.name}.z)) or call {item.name}.set_ang_vel("
                f"{frame.name}, ...)") from None
    if isinstance(item, me.Particle):
        return vector_of(item.masscenter, frame, what)
    if isinstance(item, me.RigidBody):
        raise TypeError(
            f"{what} is the rigid body {item.name}, which has both a velocity "
            f"and an angular velocity; pass {item.name}.masscenter for the "
            f"velocity of its mass center or {item.name}.frame for its "
            "angular velocity")
    raise TypeError(
        f"{what} {item!r} is a {type(item).__name__}; give a Vector, a Point "
        "(for its velocity) or a ReferenceFrame (for its angular velocity)")


def check_frame(frame):
    if not isinstance(frame, me.ReferenceFrame):
        raise TypeError(
            f"frame must be a sympy.physics.mechanics ReferenceFrame, got "
            f"{type(frame).__name__} {frame!r}")
    return frame


def stray_rates(exprs, speeds):
    """Time derivatives in ``exprs`` that are not among ``speeds``."""
    speeds = set(speeds)
    found = set()
    for e in exprs:
        for d in e.atoms(sm.Derivative):
            if is_time_function(d) and d not in speeds:
                found.add(d)
    return sorted(found, key=sm.default_sort_key)


def measure_numbers(vector):
    """All measure numbers of a vector (in the frames it is written in)."""
    out = []
    for matrix, _ in vector.args:
        out.extend(matrix)
    return out
