"""Each exercise's title shows its difficulty as stars that a screen reader names.

The marks in the sources and the downloads: tests/test_difficulty.py. Here the
built page in Chromium: after every exercise's title one picture
(``role="img"``) named "difficulty n of 3" showing n filled stars of three,
in the title's colour in light and dark, on one line at 390 px, and on
paper. (axe-core reads the marks with the rest of every page, light and
dark: tests/site/test_accessibility.py.)
"""

from __future__ import annotations

import re

import pytest

from bookkit.difficulty import stars, words
from tests.references import ROOT
from tests.site.test_pages import phone_page
from tests.test_difficulty import CHAPTERS, exercises

SCREENSHOTS = ROOT / "_build" / "screenshots"
NAMED = re.compile(r"^difficulty \d of \d$")


@pytest.mark.parametrize("view", ["1280-light"])
@pytest.mark.parametrize("path", [f"book/{page.stem}.html" for page in CHAPTERS])
def test_every_exercise_title_shows_its_difficulty(views, path, view):
    """Read in the page the other reading checks share (tests/site/views.py)."""
    shown = views.open(path, view)
    page = shown.page
    marked = exercises(ROOT / "book" / f"{path.removeprefix('book/').removesuffix('.html')}.md")
    assert page.get_by_role("img", name=NAMED).count() == len(marked)
    for label, _, level in marked:
        title = page.locator(f"[id='{label}'] > .admonition-title")
        mark = title.get_by_role("img", name=words(level), exact=True)
        assert mark.count() == 1, f"{label}: no mark named {words(level)!r} in its title"
        assert mark.inner_text() == stars(level), label
        assert mark.is_visible(), label
    assert not shown.foreign and not shown.errors, (shown.foreign, shown.errors)


def colours(mark):
    """The mark's colour and its title's."""
    return mark.evaluate("e => [getComputedStyle(e).color, "
                         "getComputedStyle(e.closest('.admonition-title')).color]")


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_stars_read_in_light_dark_and_print(browser, base_url, scheme):
    with phone_page(browser, f"{base_url}/book/partial-velocities.html",
                    scheme) as (page, foreign, errors):
        assert page.evaluate("() => document.documentElement.dataset.theme") == scheme
        title = page.locator("#ex-pv-belt > .admonition-title")
        mark = title.get_by_role("img", name="difficulty 2 of 3", exact=True)
        mark.scroll_into_view_if_needed()
        colour, title_colour = colours(mark)
        assert colour == title_colour, (colour, title_colour)
        # the three stars stay together on one line of the title, inside it
        box, around = mark.bounding_box(), title.bounding_box()
        assert box["height"] < 2 * float(mark.evaluate(
            "e => parseFloat(getComputedStyle(e).fontSize)")), box
        assert around["x"] <= box["x"] and box["x"] + box["width"] <= around["x"] + around["width"]
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        page.locator("#ex-pv-belt").screenshot(path=str(SCREENSHOTS / f"difficulty-{scheme}.png"))
        page.emulate_media(media="print")
        assert mark.is_visible() and mark.inner_text() == stars(2)
        assert colours(mark)[0] == colours(mark)[1]
        assert not foreign and not errors, (foreign, errors)
