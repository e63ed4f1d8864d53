"""The body of three particles of Exercise ex-gif-triangle, in an oblique view.

m at the corner Q (the origin of B's axes), 2m at d b_x and 3m at d b_y + d b_z;
Q moves along b_x with speed u4.
"""

import numpy as np

from mechlib.book.drawing import COLORS, new_figure, oblique_projection, particle, vector

# b_x to the right, b_y into the page (drawn up and to the right), b_z up
project = oblique_projection(x_screen=(1.0, 0.0), y_screen=(0.5, 0.38),
                             z_screen=(0.0, 1.0))
D = 1.0


def draw():
    fig, ax = new_figure(4.0, 3.2)
    corner, two, three = (project(p) for p in ((0, 0, 0), (D, 0, 0), (0, D, D)))
    # the body: the triangle of its three particles, lightly filled
    ax.fill(*zip(corner, two, three, strict=True), color=COLORS["ground"], alpha=0.15,
            linewidth=0)
    for start, end in ((corner, two), (two, three), (three, corner)):
        ax.plot(*zip(start, end, strict=True), color=COLORS["body"], linewidth=1.2)
    # where 3m sits: d along b_y, then d along b_z
    below = project((0, D, 0))
    ax.plot(*zip(corner, below, three, strict=True), color=COLORS["ground"],
            linestyle=":", linewidth=1.0)
    ax.text(*((corner + two) / 2 + np.array([0.0, -0.17])), "$d$", fontsize=10,
            ha="center", color=COLORS["ground"])
    for point, size, label, offset in ((corner, 0.05, "$Q$, $m$", (-0.5, -0.05)),
                                       (two, 0.065, "$2m$", (0.1, -0.14)),
                                       (three, 0.08, "$3m$", (0.12, 0.0))):
        particle(ax, point, size=size, label=label, label_offset=offset, fontsize=11)
    # B's unit vectors, drawn apart from the body
    triad = np.array([-0.55, 0.75])
    for unit, name in (((1, 0, 0), r"$\hat{b}_x$"), ((0, 1, 0), r"$\hat{b}_y$"),
                       ((0, 0, 1), r"$\hat{b}_z$")):
        arrow = project(0.45 * np.array(unit, dtype=float))
        vector(ax, triad, arrow, color=COLORS["frame"], linewidth=1.3)
        ax.text(*(triad + arrow + 0.15 * arrow / np.linalg.norm(arrow)), name,
                fontsize=11, ha="center", va="center", color=COLORS["frame"])
    start = corner + np.array([0.0, -0.42])
    vector(ax, start, (0.5, 0.0), color=COLORS["velocity"], linewidth=1.6)
    ax.text(*(start + np.array([0.0, -0.2])), r"${}^N\bar{v}^{Q} = u_4\hat{b}_x$",
            fontsize=10, color=COLORS["velocity"], va="center")
    ax.set_xlim(-0.75, 1.45)
    ax.set_ylim(-0.8, 1.55)
    return fig
