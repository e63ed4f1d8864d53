r"""Nonholonomic reduction: A_n, b_n, and the tilde quantities.

Speed ordering (the one used by all of mechlib): the n speeds are ordered
:math:`[u_1, \ldots, u_p, u_{p+1}, \ldots, u_n]` = ``[*independent,
*dependent]``. Motion constraints linear in the speeds are solved for the
``m = n - p`` dependent speeds,

.. math::

   u_{\text{dep}} = \mathbf{A}_n u_{\text{ind}} + b_n, \qquad
   \mathbf{A}_n \in \mathbb{R}^{m \times p},

and a nonholonomic quantity is formed from the holonomic ones
(Kane and Levinson 1985, p. 46, p. 48, p. 99 and p. 124) as

.. math::

   \tilde{X}_r = X_r + \sum_{s=1}^{m} (\mathbf{A}_n)_{sr} X_{p+s},
   \quad r = 1, \ldots, p,

i.e. :math:`\tilde{F} = F_{\text{ind}} + \mathbf{A}_n^T F_{\text{dep}}`. This
holds for partial velocities, partial angular velocities, :math:`F_r` and
:math:`F_r^*` alike.
"""

import warnings

import sympy as sm
import sympy.physics.mechanics as me

from ._expressions import qdot_map, replace, stray_rates
from ._linear import SamplePoints, check_solution, lu_solve
from ._validation import NOT_FINITE, as_expression, as_list, check_finite, check_speeds
from .errors import (
    ArgumentTypeError,
    ConstraintError,
    NonlinearSpeedError,
    ParameterError,
    ShapeError,
    SpeedError,
)

t = me.dynamicsymbols._t

__all__ = ["dependent_speed_coefficients", "nonholonomic_partial_velocities",
           "reduce_generalized_forces", "solve_linear", "as_expressions"]


def as_expressions(constraints):
    """Constraints as expressions equal to zero (``Eq(a, b)`` gives a - b)."""
    out = []
    for i, c in enumerate(as_list(constraints, "constraints")):
        if isinstance(c, sm.Equality):
            c = c.lhs - c.rhs
        expr = as_expression(
            c, f"constraints[{i}] = {c!r} is not an expression; give each "
            "constraint as a sympy expression equal to zero (or an Eq), "
            "e.g. u2 - a*u3")
        out.append(check_finite(expr, f"constraints[{i}]"))
    return out


SOLVERS = ("CRAMER", "LU", "GE", "ADJ")
#: The methods whose solution is a quotient by det(A), with no pivot.
EXACT_SOLVERS = ("CRAMER", "ADJ")


def solve_linear(A, b, solver="CRAMER"):
    r"""Solve :math:`A x = b` symbolically with the chosen method.

    ``"CRAMER"`` (the default everywhere in mechlib) writes each unknown as a
    quotient of two determinants, so it has no removable 0/0 where an LU
    pivot happens to vanish (the Whipple bicycle upright is such a state);
    ``"LU"``, ``"GE"`` and ``"ADJ"`` are SymPy's other methods (``"LU"``
    with every pivot tested at random points, so that one that is zero
    although SymPy cannot tell is never divided by); a callable
    ``solver(A, b)`` is used as it is (as ``KanesMethod`` takes it). Every
    solution is checked against ``A x = b`` at random points before it is
    returned (for ``"CRAMER"`` and ``"ADJ"``, quotients by the determinant,
    that the determinant is not zero there): one that does not satisfy it
    raises ``ConstraintError``.

    Examples
    --------
    >>> import sympy as sm
    >>> from mechlib.nonholonomic import solve_linear
    >>> a, b = sm.symbols('a, b')
    >>> solve_linear(sm.Matrix([[a, 0], [0, b]]), sm.Matrix([1, 1]))
    Matrix([
    [1/a],
    [1/b]])
    """
    return _solve_linear(A, b, solver)


def _solve_linear(A, b, solver="CRAMER", det_checked=False):
    """:func:`solve_linear`; ``det_checked``: det(A) was already found
    nonzero at the sample points (``_check_solvable``), so a quotient by it
    (``"CRAMER"``, ``"ADJ"``) needs no second check."""
    A, b = _as_matrix(A, "A"), _as_matrix(b, "b")
    if A.rows != A.cols or A.rows != b.rows:
        raise ShapeError(
            f"A has shape {A.shape} and b {b.shape}; A x = b needs a square A "
            "with as many rows as b")
    if not callable(solver) and (not isinstance(solver, str)
                                 or solver.upper() not in SOLVERS):
        raise ParameterError(
            f"unknown constraint solver {solver!r}; give one of {SOLVERS} or "
            "a callable solver(A, b)")
    singular = ConstraintError(
        f"A x = b cannot be solved: A = {A.tolist() if A.rows < 4 else A.shape}"
        " is singular; for motion constraints, choose other dependent speeds "
        "or remove redundant constraints")
    points = SamplePoints(A.row_join(b))
    if callable(solver):
        x = _as_matrix(solver(A, b), "the solver's solution")
    else:
        try:
            x = (lu_solve(A, b, points) if solver.upper() == "LU"
                 else A.solve(b, method=solver.upper()))
        except ValueError:  # sympy's NonInvertibleMatrixError
            raise singular from None
    if x.shape != b.shape:
        raise ShapeError(
            f"the solver returned a solution of shape {x.shape} for A x = b "
            f"with b of shape {b.shape}; a solver(A, b) must return x of b's "
            "shape")
    if x.has(*NOT_FINITE):
        raise singular
    if not callable(solver) and solver.upper() in EXACT_SOLVERS:
        # quotients by det(A): right wherever det(A) is not zero, so the
        # determinant is checked in numbers instead of the (large) solution
        if not det_checked and _vanishes_numerically(A, "the coefficients A"):
            raise singular
        return x
    check_solution(A, x, b, points, ConstraintError, "the linear equations A x = b",
                   "choose other dependent speeds, simplify the constraints, or "
                   "use the default solver='CRAMER'")
    return x


def _check_solvable(C_dep, dependent):
    """Raise if the coefficients of the dependent speeds are singular.

    A symbolic determinant can take minutes to simplify (about 21,000
    operations for the bicycle), and even forming it unsimplified
    (Berkowitz, with SymPy's intermediate cancellation) took most of the
    time of forming the bicycle's equations. So the matrix is evaluated at
    random states instead (the sample points of ``mechlib.verify.vanishes``)
    and its determinant taken in numbers: a determinant that is zero at
    every sample is zero.
    """
    if not _vanishes_numerically(C_dep, "the coefficients of the dependent speeds"):
        return
    shown = C_dep.tolist() if C_dep.rows < 3 else "(too large to show)"
    raise ConstraintError(
        "the constraints cannot be solved for the dependent speeds "
        f"{dependent}: the matrix of their coefficients {shown} "
        "is singular; choose other dependent speeds (each constraint "
        "must involve the dependent speeds independently), or remove "
        "redundant constraints")


def _vanishes_numerically(C, what, samples=3, tol=1e-9, seed=12345):
    """True if ``det(C)`` is zero at ``samples`` random states (the sample
    points and tolerance of ``mechlib.verify.vanishes``), each determinant
    taken of the evaluated matrix; ``what`` names ``C`` in the error raised
    where it is not finite."""
    import mpmath

    from .errors import NonFiniteValueError
    from .verify import _sample_points

    if any(C[:, j].is_zero_matrix for j in range(C.cols)):
        return True
    for steps in _sample_points(C, samples, seed):
        value = C
        for step in steps:
            value = value.xreplace(step)
        value = value.evalf()
        if value.has(*NOT_FINITE):
            raise NonFiniteValueError(
                f"{what} are not finite at a random sample point "
                f"({value.tolist()}); check the constraints")
        det = mpmath.det(mpmath.matrix([[complex(x) for x in row]
                                        for row in value.tolist()]))
        if abs(det) > tol:
            return False
    return True


def dependent_speed_coefficients(constraints, independent, dependent,
                                 kdes=None, simplify=False,
                                 solver="CRAMER", prescribed=()):
    r"""Solve linear motion constraints for the dependent speeds.

    Parameters
    ----------
    constraints : sequence
        ``m`` expressions, each equal to zero (or ``Eq``), linear in the
        speeds, e.g. the components of a contact point's velocity.
    independent : sequence
        The ``p`` independent speeds :math:`u_1 \ldots u_p`.
    dependent : sequence
        The ``m`` dependent speeds :math:`u_{p+1} \ldots u_n`.
    kdes : sequence or dict, optional
        Kinematical differential equations, to replace coordinate rates in
        the constraints.
    simplify : bool, optional
        Apply ``sympy.simplify`` to the entries (slow for large systems).
    solver : str or callable, optional
        How the constraints are solved, see :func:`solve_linear`; the
        default ``"CRAMER"`` gives no removable 0/0 at symmetric states.
    prescribed : sequence, optional
        Functions of time moved by a law of their own (a support's s(t)):
        their rates may stay in the constraints and make up :math:`b_n`.

    Returns
    -------
    (sympy.Matrix, sympy.Matrix)
        :math:`\mathbf{A}_n` (``m x p``) and :math:`b_n` (``m x 1``) with
        :math:`u_{dep} = \mathbf{A}_n u_{ind} + b_n`.

    Raises
    ------
    ConstraintError
        If the number of constraints differs from the number of dependent
        speeds, or the constraints cannot be solved for the dependent
        speeds (singular coefficient matrix).
    NonlinearSpeedError
        If a constraint is not linear in the speeds.
    SpeedError
        If a constraint holds a coordinate rate that the kdes do not replace,
        or a term without a speed that holds a function of time which is not
        prescribed (a speed missing from both lists would otherwise end up
        in :math:`b_n` as if it were known).

    Examples
    --------
    A Chaplygin sleigh: speeds of the mass center along and across the
    body, :math:`u_1, u_2`, and its angular speed :math:`u_3`; the blade,
    a distance a behind the mass center, cannot slide sideways:
    :math:`u_2 - a u_3 = 0`.

    >>> import sympy as sm
    >>> import sympy.physics.mechanics as me
    >>> import mechlib as ml
    >>> a = sm.symbols('a')
    >>> u1, u2, u3 = me.dynamicsymbols('u1, u2, u3')
    >>> An, bn = ml.dependent_speed_coefficients([u2 - a*u3], [u1, u3], [u2])
    >>> An, bn
    (Matrix([[0, a]]), Matrix([[0]]))
    """
    A_n, b_n, _ = _dependent_speeds(constraints, independent, dependent, kdes,
                                    simplify, solver, prescribed)
    return A_n, b_n


def _dependent_speeds(constraints, independent, dependent, kdes=None,
                      simplify=False, solver="CRAMER", prescribed=(), checked=False):
    """:func:`dependent_speed_coefficients`, and the coefficients of all the
    speeds ``[*independent, *dependent]`` in the constraints (``KanesMethod``'s
    ``k_nh``), which ``kanes_equations`` uses again. ``checked``: the
    constraints are expressions :func:`as_expressions` has already checked."""
    exprs = list(constraints) if checked else as_expressions(constraints)
    independent = check_speeds(independent, "independent speeds")
    dependent = check_speeds(dependent, "dependent speeds")
    speeds = check_speeds(independent + dependent,
                          "independent + dependent speeds")
    if len(exprs) != len(dependent):
        raise ConstraintError(
            f"{len(exprs)} constraint(s) for {len(dependent)} dependent "
            f"speed(s) {dependent}; give exactly one independent motion "
            "constraint per dependent speed (drop redundant constraints, or "
            "choose as many dependent speeds as there are constraints)")
    if not dependent:
        return sm.zeros(0, len(independent)), sm.zeros(0, 1), sm.zeros(0, len(speeds))
    C = replace(sm.Matrix(exprs), qdot_map(kdes, speeds))
    _check_speed_free_terms(C, speeds, prescribed)
    J = _speed_coefficients(C, speeds, exprs)
    p = len(independent)
    C_ind, C_dep = J[:, :p], J[:, p:]
    c0 = C.xreplace(dict.fromkeys(speeds, 0))
    _check_solvable(C_dep, dependent)
    A_n = -_solve_linear(C_dep, C_ind, solver, det_checked=True)
    b_n = -_solve_linear(C_dep, c0, solver, det_checked=True)
    if simplify:
        A_n = A_n.applyfunc(sm.simplify)
        b_n = b_n.applyfunc(sm.simplify)
    return A_n, b_n, J


def _speed_coefficients(C, speeds, exprs=None):
    """The coefficients of the speeds in the constraints ``C`` (linear in
    them): ``C.jacobian(speeds)``, read off the terms by SymPy's
    ``linear_eq_to_matrix`` as ``KanesMethod`` does, which differentiates
    nothing (forming the Jacobian of the bicycle's contact constraints by
    differentiation took a seventh of the time of its equations). A
    constraint that is not linear in the speeds raises
    ``NonlinearSpeedError`` naming the speed."""
    try:
        J, _ = sm.linear_eq_to_matrix(list(C), list(speeds))
    except ValueError:  # NonlinearError: the Jacobian, to name the speed
        J = C.jacobian(speeds)
    if J.has(*speeds):
        exprs = list(C) if exprs is None else exprs
        for i in range(J.rows):
            for j in range(J.cols):
                if J[i, j].has(*speeds):
                    raise NonlinearSpeedError(
                        f"constraint {i} ({exprs[i]}) is not linear in the "
                        f"speed {speeds[j]}; motion constraints must be "
                        "linear in the generalized speeds")
    return J


def _check_speed_free_terms(C, speeds, prescribed):
    """Every coordinate rate in the constraints ``C`` is replaced, and every
    term without a speed holds only prescribed functions of time."""
    prescribed = as_list(prescribed, "prescribed")
    rates = {f.diff(t) for f in prescribed}
    stray = stray_rates(list(C), list(speeds) + list(rates))
    if stray:
        raise SpeedError(
            f"the constraints contain the time derivative(s) {stray}, which are "
            f"not among the speeds {speeds}; pass kdes=[q1' - u1, ...] to replace "
            "coordinate rates, or list a prescribed motion in prescribed=[...]")
    free = C.xreplace(dict.fromkeys(speeds, 0))
    for i, entry in enumerate(free):
        for term in sm.Add.make_args(sm.expand(entry)):
            functions = {f for f in me.find_dynamicsymbols(term)
                         if not isinstance(f, sm.Derivative)}
            if functions and not functions & set(prescribed) and not term.has(*rates):
                raise SpeedError(
                    f"constraint {i} has the term {term}, with no speed in it "
                    f"and no prescribed motion: if {sorted(functions, key=str)} "
                    "holds a speed, list it among the independent or dependent "
                    "speeds; if it is moved by a law of its own, pass "
                    "prescribed=[...]")


def _as_matrix(value, what):
    """A finite sympy Matrix from ``value``; a mechlib error otherwise."""
    if isinstance(value, (str, bytes)) or value is None:
        matrix = None
    else:
        try:
            with warnings.catch_warnings():   # SymPy deprecates non-Expr entries
                warnings.simplefilter("error")
                matrix = sm.Matrix(value)
            if not all(isinstance(e, sm.Expr) for e in matrix):
                matrix = None
        except (TypeError, ValueError, AttributeError, sm.SympifyError, Warning):
            matrix = None
    if matrix is None:
        raise ArgumentTypeError(
            f"{what} must be a sympy Matrix or a list of rows, got "
            f"{type(value).__name__} {value!r}")
    return check_finite(matrix, what)


def _check_A(A_n, n, independent, what):
    """A_n as a Matrix, its number of rows m and columns p, checked against
    the n entries of ``what`` and the independent speeds."""
    if independent is None:
        raise ShapeError(
            "give the independent speeds as the third argument, e.g. "
            "reduce_generalized_forces(F, A_n, u_ind): without them a "
            "transposed A_n cannot be told from the right one")
    if isinstance(independent, bool) or isinstance(independent, float):
        raise ArgumentTypeError(
            f"independent = {independent!r}; give the independent speeds (a "
            "list) or their number p (a whole number)")
    if isinstance(independent, int):
        if not 0 <= independent <= n:
            raise ShapeError(
                f"p = {independent} independent speeds, but {what} has {n} "
                f"entries; give p from 0 to {n} (or the independent speeds)")
        p = independent
    else:
        p = len(check_speeds(independent, "independent speeds"))
    A_n = _as_matrix(A_n, "A_n")
    if A_n.shape != (n - p, p):
        raise ShapeError(
            f"A_n has shape {A_n.shape}, but {what} has {n} entries and there "
            f"are {p} independent speeds, so A_n must be ({n - p}, {p}): one "
            "row per dependent speed, one column per independent speed (is "
            "it transposed?); order the entries [*independent, *dependent]")
    return A_n, n - p, p


def nonholonomic_partial_velocities(partials, A_n, independent=None):
    r"""Nonholonomic partial velocities from the holonomic ones.

    :math:`\tilde{v}_r = v_r + \sum_{s} (\mathbf{A}_n)_{sr} v_{p+s}`,
    r = 1 .. p (Kane and Levinson 1985, p. 48).

    Parameters
    ----------
    partials : list of list of Vector
        As returned by ``mechlib.partial_velocities`` for all n speeds
        ordered ``[*independent, *dependent]``; each inner list has n items.
    A_n : sympy.Matrix
        ``m x p``, from :func:`dependent_speed_coefficients`.
    independent : sequence or int
        The independent speeds (or their number p), to check A_n's shape.

    Returns
    -------
    list of list of Vector
        Each inner list has p items.

    Examples
    --------
    >>> import sympy as sm
    >>> import sympy.physics.mechanics as me
    >>> import mechlib as ml
    >>> a = sm.symbols('a')
    >>> N = me.ReferenceFrame('N')
    >>> # holonomic partials of the blade point for u1, u3, u2
    >>> v = [[N.x, -a*N.y, N.y]]
    >>> u1, u3 = me.dynamicsymbols('u1, u3')
    >>> ml.nonholonomic_partial_velocities(v, sm.Matrix([[0, a]]), [u1, u3])
    [[N.x, 0]]
    """
    out = []
    for i, row in enumerate(as_list(partials, "partials")):
        row = as_list(row, f"partials[{i}]")
        A, m, p = _check_A(A_n, len(row), independent, f"partials[{i}]")
        reduced = []
        for r in range(p):
            v = row[r]
            for s in range(m):
                v = v + A[s, r] * row[p + s]
            reduced.append(v)
        out.append(reduced)
    return out


def reduce_generalized_forces(F, A_n, independent=None):
    r"""Nonholonomic generalized forces: :math:`\tilde{F} = F_{ind} + \mathbf{A}_n^T F_{dep}`.

    Works for :math:`F_r`, :math:`F_r^*` and their sum, and row by row for
    a matrix with one row per speed (a mass matrix).

    Parameters
    ----------
    F : sympy.Matrix or sequence
        The n holonomic generalized forces, ordered
        ``[*independent, *dependent]`` (or an ``n x k`` matrix).
    A_n : sympy.Matrix
        ``m x p``, from :func:`dependent_speed_coefficients`.
    independent : sequence or int
        The independent speeds (or their number p), to check A_n's shape.

    Returns
    -------
    sympy.Matrix
        ``p x 1`` (``p x k``).

    Examples
    --------
    >>> import sympy as sm
    >>> import sympy.physics.mechanics as me
    >>> import mechlib as ml
    >>> F1, F2, F3, a = sm.symbols('F1, F2, F3, a')
    >>> u1, u3 = me.dynamicsymbols('u1, u3')
    >>> ml.reduce_generalized_forces([F1, F3, F2], sm.Matrix([[0, a]]),
    ...                              [u1, u3])
    Matrix([
    [         F1],
    [F2*a + F3]])
    """
    F = _as_matrix(F if isinstance(F, sm.MatrixBase) else as_list(F, "F"),
                   "F")
    A, m, p = _check_A(A_n, F.rows, independent, "F")
    return F[:p, :] + A.T * F[p:, :]
