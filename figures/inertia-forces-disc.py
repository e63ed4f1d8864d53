"""The two rods with rod B replaced by a disc: the set-up of Exercise ex-gif-disc.

Rod A (length l) is pinned at O and turns about n_z through q1; at its far end
B_o = O + l a_x a thin disc of radius R, centred at B_o with its plane normal to
a_x, turns about a_x (= b_x) through q2, marked by the radius along b_y.  n_x points
down the page, as in active-forces-two-rods.py.
"""

import numpy as np

from mechlib.book.drawing import COLORS, link, new_figure, oblique_projection, pin, vector

Q1, Q2 = np.radians(40.0), np.radians(60.0)
RADIUS = 0.8
LENGTH = 1.6                # of rod A, l
project = oblique_projection(x_screen=(0.0, -1.0), y_screen=(1.0, 0.0),
                             z_screen=(-0.5, 0.4))


def arc3d(ax, center, e1, e2, radius, angle):
    """An arrow along the arc from e1 towards e2 through ``angle``, projected."""
    t = np.linspace(0.0, angle, 30)
    pts = np.array([project(center + radius * (np.cos(s) * e1 + np.sin(s) * e2))
                    for s in t])
    ax.plot(pts[:-1, 0], pts[:-1, 1], color=COLORS["ground"], linewidth=1.0)
    vector(ax, pts[-2], pts[-1] - pts[-2], color=COLORS["ground"], linewidth=1.0)
    return pts[len(pts) // 2]


def draw():
    fig, ax = new_figure(4.6, 3.2)
    n_x, n_y, n_z = np.eye(3)
    a_x = np.cos(Q1) * n_x + np.sin(Q1) * n_y
    a_y = -np.sin(Q1) * n_x + np.cos(Q1) * n_y
    a_z = n_z
    b_y = np.cos(Q2) * a_y + np.sin(Q2) * a_z
    O = np.zeros(3)
    Bo = O + LENGTH * a_x

    # rod A, q1 from n_x about n_z
    ax.plot(*zip(project(O), project(0.75 * n_x), strict=True), color=COLORS["ground"],
            linewidth=0.8, linestyle="--")
    middle = arc3d(ax, O, n_x, n_y, 0.55, Q1)
    ax.text(*(middle + np.array([0.0, -0.17])), "$q_1$", fontsize=11, ha="center",
            va="center")
    link(ax, project(O), project(Bo), linewidth=4)
    pin(ax, project(O))
    ax.text(*(project(O) + np.array([-0.12, 0.08])), "$O$", fontsize=11, ha="right")
    ax.text(*(project(0.4 * LENGTH * a_x) + np.array([0.12, 0.06])), "$A$", fontsize=11)

    # the disc in the plane of a_y and a_z, its radius along b_y and q2 from a_y
    t = np.linspace(0.0, 2 * np.pi, 120)
    rim = np.array([project(Bo + RADIUS * (np.cos(s) * a_y + np.sin(s) * a_z)) for s in t])
    ax.fill(rim[:, 0], rim[:, 1], facecolor="#e6e6e6", edgecolor=COLORS["body"],
            linewidth=1.5, zorder=3)
    ax.plot(*zip(project(Bo), project(Bo + RADIUS * a_y), strict=True),
            color=COLORS["ground"], linewidth=0.9, linestyle="--", zorder=4)
    link(ax, project(Bo), project(Bo + RADIUS * b_y), linewidth=2.0)
    ax.lines[-1].set_zorder(4)
    arc3d(ax, Bo, a_y, a_z, 0.42, Q2)
    ax.lines[-1].set_zorder(4)
    half = 0.5 * Q2
    ax.text(*project(Bo + 0.78 * RADIUS * (np.cos(half) * a_y + np.sin(half) * a_z)),
            "$q_2$", fontsize=11, ha="center", va="center", zorder=5)
    ax.text(*(project(Bo + 0.6 * RADIUS * b_y) + np.array([-0.14, 0.0])), "$R$",
            fontsize=11, ha="center", va="center", zorder=5)
    ax.plot(*project(Bo), "o", color=COLORS["body"], markersize=4, zorder=5)
    ax.text(*(project(Bo) + np.array([0.08, -0.16])), "$B_o$", fontsize=11, zorder=5)
    ax.text(*(project(Bo + RADIUS * a_y) + np.array([0.1, 0.0])), "$B$", fontsize=11,
            va="center")
    # the disc's axis: a_x = b_x, out of the disc
    axis = vector(ax, project(Bo), 0.9 * project(a_x), color=COLORS["frame"], linewidth=1.5)
    axis.set_zorder(4)
    ax.text(*(project(Bo + 0.9 * a_x) + np.array([0.06, -0.06])),
            r"$\hat{a}_x = \hat{b}_x$", fontsize=11, color=COLORS["frame"], va="top")

    # N's unit vectors
    corner = np.array([-1.1, -1.5])
    for e, name, offset in ((n_x, "x", (0.06, -0.05)), (n_y, "y", (0.06, 0.0)),
                            (n_z, "z", (-0.2, 0.06))):
        vector(ax, corner, 0.4 * project(e), color=COLORS["body"], linewidth=1.2)
        ax.text(*(corner + 0.4 * project(e) + np.array(offset)), rf"$\hat{{n}}_{name}$",
                fontsize=11, va="center")
    ax.set_xlim(-1.5, 2.6)
    ax.set_ylim(-2.3, 0.5)
    return fig
