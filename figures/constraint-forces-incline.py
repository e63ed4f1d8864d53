"""The block on a rough incline of Exercise ex-cf-incline.

A plane inclined at theta; the block of mass m at the distance x down the
slope from a point O of the plane; gravity g straight down; friction
coefficient mu between block and plane.
"""

import numpy as np

from mechlib.book.drawing import COLORS, angle_arc, new_figure, slider, vector

THETA = np.radians(28.0)
LENGTH = 3.2
X = 1.4


def draw():
    fig, ax = new_figure(4.4, 2.8)
    down = np.array([np.cos(THETA), -np.sin(THETA)])        # down the slope
    normal = np.array([np.sin(THETA), np.cos(THETA)])       # out of the plane
    top = np.array([0.0, LENGTH * np.sin(THETA)])
    bottom = top + LENGTH * down
    ax.fill([top[0], bottom[0], top[0]], [top[1], bottom[1], bottom[1]],
            color=COLORS["ground"], alpha=0.2, linewidth=0)
    ax.plot([top[0], bottom[0]], [top[1], bottom[1]], color=COLORS["body"], linewidth=1.5)
    ax.plot([top[0] - 0.1, bottom[0] + 0.3], [bottom[1]] * 2, color=COLORS["body"],
            linewidth=1.0)
    angle_arc(ax, bottom, 0.75, 180.0, 180.0 - np.degrees(THETA), color=COLORS["ground"])
    ax.text(*(bottom + 0.95 * np.array([-np.cos(0.5 * THETA), np.sin(0.5 * THETA)])),
            r"$\theta$", fontsize=11, ha="center", va="center")
    origin = top + 0.3 * down
    ax.plot(*zip(origin - 0.08 * normal, origin + 0.08 * normal, strict=True),
            color=COLORS["body"], linewidth=1.2)
    ax.text(*(origin + 0.22 * normal), "$O$", fontsize=11, ha="center", va="center")
    block = origin + X * down + 0.14 * normal
    slider(ax, block, angle_deg=-np.degrees(THETA), width=0.5, height=0.28)
    ax.text(*block, "$m$", fontsize=11, ha="center", va="center", zorder=5)
    # x along the slope, drawn just above the plane's surface beside the block
    lift = -0.25 * normal
    ax.annotate("", xy=origin + X * down + lift, xytext=origin + lift,
                arrowprops={"arrowstyle": "->", "color": COLORS["ground"], "lw": 1.0})
    ax.text(*(origin + 0.5 * X * down + 1.7 * lift), "$x$", fontsize=11, ha="center",
            va="center")
    sky = np.array([bottom[0] - 0.35, top[1] + 0.1])
    vector(ax, sky, (0.0, -0.5), color=COLORS["force"], linewidth=1.6)
    ax.text(*(sky + np.array([0.1, -0.3])), "$g$", fontsize=11, color=COLORS["force"])
    # the friction coefficient of the contact, on the surface beside the block
    ax.text(*(block - 0.55 * down - 0.02 * normal), r"$\mu$", fontsize=11, ha="center",
            va="center")
    ax.set_xlim(-0.3, bottom[0] + 0.4)
    ax.set_ylim(bottom[1] - 0.35, top[1] + 0.35)
    return fig
