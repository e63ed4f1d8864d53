"""No formula is cut off without a way to see it (issue 25).

Every MathJax container of every page, inline and display, with every worked
solution and folded cell open, is measured against each box that clips it and
against the screen, at 1280 px and at 390 px (tests/site/reading.py,
CLIPPED_MATH), in the light theme: the dark theme changes colours, not
widths (its contrast is checked by tests/site/test_accessibility.py at
both themes). A formula wider than its box must scroll
in a box that shows it scrolls (a shadow at the edge where more of it lies),
and a numbered equation that scrolls has its number on a line of its own.
"""

from __future__ import annotations

import pytest

from tests.references import ROOT, toc_files
from tests.site.reading import CLIPPED_MATH, OPEN_ALL

PAGES = [path.relative_to(ROOT).with_suffix(".html").as_posix() for path in toc_files()]

@pytest.mark.parametrize("view", ["1280-light", "390-light"])
@pytest.mark.parametrize("path", PAGES)
def test_no_formula_is_cut_off(views, path, view):
    page = views.open(path, view, changes=True).page
    page.evaluate(OPEN_ALL)
    page.wait_for_timeout(100)
    found = page.evaluate(CLIPPED_MATH)
    assert not found, f"{path} at {view}:\n" + "\n".join(found)
