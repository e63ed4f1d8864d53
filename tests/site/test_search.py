"""The search page quotes the text around a hit, with readable math (issue 15)."""

from __future__ import annotations

import pytest

QUERIES = ["nonholonomic", "inertia torque", "mass matrix"]


@pytest.fixture(scope="module")
def context(browser):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    yield context
    context.close()


def search(page, base_url, query):
    """Search the site for ``query`` and wait until the search has finished."""
    page.goto(f"{base_url}/search.html?q={query.replace(' ', '+')}")
    page.wait_for_function(
        "() => document.querySelector('#search-results .search-summary')"
        " && !document.querySelector('#search-results .search-summary')"
        ".textContent.startsWith('Searching')", timeout=20000)


@pytest.mark.parametrize("query", QUERIES)
def test_search_snippets_quote_prose_with_readable_math(context, base_url, query):
    page = context.new_page()
    try:
        search(page, base_url, query)
        page.wait_for_selector("#search-results li p.context", timeout=20000)
        snippets = page.locator("#search-results li p.context").all_inner_texts()
    finally:
        page.close()
    assert snippets, f"searching {query!r} gave no snippets"
    raw = [s for s in snippets if "\\(" in s or "\\[" in s or "\\mathbf" in s or "\\bar" in s]
    assert not raw, f"snippets show raw TeX: {raw[:2]}"
    quoting = [s for s in snippets if any(word in s.lower() for word in query.split())]
    assert len(quoting) >= len(snippets) / 2, (
        f"most snippets do not quote the text around {query!r}: {snippets[:3]}")


def test_plain_math(context, base_url):
    page = context.new_page()
    try:
        page.goto(f"{base_url}/search.html?q=partial")
        page.wait_for_function("() => window.mechbookPlainMath")
        plain = page.evaluate(
            "() => [String.raw`\\(\\mathbf{A}_n\\)`, String.raw`\\(\\dot{q}_1 + \\omega\\)`,"
            " String.raw`\\({}^N\\bar{v}^{P}_r\\)`].map(window.mechbookPlainMath)")
    finally:
        page.close()
    assert plain == ["A_n", "q\u0307_1 + ω", "^Nv\u0304^P_r"]


@pytest.mark.parametrize("query, first", [("partial velocity", "Partial velocities"),
                                          ("bicycle", "The Whipple bicycle")])
def test_chapters_rank_above_the_api_reference(context, base_url, query, first):
    """A word a chapter teaches finds the chapter first, not mechlib's API entry
    of the same name (_ext/static/search-scorer.js)."""
    page = context.new_page()
    try:
        search(page, base_url, query)
        hits = page.locator("#search-results ul.search > li > a").all_inner_texts()
    finally:
        page.close()
    assert hits and first in hits[0], f"searching {query!r} lists first {hits[:3]}"
