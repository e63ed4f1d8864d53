"""Every page of the book stays light enough to read on a phone's connection (issues 13, 15).

The budget is on the bytes a page transfers when loaded cold and left at its
top (its HTML, the theme, MathJax and the fonts it loads, figures, and the
first picture of each explorer and animation; their other pictures load when
the reader reaches them, see test_deferred_pictures.py). Load times, and the
weight once a page is scrolled to its end, are measured by
benchmarks/page_weight.py, not tested: they depend on the machine.
"""

from __future__ import annotations

import pytest

from benchmarks.page_weight import load
from tests.site.test_pages import PAGES

#: Transferred bytes a page may weigh, uncompressed.
BUDGET = 2_000_000
#: What the theme alone would load that the book replaced or dropped (see
#: _templates/layout.html); the search index loads on the search page only.
NEVER_LOADED = ("fontawesome.js", "embed-amd.js", "tex-mml-chtml.js", "menu.js",
                "searchindex.js", "searchtools.js")


@pytest.mark.parametrize("path", PAGES)
def test_page_weight_within_budget(browser, base_url, path):
    total, _, _, _, sizes = load(browser, f"{base_url}/{path}")
    heavy = [url for url in sizes if url.split("?")[0].endswith(NEVER_LOADED)]
    assert not heavy, f"{path} loads scripts the book replaced: {heavy}"
    largest = sorted(sizes.items(), key=lambda item: -item[1])[:4]
    assert total <= BUDGET, (
        f"{path} transfers {total / 1e6:.2f} MB (budget {BUDGET / 1e6:.1f} MB); largest: "
        + ", ".join(f"{url.rsplit('/', 1)[-1].split('?')[0]} {n / 1e3:.0f} kB"
                    for url, n in largest))
