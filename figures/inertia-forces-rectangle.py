"""A rigid body of four particles of mass m at the corners of a 2a by 2b
rectangle, moving freely in three dimensions: mass centre B_o, body-fixed unit
vectors b_x, b_y (in the plane of the rectangle) and b_z (normal to it), and an
angular velocity w in a general direction.
"""

import numpy as np

from mechlib.book.drawing import COLORS, link, new_figure, oblique_projection, particle, vector

A, B = 1.2, 0.7
project = oblique_projection(x_screen=(1.0, -0.12), y_screen=(0.55, 0.45),
                             z_screen=(0.0, 1.0))


def draw():
    fig, ax = new_figure(5.5, 3.6)
    corners = [np.array(c) for c in ((A, B, 0.0), (-A, B, 0.0), (-A, -B, 0.0), (A, -B, 0.0))]
    for start, end in zip(corners, corners[1:] + corners[:1], strict=True):
        link(ax, project(start), project(end), color=COLORS["ground"], linewidth=1.0)
    for i, corner in enumerate(corners, start=1):
        particle(ax, project(corner), size=0.07)
        offset = (0.12, -0.05) if corner[0] > 0 else (-0.35, 0.05)
        ax.text(*(project(corner) + offset), rf"$P_{i}$", fontsize=12)
    centre = np.zeros(3)
    particle(ax, project(centre), size=0.04)
    ax.text(*(project(centre) + (-0.3, -0.22)), r"$B_o$", fontsize=12)
    for e, name, off in (((0.75, 0, 0), "x", (-0.05, 0.07)), ((0, 0.75, 0), "y", (0.05, 0.0)),
                         ((0, 0, 0.75), "z", (-0.25, 0.0))):
        vector(ax, project(centre), project(e), rf"$\hat{{b}}_{name}$", color=COLORS["frame"],
               label_offset=off, fontsize=12, linewidth=1.5)
    omega = np.array([0.5, -0.35, 1.05])
    vector(ax, project(centre), project(omega), r"$\bar{\omega}^B$", color=COLORS["velocity"],
           label_offset=(0.05, 0.0), fontsize=12)
    # dimensions 2a and 2b along two edges
    for start, end, label, off in ((corners[2], corners[3], r"$2a$", (0.0, -0.28)),
                                   (corners[3], corners[0], r"$2b$", (0.12, -0.1))):
        mid = project(0.5 * (start + end))
        ax.text(*(mid + off), label, fontsize=12, ha="center")
    ax.set_xlim(-2.2, 2.2)
    ax.set_ylim(-1.3, 1.6)
    return fig
