"""Explorer and animation pictures load when the reader reaches them.

(_ext/mechbook_explorer_frames.py)

A chapter page carries each explorer's and animation's first picture only;
the rest are in ``_explorers/<key>.js``, loaded when the player comes near
the screen. A page loaded and left at its top fetches none of them (its
weight is in test_weight.py); scrolled to an animation, the player gets its
frames, and stepping it shows another picture than the first.
"""

from __future__ import annotations

import re

import pytest

from tests.site.test_pages import PAGES, open_page

PLAYER = re.compile(r'<img id="_anim_img(\w+)"')


def pages_with_animations(site):
    return [path for path in PAGES
            if PLAYER.search((site / path).read_text(encoding="utf-8"))]


@pytest.fixture(scope="module")
def context(browser):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    yield context
    context.close()


def test_pages_carry_only_the_first_picture(site):
    for path in PAGES:
        html = (site / path).read_text(encoding="utf-8")
        assert 'frames[1] = "data:' not in html, f"{path}: an animation carries all its frames"
        for data in re.findall(r'class="mechlib-explorer-data">(.*?)</script>', html, re.S):
            assert '"frames"' not in data and '"framesScript"' in data, (
                f"{path}: an explorer carries all its pictures")


def test_animations_exist(site):
    assert len(pages_with_animations(site)) >= 3


@pytest.mark.parametrize("path", ["book/kanes-equations.html", "book/closed-loops.html",
                                  "book/nonholonomic-reduction.html",
                                  "book/whipple-bicycle.html"])
def test_animation_gets_its_frames_when_reached(context, base_url, site, path):
    (name, *_) = PLAYER.findall((site / path).read_text(encoding="utf-8"))
    page, foreign, errors = open_page(context, f"{base_url}/{path}")
    requested = []
    page.on("request", lambda request: requested.append(request.url))
    try:
        page.wait_for_timeout(300)
        assert not [u for u in requested if "/_explorers/" in u], (
            f"{path} loaded deferred pictures before the reader reached them")
        img = page.locator(f"#_anim_img{name}")
        first = img.get_attribute("src")
        img.scroll_into_view_if_needed()
        page.wait_for_function(
            "key => Object.keys(window.mechlibExplorerFrames || {}).length > 0", arg=None,
            timeout=5000)
        for _ in range(5):
            page.locator(f"button[onclick='anim{name}.next_frame()']").click()
        page.wait_for_function(
            """([id, first]) => {
                const img = document.getElementById(id);
                return img.getAttribute('src') !== first && img.complete && img.naturalWidth > 0;
            }""", arg=[f"_anim_img{name}", first], timeout=5000)
        assert any("/_explorers/" in u for u in requested)
        assert not foreign, f"{path} requested other hosts: {foreign}"
        assert not errors, f"{path} logged console errors: {errors}"
    finally:
        page.close()
