"""The Chaplygin sleigh of ``ml.systems.chaplygin_sleigh()``, seen from above.

A body B moves on the horizontal plane of N: its mass centre G is at
q1 n_x + q2 n_y from the point O, and its heading q3 turns N into B about n_z.
A blade at P = G - a b_x cannot slide along b_y.  A push F b_x acts at P and a
torque T n_z on B.
"""

import numpy as np

from mechlib.book.drawing import COLORS, angle_arc, frame_triad, new_figure, particle, vector

HEADING_DEG = 30.0
G = np.array([2.3, 1.35])
A = 1.0                          # distance of the blade behind G
OUTLINE = np.array([(-1.35, -0.42), (0.85, -0.42), (1.3, 0.0), (0.85, 0.42),
                    (-1.35, 0.42), (-1.35, -0.42)])   # in b_x, b_y components


def draw():
    fig, ax = new_figure(5.2, 3.8)
    heading = np.radians(HEADING_DEG)
    b_x = np.array([np.cos(heading), np.sin(heading)])
    b_y = np.array([-np.sin(heading), np.cos(heading)])
    P = G - A * b_x

    # N: the unit vectors at O, and the position of G
    origin = np.zeros(2)
    frame_triad(ax, origin, length=0.5, label_offsets=((0.55, -0.05), (-0.05, 0.6)),
                label_align=(("left", "center"), ("center", "baseline")))
    ax.text(-0.22, -0.2, "$O$", fontsize=11)
    ax.plot([0.0, G[0]], [0.0, 0.0], color=COLORS["ground"], linestyle=":", linewidth=1.0)
    ax.plot([G[0], G[0]], [0.0, G[1]], color=COLORS["ground"], linestyle=":", linewidth=1.0)
    ax.text(0.5 * G[0] + 0.45, -0.22, "$q_1$", fontsize=11, ha="center")
    ax.text(G[0] + 0.1, 0.3, "$q_2$", fontsize=11)

    # the body, its blade at P and the distance a
    outline = G + OUTLINE[:, :1] * b_x + OUTLINE[:, 1:] * b_y
    ax.plot(outline[:, 0], outline[:, 1], color=COLORS["body"], linewidth=1.5)
    ax.text(*(G - 0.9 * b_x + 0.25 * b_y), "$B$", fontsize=12, ha="center", va="center")
    ax.plot(*zip(P - 0.22 * b_x, P + 0.22 * b_x, strict=True), color=COLORS["remainder"],
            linewidth=4.0, solid_capstyle="butt")
    ax.plot(*zip(P, G, strict=True), color=COLORS["ground"], linewidth=0.8)
    ax.text(*(0.5 * (P + G) + 0.16 * b_y), "$a$", fontsize=11, ha="center", va="center")
    particle(ax, P, size=0.05, color=COLORS["remainder"])
    ax.text(*(P - 0.25 * b_y + 0.1 * b_x), "$P$", fontsize=11, ha="center", va="center")
    particle(ax, G, size=0.05)
    ax.text(G[0] - 0.13, G[1] - 0.4, "$G$", fontsize=11, ha="center", va="center")

    # the heading q3 and the unit vectors of B at G
    ax.plot([G[0], G[0] + 0.95], [G[1], G[1]], color=COLORS["ground"], linestyle="--",
            linewidth=0.8)
    angle_arc(ax, G, 0.7, 0.0, HEADING_DEG, color=COLORS["ground"])
    ax.text(G[0] + 1.15, G[1] + 0.2, "$q_3$", fontsize=11, va="center")
    vector(ax, G, 0.6 * b_x, color=COLORS["frame"], linewidth=1.5)
    vector(ax, G, 0.6 * b_y, color=COLORS["frame"], linewidth=1.5)
    ax.text(*(G + 0.75 * b_x + 0.12 * b_y), r"$\hat{b}_x$", color=COLORS["frame"],
            fontsize=11, ha="center", va="center")
    ax.text(*(G + 0.78 * b_y), r"$\hat{b}_y$", color=COLORS["frame"], fontsize=11,
            ha="center", va="center")

    # the loads: the push F b_x at P and the torque T n_z on B
    push = vector(ax, P - 0.85 * b_x, 0.85 * b_x, color=COLORS["force"], linewidth=2.0)
    push.set_zorder(3)                   # over the blade: the push acts at P
    ax.text(*(P - 1.05 * b_x - 0.05 * b_y), r"$F\hat{b}_x$", color=COLORS["force"],
            fontsize=11, ha="center", va="center")
    angle_arc(ax, G, 0.22, 150.0, 380.0, color=COLORS["torque"])
    ax.text(G[0] + 0.3, G[1] - 0.3, "$T$",
            color=COLORS["torque"], fontsize=11, ha="center", va="center")

    ax.set_xlim(-0.45, 4.0)
    ax.set_ylim(-0.45, 2.7)
    return fig
