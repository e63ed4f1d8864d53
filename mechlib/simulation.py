r"""Numbers from Kane's equations: a right-hand side, simulation, residuals.

:func:`rhs` turns the first-order form ``mass_matrix_full * x' =
forcing_full`` into a NumPy function, :func:`simulate` integrates it with
SciPy, and :func:`constraint_residuals` says how far a state is from the
configuration and motion constraints (the loop-closure error of a linkage,
the slip of a rolling wheel). Every input is checked first: a missing or
non-finite constant, a state of the wrong length, or initial values that
violate the constraints get a ``mechlib.errors`` exception that says what
to give instead.
"""


import numpy as np
import sympy.physics.mechanics as me
from scipy.optimize import fsolve

from ._numeric import (  # noqa: F401
    MAX_EVALUATIONS,
    METHODS,
    _finite_state,
    _lambdified,
    _specified_values,
    _state_vector,
    check_values,
    integrate,
    numeric_values,
    refuse_indefinite_mass,
    solve_dependent,
    time_span,
)
from ._validation import as_list
from .errors import (
    ArgumentTypeError,
    ConstraintError,
    ConstraintViolationError,
    EquationsNotFormedError,
    NonFiniteValueError,
    ParameterError,
    SingularMassMatrixError,
)
from .kane import KaneEquations

__all__ = ["rhs", "simulate", "constraint_residuals", "consistent_state",
           "METHODS", "MAX_EVALUATIONS"]

t = me.dynamicsymbols._t


def _first_order_form(eqs):
    """``(state, mass_matrix_full, forcing_full)`` of a KaneEquations or of a
    ``KanesMethod`` whose equations have been formed."""
    if isinstance(eqs, me.KanesMethod):
        try:
            full = eqs.mass_matrix_full, eqs.forcing_full
        except (AttributeError, ValueError) as error:
            raise EquationsNotFormedError(
                "this KanesMethod has no equations yet; call "
                "kane.kanes_equations(bodies, loads) before simulating it"
            ) from error
        return list(eqs.q) + list(eqs.u), *full
    if not isinstance(eqs, KaneEquations):
        raise ArgumentTypeError(
            f"expected the result of mechlib.kanes_equations or a "
            f"sympy KanesMethod, got {type(eqs).__name__}")
    return eqs.state, eqs.mass_matrix_full, eqs.forcing_full


def rhs(eqs, constants, specified=None):
    r"""A fast numerical right-hand side ``f(t, x)`` of :math:`\dot{x} = f`.

    The full mass matrix and forcing are turned into one NumPy function
    with ``sympy.lambdify(..., cse=True)`` (common subexpressions shared),
    and each call solves ``mass_matrix_full * x' = forcing_full``.

    Parameters
    ----------
    eqs : KaneEquations or KanesMethod
        From ``mechlib.kanes_equations``, or SymPy's ``KanesMethod`` after
        its ``kanes_equations`` (so the reference equations can be simulated
        the same way).
    constants : dict
        A finite number for every constant symbol, ``{m: 1.0, g: 9.81}``.
    specified : dict, optional
        Values of specified functions of time (forces, torques, prescribed
        motions and their derivatives), ``{F: 2.0}`` or
        ``{F: lambda t: np.sin(t)}``.

    Returns
    -------
    callable
        ``f(t, x) -> numpy.ndarray``, with ``x = [*q, *u]``.

    Raises
    ------
    MissingValueError
        If a symbol or a specified function has no value.
    NonFiniteValueError
        If a constant is NaN, infinite or None.

    Examples
    --------
    >>> import mechlib as ml
    >>> ex = ml.systems.double_pendulum()
    >>> eqs = ml.kanes_equations(ex)
    >>> f = ml.rhs(eqs, {ex.m1: 1.0, ex.m2: 1.0, ex.l: 1.0, ex.g: 9.81})
    >>> f(0.0, [0.5, 0.0, 1.0, 0.0]).round(4)  # [q1', q2', u1', u2']
    array([ 1.    ,  0.    , -7.9905,  7.4917])
    """
    state, mass_matrix_full, forcing_full = _first_order_form(eqs)
    constants = numeric_values(constants)
    specified = _specified_values(specified)
    check_values(state, [mass_matrix_full, forcing_full], constants, specified)
    evaluate = _lambdified(state, [mass_matrix_full, forcing_full],
                           constants, specified)
    # the mass matrix of a holonomic system (symmetric), checked at the first
    # call only, as simulate checks it at x0: a negative mass among the constants
    block = ([slice(len(eqs.q), len(eqs.q) + len(eqs.u))] * 2
             if isinstance(eqs, KaneEquations) and not eqs.u_dep else None)

    def f(time, x):
        x = _finite_state(x, state)
        Mn, fn = evaluate(time, x)
        if block:
            refuse_indefinite_mass(np.asarray(Mn)[tuple(block)], f"t = {time}, x = "
                                   f"{np.round(x, 6).tolist()}")
            block.clear()
        if not (np.all(np.isfinite(Mn)) and np.all(np.isfinite(fn))):
            raise NonFiniteValueError(
                f"the equations are not finite at t = {time}, x = "
                f"{np.round(x, 6).tolist()} (the state is): a specified "
                "function or a constant gives NaN or an infinity there, or the "
                "configuration is singular (a division by zero)")
        try:
            return np.linalg.solve(np.asarray(Mn, dtype=float),
                                   np.asarray(fn, dtype=float).ravel())
        except np.linalg.LinAlgError:
            raise SingularMassMatrixError(
                f"the mass matrix is singular at t = {time}, x = "
                f"{np.round(x, 6).tolist()}: some speed moves no mass there "
                "(a massless part, a singular configuration or constraints "
                "that do not fix the dependent speeds); give the moving "
                "parts mass, or choose other coordinates") from None

    return f


def constraint_residuals(eqs, constants, specified=None):
    r"""A function giving how far a state is from the constraints.

    Parameters
    ----------
    eqs : KaneEquations
    constants, specified
        As in :func:`rhs`.

    Returns
    -------
    callable
        ``residuals(x) -> (configuration, motion)``, two NumPy arrays: the
        configuration constraints at ``q`` and the motion constraints
        (velocity constraints) at ``q, u``; both zero on the constraints.

    Examples
    --------
    >>> import mechlib as ml
    >>> ex = ml.systems.chaplygin_sleigh()
    >>> eqs = ml.kanes_equations(ex)
    >>> res = ml.constraint_residuals(eqs, {ex.m: 1, ex.I: 1, ex.a: 0.5},
    ...                               specified={ex.F: 0, ex.T: 0})
    >>> res([0, 0, 0, 1.0, 1.0, 2.0])   # [q, u1, u3, u2]; u2 = a u3 = 0.5
    (array([], dtype=float64), array([1.5]))
    """
    if not isinstance(eqs, KaneEquations):
        raise ArgumentTypeError(
            f"expected the result of mechlib.kanes_equations, got "
            f"{type(eqs).__name__}")
    constants = numeric_values(constants)
    specified = _specified_values(specified)
    exprs = [eqs.configuration_constraints, eqs.motion_constraints]
    check_values(eqs.state, exprs, constants, specified)
    evaluate = _lambdified(eqs.state, exprs, constants, specified)

    def residuals(x, time=0.0):
        x = _finite_state(x, eqs.state)
        config, motion = evaluate(time, x)
        return (np.asarray(config, dtype=float).ravel(),
                np.asarray(motion, dtype=float).ravel())

    return residuals


def consistent_state(eqs, x, constants, specified=None, time=0.0,
                     tol=1e-10):
    r"""The state nearest ``x`` that satisfies the constraints.

    The independent coordinates and speeds of ``x`` are kept; the dependent
    coordinates are solved from the configuration constraints (Newton's
    method from the values in ``x``; with several solutions, as the two
    assemblies of a four-bar, the one nearest them), and the dependent
    speeds from the motion constraints, which are linear in the speeds.

    Parameters
    ----------
    eqs : KaneEquations
    x : sequence of float
        A state ``[*q, *u]``; its dependent entries are starting guesses.
    constants, specified
        As in :func:`rhs`.
    time : float, optional
        The time, for constraints that depend on it.
    tol : float, optional
        Largest constraint residual accepted in the result.

    Returns
    -------
    numpy.ndarray
        The consistent state, ready for :func:`simulate` or
        ``mechlib.linearize``.

    Raises
    ------
    ConstraintError
        If the configuration constraints cannot be solved from ``x``.

    Examples
    --------
    The Chaplygin sleigh's blade needs :math:`u_2 = a u_3`:

    >>> import mechlib as ml
    >>> ex = ml.systems.chaplygin_sleigh()
    >>> eqs = ml.kanes_equations(ex)
    >>> c = {ex.m: 1.0, ex.I: 0.1, ex.a: 0.5}
    >>> ml.consistent_state(eqs, [0, 0, 0, 1.0, 1.0, 2.0], c,
    ...                     specified={ex.F: 0, ex.T: 0}).tolist()
    [0.0, 0.0, 0.0, 1.0, 1.0, 0.5]
    """
    tol = numeric_values({"tol": tol}, "consistent_state")["tol"]
    if tol <= 0:
        raise ParameterError(
            f"tol = {tol} is not positive; give the largest constraint residual "
            "to accept, e.g. 1e-10")
    residuals = constraint_residuals(eqs, constants, specified)
    x = np.array(list(numeric_values(
        {f"x[{i}]": v for i, v in enumerate(
            _state_vector(np.asarray(as_list(x, "x"), dtype=object), eqs.state))},
        "x").values()))
    nq, n_qdep = len(eqs.q), len(eqs.q_dep)
    p = len(eqs.u_ind)
    if n_qdep:
        dep = slice(nq - n_qdep, nq)

        def closure(q_dep):
            trial = x.copy()
            trial[dep] = q_dep
            return residuals(trial, time)[0]

        solution, info, ier, message = fsolve(closure, x[dep],
                                              full_output=True)
        x[dep] = solution
        if ier != 1 or np.max(np.abs(closure(solution))) > tol:
            raise ConstraintError(
                f"the configuration constraints cannot be solved for "
                f"{eqs.q_dep} from {x[dep].tolist()} ({message.strip()}); "
                "start from values nearer an assembled configuration, or "
                "choose other independent coordinates")
        _configuration_fixed(eqs, residuals, x, time, "this state")
    if eqs.u_dep:
        dep = slice(nq + p, nq + len(eqs.u))
        K, r0 = _speed_coefficients(eqs, residuals, x, time)
        try:
            x[dep] = solve_dependent(K, range(p, len(eqs.u)), -r0, eqs.u_dep,
                                     "this state")
        except np.linalg.LinAlgError:
            raise ConstraintError(
                "the motion constraints cannot be solved for the dependent "
                f"speeds {eqs.u_dep} at this configuration (their "
                "coefficients are singular here); choose another "
                "configuration or other dependent speeds") from None
    return x


def _speed_coefficients(eqs, residuals, x, time):
    """The coefficients K of all the speeds in the motion constraints at
    the coordinates and independent speeds of ``x``, and the residuals r0
    with the dependent speeds zero (the constraints are linear in the
    speeds: ``K[:, p:] u_dep + r0 = 0``)."""
    nq, p, n = len(eqs.q), len(eqs.u_ind), len(eqs.u)
    x = np.array(x, dtype=float)
    x[nq + p:nq + n] = 0.0
    r0 = residuals(x, time)[1]
    K = np.empty((len(r0), n))
    for j in range(n):
        unit = x.copy()
        unit[nq + j] += 1.0
        K[:, j] = residuals(unit, time)[1] - r0
    return K, r0


def _configuration_fixed(eqs, residuals, x, time, where, step=1e-7):
    """Raise ``ConstraintError`` if the configuration constraints do not fix
    the dependent coordinates at ``x`` (their Jacobian, by central
    differences, singular there: a toggle position)."""
    nq, n_qdep = len(eqs.q), len(eqs.q_dep)
    J = np.empty((n_qdep, nq))
    for j in range(nq):
        plus, minus = np.array(x, dtype=float), np.array(x, dtype=float)
        plus[j] += step
        minus[j] -= step
        J[:, j] = (residuals(plus, time)[0] - residuals(minus, time)[0]) / (2 * step)
    solve_dependent(J, range(nq - n_qdep, nq), np.zeros(n_qdep), eqs.q_dep, where)


def _check_initial_state(eqs, x0, constants, specified, tol, time=0.0):
    """Raise if ``x0`` at ``time`` violates the constraints, saying which
    dependent values would satisfy them, or if the constraints do not fix
    the dependent speeds there (a toggle position)."""
    residuals = constraint_residuals(eqs, constants, specified)
    config, motion = residuals(x0, time)
    if eqs.q_dep:
        _configuration_fixed(eqs, residuals, x0, time, "x0")
    if eqs.u_dep:
        K, _ = _speed_coefficients(eqs, residuals, x0, time)
        solve_dependent(K, range(len(eqs.u_ind), len(eqs.u)), np.zeros(len(K)),
                        eqs.u_dep, "x0")
    if config.size and np.max(np.abs(config)) > tol:
        raise ConstraintViolationError(
            f"x0 violates the configuration constraints by {config}; choose "
            f"the dependent coordinates {eqs.q_dep} so that every "
            "configuration constraint is zero (mechlib.consistent_state("
            "eqs, x0, constants) solves them)")
    if motion.size and np.max(np.abs(motion)) > tol:
        p = len(eqs.u_ind)
        nq = len(eqs.q)
        values = dict(zip(eqs.state, x0, strict=True))
        values.update(constants)
        values.update({k: v for k, v in (specified or {}).items()
                       if not callable(v)})
        values[t] = time
        A = np.array(eqs.A_n.xreplace(values).evalf(), dtype=float)
        b = np.array(eqs.b_n.xreplace(values).evalf(), dtype=float)
        u_dep = (A @ np.asarray(x0[nq:nq + p]) + b.ravel()).round(12)
        raise ConstraintViolationError(
            f"x0 violates the motion constraints by {motion}; with these "
            f"independent speeds the dependent speeds {eqs.u_dep} must be "
            f"{u_dep.tolist()} (u_dep = A_n u_ind + b_n; "
            "mechlib.consistent_state(eqs, x0, constants) completes a state)")


def _positive_mass(eqs, x0, constants, specified, time=0.0):
    """The dynamical mass matrix at ``x0`` is positive definite: a negative
    mass or moment of inertia among the constants makes it indefinite."""
    p = len(eqs.u_ind)
    M = eqs.mass_matrix[:p, :p]
    evaluate = _lambdified(eqs.state, [M], constants, specified)
    (Mn,) = evaluate(time, x0)
    refuse_indefinite_mass(Mn, "x0")


def simulate(eqs, x0, t_span, constants, t_eval=None, specified=None,
             constraint_tol=1e-8, max_evaluations=MAX_EVALUATIONS,
             **solve_ivp_kwargs):
    r"""Integrate Kane's equations with ``scipy.integrate.solve_ivp``.

    Parameters
    ----------
    eqs : KaneEquations or KanesMethod
        As in :func:`rhs`.
    x0 : sequence of float
        Initial state ``[*q, *u]``. For a ``KaneEquations`` it must satisfy
        the configuration and motion constraints (to ``constraint_tol``);
        otherwise the error says which dependent values would.
    t_span : (float, float)
        Start and end time.
    constants, specified
        As in :func:`rhs`.
    t_eval : array_like, optional
        Times to report the solution at.
    constraint_tol : float, optional
        Largest constraint residual accepted in ``x0``.
    max_evaluations : int, optional
        Most evaluations of the right-hand side (default
        ``MAX_EVALUATIONS``, two million); more raise ``ParameterError``, so that a
        time span far too long for the dynamics ends with an error.
    **solve_ivp_kwargs
        Passed to ``solve_ivp``; ``rtol`` and ``atol`` default to ``1e-9``;
        ``method`` must be one of ``METHODS`` (the methods of ``solve_ivp``);
        another keyword than ``solve_ivp``'s is refused.

    Raises
    ------
    ParameterError
        A time span or tolerances the integration cannot finish within
        ``max_evaluations`` (a span that the first evaluations show to be far
        out of reach is refused within seconds); stiff equations that hold
        an explicit method's steps far below the motion's time scale, when
        the span would take more than a quarter of ``max_evaluations``
        (the message advises ``method='Radau'``); an unknown ``method`` or
        keyword, a tolerance or step that is not positive, ``t_eval`` not in
        order, a mass matrix that is not positive definite at ``x0``, or a
        value keyed by a coordinate or speed in ``constants`` or
        ``specified``.
    NonFiniteValueError
        A tolerance or step that is NaN or infinite.
    ArgumentTypeError, ParameterError
        A keyword that ``solve_ivp`` itself cannot use (``atol`` of the
        wrong length, ``events`` that are not functions, ``args``), with
        SciPy's words.
    IntegrationError
        An integration that fails before the end of ``t_span`` (the result
        would have ``success`` false): its message and the time reached; an
        event function that raises (its exception chained).

    Returns
    -------
    scipy.integrate OdeResult
        ``.t`` and ``.y`` (one row per state).

    Examples
    --------
    >>> import numpy as np
    >>> import mechlib as ml
    >>> ex = ml.systems.double_pendulum()
    >>> eqs = ml.kanes_equations(ex)
    >>> c = {ex.m1: 1.0, ex.m2: 1.0, ex.l: 1.0, ex.g: 9.81}
    >>> sol = ml.simulate(eqs, [0.1, 0.0, 0.0, 0.0], (0.0, 1.0), c,
    ...                   t_eval=np.linspace(0, 1, 5))
    >>> sol.y.shape
    (4, 5)
    """
    state = _first_order_form(eqs)[0]
    x0 = _state_vector(np.asarray(as_list(x0, "x0"), dtype=object), state)
    time_span(t_span)                  # checked before the equations are compiled
    tol = numeric_values({"constraint_tol": constraint_tol},
                         "simulate")["constraint_tol"]
    if tol < 0:
        raise ParameterError(
            f"constraint_tol = {constraint_tol} is negative; give the largest "
            "constraint residual to accept in x0, e.g. 1e-8")
    f = rhs(eqs, constants, specified)
    x0 = np.array(list(numeric_values(
        {f"x0[{i}]": v for i, v in enumerate(x0)}, "x0").values()))
    if isinstance(eqs, KaneEquations):
        _check_initial_state(eqs, x0, numeric_values(constants), specified,
                             tol, float(t_span[0]))
        _positive_mass(eqs, x0, numeric_values(constants),
                       _specified_values(specified), float(t_span[0]))
    return integrate(f, x0, t_span, t_eval, max_evaluations, **solve_ivp_kwargs)
