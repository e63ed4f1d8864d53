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

from tests.references import ROOT, toc_files
from tests.site.reading import CHECKS, problems

PAGES = [path.relative_to(ROOT).with_suffix(".html").as_posix() for path in toc_files()]


@pytest.fixture(scope="module", params=sorted(CHECKS))
def width(request, browser):
    viewport, checks = CHECKS[request.param]
    context = browser.new_context(viewport=viewport)
    yield request.param, context, checks
    context.close()


@pytest.mark.parametrize("path", PAGES)
def test_page_reads_well(width, base_url, path):
    name, context, checks = width
    page = context.new_page()
    try:
        page.goto(f"{base_url}/{path}")
        found = problems(page, checks)
    finally:
        page.close()
    assert not found, f"{path} at {name} width:\n" + "\n".join(found)
