r"""Generalized forces of planar multibody systems in absolute coordinates.

Each body :math:`i` of a planar system is located by three absolute coordinates
:math:`\{q_i\} = [x_i, y_i, \phi_i]^T`: the global position :math:`\{r_i\}` of the
body's origin and the angle :math:`\phi_i` from the global :math:`x` axis to the
body-fixed :math:`\xi` axis.  A point :math:`P` fixed in the body has the
body-fixed coordinates :math:`\{s'_P\}` and the global position
:math:`\{r^P\} = \{r_i\} + [A(\phi_i)]\{s'_P\}`.  The generalized force
:math:`\{Q_i\} = [Q_x, Q_y, Q_\phi]^T` of a load on body :math:`i` is the vector
whose dot product with :math:`\delta\{q_i\}` is the virtual work of the load.

Sign conventions (used by every function of this module):

* ``A(phi) = [[cos, -sin], [sin, cos]]`` and ``B(phi) = dA/dphi``.
* A translational spring-damper-actuator between point :math:`P_i` of body
  :math:`i` and point :math:`P_j` of body :math:`j` has
  :math:`\{d\} = \{r_j^P\} - \{r_i^P\}`, length :math:`\ell = |\{d\}|` and a force
  :math:`f` that is positive in tension; the force on body :math:`i` is
  :math:`+f\{d\}/\ell` (towards :math:`P_j`) and on body :math:`j` is
  :math:`-f\{d\}/\ell`.
* A rotational spring-damper-actuator has :math:`\theta = \phi_j - \phi_i` and a
  torque :math:`T`; the torque on body :math:`i` is :math:`+T` and on body
  :math:`j` is :math:`-T`.

Every function works in two modes, chosen by its input:

* **symbolic**: if any input holds a SymPy expression (or is a SymPy matrix),
  the result is a SymPy ``Matrix`` (a 3 x 1 column for a generalized force);
* **numeric**: otherwise the inputs are turned into NumPy arrays of floats and
  the result is a NumPy array.  Numeric functions are vectorised: the last axis
  of a vector argument holds its components (2 for a point, 3 for a body's
  coordinates), and any leading axes broadcast, so one call evaluates a whole
  trajectory.

The ground is a body whose coordinates and their derivatives are all zero:
pass ``[0, 0, 0]`` for it, and a point of the ground by its global coordinates.

Examples
--------
>>> import numpy as np
>>> from mechlib import planar

The weight of 9.81 N at the tip of a bar of half-length 1 m that points along
the global x axis (phi = 0, origin at the bar's centre) pulls it down and turns it
clockwise:

>>> planar.point_force([0.0, -9.81], [1.0, 0.0], 0.0)
array([ 0.  , -9.81, -9.81])

Turned to point along the global y axis, the bar feels no moment:

>>> Q = planar.point_force([0.0, -9.81], [1.0, 0.0], np.pi / 2)
>>> bool(abs(Q[2]) < 1e-12)
True
"""

from __future__ import annotations

from collections import namedtuple

import numpy as np
import sympy as sm

from .errors import MechlibError, NonlinearSpeedError, ShapeError, SpeedError

__all__ = [
    "ZeroLengthError",
    "rotation_matrix",
    "rotation_matrix_derivative",
    "point_position",
    "point_velocity",
    "point_acceleration",
    "point_force",
    "point_force_rate",
    "pure_moment",
    "pure_moment_rate",
    "friction_force",
    "friction_force_rate",
    "TranslationalSDA",
    "RotationalSDA",
    "SDAKinematics",
    "absolute_partial_velocities",
    "project_onto_speeds",
]


class ZeroLengthError(MechlibError, ValueError):
    """A translational element whose two points coincide (length 0).

    The direction of its force, d / length, is undefined there, so
    mechlib raises this error instead of returning ``nan``.

    Examples
    --------
    >>> from mechlib import planar
    >>> issubclass(planar.ZeroLengthError, ValueError)
    True
    """


# ---------------------------------------------------------------------------
# backend: one code path for SymPy and NumPy, written on scalar components
# ---------------------------------------------------------------------------

_NUMERIC_SCALARS = (float, int, np.floating, np.integer)


def _is_symbolic(*args):
    """True if any argument (or any element of a nested sequence) is SymPy."""
    for arg in args:
        if arg is None or isinstance(arg, _NUMERIC_SCALARS):
            continue
        if isinstance(arg, np.ndarray):
            if arg.dtype == object and any(isinstance(a, sm.Basic) for a in arg.flat):
                return True
        elif isinstance(arg, (sm.Basic, sm.MatrixBase)):
            return True
        elif isinstance(arg, (list, tuple)):
            if _is_symbolic(*arg):
                return True
    return False


class _Backend:
    def __init__(self, symbolic):
        self.symbolic = symbolic
        mod = sm if symbolic else np
        self.cos, self.sin, self.sqrt = mod.cos, mod.sin, mod.sqrt
        self.sign, self.tanh = mod.sign, mod.tanh

    def scalar(self, value, name):
        if self.symbolic:
            return sm.sympify(value)
        return np.asarray(value, dtype=float)

    def vector(self, value, size, name):
        """Return the ``size`` components of a vector argument."""
        if self.symbolic:
            try:
                m = sm.Matrix(value)
            except (TypeError, ValueError) as exc:
                raise ShapeError(f"{name} must be a sequence of {size} components, "
                                 f"got {value!r}") from exc
            if len(m) != size or 1 not in m.shape:
                raise ShapeError(f"{name} must have {size} components, got shape "
                                 f"{m.shape}; give it as a list or a column Matrix")
            return [m[k] for k in range(size)]
        try:
            a = np.asarray(value, dtype=float)
        except (TypeError, ValueError) as exc:
            raise ShapeError(f"{name} must be numbers (or SymPy expressions for the "
                             f"symbolic mode), got {value!r}") from exc
        if a.ndim == 0 or a.shape[-1] != size:
            raise ShapeError(f"{name} must have {size} components in its last axis, "
                             f"got an array of shape {a.shape}")
        return [a[..., k] for k in range(size)]

    def pack(self, components):
        if self.symbolic:
            return sm.Matrix([sm.sympify(c) for c in components])
        arrays = [np.asarray(c, dtype=float) for c in components]
        if all(a.ndim == 0 for a in arrays):  # the common case of one state: fast
            return np.array(arrays) + 0.0  # + 0.0 turns -0.0 into 0.0
        return np.stack(np.broadcast_arrays(*arrays), axis=-1) + 0.0


def _backend(*args):
    return _Backend(_is_symbolic(*args))


def _A_s(be, phi, sx, sy):
    """Components of A(phi) s'."""
    c, s = be.cos(phi), be.sin(phi)
    return c * sx - s * sy, s * sx + c * sy


def _B_s(be, phi, sx, sy):
    """Components of B(phi) s' = dA/dphi s' (A s' turned by +90 degrees)."""
    c, s = be.cos(phi), be.sin(phi)
    return -s * sx - c * sy, c * sx - s * sy


# ---------------------------------------------------------------------------
# rotation matrix and points of a body
# ---------------------------------------------------------------------------

def rotation_matrix(phi):
    r"""Rotation matrix :math:`[A(\phi)]` from body-fixed to global components.

    Parameters
    ----------
    phi : float, array or SymPy expression
        Angle from the global x axis to the body-fixed xi axis.

    Returns
    -------
    SymPy Matrix (2 x 2) or NumPy array (..., 2, 2)

    Examples
    --------
    >>> import sympy as sm
    >>> from mechlib import planar
    >>> phi = sm.symbols('phi')
    >>> planar.rotation_matrix(phi)
    Matrix([
    [cos(phi), -sin(phi)],
    [sin(phi),  cos(phi)]])
    >>> planar.rotation_matrix([0.0, 1.0]).shape
    (2, 2, 2)
    """
    be = _backend(phi)
    phi = be.scalar(phi, "phi")
    c, s = be.cos(phi), be.sin(phi)
    if be.symbolic:
        return sm.Matrix([[c, -s], [s, c]])
    return np.stack([np.stack([c, -s], axis=-1), np.stack([s, c], axis=-1)], axis=-2)


def rotation_matrix_derivative(phi):
    r"""Derivative :math:`[B(\phi)] = d[A]/d\phi` of the rotation matrix.

    :math:`[B]\{s'\}` is the global vector :math:`[A]\{s'\}` turned by +90 degrees,
    so :math:`([B]\{s'\})^T\{F\}` is the moment of :math:`\{F\}` about the body's
    origin, and :math:`d[B]/d\phi = -[A]`.

    Examples
    --------
    >>> import sympy as sm
    >>> from mechlib import planar
    >>> phi = sm.symbols('phi')
    >>> planar.rotation_matrix_derivative(phi)
    Matrix([
    [-sin(phi), -cos(phi)],
    [ cos(phi), -sin(phi)]])
    >>> planar.rotation_matrix_derivative(phi) == planar.rotation_matrix(phi).diff(phi)
    True
    """
    be = _backend(phi)
    phi = be.scalar(phi, "phi")
    c, s = be.cos(phi), be.sin(phi)
    if be.symbolic:
        return sm.Matrix([[-s, -c], [c, -s]])
    return np.stack([np.stack([-s, -c], axis=-1), np.stack([c, -s], axis=-1)], axis=-2)


def point_position(q, s_local):
    r"""Global position :math:`\{r\} + [A]\{s'\}` of a point fixed in a body.

    Parameters
    ----------
    q : sequence of 3
        The body's coordinates ``[x, y, phi]``.
    s_local : sequence of 2
        The point's body-fixed coordinates :math:`\{s'\}`.

    Examples
    --------
    >>> import numpy as np
    >>> from mechlib import planar
    >>> planar.point_position([1.0, 2.0, np.pi / 2], [0.5, 0.0]).round(12)
    array([1. , 2.5])
    """
    be = _backend(q, s_local)
    x, y, phi = be.vector(q, 3, "q")
    sx, sy = be.vector(s_local, 2, "s_local")
    ax, ay = _A_s(be, phi, sx, sy)
    return be.pack([x + ax, y + ay])


def point_velocity(q, qd, s_local):
    r"""Global velocity :math:`\{\dot r\} + \dot\phi[B]\{s'\}` of a point fixed in a body.

    Examples
    --------
    >>> from mechlib import planar
    >>> planar.point_velocity([0.0, 0.0, 0.0], [0.0, 0.0, 2.0], [0.5, 0.0])
    array([0., 1.])
    """
    be = _backend(q, qd, s_local)
    _, _, phi = be.vector(q, 3, "q")
    xd, yd, phid = be.vector(qd, 3, "qd")
    sx, sy = be.vector(s_local, 2, "s_local")
    bx, by = _B_s(be, phi, sx, sy)
    return be.pack([xd + phid * bx, yd + phid * by])


def point_acceleration(q, qd, qdd, s_local):
    r"""Global acceleration :math:`\{\ddot r\} + \ddot\phi[B]\{s'\} - \dot\phi^2[A]\{s'\}`.

    Examples
    --------
    >>> from mechlib import planar
    >>> planar.point_acceleration([0, 0, 0], [0, 0, 2.0], [0, 0, 0], [0.5, 0.0])
    array([-2.,  0.])
    """
    be = _backend(q, qd, qdd, s_local)
    _, _, phi = be.vector(q, 3, "q")
    _, _, phid = be.vector(qd, 3, "qd")
    xdd, ydd, phidd = be.vector(qdd, 3, "qdd")
    sx, sy = be.vector(s_local, 2, "s_local")
    ax, ay = _A_s(be, phi, sx, sy)
    bx, by = _B_s(be, phi, sx, sy)
    return be.pack([xdd + phidd * bx - phid**2 * ax, ydd + phidd * by - phid**2 * ay])


# ---------------------------------------------------------------------------
# a force at a point, a pure moment
# ---------------------------------------------------------------------------

def point_force(F, s_local, phi):
    r"""Generalized force of a force applied at a point of a body.

    .. math::
        \{Q\} = \begin{Bmatrix} \{F\} \\ ([B(\phi)]\{s'_P\})^T\{F\} \end{Bmatrix}

    Parameters
    ----------
    F : sequence of 2
        The force in **global** components.
    s_local : sequence of 2
        The body-fixed coordinates :math:`\{s'_P\}` of the point the force acts at.
    phi : scalar
        The body's angle.

    Returns
    -------
    SymPy Matrix (3 x 1) or NumPy array (..., 3)
        :math:`[Q_x, Q_y, Q_\phi]`; :math:`Q_\phi` is the moment of the force about
        the body's origin.

    Examples
    --------
    >>> import sympy as sm
    >>> from mechlib import planar
    >>> Fx, Fy, a, b, phi = sm.symbols('F_x F_y a b phi')
    >>> Q = planar.point_force([Fx, Fy], [a, b], phi)
    >>> sm.expand(Q[2])
    -F_x*a*sin(phi) - F_x*b*cos(phi) + F_y*a*cos(phi) - F_y*b*sin(phi)
    """
    be = _backend(F, s_local, phi)
    Fx, Fy = be.vector(F, 2, "F")
    sx, sy = be.vector(s_local, 2, "s_local")
    phi = be.scalar(phi, "phi")
    bx, by = _B_s(be, phi, sx, sy)
    return be.pack([Fx, Fy, bx * Fx + by * Fy])


def point_force_rate(F, F_dot, s_local, phi, phi_dot):
    r"""Time derivative of :func:`point_force`.

    .. math::
        \{\dot Q\} = \begin{Bmatrix} \{\dot F\} \\
        ([B]\{s'_P\})^T\{\dot F\} - \dot\phi\,([A]\{s'_P\})^T\{F\} \end{Bmatrix}

    (because :math:`d[B]/d\phi = -[A]`).

    Examples
    --------
    >>> from mechlib import planar
    >>> planar.point_force_rate([1.0, 0.0], [0.0, 0.0], [1.0, 0.0], 0.0, 3.0)
    array([ 0.,  0., -3.])
    """
    be = _backend(F, F_dot, s_local, phi, phi_dot)
    Fx, Fy = be.vector(F, 2, "F")
    Fdx, Fdy = be.vector(F_dot, 2, "F_dot")
    sx, sy = be.vector(s_local, 2, "s_local")
    phi = be.scalar(phi, "phi")
    phi_dot = be.scalar(phi_dot, "phi_dot")
    ax, ay = _A_s(be, phi, sx, sy)
    bx, by = _B_s(be, phi, sx, sy)
    return be.pack([Fdx, Fdy, bx * Fdx + by * Fdy - phi_dot * (ax * Fx + ay * Fy)])


def pure_moment(T):
    r"""Generalized force :math:`[0, 0, T]` of a pure moment (a couple) on a body.

    Examples
    --------
    >>> from mechlib import planar
    >>> planar.pure_moment(2.5)
    array([0. , 0. , 2.5])
    >>> import sympy as sm
    >>> planar.pure_moment(sm.Symbol('T')).T
    Matrix([[0, 0, T]])
    """
    be = _backend(T)
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
    return pure_moment(T_dot)


# ---------------------------------------------------------------------------
# force laws
# ---------------------------------------------------------------------------

def friction_force(rate, level, smoothing=None):
    r"""Dry-friction term :math:`f_F\,\mathrm{sign}(\dot\ell)` of a spring-damper-actuator.

    Parameters
    ----------
    rate : scalar or array
        The rate :math:`\dot\ell` (or :math:`\dot\theta`).
    level : scalar
        The friction level :math:`f_F \ge 0`.
    smoothing : positive scalar or None
        ``None`` gives the exact sign, which is 0 at a rate of exactly 0 (the
        convention of NumPy and SymPy) and jumps by :math:`2 f_F` there.  A
        positive rate scale :math:`v_\varepsilon` gives
        :math:`f_F\tanh(\dot\ell/v_\varepsilon)`, smooth and within 1 % of the
        exact value for :math:`|\dot\ell| > 2.65\,v_\varepsilon`.

    Examples
    --------
    >>> from mechlib import planar
    >>> planar.friction_force([-1.0, 0.0, 1.0], 2.0)
    array([-2.,  0.,  2.])
    >>> planar.friction_force(0.01, 2.0, smoothing=0.01).round(4)
    np.float64(1.5232)
    """
    be = _backend(rate, level, smoothing)
    rate = be.scalar(rate, "rate")
    if smoothing is None:
        return level * be.sign(rate)
    _check_smoothing(smoothing)
    return level * be.tanh(rate / smoothing)


def friction_force_rate(rate, rate_dot, level, smoothing=None):
    r"""Time derivative of :func:`friction_force`.

    With ``smoothing=None`` the derivative is 0 wherever the rate is not 0; at a
    rate of 0 the exact sign jumps and has no derivative (a Dirac impulse), which
    this function does not represent: it returns 0 there too.  Use a
    ``smoothing`` scale in a formulation that differentiates the forces; then
    the derivative is :math:`(f_F/v_\varepsilon)\,(1-\tanh^2(\dot\ell/v_\varepsilon))\,\ddot\ell`.

    Examples
    --------
    >>> from mechlib import planar
    >>> float(planar.friction_force_rate(0.0, 3.0, 2.0, smoothing=0.5))
    12.0
    """
    be = _backend(rate, rate_dot, level, smoothing)
    rate = be.scalar(rate, "rate")
    rate_dot = be.scalar(rate_dot, "rate_dot")
    if smoothing is None:
        return 0 * rate * rate_dot * level
    _check_smoothing(smoothing)
    th = be.tanh(rate / smoothing)
    return level / smoothing * (1 - th**2) * rate_dot


def _check_smoothing(smoothing):
    if not isinstance(smoothing, sm.Basic) and not float(smoothing) > 0:
        raise ValueError(f"smoothing must be a positive rate scale (or None for the "
                         f"exact sign), got {smoothing!r}")


class _ForceLaw:
    r"""k (x - x0) + c x' + level sign(x') + actuator(x, x', t), and its rate."""

    def __init__(self, k, x0, c, friction, actuator, actuator_rate, smoothing, names):
        self.k, self.x0, self.c = k, x0, c
        self.friction, self.smoothing = friction, smoothing
        self.actuator, self.actuator_rate = actuator, actuator_rate
        self._names = names
        if smoothing is not None:
            _check_smoothing(smoothing)
        for label, value in (("actuator", actuator), ("actuator_rate", actuator_rate)):
            if value is not None and not callable(value):
                raise TypeError(f"{label} must be a function of ({names}), got "
                                f"{value!r}; for a constant, use lambda {names}: value")
        self._symbolic_actuator = None  # filled on first use

    def _actuator_expression(self):
        """The actuator as a SymPy expression in (x, xd, t), or None if it is numeric-only.

        The actuator is called once with SymPy symbols.  If that works, its
        expression serves both modes (lambdified for numbers) and is
        differentiated for the rate; otherwise it is called with numbers.
        """
        if self._symbolic_actuator is None:
            X, Xd, Xdd, T = sm.symbols("x xd xdd t", real=True)
            try:
                expr = sm.sympify(self.actuator(X, Xd, T))
                if not isinstance(expr, sm.Expr):
                    raise TypeError("not a scalar expression")
            except Exception as exc:  # a numeric-only function: np.sin, if-tests, ...
                self._symbolic_actuator = (None, exc)
            else:
                rate = sm.diff(expr, X) * Xd + sm.diff(expr, Xd) * Xdd + sm.diff(expr, T)
                self._symbolic_actuator = (dict(
                    syms=(X, Xd, Xdd, T), expr=expr, rate=rate,
                    value_num=sm.lambdify((X, Xd, T), expr, "numpy"),
                    rate_num=sm.lambdify((X, Xd, Xdd, T), rate, "numpy")), None)
        return self._symbolic_actuator

    def value(self, x, xd, t, be):
        out = self.k * (x - self.x0) + self.c * xd
        if self.friction is not None and not _is_zero(self.friction):
            out = out + friction_force(xd, self.friction, self.smoothing)
        if self.actuator is not None:
            found, _ = self._actuator_expression()
            if found is None:
                out = out + self.actuator(x, xd, t)
            elif be.symbolic:
                X, Xd, _, T = found["syms"]
                out = out + found["expr"].xreplace({X: x, Xd: xd, T: sm.sympify(t)})
            else:
                out = out + found["value_num"](x, xd, t)
        return out

    def rate(self, x, xd, xdd, t, be):
        out = self.k * xd + self.c * xdd
        if self.friction is not None and not _is_zero(self.friction):
            out = out + friction_force_rate(xd, xdd, self.friction, self.smoothing)
        if self.actuator is not None:
            out = out + self._actuator_rate(x, xd, xdd, t, be)
        return out

    def _actuator_rate(self, x, xd, xdd, t, be):
        if self.actuator_rate is not None:
            return self.actuator_rate(x, xd, xdd, t)
        found, exc = self._actuator_expression()
        if found is None:
            raise TypeError(
                "the actuator could not be differentiated symbolically (calling it "
                f"with SymPy symbols raised {type(exc).__name__}: {exc}); write it with "
                "sympy functions (sympy.sin, not numpy.sin) or pass "
                f"actuator_rate=function of ({self._names.replace(', t', '')}, "
                "acceleration, t)")
        if be.symbolic:
            syms = found["syms"]
            return found["rate"].xreplace(dict(zip(syms, map(sm.sympify, (x, xd, xdd, t)))))
        return found["rate_num"](x, xd, xdd, t) + 0 * np.asarray(x, dtype=float)


def _is_zero(value):
    return not isinstance(value, sm.Basic) and np.all(np.asarray(value) == 0)


#: Lengths and rates of a spring-damper-actuator: the vector ``d`` from P_i to
#: P_j, its rates ``d_dot`` and ``d_ddot``, the length ``length`` and its rates
#: ``rate`` and ``acceleration`` (``None`` where the inputs do not give them).
SDAKinematics = namedtuple("SDAKinematics",
                           "d d_dot d_ddot length rate acceleration")


class TranslationalSDA:
    r"""Translational spring-damper-actuator between a point of body i and one of body j.

    The element acts along the line from :math:`P_i` to :math:`P_j`, with

    .. math::
        \{d\} = \{r_j^P\} - \{r_i^P\}, \quad \ell = \sqrt{\{d\}^T\{d\}}, \quad
        \dot\ell = \{d\}^T\{\dot d\}/\ell,

        f = k(\ell - \ell_0) + c\dot\ell + f_F\,\mathrm{sign}(\dot\ell)
            + f_{act}(\ell, \dot\ell, t),

    :math:`f` positive in tension.  The force on body i is :math:`+f\{d\}/\ell`
    and on body j is :math:`-f\{d\}/\ell`.

    Parameters
    ----------
    s_i, s_j : sequence of 2
        Body-fixed coordinates of the attachment points in bodies i and j.
    k, l0, c : scalar
        Stiffness, free length and damping coefficient.
    friction : scalar
        Dry-friction level :math:`f_F` (see :func:`friction_force`).
    actuator : callable ``(length, rate, t)`` or None
        The actuator force :math:`f_{act}`, positive in tension.  It is first
        called once with SymPy symbols: if that works (write it with ``sympy``
        functions, e.g. ``sympy.sin``), its expression serves both modes and is
        differentiated for :meth:`generalized_force_rates`; otherwise (a
        function using ``numpy`` or ``if``) it is called with the numbers.
    actuator_rate : callable ``(length, rate, acceleration, t)`` or None
        The actuator's time derivative; needed by :meth:`generalized_force_rates`
        only for an actuator that cannot be called with SymPy symbols.
    smoothing : positive scalar or None
        Rate scale of the smoothed sign (see :func:`friction_force`).
    min_length : float
        Numeric mode: a length at or below ``min_length`` raises ``ValueError``
        (the direction of the force is undefined at :math:`\ell = 0`).  Symbolic
        mode: a length that expands to zero raises; any other symbolic result
        holds where :math:`\ell \ne 0`.

    Examples
    --------
    A spring of stiffness 100 N/m and free length 1 m from the ground point
    (0, 0) to the point (0.5, 0) of a body whose origin is at (1.5, 0):
    stretched by 1 m, it pulls the body back with 100 N.

    >>> from mechlib import planar
    >>> spring = planar.TranslationalSDA(s_i=[0, 0], s_j=[0.5, 0], k=100.0, l0=1.0)
    >>> ground, body = [0, 0, 0], [1.5, 0, 0]
    >>> Q_i, Q_j = spring.generalized_forces(ground, body, [0, 0, 0], [0, 0, 0])
    >>> Q_j
    array([-100.,    0.,    0.])
    >>> float(spring.length(ground, body))
    2.0
    """

    def __init__(self, s_i, s_j, k=0, l0=0, c=0, friction=0, actuator=None,
                 actuator_rate=None, smoothing=None, min_length=1e-12):
        self.s_i, self.s_j = s_i, s_j
        self.min_length = float(min_length)
        self.law = _ForceLaw(k, l0, c, friction, actuator, actuator_rate, smoothing,
                             "length, rate, t")

    def __repr__(self):
        law = self.law
        return (f"TranslationalSDA(s_i={self.s_i!r}, s_j={self.s_j!r}, k={law.k!r}, "
                f"l0={law.x0!r}, c={law.c!r}, friction={law.friction!r})")

    # kinematics ------------------------------------------------------------
    def _backend(self, *args):
        return _backend(self.s_i, self.s_j, self.law.k, self.law.x0, self.law.c,
                        self.law.friction, *args)

    def _check_length(self, be, dx, dy):
        if be.symbolic:
            # a cheap test (expansion, no simplify): catches points that coincide
            # by construction; any other symbolic length is assumed nonzero
            if sm.expand(dx) == 0 and sm.expand(dy) == 0:
                raise ZeroLengthError("the spring's length is identically zero: its points "
                                      "P_i and P_j coincide, so the direction of its force "
                                      "is undefined; attach it to distinct points")
            return
        length2 = dx**2 + dy**2
        bad = ~(length2 > self.min_length**2)
        if np.any(bad):
            where = "" if np.ndim(bad) == 0 else f" (at index {np.argwhere(bad)[0].tolist()})"
            raise ZeroLengthError(
                f"the spring's length is {float(np.sqrt(np.asarray(length2)[bad].flat[0])):.3g}"
                f"{where}, at or below min_length={self.min_length}: its points P_i and "
                "P_j coincide and the direction d/length of its force is undefined. "
                "Attach the element to points that cannot meet in the motion, or "
                "lower min_length if the length is merely small")

    def kinematics(self, q_i, q_j, qd_i=None, qd_j=None, qdd_i=None, qdd_j=None):
        r"""Vector :math:`\{d\}`, length :math:`\ell` and their first two rates.

        .. math::
            \dot\ell = \{d\}^T\{\dot d\}/\ell, \qquad
            \ddot\ell = (\{d\}^T\{\ddot d\} + \{\dot d\}^T\{\dot d\} - \dot\ell^2)/\ell

        Returns
        -------
        SDAKinematics
            Rates are ``None`` unless the velocities (and accelerations) are given.

        Examples
        --------
        >>> from mechlib import planar
        >>> sda = planar.TranslationalSDA([0, 0], [0, 0])
        >>> kin = sda.kinematics([0, 0, 0], [3, 4, 0], [0, 0, 0], [1, 0, 0])
        >>> float(kin.length), float(kin.rate)
        (5.0, 0.6)
        """
        be = self._backend(q_i, q_j, qd_i, qd_j, qdd_i, qdd_j)
        xi, yi, pi = be.vector(q_i, 3, "q_i")
        xj, yj, pj = be.vector(q_j, 3, "q_j")
        six, siy = be.vector(self.s_i, 2, "s_i")
        sjx, sjy = be.vector(self.s_j, 2, "s_j")
        aix, aiy = _A_s(be, pi, six, siy)
        ajx, ajy = _A_s(be, pj, sjx, sjy)
        dx, dy = xj + ajx - xi - aix, yj + ajy - yi - aiy
        self._check_length(be, dx, dy)
        length2 = dx**2 + dy**2
        length = be.sqrt(length2)
        d = be.pack([dx, dy])
        if qd_i is None or qd_j is None:
            return SDAKinematics(d, None, None, length, None, None)
        xdi, ydi, pdi = be.vector(qd_i, 3, "qd_i")
        xdj, ydj, pdj = be.vector(qd_j, 3, "qd_j")
        bix, biy = _B_s(be, pi, six, siy)
        bjx, bjy = _B_s(be, pj, sjx, sjy)
        ddx = xdj + pdj * bjx - xdi - pdi * bix
        ddy = ydj + pdj * bjy - ydi - pdi * biy
        rate = (dx * ddx + dy * ddy) / length
        d_dot = be.pack([ddx, ddy])
        if qdd_i is None or qdd_j is None:
            return SDAKinematics(d, d_dot, None, length, rate, None)
        xddi, yddi, pddi = be.vector(qdd_i, 3, "qdd_i")
        xddj, yddj, pddj = be.vector(qdd_j, 3, "qdd_j")
        dddx = (xddj + pddj * bjx - pdj**2 * ajx) - (xddi + pddi * bix - pdi**2 * aix)
        dddy = (yddj + pddj * bjy - pdj**2 * ajy) - (yddi + pddi * biy - pdi**2 * aiy)
        acc = (dx * dddx + dy * dddy + ddx**2 + ddy**2 - rate**2) / length
        return SDAKinematics(d, d_dot, be.pack([dddx, dddy]), length, rate, acc)

    def length(self, q_i, q_j):
        r"""Length :math:`\ell` of the element; raises :class:`ZeroLengthError` at zero.

        Examples
        --------
        >>> from mechlib import planar
        >>> float(planar.TranslationalSDA([0, 0], [1, 0]).length([0, 0, 0], [2, 0, 1.5708]))
        2.2360...
        """
        return self.kinematics(q_i, q_j).length

    # forces ----------------------------------------------------------------
    def force(self, length, rate, t=0):
        r"""The scalar force :math:`f(\ell, \dot\ell, t)`, positive in tension.

        Examples
        --------
        >>> from mechlib import planar
        >>> sda = planar.TranslationalSDA([0, 0], [0, 0], k=10.0, l0=1.0, c=2.0)
        >>> float(sda.force(1.5, -1.0))
        3.0
        """
        be = self._backend(length, rate, t)
        return self.law.value(be.scalar(length, "length"), be.scalar(rate, "rate"),
                              be.scalar(t, "t"), be)

    def force_rate(self, length, rate, acceleration, t=0):
        r"""Time derivative :math:`\dot f = k\dot\ell + c\ddot\ell + \dot f_F + \dot f_{act}`.

        Examples
        --------
        >>> import sympy as sm
        >>> from mechlib import planar
        >>> L, Ld, Ldd, t = sm.symbols('ell ell_dot ell_ddot t')
        >>> sda = planar.TranslationalSDA([0, 0], [0, 0], k=3,
        ...                               actuator=lambda l, ld, tt: sm.sin(tt) * l)
        >>> sda.force_rate(L, Ld, Ldd, t)
        ell*cos(t) + ell_dot*sin(t) + 3*ell_dot
        """
        be = self._backend(length, rate, acceleration, t)
        return self.law.rate(be.scalar(length, "length"), be.scalar(rate, "rate"),
                             be.scalar(acceleration, "acceleration"),
                             be.scalar(t, "t"), be)

    def forces(self, q_i, q_j, qd_i, qd_j, t=0):
        r"""Global force vectors ``(F_i, F_j) = (+f d / l, -f d / l)`` on the two points.

        Examples
        --------
        >>> from mechlib import planar
        >>> sda = planar.TranslationalSDA([0, 0], [0, 0], k=2.0)
        >>> sda.forces([0, 0, 0], [0, 3.0, 0], [0, 0, 0], [0, 0, 0])
        (array([0., 6.]), array([ 0., -6.]))
        """
        kin = self.kinematics(q_i, q_j, qd_i, qd_j)
        f = self.force(kin.length, kin.rate, t)
        be = self._backend(q_i, q_j, qd_i, qd_j, t)
        dx, dy = be.vector(kin.d, 2, "d")
        return (be.pack([f * dx / kin.length, f * dy / kin.length]),
                be.pack([-f * dx / kin.length, -f * dy / kin.length]))

    def generalized_forces(self, q_i, q_j, qd_i, qd_j, t=0):
        r"""Generalized forces ``(Q_i, Q_j)`` of the element on bodies i and j.

        .. math::
            \{Q_i\} = \begin{Bmatrix} \{F_i\} \\ ([B_i]\{s'_i\})^T\{F_i\} \end{Bmatrix},
            \quad
            \{Q_j\} = \begin{Bmatrix} \{F_j\} \\ ([B_j]\{s'_j\})^T\{F_j\} \end{Bmatrix},
            \quad \{F_i\} = -\{F_j\} = \frac{f}{\ell}\{d\}

        Their force parts are opposite; their moment parts, taken about two
        different body origins, in general are not.

        Examples
        --------
        >>> import sympy as sm
        >>> from mechlib import planar
        >>> k, l0, x = sm.symbols('k l_0 x', positive=True)
        >>> sda = planar.TranslationalSDA([0, 0], [0, 0], k=k, l0=l0)
        >>> Q_i, Q_j = sda.generalized_forces([0, 0, 0], [x, 0, 0], [0, 0, 0], [0, 0, 0])
        >>> Q_j.T
        Matrix([[-k*(-l_0 + x), 0, 0]])
        """
        F_i, F_j = self.forces(q_i, q_j, qd_i, qd_j, t)
        be = self._backend(q_i, q_j)
        _, _, pi = be.vector(q_i, 3, "q_i")
        _, _, pj = be.vector(q_j, 3, "q_j")
        return point_force(F_i, self.s_i, pi), point_force(F_j, self.s_j, pj)

    def generalized_force_rates(self, q_i, q_j, qd_i, qd_j, qdd_i, qdd_j, t=0):
        r"""Time derivatives ``(Qdot_i, Qdot_j)`` of :meth:`generalized_forces`.

        .. math::
            \{\dot F_i\} = -\{\dot F_j\}
            = \frac{\dot f\ell\{d\} + f\ell\{\dot d\} - f\dot\ell\{d\}}{\ell^2},
            \qquad
            \{\dot Q_i\} = \begin{Bmatrix} \{\dot F_i\} \\
            ([B_i]\{s'_i\})^T\{\dot F_i\} - \dot\phi_i([A_i]\{s'_i\})^T\{F_i\}
            \end{Bmatrix}

        They need the accelerations ``qdd_i``, ``qdd_j`` (through
        :math:`\ddot\ell`) when the element has damping or an actuator that
        depends on the rate; a formulation that differentiates the equations of
        motion once more (third order) uses them.

        Examples
        --------
        A spring of zero free length along a bar of length 2 that turns at 1 rad/s
        about the ground point: the force on the bar's tip turns with it.

        >>> from mechlib import planar
        >>> sda = planar.TranslationalSDA([0, 0], [2.0, 0], k=1.0)
        >>> qdot_i, qdot_j = sda.generalized_force_rates(
        ...     [0, 0, 0], [0, 0, 0], [0, 0, 0], [0, 0, 1.0], [0, 0, 0], [0, 0, 0])
        >>> qdot_j
        array([ 0., -2.,  0.])
        """
        kin = self.kinematics(q_i, q_j, qd_i, qd_j, qdd_i, qdd_j)
        be = self._backend(q_i, q_j, qd_i, qd_j, qdd_i, qdd_j, t)
        f = self.law.value(kin.length, kin.rate, be.scalar(t, "t"), be)
        fd = self.law.rate(kin.length, kin.rate, kin.acceleration, be.scalar(t, "t"), be)
        dx, dy = be.vector(kin.d, 2, "d")
        ddx, ddy = be.vector(kin.d_dot, 2, "d_dot")
        L, Ld = kin.length, kin.rate
        Fx, Fy = f * dx / L, f * dy / L
        Fdx = (fd * L * dx + f * L * ddx - f * Ld * dx) / L**2
        Fdy = (fd * L * dy + f * L * ddy - f * Ld * dy) / L**2
        _, _, pi = be.vector(q_i, 3, "q_i")
        _, _, pj = be.vector(q_j, 3, "q_j")
        _, _, pdi = be.vector(qd_i, 3, "qd_i")
        _, _, pdj = be.vector(qd_j, 3, "qd_j")
        Qd_i = point_force_rate(be.pack([Fx, Fy]), be.pack([Fdx, Fdy]), self.s_i, pi, pdi)
        Qd_j = point_force_rate(be.pack([-Fx, -Fy]), be.pack([-Fdx, -Fdy]), self.s_j,
                                pj, pdj)
        return Qd_i, Qd_j


class RotationalSDA:
    r"""Rotational spring-damper-actuator between bodies i and j.

    .. math::
        \theta = \phi_j - \phi_i, \qquad
        T = k_\theta(\theta - \theta_0) + c_\theta\dot\theta
            + T_F\,\mathrm{sign}(\dot\theta) + T_{act}(\theta, \dot\theta, t),

        \{Q_i\} = [0, 0, T]^T, \qquad \{Q_j\} = -[0, 0, T]^T.

    A positive :math:`T` turns body i counterclockwise and body j clockwise,
    i.e. it drives :math:`\theta` down: a torsional spring wound up by
    :math:`\theta > \theta_0` pushes back.  The potential
    :math:`V = k_\theta(\theta-\theta_0)^2/2` gives the same:
    :math:`-\partial V/\partial\phi_i = +T`, :math:`-\partial V/\partial\phi_j = -T`.

    Parameters
    ----------
    k, theta0, c, friction : scalar
        :math:`k_\theta`, :math:`\theta_0`, :math:`c_\theta`, :math:`T_F`.
    actuator, actuator_rate, smoothing
        As for :class:`TranslationalSDA`, functions of ``(angle, rate, t)`` and
        ``(angle, rate, acceleration, t)``.

    Examples
    --------
    >>> from mechlib import planar
    >>> spring = planar.RotationalSDA(k=2.0)
    >>> Q_i, Q_j = spring.generalized_forces([0, 0, 0], [0, 0, 0.5], [0, 0, 0], [0, 0, 0])
    >>> Q_i, Q_j
    (array([0., 0., 1.]), array([ 0.,  0., -1.]))
    """

    def __init__(self, k=0, theta0=0, c=0, friction=0, actuator=None,
                 actuator_rate=None, smoothing=None):
        self.law = _ForceLaw(k, theta0, c, friction, actuator, actuator_rate, smoothing,
                             "angle, rate, t")

    def __repr__(self):
        law = self.law
        return (f"RotationalSDA(k={law.k!r}, theta0={law.x0!r}, c={law.c!r}, "
                f"friction={law.friction!r})")

    def _backend(self, *args):
        return _backend(self.law.k, self.law.x0, self.law.c, self.law.friction, *args)

    def kinematics(self, q_i, q_j, qd_i=None, qd_j=None, qdd_i=None, qdd_j=None):
        r"""``(theta, theta_dot, theta_ddot)``; rates ``None`` unless their inputs are given.

        Examples
        --------
        >>> from mechlib import planar
        >>> planar.RotationalSDA().kinematics([0, 0, 0.25], [1, 2, 1.0], [0, 0, 1], [0, 0, 3])
        (np.float64(0.75), np.float64(2.0), None)
        """
        be = self._backend(q_i, q_j, qd_i, qd_j, qdd_i, qdd_j)
        out = []
        for a, b, label in ((q_i, q_j, "q"), (qd_i, qd_j, "qd"), (qdd_i, qdd_j, "qdd")):
            if a is None or b is None:
                out.append(None)
                continue
            out.append(be.vector(b, 3, label + "_j")[2] - be.vector(a, 3, label + "_i")[2])
        return tuple(out)

    def torque(self, angle, rate, t=0):
        r"""The scalar torque :math:`T(\theta, \dot\theta, t)`.

        Examples
        --------
        >>> from mechlib import planar
        >>> float(planar.RotationalSDA(k=2.0, theta0=0.5, c=1.0).torque(1.0, -0.25))
        0.75
        """
        be = self._backend(angle, rate, t)
        return self.law.value(be.scalar(angle, "angle"), be.scalar(rate, "rate"),
                              be.scalar(t, "t"), be)

    def torque_rate(self, angle, rate, acceleration, t=0):
        r""":math:`\dot T = k_\theta\dot\theta + c_\theta\ddot\theta + \dot T_F + \dot T_{act}`.

        Examples
        --------
        >>> from mechlib import planar
        >>> float(planar.RotationalSDA(k=2.0, c=1.0).torque_rate(1.0, 0.5, 4.0))
        5.0
        """
        be = self._backend(angle, rate, acceleration, t)
        return self.law.rate(be.scalar(angle, "angle"), be.scalar(rate, "rate"),
                             be.scalar(acceleration, "acceleration"),
                             be.scalar(t, "t"), be)

    def generalized_forces(self, q_i, q_j, qd_i, qd_j, t=0):
        """Generalized forces ``(Q_i, Q_j) = ([0, 0, T], [0, 0, -T])``.

        Examples
        --------
        >>> import sympy as sm
        >>> from mechlib import planar
        >>> k, p_i, p_j = sm.symbols('k phi_i phi_j')
        >>> Q_i, Q_j = planar.RotationalSDA(k=k).generalized_forces(
        ...     [0, 0, p_i], [0, 0, p_j], [0, 0, 0], [0, 0, 0])
        >>> Q_i.T, Q_j.T
        (Matrix([[0, 0, k*(-phi_i + phi_j)]]), Matrix([[0, 0, -k*(-phi_i + phi_j)]]))
        """
        theta, theta_d, _ = self.kinematics(q_i, q_j, qd_i, qd_j)
        T = self.torque(theta, theta_d, t)
        return pure_moment(T), pure_moment(-T)

    def generalized_force_rates(self, q_i, q_j, qd_i, qd_j, qdd_i, qdd_j, t=0):
        r"""Time derivatives ``([0, 0, Tdot], [0, 0, -Tdot])``.

        Examples
        --------
        >>> from mechlib import planar
        >>> damper = planar.RotationalSDA(c=0.5)
        >>> damper.generalized_force_rates([0, 0, 0], [0, 0, 0], [0, 0, 0],
        ...                                [0, 0, 1.0], [0, 0, 0], [0, 0, 4.0])[0]
        array([0., 0., 2.])
        """
        theta, theta_d, theta_dd = self.kinematics(q_i, q_j, qd_i, qd_j, qdd_i, qdd_j)
        Td = self.torque_rate(theta, theta_d, theta_dd, t)
        return pure_moment_rate(Td), pure_moment_rate(-Td)


# ---------------------------------------------------------------------------
# bridge to generalized speeds
# ---------------------------------------------------------------------------

def _qdot_solution(kdes, speeds):
    """Solve kinematical differential equations ``q' - f(u) = 0`` for the q'."""
    if kdes is None:
        return {}
    if isinstance(kdes, dict):
        return dict(kdes)
    exprs = [k.lhs - k.rhs if isinstance(k, sm.Equality) else sm.sympify(k) for k in kdes]
    t = sm.Symbol("t")
    qdots = sorted({d for e in exprs for d in e.atoms(sm.Derivative)
                    if d.args[1][0] == t and d.args[1][1] == 1}, key=sm.default_sort_key)
    if len(qdots) != len(exprs):
        raise ValueError(f"kdes must give one equation per q' (found {len(exprs)} "
                         f"equations and the derivatives {qdots})")
    sol = sm.solve(exprs, qdots, dict=True)
    if len(sol) != 1:
        raise ValueError("the kinematical differential equations could not be solved "
                         "uniquely for the q'")
    return sol[0]


def absolute_partial_velocities(coordinates, speeds, kdes=None):
    r"""Partial derivatives :math:`\partial\dot q_k/\partial u_r` of absolute coordinates.

    Parameters
    ----------
    coordinates : sequence of SymPy expressions
        The absolute coordinates ``[x_1, y_1, phi_1, x_2, ...]`` of the bodies as
        functions of the generalized coordinates (``dynamicsymbols``).
    speeds : sequence of dynamicsymbols
        The generalized speeds :math:`u_1 \dots u_n`.
    kdes : list of expressions ``q' - f(u)`` (or Eq), dict ``{q': f(u)}`` or None
        How the q' depend on the speeds; None when the speeds are the q'.

    Returns
    -------
    SymPy Matrix, shape (len(coordinates), len(speeds))
        Column r holds the "partial velocities" of the absolute coordinates.

    Raises
    ------
    ValueError
        If a coordinate rate is not linear in the speeds.

    Examples
    --------
    >>> import sympy.physics.mechanics as me
    >>> from mechlib import planar
    >>> q, u = me.dynamicsymbols('q u')
    >>> planar.absolute_partial_velocities([2*q, 0, q], [u], [q.diff() - u])
    Matrix([
    [2],
    [0],
    [1]])
    """
    t = sm.Symbol("t")
    speeds = list(speeds)
    if len(set(speeds)) != len(speeds):
        raise SpeedError(f"speeds must not repeat, got {speeds}")
    qdots = _qdot_solution(kdes, speeds)
    rates = sm.Matrix([sm.diff(sm.sympify(c), t) for c in coordinates]).xreplace(qdots)
    J = rates.jacobian(speeds)
    if J.has(*speeds):
        bad = [coordinates[k] for k in range(J.rows) if J[k, :].has(*speeds)]
        raise NonlinearSpeedError(f"the rates of {bad} are not linear in the speeds {speeds}; "
                         "check kdes (every q' must be given in terms of the speeds)")
    undifferentiated = [d for d in rates.atoms(sm.Derivative)]
    if undifferentiated:
        raise ValueError(f"the rates still contain {undifferentiated}; give kdes that "
                         "express these derivatives in terms of the speeds")
    return J


def project_onto_speeds(Q, coordinates, speeds, kdes=None):
    r"""Generalized active forces :math:`F_r = \sum_k Q_k\,\partial\dot q_k/\partial u_r`.

    Projects generalized forces in absolute coordinates onto generalized speeds:
    the result equals the :math:`F_r` of the partial-velocity route (Kane and
    Levinson 1985, p. 99) because :math:`\sum_k Q_k\,\delta q_k` is the virtual
    work of the loads.

    Parameters
    ----------
    Q : sequence
        Generalized forces in the order of ``coordinates``: either one 3-vector
        per body or a flat sequence.
    coordinates, speeds, kdes
        As for :func:`absolute_partial_velocities`.

    Returns
    -------
    SymPy Matrix, shape (len(speeds), 1)

    Examples
    --------
    A pendulum bar of length 2 pinned at the ground origin (phi is its
    generalized coordinate, u = phi'); its weight m g acts at its centre, the
    body origin:

    >>> import sympy as sm
    >>> import sympy.physics.mechanics as me
    >>> from mechlib import planar
    >>> phi, u = me.dynamicsymbols('phi u')
    >>> m, g = sm.symbols('m g')
    >>> coords = [sm.cos(phi), sm.sin(phi), phi]
    >>> Q = planar.point_force([0, -m*g], [0, 0], phi)
    >>> planar.project_onto_speeds(Q, coords, [u], [phi.diff() - u])
    Matrix([[-g*m*cos(phi(t))]])
    """
    flat = []
    for item in Q:
        if isinstance(item, (sm.MatrixBase, list, tuple, np.ndarray)):
            flat.extend(sm.Matrix(item))
        else:
            flat.append(item)
    if len(flat) != len(coordinates):
        raise ShapeError(f"Q has {len(flat)} components but there are "
                         f"{len(coordinates)} coordinates; give them in the same order")
    J = absolute_partial_velocities(coordinates, speeds, kdes)
    return J.T * sm.Matrix(flat)
