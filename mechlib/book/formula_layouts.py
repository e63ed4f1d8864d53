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
(tests/mechlib/test_formula_layouts.py checks that). Written for the matplotlib
that requirements.txt pins (:data:`WRITTEN_FOR`), whose layout function has
the source digest :data:`LAYOUT`: with another matplotlib, or another layout
function, the block changes nothing and warns (``PatchedInternalsChanged``,
as a ``RuntimeWarning``): a reader's newer matplotlib draws the same pictures,
only slower; tests/test_patches.py fails in the book's environment
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
...     MathTextParser._parse_cached is before
False
>>> MathTextParser._parse_cached is before
True
"""

from __future__ import annotations

import contextlib
import functools
import warnings

__all__ = ["shared_formula_layouts"]

#: Distinct (formula, resolution, font) layouts kept in one block; an
#: explorer of the book needs fewer than a hundred.
MAX_LAYOUTS = 2048
#: The matplotlib this was written for, and the digest of the source of the
#: function its ``MathTextParser._parse_cached`` caches (the layout).
WRITTEN_FOR = ("matplotlib", "3.11.2")
LAYOUT = "291222482fda3cbdba165616b0cb170f"


def _written_for(layout) -> bool:
    """True if matplotlib and its layout function are the ones this was
    written for; else warn and return False."""
    from .patched import PatchedInternalsChanged, require_version

    try:
        require_version(*WRITTEN_FOR, "mechlib.book.formula_layouts (it replaces "
                        "MathTextParser._parse_cached)", layout, LAYOUT)
    except PatchedInternalsChanged as change:
        warnings.warn(f"{change} Until then formulas are laid out once per picture.",
                      RuntimeWarning, stacklevel=4)
        return False
    return True


@contextlib.contextmanager
def shared_formula_layouts(max_layouts: int = MAX_LAYOUTS):
    """Within the block, every mathtext parser of a kind shares its layouts."""
    from matplotlib.mathtext import MathTextParser

    per_parser = MathTextParser.__dict__.get("_parse_cached")
    layout = getattr(per_parser, "__wrapped__", None)
    if layout is None or not _written_for(layout) \
            or not hasattr(MathTextParser("path"), "_output_type"):
        yield
        return
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
