"""What surrounds the text works on a phone and on a desktop (issue 25).

Each page has one viewport tag and no link to this machine (127.0.0.1,
localhost), and its footer states the licences and how to cite the book; the
search field shows the whole query (its magnifier is not over the first
letters); every animation's controls fit a 390 px screen; and the
"Back to top" button (which the theme shows below 1200 px, when the reader
scrolls back up) covers no text of the article.
"""

from __future__ import annotations

import contextlib
import re

import pytest

from tests.site.reading import DESKTOP, PHONE, wait_for_math
from tests.site.test_pages import PAGES


@pytest.mark.parametrize("path", PAGES + ["search.html", "genindex.html"])
def test_one_viewport_tag_and_no_link_to_this_machine(site, path):
    html = (site / path).read_text(encoding="utf-8")
    tags = re.findall(r'<meta name="viewport"[^>]*>', html)
    assert len(tags) == 1, f"{path} has {len(tags)} viewport tags: {tags}"
    local = re.findall(r'href="(https?://(?:127\.0\.0\.1|localhost)[^"]*)"', html)
    assert not local, f"{path} links to the reader's own machine: {local}"


@pytest.mark.parametrize("path", PAGES)
def test_every_page_states_its_licences_and_how_to_cite(site, path):
    """The footer names both licences and links the citation file."""
    html = (site / path).read_text(encoding="utf-8")
    start = html.index('<footer class="bd-footer-content"')
    footer = html[start:html.index("</footer>", start)]
    for needed in ("CC BY 4.0", "creativecommons.org/licenses/by/4.0/", "BSD 3-Clause",
                   "opensource.org/license/bsd-3-clause", "Cite as:", "CITATION.cff"):
        assert needed in footer, f"{path}: the footer lacks {needed!r}"


# Controls of matplotlib's animation player (to_jshtml) outside the screen or
# outside the output box that holds them.
CONTROLS_OUTSIDE = """() => {
    const found = [];
    const width = document.documentElement.clientWidth;
    const parts = '.anim-controls input, .anim-controls button, .anim-controls label, img';
    for (const animation of document.querySelectorAll('main .animation')) {
        const box = (animation.closest('.cell_output') || animation.parentElement)
                    .getBoundingClientRect();
        const left = Math.max(0, box.left), right = Math.min(width, box.right);
        for (const control of animation.querySelectorAll(parts)) {
            const rect = control.getBoundingClientRect();
            if (rect.width === 0) continue;
            const name = control.getAttribute('aria-label') || control.textContent.trim()
                         || control.id;
            if (rect.left < left - 1 || rect.right > right + 1)
                found.push(`${control.tagName.toLowerCase()} "${name}" spans ` +
                           `${Math.round(rect.left)}..${Math.round(rect.right)} px ` +
                           `in a box of ${Math.round(left)}..${Math.round(right)}`);
        }
    }
    return found;
}"""


def shows_animations(page_html: str) -> bool:
    return 'class="animation"' in page_html


def test_some_page_shows_an_animation(site):
    assert any(shows_animations((site / path).read_text("utf-8")) for path in PAGES), \
        "no page shows an animation: the controls test would check nothing"


@pytest.mark.parametrize("view", ["390-light"])
@pytest.mark.parametrize("path", PAGES)
def test_animation_controls_fit_a_phone(views, site, path, view):
    """Read in the page the other reading checks share (tests/site/views.py)."""
    if not shows_animations((site / path).read_text("utf-8")):
        return   # no controls on this page (test_some_page_shows_an_animation)
    found = views.open(path, view).page.evaluate(CONTROLS_OUTSIDE)
    assert not found, f"{path} at 390 px:\n" + "\n".join(found)


# The text and formulas of the article that a button hides: those under the
# button that would be seen without it (not those already under the top bar).
TEXT_UNDER = """button => {
    const rect = button.getBoundingClientRect();
    const article = document.querySelector('article.bd-article');
    const found = [];
    const boxes = [];
    const walker = document.createTreeWalker(article, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!node.textContent.trim()
            || node.parentElement.closest('mjx-container, script, style')) continue;
        range.selectNodeContents(node);
        for (const r of range.getClientRects()) boxes.push([r, node.textContent]);
    }
    for (const math of article.querySelectorAll('mjx-container'))
        for (const r of math.getClientRects()) boxes.push([r, 'a formula']);
    for (const [r, text] of boxes) {
        const left = Math.max(r.left, rect.left), right = Math.min(r.right, rect.right);
        const top = Math.max(r.top, rect.top), bottom = Math.min(r.bottom, rect.bottom);
        if (left >= right || top >= bottom) continue;
        const seen = document.elementsFromPoint((left + right) / 2, (top + bottom) / 2)
            .filter(el => el !== button && !button.contains(el))[0];
        if (seen && article.contains(seen)) found.push(text.trim().slice(0, 40));
    }
    return found;
}"""


@contextlib.contextmanager
def page_at(browser, url, viewport):
    """``url`` loaded in a page of its own ``viewport``, closed afterwards."""
    context = browser.new_context(viewport=viewport)
    try:
        page = context.new_page()
        page.goto(url, wait_until="networkidle")
        wait_for_math(page)
        yield page
    finally:
        context.close()


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["390", "1280"])
def test_back_to_top_hides_no_text(browser, base_url, viewport):
    with page_at(browser, f"{base_url}/book/partial-velocities.html", viewport) as page:
        # The theme shows the button when the reader scrolls back up (the
        # wheel over the article, not over the sidebar, which scrolls itself).
        page.mouse.move(viewport["width"] * 0.6, viewport["height"] / 2)
        for y in (1500, 3000, 4500, 4000, 3600):
            page.mouse.wheel(0, y - page.evaluate("window.scrollY"))
            page.wait_for_timeout(250)
        button = page.locator("#pst-back-to-top")
        if viewport is DESKTOP:
            # sphinx-book-theme shows it below 1200 px only.
            assert not button.is_visible(), "'Back to top' shows at 1280 px"
            return
        assert button.is_visible(), "'Back to top' did not show after scrolling up"
        hidden = button.evaluate(TEXT_UNDER)
    assert not hidden, f"'Back to top' covers text at {viewport['width']} px: {hidden}"


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["390", "1280"])
def test_search_field_shows_the_whole_query(browser, base_url, viewport):
    with page_at(browser, f"{base_url}/search.html?q=partial+velocity", viewport) as page:
        field = page.locator("article form.bd-search, main form.bd-search").first
        gap = field.evaluate("""form => {
            const icon = form.querySelector('.fa-magnifying-glass, svg');
            const input = form.querySelector('input');
            const style = getComputedStyle(input);
            const text = input.getBoundingClientRect().left + parseFloat(style.paddingLeft)
                         + parseFloat(style.borderLeftWidth);
            return text - icon.getBoundingClientRect().right;
        }""")
    assert gap >= 0, (f"the search field's magnifier covers {-gap:.0f} px of the query "
                      f"at {viewport['width']} px")
