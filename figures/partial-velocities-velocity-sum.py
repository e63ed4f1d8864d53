"""The velocity of B as partial velocities times speeds plus a remainder.

The rod-on-slider system of the chapter, with its track on an arm E that a motor
turns about O through a prescribed angle theta(t) at the rate Omega(t).  With
q2 measured from -e_y to the rod and B = A - L r_y,

    N_v_B = u1 e_x + u2 L r_x + Omega (q1 e_y + L r_x),

so N_v_B_1 = e_x, N_v_B_2 = L r_x and the remainder is Omega (q1 e_y + L r_x).
"""

import numpy as np

from mechlib.book.drawing import COLORS, angle_arc, link, new_figure, pin, slider, vector_sum

THETA_DEG = 20.0
Q1, Q2_DEG, LENGTH = 1.5, 35.0, 1.2
U1, U2, OMEGA = 0.7, 0.6, 0.45
SCALE = 0.8  # drawing length per unit of speed


def unit(angle_deg):
    angle = np.radians(angle_deg)
    return np.array([np.cos(angle), np.sin(angle)])


def draw():
    fig, ax = new_figure(5.2, 4.0)
    e_x, e_y = unit(THETA_DEG), unit(THETA_DEG + 90.0)
    r_x, r_y = unit(THETA_DEG + Q2_DEG), unit(THETA_DEG + Q2_DEG + 90.0)
    origin = np.zeros(2)
    a = Q1 * e_x
    b = a - LENGTH * r_y

    # the arm E, turned about O by the motor
    ax.plot(*zip(origin - 0.3 * e_x, origin + 2.6 * e_x, strict=True), color=COLORS["ground"],
            linewidth=4, solid_capstyle="butt", zorder=1)
    ax.plot([0.0, 0.9], [0.0, 0.0], color=COLORS["ground"], linewidth=0.8,
            linestyle="--")
    angle_arc(ax, origin, 0.75, 0.0, THETA_DEG, color=COLORS["ground"])
    ax.text(0.9, 0.12, r"$\theta(t)$", fontsize=11)
    angle_arc(ax, origin, 0.28, 200.0, 480.0, color=COLORS["remainder"])
    ax.text(-0.75, 0.3, r"$\Omega = \dot{\theta}$", color=COLORS["remainder"],
            fontsize=11)
    pin(ax, origin)
    ax.text(0.12, -0.42, "$O$", fontsize=11)
    ax.text(*(2.45 * e_x + 0.12 * e_y), "$E$", fontsize=11)

    slider(ax, a, angle_deg=THETA_DEG, width=0.34, height=0.16)
    link(ax, a, b)
    pin(ax, a, size=0.045)
    ax.plot(*b, "o", color=COLORS["body"], markersize=5, zorder=6)
    ax.text(*(a + np.array([-0.12, 0.18])), "$A$", fontsize=11)
    ax.text(*(b + np.array([-0.3, -0.1])), "$B$", fontsize=11)

    terms = [SCALE * U1 * e_x, SCALE * U2 * LENGTH * r_x,
             SCALE * OMEGA * (Q1 * e_y + LENGTH * r_x)]
    vector_sum(
        ax, b, terms,
        colors=[COLORS["partial"], COLORS["partial"], COLORS["remainder"]],
        labels=[r"$u_1\,{}^N\bar{v}^B_1$", r"$u_2\,{}^N\bar{v}^B_2$",
                r"${}^N\bar{v}^B_t$"],
        label_offsets=[(0.25, -0.15), (0.4, -0.05), (0.35, 0.05)],
        total_label=r"${}^N\bar{v}^B$", total_label_offset=(-0.45, 0.1),
        fontsize=12)
    ax.set_xlim(-0.9, 3.6)
    ax.set_ylim(-0.6, 1.9)
    return fig
