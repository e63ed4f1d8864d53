"""The book's colours and dash patterns: one palette for figures, plots and explorers.

Okabe-Ito hues (colour-blind safe) named by their role in the figures
(:data:`COLORS`), the dash pattern that tells the curves of a plot apart
in grey too (:func:`series`), and the contrast of a colour on white
(:func:`contrast_on_white`, :func:`text_color`). :mod:`mechlib.book.drawing`
draws with them and offers them under the same names (``drawing.COLORS``,
``drawing.series``).
"""

from __future__ import annotations

from ..errors import ParameterError

__all__ = ["COLORS", "LINESTYLES", "series", "TEXT_CONTRAST", "contrast_on_white",
           "text_color"]

#: Okabe-Ito colours (colour-blind safe), named by their role in the figures.
# The Okabe-Ito colour-blind-safe hues, with orange and sky blue darkened just
# enough that every line has a contrast of at least 3:1 on the white figure
# background (WCAG 2.1, non-text graphics); labels are darker still
# (text_color, 4.5:1).
COLORS = {
    "body": "#000000",
    "velocity": "#0072B2",
    "partial": "#009E73",
    "remainder": "#D55E00",
    "force": "#CC79A7",
    "torque": "#C58800",
    "frame": "#229DE2",
    "ground": "#7f7f7f",
}

#: Dash patterns for the curves of one plot, in order. Used with the colours,
#: they tell the curves apart for readers who do not tell the colours apart,
#: and on paper printed in grey: solid, dashed, dash-dotted, dotted, dash-dot-
#: dotted, long-dashed.
LINESTYLES = ("-", "--", "-.", ":", (0, (8, 2, 1, 2, 1, 2)), (0, (10, 3)))
_SERIES_COLORS = ("velocity", "remainder", "partial", "force", "torque", "frame")


def series(index):
    """Colour and dash pattern of a plot's ``index``-th curve (from 0).

    Keyword arguments for ``Axes.plot``, so that two curves of one plot never
    differ by colour alone:

    >>> series(0), series(1)
    ({'color': '#0072B2', 'linestyle': '-'}, {'color': '#D55E00', 'linestyle': '--'})
    >>> series(6)
    Traceback (most recent call last):
    ...
    mechlib.errors.ParameterError: series: index 6 is not a curve number from 0 to 5;
    a plot has at most 6 curves told apart by colour and dash pattern
    """
    if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < len(LINESTYLES):
        raise ParameterError(
            f"series: index {index!r} is not a curve number from 0 to "
            f"{len(LINESTYLES) - 1}; a plot has at most {len(LINESTYLES)} curves "
            "told apart by colour and dash pattern")
    return {"color": COLORS[_SERIES_COLORS[index]], "linestyle": LINESTYLES[index]}


#: Contrast on white that a label needs (WCAG 2.1 AA for normal text).
TEXT_CONTRAST = 4.5


def contrast_on_white(color) -> float:
    """WCAG contrast ratio of ``color`` against white (1 to 21).

    >>> round(contrast_on_white("#000000"), 1), round(contrast_on_white("#ffffff"), 1)
    (21.0, 1.0)
    """
    from matplotlib.colors import to_rgb

    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
              for c in to_rgb(color)]
    luminance = 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]
    return 1.05 / (luminance + 0.05)


def text_color(color, contrast=TEXT_CONTRAST) -> str:
    """``color`` darkened (same hue and saturation) until text in it reads on white.

    A label takes the hue of the arrow it names, but thin text needs more
    contrast than a line: 4.5:1 rather than 3:1.

    >>> text_color(COLORS["torque"])
    '#9c6c00'
    >>> text_color(COLORS["velocity"]) == COLORS["velocity"].lower()
    True
    """
    import colorsys

    from matplotlib.colors import to_hex, to_rgb

    hue, lightness, saturation = colorsys.rgb_to_hls(*to_rgb(color))
    candidate = to_hex(to_rgb(color))
    while contrast_on_white(candidate) < contrast and lightness > 0:
        lightness = max(lightness - 0.005, 0.0)
        candidate = to_hex(colorsys.hls_to_rgb(hue, lightness, saturation))
    return candidate
