"""The potential energy of the two rods over their configuration space.

V(q1, q2) = -(3/2) m g l cos q1 + (k/2)(q1^2 + q2^2) (weights along +n_x and
the two torsional springs of ml.systems.two_rods()), drawn in units of m g l for
k = KAPPA m g l. The arrows are the generalized active forces
F_r = -dV/dq_r (u_r = q_r'), scaled down; the dots are the equilibria, where
dV/dq1 = (3/2) sin q1 + KAPPA q1 = 0 and q2 = 0: minima (filled) and saddles
(open).
"""

import matplotlib.pyplot as plt
import numpy as np
from scipy.optimize import brentq

KAPPA = 0.2                        # k / (m g l)


def potential(q1, q2):
    """V / (m g l)."""
    return -1.5 * np.cos(q1) + 0.5 * KAPPA * (q1**2 + q2**2)


def equilibria():
    """The roots of dV/dq1 on q2 = 0 in [-7, 7], with the sign of d2V/dq1^2."""
    slope = lambda q: 1.5 * np.sin(q) + KAPPA * q
    grid = np.linspace(-7.0, 7.0, 1401)
    values = slope(grid)
    roots = [0.0]
    for a, b, fa, fb in zip(grid[:-1], grid[1:], values[:-1], values[1:], strict=True):
        if fa * fb < 0 and abs(a) > 0.1 and abs(b) > 0.1:
            roots.append(brentq(slope, a, b))
    curvature = [1.5 * np.cos(q) + KAPPA for q in roots]
    return sorted(zip(roots, curvature, strict=True))


def draw():
    fig, ax = plt.subplots(figsize=(7.0, 3.4))
    fig.patch.set_facecolor("white")
    q1, q2 = np.meshgrid(np.linspace(-7.0, 7.0, 281), np.linspace(-2.5, 2.5, 101))
    levels = np.arange(-1.5, 6.01, 0.25)
    filled = ax.contourf(q1, q2, potential(q1, q2), levels=levels, cmap="Blues_r",
                         rasterized=True)
    # every other level edged in white, as vector lines (a raster of the edges
    # alone took 126 kB of the page)
    ax.contour(q1, q2, potential(q1, q2), levels=levels[::2], colors="white",
               linewidths=0.4)
    colorbar = fig.colorbar(filled, ax=ax, pad=0.02)
    colorbar.set_label(r"$V / (mgl)$")
    a1, a2 = np.meshgrid(np.linspace(-6.5, 6.5, 14), np.linspace(-2.0, 2.0, 5))
    F1 = -(1.5 * np.sin(a1) + KAPPA * a1)
    F2 = -KAPPA * a2
    ax.quiver(a1, a2, F1, F2, color="#A8327F", angles="xy", scale_units="xy",
              scale=2.0, width=0.005)
    for root, curvature in equilibria():
        ax.plot(root, 0.0, "o", markersize=7, markeredgecolor="black",
                markerfacecolor="black" if curvature > 0 else "white")
    ax.set_xlabel(r"$q_1$ (rad)")
    ax.set_ylabel(r"$q_2$ (rad)")
    ax.set_aspect("equal")
    return fig
