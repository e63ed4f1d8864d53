r"""Linearization of Kane's equations about an operating point.

Near an operating point :math:`\bar{x}` the motion of the independent states
:math:`x_i = [q_{ind}, u_{ind}]` obeys :math:`\delta\dot{x}_i = A\,\delta x_i
+ B\,\delta r`, where r are the specified inputs. The dependent coordinates
and speeds are eliminated through the constraints: on the constraint
manifold :math:`\delta q_{dep} = -(\partial f_h/\partial q_{dep})^{-1}
(\partial f_h/\partial q_{ind})\,\delta q_{ind}` and
:math:`\delta u_{dep} = -(\partial f_v/\partial u_{dep})^{-1}
(\partial f_v/\partial q\,\delta q + \partial f_v/\partial u_{ind}\,
\delta u_{ind})`, so with T the matrix of these tangent directions,
:math:`A = (\partial f/\partial x)_{ind}\,T`.

The Jacobians are taken numerically by the complex-step method,
:math:`\partial f/\partial x_k = \operatorname{Im} f(x + i h e_k)/h`, which
has no subtractive cancellation: with :math:`h = 10^{-30}` they are exact to
rounding, as if the symbolic Jacobians had been evaluated, without forming
them. ``KanesMethod.linearize`` forms them symbolically and is the reference
the tests compare with.

Where the equations cannot be evaluated at a complex state (``erf``,
``gamma``, ``atan2``: lambdify prints them to functions of real numbers),
central differences with a step of about :math:`6\cdot 10^{-6}` take its
place, accurate to about :math:`10^{-10}` relative.

The complex step needs analytic equations. A load that switches, Coulomb
friction :math:`\operatorname{sign}(u)`, drag :math:`|u|\,u`, ``Heaviside``,
``Min``, ``Max``, ``Piecewise``, is smooth on each side of its switch: there
it is replaced by the branch that holds at the operating point
(``mechlib._branches``) before the derivatives are taken; at the switch
itself there is no derivative and :class:`~mechlib.errors.SwitchingPointError`
says so.
"""

import warnings
from dataclasses import dataclass

import numpy as np
import sympy as sm

from ._branches import branches_at, non_analytic
from ._numeric import (
    check_values,
    numeric_values,
    refuse_indefinite_mass,
    refuse_time_key,
    solve_dependent,
    state_function,
)
from ._validation import as_list
from .errors import (
    ArgumentTypeError,
    ConstraintError,
    ConstraintViolationError,
    MissingValueError,
    NonFiniteValueError,
    ParameterError,
    SingularMassMatrixError,
)
from .kane import KaneEquations

__all__ = ["Linearization", "Linearizer", "linearize"]

_STEP = 1e-30
#: Step of the central differences used where the equations cannot be
#: evaluated at a complex state (about the cube root of the float epsilon).
_CENTRAL_STEP = 6e-6


@dataclass(frozen=True)
class Linearization:
    r""":math:`\delta\dot{x} = A\,\delta x + B\,\delta r` about a point.

    Attributes
    ----------
    A : numpy.ndarray
        State matrix for ``state``.
    B : numpy.ndarray
        Input matrix for ``inputs`` (no columns without inputs).
    state : list
        The independent states ``[*q_ind, *u_ind]``.
    inputs : list
        The specified inputs, in the order of B's columns.
    """

    A: np.ndarray
    B: np.ndarray
    state: list
    inputs: list

    def eigenvalues(self):
        """Eigenvalues of A, sorted by real part, then imaginary part."""
        values = np.linalg.eigvals(self.A)
        return values[np.lexsort((values.imag, values.real))]


def _jacobian(fun, x, columns):
    """Complex-step Jacobian of ``fun`` (a vector) in the entries
    ``columns`` of x; central differences where ``fun`` cannot take a
    complex argument (a function lambdify prints to ``math``, such as
    ``erf`` or ``gamma``, which would silently drop the imaginary step, or
    a NumPy function without complex loops, such as ``arctan2``)."""
    base = np.asarray(x, dtype=complex)
    columns = list(columns)
    if not columns:
        return np.zeros((np.asarray(fun(base.real)).size, 0))
    out = []
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", np.exceptions.ComplexWarning)
            for k in columns:
                step = base.copy()
                step[k] += 1j * _STEP
                out.append(np.asarray(fun(step)).imag / _STEP)
    except (TypeError, np.exceptions.ComplexWarning):
        base, out = base.real, []
        for k in columns:
            h = _CENTRAL_STEP * max(1.0, abs(base[k]))
            plus, minus = base.copy(), base.copy()
            plus[k] += h
            minus[k] -= h
            out.append((np.asarray(fun(plus)).real - np.asarray(fun(minus)).real) / (2 * h))
    return np.array(out).T.reshape(-1, len(columns))


def linearize(eqs, op_point, constants, inputs=None, tol=1e-9, time=0.0):
    r"""Linearize Kane's equations about an operating point.

    Parameters
    ----------
    eqs : KaneEquations
        From ``mechlib.kanes_equations`` (any constraints).
    op_point : dict
        A value for every coordinate and speed, dependent ones included,
        satisfying the configuration and motion constraints.
    constants : dict
        A finite number for every constant.
    inputs : dict, optional
        ``{specified function of time: value at the operating point}``; B has
        one column per input.
    tol : float, optional
        Largest constraint residual accepted at the operating point.
    time : float, optional
        The time of the operating point, for equations that hold the time
        explicitly (a prescribed length ``l*(1 + t)``); 0 by default. The
        time is not a constant: ``constants`` with ``t`` is refused.

    Returns
    -------
    Linearization
        A, B, the independent state and the inputs.

    Raises
    ------
    MissingValueError
        A coordinate, speed, constant or input without a value.
    ParameterError
        A constant, input or specified value keyed by a coordinate or speed;
        an ``op_point`` key that is not a coordinate or speed of the state
        (a constant there would not be used); the time ``t`` among the
        constants or in the operating point (give it as ``time=``).
    ConstraintViolationError
        An operating point off the constraints.
    SwitchingPointError
        An operating point where a load switches (``sign(u)`` at u = 0, a
        boundary of a ``Piecewise``): no derivative exists there. On either
        side of the switch the derivative is that of the branch that holds.

    Examples
    --------
    The simple pendulum hanging down: :math:`\ddot{q} = -(g/l) q`.

    >>> import mechlib as ml
    >>> ex = ml.systems.n_link_pendulum(1)
    >>> eqs = ml.kanes_equations(ex)
    >>> lin = ml.linearize(eqs, {ex.q1: 0.0, ex.u1: 0.0},
    ...                    {ex.m1: 1.0, ex.l1: 2.0, ex.g: 9.81})
    >>> lin.A.round(3)
    array([[ 0.   ,  1.   ],
           [-4.905,  0.   ]])
    """
    if inputs is not None and not isinstance(inputs, dict):
        raise ArgumentTypeError(
            "inputs must be a dict {specified function of time: value at "
            f"the operating point}}, got {type(inputs).__name__}")
    inputs = dict(inputs or {})
    return Linearizer(eqs, constants, list(inputs)).at(op_point, inputs, tol, time)


class Linearizer:
    r"""Linearizes one system about many operating points.

    The numerical functions of the equations are formed once (for the
    Whipple bicycle that is most of the time of a linearization), so a
    sweep over forward speeds costs little per speed.

    Parameters
    ----------
    eqs : KaneEquations
        From ``mechlib.kanes_equations``.
    constants : dict
        A finite number for every constant.
    inputs : sequence, optional
        The specified functions of time that are inputs (B's columns).

    Examples
    --------
    >>> import mechlib as ml
    >>> ex = ml.systems.n_link_pendulum(1)
    >>> lin = ml.linearization.Linearizer(
    ...     ml.kanes_equations(ex), {ex.m1: 1.0, ex.l1: 1.0, ex.g: 9.81})
    >>> [round(float(lin.at({ex.q1: q, ex.u1: 0.0}).A[1, 0]), 3)
    ...  for q in (0.0, 3.1416)]
    [-9.81, 9.81]
    """

    def __init__(self, eqs, constants, inputs=()):
        if not isinstance(eqs, KaneEquations):
            raise ArgumentTypeError(
                f"expected the result of mechlib.kanes_equations, got "
                f"{type(eqs).__name__}")
        self.eqs = eqs
        self.inputs = as_list(inputs, "inputs")
        constants = numeric_values(constants)
        exprs = [eqs.mass_matrix_full, eqs.forcing_full,
                 eqs.configuration_constraints, eqs.motion_constraints]
        check_values(eqs.state, exprs, constants, self.inputs)
        self._constants, self._exprs = constants, exprs
        # equations with loads that switch are compiled per branch (at())
        self._switching = bool(non_analytic(exprs))
        self._fun = None if self._switching else state_function(
            eqs.state, exprs, constants, self.inputs)
        self._branch_funs = {}

    def _function_at(self, x, r, time):
        """The state function of the equations, with every load that switches
        replaced by its branch at ``x``, ``r``, ``time``; compiled once per
        branch."""
        if not self._switching:
            return self._fun
        fixed = branches_at(self.eqs.state, self._exprs, self._constants,
                            self.inputs, x, r, time)
        key = tuple(sm.srepr(e) for e in fixed)
        if key not in self._branch_funs:
            self._branch_funs[key] = state_function(
                self.eqs.state, fixed, self._constants, self.inputs)
        return self._branch_funs[key]

    def at(self, op_point, inputs=None, tol=1e-9, time=0.0):
        """The :class:`Linearization` about ``op_point`` at ``time`` (see
        :func:`linearize` for the arguments)."""
        eqs = self.eqs
        if not isinstance(op_point, dict):
            raise ArgumentTypeError(
                "op_point must be a dict {coordinate or speed: number}")
        state = eqs.state
        missing = [s for s in state if s not in op_point]
        missing += [k for k in self.inputs if k not in (inputs or {})]
        if missing:
            raise MissingValueError(
                f"the operating point has no value for {missing}; give "
                "every coordinate and speed, the dependent ones included "
                "(they must satisfy the constraints), and every input")
        refuse_time_key(op_point, "op_point")
        _refuse_unused(op_point, state, "op_point", "coordinates and speeds of the "
                       "state; give constants in constants= and inputs in inputs=")
        _refuse_unused(inputs or {}, self.inputs, "inputs",
                       "inputs this Linearizer was made with (its inputs=[...])")
        x = np.array(list(numeric_values(
            {s: op_point[s] for s in state}, "op_point").values()))
        tol, time = numeric_values({"tol": tol, "time": time}, "linearize").values()
        if tol < 0:
            raise ParameterError(
                f"tol = {tol} is negative; give the largest constraint "
                "residual to accept at the operating point, e.g. 1e-9")
        r = np.array(list(numeric_values(
            {k: inputs[k] for k in self.inputs}, "inputs").values()),
            dtype=float)
        fun = self._function_at(x, r, time)
        with np.errstate(invalid="ignore", divide="ignore"):   # NaN is refused
            return _linearization(eqs, fun, x, r, tol, self.inputs, time)


def _refuse_unused(values, used, what, which):
    """Raise if ``values`` holds a key linearize would not use: a constant in
    the operating point kept its value from ``constants`` without a word."""
    unused = [key for key in values if key not in used]
    if unused:
        names = [str(key).replace("(t)", "") for key in unused]
        raise ParameterError(
            f"{what} gives a value for {names}, which linearize would not use: "
            f"{what} holds the {which}")


def _linearization(eqs, fun, x, r, tol, keys, time):
    """The linearization of the state function ``fun`` at x, r and ``time``."""
    def f(x_, r_=r):
        Mn, Fn, _, _ = fun(time, x_, r_)
        return np.linalg.solve(np.asarray(Mn, dtype=complex),
                               np.asarray(Fn, dtype=complex).ravel())

    def config(x_):
        return np.asarray(fun(time, x_, r)[2], dtype=complex).ravel()

    def motion(x_):
        return np.asarray(fun(time, x_, r)[3], dtype=complex).ravel()

    nq, n = len(eqs.q), len(eqs.u)
    q_cols = list(range(nq))
    u_cols = list(range(nq, nq + n))
    c0, k0 = config(x).real, motion(x).real
    if not eqs.u_dep:   # the mass matrix of a holonomic system, symmetric
        refuse_indefinite_mass(np.asarray(fun(time, x, r)[0])[nq:, nq:].real,
                               "the operating point")
    c_q = _jacobian(config, x, q_cols) if len(c0) else np.zeros((0, nq))
    k_q = _jacobian(motion, x, q_cols) if len(k0) else np.zeros((0, nq))
    k_u = _jacobian(motion, x, u_cols) if len(k0) else np.zeros((0, n))
    _refuse_violation(eqs, x, c0, k0, c_q, k_u, tol)
    nq_dep, n_dep = len(eqs.q_dep), len(eqs.u_dep)
    nq_ind, p = nq - nq_dep, n - n_dep
    # tangent directions of the constraint manifold
    dq = np.zeros((nq, nq_ind))
    dq[:nq_ind] = np.eye(nq_ind)
    du_dq = np.zeros((n, nq_ind))
    du_du = np.zeros((n, p))
    du_du[:p] = np.eye(p)
    try:
        if nq_dep:
            dq[nq_ind:] = -solve_dependent(c_q, range(nq_ind, nq), c_q[:, :nq_ind],
                                           eqs.q_dep, "the operating point")
        if n_dep:
            k_dep = k_u[:, p:]
            du_dq[p:] = -solve_dependent(k_u, range(p, n), k_q @ dq, eqs.u_dep,
                                         "the operating point")
            du_du[p:] = -np.linalg.solve(k_dep, k_u[:, :p])
    except np.linalg.LinAlgError:
        raise ConstraintError(
            "the constraints cannot be solved for the dependent coordinates "
            f"{eqs.q_dep} or speeds {eqs.u_dep} at the operating point (their "
            "Jacobian is singular there); choose another operating point or "
            "other dependent coordinates and speeds") from None
    T = np.block([[dq, np.zeros((nq, p))], [du_dq, du_du]])
    try:
        J = _jacobian(f, x, range(nq + n))
        J_r = _jacobian(lambda r_: f(x.astype(r_.dtype), r_), r,
                        range(len(r)))
    except np.linalg.LinAlgError:
        raise SingularMassMatrixError(
            "the mass matrix is singular at the operating point; choose "
            "another point or other coordinates") from None
    independent = list(range(nq_ind)) + list(range(nq, nq + p))
    A = J[independent] @ T
    B = J_r[independent] if len(r) else np.zeros((len(independent), 0))
    _refuse_non_finite(eqs, x, time, A, B)
    ind_state = list(eqs.q[:nq_ind]) + list(eqs.u[:p])
    return Linearization(A=A, B=B, state=ind_state, inputs=keys)


def _refuse_violation(eqs, x, c0, k0, c_q, k_u, tol):
    """Raise ``ConstraintViolationError`` if a constraint residual exceeds
    ``tol`` relative to the size of the constraint's terms at ``x`` (one plus
    the sum of |Jacobian entry times value|), so that a sled at 1e8 m/s is
    judged as one at 1 m/s."""
    nq = len(eqs.q)
    q, u = np.abs(x[:nq]), np.abs(x[nq:])
    residuals = np.concatenate([np.abs(c0) / (1.0 + np.abs(c_q.real) @ q),
                                np.abs(k0) / (1.0 + np.abs(k_u.real) @ u)])
    worst = residuals.max(initial=0.0)
    if worst > tol:
        raise ConstraintViolationError(
            f"the operating point violates the constraints by {worst:.3g} relative "
            f"to the size of their terms, more than tol = {tol:g} (configuration "
            f"residuals {c0.tolist()}, motion residuals {k0.tolist()}); choose "
            f"{eqs.q_dep} and {eqs.u_dep} so that all are zero "
            "(mechlib.consistent_state completes a state), or pass a larger tol=")


def _refuse_non_finite(eqs, x, time, A, B):
    """Raise ``NonFiniteValueError`` naming the operating point if A or B
    holds NaN or an infinity (a division by zero in the equations there)."""
    if np.all(np.isfinite(A)) and np.all(np.isfinite(B)):
        return
    point = {str(s).replace("(t)", ""): float(v) for s, v in zip(eqs.state, x, strict=True)}
    raise NonFiniteValueError(
        f"the linearization is not finite at the operating point {point} "
        f"(t = {time}): the equations divide by zero there, at a removable "
        "singularity such as sin(x)/x or where the coordinates are singular "
        "(Euler angles at gimbal lock); linearize at a point nearby, write the "
        "term by its limit (sm.sinc(x) for sin(x)/x), or choose coordinates "
        "that are regular there")

