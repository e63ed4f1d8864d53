"""A three-link pendulum of particles; a force at the lowest particle and its partial velocities.

The links have length 1 and absolute angles q1, q2, q3 from the downward vertical,
with u_r = q_r'.  With only u_r nonzero, P3 moves perpendicular to link r, so the
partial velocity of P3 for u_r is l times the unit vector perpendicular to link r.
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

ANGLES_DEG = (25.0, 55.0, 80.0)
FORCE = (0.75, -0.6)


def draw():
    fig, ax = new_figure(5.5, 4.2)
    joints = [np.zeros(2)]
    for angle in np.radians(ANGLES_DEG):
        joints.append(joints[-1] + np.array([np.sin(angle), -np.cos(angle)]))

    ground(ax, (-0.45, 0.0), (0.45, 0.0), hatch_length=-0.08)
    for r, (start, end, angle) in enumerate(zip(joints, joints[1:], ANGLES_DEG, strict=False), 1):
        ax.plot([start[0], start[0]], [start[1], start[1] - 0.55], color=COLORS["ground"],
                linewidth=0.8, linestyle="--")
        angle_arc(ax, start, 0.45, -90.0, -90.0 + angle, color=COLORS["ground"])
        middle = np.radians(-90.0 + 0.5 * angle)
        ax.text(*(start + 0.62 * np.array([np.cos(middle), np.sin(middle)])),
                f"$q_{r}$", ha="center", va="center", fontsize=11)
        link(ax, start, end)
    pin(ax, joints[0])
    ax.text(0.1, 0.12, "$O$", fontsize=11)
    offsets = [(-0.4, 0.05), (-0.12, -0.25), (-0.12, -0.25)]
    for i, (point, offset) in enumerate(zip(joints[1:], offsets, strict=True), 1):
        particle(ax, point, label=f"$P_{i}$", label_offset=offset, fontsize=11)

    tip = joints[-1]
    vector(ax, tip, FORCE, label=r"$\bar{F}$", color=COLORS["force"],
           label_offset=(0.06, -0.05), fontsize=12)
    for r, angle in enumerate(np.radians(ANGLES_DEG), 1):
        direction = 0.75 * np.array([np.cos(angle), np.sin(angle)])
        vector(ax, tip, direction, color=COLORS["partial"], linestyle="--",
               linewidth=1.5)
        ax.text(*(tip + 1.3 * direction),
                f"${{}}^N\\bar{{v}}^{{P_3}}_{r}$", color=COLORS["partial"],
                ha="center", va="center", fontsize=11)

    origin = np.array([-1.2, -2.0])
    frame_triad(ax, origin)
    ax.set_xlim(-1.3, 3.4)
    ax.set_ylim(-2.3, 0.3)
    return fig
