"""Drawing helpers shared by the book's figures and its interactive explorers.

Every figure of the book is drawn by a script in ``figures/`` that uses these
helpers, so that all figures share one style: a white background (readable in
the light and the dark theme), a colour-blind-safe palette, and SVG output
that changes only when the picture changes.

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

__all__ = [
    "COLORS",
    "new_figure",
    "vector",
    "link",
    "pin",
    "particle",
    "ground",
    "angle_arc",
    "save_svg",
]

#: Okabe-Ito colours (colour-blind safe), named by their role in the figures.
COLORS = {
    "body": "#000000",
    "velocity": "#0072B2",
    "partial": "#009E73",
    "remainder": "#D55E00",
    "force": "#CC79A7",
    "torque": "#E69F00",
    "frame": "#56B4E9",
    "ground": "#7f7f7f",
}


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
        ax.text(*(head + np.asarray(label_offset)), label, color=color, **text_kwargs)
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
    ax.plot(*zip(start, end), color=color, linewidth=1.5)
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
                center[1] + 1.25 * radius * np.sin(mid), label, color=color,
                ha="center", va="center", **text_kwargs)


def save_svg(fig, path):
    """Save ``fig`` as a reproducible SVG (fixed ids, no date) and close it.

    Parameters
    ----------
    fig : matplotlib Figure
    path : str or pathlib.Path
        Where to write the SVG.
    """
    with plt.rc_context({"svg.hashsalt": "mechbook", "svg.fonttype": "path"}):
        buffer = io.StringIO()
        fig.savefig(buffer, format="svg", bbox_inches="tight", metadata={"Date": None},
                    facecolor="white")
    plt.close(fig)
    Path(path).write_text(buffer.getvalue(), encoding="utf-8")
