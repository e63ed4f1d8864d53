"""The blade (a skate) on the plane, seen from above: shared by two figure scripts.

The blade's contact point P is at q1 n_x + q3 n_y from O, and its heading q2
(about n_z) turns N into A; the blade lies along a_x and cannot slide along
a_y.  ``active-forces-blade.py`` adds the loads of generalized-active-forces,
``inertia-forces-sleigh.py`` the mass centre of Exercise ex-gif-sleigh.
(Not a figure itself: ``python -m figures`` skips names that start with _.)
"""

import numpy as np

from mechlib.book.drawing import COLORS, angle_arc, frame_triad, particle, vector

HEADING_DEG = 30.0
P = np.array([2.2, 1.25])
HALF = 0.9                   # half the blade's length


def draw_blade(ax):
    """Draw N at O, the coordinates q1, q3 of P, the blade, and at its front
    the heading q2 and the unit vectors a_x, a_y; return ``(a_x, a_y)``."""
    heading = np.radians(HEADING_DEG)
    a_x = np.array([np.cos(heading), np.sin(heading)])
    a_y = np.array([-np.sin(heading), np.cos(heading)])
    origin = np.zeros(2)
    frame_triad(ax, origin, length=0.5, label_offsets=((0.55, -0.05), (-0.05, 0.6)),
                label_align=(("left", "center"), ("center", "baseline")))
    ax.text(-0.22, -0.2, "$O$", fontsize=11)
    ax.plot([0.0, P[0]], [0.0, 0.0], color=COLORS["ground"], linestyle=":", linewidth=1.0)
    ax.plot([P[0], P[0]], [0.0, P[1]], color=COLORS["ground"], linestyle=":", linewidth=1.0)
    ax.text(0.5 * P[0] + 0.4, -0.22, "$q_1$", fontsize=11, ha="center")
    ax.text(P[0] + 0.1, 0.35, "$q_3$", fontsize=11)
    ax.plot(*zip(P - HALF * a_x, P + HALF * a_x, strict=True), color=COLORS["remainder"],
            linewidth=5.0, solid_capstyle="round")
    particle(ax, P, size=0.06)
    # the heading q2 and the unit vectors a_x, a_y, at the front of the blade
    front = P + (HALF + 0.15) * a_x
    ax.plot([front[0], front[0] + 1.0], [front[1], front[1]], color=COLORS["ground"],
            linestyle="--", linewidth=0.8)
    angle_arc(ax, front, 0.85, 0.0, HEADING_DEG, color=COLORS["ground"])
    middle = np.radians(0.5 * HEADING_DEG)
    ax.text(*(front + 1.0 * np.array([np.cos(middle), np.sin(middle)])), "$q_2$",
            fontsize=11, ha="left", va="center")
    vector(ax, front, 0.55 * a_x, color=COLORS["frame"], linewidth=1.5)
    vector(ax, front, 0.55 * a_y, color=COLORS["frame"], linewidth=1.5)
    ax.text(*(front + 0.7 * a_x + 0.26 * a_y), r"$\hat{a}_x$", color=COLORS["frame"],
            fontsize=11, ha="center", va="center")
    ax.text(*(front + 0.75 * a_y), r"$\hat{a}_y$", color=COLORS["frame"], fontsize=11,
            ha="center", va="center")
    return a_x, a_y
