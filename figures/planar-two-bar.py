"""The two-bar pendulum of the chapter, driven by spring-damper-actuators.

Bar 1 (length L1) hangs from the ground pin O, bar 2 (length L2) from the end
E of bar 1. A translational spring-damper-actuator (a cylinder) joins the
ground point C to the tip P2 of bar 2; a rotational spring-damper with dry
friction joins the bars at E; a force F acts at the point P1 of bar 1.
"""

import numpy as np

from mechlib import drawing
from mechlib.book.drawing import COLORS


def draw():
    fig, ax = drawing.new_figure(5.0, 3.8)
    L1, L2 = 1.0, 0.8
    q1, q2 = np.radians(-60), np.radians(40)
    e1 = np.array([np.cos(q1), np.sin(q1)])
    e2 = np.array([np.cos(q1 + q2), np.sin(q1 + q2)])
    O = np.zeros(2)
    E = L1 * e1
    P2 = E + L2 * e2
    C = np.array([2.2, -0.5])
    drawing.ground(ax, (-0.4, 0.0), (0.4, 0.0))
    drawing.ground(ax, C + [-0.05, -0.3], C + [-0.05, 0.3])
    drawing.link(ax, O, E)
    drawing.link(ax, E, P2)
    drawing.pin(ax, O)
    drawing.pin(ax, E)
    ax.text(-0.2, 0.1, "$O$")
    ax.text(*(E + [-0.25, -0.2]), "$E$")
    ax.text(*(0.5 * E + [-0.45, -0.05]), "bar 1")
    ax.text(*(E + 0.5 * L2 * e2 + [-0.15, 0.12]), "bar 2")
    # cylinder C - P2
    d = C - P2
    u = d / np.linalg.norm(d)
    n = np.array([-u[1], u[0]])
    a, b = P2 + 0.35 * d, P2 + 0.75 * d
    ax.plot(*zip(P2, a, strict=True), color=COLORS["body"], linewidth=1.5)
    ax.fill(*zip(a + 0.06 * n, b + 0.06 * n, b - 0.06 * n, a - 0.06 * n, strict=True),
            facecolor="white", edgecolor=COLORS["body"], linewidth=1.2)
    ax.plot(*zip(b, C, strict=True), color=COLORS["body"], linewidth=3)
    drawing.particle(ax, P2, size=0.04)
    drawing.particle(ax, C, size=0.04)
    ax.text(*(P2 + [-0.1, -0.25]), "$P_2$")
    ax.text(*(C + [-0.1, 0.12]), "$C$")
    ax.text(*(0.5 * (C + P2) + [0.05, -0.35]), r"$k, c, f_{act}(t)$")
    # torsional spring at E
    t = np.linspace(0, 4 * np.pi, 120)
    rad = 0.04 + 0.1 * t / t[-1]
    ax.plot(E[0] + rad * np.cos(t), E[1] + rad * np.sin(t), color=COLORS["body"],
            linewidth=0.8)
    ax.text(*(E + [-0.85, -0.35]), r"$k_\theta, c_\theta, T_F$")
    # angles
    ax.plot([0, 0.6], [0, 0], color=COLORS["ground"], linestyle=":", linewidth=0.8)
    drawing.angle_arc(ax, O, 0.4, 0, np.degrees(q1), label="$q_1$")
    ext = E + 0.5 * e1
    ax.plot(*zip(E, ext, strict=True), color=COLORS["ground"], linestyle=":", linewidth=0.8)
    drawing.angle_arc(ax, E, 0.35, np.degrees(q1), np.degrees(q1 + q2), label="$q_2$")
    # a force at P1 and gravity
    P1 = 0.5 * E + 0.15 * np.array([-e1[1], e1[0]])
    drawing.particle(ax, P1, size=0.03)
    drawing.vector(ax, P1, (0.45, 0.1), label=r"$\bar F$", color=COLORS["force"],
                   label_offset=(0.02, 0.02))
    ax.text(*(P1 + [0.02, -0.2]), "$P_1$")
    drawing.vector(ax, (2.6, 0.6), (0, -0.35), label="$g$", color=COLORS["ground"],
                   label_offset=(0.05, 0.1))
    ax.set_xlim(-0.6, 2.8)
    ax.set_ylim(-1.6, 0.8)
    return fig
