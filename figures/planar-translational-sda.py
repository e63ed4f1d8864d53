"""A translational spring-damper-actuator between point P_i of body i and P_j of body j.

Shows both bodies with their origins, the vector d_ij = r_j^P - r_i^P, the
element drawn as a spring beside a damper, and the forces it applies when in
tension: +f d/l on body i (towards P_j), -f d/l on body j (towards P_i).
"""

import numpy as np
from matplotlib.patches import Polygon

from mechlib import drawing
from mechlib.book.drawing import COLORS


def A(phi):
    c, s = np.cos(phi), np.sin(phi)
    return np.array([[c, -s], [s, c]])


def zigzag(ax, start, end, coils=6, width=0.12, color=COLORS["body"]):
    start, end = np.asarray(start, float), np.asarray(end, float)
    along = end - start
    normal = np.array([-along[1], along[0]]) / np.linalg.norm(along)
    s = np.linspace(0.2, 0.8, 2 * coils + 1)
    offsets = width * np.array([0, *[(-1) ** k for k in range(2 * coils - 1)], 0])
    pts = [start, *(start + a * along + o * normal for a, o in zip(s, offsets, strict=True)),
           end]
    pts = np.array(pts)
    ax.plot(pts[:, 0], pts[:, 1], color=color, linewidth=1.2)


def dashpot(ax, start, end, width=0.12, color=COLORS["body"]):
    start, end = np.asarray(start, float), np.asarray(end, float)
    along = end - start
    n = np.array([-along[1], along[0]]) / np.linalg.norm(along)
    a, b = start + 0.4 * along, start + 0.6 * along
    ax.plot(*zip(start, a, strict=True), color=color, linewidth=1.2)
    ax.plot(*zip(a + width * n, a - width * n, strict=True), color=color, linewidth=1.2)
    cup0, cup1 = start + 0.35 * along, start + 0.55 * along
    for sign in (1, -1):
        ax.plot(*zip(cup0 + 1.5 * sign * width * n, cup1 + 1.5 * sign * width * n, strict=True),
                color=color, linewidth=1.2)
    ax.plot(*zip(cup0 + 1.5 * width * n, cup0 - 1.5 * width * n, strict=True), color=color,
            linewidth=1.2)
    ax.plot(*zip(cup0, end, strict=True), color=color, linewidth=0)
    ax.plot(*zip(b - 0.05 * along, end, strict=True), color=color, linewidth=1.2)


def body(ax, r, phi, outline, name):
    ax.add_patch(Polygon(r + np.asarray(outline) @ A(phi).T, closed=True,
                         facecolor="#eeeeee", edgecolor=COLORS["body"], linewidth=1.5))
    drawing.particle(ax, r, size=0.05)
    ax.text(r[0] - 0.15, r[1] - 0.35, f"$O_{name}$")


def draw():
    fig, ax = drawing.new_figure(6.0, 3.4)
    outline = [[-0.8, -0.4], [0.9, -0.35], [1.0, 0.4], [-0.7, 0.45]]
    ri, phii, si = np.array([0.8, 0.9]), np.radians(15), np.array([0.75, 0.2])
    rj, phij, sj = np.array([4.6, 1.6]), np.radians(-20), np.array([-0.6, 0.1])
    body(ax, ri, phii, outline, "i")
    body(ax, rj, phij, outline, "j")
    Pi, Pj = ri + A(phii) @ si, rj + A(phij) @ sj
    for P, name, off in ((Pi, "i", (-0.2, 0.2)), (Pj, "j", (0.0, 0.2))):
        drawing.particle(ax, P, size=0.05)
        ax.text(P[0] + off[0], P[1] + off[1], f"$P_{name}$")
    d = Pj - Pi
    n = np.array([-d[1], d[0]]) / np.linalg.norm(d)
    zigzag(ax, Pi + 0.22 * n, Pj + 0.22 * n)
    ax.plot(*zip(Pi, Pi + 0.22 * n, strict=True), color=COLORS["body"], linewidth=1.2)
    ax.plot(*zip(Pj, Pj + 0.22 * n, strict=True), color=COLORS["body"], linewidth=1.2)
    dashpot(ax, Pi - 0.22 * n, Pj - 0.22 * n)
    ax.plot(*zip(Pi, Pi - 0.22 * n, strict=True), color=COLORS["body"], linewidth=1.2)
    ax.plot(*zip(Pj, Pj - 0.22 * n, strict=True), color=COLORS["body"], linewidth=1.2)
    drawing.vector(ax, Pi - 0.75 * n, d, color=COLORS["frame"], linewidth=1.2)
    mid = Pi - 0.75 * n + 0.5 * d
    ax.text(mid[0], mid[1] - 0.3, r"$\{d_{ij}\} = \{r_j^P\} - \{r_i^P\}$",
            color=COLORS["frame"], ha="center")
    u = d / np.linalg.norm(d)
    drawing.vector(ax, Pi, 0.8 * u, color=COLORS["force"])
    ax.text(*(Pi + 0.8 * u + [-0.15, 0.5]), r"$+\frac{f}{\ell}\{d_{ij}\}$",
            color=COLORS["force"])
    drawing.vector(ax, Pj, -0.8 * u, color=COLORS["force"])
    ax.text(*(Pj - 0.8 * u + [-0.35, 0.45]), r"$-\frac{f}{\ell}\{d_{ij}\}$",
            color=COLORS["force"])
    ax.text(2.7, 2.55, r"$f = k(\ell-\ell_0) + c\dot\ell + f_F\,\mathrm{sign}(\dot\ell)"
            r" + f_{act}$", ha="center")
    ax.set_xlim(-0.2, 5.8)
    ax.set_ylim(0.0, 2.9)
    return fig
