"""The four-bar linkage of the closed-loops chapter, cut open at the pin R.

Ground pivots O and Q (distance d apart on the n_x axis); the crank A (length
a) turns about O through the angle q1, the coupler B (length b) joins the
crank's end P to R, the rocker C (length c) turns about Q. All three angles
are measured from n_x. The loop is cut at R: the coupler's end R_B and the
rocker's end R_C are drawn a little apart, with the pin force pair at the
cut (lambda-bar on the rocker, minus lambda-bar on the coupler).
A torque T drives the crank; gravity acts along -n_y.
"""

import numpy as np

from mechlib import drawing
from mechlib.book.drawing import COLORS


def closed_angles(a, b, c, d, q1):
    """Coupler and rocker angles of the open assembly (R above the line OQ)."""
    P = a * np.array([np.cos(q1), np.sin(q1)])
    Q = np.array([d, 0.0])
    e = Q - P
    s = np.hypot(*e)
    # angle at P between PQ and PR, by the law of cosines
    gamma = np.arccos((b**2 + s**2 - c**2) / (2 * b * s))
    q2 = np.arctan2(e[1], e[0]) + gamma
    R = P + b * np.array([np.cos(q2), np.sin(q2)])
    q3 = np.arctan2(R[1] - Q[1], R[0] - Q[0])
    return q2, q3


def draw():
    fig, ax = drawing.new_figure(5.6, 3.6)
    a, b, c, d = 1.0, 3.5, 3.0, 4.0
    q1 = np.radians(60.0)
    q2, q3 = closed_angles(a, b, c, d, q1)
    eA, eB, eC = (np.array([np.cos(x), np.sin(x)]) for x in (q1, q2, q3))
    O, Q = np.zeros(2), np.array([d, 0.0])
    P = a * eA
    R = Q + c * eC
    gap = 0.16 * np.array([-1.0, 0.35])     # the cut drawn open
    R_B, R_C = R + gap, R - gap
    drawing.ground(ax, (-0.4, -0.18), (0.4, -0.18))
    drawing.ground(ax, Q + (-0.4, -0.18), Q + (0.4, -0.18))
    ax.plot([0, 0], [-0.18, 0], color=COLORS["ground"], linewidth=1.5)
    ax.plot([d, d], [-0.18, 0], color=COLORS["ground"], linewidth=1.5)
    ax.plot([0, d], [0, 0], color=COLORS["ground"], linestyle="--", linewidth=0.8)
    ax.text(0.5 * d, -0.45, "$d$", ha="center", color=COLORS["ground"])
    drawing.link(ax, O, P)
    drawing.link(ax, P, R_B)
    drawing.link(ax, Q, R_C)
    for point in (O, P, Q):
        drawing.pin(ax, point, size=0.09)
    for point in (R_B, R_C):
        drawing.pin(ax, point, size=0.07)
    ax.text(0.12, -0.05, "$O$", va="top")
    ax.text(*(P + (-0.45, 0.1)), "$P$")
    ax.text(*(Q + (0.15, 0.12)), "$Q$")
    ax.text(*(R_B + (-0.25, 0.17)), "$R_B$")
    ax.text(*(R_C + (0.15, -0.2)), "$R_C$")
    # mass centres and names of the links
    for start, e, length, name, off in ((O, eA, a, "crank $A$", (-1.35, -0.1)),
                                         (P, eB, b, "coupler $B$", (-0.35, 0.25)),
                                         (Q, eC, c, "rocker $C$", (0.2, -0.05))):
        centre = start + 0.5 * length * e
        drawing.particle(ax, centre, size=0.06)
        ax.text(*(centre + off), name)
    ax.text(*(0.5 * (O + P) + (-0.28, 0.12)), "$a$")
    ax.text(*(0.5 * (P + R) + (0.05, -0.35)), "$b$")
    ax.text(*(0.5 * (Q + R) + (-0.4, 0.0)), "$c$")
    # angles from n_x
    for centre, angle, radius, label in ((O, q1, 0.6, "$q_1$"),
                                         (P, q2, 0.7, "$q_2$"),
                                         (Q, q3, 0.55, "$q_3$")):
        ax.plot([centre[0], centre[0] + radius + 0.25], [centre[1]] * 2,
                color=COLORS["ground"], linestyle=":", linewidth=0.8)
        drawing.angle_arc(ax, centre, radius, 0.0, np.degrees(angle),
                          label=label)
    # driving torque on the crank
    drawing.angle_arc(ax, O, 0.3, 100.0, 230.0, label="$T$",
                      color=COLORS["torque"])
    # the pin force pair at the cut
    force = np.array([0.65, 0.05])
    drawing.vector(ax, R_C, force, label=r"$\bar{\lambda}$", color=COLORS["force"],
                   label_offset=(0.05, 0.0))
    drawing.vector(ax, R_B, -force, label=r"$-\bar{\lambda}$", color=COLORS["force"],
                   label_offset=(-0.35, -0.3))
    # gravity and the axes
    drawing.vector(ax, (d + 1.0, 2.4), (0.0, -0.6), label="$g$",
                   color=COLORS["ground"], label_offset=(0.08, 0.25))
    drawing.frame_triad(ax, (-1.0, 1.6), length=0.5, color=COLORS["frame"], linewidth=2.0,
                        label_offsets=((0.55, -0.1), (-0.1, 0.58)), fontsize=10)
    ax.set_xlim(-1.3, d + 1.4)
    ax.set_ylim(-0.6, 3.3)
    return fig
