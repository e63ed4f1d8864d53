"""Input checks shared by the mechlib modules (private): each returns what it
was given, or raises a :mod:`mechlib.errors` exception that names the fix."""

import math
import numbers

import sympy as sm
import sympy.physics.mechanics as me
from sympy.core.function import AppliedUndef

from ._fastvec import dcm
from .errors import (
    ArgumentTypeError,
    CoordinateError,
    NonFiniteValueError,
    ParameterError,
    ShapeError,
    SpeedError,
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


#: What makes an expression not finite: the one list every check uses.
NOT_FINITE = (sm.nan, sm.oo, -sm.oo, sm.zoo)


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
        if x.has(*NOT_FINITE):
            raise NonFiniteValueError(
                f"{what} contains NaN or an infinity ({x}); give finite "
                "values or symbols (a NaN usually comes from an earlier "
                "division by zero or a missing value)")
    return obj


def finite_float(value, name, fix, *, not_a_number=ArgumentTypeError):
    """``value`` as a float, if it is one finite real number.

    The one check of a numeric scalar: ``float(value)``, then finite.
    Otherwise it raises a :mod:`mechlib.errors` exception whose message names
    the argument (``name``), shows its value and ends with ``fix``, what to
    give instead:

    - ``NonFiniteValueError`` for None, a NaN or an infinity (also SymPy's
      ``nan``, ``oo`` and ``zoo``, and an int too large for a float);
    - ``not_a_number`` (``ArgumentTypeError`` unless the caller's contract
      names another class, e.g. ``ShapeError``) for what is no number: a
      string that is not one, a symbol or an expression with free symbols,
      a complex number, a list.

    Anything ``float`` accepts and finds finite is valid (an int, a bool, a
    NumPy or SymPy number, ``sm.pi``).

    Examples
    --------
    >>> import sympy as sm
    >>> finite_float(2, "lean", "give an angle in radians")
    2.0
    >>> finite_float(sm.pi / 4, "lean", "give an angle in radians")
    0.7853981633974483
    >>> finite_float(float("nan"), "lean", "give an angle in radians")
    Traceback (most recent call last):
    ...
    mechlib.errors.NonFiniteValueError: lean = nan is not a finite number;
    give an angle in radians
    >>> finite_float(None, "k", "give a finite number (0 for none)")
    Traceback (most recent call last):
    ...
    mechlib.errors.NonFiniteValueError: k = None is not a finite number;
    give a finite number (0 for none)
    >>> finite_float(sm.Symbol("x"), "lean", "give an angle in radians")
    Traceback (most recent call last):
    ...
    mechlib.errors.ArgumentTypeError: lean = x is not a number; give an angle in radians
    >>> from mechlib.errors import ShapeError
    >>> finite_float("a", "axes[0][1]", "give three numbers", not_a_number=ShapeError)
    Traceback (most recent call last):
    ...
    mechlib.errors.ShapeError: axes[0][1] = 'a' is not a number; give three numbers
    """
    if isinstance(value, numbers.Complex) and not isinstance(value, numbers.Real):
        # float() of a NumPy complex drops the imaginary part with a warning
        raise not_a_number(
            f"{name} = {value!r} is not a number; {fix} (a complex number is "
            "not: mechlib's states, constants and values are real)")
    try:
        number = float(value)
    except OverflowError:               # an int beyond the largest float
        number = math.inf
    except (TypeError, ValueError):
        if value is not None and not (isinstance(value, sm.Basic)
                                      and value.has(*NOT_FINITE)):
            raise not_a_number(
                f"{name} = {value!r} is not a number; {fix}") from None
        number = math.nan               # None, or SymPy's zoo
    if not math.isfinite(number):
        raise NonFiniteValueError(
            f"{name} = {value!r} is not a finite number; {fix}")
    return number


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
    first = {}
    for i, b in enumerate(bodies):
        check_body(b, f"{what}[{i}]")
        if id(b) in first:
            raise ParameterError(
                f"{what}[{i}] is {b.name}, already {what}[{first[id(b)]}]: a body "
                "listed twice would count its mass and inertia twice; list each "
                "body once (a heavier body is one body with the larger mass)")
        first[id(b)] = i
    return bodies


def check_body(body, what="body"):
    """The body, if it is a Particle or RigidBody with a finite mass that is
    not negative and, for a numerical central inertia, one that is symmetric
    with no negative principal moment. The principal moments need not
    satisfy the triangle inequality, deliberately: a planar model gives the
    moment about its axis alone, ``inertia(A, 0, 0, I)``."""
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
            matrix = np.array(inertia.evalf(), dtype=float)
            size = max(1.0, abs(matrix).max())
            if abs(matrix - matrix.T).max() > 1e-12 * size:
                raise ParameterError(
                    f"the central inertia of {body.name} is not symmetric "
                    f"({matrix.tolist()} in {body.frame.name}); an inertia dyadic "
                    "is: give it with me.inertia(frame, ixx, iyy, izz, ixy, iyz, "
                    "izx), each product of inertia once")
            moments = np.linalg.eigvalsh(matrix)
            if moments.min() < -1e-12 * size:
                raise ParameterError(
                    f"the central inertia of {body.name} has a negative "
                    f"principal moment ({moments.min():.4g}); "
                    "give moments of inertia that are not negative (a planar "
                    "model may give the moment about its axis alone, "
                    "me.inertia(A, 0, 0, I))")
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


def check_frame(frame, what="frame"):
    """The frame, if it is a ReferenceFrame."""
    if not isinstance(frame, me.ReferenceFrame):
        raise ArgumentTypeError(
            f"{what} must be a sympy.physics.mechanics ReferenceFrame, got "
            f"{type(frame).__name__} {frame!r}")
    return frame
