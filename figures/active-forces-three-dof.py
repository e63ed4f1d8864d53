"""The slider, rod and bead: a three-degree-of-freedom example.

A block P_a (a particle) slides along a smooth overhead rail; a spring k and a
damper c tie it to the wall, and a specified force F pushes it (q1: its
distance from the wall). A uniform rod B of length L hangs from a pin on the
block (q3: its angle from the downward vertical); a motor on the block drives
it with a specified torque T and a rotational spring k_T resists q3. A collar
P_c (a particle) slides without friction along B (q2: its distance from the pin).
"""

import numpy as np
from matplotlib.patches import Rectangle

from mechlib.book.drawing import (
    COLORS,
    angle_arc,
    damper,
    frame_triad,
    ground,
    link,
    new_figure,
    particle,
    pin,
    spring,
    vector,
)

Q1, Q2, Q3 = 2.0, 1.3, np.radians(32.0)
ROD = 1.8


def draw():
    fig, ax = new_figure(7.0, 4.2)
    force = COLORS["force"]
    b_y = np.array([-np.sin(Q3), np.cos(Q3)])

    # wall, overhead rail, block
    ground(ax, (0.0, -0.45), (0.0, 0.3), hatch_length=0.1)
    ground(ax, (0.0, 0.3), (3.4, 0.3), hatch_length=-0.1)
    Pa = np.array([Q1, 0.0])
    ax.add_patch(Rectangle((Q1 - 0.3, -0.3), 0.6, 0.6, facecolor="none",
                           edgecolor=COLORS["body"], linewidth=1.5, zorder=3))
    spring(ax, (0.0, 0.1), (Q1 - 0.3, 0.1), coils=7, width=0.06)
    damper(ax, (0.0, -0.15), (Q1 - 0.3, -0.15), width=0.07)
    ax.text(0.06, 0.13, r"$k$", fontsize=11)
    ax.text(0.06, -0.12, r"$c$", fontsize=11)
    ax.text(Q1 - 0.27, 0.1, r"$P_a$", fontsize=12, zorder=4)
    vector(ax, (Q1 + 0.3, 0.0), (0.55, 0.0), r"$F\,\hat{n}_x$", color=force,
           label_offset=(0.05, -0.05), fontsize=12)
    ax.annotate("", xy=(Q1, 0.6), xytext=(0.0, 0.6),
                arrowprops=dict(arrowstyle="<->", color=COLORS["body"], linewidth=0.8))
    ax.text(0.5 * Q1, 0.67, r"$q_1$", fontsize=12, ha="center")
    ax.plot([Q1, Q1], [0.0, 0.65], color=COLORS["ground"], linewidth=0.8, linestyle="--")

    # rod B, collar P_c, loads
    tip = Pa - ROD * b_y
    Bo = Pa - 0.5 * ROD * b_y
    Pc = Pa - Q2 * b_y
    line = link(ax, Pa, tip, linewidth=5, color="#444444")
    line.set_zorder(2)
    pin(ax, Pa, size=0.05)
    ax.plot([Q1, Q1], [0.0, -1.3], color=COLORS["ground"], linewidth=0.8, linestyle="--")
    angle_arc(ax, Pa, 0.62, -90, -90 + np.degrees(Q3), r"$q_3$", fontsize=12)
    angle_arc(ax, Pa, 0.18, 150, 400, color=COLORS["torque"])
    ax.text(Q1 - 0.9, -0.58, r"$T - k_T q_3$", color=COLORS["torque"], fontsize=12)
    particle(ax, Bo, size=0.04, color=COLORS["body"])
    ax.text(*(Bo + (0.1, 0.05)), r"$B_o$", fontsize=12)
    ax.add_patch(Rectangle(tuple(Pc - (0.09, 0.06)), 0.18, 0.12,
                           angle=np.degrees(Q3), rotation_point="center",
                           facecolor=COLORS["body"], zorder=6))
    ax.text(*(Pc + (0.15, 0.02)), r"$P_c$", fontsize=12)
    vector(ax, Bo, (0.0, -0.5), r"$-m_b g\,\hat{n}_y$", color=force,
           label_offset=(-0.8, -0.15), fontsize=12)
    vector(ax, Pc, (0.0, -0.5), r"$-m_c g\,\hat{n}_y$", color=force,
           label_offset=(0.05, -0.1), fontsize=12)
    across = 0.18 * np.array([np.cos(Q3), np.sin(Q3)])
    ax.annotate("", xy=tuple(Pc + across), xytext=tuple(Pa + across),
                arrowprops=dict(arrowstyle="<->", color=COLORS["body"], linewidth=0.8))
    ax.text(*(Pa - 0.5 * Q2 * b_y + 1.8 * across), r"$q_2$", fontsize=12)
    ax.text(*(tip + (0.08, -0.05)), r"$B$", fontsize=12)

    frame_triad(ax, (0.35, -1.8), color=COLORS["frame"], linewidth=2.0,
                label_offsets=((0.43, -0.05), (-0.05, 0.45)))
    ax.set_xlim(-0.3, 3.5)
    ax.set_ylim(-2.1, 0.85)
    return fig
