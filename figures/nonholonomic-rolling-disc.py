"""The rolling disc: frames Y, L, D, the contact point C, the centre D_o, and the
yaw, lean and spin angles q1, q2, q3.

Y is turned from N by the yaw q1 about n_z, L from Y by the lean q2 about y_x,
and the disc D from L by the spin q3 about l_y, the disc's axle. C is the point
of the plane where the disc touches it, at q4 n_x + q5 n_y from O, and the
centre is D_o = C + r l_z.  Drawn with q1 = 40 deg, q2 = 28 deg, q3 = 50 deg in
an orthographic view.
"""

import numpy as np
from matplotlib.patches import Polygon

from mechlib.book.drawing import COLORS, new_figure, oblique_projection, particle, vector

Q1, Q2, Q3 = np.radians(40.0), np.radians(28.0), np.radians(50.0)
R = 1.0                                    # disc radius
C_POS = np.array([0.6, 1.2, 0.0])          # contact point, in N components


def _view(azimuth_deg=-8.0, elevation_deg=20.0):
    """Orthographic view from the given azimuth and elevation, as a projection."""
    az, el = np.radians(azimuth_deg), np.radians(elevation_deg)
    right = np.array([-np.sin(az), np.cos(az), 0.0])
    up = np.array([-np.cos(az) * np.sin(el), -np.sin(az) * np.sin(el), np.cos(el)])
    return oblique_projection(x_screen=(right[0], up[0]), y_screen=(right[1], up[1]),
                              z_screen=(right[2], up[2]))


project = _view()


def frames(q1=Q1, q2=Q2, q3=Q3):
    """Unit vectors of Y, L and D in N components."""
    n_z = np.array([0.0, 0.0, 1.0])
    y_x = np.array([np.cos(q1), np.sin(q1), 0.0])
    y_y = np.array([-np.sin(q1), np.cos(q1), 0.0])
    l_x = y_x
    l_y = np.cos(q2) * y_y + np.sin(q2) * n_z
    l_z = -np.sin(q2) * y_y + np.cos(q2) * n_z
    d_x = np.cos(q3) * l_x - np.sin(q3) * l_z        # D turned about l_y by q3
    d_z = np.sin(q3) * l_x + np.cos(q3) * l_z
    return dict(n_z=n_z, y_x=y_x, y_y=y_y, l_x=l_x, l_y=l_y, l_z=l_z, d_x=d_x, d_z=d_z)


def arrow3d(ax, tail, vec, label=None, color=COLORS["frame"], offset=(0.04, 0.04),
            linewidth=1.8, **kwargs):
    """A vector drawn from the 3D point ``tail``."""
    tail2 = project(tail)
    vector(ax, tail2, project(tail + vec) - tail2, label=label, color=color,
           label_offset=offset, linewidth=linewidth, fontsize=12, **kwargs)


def arc3d(ax, center, e1, e2, radius, angle, label, shift, color=COLORS["body"]):
    """An arc from the direction e1 towards e2 through ``angle``, with an arrow head."""
    s = np.linspace(0.0, angle, 30)
    pts = np.array([project(center + radius * (np.cos(a) * e1 + np.sin(a) * e2)) for a in s])
    ax.plot(pts[:-1, 0], pts[:-1, 1], color=color, linewidth=1.1)
    vector(ax, pts[-3], pts[-1] - pts[-3], color=color, linewidth=1.1)
    mid = pts[len(pts) // 2]
    ax.text(mid[0] + shift[0], mid[1] + shift[1], label, fontsize=12, color=color)


def draw():
    fig, ax = new_figure(7.0, 5.2)
    f = frames()
    n_x, n_y, n_z = np.eye(3)
    C = C_POS
    Do = C + R * f["l_z"]

    # the plane, fixed in N, and its unit vectors at O
    corners = [(-0.5, -0.4), (2.2, -0.4), (2.2, 3.0), (-0.5, 3.0)]
    plane = np.array([project((x, y, 0.0)) for x, y in corners])
    ax.add_patch(Polygon(plane, closed=True, facecolor="#f4f4f4", edgecolor=COLORS["ground"],
                         linewidth=1.0, zorder=0))
    O = np.zeros(3)
    particle(ax, project(O), size=0.03, color=COLORS["ground"])
    ax.text(*(project(O) + (-0.2, -0.02)), r"$O$", fontsize=12, color=COLORS["ground"])
    for e, name, off in ((n_x, "x", (-0.02, -0.2)), (n_y, "y", (0.04, -0.1)),
                         (n_z, "z", (0.04, 0.0))):
        arrow3d(ax, O, 0.6 * e, rf"$\hat{{n}}_{name}$", color=COLORS["ground"], offset=off,
                linewidth=1.5)

    # the contact point's position and the heading line in the plane
    ax.plot(*zip(project(O), project(C), strict=True), color=COLORS["ground"], linewidth=0.9,
            linestyle=":")
    ax.plot(*zip(project(C - 0.9 * f["y_x"]), project(C + 1.7 * f["y_x"]), strict=True),
            color=COLORS["ground"], linewidth=0.9, linestyle="--")
    ax.plot(*zip(project(C), project(C + 1.5 * n_x), strict=True), color=COLORS["ground"],
            linewidth=0.9,
            linestyle=":")
    arc3d(ax, C, n_x, n_y, 1.25, Q1, r"$q_1$", (0.0, -0.17))

    # the disc, with a radial line fixed in D (its spin angle q3 from l_x)
    s = np.linspace(0.0, 2 * np.pi, 120, endpoint=False)   # Polygon closes the rim itself
    rim = np.array([project(Do + R * (np.cos(a) * f["l_x"] + np.sin(a) * f["l_z"]))
                    for a in s])
    ax.add_patch(Polygon(rim, closed=True, facecolor="#dde9f3", edgecolor=COLORS["body"],
                         linewidth=1.6, alpha=0.85, zorder=1))
    ax.plot(*zip(project(Do), project(Do + R * f["d_x"]), strict=True), color=COLORS["body"],
            linewidth=1.4)
    arc3d(ax, Do, f["l_x"], -f["l_z"], 0.35, Q3, r"$q_3$", (0.05, -0.1))

    # lean: from the vertical y_z = n_z to l_z, about y_x (drawn at D_o)
    ax.plot(*zip(project(Do), project(Do + 0.9 * n_z), strict=True), color=COLORS["ground"],
            linewidth=0.9, linestyle=":")
    arc3d(ax, Do, n_z, -f["y_y"], 0.6, Q2, r"$q_2$", (0.02, 0.08))

    # points
    particle(ax, project(C), size=0.045)
    ax.text(*(project(C) + (0.02, -0.22)), r"$C$", fontsize=13)
    particle(ax, project(Do), size=0.045)
    ax.text(*(project(Do) + (-0.3, 0.05)), r"$D_o$", fontsize=13)
    ax.text(*(project(Do + 0.8 * R * f["l_x"] + 0.55 * R * f["l_z"])), r"$D$", fontsize=13)

    # unit vectors of Y at C and of L at D_o
    arrow3d(ax, C, 0.7 * f["y_y"], r"$\hat{y}_y$", color=COLORS["partial"], offset=(-0.02, 0.06))
    arrow3d(ax, C, 0.85 * f["y_x"], r"$\hat{y}_x = \hat{l}_x$", color=COLORS["partial"],
            offset=(0.06, 0.02))
    arrow3d(ax, Do, 0.75 * f["l_y"], r"$\hat{l}_y$", color=COLORS["velocity"],
            offset=(0.03, 0.03))
    arrow3d(ax, Do, 0.95 * f["l_z"], r"$\hat{l}_z$", color=COLORS["velocity"],
            offset=(-0.2, -0.02))
    arrow3d(ax, Do, 0.75 * f["l_x"], r"$\hat{l}_x$", color=COLORS["velocity"],
            offset=(0.04, -0.05))
    ax.plot(*zip(project(C), project(Do), strict=True), color=COLORS["remainder"], linewidth=1.4,
            linestyle="--")
    ax.text(*(0.5 * (project(C) + project(Do)) + (-0.32, -0.05)), r"$r\,\hat{l}_z$",
            color=COLORS["remainder"], fontsize=12)

    pts = np.vstack([plane, rim, project(Do + 0.9 * f["l_z"]), project(C + 1.6 * n_z)])
    ax.set_xlim(pts[:, 0].min() - 0.2, pts[:, 0].max() + 0.3)
    ax.set_ylim(pts[:, 1].min() - 0.15, pts[:, 1].max() + 0.2)
    return fig
