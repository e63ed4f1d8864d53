r"""Generalized forces of loads on a planar body, and friction laws.

A force :math:`\{F\}` (global components) at the point :math:`\{s'_P\}` of a
body, a pure moment :math:`T`, their time derivatives, the dry-friction term
:math:`f_F\,\mathrm{sign}(\dot\ell)` of a spring-damper-actuator (exact or
smoothed) and its rate, and :class:`ForceLaw`, the scalar force law of a
spring-damper-actuator.

Examples
--------
>>> from mechlib.planar import loads
>>> loads.pure_moment(2.0)
array([0., 0., 2.])
"""

from __future__ import annotations

import sympy as sm

from .._numpy import numpy as np
from ..errors import LoadError, NonFiniteValueError
from .backend import backend, check_level, check_smoothing, coerce_parameter
from .kinematics import rotate, rotate_derivative

__all__ = [
    "point_force",
    "point_force_rate",
    "pure_moment",
    "pure_moment_rate",
    "friction_force",
    "friction_force_rate",
]


def point_force(F, s_local, phi):
    r"""Generalized force of a force applied at a point of a body.

    .. math::
        \{Q\} = \begin{Bmatrix} \{F\} \\ ([B(\phi)]\{s'_P\})^T\{F\}
                \end{Bmatrix}

    Parameters
    ----------
    F : sequence of 2
        The force in **global** components.
    s_local : sequence of 2
        The body-fixed coordinates :math:`\{s'_P\}` of the point the force
        acts at.
    phi : scalar
        The body's angle.

    Returns
    -------
    SymPy Matrix (3 x 1) or NumPy array (..., 3)
        :math:`[Q_x, Q_y, Q_\phi]`; :math:`Q_\phi` is the moment of the force
        about the body's origin.

    Examples
    --------
    >>> import sympy as sm
    >>> from mechlib import planar
    >>> Fx, Fy, a, b, phi = sm.symbols('F_x F_y a b phi')
    >>> Q = planar.point_force([Fx, Fy], [a, b], phi)
    >>> sm.expand(Q[2])
    -F_x*a*sin(phi) - F_x*b*cos(phi) + F_y*a*cos(phi) - F_y*b*sin(phi)
    """
    be = backend(F, s_local, phi)
    Fx, Fy = be.vector(F, 2, "F")
    sx, sy = be.vector(s_local, 2, "s_local")
    phi = be.scalar(phi, "phi")
    bx, by = rotate_derivative(be, phi, sx, sy)
    return be.pack([Fx, Fy, bx * Fx + by * Fy])


def point_force_rate(F, F_dot, s_local, phi, phi_dot):
    r"""Time derivative of :func:`point_force`.

    .. math::
        \{\dot Q\} = \begin{Bmatrix} \{\dot F\} \\
        ([B]\{s'_P\})^T\{\dot F\} - \dot\phi\,([A]\{s'_P\})^T\{F\}
        \end{Bmatrix}

    (because :math:`d[B]/d\phi = -[A]`).

    Examples
    --------
    >>> from mechlib import planar
    >>> planar.point_force_rate([1.0, 0.0], [0.0, 0.0], [1.0, 0.0], 0.0, 3.0)
    array([ 0.,  0., -3.])
    """
    be = backend(F, F_dot, s_local, phi, phi_dot)
    Fx, Fy = be.vector(F, 2, "F")
    Fdx, Fdy = be.vector(F_dot, 2, "F_dot")
    sx, sy = be.vector(s_local, 2, "s_local")
    phi = be.scalar(phi, "phi")
    phi_dot = be.scalar(phi_dot, "phi_dot")
    ax, ay = rotate(be, phi, sx, sy)
    bx, by = rotate_derivative(be, phi, sx, sy)
    return be.pack([Fdx, Fdy,
                    bx * Fdx + by * Fdy - phi_dot * (ax * Fx + ay * Fy)])


def pure_moment(T):
    r"""Generalized force :math:`[0, 0, T]` of a pure moment (a couple).

    Examples
    --------
    >>> from mechlib import planar
    >>> planar.pure_moment(2.5)
    array([0. , 0. , 2.5])
    >>> import sympy as sm
    >>> planar.pure_moment(sm.Symbol('T')).T
    Matrix([[0, 0, T]])
    """
    be = backend(T)
    T = be.scalar(T, "T")
    return be.pack([0 * T, 0 * T, T])


def pure_moment_rate(T_dot):
    r"""Time derivative :math:`[0, 0, \dot T]` of :func:`pure_moment`.

    Examples
    --------
    >>> from mechlib import planar
    >>> planar.pure_moment_rate([1.0, 2.0])
    array([[0., 0., 1.],
           [0., 0., 2.]])
    """
    be = backend(T_dot)
    T_dot = be.scalar(T_dot, "T_dot")
    return be.pack([0 * T_dot, 0 * T_dot, T_dot])


def friction_force(rate, level, smoothing=None):
    r"""Dry-friction term :math:`f_F\,\mathrm{sign}(\dot\ell)` of an element.

    Parameters
    ----------
    rate : scalar or array
        The rate :math:`\dot\ell` (or :math:`\dot\theta`).
    level : scalar
        The friction level :math:`f_F \ge 0`.
    smoothing : positive scalar or None
        ``None`` gives the exact sign, which is 0 at a rate of exactly 0
        (the convention of NumPy and SymPy) and jumps by :math:`2 f_F`
        there.  A positive rate scale :math:`v_\varepsilon` gives
        :math:`f_F\tanh(\dot\ell/v_\varepsilon)`, smooth and within 1 % of
        the exact value for :math:`|\dot\ell| > 2.65\,v_\varepsilon`.

    Examples
    --------
    >>> from mechlib import planar
    >>> planar.friction_force([-1.0, 0.0, 1.0], 2.0)
    array([-2.,  0.,  2.])
    >>> planar.friction_force(0.01, 2.0, smoothing=0.01).round(4)
    np.float64(1.5232)
    """
    be = backend(rate, level, smoothing)
    rate = be.scalar(rate, "rate")
    level = check_level(be.scalar(level, "level"))
    smoothing = check_smoothing(smoothing)
    if smoothing is None:
        return level * be.sign(rate)
    return level * be.tanh(rate / smoothing)


def friction_force_rate(rate, rate_dot, level, smoothing=None):
    r"""Time derivative of :func:`friction_force`.

    With ``smoothing=None`` the derivative is 0 wherever the rate is not 0;
    at a rate of 0 the exact sign jumps and has no derivative (a Dirac
    impulse), which this function does not represent: it returns 0 there
    too.  Use a ``smoothing`` scale in a formulation that differentiates the
    forces; then the derivative is

    .. math::
        \frac{f_F}{v_\varepsilon}
        \left(1 - \tanh^2\frac{\dot\ell}{v_\varepsilon}\right)\ddot\ell .

    Examples
    --------
    >>> from mechlib import planar
    >>> float(planar.friction_force_rate(0.0, 3.0, 2.0, smoothing=0.5))
    12.0
    """
    be = backend(rate, rate_dot, level, smoothing)
    rate = be.scalar(rate, "rate")
    rate_dot = be.scalar(rate_dot, "rate_dot")
    level = check_level(be.scalar(level, "level"))
    smoothing = check_smoothing(smoothing)
    if smoothing is None:
        return 0 * rate * rate_dot * level
    th = be.tanh(rate / smoothing)
    return level / smoothing * (1 - th**2) * rate_dot


def _numeric(found, what, arguments):
    """The actuator's expression ``what`` (``expr`` or ``rate``) as a numpy
    function of the symbols at ``arguments``, made on first use (the
    symbolic path needs no numpy)."""
    key = what + "_numeric"
    if key not in found:
        found[key] = sm.lambdify([found["syms"][i] for i in arguments], found[what], "numpy")
    return found[key]


def _is_zero(value):
    if isinstance(value, sm.Basic):
        return False
    if isinstance(value, (int, float)):
        return value == 0
    return bool(np.all(np.asarray(value) == 0))


class ForceLaw:
    r"""``k (x - x0) + c x' + level sign(x') + actuator(x, x', t)``, and rate.

    The scalar law of a spring-damper-actuator (used by
    :mod:`mechlib.planar.sda`); ``names`` names the actuator's arguments in
    error messages.
    """

    def __init__(self, k, x0, c, friction, actuator, actuator_rate,
                 smoothing, names, x0_name="x0"):
        self.k = coerce_parameter(k, "k")
        self.x0 = coerce_parameter(x0, x0_name)
        self.c = coerce_parameter(c, "c")
        self.friction = coerce_parameter(friction, "friction")
        self.smoothing = check_smoothing(smoothing)
        self.actuator, self.actuator_rate = actuator, actuator_rate
        self.names = names
        for label, value in (("actuator", actuator),
                             ("actuator_rate", actuator_rate)):
            if value is not None and not callable(value):
                raise LoadError(
                    f"{label} must be a function of ({names}), got "
                    f"{value!r}; for a constant, use lambda {names}: value")
        self._symbolic_actuator = None  # filled on first use

    def parameters(self):
        """The constants, for choosing the mode."""
        return self.k, self.x0, self.c, self.friction, self.smoothing

    def _actuator_expression(self):
        """The actuator as a SymPy expression in (x, xd, t), or None.

        The actuator is called once with SymPy symbols.  If that works, its
        expression serves both modes (lambdified for numbers) and is
        differentiated for the rate; otherwise it is called with numbers.
        """
        if self._symbolic_actuator is None:
            X, Xd, Xdd, T = sm.symbols("x xd xdd t", real=True)
            try:
                expr = sm.sympify(self.actuator(X, Xd, T))
            except Exception as exc:  # numeric only: np.sin, if-tests, ...
                self._symbolic_actuator = (None, exc)
            else:
                if not isinstance(expr, sm.Expr):
                    # recorded, not raised: the numeric mode may still work
                    self._symbolic_actuator = (None, LoadError(
                        f"it returned {expr!r}, not a scalar expression"))
                    return self._symbolic_actuator
                rate = (sm.diff(expr, X) * Xd + sm.diff(expr, Xd) * Xdd
                        + sm.diff(expr, T))
                self._symbolic_actuator = (dict(
                    syms=(X, Xd, Xdd, T), expr=expr, rate=rate), None)
        return self._symbolic_actuator

    @staticmethod
    def _finite(value, be, what):
        if not be.symbolic and not np.all(np.isfinite(value)):
            raise NonFiniteValueError(
                f"the {what} is not finite ({value}) although its inputs "
                "are; check the actuator function (it returned NaN or an "
                "infinity) and the size of the constants")
        return value

    def value(self, x, xd, t, be):
        """The force (or torque) at ``x``, ``x'`` and time ``t``."""
        out = self.k * (x - self.x0) + self.c * xd
        if not _is_zero(self.friction):
            out = out + friction_force(xd, self.friction, self.smoothing)
        if self.actuator is not None:
            found, _ = self._actuator_expression()
            if found is None:
                out = out + self.actuator(x, xd, t)
            elif be.symbolic:
                X, Xd, _, T = found["syms"]
                out = out + found["expr"].xreplace(
                    {X: x, Xd: xd, T: sm.sympify(t)})
            else:
                out = out + _numeric(found, "expr", (0, 1, 3))(x, xd, t)
        return self._finite(out, be, "force law")

    def rate(self, x, xd, xdd, t, be):
        """The time derivative of :meth:`value`."""
        out = self.k * xd + self.c * xdd
        if not _is_zero(self.friction):
            out = out + friction_force_rate(xd, xdd, self.friction,
                                            self.smoothing)
        if self.actuator is not None:
            out = out + self._actuator_rate(x, xd, xdd, t, be)
        return self._finite(out, be, "rate of the force law")

    def _actuator_rate(self, x, xd, xdd, t, be):
        if self.actuator_rate is not None:
            return self.actuator_rate(x, xd, xdd, t)
        found, exc = self._actuator_expression()
        if found is None:
            raise LoadError(
                "the actuator could not be differentiated symbolically "
                f"(calling it with SymPy symbols raised "
                f"{type(exc).__name__}: {exc}); write it with sympy "
                "functions (sympy.sin, not numpy.sin) or pass "
                "actuator_rate=function of "
                f"({self.names.replace(', t', '')}, acceleration, t)")
        if be.symbolic:
            syms = found["syms"]
            values = map(sm.sympify, (x, xd, xdd, t))
            return found["rate"].xreplace(dict(zip(syms, values, strict=True)))
        return (_numeric(found, "rate", (0, 1, 2, 3))(x, xd, xdd, t)
                + 0 * np.asarray(x, dtype=float))
