"""A rotational spring-damper-actuator between bodies i and j at a common pin.

Shows the two bodies as bars from the pin, their angles phi_i and phi_j from
the global x direction, the relative angle theta = phi_j - phi_i, a spiral
spring between them, and the torques +T on body i and -T on body j.
"""

import numpy as np

from mechlib import drawing
from mechlib.book.drawing import COLORS


def draw():
    fig, ax = drawing.new_figure(4.6, 3.4)
    pin = np.array([0.0, 0.0])
    phii, phij = np.radians(18), np.radians(75)
    for phi, name, length in ((phii, "i", 2.6), (phij, "j", 2.2)):
        tip = pin + length * np.array([np.cos(phi), np.sin(phi)])
        drawing.link(ax, pin, tip, linewidth=7, color="#bbbbbb")
        ax.text(*(tip + [0.1, 0.0]), f"body ${name}$", va="center")
    ax.plot([0, 2.9], [0, 0], color=COLORS["ground"], linestyle=":", linewidth=0.8)
    drawing.angle_arc(ax, pin, 1.9, 0, np.degrees(phii), label=r"$\phi_i$")
    drawing.angle_arc(ax, pin, 1.4, 0, np.degrees(phij), label=r"$\phi_j$")
    drawing.angle_arc(ax, pin, 0.95, np.degrees(phii), np.degrees(phij),
                      label=r"$\theta$", color=COLORS["frame"])
    # spiral spring
    a = np.linspace(0, 2 * 2 * np.pi, 200)
    rad = 0.1 + 0.22 * a / a[-1]
    ax.plot(rad * np.cos(a + phii), rad * np.sin(a + phii), color=COLORS["body"],
            linewidth=1.0)
    drawing.pin(ax, pin, size=0.07)
    # torques
    drawing.angle_arc(ax, pin + 2.1 * np.array([np.cos(phii), np.sin(phii)]), 0.3,
                      -60, 120, label=r"$+T$", color=COLORS["torque"])
    drawing.angle_arc(ax, pin + 1.8 * np.array([np.cos(phij), np.sin(phij)]), 0.3,
                      220, 20, label=r"$-T$", color=COLORS["torque"])
    ax.set_xlim(-0.6, 3.7)
    ax.set_ylim(-0.6, 2.6)
    return fig
