"""The slider-crank of Exercise ex-cl-slider-crank.

The crank OP (length a) turns about O through q1; the connecting rod PS
(length b) makes the angle q2 with n_x (negative while P is above the axis:
a sin q1 + b sin q2 = 0); the slider S moves along the n_x axis through O, at
q3 n_x, and the gas force -F n_x acts on it.
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

CRANK, ROD = 1.0, 2.2
Q1 = np.radians(55.0)
Q2 = np.arcsin(-CRANK * np.sin(Q1) / ROD)


def draw():
    fig, ax = new_figure(5.0, 2.6)
    origin = np.zeros(2)
    crank_pin = CRANK * np.array([np.cos(Q1), np.sin(Q1)])
    q3 = CRANK * np.cos(Q1) + ROD * np.cos(Q2)
    piston = np.array([q3, 0.0])
    ground(ax, (-0.35, -0.12), (q3 + 0.6, -0.12), hatch_length=-0.08)
    ax.plot([-0.3, q3 + 0.6], [0.0, 0.0], color=COLORS["ground"], linestyle="--",
            linewidth=0.9)
    link(ax, origin, crank_pin)
    link(ax, crank_pin, piston)
    slider(ax, piston, width=0.42, height=0.22)
    for point in (origin, crank_pin, piston):
        pin(ax, point, size=0.05)
    ax.text(-0.25, 0.1, "$O$", fontsize=11)
    ax.text(*(crank_pin + np.array([-0.12, 0.1])), "$P$", fontsize=11)
    ax.text(*(piston + np.array([-0.05, 0.2])), "$S$", fontsize=11)
    ax.text(*(0.5 * crank_pin + np.array([-0.2, 0.05])), "$a$", fontsize=11)
    ax.text(*(0.5 * (crank_pin + piston) + np.array([0.05, 0.1])), "$b$", fontsize=11)
    angle_arc(ax, origin, 0.42, 0.0, np.degrees(Q1), label="$q_1$", color=COLORS["ground"],
              fontsize=11)
    # q2 at P, from the direction of n_x to the rod (clockwise here: q2 < 0)
    ax.plot([crank_pin[0], crank_pin[0] + 0.7], [crank_pin[1]] * 2,
            color=COLORS["ground"], linestyle="--", linewidth=0.9)
    angle_arc(ax, crank_pin, 0.55, 0.0, np.degrees(Q2), color=COLORS["ground"])
    ax.text(*(crank_pin + np.array([0.68, -0.12])), "$q_2$", fontsize=11, va="center")
    # q3 measured below the axis, from O to S
    ax.annotate("", xy=(q3, -0.42), xytext=(0.0, -0.42),
                arrowprops={"arrowstyle": "->", "color": COLORS["ground"], "lw": 1.0})
    ax.text(0.5 * q3, -0.58, "$q_3$", fontsize=11, ha="center", va="center")
    vector(ax, piston + np.array([0.85, 0.0]), (-0.6, 0.0), color=COLORS["force"],
           linewidth=2.0)
    ax.text(*(piston + np.array([0.62, 0.16])), r"$-F\hat{n}_x$", fontsize=11,
            color=COLORS["force"], ha="center")
    corner = np.array([-0.3, -1.0])
    frame_triad(ax, corner, label_offsets=((0.47, 0.0), (0.0, 0.52)),
                label_align=(("left", "center"), ("center", "baseline")))
    ax.set_xlim(-0.5, q3 + 1.0)
    ax.set_ylim(-1.15, 1.1)
    return fig
