"""One typeset copy of each page per view, shared by the checks that only read it.

Opening a chapter page in Chromium and letting MathJax typeset it costs two to
four CPU-seconds, and the suite is bound by its two CPUs. Many site tests only
read the typeset page: the offline and download checks (test_pages.py), the
icons (test_icons.py), the exercises' difficulty marks (test_difficulty.py),
the reading checks (test_reading.py), axe-core (test_accessibility.py), the
formulas' widths and clipping (test_math_width.py), the quick checks'
markup (test_quick_checks.py), the figures on a phone
(test_figures_read.py), the animation controls (test_page_chrome.py) and the
explorers' legibility and sliders (test_explorers.py; a slider moved is
moved back).
Each of them stays a test of its own, reported on its own; they ask
:class:`Views` for the page in one of the :data:`VIEWS` and get the copy the
previous check of that page and view opened.

For that, ``tests/conftest.py`` orders these tests by view, then by page, then
by :data:`ORDER`, and its scheduler gives all the tests of one view to one
process (:func:`view_in` reads the view from a test's id). A check that changes
the page says so (``changes=True``): it runs last, and the next check gets a
fresh copy. Order does not decide what a check sees, only how often a page is
opened: a check that reads a page after one that changed it gets a new copy.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from tests.site.reading import DESKTOP, PHONE

#: name: (viewport, prefers-color-scheme). Layout is read in the light theme;
#: the dark theme, which changes colours only, is read by axe and the contrast
#: checks (test_accessibility.py).
VIEWS = {"1280-light": (DESKTOP, "light"),
         "1280-dark": (DESKTOP, "dark"),
         "390-light": (PHONE, "light")}

#: The modules whose tests share pages, in the order their checks of one page run:
#: the ones that only read it first, the one that opens every dropdown last.
ORDER = ("test_pages", "test_icons", "test_difficulty", "test_reading", "test_accessibility",
         "test_math_width", "test_quick_checks", "test_figures_read", "test_page_chrome",
         "test_explorers")

#: Explorers draw their first picture after the page has loaded.
EXPLORERS_DRAWN = """() => Array.from(document.querySelectorAll('img.mechlib-explorer-frame'))
    .every(img => img.complete && img.naturalWidth > 0)"""


@dataclass
class OpenPage:
    """A page as loaded and typeset: the Playwright page, the requests it sent to
    another host and the console errors it logged while loading."""

    page: object
    foreign: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    changed: bool = False


class Views:
    """The pages of the site at ``base_url`` in each of :data:`VIEWS`, one open at a time."""

    def __init__(self, browser, base_url: str):
        self._browser, self._base_url = browser, base_url
        self._contexts = {}
        self._open: dict[tuple[str, str], OpenPage] = {}

    def open(self, path: str, view: str, changes: bool = False) -> OpenPage:
        """``path`` (relative to the site) in ``view``, loaded, typeset, its
        explorers drawn. Pass ``changes=True`` if the caller changes the page."""
        from tests.site.test_pages import open_page

        key = (path, view)
        shown = self._open.get(key)
        if shown is None or shown.changed:
            self.close()
            if view not in self._contexts:
                viewport, scheme = VIEWS[view]
                self._contexts[view] = self._browser.new_context(viewport=viewport,
                                                                 color_scheme=scheme)
            page, foreign, errors = open_page(self._contexts[view], f"{self._base_url}/{path}")
            page.wait_for_function(EXPLORERS_DRAWN, timeout=10_000)
            shown = self._open[key] = OpenPage(page, foreign, errors)
        shown.changed = shown.changed or changes
        return shown

    def close(self) -> None:
        for shown in self._open.values():
            shown.page.close()
        self._open.clear()

    def close_all(self) -> None:
        self.close()
        for context in self._contexts.values():
            context.close()
        self._contexts.clear()


_SHARED_TEST = re.compile(r"^tests/site/(?P<module>test_\w+)\.py::\w+"
                          r"\[.*-(?P<view>[^-\]]+-[^-\]]+)\]$")


def view_in(nodeid: str) -> str | None:
    """The view a test reads its page in, from its id (the last part of its
    parameters), or None if it is not one of the checks that share pages.

    >>> view_in("tests/site/test_reading.py::test_page_reads_well[book/intro.html-phone-390-light]")
    '390-light'
    >>> view_in("tests/site/test_pages.py::test_no_widget_manager_is_loaded[book/intro.html]")
    """
    found = _SHARED_TEST.match(nodeid)
    if found and found["module"] in ORDER and found["view"] in VIEWS:
        return found["view"]
    return None
