r"""Lay out each formula of an explorer's pictures once, not once per picture.

An explorer draws the same labels (``$P_1$``, ``$\bar{v}^{P_1}_1$``, ...) in
every one of its pictures, at two resolutions. matplotlib lays out a formula
(its mathtext, parsed with pyparsing) once per *parser*: its cache,
``MathTextParser._parse_cached``, is keyed by the parser object, and every
figure's Agg renderer makes a parser of its own. Each picture of an explorer is
a new figure, so every formula was laid out again in every picture: about half
of an explorer's time, and so of a chapter's execution (the parser's speed is
matplotlib/matplotlib#20821).

Within ``shared_formula_layouts()`` the cache is keyed by the parser's kind of
output ("vector" or "raster") instead, which is all of the parser that a layout
depends on: the layout itself is matplotlib's own function, called with the
same arguments, whatever they are. The pictures are byte for byte the same
(tests/mechlib/test_formula_layouts.py checks that).

Written for the matplotlib that requirements.txt pins (:data:`WRITTEN_FOR`),
whose layout function has the source digest :data:`LAYOUT`. With another
matplotlib (a reader's, anywhere in the range the wheel accepts), or another
layout function, the block changes nothing, and says nothing: the pictures
are the same, only slower to draw (:func:`shares_layouts` tells which).
It is the book's environment that must not drift from the pin:
:func:`require_written_for` raises there, through tests/test_patches.py
(CONTRIBUTING.md, "Patches of other projects' internals").

>>> import matplotlib
>>> matplotlib.use("Agg")
>>> import matplotlib.pyplot as plt
>>> from matplotlib.mathtext import MathTextParser
>>> before = MathTextParser._parse_cached
>>> with shared_formula_layouts():
...     for picture in range(3):
...         fig = plt.figure(figsize=(1, 1))
...         _ = fig.text(0.1, 0.5, r"$\bar{v}^{P_1}_1$")
...         fig.canvas.draw()
...         plt.close(fig)
...     replaced = MathTextParser._parse_cached is not before
>>> replaced == shares_layouts()      # True with requirements.txt's matplotlib
True
>>> MathTextParser._parse_cached is before
True
"""

from __future__ import annotations

import contextlib
import functools

__all__ = ["require_written_for", "shared_formula_layouts", "shares_layouts"]

#: Distinct (formula, resolution, font) layouts kept in one block; an
#: explorer of the book needs fewer than a hundred.
MAX_LAYOUTS = 2048
#: The matplotlib this was written for, and the digest of the source of the
#: function its ``MathTextParser._parse_cached`` caches (the layout).
WRITTEN_FOR = ("matplotlib", "3.11.2")
LAYOUT = "291222482fda3cbdba165616b0cb170f"


def _layout():
    """matplotlib's layout function, the one ``MathTextParser._parse_cached``
    caches, or None if the cache is not a wrapped function."""
    from matplotlib.mathtext import MathTextParser

    return getattr(MathTextParser.__dict__.get("_parse_cached"), "__wrapped__", None)


def require_written_for() -> None:
    """Raise ``PatchedInternalsChanged`` unless matplotlib and its layout
    function are the ones this was written for (tests/test_patches.py)."""
    from .patched import PatchedInternalsChanged, require_version

    what = "mechlib.book.formula_layouts (it replaces MathTextParser._parse_cached)"
    layout = _layout()
    if layout is None:
        raise PatchedInternalsChanged(
            f"{what} was written for {' '.join(WRITTEN_FOR)}, whose _parse_cached is a "
            "cached function; this matplotlib's is not (CONTRIBUTING.md, \"Patches of "
            "other projects' internals\").")
    require_version(*WRITTEN_FOR, what, layout, LAYOUT)


def shares_layouts() -> bool:
    """True if :func:`shared_formula_layouts` shares the layouts with the
    installed matplotlib; False if it leaves matplotlib alone (another version)."""
    from matplotlib.mathtext import MathTextParser

    from .patched import PatchedInternalsChanged

    try:
        require_written_for()
    except PatchedInternalsChanged:
        return False
    return hasattr(MathTextParser("path"), "_output_type")


@contextlib.contextmanager
def shared_formula_layouts(max_layouts: int = MAX_LAYOUTS):
    """Within the block, every mathtext parser of a kind shares its layouts
    (with another matplotlib than :data:`WRITTEN_FOR`, the block does nothing)."""
    from matplotlib.mathtext import MathTextParser

    if not shares_layouts():
        yield
        return
    per_parser = MathTextParser.__dict__["_parse_cached"]
    layout = per_parser.__wrapped__
    first_parser = {}

    @functools.lru_cache(max_layouts)
    def shared(output_type, *key):      # key: (s, dpi, prop, antialiased, ...)
        return layout(first_parser[output_type], *key)

    def by_kind(self, *key):
        first_parser.setdefault(self._output_type, self)
        return shared(self._output_type, *key)

    MathTextParser._parse_cached = by_kind
    try:
        yield
    finally:
        MathTextParser._parse_cached = per_parser
