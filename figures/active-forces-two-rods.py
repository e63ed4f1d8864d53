"""Two thin rods in 3D with torsional springs and gravity: (a) the system,
(b) the loads on rod A, (c) the loads on rod B (pin forces left out).

Rod A is pinned at O and turns about n_z through q1; rod B has its mass centre
at A's far end B_o = O + l a_x and turns relative to A about a_x through q2.
Gravity acts along +n_x (drawn downwards).
"""

import numpy as np

from mechlib.book.drawing import (
    COLORS,
    link,
    moment_vector,
    new_figure,
    oblique_projection,
    particle,
    pin,
    vector,
)

Q1, Q2 = np.radians(35.0), np.radians(40.0)
project = oblique_projection(x_screen=(0.0, -1.0), y_screen=(1.0, 0.0),
                             z_screen=(-0.45, 0.15))


def frames():
    """Unit vectors of N, A and B in N components, for the angles Q1, Q2."""
    n_x, n_y, n_z = np.eye(3)
    a_x = np.cos(Q1) * n_x + np.sin(Q1) * n_y
    a_y = -np.sin(Q1) * n_x + np.cos(Q1) * n_y
    a_z = n_z
    b_y = np.cos(Q2) * a_y + np.sin(Q2) * a_z
    return n_x, n_y, n_z, a_x, a_y, b_y


def arc3d(ax, center, e1, e2, radius, angle, label, shift):
    """Draw an arc from direction e1 towards e2 through ``angle``, projected."""
    t = np.linspace(0.0, angle, 30)
    pts = np.array([project(center + radius * (np.cos(s) * e1 + np.sin(s) * e2)) for s in t])
    ax.plot(pts[:-1, 0], pts[:-1, 1], color=COLORS["body"], linewidth=1.0)
    vector(ax, pts[-2], pts[-1] - pts[-2], color=COLORS["body"], linewidth=1.0)
    mid = pts[len(pts) // 2]
    ax.text(mid[0] + shift[0], mid[1] + shift[1], label, fontsize=12)


def draw_rod_a(ax, origin, loads):
    n_x, n_y, n_z, a_x, a_y, b_y = frames()
    O = origin
    Bo = O + a_x
    Ao = O + 0.5 * a_x
    link(ax, project(O), project(Bo), linewidth=4)
    pin(ax, project(O))
    ax.text(*(project(O) + (-0.2, 0.05)), r"$O$", fontsize=12)
    if loads:
        vector(ax, project(Ao), 0.45 * project(n_x), r"$m g\,\hat{n}_x$",
               color=COLORS["force"], label_offset=(-0.55, -0.15), fontsize=12)
        moment_vector(ax, project(O), 0.7 * project(-n_z), r"$-k q_1\,\hat{n}_z$",
                      label_offset=(0.08, 0.0), fontsize=12)
        moment_vector(ax, project(Bo), 0.5 * project(a_x), r"$k q_2\,\hat{a}_x$",
                      label_offset=(0.05, -0.1), fontsize=12)
        particle(ax, project(Ao), size=0.03)
        ax.text(*(project(Ao) + (0.08, 0.02)), r"$A_o$", fontsize=12)
    return O, Bo


def draw_rod_b(ax, Bo, loads):
    n_x, n_y, n_z, a_x, a_y, b_y = frames()
    link(ax, project(Bo - 0.5 * b_y), project(Bo + 0.5 * b_y), linewidth=4,
         color="#444444")
    particle(ax, project(Bo), size=0.03)
    if loads:
        vector(ax, project(Bo), 0.45 * project(n_x), r"$m g\,\hat{n}_x$",
               color=COLORS["force"], label_offset=(0.05, -0.1), fontsize=12)
        moment_vector(ax, project(Bo), 0.5 * project(-a_x), r"$-k q_2\,\hat{a}_x$",
                      label_offset=(-0.9, 0.0), fontsize=12)
        ax.text(*(project(Bo) + (0.08, 0.1)), r"$B_o$", fontsize=12)


def draw():
    fig, ax = new_figure(8.0, 3.4)
    n_x, n_y, n_z, a_x, a_y, b_y = frames()

    # (a) the system
    O, Bo = draw_rod_a(ax, np.zeros(3), loads=False)
    draw_rod_b(ax, Bo, loads=False)
    ax.text(*(project(0.5 * a_x) + (0.1, 0.0)), r"$A$", fontsize=12)
    ax.text(*(project(Bo - 0.5 * b_y) + (-0.22, -0.12)), r"$B$", fontsize=12)
    ax.text(*(project(Bo) + (0.12, -0.12)), r"$B_o$", fontsize=12)
    for e, name, off in ((n_x, "x", (0.05, -0.1)), (n_y, "y", (0.03, 0.03)),
                         (n_z, "z", (-0.2, 0.02))):
        vector(ax, (-1.0, -0.4), 0.4 * project(e), rf"$\hat{{n}}_{name}$",
               color=COLORS["frame"], label_offset=off, fontsize=11, linewidth=1.5)
    ax.plot(*zip(project(O), project(0.75 * n_x), strict=True), color=COLORS["ground"],
            linewidth=0.8,
            linestyle="--")
    arc3d(ax, O, n_x, n_y, 0.7, Q1, r"$q_1$", (0.0, -0.2))
    ax.plot(*zip(project(Bo), project(Bo + 0.55 * a_y), strict=True), color=COLORS["ground"],
            linewidth=0.8, linestyle="--")
    a_z = n_z
    arc3d(ax, Bo, a_y, a_z, 0.45, Q2, r"$q_2$", (0.08, 0.0))
    vector(ax, project(Bo + 0.25 * a_x), 0.45 * project(a_x), r"$\hat{a}_x$",
           color=COLORS["frame"], label_offset=(0.05, -0.1), fontsize=11, linewidth=1.5)
    vector(ax, (-0.4, -1.2), (0.0, -0.45), r"$g$", color=COLORS["ground"],
           label_offset=(0.05, 0.15), fontsize=11)
    ax.text(-1.5, 0.35, "(a)", fontsize=12)

    # (b) rod A with its loads, (c) rod B with its loads
    shift_b = np.array([0.0, 2.3, 0.0])
    draw_rod_a(ax, shift_b, loads=True)
    ax.text(*(project(shift_b) + (-0.9, 0.35)), "(b)", fontsize=12)
    shift_c = np.array([0.0, 4.3, 0.0])
    draw_rod_b(ax, shift_c + a_x, loads=True)
    ax.text(*(project(shift_c) + (-0.6, 0.35)), "(c)", fontsize=12)

    ax.set_xlim(-1.6, 6.0)
    ax.set_ylim(-1.9, 0.5)
    return fig
