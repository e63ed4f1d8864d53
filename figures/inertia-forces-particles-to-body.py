"""The inertia forces of the particles of a rigid body (left) and the equivalent
set (right): the inertia force R* = -m a^{B_o} at the mass centre B_o together
with a couple whose torque is the inertia torque T* = -sum m_i r_i x a_i.

The particles' accelerations are those of a body that translates with the
acceleration a^{B_o} while it turns with angular speed w and angular
acceleration alpha about an axis normal to the page, a_i = a_Bo + alpha x r_i
- w^2 r_i, drawn to scale.
"""

import numpy as np
from matplotlib.patches import Polygon

from mechlib.book.drawing import COLORS, angle_arc, new_figure, particle, vector

#: Outline of the body and its particles, relative to the mass centre B_o.
OUTLINE = np.array([[-1.25, -0.45], [-0.6, -0.8], [0.55, -0.75], [1.3, -0.2],
                    [1.1, 0.55], [0.2, 0.8], [-0.9, 0.6]])
# sum zero: B_o is their mass centre
PARTICLES = np.array([[-0.85, 0.25], [0.75, 0.3], [0.1, -0.55]])
A_BO = np.array([0.12, -0.2])     # acceleration of the mass centre
ALPHA, OMEGA = 0.8, 0.85          # angular acceleration and angular speed (about the normal)
SCALE = 0.75                      # drawing length of -m_i a_i per unit of acceleration
R_LABEL_OFFSETS = [(-0.05, -0.2), (-0.05, -0.22), (-0.22, -0.05)]
LABEL_OFFSETS = [(-0.35, 0.1), (0.05, 0.05), (0.05, -0.2)]


def acceleration(r):
    """a_i = a_Bo + alpha x r_i + w x (w x r_i) in the plane."""
    return A_BO + ALPHA * np.array([-r[1], r[0]]) - OMEGA**2 * r


def body(ax, centre):
    ax.add_patch(Polygon(OUTLINE + centre, closed=True, facecolor="#f2f2f2",
                         edgecolor=COLORS["body"], linewidth=1.5, zorder=1))
    particle(ax, centre, size=0.05)
    ax.text(*(centre + (-0.1, 0.12)), r"$B_o$", fontsize=12)
    ax.text(*(centre + (-1.15, -0.3)), r"$B$", fontsize=13)


def draw():
    fig, ax = new_figure(8.0, 2.9)

    # left: the particles' inertia forces
    left = np.array([0.0, 0.0])
    body(ax, left)
    for i, r in enumerate(PARTICLES, start=1):
        p = left + r
        ax.annotate("", xy=p, xytext=left,
                    arrowprops=dict(arrowstyle="-|>", color=COLORS["ground"], lw=1.0,
                                    linestyle="--", shrinkA=0, shrinkB=3))
        ax.text(*(left + 0.5 * r + R_LABEL_OFFSETS[i - 1]), rf"$\bar{{r}}_{i}$",
                color=COLORS["ground"], fontsize=11)
        particle(ax, p, size=0.06)
        ax.text(*(p + (0.08, 0.1)), rf"$P_{i}$", fontsize=11)
        force = -SCALE * acceleration(r)
        vector(ax, p, force, rf"$-m_{i}\bar{{a}}_{i}$", color=COLORS["force"],
               label_offset=LABEL_OFFSETS[i - 1], fontsize=11)

    ax.text(2.05, -0.05, r"$\equiv$", fontsize=26, ha="center", va="center")

    # right: the inertia force at B_o and the inertia torque
    right = np.array([4.1, 0.0])
    body(ax, right)
    masses = np.ones(len(PARTICLES))
    total = sum(-SCALE * m * acceleration(r) for m, r in zip(masses, PARTICLES, strict=True))
    vector(ax, right, total, r"$\bar{R}^* = -m\,\bar{a}^{B_o}$",
           color=COLORS["force"], label_offset=(-0.5, 0.12), fontsize=11)
    angle_arc(ax, right, 0.45, 610, 330, color=COLORS["torque"])   # clockwise: T* = -I alpha
    ax.text(*(right + (0.0, -1.1)), r"$\bar{T}^* = -\sum_i m_i\,\bar{r}_i \times \bar{a}_i$",
            color=COLORS["torque"], fontsize=11, ha="center")

    ax.set_xlim(-1.6, 5.8)
    ax.set_ylim(-1.35, 1.25)
    return fig
