"""Drawing helpers shared by the book's figures and its interactive explorers.

Every figure of the book is drawn by a script in ``figures/`` that uses these
helpers, so that all figures share one style: a white background (readable in
the light and the dark theme), the colour-blind-safe palette of
``mechlib.book.colors`` (``drawing.COLORS``, ``drawing.series``), and SVG
output that changes only when the picture changes.

Examples
--------
>>> import matplotlib
>>> matplotlib.use("Agg")
>>> from mechlib import drawing
>>> fig, ax = drawing.new_figure(3, 2)
>>> line = drawing.link(ax, (0, 0), (1, -1))
>>> arrow = drawing.vector(ax, (1, -1), (0.5, 0.0), label=r"$\\bar{v}$")
>>> joint = drawing.pin(ax, (0, 0))
>>> drawing.save_svg(fig, "/tmp/sketch.svg")
"""

from __future__ import annotations

import io
from pathlib import Path

import matplotlib.pyplot as plt
import numpy as np
from matplotlib.patches import FancyArrowPatch

from ..errors import ParameterError, ShapeError, ZeroLengthError
from .colors import COLORS, LINESTYLES, TEXT_CONTRAST, contrast_on_white, series, text_color  # noqa: F401

__all__ = [
    "COLORS",
    "LINESTYLES",
    "series",
    "contrast_on_white",
    "text_color",
    "readable_labels",
    "new_figure",
    "vector",
    "link",
    "pin",
    "particle",
    "ground",
    "angle_arc",
    "save_svg",
    "spring",
    "damper",
    "moment_vector",
    "oblique_projection",
    "vector_sum",
    "slider",
    "text_box",
    "connector",
    "frame_triad",
]

def new_figure(width=4.0, height=3.0):
    """Return ``(fig, ax)`` with equal axis scales, no axis lines and a white background.

    Parameters
    ----------
    width, height : float
        Size of the figure in inches.
    """
    fig, ax = plt.subplots(figsize=(width, height))
    fig.patch.set_facecolor("white")
    ax.set_facecolor("white")
    ax.set_aspect("equal")
    ax.axis("off")
    return fig, ax


def vector(ax, tail, components, label=None, color=COLORS["velocity"],
           label_offset=(0.05, 0.05), linewidth=2.0, linestyle="-", **text_kwargs):
    """Draw a vector as an arrow from ``tail`` with the given ``components``.

    Parameters
    ----------
    ax : matplotlib Axes
    tail : pair of float
        Where the arrow starts.
    components : pair of float
        The vector; the head is at ``tail + components``.
    label : str, optional
        Text (may hold TeX between dollars) placed near the head.
    color : str
        Arrow and label colour.
    label_offset : pair of float
        Offset of the label from the head, in data units.
    """
    tail = np.asarray(tail, dtype=float)
    head = tail + np.asarray(components, dtype=float)
    arrow = FancyArrowPatch(tuple(tail), tuple(head), arrowstyle="-|>",
                            mutation_scale=14, color=color, linewidth=linewidth,
                            linestyle=linestyle, shrinkA=0, shrinkB=0)
    ax.add_patch(arrow)
    if label is not None:
        ax.text(*(head + np.asarray(label_offset)), label, color=text_color(color),
                **text_kwargs)
    return arrow


def link(ax, start, end, color=COLORS["body"], linewidth=3.0):
    """Draw a massless link or a thin rod as a thick line from ``start`` to ``end``."""
    (x0, y0), (x1, y1) = start, end
    (line,) = ax.plot([x0, x1], [y0, y1], color=color, linewidth=linewidth,
                      solid_capstyle="round")
    return line


def pin(ax, position, size=0.05, color=COLORS["body"]):
    """Draw a revolute joint as a small open circle at ``position``."""
    circle = plt.Circle(position, size, facecolor="white", edgecolor=color,
                        linewidth=1.5, zorder=5)
    ax.add_patch(circle)
    return circle


def particle(ax, position, label=None, size=0.08, color=COLORS["body"],
             label_offset=(0.1, 0.0), **text_kwargs):
    """Draw a particle as a filled circle, optionally labelled."""
    circle = plt.Circle(position, size, color=color, zorder=6)
    ax.add_patch(circle)
    if label is not None:
        x, y = position
        ax.text(x + label_offset[0], y + label_offset[1], label, va="center",
                **text_kwargs)
    return circle


def ground(ax, start, end, hatch_length=0.08, spacing=0.1, color=COLORS["ground"]):
    """Draw a hatched ground line from ``start`` to ``end`` (hatches below it)."""
    start = np.asarray(start, dtype=float)
    end = np.asarray(end, dtype=float)
    ax.plot(*zip(start, end, strict=True), color=color, linewidth=1.5)
    along = end - start
    length = float(np.hypot(*along))
    count = max(int(length / spacing), 1)
    for s in np.linspace(0.0, 1.0, count + 1):
        x, y = start + s * along
        ax.plot([x, x - hatch_length], [y, y - hatch_length], color=color,
                linewidth=1.0)


def angle_arc(ax, center, radius, start_deg, end_deg, label=None,
              color=COLORS["body"], **text_kwargs):
    """Draw an arc with an arrow head marking an angle from ``start_deg`` to ``end_deg``."""
    theta = np.radians(np.linspace(start_deg, end_deg, 30))
    x = center[0] + radius * np.cos(theta)
    y = center[1] + radius * np.sin(theta)
    ax.plot(x[:-1], y[:-1], color=color, linewidth=1.0)
    ax.add_patch(FancyArrowPatch((x[-2], y[-2]), (x[-1], y[-1]), arrowstyle="-|>",
                                 mutation_scale=8, color=color, linewidth=1.0))
    if label is not None:
        mid = np.radians(0.5 * (start_deg + end_deg))
        ax.text(center[0] + 1.25 * radius * np.cos(mid),
                center[1] + 1.25 * radius * np.sin(mid), label, color=text_color(color),
                ha="center", va="center", **text_kwargs)


def readable_labels(fig):
    """Darken every text of ``fig`` whose contrast on white is below 4.5:1.

    Labels take the colour of what they name; this keeps the hue and makes
    thin text legible (``save_svg`` applies it to every figure of the book).

    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> fig, ax = new_figure()
    >>> label = ax.text(0, 0, "T", color=COLORS["torque"])
    >>> readable_labels(fig)
    >>> label.get_color()
    '#9c6c00'
    """
    from matplotlib.text import Text

    for text in fig.findobj(Text):
        if text.get_text() and contrast_on_white(text.get_color()) < TEXT_CONTRAST:
            text.set_color(text_color(text.get_color()))


def save_svg(fig, path):
    """Save ``fig`` as a reproducible SVG (fixed ids, no date) and close it.

    Labels too light to read on the white background are darkened first
    (``readable_labels``).

    Parameters
    ----------
    fig : matplotlib Figure
    path : str or pathlib.Path
        Where to write the SVG.
    """
    readable_labels(fig)
    with plt.rc_context({"svg.hashsalt": "mechbook", "svg.fonttype": "path"}):
        buffer = io.StringIO()
        fig.savefig(buffer, format="svg", bbox_inches="tight", metadata={"Date": None},
                    facecolor="white", dpi=200)
    plt.close(fig)
    Path(path).write_text(buffer.getvalue(), encoding="utf-8")


def _segment(start, end, what):
    """``start``, ``end``, the vector between them and its left unit normal."""
    start = np.asarray(start, dtype=float)
    end = np.asarray(end, dtype=float)
    along = end - start
    length = float(np.hypot(*along))
    if length == 0.0:
        raise ZeroLengthError(f"{what}: start and end coincide; give two distinct points")
    return start, end, along, np.array([-along[1], along[0]]) / length


def spring(ax, start, end, coils=6, width=0.08, lead=0.15, color=COLORS["body"],
           linewidth=1.2):
    """Draw a translational spring as a zigzag from ``start`` to ``end``.

    Parameters
    ----------
    ax : matplotlib Axes
    start, end : pair of float
        The two attachment points.
    coils : int
        Number of zigzag teeth.
    width : float
        Half the width of the zigzag, in data units.
    lead : float
        Fraction of the length drawn as straight leads at either end.

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> from mechlib import drawing
    >>> fig, ax = drawing.new_figure()
    >>> line = drawing.spring(ax, (0, 0), (1, 0))
    """
    start, end, along, normal = _segment(start, end, "spring")
    s = np.linspace(lead, 1.0 - lead, 2 * coils + 1)
    offsets = np.zeros_like(s)
    offsets[1:-1:2] = width
    offsets[2:-1:2] = -width
    points = [start, *(start + si * along + oi * normal
                       for si, oi in zip(s, offsets, strict=True)), end]
    points = np.array(points)
    (line,) = ax.plot(points[:, 0], points[:, 1], color=color, linewidth=linewidth,
                      solid_joinstyle="miter")
    return line


def damper(ax, start, end, width=0.08, color=COLORS["body"], linewidth=1.2):
    """Draw a viscous damper (dashpot) from ``start`` to ``end``.

    The cylinder is attached at ``start`` and the piston rod at ``end``.

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> from mechlib import drawing
    >>> fig, ax = drawing.new_figure()
    >>> lines = drawing.damper(ax, (0, 0), (1, 0))
    """
    start, end, along, normal = _segment(start, end, "damper")
    c0 = start + 0.3 * along          # bottom of the cylinder
    c1 = start + 0.7 * along          # open end of the cylinder
    piston = start + 0.55 * along
    segments = [
        (start, c0),
        (c0 - width * normal, c0 + width * normal),
        (c0 + width * normal, c1 + width * normal),
        (c0 - width * normal, c1 - width * normal),
        (piston - 0.7 * width * normal, piston + 0.7 * width * normal),
        (piston, end),
    ]
    return [ax.plot(*zip(a, b, strict=True), color=color, linewidth=linewidth)[0]
            for a, b in segments]


def moment_vector(ax, tail, components, label=None, color=COLORS["torque"],
                  label_offset=(0.05, 0.05), linewidth=2.0, **text_kwargs):
    """Draw a torque (moment) vector as an arrow with a double head.

    The double head tells a torque from a force drawn with :func:`vector`.

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> from mechlib import drawing
    >>> fig, ax = drawing.new_figure()
    >>> arrows = drawing.moment_vector(ax, (0, 0), (0, 1), label=r"$\\bar{T}$")
    """
    tail = np.asarray(tail, dtype=float)
    components = np.asarray(components, dtype=float)
    length = float(np.hypot(*components))
    if length == 0.0:
        return []
    head = tail + components
    back = 0.12 * components / length * min(1.0, 4 * length)
    first = FancyArrowPatch(tuple(tail), tuple(head), arrowstyle="-|>", mutation_scale=12,
                            color=color, linewidth=linewidth, shrinkA=0, shrinkB=0)
    second = FancyArrowPatch(tuple(tail), tuple(head - back), arrowstyle="-|>",
                             mutation_scale=12, color=color, linewidth=linewidth,
                             shrinkA=0, shrinkB=0)
    ax.add_patch(first)
    ax.add_patch(second)
    if label is not None:
        ax.text(*(head + np.asarray(label_offset)), label, color=text_color(color),
                **text_kwargs)
    return [first, second]


def oblique_projection(x_screen=(0.0, -1.0), y_screen=(1.0, 0.0), z_screen=(0.45, 0.35)):
    """Return a function that maps 3D points to 2D page coordinates.

    A parallel (oblique) projection: the three arguments are where the unit
    vectors along x, y and z land on the page. It is enough for schematic 3D
    figures drawn with the 2D helpers of this module.

    Examples
    --------
    >>> project = oblique_projection()
    >>> project((1.0, 2.0, 0.0))
    array([ 2., -1.])
    """
    matrix = np.array([x_screen, y_screen, z_screen], dtype=float).T

    def project(point):
        return matrix @ np.asarray(point, dtype=float)

    return project


def vector_sum(ax, tail, terms, colors=None, labels=None, total_label=None,
               total_color=COLORS["velocity"], label_offsets=None,
               total_label_offset=(0.05, 0.05), label_distance=0.25, **text_kwargs):
    """Draw vectors tip to tail from ``tail``, and their sum as one arrow from ``tail``.

    This is the picture of a vector written as a sum, for example a velocity as
    the sum of partial velocities times generalized speeds plus a remainder.

    Parameters
    ----------
    ax : matplotlib Axes
    tail : pair of float
        Where the first term and the sum start.
    terms : sequence of pairs of float
        The vectors to add, in the order they are drawn.  A term of zero length
        is skipped (no arrow and no label).
    colors : sequence of str, optional
        One colour per term (default: ``COLORS["partial"]`` for every term).
    labels : sequence of str or None, optional
        One label per term, placed near the middle of its arrow.
    total_label : str, optional
        Label of the sum, placed near its head.
    total_color : str
        Colour of the sum.
    label_offsets : sequence of pairs of float, optional
        Offset of each term's label from the middle of its arrow, in data
        units.  By default each label sits ``label_distance`` to the right of
        its arrow (seen looking along the arrow).
    total_label_offset : pair of float
        Offset of the sum's label from its head.
    label_distance : float
        Distance of the default label positions from their arrows.

    Returns
    -------
    numpy.ndarray
        The head of the sum, ``tail + sum(terms)``.

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> from mechlib import drawing
    >>> fig, ax = drawing.new_figure()
    >>> drawing.vector_sum(ax, (0, 0), [(1, 0), (0, 0), (0, 0.5)],
    ...                    labels=["a", "b", "c"], total_label="a + b + c")
    array([1. , 0.5])
    """
    tail = np.asarray(tail, dtype=float)
    terms = [np.asarray(term, dtype=float) for term in terms]
    count = len(terms)
    colors = [COLORS["partial"]] * count if colors is None else list(colors)
    labels = [None] * count if labels is None else list(labels)
    if label_offsets is None:
        label_offsets = []
        for term in terms:
            length = float(np.hypot(*term))
            right = (np.array([term[1], -term[0]]) / length if length > 0.0
                     else np.zeros(2))
            label_offsets.append(label_distance * right)
    else:
        label_offsets = list(label_offsets)
    if not len(colors) == len(labels) == len(label_offsets) == count:
        raise ShapeError(
            f"vector_sum got {count} terms but {len(colors)} colors, "
            f"{len(labels)} labels and {len(label_offsets)} label_offsets; "
            "give one of each per term (or leave them out)")
    start = tail.copy()
    for term, color, label, offset in zip(terms, colors, labels, label_offsets, strict=True):
        if np.hypot(*term) == 0.0:
            continue
        vector(ax, start, term, color=color)
        if label is not None:
            middle = start + 0.5 * term + np.asarray(offset, dtype=float)
            ax.text(*middle, label, color=text_color(color), ha="center", va="center",
                    **text_kwargs)
        start = start + term
    total = start - tail
    if np.hypot(*total) > 0.0:
        vector(ax, tail, total, color=total_color, linewidth=2.5)
        if total_label is not None:
            ax.text(*(start + np.asarray(total_label_offset, dtype=float)),
                    total_label, color=text_color(total_color), **text_kwargs)
    return start


def slider(ax, position, angle_deg=0.0, width=0.3, height=0.16,
           color=COLORS["body"]):
    """Draw a block that slides along a line, centred at ``position``.

    Parameters
    ----------
    ax : matplotlib Axes
    position : pair of float
        Centre of the block.
    angle_deg : float
        Direction of the line the block slides along, in degrees from the x axis.
    width, height : float
        Size of the block along and across the line.
    color : str
        Edge colour.

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> from mechlib import drawing
    >>> fig, ax = drawing.new_figure()
    >>> block = drawing.slider(ax, (1.0, 0.0), angle_deg=30.0)
    """
    from matplotlib.patches import Rectangle
    from matplotlib.transforms import Affine2D

    block = Rectangle((-0.5 * width, -0.5 * height), width, height,
                      facecolor="white", edgecolor=color, linewidth=1.5, zorder=4)
    block.set_transform(Affine2D().rotate_deg(angle_deg).translate(*position)
                        + ax.transData)
    ax.add_patch(block)
    return block


#: Text stand-ins for the Font Awesome icons of matplotlib's animation controls.

def text_box(ax, center, text, width=1.6, height=0.5, color=COLORS["body"],
             facecolor="white", fontsize=10, **text_kwargs):
    """Draw a rounded box with centred text, for flow diagrams.

    Parameters
    ----------
    ax : matplotlib Axes
    center : pair of float
        Centre of the box, in data units.
    text : str
        The text (may hold TeX between dollars and line breaks).
    width, height : float
        Size of the box, in data units.
    color : str
        Edge and text colour.
    facecolor : str
        Fill colour.

    Returns
    -------
    matplotlib.patches.FancyBboxPatch
        The box; its bounds give the anchor points for :func:`connector`.

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> from mechlib import drawing
    >>> fig, ax = drawing.new_figure()
    >>> box = drawing.text_box(ax, (0.0, 0.0), "$F_r$", width=1.0, height=0.4)
    >>> box.get_x(), box.get_width()
    (-0.5, 1.0)
    """
    from matplotlib.patches import FancyBboxPatch

    if width <= 0 or height <= 0:
        raise ParameterError(f"text_box: width and height must be positive, got "
                         f"{width} and {height}")
    x, y = center
    box = FancyBboxPatch((x - 0.5 * width, y - 0.5 * height), width, height,
                         boxstyle="round,pad=0,rounding_size=0.08",
                         facecolor=facecolor, edgecolor=color, linewidth=1.3,
                         zorder=3)
    ax.add_patch(box)
    ax.text(x, y, text, ha="center", va="center", color=text_color(color),
            fontsize=fontsize, zorder=4, **text_kwargs)
    return box


def connector(ax, start, end, label=None, color=COLORS["ground"],
              label_offset=(0.05, 0.0), **text_kwargs):
    """Draw a thin arrow from ``start`` to ``end`` (for flow diagrams).

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> from mechlib import drawing
    >>> fig, ax = drawing.new_figure()
    >>> arrow = drawing.connector(ax, (0, 0), (1, 0), label="next")
    """
    arrow = FancyArrowPatch(tuple(start), tuple(end), arrowstyle="-|>",
                            mutation_scale=12, color=color, linewidth=1.2,
                            shrinkA=0, shrinkB=0, zorder=2)
    ax.add_patch(arrow)
    if label is not None:
        middle = 0.5 * (np.asarray(start, float) + np.asarray(end, float))
        ax.text(*(middle + np.asarray(label_offset, float)), label,
                color=text_color(color), **text_kwargs)
    return arrow



def frame_triad(ax, origin, names=None, length=0.4,
                label_offsets=None, label_align=None, color=COLORS["body"],
                linewidth=1.2, fontsize=11, **text_kwargs):
    """Draw a frame's two unit vectors in the page as labelled arrows from ``origin``.

    The picture of a frame's x and y unit vectors (N's at a corner of a
    figure, say, with the z one out of the page); the figures draw it with
    this one call, so that all of them look alike.

    Parameters
    ----------
    ax : matplotlib Axes
    origin : pair of float
        Where both arrows start.
    names : pair of str, optional
        The labels of the x and the y arrow (TeX between dollars); by default
        N's, ``r"$\\hat{n}_x$"`` and ``r"$\\hat{n}_y$"``.
    length : float
        Length of each arrow, in data units; the arrows point along the page's
        x and y directions.
    label_offsets : pair of pairs of float, optional
        Where each label's anchor is, from ``origin``.  By default the x label
        sits just beyond its head and a little below, the y label just above
        its head and a little to the left.
    label_align : pair of pairs of str, optional
        The ``(ha, va)`` of each label (default: matplotlib's, left and
        baseline).
    color : str
        Colour of the arrows; the labels take the matching text colour.
    linewidth : float
        Width of the arrows.
    fontsize : float
        Size of the labels; further keyword arguments go to ``ax.text``.

    Returns
    -------
    list
        The two arrows and the two labels.

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> from mechlib import drawing
    >>> fig, ax = drawing.new_figure()
    >>> NAMES = (r"$\\hat{n}_x$", r"$\\hat{n}_y$")
    >>> arrows_and_labels = drawing.frame_triad(ax, (-1.0, -2.0), NAMES)
    >>> [label.get_text() for label in arrows_and_labels[2:]] == list(NAMES)
    True
    >>> [round(float(v), 2) for v in arrows_and_labels[2].get_position()]
    [-0.55, -2.05]
    """
    origin = np.asarray(origin, dtype=float)
    if names is None:
        names = (r"$\hat{n}_x$", r"$\hat{n}_y$")
    if label_offsets is None:
        label_offsets = ((length + 0.05, -0.05), (-0.05, length + 0.07))
    if label_align is None:
        label_align = (("left", "baseline"), ("left", "baseline"))
    if not len(names) == len(label_offsets) == len(label_align) == 2:
        raise ShapeError(
            f"frame_triad got {len(names)} names, {len(label_offsets)} label_offsets "
            f"and {len(label_align)} label_align; give two of each (x, then y)")
    drawn = [vector(ax, origin, components, color=color, linewidth=linewidth)
             for components in ((length, 0.0), (0.0, length))]
    for name, offset, (ha, va) in zip(names, label_offsets, label_align, strict=True):
        drawn.append(ax.text(*(origin + np.asarray(offset, dtype=float)), name,
                             color=text_color(color), fontsize=fontsize, ha=ha, va=va,
                             **text_kwargs))
    return drawn
