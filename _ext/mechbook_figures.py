"""Figures a phone can read: each SVG figure knows how wide its labels need it.

A chapter gives a figure a width in percent of the column (``:width: 45%``),
which on a phone (a column of 358 CSS px) drew the intro's pendulum 155 px wide
with labels 5 px high. While each page is written, this extension reads each
SVG figure matplotlib drew (``figures/<name>.svg``: its width in points, and
the size of each label, ``scale(s -s)`` of the label's glyphs, ``100 s``
points) and gives its ``<img>`` the width at which the smallest label is
``READABLE_PX`` high, ``--mechbook-readable``; ``mechbook.css`` makes the image
at least that wide on a phone, where a figure wider than the column scrolls
sideways in its box. Each figure's image also becomes a link to the SVG
itself, so that a reader can open it full size.
"""

from __future__ import annotations

import math
import re
from functools import cache
from pathlib import Path

#: The height of the smallest label on a phone, in CSS px.
READABLE_PX = 9.0
#: The width of a phone's column (390 px screen), in CSS px.
PHONE_COLUMN = 358
IMAGE = re.compile(r'<img (?P<attrs>[^>]*?)src="(?P<src>[^"]*_images/(?P<name>[^"/]+\.svg))"'
                   r'(?P<rest>[^>]*?)\s*/?>')
WIDTH = re.compile(r'<svg[^>]*\swidth="([\d.]+)pt"')
LABEL = re.compile(r'<g transform="translate\([^)]*\) scale\(([\d.]+) -[\d.]+\)">')


@cache
def needs(svg: Path) -> tuple[float, float] | None:
    """(width in points, smallest label in points) of a matplotlib SVG, or None."""
    if not svg.is_file():
        return None
    text = svg.read_text(encoding="utf-8")
    width, labels = WIDTH.search(text), [float(s) * 100 for s in LABEL.findall(text)]
    if not width or not labels:
        return None
    return float(width.group(1)), min(labels)


def readable_width(width_pt: float, label_pt: float) -> int:
    """The CSS px at which a label of ``label_pt`` in a figure ``width_pt`` wide is
    ``READABLE_PX`` high.

    >>> readable_width(213.2, 10.0)
    192
    """
    return math.ceil(READABLE_PX * width_pt / label_pt)


def readable_figures(app, pagename, templatename, context, doctree):
    body = context.get("body", "")
    if "_images/" not in body:
        return

    def widen(match):
        found = needs(Path(app.srcdir, "figures", match.group("name")))
        if found is None:
            return match.group(0)
        px = readable_width(*found)
        tag = match.group(0)
        if 'style="' in tag:
            tag = tag.replace('style="', f'style="--mechbook-readable: {px}px; ', 1)
        else:
            tag = tag.replace("<img ", f'<img style="--mechbook-readable: {px}px;" ', 1)
        if px > PHONE_COLUMN:
            tag = tag.replace("<img ", '<img class="mechbook-wider-than-a-phone" ', 1)
        start = body.rfind("<", 0, match.start() - 1)
        if "image-reference" in body[start:match.start()]:
            return tag          # Sphinx links it to the image already
        return (f'<a class="reference internal image-reference" href="{match.group("src")}" '
                f'title="Open the figure full size">{tag}</a>')

    context["body"] = IMAGE.sub(widen, body)


def setup(app):
    app.connect("html-page-context", readable_figures)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
