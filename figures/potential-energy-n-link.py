"""The pendulum of ``ml.systems.n_link_pendulum(3)``: three particles, relative angles.

Link i (length l_i, fixed in the frame B_i) carries the particle P_i at its end,
P_i = P_{i-1} - l_i b_iy with P_0 = O.  q1 is the angle of link 1 from the
downward vertical, q2 and q3 the angles of links 2 and 3 from the line of the
link before (each about n_z, counterclockwise); the unit vectors b_ix, b_iy of each
link's frame are drawn beside its particle, b_iy pointing back along the link.
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

RELATIVE_DEG = (20.0, 35.0, 30.0)
LENGTHS = (1.0, 0.9, 0.9)
UNIT = 0.3


def draw():
    fig, ax = new_figure(5.6, 4.4)
    absolute = np.cumsum(RELATIVE_DEG)
    joints = [np.zeros(2)]
    for angle, length in zip(np.radians(absolute), LENGTHS, strict=True):
        joints.append(joints[-1] + length * np.array([np.sin(angle), -np.cos(angle)]))

    ground(ax, (-0.45, 0.0), (0.45, 0.0), hatch_length=-0.08)
    before = np.concatenate(([0.0], absolute[:-1]))   # direction of the line the angle starts from
    for i, (start, end) in enumerate(zip(joints, joints[1:], strict=False)):
        start_deg = -90.0 + before[i]
        reference = np.array([np.cos(np.radians(start_deg)), np.sin(np.radians(start_deg))])
        ax.plot(*zip(start, start + 0.55 * reference, strict=True), color=COLORS["ground"],
                linewidth=0.8, linestyle="--")
        angle_arc(ax, start, 0.3, start_deg, start_deg + RELATIVE_DEG[i],
                  color=COLORS["ground"])
        middle = np.radians(start_deg + 0.5 * RELATIVE_DEG[i])
        ax.text(*(start + 0.47 * np.array([np.cos(middle), np.sin(middle)])),
                f"$q_{i + 1}$", ha="center", va="center", fontsize=11)
        link(ax, start, end)
        # the lengths on the side of the frames' unit vectors, near the joint above
        outward = np.array([np.cos(np.radians(absolute[i])), np.sin(np.radians(absolute[i]))])
        ax.text(*(start + 0.3 * (end - start) + 0.17 * outward), f"$l_{i + 1}$",
                ha="center", va="center", fontsize=11)
    pin(ax, joints[0])
    ax.text(-0.2, 0.1, "$O$", fontsize=11)

    for i, (point, angle) in enumerate(zip(joints[1:], np.radians(absolute), strict=True), 1):
        b_x = UNIT * np.array([np.cos(angle), np.sin(angle)])
        b_y = UNIT * np.array([-np.sin(angle), np.cos(angle)])
        tail = point + 0.1 * b_x / UNIT     # beside the link, so that b_iy shows
        vector(ax, tail, b_x, color=COLORS["frame"], linewidth=1.2)
        vector(ax, tail, b_y, color=COLORS["frame"], linewidth=1.2)
        ax.text(*(tail + 1.45 * b_x), rf"$\hat{{b}}_{{{i}x}}$", color=COLORS["frame"],
                ha="center", va="center", fontsize=10)
        ax.text(*(tail + 1.2 * b_y + 0.15 * b_x / UNIT), rf"$\hat{{b}}_{{{i}y}}$",
                color=COLORS["frame"], ha="center", va="center", fontsize=10)
        particle(ax, point)
        ax.text(*(point - 0.27 * b_x / UNIT - 0.05 * b_y / UNIT), f"$P_{i}$",
                ha="center", va="center", fontsize=11)

    origin = np.array([-1.0, -2.2])
    frame_triad(ax, origin)
    vector(ax, (-0.75, -0.9), (0.0, -0.45), color=COLORS["force"], linewidth=1.5,
           label="$g$", label_offset=(0.06, 0.12), fontsize=11)
    ax.set_xlim(-1.2, 2.4)
    ax.set_ylim(-2.45, 0.3)
    return fig
