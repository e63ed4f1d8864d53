"""The blade with its mass centre ahead, of Exercise ex-gif-sleigh, seen from above.

The blade of the chapter (contact point P at q1 n_x + q3 n_y, heading q2,
no sliding along a_y), with its mass centre G moved the distance d ahead of P
along the blade: r^PG = d a_x; mass m, central moment of inertia I about n_z.
"""

from figures._blade import P, draw_blade
from mechlib.book.drawing import COLORS, new_figure, particle

D = 0.55


def draw():
    fig, ax = new_figure(4.4, 3.0)
    a_x, a_y = draw_blade(ax)
    ax.text(*(P - 0.28 * a_y + 0.05 * a_x), "$P$", fontsize=11, ha="center", va="center")
    G = P + D * a_x
    particle(ax, G, size=0.07, color=COLORS["body"])
    ax.text(*(G - 0.3 * a_y), "$G$", fontsize=11, ha="center", va="center")
    # d from P to G, beside the blade on the a_y side
    lift = 0.22 * a_y
    ax.annotate("", xy=G + lift, xytext=P + lift,
                arrowprops={"arrowstyle": "<->", "color": COLORS["ground"], "lw": 1.0,
                            "shrinkA": 0, "shrinkB": 0})
    ax.text(*(0.5 * (P + G) + 2.0 * lift), "$d$", fontsize=11, ha="center", va="center")
    ax.text(*(G - 0.3 * a_y + 0.45 * a_x), "$m, I$", fontsize=11, ha="center",
            va="center")
    ax.set_xlim(-0.45, 4.35)
    ax.set_ylim(-0.45, 2.6)
    return fig
