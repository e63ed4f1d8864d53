"""mechlib.book.display.explorer: one explorer, live with a kernel, static in the book."""

import base64
import json
import re

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import pytest  # noqa: E402

from mechlib import errors  # noqa: E402
from mechlib.book.display import Choice, Slider, explorer  # noqa: E402
from mechlib.book.explorer import NARROW_SCALE  # noqa: E402
from tests.references import WIDGET_VIEW  # noqa: E402


def draw_text(a=0.0, b="x"):
    """A figure that writes its arguments."""
    fig = plt.figure(figsize=(1, 0.5))
    fig.text(0.1, 0.5, f"a={a:g} b={b}")
    plt.show()


def svg_text(uri):
    """The text of an SVG frame (drawn with svg.fonttype none)."""
    svg = base64.b64decode(uri.split(",", 1)[1]).decode()
    return "".join(re.findall(r">([^<>]+)</text>", svg))


def page_data(view):
    html = view.html()
    data = re.search(r'<script type="application/json" class="mechlib-explorer-data">(.*?)'
                     r"</script>", html, re.S).group(1)
    return html, json.loads(data)


@pytest.fixture
def view():
    return explorer(draw_text, image_format="svg",
                    a=Slider(0, 2, 1, steps=3, label="a (m)"),
                    b=Choice(["x", "y"], "y", label="b"))


def test_frames_in_row_major_order(view):
    """The last control varies fastest: what explorer.js assumes."""
    texts = [svg_text(frame) for frame in view.frames]
    assert texts == [f"a={a} b={b}" for a in (0, 1, 2) for b in "xy"]


def test_static_html_starts_at_the_given_values_and_labels_every_slider(view):
    html, data = page_data(view)
    assert data["shape"] == [3, 2]
    assert data["values"] == [["0", "1", "2"], ["x", "y"]]
    inputs = re.findall(r'<input type="range" id="([^"]+)"[^>]*value="(\d)"', html)
    assert [value for _, value in inputs] == ["1", "1"]
    for uid, _ in inputs:
        assert f'<label for="{uid}">' in html
    start = re.search(r'<img class="mechlib-explorer-frame" src="([^"]+)"', html).group(1)
    assert svg_text(start) == "a=1 b=y"
    assert 'alt="A figure that writes its arguments. (a (m) = 1, b = y)"' in html
    assert "http" not in html and "</script" not in html.split("application/json")[1][:-20]


def test_png_frames_are_small_palette_images():
    view = explorer(draw_text, alt="text", a=Slider(0, 1, steps=2))
    png = base64.b64decode(view.frames[0].split(",", 1)[1])
    assert png[:8] == b"\x89PNG\r\n\x1a\n" and png[25] == 3      # colour type 3: palette
    assert len(png) < 3000


def test_figures_are_closed_and_show_restored():
    show, before = plt.show, plt.get_fignums()
    explorer(draw_text, a=Slider(0, 1, steps=2))
    assert plt.show is show and plt.get_fignums() == before


def test_a_returned_figure_is_used():
    def draw(a=0.0):
        """Returns its figure."""
        fig, ax = plt.subplots(figsize=(1, 1))
        ax.set_title(f"{a:g}")
        return fig

    view = explorer(draw, image_format="svg", a=Slider(0, 1, steps=2))
    assert "1" in svg_text(view.frames[1])


def test_budget_names_the_fix():
    with pytest.raises(errors.ParameterError, match="fewer steps"):
        explorer(draw_text, a=Slider(0, 1, steps=11), b=Choice(list("abcdefghijk")))
    with pytest.raises(errors.ParameterError, match="max_bytes"):
        explorer(draw_text, max_bytes=100, a=Slider(0, 1, steps=2))


def test_draw_raising_names_the_values():
    def draw(a=0.0):
        """Fails at a = 1."""
        if a == 1:
            raise ZeroDivisionError("boom")
        draw_text(a)

    before = plt.get_fignums()
    with pytest.raises(errors.ParameterError, match=r"draw\(a=1.0\) raised ZeroDivisionError"
                       ) as caught:
        explorer(draw, a=Slider(0, 1, steps=2))
    assert isinstance(caught.value.__cause__, ZeroDivisionError)
    assert plt.get_fignums() == before


@pytest.mark.parametrize("bad, error", [
    (dict(low=float("nan"), high=1), errors.NonFiniteValueError),
    (dict(low=0, high=float("inf")), errors.NonFiniteValueError),
    (dict(low=0, high=1, value=float("nan")), errors.NonFiniteValueError),
    (dict(low=1, high=1), errors.ParameterError),
    (dict(low=0, high=1, steps=0), errors.ParameterError),
    (dict(low=0, high=1, steps=True), errors.ArgumentTypeError),
    (dict(low=0, high=1, step=0), errors.ParameterError),
    (dict(low="0", high=1), errors.ArgumentTypeError),
])
def test_bad_slider_specs(bad, error):
    with pytest.raises(error):
        Slider(**bad)


def test_alt_is_required_without_docstring():
    with pytest.raises(errors.ArgumentTypeError, match="alt="):
        explorer(lambda a=0: draw_text(a), a=Slider(0, 1, steps=2))


def test_mimebundle_has_the_live_widget_and_the_static_page(view):
    bundle = view._repr_mimebundle_()
    assert set(bundle) == {"text/plain", "text/html", WIDGET_VIEW}
    assert bundle[WIDGET_VIEW]["model_id"]
    live = view.live()
    sliders = {w.description: w for w in live.children[:-1]}
    assert set(sliders) == {"a (m)", "b"}
    assert (sliders["a (m)"].min, sliders["a (m)"].max, sliders["a (m)"].value) == (0, 2, 1)
    assert sliders["b"].options == ("x", "y")
    plt.close("all")


def test_live_in_a_kernel():
    """Executed by a Jupyter kernel (as JupyterLab does): the cell's output offers
    the widget view, which JupyterLab renders first, and the static HTML; moving
    the live slider calls draw again and changes the picture."""
    import nbformat

    from bookkit.notebooks import run_notebook

    code = ("import matplotlib.pyplot as plt\n"
            "from mechlib.book.display import Slider, explorer\n"
            "calls = []\n"
            "def draw(a=0.0):\n"
            "    '''A dot.'''\n"
            "    calls.append(a)\n"
            "    plt.figure(figsize=(1, 1)); plt.plot([a], [a], 'o'); plt.show()\n"
            "view = explorer(draw, a=Slider(0, 1, steps=2, label='a'))\n"
            "view")
    move = ("live = view.live()\n"
            "picture = bytes(live.children[-1].value)\n"
            "live.children[0].value = 0.25\n"
            "print(calls[-1], bytes(live.children[-1].value) != picture)")
    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(code),
                                               nbformat.v4.new_code_cell(move)])
    run_notebook(notebook, ".", name="explorer-test", by="tests", timeout=120)
    data = notebook.cells[0].outputs[-1]["data"]
    assert WIDGET_VIEW in data and 'type="range"' in data["text/html"]
    state = notebook.metadata["widgets"]["application/vnd.jupyter.widget-state+json"]["state"]
    models = {m["model_name"] for m in state.values()}
    # the picture is an Image widget: no Output widget, whose captured output
    # makes nbclient send on the shell channel (the hang of issue 22)
    assert {"FloatSliderModel", "ImageModel", "VBoxModel"} <= models
    assert "OutputModel" not in models
    assert notebook.cells[1].outputs[0]["text"].strip() == "0.25 True"


def draw_panels(k=1.0):
    """Two panels side by side, with small legends, whose data grow with k."""
    fig, (left, right) = plt.subplots(1, 2, figsize=(10, 3))
    left.plot([0, 1], [0, k], label="k t")
    left.legend(fontsize=5, loc="upper left")
    left.set_ylabel("force (N)")
    right.plot([0, 1], [k, 0], label="k (1 - t)")
    right.legend(fontsize=6)
    plt.show()


def png_size(uri):
    import io

    from PIL import Image

    return Image.open(io.BytesIO(base64.b64decode(uri.split(",", 1)[1]))).size


def test_axes_keep_their_limits_across_the_pictures():
    """Moving a slider compares like with like: an axes showing the same quantity
    has the same limits in every picture (the union of each picture's own)."""
    from mechlib.book import legible

    view = explorer(draw_panels, k=Slider(1, 3, steps=3))
    limits = {key[2]: value for key, value in view.limits.items()}
    (y0, y1) = limits["force (N)"][1]
    assert y0 <= 0 and y1 >= 3, limits
    figures = []
    for k in (1, 2, 3):
        draw_panels(k)
        figures.append(plt.gcf())
    legible.share_limits(figures)
    shown = {tuple(figure.axes[0].get_ylim()) for figure in figures}
    plt.close("all")
    assert len(shown) == 1 and min(shown.pop()) <= 0, shown


def test_pictures_are_drawn_for_the_column_with_legible_text():
    """No text under 8 points, 10.7 CSS px at the picture's natural size, for the
    book's column (680 CSS px) and for a phone's (358, panels stacked: taller
    than wide)."""
    view = explorer(draw_panels, k=Slider(1, 3, steps=2))
    assert view.smallest_text["wide"] >= 10.6 and view.smallest_text["narrow"] >= 10.6
    wide, narrow = png_size(view.frames[0]), png_size(view.narrow_frames[0])
    assert wide[0] <= 680 and round(narrow[0] / NARROW_SCALE) <= 358
    assert narrow[1] > narrow[0], f"the phone's picture is not stacked: {narrow}"


@pytest.mark.parametrize("dpi", [60, 80, 150])
def test_pictures_fill_the_column_at_its_pixel_ratio_whatever_the_figures_dpi(dpi):
    """A figure wider than the column is drawn exactly as wide as the column:
    680 px for the book's (one pixel per CSS px), 358 CSS px at NARROW_SCALE
    pixels per CSS px for a phone's, whatever resolution ``draw`` made it at."""
    view = explorer(draw_panels, dpi=dpi, k=Slider(1, 3, steps=2))
    for wide, narrow in zip(view.frames, view.narrow_frames, strict=True):
        assert png_size(wide)[0] == 680
        assert abs(png_size(narrow)[0] - 358 * NARROW_SCALE) <= 1


def test_legends_move_below_their_axes():
    from mechlib.book import legible

    fig, ax = plt.subplots(figsize=(6, 3))
    ax.plot([0, 1], [0, 1], label="a line")
    ax.legend(loc="upper left")
    legible.fit(fig, legible.WIDE)
    renderer = fig.canvas.get_renderer()
    assert ax.get_legend().get_window_extent(renderer).y1 < ax.get_window_extent(renderer).y0
    plt.close(fig)


def test_sliders_show_their_range_and_steps(view):
    html, _ = page_data(view)
    ends = ('<span class="mechlib-explorer-ends" aria-hidden="true"><span>0</span>'
            '<span class="mechlib-explorer-plain"> to </span><span>2</span>')
    assert ends in html
    assert '<span class="mechlib-explorer-step">2 of 3</span>' in html
    assert 'style="--intervals: 2"' in html


def test_an_explorer_warns_of_nothing():
    """More than 20 pictures open at once (until their limits are shared) and an
    axes of equal scale laid out again print no warning into the chapter."""
    import warnings

    def draw(a=0.0):
        """A drawing at equal scale."""
        fig, ax = plt.subplots(figsize=(4, 2))
        ax.set_aspect("equal", adjustable="datalim")
        ax.plot([0, 1 + a], [0, a])
        ax.set_xlim(0, 2)
        plt.show()

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        explorer(draw, a=Slider(0, 1, steps=25))
    assert not caught, [str(w.message) for w in caught]


def test_a_few_outliers_do_not_squash_the_shared_axes():
    """A bicycle that falls (600 degrees of steer) among swings of 10: the shared
    range holds the swings, not the fall; without outliers it is the union."""
    from mechlib.book.legible import _shared

    assert _shared([(-5, 10), (-8, 12), (-6, 9), (0, 600)], "linear") == [-8, 37.25]
    assert _shared([(-5, 10), (-8, 12), (-6, 30)], "linear") == [-8, 30]
    assert _shared([(1e-17, 1e-3), (1e-9, 1e-2)], "log") == [1e-17, 1e-2]


def test_start_only_draws_every_value_and_renders_the_start(monkeypatch):
    """MECHLIB_EXPLORER_PICTURES=start (nbval's runs): draw is called at every
    grid value, so an error anywhere still shows, but only the starting
    picture is rendered and shown."""
    from mechlib.book.explorer import PICTURES

    monkeypatch.setenv(PICTURES, "start")
    calls = []

    def draw(a=0.0, b="x"):
        """A figure that writes its arguments."""
        calls.append((a, b))
        draw_text(a, b)

    view = explorer(draw, image_format="svg", a=Slider(0, 2, 1, steps=3, label="a (m)"),
                    b=Choice(["x", "y"], "y", label="b"))
    assert sorted(calls) == sorted((a, b) for a in (0, 1, 2) for b in "xy")
    assert view.start_only and len(view.frames) == len(view.narrow_frames) == 1
    assert svg_text(view.frames[0]) == "a=1 b=y"
    assert svg_text(view.html().split('src="', 1)[1].split('"', 1)[0]) == "a=1 b=y"
    assert 'type="range"' not in view.html() and "a (m) = 1, b = y" in view.html()

    def broken(a=0.0, b="x"):
        """Fails at one value only."""
        if a == 2 and b == "x":
            raise ZeroDivisionError("division by zero")
        draw_text(a, b)

    with pytest.raises(errors.ParameterError,
                       match=r"broken\(a=2.0, b='x'\) raised ZeroDivisionError"):
        explorer(broken, a=Slider(0, 2, 1, steps=3), b=Choice(["x", "y"], "y"))
    assert not plt.get_fignums()


def draw_arrow_label(angle=0.0):
    """An arrow and its label, which rises over the title at 90 degrees."""
    import numpy as np

    fig, ax = plt.subplots(figsize=(4, 3))
    tip = 0.6 * np.array([np.cos(np.radians(angle)), np.sin(np.radians(angle))])
    ax.annotate("", tip, (0, 0), arrowprops={"arrowstyle": "->"})
    ax.text(*(tip + 0.05), "label")
    ax.set_xlim(-1, 1)
    ax.set_ylim(-1, 0.6)
    ax.set_title("an arrow")
    plt.show()


@pytest.mark.parametrize("draw", [draw_panels, draw_arrow_label])
def test_the_label_check_reads_the_saved_drawing_as_a_redraw_would(draw):
    """stray_texts(drawn=True) after a PNG is saved finds what a fresh draw finds,
    texts at the same places, for the figure at a resolution other than draw's."""
    from mechlib.book import legible
    from mechlib.book.explorer import _figure, _png

    figure = _figure(draw, {}, 60)
    try:
        for scale, stack in ((1, False), (NARROW_SCALE, True)):
            figure.set_dpi(legible.PX_PER_INCH * scale)
            legible.fit(figure, legible.NARROW if stack else legible.WIDE, stack=stack)
            _png(figure)
            renderer = figure.canvas.get_renderer()
            saved = [text.get_window_extent(renderer).bounds
                     for text in legible._drawn_texts(figure)]
            found = legible.stray_texts(figure, drawn=True)
            assert found == legible.stray_texts(figure)
            renderer = figure.canvas.get_renderer()
            assert saved == [text.get_window_extent(renderer).bounds
                             for text in legible._drawn_texts(figure)]
    finally:
        plt.close(figure)


def test_a_label_over_the_title_or_off_the_figure_names_the_values():
    with pytest.raises(errors.ParameterError,
                       match=r"draw_arrow_label\(angle=90\.0\): 'label' covers the title"):
        explorer(draw_arrow_label, angle=Slider(0.0, 90.0, steps=2))
    explorer(draw_arrow_label, angle=Slider(0.0, 45.0, steps=2))   # stays inside

    def off_the_figure(x=0.5):
        """A text that runs off the figure's right edge."""
        fig = plt.figure(figsize=(2, 1))
        fig.text(x, 0.5, "a long line of text")
        plt.show()

    with pytest.raises(errors.ParameterError, match=r"x=0\.9\): 'a long line of text' leaves"):
        explorer(off_the_figure, x=Slider(0.0, 0.9, steps=2))
