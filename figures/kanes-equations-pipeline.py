"""From definitions to motion: how Kane's equations are formed and integrated.

Kinematics give the velocities in terms of q and u; their coefficients are the
partial velocities. Loads projected on them give F_r; masses and inertia
dyadics with the partial velocities give the mass matrix M directly, and the
accelerations with u' = 0 give the velocity terms g. Then F_r + F_r* = 0 reads
M u' = f with f_r = F_r - g_r; with the kinematical differential equations it is a first-order
system that a numerical integrator solves.
"""

from mechlib.book.drawing import COLORS, connector, new_figure, text_box

W, H = 2.7, 0.78


def draw():
    fig, ax = new_figure(8.8, 4.2)
    kin = text_box(ax, (1.5, 3.0), "kinematics\n" r"$\bar{v}$, $\bar{\omega}$ in terms of $q$, $u$",
                   width=W, height=H)
    par = text_box(ax, (4.6, 3.0), "partial velocities\n"
                   r"$\bar{v}_r$, $\bar{\omega}_r$", width=W, height=H,
                   color=COLORS["partial"])
    kde = text_box(ax, (1.5, 0.6), "kinematical differential\nequations "
                   r"$\dot{q} = \mathbf{W}(q)\,u$", width=W, height=H + 0.25)
    loads = text_box(ax, (7.9, 3.0), r"loads $\bar{R}$, $\bar{T}$" "\n"
                     r"$F_r = \sum \bar{v}_r\cdot\bar{R} + \bar{\omega}_r\cdot\bar{T}$",
                     width=W + 0.2, height=H, color=COLORS["force"])
    mass = text_box(ax, (4.6, 1.8), r"$M_{rs} = \sum m\,\bar{v}_r\cdot\bar{v}_s"
                    r" + \bar{\omega}_r\cdot\breve{I}\cdot\bar{\omega}_s$" "\n"
                    r"$g_r$ from $\bar{a}$, $\bar{\alpha}$ with $\dot{u} = 0$",
                    width=W + 0.5, height=H, color=COLORS["velocity"])
    eom = text_box(ax, (7.9, 1.8), r"$F_r + F_r^* = 0$" "\n"
                   r"$\mathbf{M}\,\dot{\bar{u}} = \bar{f}$, $f_r = F_r - g_r$",
                   width=W, height=H)
    num = text_box(ax, (4.6, 0.6), r"$\dot{x} = f(t, x)$, $x = [q, u]$" "\n"
                   "lambdify (cse) + solve_ivp", width=W + 0.5, height=H,
                   color=COLORS["remainder"])
    out = text_box(ax, (7.9, 0.6), "motion $q(t)$, $u(t)$\n"
                   "checks: energy,\nKanesMethod", width=W, height=H + 0.25)

    def right(box):
        return box.get_x() + box.get_width(), box.get_y() + 0.5 * box.get_height()

    def left(box):
        return box.get_x(), box.get_y() + 0.5 * box.get_height()

    def bottom(box):
        return box.get_x() + 0.5 * box.get_width(), box.get_y()

    def top(box):
        return box.get_x() + 0.5 * box.get_width(), box.get_y() + box.get_height()

    connector(ax, right(kin), left(par))
    connector(ax, right(par), left(loads))
    connector(ax, bottom(par), top(mass))
    connector(ax, bottom(loads), top(eom))
    connector(ax, right(mass), left(eom))
    connector(ax, bottom(kin), top(kde))
    connector(ax, right(kde), left(num))
    connector(ax, (eom.get_x() + 0.3, eom.get_y()),
              (num.get_x() + num.get_width() - 0.3, num.get_y() + num.get_height()))
    connector(ax, right(num), left(out))
    ax.set_xlim(0.0, 9.45)
    ax.set_ylim(0.0, 3.5)
    return fig
