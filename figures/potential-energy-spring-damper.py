"""A linear spring and damper, and a torsional spring and damper.

(a) Points P' and P joined by a spring k (free length l0) and a damper c in
parallel; e is the unit vector from P' to P and l their distance. The pair
exerts -(k(l - l0) + c l') e on P and the opposite on P'.
(b) Bodies A and B joined by a pin of axis a (out of the page); B turns
relative to A through theta. A torsional spring k and damper c exert
-(k theta + c theta') a on B and the opposite on A.
"""

import numpy as np

from mechlib.book.drawing import (
    COLORS,
    angle_arc,
    damper,
    link,
    new_figure,
    particle,
    pin,
    spring,
    vector,
)


def draw():
    fig, ax = new_figure(8.0, 2.6)
    force = COLORS["force"]

    # (a) linear spring and damper
    Pp, P = np.array([0.0, 0.0]), np.array([3.0, 0.9])
    along = (P - Pp) / np.hypot(*(P - Pp))
    normal = np.array([-along[1], along[0]])
    spring(ax, Pp + 0.18 * normal, P + 0.18 * normal, coils=7, width=0.07)
    damper(ax, Pp - 0.18 * normal, P - 0.18 * normal, width=0.08)
    link(ax, Pp + 0.18 * normal, Pp - 0.18 * normal, linewidth=1.2)
    link(ax, P + 0.18 * normal, P - 0.18 * normal, linewidth=1.2)
    particle(ax, Pp, r"$P'$", size=0.07, label_offset=(-0.35, -0.15), fontsize=12)
    particle(ax, P, r"$P$", size=0.07, label_offset=(0.1, -0.2), fontsize=12)
    ax.text(*(0.4 * (Pp + P) + 0.38 * normal), r"$k,\ \ell_0$", fontsize=11,
            ha="center")
    ax.text(*(0.5 * (Pp + P) - 0.5 * normal), r"$c$", fontsize=11, ha="center")
    vector(ax, P, 0.8 * along, r"$\hat{e}$", color=COLORS["frame"],
           label_offset=(0.05, 0.05), fontsize=12)
    vector(ax, P, -0.8 * along + 0.0, None, color=force)
    ax.text(*(P + 0.55 * normal - 0.2 * along),
            r"$-(k(\ell - \ell_0) + c\dot{\ell})\,\hat{e}$", color=force, fontsize=10,
            ha="center")
    vector(ax, Pp, 0.8 * along, None, color=force)
    ax.annotate("", xy=tuple(P - 0.65 * normal), xytext=tuple(Pp - 0.65 * normal),
                arrowprops=dict(arrowstyle="<->", color=COLORS["body"], linewidth=0.8))
    ax.text(*(0.5 * (Pp + P) - 0.95 * normal), r"$\ell$", fontsize=12, ha="center")
    ax.text(-0.3, 1.45, "(a)", fontsize=12)

    # (b) torsional spring and damper
    O = np.array([6.0, 0.3])
    theta = np.radians(35.0)
    link(ax, O - (1.4, 0.0), O, linewidth=6, color="#999999")
    tip = O + 1.5 * np.array([np.cos(theta), np.sin(theta)])
    link(ax, O, tip, linewidth=6, color="#444444")
    pin(ax, O, size=0.08)
    ax.plot(*zip(O, O + (1.5, 0.0), strict=True), color=COLORS["ground"], linewidth=0.8,
            linestyle="--")
    angle_arc(ax, O, 1.0, 0.0, np.degrees(theta), r"$\theta$", fontsize=12)
    angle_arc(ax, O, 0.32, 200, 20 + 360, color=COLORS["torque"])
    ax.text(*(O + (-1.35, 0.15)), r"$A$", fontsize=12)
    ax.text(*(tip + (0.05, 0.05)), r"$B$", fontsize=12)
    ax.text(*(O + (-0.75, -0.7)), r"$k,\ c$ in the pin of axis $\hat{a}$", fontsize=10)
    ax.text(*(O + (0.45, -0.35)),
            r"$-(k\theta + c\dot{\theta})\,\hat{a}$ on $B$", color=COLORS["torque"],
            fontsize=10)
    ax.text(4.5, 1.45, "(b)", fontsize=12)
    ax.set_xlim(-0.6, 8.3)
    ax.set_ylim(-1.0, 1.9)
    return fig
