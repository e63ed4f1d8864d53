"""Every icon the book shows survives the cut of Font Awesome (_ext/mechbook_icons.py).

The built site carries the theme's Font Awesome rules and fonts cut down to
the icons its pages use. An icon whose rule or character was cut would show as
nothing (or as a box): for every icon on every page, the style sheet must
still give its character, and the font of its style must hold it.
"""

from __future__ import annotations

import re

import pytest
from fontTools.ttLib import TTFont

from tests.site.test_pages import PAGES

ICON_CLASS = re.compile(r'class="([^"]*\bfa-[^"]*)"')
#: Font Awesome's style classes and the font each one draws with.
STYLE_FONTS = {"fa-brands": "fa-brands-400.woff2", "fab": "fa-brands-400.woff2",
               "fa-regular": "fa-regular-400.woff2", "far": "fa-regular-400.woff2",
               "fa-solid": "fa-solid-900.woff2", "fas": "fa-solid-900.woff2"}
#: Classes that change how an icon is drawn, not which.
MODIFIERS = {"fa-lg", "fa-xs", "fa-sm", "fa-xl", "fa-2xl", "fa-fw", "fa-spin", "fa-pulse"}


def icons_on(html):
    """{(style class, icon name)} of the icons in a page's markup."""
    found = set()
    for classes in ICON_CLASS.findall(html):
        words = classes.split()
        styles = [w for w in words if w in STYLE_FONTS]
        names = [w for w in words if w.startswith("fa-") and w not in STYLE_FONTS
                 and w not in MODIFIERS]
        for name in names:
            found.add((styles[0] if styles else "fa-solid", name))
    return found


def characters(css):
    """{icon name: its character} from a Font Awesome style sheet."""
    table = {}
    for selectors, code in re.findall(r'((?:\.fa-[a-z0-9-]+:{1,2}before,?)+)\{content:"\\([0-9a-f]+)"\}',
                                      css):
        for selector in filter(None, selectors.split(",")):
            table[selector[len(".fa-"):].split(":")[0]] = int(code, 16)
    return table


@pytest.fixture(scope="module")
def fontawesome(site):
    css = (site / "_static" / "styles" / "pydata-sphinx-theme.css").read_text(encoding="utf-8")
    folder = site / "_static" / "vendor" / "fontawesome" / "webfonts"
    fonts = {name: set(TTFont(folder / name).getBestCmap())
             for name in set(STYLE_FONTS.values())}
    return characters(css), fonts, sum((folder / name).stat().st_size for name in fonts)


def test_the_cut_is_small(fontawesome):
    table, fonts, font_bytes = fontawesome
    assert font_bytes < 20_000, f"the Font Awesome fonts still weigh {font_bytes} bytes"
    assert 10 <= len(table) < 100, f"{len(table)} icons kept"


@pytest.mark.parametrize("path", PAGES)
def test_every_icon_keeps_its_character(site, fontawesome, path):
    table, fonts, _ = fontawesome
    icons = icons_on((site / path).read_text(encoding="utf-8"))
    assert icons, f"{path} shows no Font Awesome icon"
    missing = [f"{style} fa-{name}" for style, name in sorted(icons)
               if name[len("fa-"):] not in table
               or table[name[len("fa-"):]] not in fonts[STYLE_FONTS[style]]]
    assert not missing, f"{path}: icons with no character left: {missing}"
