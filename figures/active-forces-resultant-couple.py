"""A set of forces on a rigid body (left) and the equivalent resultant at Q with a couple (right).

The resultant R is the sum of the forces; the torque T of the couple is the sum of
the moments of the forces about Q. Both are computed here from the drawn forces.
"""

import numpy as np
from matplotlib.patches import Ellipse

from mechlib.book.drawing import COLORS, angle_arc, new_figure, particle, vector

POINTS = np.array([[-0.9, 0.25], [0.55, 0.45], [0.7, -0.35]])
FORCES = np.array([[0.0, 0.7], [0.6, 0.2], [-0.3, -0.6]])
Q = np.array([-0.1, -0.1])


def body(ax, center):
    ax.add_patch(Ellipse(tuple(center), 2.4, 1.3, angle=10, facecolor="#f2f2f2",
                         edgecolor=COLORS["body"], linewidth=1.5))
    ax.text(center[0] - 0.75, center[1] - 0.35, r"$B$", fontsize=13)


def draw():
    fig, ax = new_figure(8.0, 2.8)
    force = COLORS["force"]
    left, right = np.array([0.0, 0.0]), np.array([3.4, 0.0])

    body(ax, left)
    for i, (point, f) in enumerate(zip(POINTS, FORCES, strict=True), start=1):
        particle(ax, left + point, size=0.035)
        vector(ax, left + point, f, rf"$\bar{{F}}_{i}$", color=force, fontsize=12,
               label_offset=(0.05, -0.05))
        ax.text(*(left + point + (-0.25, -0.15)), rf"$P_{i}$", fontsize=11)
    particle(ax, left + Q, size=0.035)
    ax.text(*(left + Q + (0.07, -0.15)), r"$Q$", fontsize=11)

    ax.text(1.55, 0.0, r"$\Longleftrightarrow$", fontsize=18, ha="center", va="center")

    resultant = FORCES.sum(axis=0)
    arms = POINTS - Q
    torque = float(np.sum(arms[:, 0] * FORCES[:, 1] - arms[:, 1] * FORCES[:, 0]))
    body(ax, right)
    particle(ax, right + Q, size=0.035)
    ax.text(*(right + Q + (0.07, -0.15)), r"$Q$", fontsize=11)
    vector(ax, right + Q, resultant, r"$\bar{R} = \sum_i \bar{F}_i$", color=force,
           fontsize=12, label_offset=(0.05, 0.0))
    start, end = (200, 480) if torque > 0 else (480, 200)
    angle_arc(ax, right + Q, 0.3, start, end, color=COLORS["torque"])
    ax.text(*(right + (-0.75, -1.05)), r"$\bar{T} = \sum_i \bar{r}^{QP_i} \times \bar{F}_i$",
            color=COLORS["torque"], fontsize=12)
    ax.set_xlim(-1.4, 5.0)
    ax.set_ylim(-1.15, 1.25)
    return fig
