"""The Carvallo-Whipple bicycle in the benchmark's reference configuration.

(a) Side view, upright with zero steer, drawn to scale with the benchmark's
parameters (Meijaard et al. 2007, Table 1): the rear frame B with the rider
(mass centre B_o), the front frame H (H_o), the wheels R and F, the contact
points P and Q, the steer axis through S tilted by lambda from the vertical,
the wheel base w and the trail c, and the axes x forward, z down at P.
(b) Seen from behind: the lean q4 about the heading x, positive to the right
(y), and gravity along z, down.
"""

import numpy as np
from matplotlib.patches import Circle

from mechlib.book.drawing import COLORS, angle_arc, ground, link, new_figure, particle, vector

W, C, LAM = 1.02, 0.08, np.pi / 10
R_R, R_F = 0.3, 0.35
B_O, H_O = (0.3, 0.9), (0.9, 0.7)          # (x, height above the ground)


def side(ax):
    """Panel (a); the screen's y is the height, -z."""
    ground(ax, (-0.45, 0.0), (1.55, 0.0))
    s_up = np.array([-np.sin(LAM), np.cos(LAM)])      # up the steer axis
    S = np.array([W + C, 0.0])
    F_o, R_o = np.array([W, R_F]), np.array([0.0, R_R])
    # the steer axis, dashed, through S
    top, low = S + 1.25 * s_up, S - 0.12 * s_up
    ax.plot(*zip(low, top, strict=True), color=COLORS["ground"], linestyle="--", linewidth=1.0)
    ax.plot(*zip(S, S + np.array([0.0, 0.62]), strict=True), color=COLORS["ground"], linestyle=":",
            linewidth=1.0)
    angle_arc(ax, S, 0.5, 90.0, 90.0 + np.degrees(LAM), r"$\lambda$", fontsize=11)
    head = S + 1.05 * s_up                             # top of the head tube
    # front frame: the fork from the steer axis to F_o, and the handlebar
    foot = S + ((F_o - S) @ s_up) * s_up               # F_o's foot on the axis
    link(ax, head, foot, color=COLORS["remainder"], linewidth=3.0)
    link(ax, foot, F_o, color=COLORS["remainder"], linewidth=3.0)
    link(ax, head, head + np.array([-0.12, 0.05]), color=COLORS["remainder"], linewidth=3.0)
    # rear frame
    seat = np.array([0.28, 0.95])
    for a, b in ((R_o, head - 0.18 * s_up), (R_o, seat), (seat, head - 0.05 * s_up),
                 (seat, np.array([0.42, 0.35])), (np.array([0.42, 0.35]), R_o),
                 (np.array([0.42, 0.35]), head - 0.45 * s_up)):
        link(ax, a, b, linewidth=2.5)
    # wheels
    for centre, radius, name in ((R_o, R_R, "R"), (F_o, R_F, "F")):
        ax.add_patch(Circle(centre, radius, fill=False, edgecolor=COLORS["body"],
                            linewidth=1.8))
        particle(ax, centre, size=0.018)
        ax.text(centre[0] - 0.06, centre[1] - 0.1, f"${name}_o$", fontsize=11)
        ax.text(centre[0] + 0.55 * radius, centre[1] + 0.55 * radius, f"${name}$",
                fontsize=12)
    # mass centres of the frames
    for (x, y), name, color in ((B_O, "B_o", COLORS["body"]),
                                (H_O, "H_o", COLORS["remainder"])):
        particle(ax, (x, y), size=0.035, color=color)
        ax.text(x + 0.05, y + 0.03, f"${name}$", fontsize=12, color=color)
    ax.text(-0.42, 1.2, "$B$ (rear frame, rider)", fontsize=10)
    ax.text(1.08, 1.2, "$H$ (fork, handlebar)", fontsize=10, color=COLORS["remainder"])
    # contact points, wheel base and trail
    for x, name in ((0.0, "P"), (W, "Q")):
        particle(ax, (x, 0.0), size=0.025, color=COLORS["velocity"])
        ax.text(x - 0.03, -0.16, f"${name}$", fontsize=12, color=COLORS["velocity"])
    particle(ax, S, size=0.018, color=COLORS["ground"])
    ax.text(S[0] + 0.03, -0.13, "$S$", fontsize=11, color=COLORS["ground"])
    for a, b, label, y in ((0.0, W, "$w$", -0.3), (W, W + C, "$c$", -0.3)):
        vector(ax, ((a + b) / 2, y), ((b - a) / 2, 0.0), color=COLORS["body"], linewidth=1.0)
        vector(ax, ((a + b) / 2, y), ((a - b) / 2, 0.0), color=COLORS["body"], linewidth=1.0)
        ax.text((a + b) / 2 - 0.02, y - 0.12, label, fontsize=12)
    # axes of the reference configuration at P
    vector(ax, (-0.38, 0.0), (0.25, 0.0), r"$x$", color=COLORS["frame"], label_offset=(0.0, 0.04),
           fontsize=12)
    vector(ax, (-0.38, 0.0), (0.0, -0.25), r"$z$", color=COLORS["frame"],
           label_offset=(0.04, 0.0), fontsize=12)
    ax.text(-0.44, 0.05, r"$\odot y$", fontsize=10, color=COLORS["frame"])
    # steer
    steer_at = S + 1.18 * s_up
    angle_arc(ax, steer_at, 0.07, 200.0, 520.0, color=COLORS["partial"])
    ax.text(steer_at[0] + 0.1, steer_at[1] - 0.02, r"$q_7$ (steer)", fontsize=11,
            color=COLORS["partial"])
    ax.text(-0.45, 1.45, "(a)", fontsize=12)
    ax.set_xlim(-0.5, 1.6)
    ax.set_ylim(-0.5, 1.5)


def rear(ax):
    """Panel (b): seen from behind, y to the right, height up."""
    ground(ax, (-0.55, 0.0), (0.75, 0.0))
    phi = np.radians(20.0)
    up = np.array([np.sin(phi), np.cos(phi)])          # -l_z, the leaned "up"
    ax.plot([0.0, 0.0], [0.0, 1.25], color=COLORS["ground"], linestyle=":", linewidth=1.0)
    link(ax, (0.0, 0.0), 2 * R_R * up, linewidth=4.0)   # the rear wheel, edge on
    link(ax, 2 * R_R * up, 1.15 * up, linewidth=2.5)
    particle(ax, 0.9 * up, size=0.035)
    ax.text(*(0.9 * up + (0.06, -0.02)), "$B_o$", fontsize=12)
    angle_arc(ax, (0.0, 0.0), 0.75, 90.0, 90.0 - np.degrees(phi), r"$q_4$", fontsize=12)
    particle(ax, (0.0, 0.0), size=0.025, color=COLORS["velocity"])
    ax.text(-0.12, -0.16, "$P$", fontsize=12, color=COLORS["velocity"])
    vector(ax, (-0.45, 0.0), (0.25, 0.0), r"$\hat{y}_y$", color=COLORS["frame"],
           label_offset=(0.0, 0.05), fontsize=12)
    ax.text(-0.52, 0.05, r"$\otimes \hat{y}_x$", fontsize=10, color=COLORS["frame"])
    vector(ax, (0.55, 0.9), (0.0, -0.3), r"$g\,\hat{n}_z$", color=COLORS["force"],
           label_offset=(0.04, 0.05), fontsize=12)
    ax.text(-0.5, 1.45, "(b)", fontsize=12)
    ax.set_xlim(-0.55, 0.8)
    ax.set_ylim(-0.5, 1.5)


def draw():
    fig, ax = new_figure(9.0, 4.2)
    ax.remove()
    ax_side = fig.add_axes([0.0, 0.0, 0.64, 1.0])
    ax_rear = fig.add_axes([0.66, 0.0, 0.34, 1.0])
    for a in (ax_side, ax_rear):
        a.set_aspect("equal")
        a.axis("off")
        a.set_facecolor("white")
    side(ax_side)
    rear(ax_rear)
    return fig
