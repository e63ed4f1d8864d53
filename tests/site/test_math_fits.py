"""No formula is cut off without a way to see it (issue 25).

Every MathJax container of every page, inline and display, with every worked
solution and folded cell open, is measured against each box that clips it and
against the screen, at 1280 px and at 390 px, in the light and the dark theme
(tests/site/reading.py, CLIPPED_MATH): a formula wider than its box must scroll
in a box that shows it scrolls (a shadow at the edge where more of it lies),
and a numbered equation that scrolls has its number on a line of its own.
"""

from __future__ import annotations

import pytest

from tests.references import ROOT, toc_files
from tests.site.reading import CLIPPED_MATH, OPEN_ALL, wait_for_math

PAGES = [path.relative_to(ROOT).with_suffix(".html").as_posix() for path in toc_files()]
VIEWS = {"1280-light": ({"width": 1280, "height": 900}, "light"),
         "1280-dark": ({"width": 1280, "height": 900}, "dark"),
         "390-light": ({"width": 390, "height": 844}, "light"),
         "390-dark": ({"width": 390, "height": 844}, "dark")}


@pytest.fixture(scope="module", params=sorted(VIEWS))
def view(request, browser):
    viewport, scheme = VIEWS[request.param]
    context = browser.new_context(viewport=viewport, color_scheme=scheme)
    yield request.param, context
    context.close()


@pytest.mark.parametrize("path", PAGES)
def test_no_formula_is_cut_off(view, base_url, path):
    name, context = view
    page = context.new_page()
    try:
        page.goto(f"{base_url}/{path}")
        wait_for_math(page)
        page.evaluate(OPEN_ALL)
        page.wait_for_timeout(100)
        found = page.evaluate(CLIPPED_MATH)
    finally:
        page.close()
    assert not found, f"{path} at {name}:\n" + "\n".join(found)
