"""Formulas break to fit their column instead of scrolling (issue 45, item 1),
and none is cut off without a way to see it (issue 25).

Every MathJax container of every page, with every worked solution and folded
cell open, is measured at 390 px and at 1280 px in the light theme (the dark
theme changes colours, not widths; test_accessibility.py checks its
contrast):

- against its column (tests/site/reading.py, WIDE_MATH): an inline formula
  never runs past the block it sits in (MathJax 4 breaks it between lines),
  and a display equation or a typeset output that is wider than its column,
  and so scrolls sideways, is a matrix or an array (nothing to break) or one
  of the few equations of :data:`UNBREAKABLE`; each of those shows that it
  scrolls (the shadow at the edge where more of it lies,
  _ext/static/mechbook.css);
- against each box that clips it and against the screen (CLIPPED_MATH): a
  formula wider than its box scrolls in a box that shows it scrolls, and a
  numbered equation that scrolls has its number on a line of its own.
"""

from __future__ import annotations

import pytest

from tests.site.reading import CLIPPED_MATH, OPEN_ALL, WIDE_MATH, wait_for_math
from tests.site.test_pages import PAGES

#: Display equations (page, the start of their TeX) that may scroll on a
#: phone although they are no matrix: MathJax finds no place to break them
#: (a single wide fraction, a sum under one pair of brackets). At most ten
#: across the book (issue 45); none so far (a \bigl[ ... \bigr] instead of
#: \left[ ... \right] lets TeX break inside the brackets).
UNBREAKABLE: dict[tuple[str, str], str] = {}

#: Open the dropdowns, remembering which, and close them again afterwards, so
#: that the page is as it was for the checks that share it (views.py).
OPEN_ALL_FOR_NOW = """() => {
    window.mechbookOpened = {
        hidden: Array.from(document.querySelectorAll('.toggle-hidden')),
        details: Array.from(document.querySelectorAll('details:not([open])'))};
    (%s)();
}""" % OPEN_ALL
CLOSE_AGAIN = """() => {
    const opened = window.mechbookOpened;
    opened.hidden.forEach(el => el.classList.add('toggle-hidden'));
    opened.details.forEach(el => { el.open = false; });
    delete window.mechbookOpened;
}"""


def describe(path: str, view: str, wide: dict) -> str:
    tex = f' "{wide["tex"]}"' if wide["tex"] else ""
    where = f" #{wide['id']}" if wide["id"] else ""
    return (f"{path} at {view}: {wide['kind']} formula{where}{tex} is {wide['width']} px "
            f"wide in a column of {wide['column']} px")


@pytest.mark.parametrize("view", ["1280-light", "390-light"])
@pytest.mark.parametrize("path", PAGES)
def test_formulas_fit_their_column(views, path, view):
    assert len(UNBREAKABLE) <= 10, "at most ten equations across the book may scroll"
    page = views.open(path, view).page
    page.evaluate(OPEN_ALL_FOR_NOW)
    try:
        page.wait_for_timeout(100)
        wait_for_math(page)     # what opened is broken again for its column (mechbook.js)
        found = page.evaluate(WIDE_MATH)
        clipped = page.evaluate(CLIPPED_MATH)
    finally:
        page.evaluate(CLOSE_AGAIN)
    problems = [f"{path} at {view}: {cut}" for cut in clipped]
    for wide in found:
        allowed = wide["kind"] != "inline" and (
            wide["matrix"] or any(page_ == path and wide["tex"].startswith(start)
                                  for page_, start in UNBREAKABLE))
        if not allowed:
            problems.append(describe(path, view, wide) + " (it should break)")
        elif not wide["cued"]:
            problems.append(describe(path, view, wide) + " and scrolls with nothing to show it")
    assert not problems, "\n".join(problems)
