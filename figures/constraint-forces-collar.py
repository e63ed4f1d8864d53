"""A collar on a rough rod that turns about the vertical: (a) the system, (b) the
forces on the collar, with the auxiliary speeds that bring the normal force into
evidence.

The rod turns about the vertical line through O (unit vector n_z) at the constant
rate Omega; a_x points along the rod, a_y across it in the horizontal plane,
a_z = n_z up. The collar P slides along the rod with u a_x at the distance q from
O. In (b) the rod pushes on P with the normal force lambda_y a_y + lambda_z a_z and
the friction force -mu lambda_n s a_x; gravity is -m g n_z; the auxiliary speeds
u_a1 a_y and u_a2 a_z let P leave the rod.
"""

import matplotlib.pyplot as plt
import numpy as np

from mechlib.book.drawing import (
    COLORS,
    moment_vector,
    new_figure,
    oblique_projection,
    slider,
    vector,
)

project = oblique_projection(x_screen=(1.0, 0.0), y_screen=(0.45, 0.3),
                             z_screen=(0.0, 1.0))


def draw():
    fig, ax = new_figure(9.0, 3.6)
    force, aux = COLORS["force"], COLORS["partial"]

    # (a) the system, in an oblique view
    O = np.zeros(3)
    top, bottom = project((0.0, 0.0, 1.1)), project((0.0, 0.0, -0.7))
    ax.plot(*zip(bottom, top, strict=True), color=COLORS["ground"], linestyle="-.", linewidth=0.9)
    end = project((2.2, 0.0, 0.0))
    ax.plot(*zip(project(O), end, strict=True), color=COLORS["body"], linewidth=3.0,
            solid_capstyle="round")
    ax.plot(*project(O), "o", color=COLORS["body"], markersize=4)
    ax.text(*(project(O) + np.array([-0.25, -0.2])), r"$O$", fontsize=12)
    P = project((1.4, 0.0, 0.0))
    slider(ax, P, width=0.32, height=0.2)
    ax.text(*(P + np.array([-0.05, 0.18])), r"$P$", fontsize=12)
    ax.annotate("", xy=P + np.array([-0.17, -0.25]), xytext=project(O) + np.array([0.0, -0.25]),
                arrowprops=dict(arrowstyle="<->", color=COLORS["body"], linewidth=0.8))
    ax.text(*(0.5 * (P + project(O)) + np.array([-0.05, -0.45])), r"$q$", fontsize=12)
    vector(ax, P + np.array([0.17, 0.0]), (0.5, 0.0), r"$u\,\hat{a}_x$",
           color=COLORS["velocity"], label_offset=(0.05, 0.05), fontsize=11)
    moment_vector(ax, project((0.0, 0.0, 0.6)), (0.0, 0.45), r"$\Omega\,\hat{n}_z$",
                  label_offset=(0.08, -0.1), fontsize=11)
    origin = np.array([-0.9, -0.5])
    for unit, label, offset in (((1, 0, 0), r"$\hat{a}_x$", (0.03, -0.12)),
                                ((0, 1, 0), r"$\hat{a}_y$", (0.03, 0.02)),
                                ((0, 0, 1), r"$\hat{a}_z$", (-0.08, 0.06))):
        vector(ax, origin, 0.4 * project(unit), label, color=COLORS["frame"],
               label_offset=offset, fontsize=11)
    ax.text(-1.0, 1.05, "(a)", fontsize=12)

    # (b) the forces on the collar, seen along the rod from O (a_x into the page)
    c = np.array([4.6, 0.0])
    slider(ax, c, width=0.4, height=0.4)
    ax.add_patch(plt.Circle(c, 0.08, facecolor="white", edgecolor=COLORS["body"],
                            linewidth=1.2, zorder=5))
    ax.plot(*c, marker="x", color=COLORS["body"], markersize=5, zorder=6)
    vector(ax, c + np.array([0.2, 0.0]), (0.65, 0.0), r"$\lambda_y\hat{a}_y$",
           color=force, label_offset=(0.05, -0.05), fontsize=12)
    vector(ax, c + np.array([0.0, 0.2]), (0.0, 0.6), r"$\lambda_z\hat{a}_z$",
           color=force, label_offset=(-0.2, 0.1), fontsize=12)
    vector(ax, c - np.array([0.0, 0.2]), (0.0, -0.6), r"$-mg\hat{n}_z$",
           color=force, label_offset=(-0.3, -0.2), fontsize=12)
    vector(ax, c + np.array([0.2, -0.15]), (0.45, 0.0), r"$u_{a1}\hat{a}_y$",
           color=aux, linestyle="--", linewidth=1.5, label_offset=(0.05, -0.12),
           fontsize=11)
    vector(ax, c + np.array([-0.15, 0.2]), (0.0, 0.45), r"$u_{a2}\hat{a}_z$",
           color=aux, linestyle="--", linewidth=1.5, label_offset=(-0.62, -0.05),
           fontsize=11)
    ax.text(c[0] - 1.75, c[1] - 0.45,
            "friction $-\\mu\\lambda_n s\\,\\hat{a}_x$\n(along the rod)", color=force,
            fontsize=11)
    ax.text(3.4, 1.05, "(b)", fontsize=12)

    ax.set_xlim(-1.1, 6.0)
    ax.set_ylim(-1.0, 1.25)
    return fig
