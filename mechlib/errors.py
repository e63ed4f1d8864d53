"""Exceptions raised by mechlib.

Every exception names what is wrong with the input and how to fix it. Each
class subclasses a built-in exception (``ValueError`` or ``TypeError``), so
code that already catches those keeps working.

Examples
--------
>>> import sympy as sm
>>> import mechlib as ml
>>> issubclass(ml.errors.SpeedError, ValueError)
True
"""

__all__ = [
    "MechlibError",
    "SpeedError",
    "NonlinearSpeedError",
    "VelocityNotDefinedError",
    "LoadError",
    "UnknownLoadTargetError",
    "ConstraintError",
    "ShapeError",
    "MissingValueError",
    "ZeroLengthError",
    "NonFiniteValueError",
    "SingularMassMatrixError",
    "EquationsNotFormedError",
    "FrameNotConnectedError",
    "CoordinateError",
    "ConstraintViolationError",
    "PositionNotDefinedError",
    "ArgumentTypeError",
    "ParameterError",
    "UnknownCheckError",
    "NumpyMissingError",
    "SwitchingPointError",
    "IntegrationError",
]


class MechlibError(Exception):
    """Base class of every exception mechlib raises on purpose.

    Examples
    --------
    >>> import mechlib as ml
    >>> issubclass(ml.errors.ShapeError, ml.errors.MechlibError)
    True

    In IPython and Jupyter the error shows as its type and message, wrapped
    to the width of a code cell, without the traceback through mechlib's and
    SymPy's source: the message already says what is wrong and how to fix it.

    >>> error = ml.errors.ShapeError("A_n has 2 rows but there are 3 dependent "
    ...                              "speeds: pass one row per dependent speed.")
    >>> print("\\n".join(error._render_traceback_()))
    ShapeError: A_n has 2 rows but there are 3 dependent speeds: pass one row
        per dependent speed.
    """

    #: Width of the message an IPython front end shows, in characters.
    display_width = 79

    def _render_traceback_(self) -> list[str]:
        # IPython calls this hook, when an exception defines it, instead of
        # formatting the stack (InteractiveShell.showtraceback).
        import textwrap

        lines = []
        for number, paragraph in enumerate(str(self).splitlines() or [""]):
            first = f"{type(self).__name__}: " if number == 0 else "    "
            lines.extend(textwrap.wrap(paragraph, self.display_width,
                                       initial_indent=first, subsequent_indent="    ",
                                       break_on_hyphens=False)
                         or [first.rstrip()])
        return lines


class SpeedError(MechlibError, ValueError):
    """Generalized speeds that are not functions of time, or are repeated.

    Examples
    --------
    >>> import sympy as sm
    >>> import mechlib as ml
    >>> N = ml.kinematics.me.ReferenceFrame('N')
    >>> ml.partial_velocities([N.x], [sm.Symbol('u1')], N)
    Traceback (most recent call last):
    ...
    mechlib.errors.SpeedError: speed u1 is not a function of time ...
    """


class NonlinearSpeedError(MechlibError, ValueError):
    """A velocity (or constraint) that is not linear in the generalized speeds.

    Examples
    --------
    >>> import mechlib as ml
    >>> issubclass(ml.errors.NonlinearSpeedError, ValueError)
    True
    """


class VelocityNotDefinedError(MechlibError, ValueError):
    """A point or frame whose velocity in the requested frame is unknown.

    Examples
    --------
    >>> import mechlib as ml
    >>> issubclass(ml.errors.VelocityNotDefinedError, ValueError)
    True
    """


class LoadError(MechlibError, TypeError):
    """A load that is not a force on a point, a torque on a frame or an actuator.

    Examples
    --------
    >>> import mechlib as ml
    >>> issubclass(ml.errors.LoadError, TypeError)
    True
    """


class UnknownLoadTargetError(MechlibError, ValueError):
    """A load on a point or frame that belongs to no body of the system.

    Examples
    --------
    >>> import mechlib as ml
    >>> issubclass(ml.errors.UnknownLoadTargetError, ValueError)
    True
    """


class ConstraintError(MechlibError, ValueError):
    """Motion constraints of the wrong number, or singular for the dependent speeds.

    Examples
    --------
    >>> import mechlib as ml
    >>> issubclass(ml.errors.ConstraintError, ValueError)
    True
    """


class ShapeError(MechlibError, ValueError):
    """Arguments whose lengths or shapes do not match.

    Examples
    --------
    >>> import mechlib as ml
    >>> issubclass(ml.errors.ShapeError, ValueError)
    True
    """


class MissingValueError(MechlibError, ValueError):
    """Numerical evaluation asked for without a value for every symbol.

    Examples
    --------
    >>> import mechlib as ml
    >>> issubclass(ml.errors.MissingValueError, ValueError)
    True
    """


class ZeroLengthError(MechlibError, ValueError):
    """A spring, damper or actuator whose two end points coincide.

    Its direction (and, for a damper, its rate of stretch) is then undefined.

    Examples
    --------
    >>> import mechlib as ml
    >>> issubclass(ml.errors.ZeroLengthError, ValueError)
    True
    """


class NonFiniteValueError(MechlibError, ValueError):
    """A NaN, an infinity or ``None`` where a finite number is needed.

    Examples
    --------
    >>> import mechlib as ml
    >>> issubclass(ml.errors.NonFiniteValueError, ValueError)
    True
    """


class SingularMassMatrixError(MechlibError, ValueError):
    """A mass matrix that cannot be inverted at the state it was evaluated at.

    Usually a speed that moves no mass (a massless part), or a
    configuration where the coordinates are singular.

    Examples
    --------
    >>> import mechlib as ml
    >>> issubclass(ml.errors.SingularMassMatrixError, ValueError)
    True
    """


class EquationsNotFormedError(MechlibError, ValueError):
    """Equations of motion asked for before they were formed.

    Examples
    --------
    >>> import mechlib as ml
    >>> issubclass(ml.errors.EquationsNotFormedError, ValueError)
    True
    """


class FrameNotConnectedError(MechlibError, ValueError):
    """Two reference frames with no chain of orientations between them.

    Examples
    --------
    >>> import mechlib as ml
    >>> issubclass(ml.errors.FrameNotConnectedError, ValueError)
    True
    """


class CoordinateError(MechlibError, ValueError):
    """Generalized coordinates that are not functions of time, or repeated.

    Examples
    --------
    >>> import mechlib as ml
    >>> issubclass(ml.errors.CoordinateError, ValueError)
    True
    """


class ConstraintViolationError(MechlibError, ValueError):
    """A state (initial values, an operating point) that violates the
    configuration or motion constraints.

    Examples
    --------
    >>> import mechlib as ml
    >>> issubclass(ml.errors.ConstraintViolationError, ValueError)
    True
    """


class PositionNotDefinedError(MechlibError, ValueError):
    """A point whose position relative to another point is not defined.

    Examples
    --------
    >>> import mechlib as ml
    >>> issubclass(ml.errors.PositionNotDefinedError, ValueError)
    True
    """


class ArgumentTypeError(MechlibError, TypeError):
    """An argument of the wrong kind (a number where a frame belongs, ...).

    Examples
    --------
    >>> import mechlib as ml
    >>> issubclass(ml.errors.ArgumentTypeError, TypeError)
    True
    """


class ParameterError(MechlibError, ValueError):
    """A value outside its allowed range (a negative tolerance, a zero
    smoothing scale, no samples, an unknown option).

    Examples
    --------
    >>> import mechlib as ml
    >>> issubclass(ml.errors.ParameterError, ValueError)
    True
    """


class UnknownCheckError(MechlibError, ValueError):
    """An exercise check name that no chapter defines (``ml.check``).

    Examples
    --------
    >>> import mechlib as ml
    >>> ml.check("pv-other-speeds-v-B2", 0)
    Traceback (most recent call last):
    ...
    mechlib.errors.UnknownCheckError: check: no exercise is called 'pv-other-speeds-v-B2';
    did you mean 'pv-other-speeds-v-B-2', ...
    """


class NumpyMissingError(MechlibError, ImportError):
    """Numbers where this Python has no numpy: the book's web pages run SymPy
    in Pyodide, which has none (see ``mechlib._numpy``).

    Examples
    --------
    >>> import mechlib as ml
    >>> issubclass(ml.errors.NumpyMissingError, ImportError)
    True
    """


class SwitchingPointError(MechlibError, ValueError):
    """A linearization asked for where a load switches (the zero speed of
    Coulomb friction ``sign(u)``, the kink of ``Abs``, a boundary of a
    ``Piecewise``): the equations have no derivative there.

    Examples
    --------
    >>> import mechlib as ml
    >>> issubclass(ml.errors.SwitchingPointError, ValueError)
    True
    """


class IntegrationError(MechlibError, ValueError):
    """An integration that failed before the end of its time span (the
    integrator's step became too small: a singular or too stiff motion).

    Examples
    --------
    >>> import mechlib as ml
    >>> issubclass(ml.errors.IntegrationError, ValueError)
    True
    """
