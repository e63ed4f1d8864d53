"""mechlib.book.formula_layouts: an explorer lays out each formula once, and its
pictures are the same bytes as when every picture laid out its own.

With requirements.txt's matplotlib the block shares the layouts; with another
(the wheel accepts older ones, and tests/test_install_cell.py runs these tests
with the oldest) it leaves matplotlib alone, silently. Each test asserts what
the installed matplotlib must do (``SHARES``), and tests/test_patches.py fails
when the book's own matplotlib is not the one the patch was written for.
"""

import collections
import contextlib
import warnings

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import pytest  # noqa: E402
from matplotlib import _mathtext  # noqa: E402
from matplotlib.mathtext import MathTextParser  # noqa: E402

from mechlib.book import explorer as explorer_module  # noqa: E402
from mechlib.book.display import Slider  # noqa: E402
from mechlib.book.formula_layouts import (  # noqa: E402
    WRITTEN_FOR,
    shared_formula_layouts,
    shares_layouts,
)

LABEL = r"$\bar{v}^{P_1}_1$"
#: Whether this matplotlib is the one the patch was written for: then it must
#: share the layouts, and with any other leave matplotlib alone.
SHARES = (matplotlib.__version__ == WRITTEN_FOR[1])


def test_the_patch_applies_to_requirements_txts_matplotlib_alone():
    assert shares_layouts() is SHARES, (matplotlib.__version__, WRITTEN_FOR)


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
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        shared = make()
    assert not caught, [str(w.message) for w in caught]      # silent on any matplotlib
    shared_layouts = layouts[LABEL]
    layouts.clear()
    monkeypatch.setattr(explorer_module, "shared_formula_layouts", contextlib.nullcontext)
    alone = make()
    assert shared.frames == alone.frames
    assert shared.narrow_frames == alone.narrow_frames
    # Alone, every one of the five pictures lays the label out again; shared,
    # once per resolution and font size; with another matplotlib, as alone.
    assert layouts[LABEL] >= 5 * 2
    if SHARES:
        assert shared_layouts <= 4 < layouts[LABEL]
    else:
        assert shared_layouts == layouts[LABEL], "another matplotlib: nothing shared"


def test_the_parser_is_restored_after_the_block_even_when_it_fails():
    before = MathTextParser._parse_cached
    with pytest.raises(ZeroDivisionError), shared_formula_layouts():
        # replaced within the block by the patch, left alone on another matplotlib
        assert (MathTextParser._parse_cached is not before) is SHARES
        raise ZeroDivisionError
    assert MathTextParser._parse_cached is before


def test_other_matplotlib_internals_leave_the_parser_alone(monkeypatch):
    """A matplotlib whose cache is not a wrapped function: nothing changes."""
    monkeypatch.setattr(MathTextParser, "_parse_cached", lambda self, *key: None)
    before = MathTextParser._parse_cached
    with shared_formula_layouts():
        assert MathTextParser._parse_cached is before
    assert MathTextParser._parse_cached is before
