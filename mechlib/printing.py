r"""Printing: unit vectors with hats, time derivatives with dots.

SymPy prints the unit vectors of a frame ``N`` as ``\mathbf{\hat{n}_x}``
(bold, from ``ReferenceFrame.latex_vecs``); the book prints them as
``\hat{n}_x``. This module changes that in the least invasive way we found:
a LaTeX printer, :class:`HatLatexPrinter`, which is SymPy's own
``VectorLatexPrinter`` (dots for time derivatives, ``q_{1}`` for ``q1(t)``)
with one difference, a vector's unit vectors are printed without the
``\mathbf`` wrapper. Nothing in SymPy is patched and no frame is modified:

* the printer reads each frame's ``latex_vecs`` when it prints, so frames
  created before or after :func:`init_printing` print the same way, and a
  frame created with custom ``latexs=`` keeps them (only a surrounding
  ``\mathbf{...}`` is removed);
* :func:`init_printing` hands the printer to ``sympy.init_printing`` through
  its documented ``latex_printer`` argument, together with the string and
  pretty printers that ``sympy.physics.vector.init_vprinting`` uses.

Plain-text output (``text/plain``) is SymPy's vector pretty printer, which is
deterministic: terms are ordered by SymPy's canonical ordering and vectors
by the order their frames were combined in.
"""

import inspect
import re

import sympy as sm
from sympy.core.add import Add
from sympy.physics.vector import Vector
from sympy.physics.vector.printing import VectorLatexPrinter, vpprint, vsstrrepr

from ._validation import check_frame
from .errors import ArgumentTypeError, ParameterError

# ``collected`` moved to mechlib.book.display (it formats, it does not print)
__all__ = ["HatLatexPrinter", "latex", "unit_vector_latex", "init_printing"]

_MATHBF = re.compile(r"^\\mathbf\{(.*)\}$", re.DOTALL)


def unit_vector_latex(frame, index):
    r"""LaTeX of a frame's unit vector, with a hat and without bold.

    Parameters
    ----------
    frame : ReferenceFrame
        The frame (a ``sympy.physics.vector.ReferenceFrame``).
    index : int
        0, 1 or 2 for the x, y or z unit vector.

    Returns
    -------
    str
        ``frame.latex_vecs[index]`` with a surrounding ``\mathbf{...}``
        removed.

    Examples
    --------
    >>> import sympy.physics.mechanics as me
    >>> from mechlib.printing import unit_vector_latex
    >>> unit_vector_latex(me.ReferenceFrame('N'), 0)
    '\\hat{n}_x'
    >>> unit_vector_latex(me.ReferenceFrame('B', indices=('1', '2', '3')), 2)
    '\\hat{b}_{3}'
    """
    check_frame(frame)
    if index not in (0, 1, 2) or isinstance(index, bool):
        raise ParameterError(
            f"index = {index!r}; give 0, 1 or 2 for the x, y or z unit "
            "vector")
    text = frame.latex_vecs[index]
    match = _MATHBF.match(text)
    return match.group(1) if match else text


class HatLatexPrinter(VectorLatexPrinter):
    r"""SymPy's vector LaTeX printer, with unit vectors printed as hats.

    ``Vector`` defines its own ``_latex`` method, which a printer calls before
    any ``_print_Vector`` method; so this printer catches vectors in
    ``_print`` and prints them itself, term by term in the same order as
    ``Vector._latex``. Dyadics print through ``Dyadic._latex``, which prints
    its unit vectors with this printer, so they get hats too.

    Examples
    --------
    >>> import sympy.physics.mechanics as me
    >>> from mechlib.printing import HatLatexPrinter
    >>> N = me.ReferenceFrame('N')
    >>> HatLatexPrinter().doprint(me.outer(N.x, N.y))
    '\\hat{n}_x\\otimes \\hat{n}_y'
    """

    def __init__(self, settings=None):
        if settings is not None and not isinstance(settings, dict):
            raise ArgumentTypeError(
                f"settings must be a dict of LatexPrinter settings, got "
                f"{type(settings).__name__}")
        try:
            super().__init__(settings)
        except TypeError as error:  # an unknown setting
            raise ArgumentTypeError(
                f"{error} Give settings of sympy's LatexPrinter (e.g. "
                "mode='inline', mul_symbol='dot'); see "
                "sympy.printing.latex.LatexPrinter._default_settings"
            ) from None
        except ValueError as error:  # a known setting with a bad value
            raise ParameterError(
                f"{error}; see sympy.printing.latex for the allowed values"
            ) from None

    def _print(self, expr, **kwargs):
        if isinstance(expr, Vector):
            return self._print_hat_vector(expr)
        return super()._print(expr, **kwargs)

    def _print_hat_vector(self, vector):
        if len(vector.args) == 0:
            return "0"
        terms = []
        for measures, frame in vector.args:
            for j in range(3):
                coefficient = measures[j]
                unit = unit_vector_latex(frame, j)
                if coefficient == 0:
                    continue
                if coefficient == 1:
                    terms.append(" + " + unit)
                elif coefficient == -1:
                    terms.append(" - " + unit)
                else:
                    text = self._print(coefficient)
                    if isinstance(coefficient, Add):
                        text = r"\left(%s\right)" % text
                    if text.startswith("-"):
                        terms.append(" - " + text[1:] + unit)
                    else:
                        terms.append(" + " + text + unit)
        out = "".join(terms)
        if out.startswith(" + "):
            return out[3:]
        return out.lstrip()


def latex(expr, **settings):
    r"""Return the LaTeX of ``expr`` as the book prints it.

    Like ``sympy.physics.vector.vlatex`` (dots for time derivatives, no
    ``(t)``), with unit vectors printed as ``\hat{n}_x``.

    Parameters
    ----------
    expr : Vector, Dyadic, sympy expression, or list/tuple of them
        What to print.
    **settings
        Settings of SymPy's ``LatexPrinter`` (``mode``, ``mul_symbol``, ...).

    Returns
    -------
    str

    Examples
    --------
    >>> import sympy.physics.mechanics as me
    >>> import mechlib as ml
    >>> N = me.ReferenceFrame('N')
    >>> q1 = me.dynamicsymbols('q1')
    >>> ml.printing.latex(q1.diff()*N.x - 2*N.z)
    '\\dot{q}_{1}\\hat{n}_x - 2\\hat{n}_z'
    """
    return HatLatexPrinter(settings).doprint(expr)


def init_printing(**kwargs):
    r"""Set up notebook printing for the book: one call per notebook.

    Afterwards SymPy expressions, vectors and dyadics (and lists of them)
    display as MathJax LaTeX, with dots for time derivatives (``\dot{q}_1``),
    dynamic symbols without ``(t)``, and unit vectors of every
    ``ReferenceFrame`` as hats (``\hat{n}_x``, not bold). No class is
    replaced and no frame is changed; see the module docstring.

    Parameters
    ----------
    **kwargs
        Passed on to ``sympy.init_printing``; ``use_latex`` defaults to
        ``'mathjax'``. The string, pretty and LaTeX printers are mechlib's.

    Examples
    --------
    Outside a notebook this only installs a display hook; here with plain
    string output:

    >>> import sympy.physics.mechanics as me
    >>> import mechlib as ml
    >>> ml.init_printing(pretty_print=False)
    >>> q1 = me.dynamicsymbols('q1')
    >>> q1.diff()
    q1'
    """
    from sympy.printing.latex import LatexPrinter
    from sympy.printing.pretty.pretty import PrettyPrinter
    from sympy.printing.str import StrPrinter
    allowed = set(inspect.signature(sm.init_printing).parameters) - {
        "settings"}
    for printer in (LatexPrinter, PrettyPrinter, StrPrinter):
        allowed |= set(printer._default_settings)
    unknown = sorted(set(kwargs) - allowed)
    if unknown:
        raise ArgumentTypeError(
            f"init_printing got the unknown keyword(s) {unknown}; it takes "
            f"the keywords of sympy.init_printing: {sorted(allowed)}")
    kwargs.setdefault("use_latex", "mathjax")
    kwargs["str_printer"] = vsstrrepr
    kwargs["pretty_printer"] = vpprint
    kwargs["latex_printer"] = latex
    sm.init_printing(**kwargs)
