"""Double pendulum of two uniform rods: (a) the system, (b) the rods released at
the pins, with the auxiliary speeds and the pin forces they bring into evidence.

Rod A hangs from the pin O at the angle q1 from the downward vertical, rod B from
the pin P at the end of A at the absolute angle q2; A_o and B_o are the rods'
mass centres. In (b) the pin O lets A (and B with it) move with u_a1 n_x + u_a2 n_y,
and the pin P lets B move relative to A with u_a3 n_x + u_a4 n_y; the pins exert
lambda_O on A, lambda_P on B and -lambda_P on A (constraint forces are lambda;
R-bar is reserved for a resultant).
"""

import numpy as np

from mechlib.book.drawing import (
    COLORS,
    angle_arc,
    frame_triad,
    ground,
    link,
    new_figure,
    particle,
    pin,
    vector,
)

Q1, Q2 = np.radians(30.0), np.radians(60.0)


def down(angle):
    """The unit vector from a pin along a rod at ``angle`` from the downward vertical."""
    return np.array([np.sin(angle), -np.cos(angle)])


def draw():
    fig, ax = new_figure(9.0, 4.2)
    a, b = down(Q1), down(Q2)
    force, aux = COLORS["force"], COLORS["partial"]

    # (a) the system
    O = np.array([0.0, 0.0])
    P = O + a
    E = P + b
    ground(ax, (-0.45, 0.0), (0.45, 0.0), hatch_length=-0.08)
    link(ax, O, P)
    link(ax, P, E)
    pin(ax, O)
    pin(ax, P)
    particle(ax, O + 0.5 * a, r"$A_o$", size=0.045, label_offset=(0.1, 0.02), fontsize=11)
    particle(ax, P + 0.5 * b, r"$B_o$", size=0.045, label_offset=(0.05, 0.12), fontsize=11)
    ax.text(-0.2, 0.08, r"$O$", fontsize=12)
    ax.text(P[0] - 0.22, P[1] - 0.02, r"$P$", fontsize=12)
    for top in (O, P):
        ax.plot([top[0], top[0]], [top[1], top[1] - 0.6], color=COLORS["ground"],
                linewidth=0.8, linestyle="--")
    angle_arc(ax, O, 0.42, -90, -90 + np.degrees(Q1), r"$q_1$", fontsize=12)
    angle_arc(ax, P, 0.42, -90, -90 + np.degrees(Q2), r"$q_2$", fontsize=12)
    frame_triad(ax, (-0.9, -1.5), color=COLORS["frame"], linewidth=2.0,
                label_offsets=((0.43, -0.05), (-0.05, 0.46)))
    ax.text(-0.95, 0.35, "(a)", fontsize=12)

    # (b) released at the pins: A's end at O, and B apart from A at P
    shift = np.array([3.2, 0.0])
    O2 = O + shift
    P2 = O2 + a
    gap = np.array([0.75, -0.35])
    P2B = P2 + gap
    E2 = P2B + b
    link(ax, O2, P2)
    link(ax, P2B, E2)
    particle(ax, O2 + 0.5 * a, None, size=0.045)
    particle(ax, P2B + 0.5 * b, None, size=0.045)
    ax.text(*(O2 + 0.5 * a + np.array([-0.42, -0.05])), r"$A$", fontsize=12)
    ax.text(*(P2B + 0.5 * b + np.array([0.12, 0.1])), r"$B$", fontsize=12)
    ax.plot(*O2, "o", color=COLORS["body"], markersize=3)
    ax.plot(*P2, "o", color=COLORS["body"], markersize=3)
    ax.plot(*P2B, "o", color=COLORS["body"], markersize=3)
    # auxiliary velocities (dashed) and pin forces
    vector(ax, O2, (0.45, 0.0), r"$u_{a1}\hat{n}_x$", color=aux, linestyle="--",
           linewidth=1.5, label_offset=(0.04, -0.04), fontsize=11)
    vector(ax, O2, (0.0, 0.45), r"$u_{a2}\hat{n}_y$", color=aux, linestyle="--",
           linewidth=1.5, label_offset=(0.05, 0.0), fontsize=11)
    vector(ax, O2, (-0.5, 0.4), r"$\bar{\lambda}_O$", color=force,
           label_offset=(-0.3, -0.05), fontsize=12)
    vector(ax, P2B, (0.45, 0.0), r"$u_{a3}\hat{n}_x$", color=aux, linestyle="--",
           linewidth=1.5, label_offset=(0.04, -0.04), fontsize=11)
    vector(ax, P2B, (0.0, 0.45), r"$u_{a4}\hat{n}_y$", color=aux, linestyle="--",
           linewidth=1.5, label_offset=(0.05, 0.0), fontsize=11)
    lam_P = np.array([-0.45, 0.3])
    vector(ax, P2B, lam_P, r"$\bar{\lambda}_P$", color=force, label_offset=(-0.28, 0.02),
           fontsize=12)
    vector(ax, P2, -lam_P, r"$-\bar{\lambda}_P$", color=force, label_offset=(-0.1, -0.22),
           fontsize=12)
    vector(ax, O2 + 0.5 * a, (0.0, -0.45), r"$-mg\hat{n}_y$", color=force,
           label_offset=(-0.65, -0.05), fontsize=11)
    vector(ax, P2B + 0.5 * b, (0.0, -0.45), r"$-mg\hat{n}_y$", color=force,
           label_offset=(0.05, -0.1), fontsize=11)
    ax.text(O2[0] - 1.05, 0.35, "(b)", fontsize=12)

    ax.set_xlim(-1.1, 5.6)
    ax.set_ylim(-2.2, 0.6)
    return fig
