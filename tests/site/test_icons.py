"""Every icon the book shows survives the cut of Font Awesome (_ext/mechbook_icons.py).

The built site carries the theme's Font Awesome rules and fonts cut down to
the icons it shows. An icon whose character was cut shows as a box. Icons come
from markup (``<i class="fa-solid fa-bars">``) and from style sheets alone (the
admonition titles' ``::after``, from custom properties such as
``--pst-icon-lightbulb``), so the test asks Chromium: on every page, every
``::before`` and ``::after`` drawn in a Font Awesome font has each of its
characters in that font (solid for weight 900, regular for 400, brands).
"""

from __future__ import annotations

import re

import pytest
from fontTools.ttLib import TTFont

from tests.site.test_pages import PAGES

FONT_FILES = ("fa-solid-900.woff2", "fa-regular-400.woff2", "fa-brands-400.woff2")

#: [font family, font weight, character, where] of every Font Awesome character drawn.
DRAWN_ICONS = """() => {
  const drawn = [];
  for (const element of document.querySelectorAll('*')) {
    for (const pseudo of ['::before', '::after']) {
      const style = getComputedStyle(element, pseudo);
      if (!style.fontFamily.includes('Font Awesome')) continue;
      for (const character of style.content) {
        const code = character.codePointAt(0);
        if (code >= 0xE000 && code < 0xF900) {
          const classes = typeof element.className === 'string' ? element.className : '';
          drawn.push([style.fontFamily, style.fontWeight, code,
                      element.tagName.toLowerCase() + '.' + classes.split(' ').join('.') + pseudo]);
        }
      }
    }
  }
  return drawn;
}"""


def font_file(family, weight):
    """The web font Chromium draws ``family`` at ``weight`` with."""
    if "Brands" in family:
        return "fa-brands-400.woff2"
    return "fa-solid-900.woff2" if int(weight) >= 600 else "fa-regular-400.woff2"


def characters(css):
    """{icon name: its character} from Font Awesome's rules in a style sheet."""
    table = {}
    for selectors, code in re.findall(
            r'((?:\.fa-[a-z0-9-]+:{1,2}before,?)+)\{content:"\\([0-9a-f]+)"\}', css):
        for selector in filter(None, selectors.split(",")):
            table[selector[len(".fa-"):].split(":")[0]] = int(code, 16)
    return table


@pytest.fixture(scope="module")
def fontawesome(site):
    css = (site / "_static" / "styles" / "pydata-sphinx-theme.css").read_text(encoding="utf-8")
    folder = site / "_static" / "vendor" / "fontawesome" / "webfonts"
    fonts = {name: set(TTFont(folder / name).getBestCmap()) for name in FONT_FILES}
    return characters(css), fonts, sum((folder / name).stat().st_size for name in fonts)




def test_the_cut_is_small(fontawesome):
    table, fonts, font_bytes = fontawesome
    assert font_bytes < 20_000, f"the Font Awesome fonts still weigh {font_bytes} bytes"
    assert 10 <= len(table) < 100, f"{len(table)} icons kept"


@pytest.mark.parametrize("view", ["1280-light"])
@pytest.mark.parametrize("path", PAGES)
def test_every_icon_drawn_has_its_character(views, fontawesome, path, view):
    _, fonts, _ = fontawesome
    drawn = views.open(path, view).page.evaluate(DRAWN_ICONS)
    assert drawn, f"{path} draws no Font Awesome icon"
    missing = sorted({f"U+{code:04X} ({where}, {font_file(family, weight)})"
                      for family, weight, code, where in drawn
                      if code not in fonts[font_file(family, weight)]})
    assert not missing, f"{path}: icons drawn as boxes, their characters cut: {missing[:8]}"
