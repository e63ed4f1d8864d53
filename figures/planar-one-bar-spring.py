"""The bar of Exercise ex-planar-one-bar: pinned at O, a spring from its tip to the ground.

The bar (length L) turns about the ground pin O at the origin through q from
the horizontal; its body origin is its mass centre, L/2 from O; a spring of
stiffness k and free length 0 joins its tip P to the ground point (0, -h).
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
    spring,
)

Q = np.radians(35.0)
LENGTH = 2.0
H = 1.3


def draw():
    fig, ax = new_figure(4.2, 3.0)
    along = np.array([np.cos(Q), np.sin(Q)])
    across = np.array([-np.sin(Q), np.cos(Q)])
    origin = np.zeros(2)
    tip = LENGTH * along
    anchor = np.array([0.0, -H])
    ground(ax, (-0.3, -0.1), (0.3, -0.1))
    link(ax, origin, tip)
    pin(ax, origin, size=0.06)
    ax.text(-0.12, 0.0, "$O$", fontsize=11, ha="right", va="center")
    # q from the horizontal through O
    ax.plot([0.0, 0.65], [0.0, 0.0], color=COLORS["ground"], linestyle=":", linewidth=0.9)
    angle_arc(ax, origin, 0.45, 0.0, np.degrees(Q), color=COLORS["ground"])
    middle = 0.5 * Q
    ax.text(*(0.6 * np.array([np.cos(middle), np.sin(middle)])), "$q$", fontsize=11,
            ha="center", va="center")
    # the body origin at the mass centre, halfway; the length L beside the bar
    particle(ax, 0.5 * tip, size=0.07)
    lift = 0.25 * across
    ax.annotate("", xy=tip + lift, xytext=origin + lift,
                arrowprops={"arrowstyle": "<->", "color": COLORS["ground"], "lw": 1.0})
    ax.text(*(0.5 * tip + 1.7 * lift), "$L$", fontsize=11, ha="center", va="center")
    pin(ax, tip, size=0.05)
    ax.text(*(tip + np.array([0.1, 0.05])), "$P$", fontsize=11, ha="left", va="bottom")
    # the spring to the ground point (0, -h)
    spring(ax, anchor, tip, coils=7, width=0.07)
    ground(ax, anchor + np.array([-0.3, 0.0]), anchor + np.array([0.3, 0.0]))
    pin(ax, anchor, size=0.05)
    ax.text(*(0.5 * (anchor + tip) + np.array([0.15, -0.08])), "$k$", fontsize=11,
            ha="left", va="top")
    # h from O down to the ground point
    ax.annotate("", xy=anchor + np.array([-0.5, 0.0]), xytext=(-0.5, 0.0),
                arrowprops={"arrowstyle": "<->", "color": COLORS["ground"], "lw": 1.0})
    ax.text(-0.6, -0.5 * H, "$h$", fontsize=11, ha="right", va="center")
    ax.text(*(anchor + np.array([0.35, -0.02])), "$(0, -h)$", fontsize=10, ha="left",
            va="top")
    frame_triad(ax, (tip[0] + 0.15, -H), names=("$x$", "$y$"), color=COLORS["ground"])
    ax.set_xlim(-0.9, tip[0] + 0.75)
    ax.set_ylim(-H - 0.35, tip[1] + 0.35)
    return fig
