"""mechlib.book.formula_layouts: an explorer lays out each formula once, and its
pictures are the same bytes as when every picture laid out its own."""

import collections
import contextlib

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import pytest  # noqa: E402
from matplotlib import _mathtext  # noqa: E402
from matplotlib.mathtext import MathTextParser  # noqa: E402

from mechlib.book import explorer as explorer_module  # noqa: E402
from mechlib.book.display import Slider  # noqa: E402
from mechlib.book.formula_layouts import shared_formula_layouts  # noqa: E402

LABEL = r"$\bar{v}^{P_1}_1$"


def draw_formulas(q=0.0):
    """A label in every picture and a value that changes with q."""
    fig, ax = plt.subplots(figsize=(3, 2))
    ax.plot([0, 1], [0, q])
    ax.set_xlabel(LABEL)
    ax.set_title(rf"$F_1 = {q:+.2f}$")
    return fig


@pytest.fixture
def layouts(monkeypatch):
    """How often each formula is laid out (matplotlib's parser, uncached)."""
    counted = collections.Counter()
    parse = _mathtext.Parser.parse

    def counting(self, s, fonts_object, fontsize, dpi):
        counted[s] += 1
        return parse(self, s, fonts_object, fontsize, dpi)

    monkeypatch.setattr(_mathtext.Parser, "parse", counting)
    return counted


def make(**kwargs):
    return explorer_module.explorer(draw_formulas, alt="formulas",
                                    q=Slider(-1, 1, 0, steps=5, label="q"), **kwargs)


def test_pictures_are_the_same_bytes_with_fewer_layouts(monkeypatch, layouts):
    shared = make()
    shared_layouts = layouts[LABEL]
    layouts.clear()
    monkeypatch.setattr(explorer_module, "shared_formula_layouts", contextlib.nullcontext)
    alone = make()
    assert shared.frames == alone.frames
    assert shared.narrow_frames == alone.narrow_frames
    # Alone, every one of the five pictures lays the label out again; shared,
    # once per resolution and font size.
    assert layouts[LABEL] >= 5 * 2
    assert shared_layouts <= 4 < layouts[LABEL]


def test_the_parser_is_restored_after_the_block_even_when_it_fails():
    before = MathTextParser._parse_cached
    with pytest.raises(ZeroDivisionError), shared_formula_layouts():
        assert MathTextParser._parse_cached is not before
        raise ZeroDivisionError
    assert MathTextParser._parse_cached is before


def test_other_matplotlib_internals_leave_the_parser_alone(monkeypatch):
    """A matplotlib whose cache is not a wrapped function: nothing changes."""
    monkeypatch.setattr(MathTextParser, "_parse_cached", lambda self, *key: None)
    before = MathTextParser._parse_cached
    with shared_formula_layouts():
        assert MathTextParser._parse_cached is before
    assert MathTextParser._parse_cached is before
