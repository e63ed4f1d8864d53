"""The blade (a skate) of generalized-active-forces and of Exercise ex-gaf-blade.

Seen from above: the contact point P at q1 n_x + q3 n_y from O, the heading q2
(frame A, blade along a_x); the force f_x n_x + f_y n_y at P, the torque
tau n_z on the blade, and the ice's side force lambda a_y at P, which keeps the
blade from sliding along a_y.
"""

import numpy as np

from figures._blade import P, draw_blade
from mechlib.book.drawing import COLORS, angle_arc, new_figure, vector

FORCE = np.array([0.75, -0.45])


def draw():
    fig, ax = new_figure(4.4, 3.0)
    a_x, a_y = draw_blade(ax)
    ax.text(*(P + np.array([-0.16, -0.3])), "$P$", fontsize=11, ha="center", va="center")
    vector(ax, P, FORCE, color=COLORS["force"], linewidth=2.0)
    ax.text(*(P + FORCE + np.array([0.05, -0.12])), r"$f_x\hat{n}_x + f_y\hat{n}_y$",
            fontsize=11, color=COLORS["force"], ha="left", va="center")
    vector(ax, P, 0.7 * a_y, color=COLORS["force"], linewidth=2.0, linestyle="--")
    ax.text(*(P + 0.9 * a_y), r"$\lambda\hat{a}_y$", fontsize=11, color=COLORS["force"],
            ha="center", va="center")
    angle_arc(ax, P, 0.42, 42.0, 108.0, color=COLORS["torque"])
    ax.text(*(P + 0.58 * np.array([np.cos(np.radians(75.0)), np.sin(np.radians(75.0))])),
            r"$\tau$", fontsize=11, color=COLORS["torque"],
            ha="center", va="center")
    ax.set_xlim(-0.45, 4.35)
    ax.set_ylim(-0.45, 2.6)
    return fig
