"""A rod R pinned at a point A that slides along a line fixed in N.

q1 locates A on the line through O parallel to n_x; q2 is the angle from -n_y to
the rod; B is the end of the rod, at distance L from A (B = A - L r_y).
"""

import numpy as np

from mechlib.book.drawing import (
    COLORS,
    angle_arc,
    frame_triad,
    ground,
    link,
    new_figure,
    pin,
    slider,
    vector,
)

Q1 = 1.6
Q2_DEG = 35.0
LENGTH = 1.5


def draw():
    fig, ax = new_figure(4.8, 3.4)
    q2 = np.radians(Q2_DEG)
    origin = np.zeros(2)
    a = np.array([Q1, 0.0])
    r_x = np.array([np.cos(q2), np.sin(q2)])
    r_y = np.array([-np.sin(q2), np.cos(q2)])
    b = a - LENGTH * r_y

    ground(ax, (-0.3, -0.08), (2.7, -0.08))
    slider(ax, a, width=0.34, height=0.16)
    link(ax, a, b)
    pin(ax, a, size=0.045)
    ax.plot(*b, "o", color=COLORS["body"], markersize=5, zorder=6)
    ax.plot(*origin, "o", color=COLORS["body"], markersize=4)
    ax.text(-0.05, 0.1, "$O$", fontsize=11)
    ax.text(a[0] - 0.42, a[1] + 0.1, "$A$", fontsize=11)
    ax.text(b[0] + 0.1, b[1] - 0.08, "$B$", fontsize=11)
    ax.text(*(0.5 * (a + b) + 0.12 * r_x), "$L$", fontsize=11)
    ax.text(*(a + 0.75 * (b - a) - 0.3 * r_x), "$R$", fontsize=11)

    # q1: distance from O to A along n_x
    ax.annotate("", xy=(a[0], 0.42), xytext=(0.0, 0.42),
                arrowprops=dict(arrowstyle="-|>", color=COLORS["body"], linewidth=1.0))
    ax.plot([0.0, 0.0], [0.05, 0.5], color=COLORS["ground"], linewidth=0.8)
    ax.plot([a[0], a[0]], [0.15, 0.5], color=COLORS["ground"], linewidth=0.8)
    ax.text(0.5 * a[0], 0.5, "$q_1$", ha="center", fontsize=11)

    # q2: from -n_y to the rod
    ax.plot([a[0], a[0]], [a[1], a[1] - 1.0], color=COLORS["ground"], linewidth=0.8,
            linestyle="--")
    angle_arc(ax, a, 0.7, -90.0, -90.0 + Q2_DEG, color=COLORS["ground"])
    middle = np.radians(-90.0 + 0.5 * Q2_DEG)
    ax.text(*(a + 0.85 * np.array([np.cos(middle), np.sin(middle)])), "$q_2$",
            ha="center", va="center", fontsize=11)

    # unit vectors of R, drawn beside the rod
    triad = np.array([2.95, -0.9])
    vector(ax, triad, 0.4 * r_x, color=COLORS["frame"], linewidth=1.2)
    vector(ax, triad, 0.4 * r_y, color=COLORS["frame"], linewidth=1.2)
    ax.text(*(triad + 0.5 * r_x + np.array([0.0, -0.04])), r"$\hat{r}_x$",
            color=COLORS["frame"], fontsize=11)
    ax.text(*(triad + 0.5 * r_y + np.array([-0.12, 0.0])), r"$\hat{r}_y$",
            color=COLORS["frame"], fontsize=11)

    # unit vectors of N
    corner = np.array([-0.25, -1.35])
    frame_triad(ax, corner)
    ax.set_xlim(-0.4, 3.5)
    ax.set_ylim(-1.5, 0.75)
    return fig
