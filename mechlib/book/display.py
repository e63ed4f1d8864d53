r"""How the book shows results: tables, tidied expressions, animations, explorers.

``explorer``, ``Slider`` and ``Choice`` come from ``mechlib.book.explorer``,
imported on first use with matplotlib: the tables and ``collected`` need only
SymPy, so they also run in the page's Python (the book's answer boxes).

Nothing in the core of mechlib imports this module; it only formats what the
core computes.
"""

import base64
import importlib
import math
import numbers
import re
from html import escape as htmlescape

import sympy as sm
import sympy.physics.mechanics as me

from .._validation import as_list, check_frame
from ..errors import ArgumentTypeError, ParameterError, ShapeError
from ..kinematics import partial_velocities
from ..printing import latex as _latex
from .images import palette_png, png_data_uri

#: Names of mechlib.book.explorer that this module gives, imported on first use.
_FROM_EXPLORER = ("explorer", "Slider", "Choice", "Explorer")

# (the explorer's names come from __getattr__ below)
__all__ = ["PartialVelocityTable", "partial_velocity_table", "collected",  # noqa: F822
           "animation_html", "explorer", "Slider", "Choice", "Explorer"]


class PartialVelocityTable:
    r"""Partial velocities laid out as a table: rows items, columns speeds.

    Made by :func:`partial_velocity_table`. In a notebook it displays as a
    LaTeX array (``_repr_latex_``), rows labelled
    :math:`{}^N\bar{v}^{P}` for points, :math:`{}^N\bar{\omega}^{B}` for
    frames, or a label you give. There is deliberately no ``_repr_html_``:
    notebook front ends prefer HTML, and MathJax in a built book does not
    typeset math inside HTML output, whereas LaTeX output is typeset.

    Attributes
    ----------
    labels : list of str
        LaTeX row labels.
    speeds : list
        The speeds (columns).
    frame : ReferenceFrame
        The frame the velocities are observed from.
    partials : list of list of Vector
        ``partials[i][r]``; also available as ``table[i, r]``.

    Examples
    --------
    >>> import sympy.physics.mechanics as me
    >>> import mechlib as ml
    >>> u1 = me.dynamicsymbols('u1')
    >>> N = me.ReferenceFrame('N')
    >>> table = ml.partial_velocity_table([('V', u1*N.x)], [u1], N)
    >>> table[0, 0]
    N.x
    >>> ml.display.PartialVelocityTable(['V'], [u1], N, [[N.x]])
        u1
    row 1  N.x
    """

    def __init__(self, labels, speeds, frame, partials, plain_labels=None):
        self.labels = list(labels)
        self.speeds = list(speeds)
        self.frame = frame
        self.partials = partials
        #: Row labels in plain text, for ``str`` and ``repr``.
        self.plain_labels = (list(plain_labels) if plain_labels is not None
                             else [f"row {i + 1}" for i in range(len(partials))])

    def __getitem__(self, index):
        i, r = index
        return self.partials[i][r]

    def __len__(self):
        return len(self.partials)

    @property
    def shape(self):
        """(number of rows, number of speeds)."""
        return (len(self.partials), len(self.speeds))

    def to_matrix(self, frame=None):
        r"""Measure numbers as a matrix, three rows per item.

        Parameters
        ----------
        frame : ReferenceFrame, optional
            Basis to express the partial velocities in; default the table's
            frame.

        Returns
        -------
        sympy.Matrix
            Shape ``(3*rows, n)``; rows ``3*i .. 3*i+2`` hold the x, y, z
            measure numbers of item ``i``.

        Examples
        --------
        >>> import sympy.physics.mechanics as me
        >>> import mechlib as ml
        >>> u1, u2 = me.dynamicsymbols('u1, u2')
        >>> N = me.ReferenceFrame('N')
        >>> ml.partial_velocity_table([('V', u1*N.x + u2*N.y)], [u1, u2],
        ...                           N).to_matrix()
        Matrix([
        [1, 0],
        [0, 1],
        [0, 0]])
        """
        frame = frame or self.frame
        columns = []
        for row in self.partials:
            columns.append(sm.Matrix.hstack(
                *[v.to_matrix(frame) if v != 0 else sm.zeros(3, 1)
                  for v in row]))
        return sm.Matrix.vstack(*columns)

    def _repr_latex_(self):
        head = " & ".join(_latex(u) for u in self.speeds)
        lines = [r"\begin{array}{c|" + "c" * len(self.speeds) + "}",
                 r" & " + head + r" \\ \hline"]
        for label, row in zip(self.labels, self.partials, strict=True):
            cells = " & ".join(_latex(v) if v != 0 else r"\bar{0}"
                               for v in row)
            lines.append(label + " & " + cells + r" \\")
        lines.append(r"\end{array}")
        return "$\\displaystyle " + "\n".join(lines) + "$"

    def __str__(self):
        head = ["", *[str(u).replace("(t)", "") for u in self.speeds]]
        rows = [head]
        for label, row in zip(self.plain_labels, self.partials, strict=True):
            rows.append([label, *[str(v) for v in row]])
        widths = [max(len(r[j]) for r in rows) for j in range(len(head))]
        return "\n".join("  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True))
                         .rstrip() for r in rows)

    __repr__ = __str__


def partial_velocity_table(items, speeds, frame, kdes=None, prescribed=()):
    r"""A displayable table of partial velocities (rows items, columns speeds).

    Parameters
    ----------
    items : sequence
        Points (velocity in ``frame``), frames (angular velocity in
        ``frame``), particles, or ``(label, vector)`` pairs where ``label`` is
        LaTeX for the row, e.g. ``(r'{}^N\bar{v}^Q', v)``.
    speeds, frame, kdes, prescribed
        As in :func:`mechlib.kinematics.partial_velocities`.

    Returns
    -------
    PartialVelocityTable
        Displays as a LaTeX array in a notebook; ``table[i, r]`` gives the
        partial velocity of item ``i`` for speed ``r``.

    Examples
    --------
    >>> import sympy as sm
    >>> import sympy.physics.mechanics as me
    >>> import mechlib as ml
    >>> l = sm.symbols('l')
    >>> q1, u1 = me.dynamicsymbols('q1, u1')
    >>> N, A = me.ReferenceFrame('N'), me.ReferenceFrame('A')
    >>> A.orient_axis(N, q1, N.z)
    >>> O, P = me.Point('O'), me.Point('P')
    >>> O.set_vel(N, 0)
    >>> P.set_pos(O, l*A.x)
    >>> _ = P.v2pt_theory(O, N, A)
    >>> table = ml.partial_velocity_table([P, A], [u1], N,
    ...                                   kdes=[q1.diff() - u1])
    >>> print(table)
        u1
    v^P l*A.y
    w^A N.z
    >>> print(table._repr_latex_())
    $\displaystyle \begin{array}{c|c}
     & u_{1} \\ \hline
    {}^{N}\bar{v}^{P} & l\hat{a}_y \\
    {}^{N}\bar{\omega}^{A} & \hat{n}_z \\
    \end{array}$
    """
    check_frame(frame)
    items = as_list(items, "items")
    labels, plain, vectors = [], [], []
    for i, item in enumerate(items):
        if isinstance(item, tuple):
            if len(item) != 2:
                raise ShapeError(
                    f"items[{i}] is a tuple of length {len(item)}; give "
                    "(label, vector) pairs")
            label, vec = item
            labels.append(str(label))
            plain.append(str(label))
            vectors.append(vec)
        elif isinstance(item, (me.Point, me.Particle)):
            name = item.name
            labels.append(r"{}^{%s}\bar{v}^{%s}" % (frame.name, name))
            plain.append(f"v^{name}")
            vectors.append(item)
        elif isinstance(item, me.ReferenceFrame):
            labels.append(r"{}^{%s}\bar{\omega}^{%s}" % (frame.name,
                                                         item.name))
            plain.append(f"w^{item.name}")
            vectors.append(item)
        else:
            labels.append(r"\bar{v}_{%d}" % (i + 1))
            plain.append(f"v{i + 1}")
            vectors.append(item)
    partials = partial_velocities(vectors, speeds, frame, kdes=kdes,
                                  prescribed=prescribed)
    return PartialVelocityTable(labels, speeds, frame, partials, plain)


def collected(expr, terms):
    r"""Tidy an expression for display: expand it, collect it in ``terms``,
    and ``trigsimp`` each coefficient.

    Generalized forces come out of SymPy as long sums; grouped by the
    derivatives and products of the speeds they multiply, they read like the
    equations of the text. Only the form changes, never the value.

    Parameters
    ----------
    expr : sympy expression or Matrix
        A Matrix is tidied entry by entry.
    terms : sequence
        What to collect in, e.g. ``[u1.diff(), u2.diff(), u1**2]``.

    Returns
    -------
    sympy expression or Matrix

    Examples
    --------
    >>> import sympy as sm
    >>> import sympy.physics.mechanics as me
    >>> from mechlib.book.display import collected
    >>> q, u = me.dynamicsymbols('q, u')
    >>> e = sm.sin(q)**2*u.diff() + sm.cos(q)**2*u.diff() + 2*sm.sin(q)*sm.cos(q)*u**2
    >>> collected(sm.Matrix([e]), [u.diff(), u**2])
    Matrix([[u(t)**2*sin(2*q(t)) + Derivative(u(t), t)]])
    """
    terms = as_list(terms, "terms")
    if not isinstance(expr, (sm.Basic, sm.MatrixBase)):
        raise ArgumentTypeError(
            f"collected: expr is a {type(expr).__name__} ({expr!r}); give a "
            "sympy expression or Matrix")

    def tidy(e):
        return sm.collect(sm.expand(e), terms, func=sm.trigsimp)

    if isinstance(expr, sm.MatrixBase):
        return expr.applyfunc(tidy)
    return tidy(expr)

#: :func:`animation_html` rewrites what matplotlib's ``to_jshtml`` writes (its
#: link to Font Awesome, its icons, its frames, its player's ids), as does
#: _ext/mechbook_explorer_frames.py: written for this matplotlib, whose
#: templates of that HTML (``matplotlib._animation_data``) have this digest
#: (tests/test_patches.py; the build checks both).
ANIMATION_HTML_WRITTEN_FOR = ("matplotlib", "3.11.2")
ANIMATION_TEMPLATES = "9cb49288ed910c05533906c20230c012"

_ANIMATION_ICONS = {
    "fa-minus": "\u2212",
    "fa-fast-backward": "\u21e4",
    "fa-step-backward": "\u25c0|",
    "fa-play fa-flip-horizontal": "\u25c0",
    "fa-pause": "\u275a\u275a",
    "fa-play": "\u25b6",
    "fa-step-forward": "|\u25b6",
    "fa-fast-forward": "\u21e5",
    "fa-plus": "+",
}


def animation_html(animation, name, dpi=60, default_mode="loop", alt=None):
    """Return a matplotlib animation as self-contained HTML that plays without a kernel.

    ``FuncAnimation.to_jshtml()`` embeds the frames and the player, but links
    its buttons' icons from a CDN and gives the player a random id. This
    version loads nothing from another host (the icons become text) and names
    the player ``name``, so the output is the same on every run.

    Parameters
    ----------
    animation : matplotlib.animation.Animation
    name : str
        A name for the player, unique on the page (letters, digits, underscores).
    dpi : float
        Resolution of the frames; keep it low so the page stays light.
    default_mode : {"loop", "once", "reflect"}
        What the player does at the last frame.
    alt : str, optional
        What the animation shows, for readers who cannot see it (the frames'
        alt text); default "Animation <name>". The frame slider is labelled
        "Frame" for screen readers.

    Returns
    -------
    str
        HTML to show with ``IPython.display.HTML``.

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> import matplotlib.pyplot as plt
    >>> from matplotlib.animation import FuncAnimation
    >>> fig, ax = plt.subplots(figsize=(1, 1))
    >>> (line,) = ax.plot([], [])
    >>> movie = FuncAnimation(fig, lambda n: line.set_data([0, n], [0, n]), frames=2)
    >>> from mechlib.book.display import animation_html
    >>> html = animation_html(movie, "demo")
    >>> "cdn" in html, "_anim_imgdemo" in html
    (False, True)
    >>> 'alt="Animation demo"' in html, 'aria-label="Frame"' in html
    (True, True)
    >>> plt.close(fig)
    """
    if not hasattr(animation, "to_jshtml"):
        raise ArgumentTypeError(
            f"animation is a {type(animation).__name__}; give a matplotlib "
            "animation (e.g. matplotlib.animation.FuncAnimation)")
    if not isinstance(name, str):
        raise ArgumentTypeError(
            f"animation name must be a string of letters, digits and "
            f"underscores, got {type(name).__name__} {name!r}")
    if isinstance(dpi, bool) or not isinstance(dpi, numbers.Real) \
            or not math.isfinite(dpi) or dpi <= 0:
        raise ParameterError(
            f"dpi = {dpi!r}; give a positive number of dots per inch, e.g. 60")
    if default_mode not in ("loop", "once", "reflect"):
        raise ParameterError(
            f"default_mode = {default_mode!r}; give 'loop', 'once' or "
            "'reflect'")
    if not re.fullmatch(r"\w+", name):
        raise ShapeError(f"animation name {name!r} must be letters, digits and underscores")
    if alt is not None and not isinstance(alt, str):
        raise ArgumentTypeError(
            f"alt is {type(alt).__name__} {alt!r}; give a string saying what the "
            "animation shows")
    import matplotlib.pyplot as plt

    with plt.rc_context({"savefig.dpi": dpi}):
        html = animation.to_jshtml(default_mode=default_mode)
    html, links = re.subn(r'<link rel="stylesheet"\s+href="https://[^"]*font-awesome[^"]*">',
                          "", html)
    for icon, text in _ANIMATION_ICONS.items():
        html = html.replace(f'<i class="fa {icon}"></i>', text)
    # Frames as palette PNGs: a third to a fifth of matplotlib's full-colour ones.
    # (matplotlib continues the base64 text over lines ending in a backslash.)
    html = re.sub(r'"data:image/png;base64,([A-Za-z0-9+/=\\\s]+)"',
                  lambda match: '"' + png_data_uri(palette_png(base64.b64decode(
                      re.sub(r"[\\\s]", "", match.group(1))))) + '"', html)
    player = re.search(r"_anim_img(\w+)", html)
    player_id = player.group(1) if player else None
    if player_id:
        html = html.replace(player_id, name)
    # Screen readers: the frames say what they show, the slider what it moves.
    alt_text = htmlescape(alt if alt is not None else f"Animation {name}", quote=True)
    image = f'<img id="_anim_img{name}">'
    slider = f'<input id="_anim_slider{name}" type="range"'
    if links != 1 or not player_id or image not in html or slider not in html \
            or '<i class="fa' in html or re.search(r"(src|href)=\"https?://", html):
        _animation_html_changed()
    html = html.replace(image, f'<img id="_anim_img{name}" alt="{alt_text}">')
    html = html.replace(slider, f'<input id="_anim_slider{name}" aria-label="Frame" type="range"')
    return html


def _animation_html_changed():
    """Raise: matplotlib's ``to_jshtml`` no longer writes what :func:`animation_html`
    rewrites (its one Font Awesome link, its icons, the player's image and
    slider), which would leave the player linking another host, its buttons
    blank or its frames unnamed."""
    from importlib.metadata import version

    from .patched import PatchedInternalsChanged

    raise PatchedInternalsChanged(  # pragma: no cover - a matplotlib change
        f"mechlib.book.display.animation_html was written for the HTML of "
        f"{' '.join(ANIMATION_HTML_WRITTEN_FOR)}'s to_jshtml, and matplotlib "
        f"{version('matplotlib')} writes it otherwise: install "
        f"{'=='.join(ANIMATION_HTML_WRITTEN_FOR)} as requirements.txt pins it, or make "
        "animation_html (and _ext/mechbook_explorer_frames.py) fit the new HTML and "
        "update ANIMATION_HTML_WRITTEN_FOR and ANIMATION_TEMPLATES")


def __getattr__(name):
    if name in _FROM_EXPLORER:
        value = getattr(importlib.import_module("mechlib.book.explorer"), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
