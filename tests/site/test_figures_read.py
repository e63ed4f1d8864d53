"""Figures a phone can read, and open full size (issue 25).

At 390 px every SVG figure of every page is drawn wide enough that its
smallest label is at least 9 CSS px high (label sizes and widths read from the
SVG that matplotlib wrote: a label's glyphs are scaled by ``scale(s -s)``, a
``100 s`` point font, in a figure ``width`` points wide), and each one is a
link to its SVG, which opens it full size (_ext/mechbook_figures.py); a
figure wider than the column scrolls in its own box, not the page.
"""

from __future__ import annotations

import re

import pytest

from tests.site.test_pages import PAGES

WIDTH = re.compile(r'<svg[^>]*\swidth="([\d.]+)pt"')
LABEL = re.compile(r'<g transform="translate\([^)]*\) scale\(([\d.]+) -[\d.]+\)">')

FIGURES = """() => Array.from(document.querySelectorAll('main figure img[src$=".svg"]'))
    .map(img => ({src: img.getAttribute('src'), shown: img.getBoundingClientRect().width,
                  link: img.closest('a') ? img.closest('a').getAttribute('href') : null}))"""


def label_ratio(svg: str) -> float:
    """The smallest label's height per point of the figure's width."""
    width, labels = WIDTH.search(svg), [float(s) * 100 for s in LABEL.findall(svg)]
    return min(labels) / float(width.group(1)) if width and labels else float("inf")


def svg_figures(page_html: str) -> bool:
    return re.search(r'<img [^>]*src="[^"]*\.svg"', page_html) is not None


def test_some_page_has_svg_figures(site):
    assert any(svg_figures((site / path).read_text("utf-8")) for path in PAGES), \
        "no page has an SVG figure: the figure test would check nothing"


@pytest.mark.parametrize("view", ["390-light"])
@pytest.mark.parametrize("path", PAGES)
def test_figures_are_legible_on_a_phone_and_open_full_size(views, site, path, view):
    """Read in the page the other reading checks share (tests/site/views.py)."""
    if not svg_figures((site / path).read_text("utf-8")):
        return   # nothing to read on this page (test_some_page_has_svg_figures)
    page = views.open(path, view).page
    figures = page.evaluate(FIGURES)
    wide = page.evaluate("() => document.documentElement.scrollWidth")
    found = []
    if wide > 391:
        found.append(f"{path}: the page scrolls sideways ({wide} px of content): "
                     "a figure wider than the column must scroll in its own box")
    for figure in figures:
        name = figure["src"].rsplit("/", 1)[-1]
        svg = (site / "_images" / name).read_text(encoding="utf-8")
        smallest = figure["shown"] * label_ratio(svg)
        if smallest < 9:
            found.append(f"{path}: {name} is {figure['shown']:.0f} px wide, its "
                         f"smallest label {smallest:.1f} px")
        if not (figure["link"] or "").endswith(name):
            found.append(f"{path}: {name} does not open full size "
                         f"(link {figure['link']})")
    assert not found, "\n".join(found)
