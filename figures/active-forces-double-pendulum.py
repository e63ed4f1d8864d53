"""Double pendulum of particles: (a) schematic, (b) free-body diagram of P1, (c) of P2.

Geometry of the chapter "Generalized active forces": frames A and B are oriented
about n_z by the absolute angles q1 and q2; P1 = O - l a_y and P2 = P1 - l b_y.
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
    vector,
)

Q1, Q2 = np.radians(30.0), np.radians(55.0)


def unit_y(angle):
    """The unit vector y of a frame rotated by ``angle`` about n_z, in N components."""
    return np.array([-np.sin(angle), np.cos(angle)])


def draw():
    fig, ax = new_figure(9.0, 3.6)
    a_y, b_y = unit_y(Q1), unit_y(Q2)
    O = np.array([0.0, 0.0])
    P1 = O - a_y
    P2 = P1 - b_y
    force = COLORS["force"]

    # (a) schematic
    ground(ax, (-0.45, 0.0), (0.45, 0.0), hatch_length=-0.08)
    link(ax, O, P1)
    link(ax, P1, P2)
    pin(ax, O)
    particle(ax, P1, r"$P_1$", label_offset=(0.12, 0.05), fontsize=12)
    particle(ax, P2, r"$P_2$", label_offset=(0.12, 0.0), fontsize=12)
    ax.text(-0.12, 0.1, r"$O$", fontsize=12)
    for top in (O, P1):
        ax.plot([top[0], top[0]], [top[1], top[1] - 0.55], color=COLORS["ground"],
                linewidth=0.8, linestyle="--")
    angle_arc(ax, O, 0.45, -90, -90 + np.degrees(Q1), r"$q_1$", fontsize=12)
    angle_arc(ax, P1, 0.45, -90, -90 + np.degrees(Q2), r"$q_2$", fontsize=12)
    for start, end, angle in ((O, P1, Q1), (P1, P2, Q2)):
        across = 0.14 * np.array([np.cos(angle), np.sin(angle)])
        ax.text(*(0.5 * (start + end) + across), r"$l$", fontsize=12, ha="center",
                va="center")
    frame_triad(ax, (-0.9, -1.6), color=COLORS["frame"], linewidth=2.0,
                label_offsets=((0.43, -0.05), (-0.05, 0.45)))
    vector(ax, (-0.45, -1.0), (0.0, -0.35), r"$g$", color=COLORS["ground"],
           label_offset=(0.05, 0.1), fontsize=11)
    ax.text(-0.9, 0.35, "(a)", fontsize=12)

    # (b) free-body diagram of P1
    c1 = np.array([2.6, -1.0])
    particle(ax, c1, r"$P_1$", label_offset=(0.12, -0.17), fontsize=12)
    vector(ax, c1, 0.7 * a_y, r"$T_1\,\hat{a}_y$", color=force, label_offset=(0.05, 0.0),
           fontsize=12)
    vector(ax, c1, -0.7 * b_y, r"$-T_2\,\hat{b}_y$", color=force,
           label_offset=(0.08, -0.05), fontsize=12)
    vector(ax, c1, (0.0, -0.7), r"$-m_1 g\,\hat{n}_y$", color=force,
           label_offset=(-0.45, -0.22), fontsize=12)
    ax.text(1.9, 0.35, "(b)", fontsize=12)

    # (c) free-body diagram of P2
    c2 = np.array([4.7, -1.0])
    particle(ax, c2, r"$P_2$", label_offset=(0.12, -0.17), fontsize=12)
    vector(ax, c2, 0.7 * b_y, r"$T_2\,\hat{b}_y$", color=force, label_offset=(0.05, 0.0),
           fontsize=12)
    vector(ax, c2, (0.0, -0.7), r"$-m_2 g\,\hat{n}_y$", color=force,
           label_offset=(-0.45, -0.22), fontsize=12)
    ax.text(4.0, 0.35, "(c)", fontsize=12)

    ax.set_xlim(-1.0, 5.6)
    ax.set_ylim(-2.3, 0.5)
    return fig
