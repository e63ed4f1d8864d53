"""Every page of the book stays light enough to read on a phone's connection (issues 13, 15).

The budget is on the bytes a page transfers when loaded cold and left at its
top (its HTML, the theme, MathJax and the fonts it loads, figures, and the
first picture of each explorer and animation; their other pictures load when
the reader reaches them, see test_deferred_pictures.py). Load times, and the
weight once a page is scrolled to its end, are measured by
benchmarks/page_weight.py, not tested: they depend on the machine.
"""

from __future__ import annotations

import os

import pytest

from benchmarks.page_weight import load
from bookkit.serving import CHROMIUM_ARGS, QuietHandler, chromium, serve
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


class PagesLikeHandler(QuietHandler):
    """Serves as GitHub Pages does: every response may be cached for ten
    minutes (``Cache-Control: max-age=600``), with ``Last-Modified`` (which
    SimpleHTTPRequestHandler sends and revalidates); counts the bytes of the
    files it sends (:attr:`sent`)."""

    sent = 0

    def end_headers(self):
        self.send_header("Cache-Control", "max-age=600")
        super().end_headers()

    def copyfile(self, source, outputfile):
        type(self).sent += os.fstat(source.fileno()).st_size
        super().copyfile(source, outputfile)


#: Bytes a second chapter's first check may transfer once a first chapter's
#: check has loaded the page's Python in the same browser.
SECOND_CHAPTER_BUDGET = 1_000_000


def test_a_second_chapter_reuses_the_python_the_first_loaded(browser, site, tmp_path):
    """A reader who checked an answer in one chapter and opens another: its
    first check loads Pyodide, SymPy and mechlib from the browser's cache (the
    same URLs on every page), not again from the site. The browser has a
    profile of its own, as a reader's has: a new context of Playwright is
    off the record, and Chromium's memory cache there keeps no file this large."""
    server, url = serve(site, type("Handler", (PagesLikeHandler,), {"sent": 0}))
    context = browser.browser_type.launch_persistent_context(
        tmp_path / "profile", executable_path=chromium(), args=CHROMIUM_ARGS,
        viewport={"width": 1280, "height": 900})
    try:
        sent = []
        for chapter in ("partial-velocities", "kanes-equations"):
            before = server.RequestHandlerClass.func.sent
            page, foreign, errors = open_page(context, f"{url}/book/{chapter}.html")
            name = next(iter(page_data(site, chapter)["checks"]))
            right, _ = typed_answers(chapter)[name]
            assert type_and_check(page, name, right) == "Correct.", (chapter, name)
            assert not foreign and not errors, (foreign, errors)
            page.close()
            sent.append(server.RequestHandlerClass.func.sent - before)
    finally:
        context.close()
        server.shutdown()
    print(f"transferred: first chapter {sent[0] / 1e6:.2f} MB, second {sent[1] / 1e6:.3f} MB")
    assert sent[0] > 10_000_000, f"the first chapter's check transferred only {sent[0]} bytes"
    assert sent[1] < SECOND_CHAPTER_BUDGET, (
        f"the second chapter's first check transferred {sent[1] / 1e6:.2f} MB "
        f"(budget {SECOND_CHAPTER_BUDGET / 1e6:.1f} MB; the first {sent[0] / 1e6:.1f} MB)")
