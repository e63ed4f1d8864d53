"""What the mechlib modules compute from their checked inputs (private): the
coordinate rates from the kinematical differential equations, substitution,
measure numbers, and the vectors of points and frames."""

import numbers

import sympy as sm
import sympy.physics.mechanics as me

from ._validation import (
    as_expression,
    as_list,
    check_connected,
    check_finite,
    check_frame,
    check_not_coordinates,
    check_speeds,
    is_time_function,
)
from .errors import (
    ArgumentTypeError,
    NonlinearSpeedError,
    ShapeError,
    SpeedError,
    VelocityNotDefinedError,
)

t = me.dynamicsymbols._t


#: Largest rate (in operations, ``count_ops``) that :func:`qdot_map` cancels.
CANCEL_LIMIT = 700


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
        for i, e in enumerate(eqs):     # a NaN swallows the whole equation, its q' too
            check_finite(e, f"kdes[{i}]")
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
    return _finite_map(dict(zip(qdots, _solve_rates(A, rest, qdots), strict=True)))


def _solve_rates(A, rest, qdots):
    """The rates ``x`` with ``A x + rest = 0``, by SymPy's LU solve with
    pivots tested at random points (:mod:`mechlib._linear`: a pivot that is
    zero although SymPy cannot tell, as in the eccentric sphere's ZXY
    kinematics, is never divided by), checked against the equations there."""
    from ._linear import SamplePoints, check_solution, lu_solve

    singular = ShapeError(
        "the kinematical differential equations cannot be solved for the "
        f"coordinate rates {qdots} (singular coefficients); each q' must "
        "appear, and the equations must fix every rate")
    points = SamplePoints(A.row_join(rest))
    if A.is_diagonal():
        diag = [A[i, i] for i in range(A.rows)]
        if any(points.is_zero(d) for d in diag):
            raise singular
        sol = sm.Matrix([-rest[i] / diag[i] for i in range(A.rows)])
    else:
        try:
            sol = lu_solve(A, -rest, points)
        except ValueError:  # SymPy's NonInvertibleMatrixError
            raise singular from None
        # LUsolve leaves nested quotients such as ((a*c/s + b)*s/c)/s, which
        # are 0/0 where a pivot vanishes even when the rate itself is finite
        # (the upright rolling disc); cancel clears them. It is left out for
        # large rates (quaternion kinematics give ~1500 operations), where it
        # runs for minutes and KanesMethod does not try it either.
        sol = sol.applyfunc(
            lambda x: sm.cancel(x) if sm.count_ops(x) <= CANCEL_LIMIT else x)
        check_solution(A, sol, -rest, points, ShapeError,
                       f"the kinematical differential equations in {qdots}",
                       "write them solved, q' - f(q, u) = 0, or simplify their "
                       "coefficients (sm.trigsimp) before passing them")
    return list(sol)


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
