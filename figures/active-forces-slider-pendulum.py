"""The slider with a pendulum of Exercise ex-gaf-slider.

The point A slides along the n_x axis through O, r^OA = q1 n_x, pushed by the
horizontal force H n_x; a massless rod of length L, pinned at A, holds the
particle P of mass m at r^AP = L(sin q2 n_x - cos q2 n_y), q2 from the
downward vertical; gravity -g n_y.
"""

import numpy as np

from mechlib.book.drawing import (
    COLORS,
    angle_arc,
    frame_triad,
    ground,
    link,
    new_figure,
    particle,
    pin,
    slider,
    vector,
)

Q1 = 1.6
Q2 = np.radians(35.0)
LENGTH = 1.5


def draw():
    fig, ax = new_figure(4.4, 3.2)
    A = np.array([Q1, 0.0])
    P = A + LENGTH * np.array([np.sin(Q2), -np.cos(Q2)])
    # the guide along n_x, with O on it
    ground(ax, (-0.2, 0.14), (Q1 + 1.2, 0.14), hatch_length=-0.08)
    ax.plot([-0.2, Q1 + 1.2], [0.0, 0.0], color=COLORS["ground"], linestyle="--",
            linewidth=0.9)
    ax.plot([0.0, 0.0], [-0.08, 0.08], color=COLORS["body"], linewidth=1.2)
    ax.text(0.0, -0.2, "$O$", fontsize=11, ha="center", va="top")
    slider(ax, A, width=0.4, height=0.22)
    # q1 from O to A, above the guide
    ax.annotate("", xy=(Q1, 0.4), xytext=(0.0, 0.4),
                arrowprops={"arrowstyle": "->", "color": COLORS["ground"], "lw": 1.0})
    ax.text(0.5 * Q1, 0.55, "$q_1$", fontsize=11, ha="center", va="center")
    # the rod, q2 from the downward vertical at A, the particle
    ax.plot([Q1, Q1], [0.0, -0.9], color=COLORS["ground"], linestyle="--", linewidth=0.9)
    angle_arc(ax, A, 0.6, -90.0, -90.0 + np.degrees(Q2), color=COLORS["ground"])
    middle = np.radians(-90.0 + 0.5 * np.degrees(Q2))
    ax.text(*(A + 0.78 * np.array([np.cos(middle), np.sin(middle)])), "$q_2$", fontsize=11,
            ha="center", va="center")
    link(ax, A, P, linewidth=2.0)
    pin(ax, A, size=0.05)
    ax.text(*(A + np.array([-0.1, -0.3])), "$A$", fontsize=11, ha="right",
            va="center")
    ax.text(*(0.5 * (A + P) + np.array([0.2, 0.05])), "$L$", fontsize=11, ha="center",
            va="center")
    particle(ax, P, size=0.09)
    ax.text(*(P + np.array([0.2, 0.05])), "$P$, $m$", fontsize=11, ha="left",
            va="center")
    # the loads: H n_x at A and gravity
    vector(ax, A - np.array([0.95, 0.0]), (0.7, 0.0), color=COLORS["force"], linewidth=2.0)
    ax.text(*(A - np.array([0.75, 0.25])), r"$H\hat{n}_x$", fontsize=11,
            color=COLORS["force"], ha="center", va="center")
    vector(ax, (Q1 + 1.0, -0.55), (0.0, -0.5), color=COLORS["force"], linewidth=1.6)
    ax.text(Q1 + 1.1, -0.85, r"$g$", fontsize=11, color=COLORS["force"], va="center")
    frame_triad(ax, (-0.1, -1.45))
    ax.set_xlim(-0.45, Q1 + 1.4)
    ax.set_ylim(-1.55, 0.7)
    return fig
