"""The bar of Exercise ex-planar-weight: its weight acts away from the body origin.

The body origin is at one end of the bar, at (x, y); the bar's body-fixed axis
xi makes the angle phi with the global x axis; the mass centre is at
{s'} = [a, 0]^T, the distance a along the bar, and the weight
{F} = [0, -mg]^T acts there.
"""

import numpy as np

from mechlib.book.drawing import (
    COLORS,
    angle_arc,
    frame_triad,
    link,
    new_figure,
    particle,
    vector,
)

PHI = np.radians(30.0)
ORIGIN = np.array([0.9, 0.45])     # the body origin, (x, y)
LENGTH = 2.3
A = 1.4


def draw():
    fig, ax = new_figure(4.2, 2.9)
    along = np.array([np.cos(PHI), np.sin(PHI)])
    across = np.array([-np.sin(PHI), np.cos(PHI)])
    frame_triad(ax, (0.0, 0.0), names=("$x$", "$y$"), color=COLORS["ground"],
                length=0.5, label_offsets=((0.58, 0.0), (0.0, 0.62)),
                label_align=(("left", "center"), ("center", "baseline")))
    ax.text(-0.08, -0.08, "$O$", fontsize=11, ha="right", va="top")
    # the bar, its body axis xi beyond its end, the angle phi
    end = ORIGIN + LENGTH * along
    link(ax, ORIGIN, end, linewidth=5.0)
    ax.plot(*zip(end, end + 0.45 * along, strict=True), color=COLORS["ground"],
            linestyle=":", linewidth=0.9)
    ax.text(*(end + 0.62 * along), r"$\xi$", fontsize=11, ha="center", va="center")
    ax.plot([ORIGIN[0], ORIGIN[0] + 0.85], [ORIGIN[1]] * 2, color=COLORS["ground"],
            linestyle=":", linewidth=0.9)
    angle_arc(ax, ORIGIN, 0.7, 0.0, np.degrees(PHI), color=COLORS["ground"])
    middle = 0.5 * PHI
    ax.text(*(ORIGIN + 0.88 * np.array([np.cos(middle), np.sin(middle)])), r"$\phi$",
            fontsize=11, ha="center", va="center")
    particle(ax, ORIGIN, size=0.07)
    ax.text(*(ORIGIN + np.array([-0.08, 0.1])), "$(x, y)$", fontsize=11, ha="right",
            va="bottom")
    # the mass centre at a along the bar, and the weight there
    centre = ORIGIN + A * along
    particle(ax, centre, size=0.1, color=COLORS["force"])
    lift = 0.3 * across
    ax.annotate("", xy=centre + lift, xytext=ORIGIN + lift,
                arrowprops={"arrowstyle": "<->", "color": COLORS["ground"], "lw": 1.0})
    ax.text(*(ORIGIN + 0.5 * A * along + 1.55 * lift), "$a$", fontsize=11, ha="center",
            va="center")
    vector(ax, centre, (0.0, -0.75), color=COLORS["force"], linewidth=2.0)
    ax.text(*(centre + np.array([0.1, -0.6])), r"$\{F\} = [0, -mg]^T$", fontsize=11,
            color=COLORS["force"], ha="left", va="center")
    ax.text(*(ORIGIN + 1.95 * along - 0.22 * across), "$m$", fontsize=11, ha="center",
            va="center")
    ax.set_xlim(-0.35, end[0] + 0.75)
    ax.set_ylim(-0.3, end[1] + 0.45)
    return fig
