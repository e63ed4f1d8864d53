"""What a reader sees on every page, at 1280 px and at 390 px (issue 15).

After MathJax has typeset the page: no raw TeX outside math and code; at
1280 px no display equation (with its number), code block or output wider than
its column; at 390 px the page never scrolls sideways and each wide equation
scrolls in its own box with its number in view; an error shown on purpose is
its type and message, without a long traceback or a machine path. The checks
themselves are in tests/site/reading.py, which also runs on any built site.
"""

from __future__ import annotations

import pytest

from tests.site.reading import CHECKS, problems
from tests.site.test_pages import PAGES
from tests.site.views import VIEWS

#: The view each set of checks reads a page in (tests/site/views.py).
READ_IN = {"desktop": "1280-light", "phone": "390-light"}


@pytest.mark.parametrize(("checks", "view"), sorted(READ_IN.items()))
@pytest.mark.parametrize("path", PAGES)
def test_page_reads_well(views, path, checks, view):
    viewport, scripts = CHECKS[checks]
    assert viewport == VIEWS[view][0], f"the {checks} checks read pages in another view"
    found = problems(views.open(path, view).page, scripts)
    assert not found, f"{path} at {checks} width:\n" + "\n".join(found)
