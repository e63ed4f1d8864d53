"""A simple pendulum: the velocity of its bob is the partial velocity times the speed.

The bob P hangs from the pin O on a massless rod of length l, at the angle q
from the downward vertical; its velocity in N is ``l u`` along the rod's normal,
so its partial velocity for u is ``l`` times that unit vector.
"""

import numpy as np

from mechlib import drawing

ANGLE = np.radians(35.0)
LENGTH = 1.0


def draw():
    fig, ax = drawing.new_figure(3.4, 3.0)
    origin = np.array([0.0, 0.0])
    along = np.array([np.sin(ANGLE), -np.cos(ANGLE)])   # from O to P
    normal = np.array([np.cos(ANGLE), np.sin(ANGLE)])   # direction of the velocity
    bob = origin + LENGTH * along

    drawing.ground(ax, (-0.4, 0.0), (0.4, 0.0))
    ax.plot([0, 0], [0, -0.75], color=drawing.COLORS["ground"], linestyle=":",
            linewidth=1.0)
    drawing.link(ax, origin, bob)
    drawing.pin(ax, origin)
    drawing.particle(ax, bob, size=0.05, label="$P$", label_offset=(-0.17, -0.06), fontsize=11)
    drawing.angle_arc(ax, origin, 0.35, -90.0, -90.0 + np.degrees(ANGLE), label="$q$")
    drawing.vector(ax, bob, 0.45 * normal, label=r"${}^N\bar{v}^P = l\,u\,\hat{a}_x$",
                   label_offset=(0.02, 0.04), fontsize=11)
    shift = 0.09 * along   # draw the partial velocity beside the velocity
    drawing.vector(ax, bob + shift, 0.25 * normal, color=drawing.COLORS["partial"],
                   linewidth=2.5)
    ax.text(*(bob + 0.1 * normal + np.array([0.1, -0.2])),
            r"${}^N\bar{v}^P_1 = l\,\hat{a}_x$", color=drawing.COLORS["partial"],
            fontsize=11)
    ax.text(0.04, 0.08, "$O$", fontsize=11)
    ax.text(*(0.6 * bob + np.array([0.06, 0.04])), "$l$", fontsize=11)
    ax.set_xlim(-0.5, 1.45)
    ax.set_ylim(-1.05, 0.25)
    return fig
