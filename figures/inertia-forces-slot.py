"""A particle in a slot that turns about the vertical: the set-up of Exercise ex-gif-slot.

Seen from above: the slot is fixed in the frame A, which turns about n_z (out
of the page) through q2 from N; the particle P slides in it at the distance q1
from the axis O, so r^OP = q1 a_x.
"""

import numpy as np

from mechlib.book.drawing import COLORS, angle_arc, frame_triad, new_figure, particle, pin, vector

TURN = np.radians(32.0)     # q2
DISTANCE = 1.25             # q1
LENGTH = 1.8                # of the slot


def draw():
    fig, ax = new_figure(4.2, 3.0)
    along = np.array([np.cos(TURN), np.sin(TURN)])      # a_x
    across = np.array([-np.sin(TURN), np.cos(TURN)])    # a_y
    origin = np.zeros(2)
    # the slot: two walls along a_x, a little apart, closed at the axis
    for side in (-1, 1):
        wall = origin + side * 0.07 * across
        ax.plot(*zip(wall - 0.1 * along, wall + LENGTH * along, strict=True),
                color=COLORS["body"], linewidth=1.6)
    ax.plot(*zip(origin - 0.1 * along - 0.07 * across, origin - 0.1 * along + 0.07 * across,
                 strict=True), color=COLORS["body"], linewidth=1.6)
    ax.plot([0.0, LENGTH], [0.0, 0.0], color=COLORS["ground"], linestyle="--", linewidth=0.9)
    pin(ax, origin, size=0.06)
    ax.text(-0.12, -0.24, "$O$", fontsize=11)
    angle_arc(ax, origin, 0.55, 0.0, np.degrees(TURN), color=COLORS["ground"])
    middle = 0.5 * TURN
    ax.text(*(0.66 * np.array([np.cos(middle), np.sin(middle)])), "$q_2$", fontsize=11,
            ha="left", va="center")
    bob = origin + DISTANCE * along
    particle(ax, bob, size=0.07, label="$P$", label_offset=(0.06, -0.26), fontsize=11)
    # q1 measured beside the slot, from the axis to P
    offset = 0.24 * across
    ax.annotate("", xy=bob + offset, xytext=origin + offset,
                arrowprops={"arrowstyle": "<->", "color": COLORS["ground"], "lw": 1.0})
    ax.text(*(origin + 0.5 * DISTANCE * along + 1.8 * offset), "$q_1$", fontsize=11,
            ha="center", va="center")
    # the frames: N at the lower left, A along the slot at its far end
    corner = np.array([-0.75, -0.55])
    frame_triad(ax, corner, length=0.45, label_offsets=((0.5625, -0.02), (0.0, 0.5425)),
                label_align=(("center", "center"), ("center", "center")))
    ax.text(*(corner + np.array([-0.12, -0.12])), r"$\hat{n}_z$ out of the page", fontsize=9,
            ha="left", va="top", color=COLORS["ground"])
    end = origin + (LENGTH + 0.1) * along
    for direction, name in ((along, r"$\hat{a}_x$"), (across, r"$\hat{a}_y$")):
        vector(ax, end, 0.4 * direction, color=COLORS["frame"], linewidth=1.4)
        ax.text(*(end + 0.55 * direction), name, fontsize=11, ha="center", va="center",
                color=COLORS["frame"])
    ax.set_xlim(-0.95, 2.35)
    ax.set_ylim(-0.95, 1.6)
    return fig
