"""numpy, where this Python has it; where it has not (the book's web pages
run SymPy in Pyodide, which has no numpy), a stand-in that lets the symbolic
paths run and says what to do when numbers need numpy.

Modules that work with SymPy values as well as numbers import numpy from here
(``from .._numpy import numpy as np``): ``isinstance(x, np.ndarray)`` is then
False for every value, and any other use of numpy raises
:class:`mechlib.errors.NumpyMissingError`.

Examples
--------
>>> from mechlib._numpy import Absent
>>> np = Absent()
>>> isinstance(1.0, np.ndarray), isinstance(1.0, (float, np.floating))
(False, True)
>>> np.asarray([1.0])  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
mechlib.errors.NumpyMissingError: numpy.asarray needs numpy, which this Python ...
"""

from __future__ import annotations

from .errors import NumpyMissingError

__all__ = ["numpy", "Absent"]


class Absent:
    """What stands for numpy where it is missing (see the module)."""

    #: numpy's types: classes of which no value is an instance
    ndarray = type("ndarray", (), {})
    floating = type("floating", (), {})
    integer = type("integer", (), {})
    generic = type("generic", (), {})

    def __getattr__(self, name):
        raise NumpyMissingError(
            f"numpy.{name} needs numpy, which this Python does not have (the "
            "book's web pages run SymPy only): give SymPy values (symbols, "
            "sympy.Rational) to work symbolically, or run the code in Jupyter")


try:
    import numpy
except ImportError:
    numpy = Absent()
