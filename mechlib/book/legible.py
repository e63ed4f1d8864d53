"""Explorer pictures drawn for the column they sit in (private, for ``mechlib.book.explorer``).

A chapter's ``draw`` makes its figure at the size it likes, often 8 to 12 inches
wide with two to four panels in a row. Shown at the width of the book's column
(about 690 CSS px on a desktop, 358 on a phone) its 8-point legends came out 6
px high on a desktop and 4 px on a phone. So, before a picture is saved:

* :func:`share_limits` gives every axes that shows the same quantity in all the
  pictures of one explorer (the same place in the figure, the same labels) the
  same limits, the union of theirs (or, where a few pictures would squash the
  others flat, a range that holds most of them), so that moving a slider
  compares like with like;
* :func:`fit` draws the figure for a column ``width`` CSS px wide: the figure
  is made ``width / 96`` inches wide (no wider than it was), so that where the
  picture is shown at that width one point of text is 4/3 CSS px; no text is
  smaller than :data:`MIN_POINTS`; a title wider than its axes breaks over
  lines; each legend moves below its axes, where it hides no data; and for a
  narrow column the panels side by side are stacked in one column (a drawing
  at equal scale no taller than it needs), and for the wide one four or more
  panels in a row go in two columns.

:func:`smallest_text` measures the result in points, and :func:`stray_texts`
finds the text a reader would not see whole (cut off, or over a title).
"""

from __future__ import annotations

import warnings

#: CSS px per inch of the figure where the picture is shown at its natural size.
PX_PER_INCH = 96
#: The columns a picture is drawn for, in CSS px: the book's at 1280 px, a phone's.
WIDE, NARROW = 680, 358
#: The smallest text, in points (8 pt is 10.7 CSS px at the natural size).
MIN_POINTS = 8.0
#: The tallest a stacked figure may be, in inches (a phone's screen, about 800 CSS px).
MAX_STACKED_HEIGHT = 8.0


def _key(index, ax):
    return index, ax.get_xlabel(), ax.get_ylabel()


#: An axis whose limits over all the pictures span more than this many times
#: the median picture's keeps to a range of that many median spans.
OUTLIER_SPAN = 4.0


def _shared(ranges, scale):
    """The range that the ``ranges`` (lo, hi) of one axis share: their union, or,
    when a few of them would squash the rest (a bicycle that falls, a steer angle
    of 600 degrees among swings of 10), ``OUTLIER_SPAN`` median spans about the
    median centre (the outliers' curves leave the axes)."""
    import statistics

    lo, hi = min(r[0] for r in ranges), max(r[1] for r in ranges)
    if scale != "linear" or len(ranges) < 3:
        return [lo, hi]
    span = statistics.median(r[1] - r[0] for r in ranges)
    if not span > 0 or hi - lo <= OUTLIER_SPAN * span:
        return [lo, hi]
    centre = statistics.median((r[0] + r[1]) / 2 for r in ranges)
    half = OUTLIER_SPAN * span / 2
    return [max(lo, centre - half), min(hi, centre + half)]


def share_limits(figures) -> dict:
    """Give the axes of ``figures`` that show the same quantity the limits they
    share (``_shared``; an inverted axis stays inverted); return the limits by
    axes key."""
    ranges, scales = {}, {}
    for figure in figures:
        for index, ax in enumerate(figure.axes):
            key = _key(index, ax)
            ranges.setdefault(key, []).append((sorted(ax.get_xlim()), sorted(ax.get_ylim())))
            scales[key] = (ax.get_xscale(), ax.get_yscale())
    union = {key: [_shared([r[axis] for r in found], scales[key][axis]) for axis in (0, 1)]
             for key, found in ranges.items()}
    for figure in figures:
        apply_limits(figure, union)
    return union


def apply_limits(figure, union) -> None:
    """Set the limits ``share_limits`` found on the axes of ``figure``."""
    for index, ax in enumerate(figure.axes):
        limits = union.get(_key(index, ax))
        if limits is None:
            continue
        (x0, x1), (y0, y1) = limits
        if ax.get_aspect() == 1.0 and ax.get_adjustable() == "datalim" \
                and not ax.get_shared_x_axes().get_siblings(ax)[1:] \
                and not ax.get_shared_y_axes().get_siblings(ax)[1:]:
            ax.set_adjustable("box")    # keep the limits: the box takes the drawing's shape
        ax.set_xlim((x1, x0) if ax.xaxis_inverted() else (x0, x1))
        ax.set_ylim((y1, y0) if ax.yaxis_inverted() else (y0, y1))


def _texts(figure):
    from matplotlib.text import Text

    return [text for text in figure.findobj(Text)
            if text.get_visible() and text.get_text().strip()]


def _drawn_texts(figure):
    """The visible texts of ``figure`` that are drawn: not those of an axis
    that is turned off, nor the labels of ticks outside the axes' limits (an
    axis keeps them, unused, from an earlier drawing)."""
    from matplotlib.text import Text

    hidden = set()
    for ax in figure.axes:
        for axis in (ax.xaxis, ax.yaxis):
            if not (ax.axison and axis.get_visible()):
                hidden.update(axis.findobj(Text))
                continue
            ticks = axis.get_major_ticks() + axis.get_minor_ticks()
            # compared where the scale puts them (a log axis: by their logarithms)
            place = axis.get_transform().transform(
                [[value] for value in (*axis.get_view_interval(),
                                       *(tick.get_loc() for tick in ticks))]).ravel()
            lo, hi = sorted(place[:2])
            slack = 1e-9 * (hi - lo)
            for tick, where in zip(ticks, place[2:], strict=True):
                if not lo - slack <= where <= hi + slack:     # NaN too: not drawn
                    hidden.update((tick.label1, tick.label2))
    return [text for text in _texts(figure) if text not in hidden]


def stray_texts(figure, drawn: bool = False) -> list[str]:
    """The texts of ``figure`` a reader would not see whole: one that leaves
    the figure (the picture cuts it off) or one drawn over an axes' title.

    The figure is drawn first, at its own resolution, unless ``drawn`` says
    that its last drawing was at that resolution and nothing changed since
    (a PNG just saved with ``dpi=figure.dpi``): measuring reads that drawing.

    >>> import matplotlib; matplotlib.use("Agg")
    >>> import matplotlib.pyplot as plt
    >>> fig, ax = plt.subplots(figsize=(3, 2))
    >>> _ = ax.set_title("a title"); _ = ax.set_ylim(0, 1)
    >>> stray_texts(fig)
    []
    >>> _ = ax.text(0.5, 1.05, "over it")          # just above the axes: the title's place
    >>> _ = ax.text(0.5, 5.0, "outside")
    >>> stray_texts(fig)
    ["'over it' covers the title 'a title'", "'outside' leaves the figure"]
    >>> plt.close(fig)
    """
    # drawn again at the figure's own resolution: a picture saved at another
    # leaves its legends' places measured at that one
    if not drawn:
        figure.draw_without_rendering()
    renderer = figure.canvas.get_renderer()
    edge = figure.bbox
    titles = [title for ax in figure.axes
              for title in (ax.title, ax._left_title, ax._right_title)
              if title.get_visible() and title.get_text().strip()]
    found = []
    for text in _drawn_texts(figure):
        box = text.get_window_extent(renderer)
        # a text's box holds room for descenders and accents: a quarter of its
        # size may cross an edge, or another box, with no ink cut or covered
        slack = 0.25 * text.get_fontsize() * figure.dpi / 72
        if (box.x0 < edge.x0 - slack or box.y0 < edge.y0 - slack
                or box.x1 > edge.x1 + slack or box.y1 > edge.y1 + slack):
            found.append(f"{text.get_text()!r} leaves the figure")
            continue
        for title in titles:
            if title is text:
                continue
            other = title.get_window_extent(renderer)
            width = min(box.x1, other.x1) - max(box.x0, other.x0)
            height = min(box.y1, other.y1) - max(box.y0, other.y0)
            if width > slack and height > slack:
                found.append(f"{text.get_text()!r} covers the title {title.get_text()!r}")
    return found


def smallest_text(figure) -> float:
    """The size of the smallest visible text of ``figure``, in points."""
    return min((text.get_fontsize() for text in _texts(figure)), default=float("inf"))


def _panel_height(axes, width_in, height_in):
    """The height a stacked panel ``width_in`` wide needs: its share of the
    figure, or less for a drawing at equal scale (``set_aspect('equal')``) whose
    data are wider than tall (room for its title and labels included)."""
    ax = axes[0]
    if ax.get_aspect() != 1.0:
        return height_in
    (x0, x1), (y0, y1) = ax.get_xlim(), ax.get_ylim()
    if not x1 != x0:
        return height_in
    return min(height_in, 0.9 * width_in * abs((y1 - y0) / (x1 - x0)) + 0.6)


def _regrid(figure, width_in, columns) -> float:
    """Put the panels of ``figure`` in a grid of ``columns`` columns, in reading
    order, the figure ``width_in`` wide; return the height they need, in
    inches, or 0 if the figure has no more columns than that (or no grid)."""
    from matplotlib.gridspec import GridSpec

    panels = {}
    for ax in figure.axes:
        spec = ax.get_subplotspec()
        if spec is None:
            return 0.0
        spec = spec.get_topmost_subplotspec()
        grid = spec.get_gridspec()
        place = (spec.colspan.start, spec.rowspan.start) if columns == 1 \
            else (spec.rowspan.start, spec.colspan.start)
        panels.setdefault(place, (spec, []))[1].append(ax)
    grids = {spec.get_gridspec() for spec, _ in panels.values()}
    if len(grids) != 1 or grid.get_geometry()[1] <= columns:
        return 0.0
    row = figure.get_size_inches()[1] / grid.get_geometry()[0]
    order = sorted(panels)
    wide = width_in / columns
    heights = [_panel_height(panels[place][1], wide, row * len(panels[place][0].rowspan))
               for place in order]
    rows = [max(heights[k:k + columns]) for k in range(0, len(order), columns)]
    new = GridSpec(len(rows), columns, figure=figure, height_ratios=rows)
    for k, place in enumerate(order):
        for ax in panels[place][1]:
            ax.set_subplotspec(new[k // columns, k % columns])
    return sum(rows)


def _columns(figure) -> int:
    """How many columns of panels ``figure`` has (0 without a grid)."""
    specs = [ax.get_subplotspec() for ax in figure.axes]
    if not specs or None in specs:
        return 0
    return specs[0].get_topmost_subplotspec().get_gridspec().get_geometry()[1]


def _layout(figure):
    from matplotlib.layout_engine import ConstrainedLayoutEngine

    if isinstance(figure.get_layout_engine(), ConstrainedLayoutEngine):
        return                              # laid out again when saved
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")     # "not compatible with tight_layout"
        figure.tight_layout()


def _legends_below(figure):
    """Move each axes' legend below the axes, under its tick labels and label."""
    from matplotlib.transforms import offset_copy

    legends = [(ax, ax.get_legend()) for ax in figure.axes if ax.get_legend() is not None]
    if not legends:
        return
    # What lies below an axes (tick labels, its label) is measured in points, so
    # the layout that follows does not change it; a legend still inside the
    # axes adds nothing to it.
    renderer = figure.canvas.get_renderer()
    for ax, legend in legends:
        legend.set_visible(False)
        below = ax.get_window_extent(renderer).y0 - ax.get_tightbbox(renderer).y0
        gap = below * 72 / figure.dpi + 3
        width = ax.get_window_extent(renderer).width
        legend.set_loc("upper center")
        legend.set_bbox_to_anchor(
            (0.5, 0.0), transform=offset_copy(ax.transAxes, figure, y=-gap, units="points"))
        legend.set_visible(True)
        count = len(legend.get_texts())
        for columns in range(count, 0, -1):
            legend.set_ncols(columns)
            if legend.get_window_extent(renderer).width <= width * 1.1 or columns == 1:
                break


def _fill(text, width):
    """``text`` broken over lines of about ``width`` characters, at spaces
    outside math (``$...$``).

    >>> _fill("coupler curve of $B_o$ and $x + y$", 12)
    'coupler\\ncurve of\\n$B_o$ and\\n$x + y$'
    """
    import re

    lines, line = [], ""
    for word in re.findall(r"(?:\$[^$]*\$|[^\s$])+", text):
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    return "\n".join(lines + [line])


def _wrap_titles(figure) -> bool:
    """Break a title wider than its axes, or than the figure about the axes'
    middle, over lines (at spaces, not inside math); True if one was broken.
    The axes are measured as drawn (an axes of equal scale is narrower than
    its place)."""
    renderer = figure.canvas.get_renderer()
    edge = figure.bbox
    broken = False
    for ax in figure.axes:
        ax.apply_aspect()
        box = ax.get_window_extent(renderer)
        middle = (box.x0 + box.x1) / 2
        centred = min(box.width, 2 * (middle - edge.x0), 2 * (edge.x1 - middle))
        for title, room in ((ax.title, centred), (ax._left_title, box.width),
                            (ax._right_title, box.width)):
            text = title.get_text()
            if not text or not title.get_visible() \
                    or title.get_window_extent(renderer).width <= room:
                continue
            title.set_text(" ".join(text.split()))
            wide = title.get_window_extent(renderer).width
            title.set_text(_fill(title.get_text(), max(12, int(len(text) * room / wide))))
            broken = True
    return broken


def fit(figure, width: float, stack: bool = False) -> None:
    """Draw ``figure`` for a column ``width`` CSS px wide (see the module's docstring)."""
    # Each column starts from the figure as draw made it (its size, its grid).
    original = getattr(figure, "_legible_original", None)
    if original is None:
        original = (tuple(figure.get_size_inches()),
                    [(ax, ax.get_subplotspec()) for ax in figure.axes])
        figure._legible_original = original
    else:
        for ax, spec in original[1]:
            if spec is not None:
                ax.set_subplotspec(spec)
    w, h = original[0]
    figure.set_size_inches(w, h)
    width_in = min(w, width / PX_PER_INCH)
    regridded = _regrid(figure, width_in, 1 if stack else 2 if _columns(figure) >= 4 else 99)
    if regridded:
        h = min(regridded, MAX_STACKED_HEIGHT)
    figure.set_size_inches(width_in, h)
    for text in _texts(figure):
        if text.get_fontsize() < MIN_POINTS:
            text.set_fontsize(MIN_POINTS)
    _wrap_titles(figure)
    _legends_below(figure)
    _layout(figure)
    if _wrap_titles(figure):     # the axes as laid out may leave a title less room
        _layout(figure)
