r"""Explorers: a drawing with sliders, live with a kernel and in a static page.

A chapter writes its explorer once::

    ml.display.explorer(draw_pendulum,
                        q1=ml.display.Slider(-90, 90, 30, steps=7, label="q₁ (deg)"),
                        r=ml.display.Choice([1, 2], label="r"))

and the object it returns displays in two ways (``_repr_mimebundle_``):

* where a kernel runs (JupyterLab, Binder, a hub), as ``ipywidgets``: the
  sliders above an Image widget, and ``draw`` is called again at every move;
* in the built book, which has no kernel, as HTML: ``draw`` is called once for
  every combination of the sliders' grid values when the explorer is made, and
  the page switches between those pictures with ``<input type="range">``
  sliders and one small script of the book (``_ext/static/explorer.js``).

The front end picks: JupyterLab shows the widget view when ipywidgets is
installed; the book ranks ``text/html`` first (``nb_mime_priority_overrides``
in ``_config.yml``).

The grid is the product of the sliders' ``steps``: every slider multiplies the
number of pictures, hence the time to make them and the weight of the page.
``max_frames`` and ``max_bytes`` guard both.

Where nobody looks at the pictures (nbval's runs of the chapters: their
reference outputs ignore an explorer's, tagged ``nbval-ignore-output``), the
environment variable
``MECHLIB_EXPLORER_PICTURES=start`` saves most of that time: ``draw`` is still
called at every grid value, so an error anywhere still shows, but only the
picture of the sliders' starting values is rendered, and the static form shows
that picture alone.

Frames are palette PNG images (Pillow, 32 colours), drawn twice for the
column they sit in (``mechlib.book.legible``): for the book's column, 680 CSS
px at one pixel per CSS px, and for a phone's, 358 CSS px with the panels
stacked, at 2 pixels per CSS px (a phone's screen has two or three pixels
for each CSS px; at one the picture looks blurred); the page shows the phone's below
``NARROW_MEDIA``. Either way no text is smaller than 8 points, 10.7 CSS px
where the picture is shown at its natural size, legends sit below their axes,
and the axes that show the same quantity share their limits across all the
pictures. For the book's line drawings with labels a picture weighs about 5 to
10 kB, a fifth of the same picture as SVG with its text kept as text.
"""

from __future__ import annotations

import base64
import hashlib
import html
import inspect
import io
import itertools
import json
import math
import numbers
import os
import warnings

from ..errors import ArgumentTypeError, ParameterError, ShapeError
from . import legible
from .controls import Choice, Slider
from .formula_layouts import shared_formula_layouts
from .images import palette_png, png_data_uri

__all__ = ["Slider", "Choice", "Explorer", "explorer", "PICTURES"]

#: Environment variable: ``start`` renders only the starting values' picture.
#: A word that joins a control's parts into a sentence where the book's style
#: sheet is missing, and that the book hides (explorer.css).
PLAIN = '<span class="mechlib-explorer-plain">{}</span>'

PICTURES = "MECHLIB_EXPLORER_PICTURES"

#: The most pictures an explorer may precompute unless it asks for more.
MAX_FRAMES = 120
#: The most bytes the static form of an explorer may weigh (its pictures, both
#: sets). The built site loads one set, when the reader reaches the explorer
#: (_ext/mechbook_explorer_frames.py), but a downloaded notebook carries both.
MAX_BYTES = 1_500_000
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
#: Where the page shows the pictures drawn for a phone (legible.NARROW):
#: below it the wide pictures would shrink under 9 CSS px of text.
NARROW_MEDIA = "(max-width: 640px)"
#: Pixels per CSS px of the pictures drawn for a phone: its screen's usual
#: pixel ratio (2; 3 on some, where 2 still looks sharp).
NARROW_SCALE = 2


def _png(figure):
    """The figure as a palette PNG data URI, at the figure's own resolution.

    Saving draws the figure at that resolution, so that what the drawing
    measured (where the texts and legends are) holds for the figure as it
    is after saving: :func:`legible.stray_texts` reads it without a draw of
    its own."""
    raw = io.BytesIO()
    # the figure's dpi as a number: dpi="figure" means the one it was made with
    figure.savefig(raw, format="png", dpi=figure.dpi, facecolor="white")
    return png_data_uri(palette_png(raw.getvalue()))


def _svg(figure):
    """The figure as an SVG data URI (drawn at SVG's 72 dpi, not the figure's)."""
    import matplotlib.pyplot as plt

    out = io.BytesIO()
    with plt.rc_context({"svg.fonttype": "none", "svg.hashsalt": "mechlib"}):
        figure.savefig(out, format="svg", facecolor="white", metadata={"Date": None})
    return "data:image/svg+xml;base64," + base64.b64encode(out.getvalue()).decode("ascii")


#: How each format saves a figure, and whether saving leaves the figure drawn
#: at its own resolution.
_FORMATS = {"png": (_png, True), "svg": (_svg, False)}


def _bytes_of(data_uri):
    """The image bytes of a base64 ``data:`` URI."""
    return base64.b64decode(data_uri.split(",", 1)[1])


def _figure(draw, values, dpi):
    """Call ``draw(**values)`` without showing anything; return its figure (open)."""
    import matplotlib.pyplot as plt
    from matplotlib.figure import Figure

    before = set(plt.get_fignums())
    show, failure = plt.show, None
    plt.show = lambda *args, **kwargs: None
    try:
        # ``dpi`` is the resolution ``draw`` sees; _pictures then lays the
        # figure out and saves it at each column's own resolution.
        with plt.rc_context({"figure.dpi": dpi}):
            result = draw(**values)
    except Exception as error:      # noqa: BLE001 - reported with the values that broke it
        result, failure = None, error
    finally:
        plt.show = show
    made = [plt.figure(n) for n in plt.get_fignums() if n not in before]
    name = getattr(draw, "__name__", "draw")
    figure = None
    if failure is None and isinstance(result, Figure):
        figure = result
    elif failure is None and len(made) == 1:
        figure = made[0]
    for other in made:
        if other is not figure:
            plt.close(other)
    if failure is not None:
        raise ParameterError(
            f"{name}({_call(values)}) raised {type(failure).__name__}: {failure}; "
            "make it draw at every grid value, or narrow the sliders' ranges"
        ) from failure
    if figure is None:
        raise ArgumentTypeError(
            f"{name}({_call(values)}) made {len(made)} figures; draw exactly one "
            "(or return it)")
    return figure


def _pictures(figure, image_format, stray=None):
    """The picture of ``figure`` for the wide column and for the narrow one (a
    phone's, at NARROW_SCALE pixels per CSS px), and the smallest text of each in CSS px
    at the picture's natural size (mechlib.book.legible); closes ``figure``.
    What a reader would not see whole (:func:`legible.stray_texts`) is added to
    the list ``stray``, if given."""
    import matplotlib.pyplot as plt

    try:
        pictures, smallest = [], []
        with warnings.catch_warnings():
            # Laying the figure out again may warn that an axes of equal
            # scale adjusts its limits: the warnings are the explorer's, not
            # the chapter's, and would print in the chapter's output.
            warnings.simplefilter("ignore")
            save, leaves_drawn = _FORMATS[image_format]
            for width, stack, scale in ((legible.WIDE, False, 1),
                                        (legible.NARROW, True, NARROW_SCALE)):
                # laid out, saved and checked at the picture's resolution: the
                # texts are measured at one resolution only, and the check
                # reads the drawing that saving made
                figure.set_dpi(legible.PX_PER_INCH * scale)
                legible.fit(figure, width, stack=stack)
                pictures.append(save(figure))
                if stray is not None:
                    stray.extend(f"{problem} ({'phone' if stack else 'wide'} picture)"
                                 for problem in legible.stray_texts(figure, drawn=leaves_drawn))
                smallest.append(round(legible.smallest_text(figure)
                                      * legible.PX_PER_INCH / 72, 2))
        return pictures, smallest
    finally:
        plt.close(figure)


def _picture(draw, values, image_format, dpi, limits=None):
    """The wide picture of ``draw(**values)`` as a data URI (the live view's),
    with the limits an explorer's pictures share."""
    figure = _figure(draw, values, dpi)
    if limits:
        legible.apply_limits(figure, limits)
    return _pictures(figure, image_format)[0][0]


def _call(values):
    return ", ".join(f"{name}={value!r}" for name, value in values.items())


def _start_index(controls):
    """Index of the controls' starting values in the grid (the last varies fastest)."""
    index = 0
    for control in controls.values():
        index = index * control.steps + control.start()
    return index


class Explorer:
    """A drawing with sliders; made by :func:`explorer`.

    Attributes
    ----------
    draw : callable
    controls : dict
        ``{parameter name: Slider or Choice}``, in the order shown.
    frames : list of str
        The precomputed pictures (data URIs), the last control varying fastest,
        drawn for the book's column (``legible.WIDE`` CSS px).
    narrow_frames : list of str
        The same pictures drawn for a phone's column (``legible.NARROW`` CSS px,
        panels stacked), at ``NARROW_SCALE`` pixels per CSS px; empty if not made.
    smallest_text : dict
        ``{"wide": px, "narrow": px}``: the smallest text of all the pictures, in
        CSS px where a picture is shown at its natural size.
    alt : str
        What the picture shows, without the slider values.
    start_only : bool
        Only the starting values' picture was rendered (``PICTURES``); then
        ``frames`` and ``narrow_frames`` hold that one picture.
    """

    def __init__(self, draw, controls, frames, alt, image_format="png", dpi=80,
                 narrow_frames=(), limits=None, smallest_text=None, start_only=False):
        self.draw, self.controls, self.frames, self.alt = draw, controls, frames, alt
        self.image_format, self.dpi = image_format, dpi
        self.narrow_frames, self.limits = list(narrow_frames), limits or {}
        self.smallest_text = smallest_text or {}
        self.start_only = start_only

    def live(self):
        """The live view for a running kernel: the controls above an
        ``ipywidgets.Image`` that ``draw`` redraws when a control moves.

        The picture is an Image widget, not an Output widget that captures
        what ``draw`` shows: a notebook runner without a front end (nbclient,
        under jupyter-book, otter and ``bookkit.notebooks``) answers
        an Output widget's captured output with a message on the shell
        channel while it waits there for the cell's reply, and that send can
        swallow the reply's wake-up, so the run stalls with the kernel idle
        (``benchmarks/notebook_hangs.py`` shows it: most runs of a notebook
        whose cells print into Output widgets stall, none when nbclient's
        stand-in for the Output widget is switched off). An Image widget makes
        the runner send nothing.
        """
        from ipywidgets import Image, VBox

        controls = {name: control.widget(name) for name, control in self.controls.items()}
        image_format = "svg+xml" if self.frames[0].startswith("data:image/svg") else "png"
        picture = Image(value=_bytes_of(self.frames[self._start_index()]),
                        format=image_format)

        def redraw(_change=None):
            values = {name: widget.value for name, widget in controls.items()}
            picture.value = _bytes_of(_picture(self.draw, values, self.image_format, self.dpi,
                                               self.limits))

        for widget in controls.values():
            widget.observe(redraw, names="value")
        return VBox([*controls.values(), picture])

    def _start_index(self):
        """Index of the frame of the controls' starting values."""
        return 0 if self.start_only else _start_index(self.controls)

    def html(self):
        """The static explorer: the first picture (the phone's below ``NARROW_MEDIA``),
        the sliders with their ends, tick marks and "k of n", and the frames as JSON."""
        key = hashlib.sha1("".join(self.frames).encode()).hexdigest()[:10]
        Explorer._count += 1
        uid = f"mlx-{key}-{Explorer._count}"
        start = [control.start() for control in self.controls.values()]
        index = self._start_index()
        rows, labels, values = [], [], []
        for n, ((name, control), k) in enumerate(zip(self.controls.items(), start, strict=True)):
            label = control.label or name
            shown = [control.text(v) for v in control.grid()]
            labels.append(label)
            values.append(shown)
            if self.start_only:
                continue
            # The words in PLAIN spans join the parts into a sentence where
            # the book's style sheet is missing (an untrusted notebook, which
            # drops the slider): "slope, from -1 to 1: 0 (2 of 3)"; the book
            # hides them.
            rows.append(
                f'<div class="mechlib-explorer-control">'
                f'<label for="{uid}-{n}">{html.escape(label)}</label>{PLAIN.format(", from ")}'
                f'<span class="mechlib-explorer-slider" style="--intervals: {control.steps - 1}">'
                f'<input type="range" id="{uid}-{n}" min="0" max="{control.steps - 1}" '
                f'step="1" value="{k}" aria-valuetext="{html.escape(shown[k])}">'
                f'<span class="mechlib-explorer-ends" aria-hidden="true">'
                f'<span>{html.escape(shown[0])}</span>{PLAIN.format(" to ")}'
                f'<span>{html.escape(shown[-1])}</span>'
                f'</span></span>{PLAIN.format(": ")}'
                f'<output for="{uid}-{n}" aria-hidden="true">'
                f'<span class="mechlib-explorer-value">{html.escape(shown[k])}</span> '
                f'{PLAIN.format("(")}<span class="mechlib-explorer-step">{k + 1} of '
                f'{control.steps}</span>{PLAIN.format(")")}'
                f'</output></div>')
        now = ", ".join(f"{label} = {shown[k]}"
                        for label, shown, k in zip(labels, values, start, strict=True))
        if self.start_only:
            return (f'<div class="mechlib-explorer" id="{uid}">'
                    f'<img class="mechlib-explorer-frame" src="{self.frames[0]}" '
                    f'alt="{html.escape(f"{self.alt} ({now})")}">'
                    f'<p>Only this picture was drawn ({PICTURES}=start).</p></div>')
        data = {"alt": self.alt, "labels": labels, "values": values,
                "shape": [c.steps for c in self.controls.values()],
                "smallestText": self.smallest_text, "frames": self.frames}
        narrow = ""
        if self.narrow_frames:
            data.update(narrowFrames=self.narrow_frames, narrowMedia=NARROW_MEDIA,
                        narrowScale=NARROW_SCALE)
            narrow = (f'<source media="{NARROW_MEDIA}" '
                      f'srcset="{self.narrow_frames[index]} {NARROW_SCALE}x">')
        data = json.dumps(data, ensure_ascii=True).replace("</", "<\\/")
        return (f'<div class="mechlib-explorer" id="{uid}">'
                f'<picture>{narrow}'
                f'<img class="mechlib-explorer-frame" src="{self.frames[index]}" '
                f'alt="{html.escape(f"{self.alt} ({now})")}"></picture>'
                f'<div class="mechlib-explorer-controls">{"".join(rows)}</div>'
                f'<script type="application/json" class="mechlib-explorer-data">{data}</script>'
                f'</div>')

    _count = 0

    def _repr_mimebundle_(self, include=None, exclude=None):
        bundle = {"text/plain": repr(self), "text/html": self.html()}
        try:
            view = self.live()._repr_mimebundle_()
        except ImportError:     # no ipywidgets: the static explorer alone
            view = {}
        if WIDGET_VIEW in view:
            bundle[WIDGET_VIEW] = view[WIDGET_VIEW]
        return bundle

    def __repr__(self):
        return (f"<explorer of {getattr(self.draw, '__name__', 'draw')}: "
                f"{', '.join(self.controls)}; {len(self.frames)} pictures>")


def _checked_arguments(draw, controls, alt, image_format, dpi, max_frames, max_bytes):
    """Refuse what :func:`explorer` cannot use, naming the fix; return the alt
    text (``draw``'s docstring's first line when ``alt`` is None)."""
    if not callable(draw):
        raise ArgumentTypeError(
            f"draw is {type(draw).__name__} {draw!r}; give the function that draws the figure")
    if not controls:
        raise ShapeError("no sliders: give at least one, e.g. q1=Slider(-90, 90, 0)")
    for name, control in controls.items():
        if not isinstance(control, (Slider, Choice)):
            raise ArgumentTypeError(
                f"{name}={control!r}; give a mechlib.book.display.Slider or Choice")
    try:
        inspect.signature(draw).bind_partial(**controls)
    except TypeError as error:
        raise ArgumentTypeError(
            f"{getattr(draw, '__name__', 'draw')} does not take the sliders "
            f"{', '.join(controls)} as keywords ({error}); name each slider after a "
            "parameter of draw") from error
    except ValueError:          # a built-in without a signature: draw will tell
        pass
    if image_format not in _FORMATS:
        raise ParameterError(
            f"image_format = {image_format!r}; give 'png' or 'svg'")
    if isinstance(dpi, bool) or not isinstance(dpi, numbers.Real) \
            or not math.isfinite(dpi) or not 20 <= dpi <= 300:
        raise ParameterError(f"dpi = {dpi!r}; give a resolution between 20 and 300, e.g. 80")
    for what, limit in (("max_frames", max_frames), ("max_bytes", max_bytes)):
        if isinstance(limit, bool) or not isinstance(limit, numbers.Integral) or limit < 1:
            raise ParameterError(f"{what} = {limit!r}; give a positive int")
    if alt is None:
        alt = (inspect.getdoc(draw) or "").strip().splitlines()[:1]
        alt = alt[0] if alt else ""
    if not isinstance(alt, str) or not alt.strip():
        raise ArgumentTypeError(
            f"alt = {alt!r} and draw has no docstring: say what the picture shows, "
            "alt='...' (or give draw a docstring)")
    return alt


def explorer(draw, *, alt=None, image_format="png", dpi=80, max_frames=MAX_FRAMES,
             max_bytes=MAX_BYTES, **controls):
    r"""An explorer of ``draw``: live sliders with a kernel, precomputed ones in the book.

    Parameters
    ----------
    draw : callable
        Draws one matplotlib figure from keyword arguments, one per control
        (``plt.show()`` inside it is fine; it may also return the figure).
    alt : str, optional
        What the picture shows, for readers who cannot see it; default the
        first line of ``draw``'s docstring. The page adds the slider values.
    image_format : {"png", "svg"}
        How the pictures are stored; PNG is smaller for line drawings.
    dpi : float
        Resolution of ``draw``'s figure while ``draw`` runs. The pictures,
        the page's and the live view's, are laid out and saved at their
        column's resolution whatever it is (``mechlib.book.legible``).
    max_frames : int
        The most pictures to precompute (the product of the controls' steps).
    max_bytes : int
        The most bytes all pictures may weigh in the page.
    **controls : Slider or Choice
        One per parameter of ``draw`` to explore, in the order shown.

    Returns
    -------
    Explorer
        Displays as live ipywidgets (:meth:`Explorer.live`) where a kernel runs and as
        static HTML in the book.

    Raises
    ------
    ParameterError
        More pictures than ``max_frames`` or bytes than ``max_bytes`` (give
        fewer steps); ``draw`` raised at a grid value; or at one a picture
        would cut a text off or draw it over a title
        (:func:`mechlib.book.legible.stray_texts`).

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> import matplotlib.pyplot as plt
    >>> from mechlib.book.display import Choice, Slider, explorer
    >>> def draw(slope=1.0, style="-"):
    ...     '''A line through the origin.'''
    ...     fig, ax = plt.subplots(figsize=(1, 1))
    ...     ax.plot([0, 1], [0, slope], style)
    ...     plt.show()
    >>> view = explorer(draw, slope=Slider(-1, 1, steps=3, label="slope"),
    ...                 style=Choice(["-", ":"], label="line style"))
    >>> view
    <explorer of draw: slope, style; 6 pictures>
    >>> 'type="range"' in view.html() and 'alt="A line through the origin.' in view.html()
    True
    >>> explorer(draw, slope=Slider(-1, 1, steps=100), style=Choice(["-", ":"]))
    Traceback (most recent call last):
    ...
    mechlib.errors.ParameterError: 200 pictures (steps 100 x 2) exceed max_frames = 120:
    give the sliders fewer steps (or raise max_frames, which makes the page heavier)
    """
    alt = _checked_arguments(draw, controls, alt, image_format, dpi, max_frames,
                             max_bytes)
    steps = [control.steps for control in controls.values()]
    count = math.prod(steps)
    if count > max_frames:
        raise ParameterError(
            f"{count} pictures (steps {' x '.join(map(str, steps))}) exceed max_frames = "
            f"{max_frames}: give the sliders fewer steps (or raise max_frames, which makes "
            "the page heavier)")
    names = list(controls)
    figures, drawn = [], []
    # Every picture is a new figure: its formulas are laid out once for all
    # of them (mechlib.book.formula_layouts).
    with shared_formula_layouts():
        try:
            import matplotlib.pyplot as plt

            # Every picture stays open until the limits they share are known.
            with plt.rc_context({"figure.max_open_warning": 0}):
                for combination in itertools.product(*(c.grid() for c in controls.values())):
                    drawn.append(dict(zip(names, combination, strict=True)))
                    figures.append(_figure(draw, drawn[-1], dpi))
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                limits = legible.share_limits(figures)
            frames, narrow_frames, smallest, size = [], [], [], 0
            start_only = os.environ.get(PICTURES) == "start"
            if start_only:                  # drawn everywhere, rendered at the start only
                start = _start_index(controls)
                figures.insert(0, figures.pop(start))
                drawn.insert(0, drawn.pop(start))
                while len(figures) > 1:
                    plt.close(figures.pop())
            while figures:
                stray = []
                (wide, narrow), text = _pictures(figures.pop(0), image_format, stray)
                values = drawn.pop(0)
                if stray:
                    raise ParameterError(
                        f"{getattr(draw, '__name__', 'draw')}({_call(values)}): "
                        f"{'; '.join(stray[:3])}: keep every label inside the figure and "
                        "off the titles (give the axes room for it, or place it elsewhere)")
                frames.append(wide)
                narrow_frames.append(narrow)
                smallest.append(text)
                size += len(wide) + len(narrow)
                if size > max_bytes:
                    raise ParameterError(
                        f"the pictures weigh more than max_bytes = {max_bytes} after "
                        f"{len(frames)} of {count}: give the sliders fewer steps "
                        "or a smaller figure (or raise max_bytes, which makes the page heavier)")
        finally:
            import matplotlib.pyplot as plt

            for figure in figures:
                plt.close(figure)
    smallest_text = {"wide": min(w for w, _ in smallest), "narrow": min(n for _, n in smallest)}
    return Explorer(draw, dict(controls), frames, alt.strip(), image_format, dpi,
                    narrow_frames, limits, smallest_text, start_only)
