"""A body i in absolute coordinates, a point P of it, and a force at P.

Shows the global axes, the body's origin O_i at r_i, its body-fixed axes at the
angle phi_i, the vector s_P = A s'_P from O_i to P, the force F at P, and the
vector B s'_P (s_P turned by +90 degrees) whose dot product with F is the
moment of F about O_i.
"""

import numpy as np
from matplotlib.patches import Polygon

from mechlib import drawing
from mechlib.book.drawing import COLORS


def A(phi):
    c, s = np.cos(phi), np.sin(phi)
    return np.array([[c, -s], [s, c]])


def draw():
    fig, ax = drawing.new_figure(5.0, 3.8)
    r, phi = np.array([2.2, 1.3]), np.radians(25)
    s_local = np.array([1.3, 0.45])
    outline = np.array([[-0.9, -0.5], [1.6, -0.45], [1.8, 0.3], [1.4, 0.8],
                        [-0.6, 0.7], [-1.1, 0.1]])
    ax.add_patch(Polygon(r + outline @ A(phi).T, closed=True, facecolor="#eeeeee",
                         edgecolor=COLORS["body"], linewidth=1.5))
    # global axes
    drawing.vector(ax, (0, 0), (1.0, 0), label="$x$", color=COLORS["ground"],
                   label_offset=(0.05, -0.2))
    drawing.vector(ax, (0, 0), (0, 1.0), label="$y$", color=COLORS["ground"],
                   label_offset=(-0.25, 0.0))
    ax.text(-0.25, -0.2, "$O$")
    # position of the body origin
    drawing.vector(ax, (0, 0), r, label=r"$\{r_i\}$", color=COLORS["frame"],
                   label_offset=(-0.9, -0.35), linewidth=1.5)
    drawing.particle(ax, r, size=0.05)
    ax.text(*(r + [-0.35, -0.3]), "$O_i$")
    # body-fixed axes
    drawing.vector(ax, r, A(phi) @ [1.0, 0], label=r"$\xi_i$", color=COLORS["frame"],
                   linewidth=1.2, label_offset=(0.05, -0.15))
    drawing.vector(ax, r, A(phi) @ [0, 0.9], label=r"$\eta_i$", color=COLORS["frame"],
                   linewidth=1.2, label_offset=(-0.3, 0.0))
    ax.plot([r[0], r[0] + 1.2], [r[1], r[1]], color=COLORS["ground"], linewidth=0.8,
            linestyle=":")
    drawing.angle_arc(ax, r, 0.55, 0, np.degrees(phi), label=r"$\phi_i$")
    # the point, s_P and B s'_P
    s = A(phi) @ s_local
    P = r + s
    drawing.vector(ax, r, s, color=COLORS["partial"], linewidth=1.5)
    ax.text(*(P + [0.2, 0.1]), r"$\{s_i^P\} = [A_i]\{s_i'^P\}$", color=COLORS["partial"])
    turned = np.array([[0, -1], [1, 0]]) @ s
    drawing.vector(ax, P, turned * 0.8, label=r"$[B_i]\{s_i'^P\}$",
                   color=COLORS["partial"], linewidth=1.2, linestyle="--",
                   label_offset=(-1.1, 0.1))
    drawing.particle(ax, P, size=0.05)
    ax.text(*(P + [-0.1, -0.4]), "$P$")
    F = np.array([0.9, -0.8])
    drawing.vector(ax, P, F, label=r"$\{F\}$", color=COLORS["force"],
                   label_offset=(0.05, -0.1))
    ax.set_xlim(-0.5, 5.6)
    ax.set_ylim(-0.4, 3.6)
    return fig
