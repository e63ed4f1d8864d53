"""Numeric helpers of mechlib: values checked, expressions turned into NumPy functions.

One place for what the numerical modules share (:mod:`mechlib.simulation`,
:mod:`mechlib.linearization`, :mod:`mechlib.planar`): dictionaries of
constants checked to be finite numbers (:func:`numeric_values`), every value
an expression needs checked to be given (:func:`check_values`), arrays checked
to be finite (:func:`finite_array`), and one lambdify with shared common
subexpressions (:func:`state_function`).
"""

import itertools
import math

import sympy as sm
import sympy.physics.mechanics as me
from sympy.core.function import AppliedUndef

from ._numpy import numpy as np
from ._validation import as_list, finite_float
from .errors import (
    ArgumentTypeError,
    ConstraintError,
    IntegrationError,
    MechlibError,
    MissingValueError,
    NonFiniteValueError,
    ParameterError,
    ShapeError,
)

__all__ = ["numeric_values", "check_values", "refuse_state_keys", "state_function", "finite_array",
           "time_span", "integrate", "METHODS", "MAX_EVALUATIONS"]

t = me.dynamicsymbols._t


def finite_array(value, name, shape=None, hint=""):
    """``value`` as a float array, checked: not None, numbers, of ``shape``
    if given, every entry finite; otherwise a ``mechlib.errors`` exception
    that names ``name`` (and adds ``hint`` to say where a NaN may come from).

    Examples
    --------
    >>> finite_array([1, 2], "x0", shape=(2,))
    array([1., 2.])
    >>> finite_array([1, float("nan")], "x0")
    Traceback (most recent call last):
    ...
    mechlib.errors.NonFiniteValueError: x0 contains NaN or an infinity ([1, nan]);
    give finite numbers
    """
    if value is None:
        raise NonFiniteValueError(
            f"{name} is None; give finite numbers"
            + (f" of shape {shape}" if shape else ""))
    _refuse_complex(value, name)
    try:
        array = np.asarray(value, dtype=float)
    except (TypeError, ValueError) as error:
        raise ShapeError(
            f"{name} must be finite numbers (a list or an array), got "
            f"{value!r}") from error
    if shape is not None and array.shape != shape:
        raise ShapeError(f"{name} has shape {array.shape}; give shape {shape}")
    if not np.all(np.isfinite(array)):
        raise NonFiniteValueError(
            f"{name} contains NaN or an infinity ({value!r}); give finite "
            f"numbers{hint}")
    return array


def _refuse_complex(value, name):
    """Raise if ``value`` (an array or a list) holds complex numbers, whose
    imaginary parts NumPy would drop with only a ``ComplexWarning``.

    >>> _refuse_complex(np.array([1 + 2j]), "x0")
    Traceback (most recent call last):
    ...
    mechlib.errors.ArgumentTypeError: x0 holds complex numbers ...
    """
    if isinstance(value, np.ndarray) and value.dtype != object:
        complex_kind = np.iscomplexobj(value)     # the integrator's hot path
    else:
        try:
            complex_kind = any(isinstance(v, complex) or np.iscomplexobj(v)
                               for v in np.ravel(np.asarray(value, dtype=object)))
        except (TypeError, ValueError):
            return
    if complex_kind:
        raise ArgumentTypeError(
            f"{name} holds complex numbers ({value!r:.80}); the state is real: "
            "give real floats (take .real of a complex array if its imaginary "
            "parts are zero)")


#: Condition number above which the Jacobian of the constraints in the
#: dependent coordinates or speeds counts as singular (a toggle position):
#: a solve with it would lose ten of the sixteen digits.
CONDITION_LIMIT = 1e10


def solve_dependent(jacobian, dependent_columns, rhs, dependent, where):
    """``solve(J_dep, rhs)``, ``J_dep`` the columns ``dependent_columns`` of
    the constraints' ``jacobian`` in all the coordinates (or all the speeds),
    for the ``dependent`` ones; refused with ``ConstraintError`` naming the
    condition number, the largest singular value of ``jacobian`` over the
    smallest of ``J_dep``, where it is singular or nearly so (a
    slider-crank at its toggle position): there the constraints do not fix
    them, and a solve gives one branch's numbers.

    >>> J = np.array([[1.0, 1e-12]])           # c = q1 + 1e-12 q2, q2 dependent
    >>> solve_dependent(J, [1], np.ones(1), "[q2]", "x0")
    Traceback (most recent call last):
    ...
    mechlib.errors.ConstraintError: the constraints do not fix the dependent [q2] at x0: ...
    >>> solve_dependent(np.array([[1.0, 2.0]]), [1], np.ones(1), "[q2]", "x0")
    array([0.5])
    """
    jacobian = np.asarray(jacobian)
    matrix = jacobian[:, list(dependent_columns)]
    if not matrix.size:
        return np.linalg.solve(matrix, rhs)
    smallest = np.linalg.svd(matrix, compute_uv=False).min(initial=np.inf)
    largest = np.linalg.norm(jacobian, 2)
    condition = largest / smallest if smallest > 0 else np.inf
    if not condition < CONDITION_LIMIT:
        names = str(dependent).replace("(t)", "")
        raise ConstraintError(
            f"the constraints do not fix the dependent {names} at {where}: "
            f"their Jacobian in them is singular there (condition number "
            f"{condition:.3g}): at a toggle (dead-centre) position of a linkage, "
            "where the motion may go on along more than one branch, or with "
            "constants for which a constraint no longer holds them (as "
            "(m - 1)*u2 - u1 with m = 1); choose a state nearby or other "
            "constants, or choose as dependent the coordinates and speeds that "
            "the constraints fix there")
    return np.linalg.solve(matrix, rhs)


def refuse_indefinite_mass(mass_matrix, where):
    """Raise ``ParameterError`` if the (dynamical) ``mass_matrix``, numbers,
    is not positive definite: a negative mass or moment of inertia among
    the constants. A semidefinite one passes (a singular configuration is
    reported where the equations are solved).

    >>> refuse_indefinite_mass(np.diag([1.0, -0.5]), "x0")
    Traceback (most recent call last):
    ...
    mechlib.errors.ParameterError: the mass matrix at x0 is not positive definite ...
    """
    M = np.asarray(mass_matrix, dtype=float)
    if not M.size:
        return
    eigenvalues = np.linalg.eigvalsh((M + M.T) / 2)
    if np.all(np.isfinite(eigenvalues)) and eigenvalues.min() < -1e-12 * abs(eigenvalues).max():
        raise ParameterError(
            f"the mass matrix at {where} is not positive definite (an eigenvalue "
            f"is {eigenvalues.min():.4g}): a mass or a moment of inertia "
            "among the constants is negative, or an inertia is not physical; "
            "give positive masses and inertias")


def numeric_values(values, what="constants"):
    """``{key: float}`` from ``values``, rejecting None, NaN and infinity.

    Examples
    --------
    >>> import sympy as sm
    >>> from mechlib._numeric import numeric_values
    >>> numeric_values({sm.Symbol('m'): float('nan')})
    Traceback (most recent call last):
    ...
    mechlib.errors.NonFiniteValueError: constants: m = nan ...
    """
    if not isinstance(values, dict):
        raise ArgumentTypeError(
            f"{what} must be a dict {{symbol: number}}, got "
            f"{type(values).__name__}")
    return {key: finite_float(value, f"{what}: {key}",
                              "give every value as a finite float (a NaN or an "
                              "infinity makes every result NaN)")
            for key, value in values.items()}


def _specified_values(specified):
    """``{function of t: number or callable}``, checked."""
    if specified is None:
        return {}
    if not isinstance(specified, dict):
        raise ArgumentTypeError(
            f"specified must be a dict {{function of t: number or callable}}, "
            f"got {type(specified).__name__} {specified!r:.60}")
    specified = dict(specified)
    constant = {k: v for k, v in specified.items() if not callable(v)}
    numeric_values(constant, "specified")
    for key, fn in specified.items():
        if callable(fn):
            _check_function_of_time(fn, key)
    return specified


def _check_function_of_time(fn, key):
    """Raise unless ``fn`` can be called with the time alone."""
    import inspect

    try:
        signature = inspect.signature(fn)
    except (TypeError, ValueError):       # a builtin without a signature
        return
    try:
        signature.bind(0.0)
    except TypeError:
        raise ArgumentTypeError(
            f"specified[{key}] is a function {signature} that cannot be called "
            "with the time alone; give a number or a function of t, e.g. "
            "lambda t: np.sin(t)") from None


def _specified_at(fn, key, time):
    """The value of a specified callable at ``time``: one finite number."""
    return numeric_values({key: fn(time)}, f"specified at t = {time}")[key]


def refuse_state_keys(state, values, what):
    """Raise if a key of ``values`` (constants, inputs, specified values) is
    a coordinate or speed of ``state``, or the rate of one: its value would
    silently replace the state's.

    >>> import sympy.physics.mechanics as me
    >>> q, u = me.dynamicsymbols('q u')
    >>> refuse_state_keys([q, u], {u: 1.0}, "constants")
    Traceback (most recent call last):
    ...
    mechlib.errors.ParameterError: constants gives a value for u, which is a coordinate or speed ...
    """
    state = list(state)
    rates = {s.diff(t) for s in state if isinstance(s, AppliedUndef)}
    for key in values:
        if isinstance(key, sm.Basic) and (key in state or key in rates):
            name = str(key).replace("(t)", "")
            kind = "the rate of a state" if key in rates else "a coordinate or speed"
            raise ParameterError(
                f"{what} gives a value for {name}, which is {kind} of the state "
                f"{[str(s).replace('(t)', '') for s in state]}: the state's value "
                f"would be replaced by it; leave {name} out of {what} and give "
                "it in the state (x0, the operating point)")


#: Where the time goes, for a message that refuses it elsewhere.
WHERE_TIME_GOES = (
    "the time is not a constant: rhs takes it from the integrator, f(t, x); "
    "simulate from t_span; linearize, Linearizer.at and consistent_state "
    "from their time= argument (linearize(eqs, op_point, constants, "
    "time=5.0))")


def refuse_time_key(values, what):
    """Raise if ``values`` (constants, inputs, an operating point) gives a
    value for the time ``t``, which mechlib would not use there.

    >>> refuse_time_key({t: 5.0}, "constants")
    Traceback (most recent call last):
    ...
    mechlib.errors.ParameterError: constants gives a value for the time t, ...
    """
    if any(isinstance(key, sm.Basic) and key == t for key in values):
        raise ParameterError(
            f"{what} gives a value for the time t, which would not be used "
            f"there: {WHERE_TIME_GOES}")


def check_values(state, exprs, constants, specified):
    """Raise if a symbol or function of time in ``exprs`` has no value, or
    if ``constants`` or ``specified`` give a value for a state
    (:func:`refuse_state_keys`).

    A function of time counts only where it stands outside a derivative
    (``s''`` given as specified needs no value for s).
    """
    state = as_list(state, "state")
    exprs = _expressions(exprs)
    if not isinstance(constants, dict):
        raise ArgumentTypeError(
            f"constants must be a dict {{symbol: number}}, got "
            f"{type(constants).__name__}")
    for what, keys in (("constants", constants), ("specified (inputs)", specified or [])):
        named = [key for key in keys if not isinstance(key, sm.Basic)]
        if named:
            raise ArgumentTypeError(
                f"{what} has the key {named[0]!r} ({type(named[0]).__name__}), "
                "which no symbol of the equations matches; key each value by "
                "its SymPy symbol or function of time (ex.m, sm.Symbol('m'), "
                "not the string 'm')")
    refuse_state_keys(state, constants, "constants")
    refuse_state_keys(state, as_list(specified or [], "specified"), "specified (inputs)")
    refuse_time_key(constants, "constants")
    refuse_time_key(as_list(specified or [], "specified"), "specified (inputs)")
    known = set(state) | set(as_list(specified or [], "specified"))
    # one walk of each tree (the bicycle's has tens of thousands of nodes)
    atoms = set().union(*(e.atoms(sm.Symbol, AppliedUndef, sm.Derivative)
                          for e in exprs))
    rates = {a for a in atoms if isinstance(a, sm.Derivative)}
    functions = {a for a in atoms if isinstance(a, AppliedUndef)}
    free = {a for a in atoms if isinstance(a, sm.Symbol)} - {t}
    dyn = {d for d in rates if d not in known}
    unknown = functions - known
    if unknown & {d.expr for d in rates}:
        # a function that may stand only inside its (known) derivatives
        for e in exprs:
            plain = e.xreplace({d: sm.Dummy() for d in e.atoms(sm.Derivative)})
            dyn |= {f for f in plain.atoms(AppliedUndef) if f not in known}
    else:
        dyn |= unknown
    missing = sorted(free - set(constants), key=sm.default_sort_key)
    extra = sorted(dyn, key=sm.default_sort_key)
    if missing or extra:
        hint = ""
        if any(isinstance(d, sm.Derivative) for d in extra):
            hint = (" (a prescribed motion enters with its derivatives: give "
                    "each of s, s', s'' as a number or a function of t)")
        raise MissingValueError(
            f"no value for {missing + extra}; give constants={{symbol: "
            "number} for every constant and specified={function of t: "
            "number or callable} for every specified function" + hint)


def _expressions(exprs):
    """``exprs`` as a list of sympy expressions or matrices."""
    exprs = as_list(exprs, "exprs")
    for i, e in enumerate(exprs):
        if not isinstance(e, (sm.Basic, sm.MatrixBase)):
            raise ArgumentTypeError(
                f"exprs[{i}] = {e!r} is a {type(e).__name__}; give sympy "
                "expressions or matrices (sympify strings first)")
    return exprs


def _finite_state(x, state):
    """The state as a float array of the right length, every value finite."""
    _refuse_complex(x, "the state")
    try:
        values = np.asarray(x, dtype=float)
    except (TypeError, ValueError):
        raise ArgumentTypeError(
            f"the state {x!r} is not a list of numbers; give "
            f"{len(state)} floats") from None
    return finite_array(_state_vector(values, state), "the state",
                        hint=" (an integration that diverged, or a missing value)")


def state_function(state, exprs, constants, inputs=()):
    """One NumPy function ``fun(t, x, r)`` of the matrices ``exprs``.

    ``x`` holds the values of ``state``, ``r`` those of ``inputs``
    (specified functions of time); ``constants`` (already checked) are
    substituted. Common subexpressions are shared (``cse=True``), and the
    function takes complex arguments too (for complex-step derivatives).

    Examples
    --------
    >>> import sympy as sm
    >>> import sympy.physics.mechanics as me
    >>> from mechlib._numeric import state_function
    >>> q, F = me.dynamicsymbols('q, F')
    >>> k = sm.Symbol('k')
    >>> fun = state_function([q], [sm.Matrix([F - k*q])], {k: 2.0}, [F])
    >>> fun(0.0, [1.0], [3.0])
    [array([[1.]])]
    """
    state = as_list(state, "state")
    exprs = _expressions(exprs)
    constants = numeric_values(constants)
    inputs = as_list(inputs, "inputs")
    spec_syms = [sm.Dummy(str(k)) for k in inputs]
    state_syms = [sm.Dummy(str(s).replace("(t)", "")) for s in state]
    tsym = sm.Dummy("t")
    mapping = dict(zip(state, state_syms, strict=True))
    mapping.update(zip(inputs, spec_syms, strict=True))
    mapping.update({k: sm.Float(v) for k, v in constants.items()})
    mapping[t] = tsym   # after the functions of t: xreplace matches whole
    args = (tsym, state_syms, spec_syms)
    if any(e.has(sm.Derivative) for e in exprs):
        # cse would reach inside derivatives (d/dt q(t) -> d/dt x0):
        # substitute first
        ready = [e.xreplace(mapping) for e in exprs]
        return _no_zero_division(_numpy_function(args, ready, cse=True))
    # common subexpressions first, on the shared tree; the substitutions
    # then walk the much smaller reduced expressions (about 3x faster on
    # the bicycle)
    names = (sm.Dummy(f"c{i}") for i in itertools.count())
    common, reduced = sm.cse(exprs, symbols=names)
    common = [(c, e.xreplace(mapping)) for c, e in common]
    reduced = [e.xreplace(mapping) for e in reduced]
    return _no_zero_division(_numpy_function(args, reduced,
                                             cse=lambda _: (common, reduced)))


def _no_zero_division(fun):
    """``fun(t, x, r)``, with Python's ``ZeroDivisionError`` (a division of
    two floats by zero in the generated code) raised as
    ``NonFiniteValueError`` that names the time and the state."""
    def guarded(time, x, r):
        try:
            return fun(time, x, r)
        except ZeroDivisionError:
            raise NonFiniteValueError(
                f"the equations divide by zero at t = {time}, x = "
                f"{np.round(np.real(np.asarray(x, dtype=complex)), 6).tolist()} "
                "with these constants: a constraint that degenerates for them "
                "(as (m - 1)*u2 - u1 with m = 1, which no longer fixes u2), a "
                "singular configuration or a zero length; change the constants, "
                "or choose dependent speeds the constraints fix") from None
    return guarded


def _numpy_function(args, exprs, **options):
    """``sympy.lambdify(args, exprs, modules="numpy")``, refused with a
    ``ParameterError`` when it holds a function NumPy lacks (``besselj``,
    ``LambertW``, ``fresnels``), which would raise NameError at the first
    call or the printer's error here."""
    import builtins
    import dis

    fix = ("mechlib evaluates the equations with NumPy; write the load with "
           "functions NumPy has (sin, exp, sqrt, arctan2, Piecewise, ...), or "
           "evaluate it in a specified function of time")
    try:
        fun = sm.lambdify(args, exprs, modules="numpy", **options)
    except NotImplementedError as error:    # PrintMethodNotImplementedError
        raise ParameterError(
            f"the equations hold a function NumPy has no counterpart for "
            f"({str(error).splitlines()[0]}); {fix}") from None
    missing = sorted({i.argval for i in dis.get_instructions(fun)
                      if i.opname == "LOAD_GLOBAL" and i.argval not in fun.__globals__
                      and not hasattr(builtins, i.argval)})
    if missing:
        raise ParameterError(
            f"the equations hold {', '.join(missing)}, for which NumPy has no "
            f"function; {fix}")
    return fun


def _lambdified(state, exprs, constants, specified):
    """``evaluate(t, x)`` of the matrices ``exprs``, specified filled in."""
    spec_keys = list(specified)
    fun = state_function(state, exprs, constants, spec_keys)
    funcs = [specified[k] if callable(specified[k]) else None
             for k in spec_keys]
    values = [None if callable(specified[k]) else float(specified[k])
              for k in spec_keys]

    def evaluate(time, x):
        spec = [_specified_at(fn, key, time) if fn is not None else val
                for fn, val, key in zip(funcs, values, spec_keys, strict=True)]
        return fun(time, x, spec)

    return evaluate


def _state_vector(x, state):
    x = np.asarray(x)
    if x.shape != (len(state),):
        raise ShapeError(
            f"the state has shape {x.shape}; give {len(state)} values "
            f"ordered {[str(s).replace('(t)', '') for s in state]}")
    return x


# --- integration, shared by mechlib.simulate and mechlib.planar.simulate -------

#: The integration methods of ``scipy.integrate.solve_ivp``.
METHODS = ("RK45", "RK23", "DOP853", "Radau", "BDF", "LSODA")
#: Default bound on right-hand-side evaluations of one :func:`simulate` call
#: (about a minute of work for a small system): a time span too long for
#: the dynamics ends with an error instead of running for hours.
MAX_EVALUATIONS = 2_000_000


def _method(method):
    if isinstance(method, str) and method in METHODS:
        return method
    if isinstance(method, type):
        from scipy.integrate import OdeSolver
        if issubclass(method, OdeSolver):
            return method
    raise ParameterError(
        f"method = {method!r} is not an integration method of solve_ivp; give "
        f"one of {', '.join(METHODS)} (or an OdeSolver subclass)")


def time_span(t_span):
    """``(start, end)``: two finite numbers, start != end."""
    span = as_list(t_span, "t_span")
    if len(span) != 2:
        raise ShapeError(
            f"t_span = {t_span!r} has {len(span)} entries; give (start, end)")
    start, end = numeric_values({"start": span[0], "end": span[1]},
                                "t_span").values()
    if start == end:
        raise ParameterError(
            f"t_span = {t_span!r} is empty: start and end are equal; give "
            "an end time after the start")
    return start, end


def _times(t_eval, t_span):
    """``t_eval`` as finite times within ``t_span``."""
    try:
        times = np.asarray(t_eval, dtype=float)
    except (TypeError, ValueError):
        raise ArgumentTypeError(
            f"t_eval = {t_eval!r} is not a list of numbers; give the times "
            "to report the solution at") from None
    if times.ndim != 1:
        raise ShapeError(f"t_eval has shape {times.shape}; give a 1-D list "
                         "of times")
    if not np.all(np.isfinite(times)):
        raise NonFiniteValueError(
            f"t_eval = {t_eval!r} contains NaN or an infinity; give finite "
            "times")
    low, high = min(t_span), max(t_span)
    if np.any((times < low) | (times > high)):
        raise ParameterError(
            f"t_eval has times outside t_span = {t_span}; give times from "
            f"{t_span[0]} to {t_span[1]}")
    steps = np.diff(times) * np.sign(t_span[1] - t_span[0])
    if np.any(steps <= 0):
        raise ParameterError(
            f"t_eval is not in the order of the integration from {t_span[0]} "
            f"to {t_span[1]} (or repeats a time); sort it, e.g. np.linspace"
            f"({t_span[0]}, {t_span[1]}, 101)")
    return times


#: The keyword arguments of ``solve_ivp`` that :func:`integrate` passes on,
#: with those of its methods (LSODA's ``min_step``, ``lband``, ``uband``).
SOLVE_IVP_KEYWORDS = ("method", "dense_output", "events", "vectorized", "args",
                      "first_step", "max_step", "rtol", "atol", "jac",
                      "jac_sparsity", "lband", "uband", "min_step")
#: Evaluations after which :func:`integrate` first projects the work of the
#: whole span from the part covered (and again at every doubling: 40 000,
#: 80 000, ...), and the factor by which the projection must exceed
#: ``max_evaluations`` to stop it there: ``PROJECTION_MARGIN`` at the first,
#: halved at each doubling down to ``PROJECTION_FLOOR`` (an integration's
#: steps can grow after a transient, so early on only a span far out of reach
#: is stopped; a span five times too long stops after 160 000 evaluations,
#: seconds, not the minutes of the whole budget).
PROJECT_AFTER, PROJECTION_MARGIN, PROJECTION_FLOOR = 20_000, 20, 4
#: Evaluations per step of the explicit methods of ``solve_ivp``, for the
#: average step from a count of evaluations (:func:`stiffness_hint`).
EXPLICIT_STAGES = {"RK45": 6, "RK23": 3, "DOP853": 12}
#: Share of ``max_evaluations`` beyond which a stiff integration with an
#: explicit method is stopped at a checkpoint with the advice to take an
#: implicit one (half a million evaluations by default, seconds of work).
STIFF_SHARE = 0.25


def stiffness_hint(f, time, x, step):
    """A sentence advising an implicit method if steps of about ``step``
    are held back by stability, not accuracy: the largest eigenvalue of the
    Jacobian of ``f`` at ``(time, x)`` (by forward differences, ``len(x) + 1``
    evaluations), times the step, above 1. Otherwise (or if ``f`` fails
    there) an empty string.

    >>> stiffness_hint(lambda t, x: -1e6 * x, 0.0, np.array([1.0]), 1e-5)[:40]
    'the equations are stiff here: the Jacobi'
    >>> stiffness_hint(lambda t, x: -x, 0.0, np.array([1.0]), 1e-5)
    ''
    """
    x = np.asarray(x, dtype=float)
    try:
        f0 = np.asarray(f(time, x), dtype=float)
        jacobian = np.empty((len(x), len(x)))
        for j in range(len(x)):
            delta = 1.5e-8 * max(1.0, abs(x[j]))
            shifted = x.copy()
            shifted[j] += delta
            jacobian[:, j] = (np.asarray(f(time, shifted), dtype=float) - f0) / delta
        radius = float(np.max(np.abs(np.linalg.eigvals(jacobian))))
    except Exception:  # noqa: BLE001 - only a hint; the integration reports errors
        return ""
    if not (np.isfinite(radius) and radius * step > 1.0):
        return ""
    return (f"the equations are stiff here: the Jacobian has an eigenvalue of "
            f"size {radius:.3g} 1/s, which holds an explicit method's steps to "
            f"about {step:.2g} s whatever the motion; try method='Radau' (or "
            "'BDF', 'LSODA'), which takes steps as long as the motion allows")


def _solver_options(options):
    """``options`` for ``solve_ivp``, checked: known keywords, finite
    positive tolerances and steps."""
    unknown = sorted(set(options) - set(SOLVE_IVP_KEYWORDS))
    if unknown:
        raise ParameterError(
            f"simulate has no keyword {', '.join(unknown)}; the keywords passed "
            f"to solve_ivp are {', '.join(SOLVE_IVP_KEYWORDS)}")
    if "method" in options:
        options["method"] = _method(options["method"])
    for name in ("rtol", "atol"):
        if name in options:
            values = finite_array(options[name], name).ravel()
            if values.size == 0 or np.any(values <= 0):
                # atol = 0 makes the error norm 0/0 where a state is zero
                raise ParameterError(
                    f"{name} = {options[name]!r}; give a positive tolerance, "
                    "e.g. 1e-9")
    for name in ("first_step", "max_step", "min_step"):
        if name in options and options[name] is not None:
            value = options[name]
            if name == "max_step" and value == math.inf:
                continue
            step = numeric_values({name: value}, "simulate")[name]
            if step <= 0 and not (name == "min_step" and step == 0):
                raise ParameterError(
                    f"{name} = {value!r}; give a positive step in the time's "
                    "units, or leave it out to let the integrator choose")
    return options


def _guarded_events(events):
    """``events`` (one function or a list) with each function wrapped so
    that an exception it raises becomes ``IntegrationError`` naming the
    event, and a value that is not one finite number (a NaN, which would
    never be seen to cross zero) a ``mechlib.errors`` exception;
    ``terminal`` and ``direction`` are kept. What is not a function
    is left for ``solve_ivp`` to refuse."""
    if callable(events):
        return _guarded_event(events, "the event function")
    if isinstance(events, (list, tuple)):
        return [_guarded_event(e, f"events[{i}]") if callable(e) else e
                for i, e in enumerate(events)]
    return events


def _guarded_event(event, name):
    def guarded(time, x):
        try:
            value = event(time, x)
        except MechlibError:
            raise
        except Exception as error:
            raise IntegrationError(
                f"{name} raised {type(error).__name__}: {error} at t = {time:.6g}, "
                f"x = {np.round(x, 6).tolist()}; an event function is called as "
                "event(t, x) with x the state [*q, *u] and must return one finite "
                "number (zero at the event): fix it so that it works at every "
                "state of the motion") from error
        # a NaN would never change sign: the event would be missed silently
        return finite_float(value, f"{name}(t = {time:.6g}, x)",
                            "an event function must return one finite number, zero "
                            "at the event (a NaN is never found to cross zero)")
    for attribute in ("terminal", "direction"):
        if hasattr(event, attribute):
            setattr(guarded, attribute, getattr(event, attribute))
    return guarded


def integrate(f, x0, t_span, t_eval=None, max_evaluations=MAX_EVALUATIONS,
              **solve_ivp_kwargs):
    """``solve_ivp(f, t_span, x0, t_eval=...)`` with checked arguments and a
    bound on the work: ``t_span`` two different finite times, ``t_eval``
    finite, inside the span and in order, ``method`` one of
    :data:`METHODS`, only the keywords of :data:`SOLVE_IVP_KEYWORDS`,
    finite positive tolerances and steps; at most ``max_evaluations`` calls
    of ``f`` (else ``ParameterError``), and a span that the first
    :data:`PROJECT_AFTER` calls show to need more than
    :data:`PROJECTION_MARGIN` times that many is refused at once, and one
    that later projections (at each doubling of the calls) show to need
    more than a margin that halves down to :data:`PROJECTION_FLOOR` times
    (seconds, not the minutes the whole budget takes). ``rtol`` and ``atol`` default
    to 1e-9. A keyword that ``solve_ivp`` itself cannot use (``atol`` of
    the wrong length, ``events`` not functions, ``args``) raises
    ``ArgumentTypeError`` or ``ParameterError`` with SciPy's words. An
    explicit method (``RK45``, ``RK23``, ``DOP853``) whose projected work
    exceeds :data:`STIFF_SHARE` of the budget at a checkpoint, with steps
    held back by stability (:func:`stiffness_hint`), is stopped there with
    ``ParameterError`` advising ``method='Radau'``; errors
    of ``f`` pass unchanged; an event function that raises gives
    ``IntegrationError`` naming it. An integration that fails (``success`` false: a step size
    too small for the dynamics) raises ``IntegrationError`` with the
    integrator's message and the time reached.
    """
    from scipy.integrate import solve_ivp

    t_span = time_span(t_span)
    if t_eval is not None:
        t_eval = _times(t_eval, t_span)
    solve_ivp_kwargs = _solver_options(dict(solve_ivp_kwargs))
    if "events" in solve_ivp_kwargs:
        solve_ivp_kwargs["events"] = _guarded_events(solve_ivp_kwargs["events"])
    budget = numeric_values({"max_evaluations": max_evaluations},
                            "simulate")["max_evaluations"]
    if budget < 1:
        raise ParameterError(f"max_evaluations = {max_evaluations!r}; give a "
                             "positive number of right-hand-side evaluations")
    passed = ", ".join(sorted(solve_ivp_kwargs)) or "none"
    solve_ivp_kwargs.setdefault("rtol", 1e-9)
    solve_ivp_kwargs.setdefault("atol", 1e-9)
    count, checkpoint = [0], [PROJECT_AFTER]
    start, end = t_span
    stages = EXPLICIT_STAGES.get(solve_ivp_kwargs.get("method", "RK45"))
    last = [0, start]             # evaluations and time at the previous checkpoint

    def stiff(time, x):
        """:func:`stiffness_hint` of an explicit method, from the average
        step since the previous checkpoint."""
        if stages is None:
            return ""
        step = stages * abs(time - last[1]) / max(count[0] - last[0], 1)
        return stiffness_hint(f, time, x, step)

    def bounded(time, x):
        count[0] += 1
        if count[0] > budget:
            hint = stiff(time, x)
            raise ParameterError(
                f"the integration stopped at t = {time:.6g} of t_span = "
                f"{t_span} after {int(budget)} evaluations of the equations: "
                "the time span is too long for these dynamics and tolerances; "
                + (f"{hint}; or " if hint else "")
                + "shorten t_span, loosen rtol/atol, or raise max_evaluations")
        if count[0] == checkpoint[0]:
            covered = abs(time - start) / abs(end - start)
            margin = max(PROJECTION_FLOOR, PROJECTION_MARGIN * PROJECT_AFTER / count[0])
            checkpoint[0] *= 2
            needed = count[0] / max(covered, 1e-300)
            hint = stiff(time, x) if needed > STIFF_SHARE * budget else ""
            last[:] = count[0], time
            if hint or covered * margin * budget < count[0]:
                raise ParameterError(
                    f"the first {count[0]} evaluations of the equations "
                    f"reached t = {time:.6g} of t_span = {t_span}: at that pace "
                    f"the span needs about {needed:.3g} evaluations"
                    + (f"; {hint}; or raise max_evaluations above {needed / STIFF_SHARE:.2g} "
                       "to go on with this method" if hint else
                       f", more than max_evaluations = {int(budget)} allows; shorten "
                       "t_span, loosen rtol/atol, or raise max_evaluations"))
        try:
            return f(time, x)
        except Exception as error:
            raised.append(error)
            raise

    raised = []                   # errors of the equations (and specified) pass as they are
    try:
        result = solve_ivp(bounded, t_span, x0, t_eval=t_eval, **solve_ivp_kwargs)
    except (TypeError, ValueError) as error:
        if isinstance(error, MechlibError) or any(error is e for e in raised):
            raise
        refused = ArgumentTypeError if isinstance(error, TypeError) else ParameterError
        raise refused(
            f"solve_ivp could not use the keywords passed on to it "
            f"({passed}): {type(error).__name__}: "
            f"{error}; give rtol and atol as one number or one per state "
            f"({len(x0)}), events as functions event(t, x), jac as a matrix or "
            "a function jac(t, x), and leave out args (the equations take "
            "(t, x) only)") from error
    if not result.success:
        reached = result.t[-1] if len(result.t) else start
        raise IntegrationError(
            f"the integration failed at t = {reached:.6g} of t_span = {t_span}: "
            f"{result.message} This happens where the motion becomes singular "
            "(a collision, a division by zero) or too stiff for the method; "
            "shorten t_span to before that time, or try method='Radau' or "
            "'LSODA'")
    return result
