"""Font Awesome cut down to the icons the built book shows.

The theme draws about twenty Font Awesome icons (menu, search, download, dark
mode, ...) as a web font: its style sheet, ``pydata-sphinx-theme.css``, holds
Font Awesome's rules for some 2,000 icons (about 0.1 MB) and its fonts hold all
of them (0.27 MB fetched on every page). When the HTML build has finished,
this extension

1. finds the icon names the site uses: every ``fa-<name>`` in its pages and
   in the scripts they load (a script may set icons itself);
2. rewrites the theme's style sheet without the rules of the other icons
   (the rules that only set an icon's character), keeping all the rest;
3. subsets each of the theme's Font Awesome web fonts (``.woff2``) to the
   characters of the icons kept and to every icon character the site's style
   sheets still name outside those rules (the theme's admonition icons are
   custom properties such as ``--pst-icon-lightbulb``, sphinx-exercise and
   sphinx-book-theme set ``content: "\\f303"`` themselves), with fontTools.

Only the built site changes; the installed theme keeps the whole release.
``tests/site/test_icons.py`` checks that every icon a page shows still has
its character in its font.

The rules are read with a regular expression over the theme's minified style
sheet (:data:`ICON_RULE`), written for pydata-sphinx-theme 0.17.1
(:data:`WRITTEN_FOR`): ``setup`` checks that version and the build stops on
another, and so does a style sheet in which the expression finds no rule
(CONTRIBUTING.md, "Patches of other projects' internals").
"""

from __future__ import annotations

import re
from pathlib import Path

from sphinx.util import logging

logger = logging.getLogger(__name__)

#: The theme whose style sheet and fonts this was written for.
WRITTEN_FOR = ("pydata-sphinx-theme", "0.17.1")
#: The theme's style sheet and its Font Awesome fonts, in the built site.
THEME_CSS = Path("_static") / "styles" / "pydata-sphinx-theme.css"
THEME_FONTS = Path("_static") / "vendor" / "fontawesome" / "webfonts"
#: The name of an icon in a class attribute or a script: fa-<name>.
ICON_NAME = re.compile(r"\bfa-([a-z0-9]+(?:-[a-z0-9]+)*)")
#: A rule that only gives icons their character: ``.fa-a:before,.fa-b:before{content:"\f123"}``.
ICON_RULE = re.compile(r'((?:\.fa-[a-z0-9-]+:{1,2}before,?)+)\{content:"\\([0-9a-f]+)"\}')


#: Font Awesome's characters sit in Unicode's Private Use Area (U+E000 to U+F8FF).
PRIVATE_USE = range(0xE000, 0xF900)
#: A character written as a CSS escape, e.g. ``"\\f303"`` or ``"\\f303 "``.
CSS_ESCAPE = re.compile(r"\\([0-9a-fA-F]{4,6})")

#: A script a page loads: <script src="...">.
SCRIPT_SOURCE = re.compile(r'<script[^>]*\ssrc="([^"?#]+)')


def used_icon_names(site: Path) -> set[str]:
    """Every ``fa-<name>`` in the site's pages and in the scripts they load.

    Scripts in ``_static`` that no page loads (the theme's Font Awesome
    script, which names every icon) are not read.
    """
    names, scripts = set(), set()
    for page in site.rglob("*.html"):
        text = page.read_text(encoding="utf-8", errors="ignore")
        names.update(ICON_NAME.findall(text))
        for source in SCRIPT_SOURCE.findall(text):
            script = (page.parent / source).resolve()
            if script.is_file() and site.resolve() in script.parents:
                scripts.add(script)
    for script in scripts:
        names.update(ICON_NAME.findall(script.read_text(encoding="utf-8", errors="ignore")))
    return names


def trim_stylesheet(css: str, names: set[str]) -> tuple[str, set[int]]:
    """``css`` without the character rules of icons not in ``names``.

    Returns the new style sheet and the characters of the icons kept.

    >>> css = '.fa-a:before,.fa-b:before{content:"\\\\f101"}.fa-c:before{content:"\\\\f102"}'
    >>> trim_stylesheet(css, {"b"})
    ('.fa-b:before{content:"\\\\f101"}', {61697})
    """
    kept_characters = set()

    def keep_used(match):
        selectors = [s for s in match.group(1).split(",") if s]
        used = [s for s in selectors if s[len(".fa-"):].split(":")[0] in names]
        if not used:
            return ""
        kept_characters.add(int(match.group(2), 16))
        return ",".join(used) + '{content:"\\' + match.group(2) + '"}'

    return ICON_RULE.sub(keep_used, css), kept_characters


def stylesheet_characters(css: str) -> set[int]:
    """The Private Use Area characters ``css`` names, literally or as escapes.

    >>> sorted(hex(c) for c in stylesheet_characters(
    ...     ':root{--pst-icon-bell:"\uf0f3"}.x:after{content:"\\\\f303"}p{color:#f303ff}'))
    ['0xf0f3', '0xf303']
    """
    literal = {ord(c) for c in css if ord(c) in PRIVATE_USE}
    escaped = {int(code, 16) for code in CSS_ESCAPE.findall(css)}
    return literal | {c for c in escaped if c in PRIVATE_USE}


def subset_font(path: Path, characters: set[int]) -> None:
    """Keep only ``characters`` in the web font at ``path`` (in place)."""
    from fontTools import subset

    options = subset.Options()
    options.flavor = "woff2"
    options.layout_features = ["*"]
    options.notdef_outline = True
    font = subset.load_font(str(path), options)
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=sorted(characters))
    subsetter.subset(font)
    subset.save_font(font, str(path), options)


def trim_fontawesome(app, exception):
    if exception is not None or app.builder.format != "html":
        return
    site = Path(app.outdir)
    stylesheet = site / THEME_CSS
    fonts = sorted((site / THEME_FONTS).glob("*.woff2"))
    if not stylesheet.is_file() or not fonts:
        logger.warning("Font Awesome: the theme's %s or its fonts in %s are missing; "
                       "pydata-sphinx-theme changed, see _ext/mechbook_icons.py",
                       THEME_CSS, THEME_FONTS)
        return
    names = used_icon_names(site)
    theirs = stylesheet.read_text(encoding="utf-8")
    if not ICON_RULE.search(theirs):
        from sphinx.errors import ExtensionError

        raise ExtensionError(
            f"Font Awesome: no icon rule in the theme's {THEME_CSS}; pydata-sphinx-theme "
            "writes them otherwise now, see _ext/mechbook_icons.py's ICON_RULE")
    css, characters = trim_stylesheet(theirs, names)
    stylesheet.write_text(css, encoding="utf-8")
    for sheet in (site / "_static").rglob("*.css"):
        characters |= stylesheet_characters(sheet.read_text(encoding="utf-8", errors="ignore"))
    for font in fonts:
        subset_font(font, characters)
    logger.info("Font Awesome: %d icons kept", len(characters))


def setup(app):
    from mechlib.book.patched import require_version

    require_version(*WRITTEN_FOR, "_ext/mechbook_icons.py (ICON_RULE over the theme's "
                    "minified style sheet, THEME_CSS and THEME_FONTS)")
    app.connect("build-finished", trim_fontawesome)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
