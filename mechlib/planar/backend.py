r"""One code path for SymPy and NumPy: the backend of :mod:`mechlib.planar`.

Every planar function is written once, on scalar components, and runs in
one of two modes chosen by its input:

* **symbolic** if any input holds a SymPy expression (or is a SymPy matrix);
* **numeric** otherwise: inputs become NumPy arrays of floats.

This module also coerces and checks the inputs: vectors must have the
right number of components, numbers must be finite (NaN, an infinity and
``None`` are rejected in both modes with
:class:`~mechlib.errors.NonFiniteValueError`), and empty arrays are
rejected with :class:`~mechlib.errors.ShapeError`.

Examples
--------
>>> import sympy as sm
>>> from mechlib.planar import backend
>>> backend.is_symbolic([1.0, sm.Symbol('a')]), backend.is_symbolic([1.0, 2])
(True, False)
>>> be = backend.backend([0.0, 1.0])
>>> be.vector([1.0, 2.0], 2, 'F')
[array(1.), array(2.)]
"""

from __future__ import annotations

import sympy as sm

from .._numeric import finite_array
from .._numpy import numpy as np
from .._validation import NOT_FINITE, finite_float
from ..errors import (
    ArgumentTypeError,
    NonFiniteValueError,
    ParameterError,
    ShapeError,
    ZeroLengthError,
)

__all__ = ["is_symbolic", "Backend", "backend", "coerce_parameter",
           "check_smoothing", "check_level", "check_length"]

NUMERIC_SCALARS = (float, int, np.floating, np.integer)


def is_symbolic(*args):
    """True if any argument (or element of a nested sequence) is SymPy.

    Examples
    --------
    >>> import sympy as sm
    >>> from mechlib.planar.backend import is_symbolic
    >>> is_symbolic(1.0, [2.0, [sm.pi]])
    True
    """
    for arg in args:
        if arg is None or isinstance(arg, NUMERIC_SCALARS):
            continue
        if isinstance(arg, np.ndarray):
            if arg.dtype == object and any(isinstance(a, sm.Basic)
                                           for a in arg.flat):
                return True
        elif isinstance(arg, (sm.Basic, sm.MatrixBase)):
            return True
        elif isinstance(arg, (list, tuple)):
            if is_symbolic(*arg):
                return True
    return False


def _contains_none(value):
    if value is None:
        return True
    if isinstance(value, (list, tuple)):
        return any(_contains_none(v) for v in value)
    if isinstance(value, np.ndarray) and value.dtype == object:
        return any(v is None for v in value.flat)
    return False


def _reject_none(value, name):
    if _contains_none(value):
        raise NonFiniteValueError(
            f"{name} is or contains None ({value!r}); give a finite number "
            "for every component")


def _reject_string(value, name):
    if isinstance(value, (str, bytes)):
        raise ArgumentTypeError(
            f"{name} = {value!r} is a string; give numbers or SymPy "
            "expressions (strings are not parsed: write sm.Symbol('k'))")


def _check_symbolic(expr, name):
    if isinstance(expr, sm.Basic) and expr.has(*NOT_FINITE):
        raise NonFiniteValueError(
            f"{name} contains NaN or an infinity ({expr}); give finite "
            "values or symbols")
    return expr


def _check_numeric(array, name, value):
    if array.size == 0:
        raise ShapeError(
            f"{name} is empty ({value!r}); give at least one value")
    finite_array(array, name, hint=" (a NaN usually comes from an earlier failed "
                 "computation or a missing value)")
    return array


class Backend:
    """Functions and input coercion of one mode (SymPy or NumPy).

    Parameters
    ----------
    symbolic : bool
        True for SymPy, False for NumPy.
    """

    def __init__(self, symbolic):
        self.symbolic = symbolic
        self.shape = ()  # numeric mode: the broadcast shape of the inputs
        mod = sm if symbolic else np
        self.cos, self.sin, self.sqrt = mod.cos, mod.sin, mod.sqrt
        self.sign, self.tanh = mod.sign, mod.tanh

    def scalar(self, value, name):
        """A scalar argument (in the numeric mode: an array of any shape).

        Raises :class:`~mechlib.errors.NonFiniteValueError` for NaN, an
        infinity or ``None``.
        """
        _reject_none(value, name)
        _reject_string(value, name)
        if self.symbolic:
            try:
                expr = sm.sympify(value)
            except (sm.SympifyError, TypeError, ValueError) as exc:
                raise ShapeError(
                    f"{name} must be a number or a SymPy expression, got "
                    f"{value!r}") from exc
            if not isinstance(expr, sm.Expr) or getattr(expr, "is_Matrix", False):
                raise ShapeError(
                    f"{name} must be a scalar, got {value!r}; pass one "
                    "component")
            return _check_symbolic(expr, name)
        try:
            a = np.asarray(value, dtype=float)
        except (TypeError, ValueError) as exc:
            raise ShapeError(
                f"{name} must be a number (or an array of numbers), got "
                f"{value!r}") from exc
        return self._broadcast(_check_numeric(a, name, value), a.shape, name)

    def vector(self, value, size, name):
        """The ``size`` components of a vector argument, as a list.

        Raises :class:`~mechlib.errors.ShapeError` for a wrong number of
        components and :class:`~mechlib.errors.NonFiniteValueError` for
        NaN, an infinity or ``None``.
        """
        _reject_none(value, name)
        _reject_string(value, name)
        if self.symbolic:
            try:
                m = sm.Matrix(value)
            except (TypeError, ValueError) as exc:
                raise ShapeError(
                    f"{name} must be a sequence of {size} components, got "
                    f"{value!r}") from exc
            if len(m) != size or 1 not in m.shape:
                raise ShapeError(
                    f"{name} must have {size} components, got shape "
                    f"{m.shape}; give it as a list or a column Matrix")
            return [_check_symbolic(m[k], name) for k in range(size)]
        try:
            a = np.asarray(value, dtype=float)
        except (TypeError, ValueError) as exc:
            raise ShapeError(
                f"{name} must be {size} numbers (or SymPy expressions for "
                f"the symbolic mode), got {value!r}") from exc
        if a.ndim == 0 or a.shape[-1] != size:
            raise ShapeError(
                f"{name} must have {size} components in its last axis, got "
                f"an array of shape {a.shape}; give {size} numbers per "
                "state")
        _check_numeric(a, name, value)
        self._broadcast(a, a.shape[:-1], name)
        return [a[..., k] for k in range(size)]

    def _broadcast(self, array, shape, name):
        try:
            self.shape = np.broadcast_shapes(self.shape, shape)
        except ValueError:
            raise ShapeError(
                f"{name} has the leading shape {shape}, which does not "
                f"broadcast with the other inputs' {self.shape}; give "
                "every vectorised input the same number of states") from None
        return array

    def pack(self, components):
        """A SymPy column Matrix, or a NumPy array with the last axis last."""
        if self.symbolic:
            return sm.Matrix([sm.sympify(c) for c in components])
        arrays = [np.asarray(c, dtype=float) for c in components]
        if all(a.ndim == 0 for a in arrays):  # one state: the fast path
            out = np.array(arrays) + 0.0  # + 0.0 turns -0.0 into 0.0
        else:
            out = np.stack(np.broadcast_arrays(*arrays), axis=-1) + 0.0
        if not np.all(np.isfinite(out)):
            raise NonFiniteValueError(
                "the result is not finite although every input was: an "
                "input is too large (overflow), or an actuator returned "
                "NaN or an infinity; check the actuator function and the "
                "size of the inputs")
        return out


def backend(*args):
    """The :class:`Backend` of the mode that the arguments call for."""
    return Backend(is_symbolic(*args))


def coerce_parameter(value, name):
    """A constant of an element (stiffness, damping ...): number or SymPy.

    Examples
    --------
    >>> from mechlib.planar.backend import coerce_parameter
    >>> coerce_parameter(2, 'k')
    2
    >>> coerce_parameter(float('nan'), 'k')
    Traceback (most recent call last):
    ...
    mechlib.errors.NonFiniteValueError: k = nan is not a finite number; give one finite number ...
    """
    if isinstance(value, sm.Basic):
        if not isinstance(value, sm.Expr):
            raise ShapeError(f"{name} must be a scalar, got {value!r}")
        return _check_symbolic(value, name)
    finite_float(value, name, "give one finite number (0 for none) or a SymPy "
                 "expression", not_a_number=ShapeError)
    return value


def check_smoothing(smoothing):
    """Check a friction smoothing scale: ``None`` or a positive number.

    Examples
    --------
    >>> from mechlib.planar.backend import check_smoothing
    >>> check_smoothing(0.1)
    0.1
    """
    if smoothing is None:
        return None
    smoothing = coerce_parameter(smoothing, "smoothing")
    if isinstance(smoothing, sm.Basic) and smoothing.is_positive is False or \
            not isinstance(smoothing, sm.Basic) and not float(smoothing) > 0:
        raise ParameterError(
            "smoothing must be a positive rate scale (or None for the exact "
            f"sign), got {smoothing!r}: tanh(rate / smoothing) is undefined "
            "at 0 and reverses the friction for a negative scale")
    return smoothing


def check_level(level):
    """A friction level (number, array or SymPy), if it is not negative.

    >>> check_level(-1.0)
    Traceback (most recent call last):
    ...
    mechlib.errors.ParameterError: the friction level is negative (-1.0); ...
    """
    negative = (level.is_negative if isinstance(level, sm.Basic)
                else bool(np.any(np.asarray(level, dtype=float) < 0)))
    if negative:
        raise ParameterError(
            f"the friction level is negative ({level}); give f_F >= 0, the "
            "magnitude of the dry friction (its direction comes from the "
            "sign of the rate)")
    return level


def check_length(be, dx, dy, min_length):
    """Raise ``ZeroLengthError`` where the vector ``(dx, dy)`` is too short.

    Numeric mode: a length at or below ``min_length`` (at any index of a
    vectorised input).  Symbolic mode: a cheap test (expansion, no
    simplify) that catches points that coincide by construction; any
    other symbolic length is assumed nonzero.

    Examples
    --------
    >>> from mechlib.planar.backend import backend, check_length
    >>> check_length(backend(1.0), 0.0, 0.0, 1e-12)
    Traceback (most recent call last):
    ...
    mechlib.errors.ZeroLengthError: the spring's length is 0, ...
    """
    if be.symbolic:
        if sm.expand(dx) == 0 and sm.expand(dy) == 0:
            raise ZeroLengthError(
                "the spring's length is identically zero: its points "
                "P_i and P_j coincide, so the direction of its force "
                "is undefined; attach it to distinct points")
        return
    length2 = np.asarray(dx**2 + dy**2, dtype=float)
    bad = np.asarray(~(length2 > min_length**2))
    if np.any(bad):
        where = ("" if np.ndim(bad) == 0
                 else f" (at index {np.argwhere(bad)[0].tolist()})")
        value = float(np.sqrt(length2[bad].flat[0]))
        raise ZeroLengthError(
            f"the spring's length is {value:.3g}{where}, at or below "
            f"min_length={min_length}: its points P_i and P_j "
            "coincide and the direction d/length of its force is "
            "undefined. Attach the element to points that cannot meet "
            "in the motion, or lower min_length if the length is "
            "merely small")
