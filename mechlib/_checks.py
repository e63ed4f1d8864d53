"""Input checks and small helpers shared by the mechlib modules (private)."""

import numbers

import sympy as sm
import sympy.physics.mechanics as me
from sympy.core.function import AppliedUndef

from ._fastvec import dcm
from .errors import (
    ArgumentTypeError,
    CoordinateError,
    NonFiniteValueError,
    NonlinearSpeedError,
    ParameterError,
    ShapeError,
    SpeedError,
    VelocityNotDefinedError,
)

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
    if isinstance(items, (set, frozenset)):
        raise ArgumentTypeError(
            f"{what} is a set, which has no order (its order changes from one "
            "Python run to the next, and with it the order of the state); "
            f"give a list, e.g. {sorted(items, key=str)!r}")
    if isinstance(items, (str, bytes)) or not hasattr(items, "__iter__"):
        raise ShapeError(
            f"{what} must be a list or tuple, got {type(items).__name__} "
            f"{items!r}; wrap a single item in a list: [{items!r}]")
    return list(items)


_NOT_FINITE = (sm.nan, sm.oo, -sm.oo, sm.zoo)


def _scalars_of(obj):
    """The sympy scalars of an expression, Matrix, Vector, Dyadic or list."""
    if isinstance(obj, me.Vector):
        # NaN * vector gives (nan, frame) pairs, not (Matrix, frame)
        return [x for matrix, _ in obj.args
                for x in (matrix if isinstance(matrix, sm.MatrixBase)
                          else [matrix])]
    if isinstance(obj, me.Dyadic):
        return [c for c, _, _ in obj.args]
    if isinstance(obj, (list, tuple)):
        return [x for o in obj for x in _scalars_of(o)]
    if isinstance(obj, sm.MatrixBase):
        return list(obj)
    if isinstance(obj, float):
        return [sm.Float(obj)] if obj == obj else [sm.nan]
    return [obj] if isinstance(obj, sm.Basic) else []


def as_expression(value, message):
    """``value`` as a SymPy expression, or ArgumentTypeError(message).

    Strings are never parsed (``'sin(q)'`` is rejected), nor is None.
    """
    expr = None
    if not isinstance(value, (str, bytes)) and value is not None:
        try:
            expr = sm.sympify(value, strict=True)
        except (sm.SympifyError, TypeError, ValueError):
            pass
    if not isinstance(expr, sm.Expr) or getattr(expr, "is_Matrix", False):
        raise ArgumentTypeError(message)
    return expr


def check_finite(obj, what):
    """``obj`` unchanged, unless it holds a NaN or an infinity."""
    for x in _scalars_of(obj):
        if x.has(*_NOT_FINITE):
            raise NonFiniteValueError(
                f"{what} contains NaN or an infinity ({x}); give finite "
                "values or symbols (a NaN usually comes from an earlier "
                "division by zero or a missing value)")
    return obj


def frames_of(obj):
    """The reference frames a Vector or Dyadic is written in."""
    if isinstance(obj, me.Vector):
        return [f for _, f in obj.args]
    if isinstance(obj, me.Dyadic):
        return [f for _, v1, v2 in obj.args for f in frames_of(v1)
                + frames_of(v2)]
    return []


def check_connected(obj, frame):
    """Raise ``FrameNotConnectedError`` if a frame of ``obj`` (a Vector or
    Dyadic) has no chain of orientations to ``frame``."""
    for f in dict.fromkeys(frames_of(obj)):
        if f is not frame:
            dcm(frame, f)
    return obj


def check_bodies(bodies, what="bodies"):
    """A list of Particles and RigidBodies with finite masses."""
    bodies = as_list(bodies, what)
    for i, b in enumerate(bodies):
        check_body(b, f"{what}[{i}]")
    return bodies


def check_body(body, what="body"):
    """The body, if it is a Particle or RigidBody with a finite mass."""
    if not isinstance(body, (me.Particle, me.RigidBody)):
        raise ArgumentTypeError(
            f"{what} must be a sympy.physics.mechanics Particle or RigidBody, "
            f"got {type(body).__name__} {body!r}")
    check_finite(body.mass, f"the mass of {body.name}")
    mass = sm.sympify(body.mass)
    if mass.is_negative:
        raise ParameterError(
            f"the mass of {body.name} is {body.mass}; give a positive mass")
    if isinstance(body, me.RigidBody):
        try:
            inertia = body.central_inertia.to_matrix(body.frame)
        except ValueError:       # frames not connected: reported where used
            return body
        check_finite(inertia, f"the inertia of {body.name}")
        if not inertia.free_symbols and not inertia.has(AppliedUndef):
            import numpy as np  # only for a numerical inertia
            moments = np.linalg.eigvalsh(np.array(inertia.evalf(), dtype=float))
            if moments.min() < -1e-12 * max(1.0, abs(moments).max()):
                raise ParameterError(
                    f"the central inertia of {body.name} has a negative "
                    f"principal moment ({moments.min():.4g}); "
                    "give moments of inertia that a body can have (positive, "
                    "each at most the sum of the other two)")
    return body


def check_point(point, what="point"):
    """The point, if it is a Point."""
    if not isinstance(point, me.Point):
        raise ArgumentTypeError(
            f"{what} must be a sympy.physics.mechanics Point, got "
            f"{type(point).__name__} {point!r}")
    return point


def check_partials(partials, n):
    """``partials`` as a dict ``{point or frame: [v_1 .. v_n]}``."""
    if partials is None:
        return {}
    if not isinstance(partials, dict):
        raise ArgumentTypeError(
            f"partials must be a dict {{point or frame: [v_1, ..., v_n]}} "
            f"(mechlib.kinematics.partial_velocity_map), got "
            f"{type(partials).__name__}")
    for key, row in partials.items():
        row = as_list(row, f"partials[{key}]")
        if len(row) != n:
            raise ShapeError(
                f"partials[{key}] has {len(row)} partial velocities for {n} "
                "speeds; give one per speed, in the order of the speeds (or "
                "leave partials out to have them computed)")
    return dict(partials)


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


def check_coordinates(coordinates, what="q"):
    """Validate generalized coordinates: functions of time, none repeated."""
    coordinates = as_list(coordinates, what)
    seen = set()
    for c in coordinates:
        if not (is_time_function(c) and not isinstance(c, sm.Derivative)):
            raise CoordinateError(
                f"coordinate {c} in {what} is not a function of time (it is "
                f"a {type(c).__name__}); generalized coordinates must be "
                "dynamicsymbols, e.g. q1, q2 = me.dynamicsymbols('q1, q2')")
        if c in seen:
            raise CoordinateError(
                f"coordinate {c} appears more than once in {what}; list "
                "each generalized coordinate once")
        seen.add(c)
    return coordinates


def check_not_coordinates(speeds, qdots):
    """Raise if a speed is a coordinate: the kinematical differential
    equations ``qdots`` (``{q': ...}``) give its rate (its partial velocities
    would all be zero).

    >>> import sympy.physics.mechanics as me
    >>> q, u = me.dynamicsymbols('q u')
    >>> check_not_coordinates([q], {q.diff(): u})
    Traceback (most recent call last):
    ...
    mechlib.errors.SpeedError: q is a coordinate (the kdes give its rate q'), not a speed; ...
    """
    rates = {rate.expr for rate in qdots if isinstance(rate, sm.Derivative)}
    for s in speeds:
        if s in rates:
            name = str(s).replace("(t)", "")
            raise SpeedError(
                f"{name} is a coordinate (the kdes give its rate {name}'), not a "
                "speed; give the generalized speeds the velocities are linear in "
                "(u1 with q1' = u1), each different from every coordinate")


#: Largest rate (in operations, ``count_ops``) that :func:`qdot_map` cancels.
CANCEL_LIMIT = 300


def qdot_map(kdes, speeds=None):
    """Solve kinematical differential equations for the coordinate rates.

    ``kdes`` is a list of expressions equal to zero (or ``Eq``), linear in
    the q's first time derivatives, or a dict ``{q': expr}``. Returns the dict
    ``{q': expression in q, u, t}``.
    """
    if speeds is not None:
        check_speeds(speeds)
    if kdes is None:
        return {}
    if isinstance(kdes, dict):
        return _finite_map(dict(kdes))
    eqs = []
    for i, e in enumerate(as_list(kdes, "kdes")):
        if isinstance(e, sm.Equality):
            e = e.lhs - e.rhs
        eqs.append(as_expression(
            e, f"kdes[{i}] = {e!r:.60} is not a SymPy expression; write "
            "q1.diff() - u1 (strings are not parsed)"))
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
        # (the upright rolling disc); cancel clears them. It is left out for
        # large rates (quaternion kinematics give ~1500 operations), where it
        # runs for minutes and KanesMethod does not try it either.
        sol = [sm.cancel(x) if sm.count_ops(x) <= CANCEL_LIMIT else x
               for x in A.LUsolve(-rest)]
    return _finite_map(dict(zip(qdots, sol, strict=True)))


def _finite_map(mapping):
    for key, value in mapping.items():
        check_finite(sm.sympify(value), f"the rate {key} from the kdes")
    return mapping


def replace(obj, mapping):
    """xreplace on expressions, vectors, dyadics, matrices and lists."""
    if not mapping:
        return obj
    if isinstance(obj, (list, tuple)):
        return type(obj)(replace(o, mapping) for o in obj)
    if isinstance(obj, numbers.Number):
        return obj
    if not hasattr(obj, "xreplace"):
        raise ArgumentTypeError(
            f"cannot replace in {obj!r}, a {type(obj).__name__}; give a sympy "
            "expression, Vector, Dyadic or Matrix (or a list of them)")
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
        raise ArgumentTypeError(
            f"{what} is the rigid body {item.name}, which has both a velocity "
            f"and an angular velocity; pass {item.name}.masscenter for the "
            f"velocity of its mass center or {item.name}.frame for its "
            "angular velocity")
    raise ArgumentTypeError(
        f"{what} {item!r} is a {type(item).__name__}; give a Vector, a Point "
        "(for its velocity) or a ReferenceFrame (for its angular velocity)")


def check_frame(frame, what="frame"):
    """The frame, if it is a ReferenceFrame."""
    if not isinstance(frame, me.ReferenceFrame):
        raise ArgumentTypeError(
            f"{what} must be a sympy.physics.mechanics ReferenceFrame, got "
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


def _describe(item, frame, index):
    if isinstance(item, me.Point):
        return f"the velocity of point {item.name} in {frame.name}"
    if isinstance(item, me.ReferenceFrame):
        return f"the angular velocity of frame {item.name} in {frame.name}"
    if isinstance(item, me.Particle):
        return f"the velocity of particle {item.name} in {frame.name}"
    return f"vector {index} ({item})"


def prepare_vectors(vectors, speeds, frame, kdes, prescribed, what="vectors"):
    """Validated vectors (q' replaced) and speeds, plus descriptions.

    Each item may be a Vector, a Point (its velocity), a ReferenceFrame (its
    angular velocity) or a Particle. Returns ``(vectors, speeds, names)``.
    """
    check_frame(frame)
    speeds = check_speeds(speeds)
    if not speeds:
        raise SpeedError(
            "no generalized speeds were given; give the speeds u_1 .. u_n "
            "the velocities are linear in, e.g. [u1, u2]")
    items = as_list(vectors, what)
    mapping = qdot_map(kdes, speeds)
    check_not_coordinates(speeds, mapping)
    vecs, names = [], []
    for i, item in enumerate(items):
        vec = replace(vector_of(item, frame, what=f"{what}[{i}]"), mapping)
        check_finite(vec, f"{what}[{i}]")
        name = _describe(item, frame, i)
        check_connected(vec, frame)
        vecs.append(vec)
        names.append(name)
    allowed = set(speeds)
    for i, f in enumerate(as_list(prescribed, "prescribed")):
        if not is_time_function(f):
            raise ArgumentTypeError(
                f"prescribed[{i}] = {f!r} is not a function of time; list "
                "the prescribed motions as dynamicsymbols, e.g. "
                "s = me.dynamicsymbols('s'); prescribed=[s]")
        allowed |= {f, f.diff(me.dynamicsymbols._t)}
    for vec, name in zip(vecs, names, strict=True):
        stray = stray_rates(measure_numbers(vec), allowed)
        if stray:
            raise SpeedError(
                f"{name} contains the time derivative(s) {stray}, which are "
                f"not among the speeds {speeds}; replace coordinate rates by "
                "speeds by passing kdes=[q1' - u1, ...] (or use "
                "mechlib.replace_qdots), or, for a prescribed function of "
                "time whose rate belongs in the remainder, list it in "
                "prescribed=[...]")
    for vec, name in zip(vecs, names, strict=True):
        for m in measure_numbers(vec):
            for u in speeds:
                if m.has(u) and sm.diff(m, u).has(*speeds):
                    raise NonlinearSpeedError(
                        f"{name} is not linear in the speed {u} (measure "
                        f"number {m}); partial velocities are defined only "
                        "for velocities linear in the generalized speeds: "
                        "check the kinematics, or choose speeds in which the "
                        "velocities are linear")
    return vecs, speeds, names
