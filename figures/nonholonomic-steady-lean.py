"""The rolling disc at a constant lean, seen from ahead: Exercises ex-nhr-steady, ex-cf-steady-turn.

Looking back along the heading y_x = l_x (out of the page): the disc is the
line through its contact point C and its centre D_o = C + r l_z, leaning by
theta (the lean q2) from the vertical n_z about y_x.  The measure numbers
u2 and u3 of its angular velocity are along the axle l_y and along l_z.
"""

import numpy as np
from matplotlib.patches import Circle

from mechlib.book.drawing import (
    COLORS,
    angle_arc,
    frame_triad,
    ground,
    moment_vector,
    new_figure,
    particle,
)

THETA = np.radians(22.0)
RADIUS = 1.2


def draw():
    fig, ax = new_figure(4.2, 3.2)
    l_y = np.array([np.cos(THETA), np.sin(THETA)])     # the axle, normal to the disc
    l_z = np.array([-np.sin(THETA), np.cos(THETA)])    # in the disc, tilted from n_z
    C = np.zeros(2)
    Do = C + RADIUS * l_z
    ground(ax, (-1.2, 0.0), (1.3, 0.0))
    # the disc seen edge on: a thick bar from C through D_o to the top of the rim
    ax.plot(*zip(C, C + 2 * RADIUS * l_z, strict=True), color="#9bb8cf", linewidth=9.0,
            solid_capstyle="butt")
    ax.plot(*zip(C, C + 2 * RADIUS * l_z, strict=True), color=COLORS["body"], linewidth=1.2)
    # the lean theta from the vertical at C
    ax.plot([0.0, 0.0], [0.0, 2.05 * RADIUS], color=COLORS["ground"], linestyle=":",
            linewidth=1.0)
    angle_arc(ax, C, 1.75 * RADIUS, 90.0, 90.0 + np.degrees(THETA), color=COLORS["ground"])
    middle = np.radians(90.0 + 0.5 * np.degrees(THETA))
    ax.text(*(C + 1.92 * RADIUS * np.array([np.cos(middle), np.sin(middle)])), r"$\theta$",
            fontsize=11, ha="center", va="center")
    particle(ax, C, size=0.06)
    ax.text(0.12, -0.2, "$C$", fontsize=11, ha="left", va="center")
    particle(ax, Do, size=0.06)
    ax.text(*(Do + np.array([-0.16, -0.05])), "$D_o$", fontsize=11, ha="right",
            va="center")
    ax.text(*(0.5 * (C + Do) + np.array([-0.2, 0.0])), "$r$", fontsize=11, ha="right",
            va="center")
    # the angular velocity's measure numbers along the axle and along l_z
    moment_vector(ax, Do, 0.85 * l_y, color=COLORS["velocity"], linewidth=1.6)
    ax.text(*(Do + 1.05 * l_y + np.array([0.0, 0.02])), r"$u_2\hat{l}_y$", fontsize=11,
            color=COLORS["velocity"], ha="left", va="center")
    top = C + 2 * RADIUS * l_z
    moment_vector(ax, top, 0.6 * l_z, color=COLORS["velocity"], linewidth=1.6)
    ax.text(*(top + 0.75 * l_z + np.array([0.1, 0.0])), r"$u_3\hat{l}_z$", fontsize=11,
            color=COLORS["velocity"], ha="left", va="center")
    # the unit vectors: y_y to the right, n_z up, the heading y_x out of the page
    corner = np.array([1.25, 0.7])
    frame_triad(ax, corner, names=(r"$\hat{y}_y$", r"$\hat{n}_z$"), length=0.45,
                label_offsets=((0.52, 0.0), (0.0, 0.55)),
                label_align=(("left", "center"), ("center", "baseline")))
    ax.add_patch(Circle(corner, 0.085, facecolor="white", edgecolor=COLORS["body"],
                        linewidth=1.2, zorder=4))
    particle(ax, corner, size=0.025)
    ax.text(*(corner + np.array([-0.12, -0.2])), r"$\hat{y}_x = \hat{l}_x$", fontsize=11,
            ha="left", va="top")
    ax.set_xlim(-1.3, 2.4)
    ax.set_ylim(-0.35, 3.2)
    return fig
