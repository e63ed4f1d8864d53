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
from bookkit.serving import CHROMIUM_ARGS, PagesHandler, chromium, serve
from tests.site.test_answer_boxes import page_data, type_and_check, typed_answers
from tests.site.test_pages import PAGES, open_page

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


#: Bytes a reader's first check in the book may transfer: the page's Python
#: (Pyodide, gzipped as GitHub Pages sends it), what of its standard library,
#: SymPy and mpmath the chapters import, mechlib, and the page itself.
FIRST_CHECK_BUDGET = 12_000_000
#: Bytes a second chapter's first check may transfer once a first chapter's
#: check has loaded the page's Python in the same browser.
SECOND_CHAPTER_BUDGET = 1_000_000


def test_a_first_check_loads_what_checks_import_and_a_second_chapter_reuses_it(
        browser, site, tmp_path):
    """A reader's first check, served as GitHub Pages serves the book, loads
    at most FIRST_CHECK_BUDGET and not the part of SymPy that no check
    imports; a reader who then opens another chapter: its first check loads
    Pyodide, SymPy and mechlib from the browser's cache (the same URLs on
    every page), not again from the site. The browser has a profile of its
    own, as a reader's has: a new context of Playwright is off the record, and
    Chromium's memory cache there keeps no file this large."""
    server, url = serve(site, type("Handler", (PagesHandler,), {"sent": {}}))
    sent = server.RequestHandlerClass.func.sent
    context = browser.browser_type.launch_persistent_context(
        tmp_path / "profile", executable_path=chromium(), args=CHROMIUM_ARGS,
        viewport={"width": 1280, "height": 900})
    try:
        totals = []
        for chapter in ("partial-velocities", "kanes-equations"):
            before = sum(sent.values())
            page, foreign, errors = open_page(context, f"{url}/book/{chapter}.html")
            name = next(iter(page_data(site, chapter)["checks"]))
            right, _ = typed_answers(chapter)[name]
            assert type_and_check(page, name, right) == "Correct.", (chapter, name)
            assert not foreign and not errors, (foreign, errors)
            page.close()
            totals.append(sum(sent.values()) - before)
    finally:
        context.close()
        server.shutdown()
    print(f"transferred: first chapter {totals[0] / 1e6:.2f} MB, "
          f"second {totals[1] / 1e6:.3f} MB")
    largest = ", ".join(f"{path.rsplit('/', 1)[-1]} {n / 1e6:.1f} MB"
                        for path, n in sorted(sent.items(), key=lambda item: -item[1])[:5])
    assert 5_000_000 < totals[0] <= FIRST_CHECK_BUDGET, (
        f"the first check transferred {totals[0] / 1e6:.2f} MB (budget "
        f"{FIRST_CHECK_BUDGET / 1e6:.0f} MB); largest: {largest}")
    rest = [path for path in sent if path.endswith("-rest.zip")]
    assert not rest, f"a check fetched a part of the page's Python that no check imports: {rest}"
    # what the page says it loads ("Loading Python, N MB...") is what it sends
    said = page_data(site, "partial-velocities")["runtime"]["megabytes"]
    assert abs(said - totals[0] / 1e6) < 1, (said, totals[0] / 1e6)
    assert totals[1] < SECOND_CHAPTER_BUDGET, (
        f"the second chapter's first check transferred {totals[1] / 1e6:.2f} MB "
        f"(budget {SECOND_CHAPTER_BUDGET / 1e6:.1f} MB; the first {totals[0] / 1e6:.1f} MB)")


def test_an_import_outside_the_first_download_fetches_the_rest(browser, site):
    """Code in a box that imports modules of SymPy and of the standard library
    that the first download leaves out (sympy.stats, csv) gets them: the
    page's Python fetches the rest of each then, and the check goes on."""
    sent = {}
    server, url = serve(site, type("Handler", (PagesHandler,), {"sent": sent}))
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        page, foreign, errors = open_page(context, f"{url}/book/partial-velocities.html")
        name = next(iter(page_data(site, "partial-velocities")["checks"]))
        right, _ = typed_answers("partial-velocities")[name]
        code = ("import sympy.stats, csv\nsympy.stats.Normal('X', 0, 1)\n"
                "csv.list_dialects()\n" + right)
        assert type_and_check(page, name, code) == "Correct."
        assert not foreign and not errors, (foreign, errors)
    finally:
        context.close()
        server.shutdown()
    fetched = sorted(path.rsplit("/", 1)[-1] for path in sent if path.endswith("-rest.zip"))
    assert len(fetched) == 2 and "python_stdlib-rest.zip" in fetched, sorted(sent)
