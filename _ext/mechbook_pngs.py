"""The chapters' plots as palette PNGs: a third of the bytes, the same picture.

Matplotlib writes a cell's plot as a full-colour PNG, yet a plot holds a few
line colours and their anti-aliased edges. When the HTML build has finished,
this extension re-encodes every PNG in ``_images`` with at most 256 colours
(``mechlib.book.images.palette_png``, which the explorers' pictures use too) and
keeps the result where it is at least 10 % smaller. Images with transparent
pixels are left as they are (a palette would lose their alpha channel). Only
the built site changes; the notebooks keep their outputs.
"""

from __future__ import annotations

import io
from pathlib import Path

from sphinx.util import logging

logger = logging.getLogger(__name__)

#: Colours of the palette: enough for smooth anti-aliasing and colour maps.
COLORS = 256
#: Keep the palette image only if it saves at least this fraction.
SAVING = 0.10


def smaller_png(png: bytes) -> bytes | None:
    """``png`` as a palette PNG if that is opaque-safe and smaller, else None."""
    from PIL import Image

    from mechlib.book.images import palette_png

    image = Image.open(io.BytesIO(png))
    if image.mode in ("RGBA", "LA") and image.getextrema()[-1][0] < 255:
        return None
    if image.mode == "P":
        return None
    small = palette_png(png, COLORS)
    return small if len(small) <= (1 - SAVING) * len(png) else None


def compress_images(app, exception):
    if exception is not None or app.builder.format != "html":
        return
    before = after = 0
    for path in sorted((Path(app.outdir) / "_images").glob("*.png")):
        png = path.read_bytes()
        small = smaller_png(png)
        before += len(png)
        if small is not None:
            path.write_bytes(small)
            png = small
        after += len(png)
    logger.info("PNG images: %d kB -> %d kB", before // 1000, after // 1000)


def setup(app):
    app.connect("build-finished", compress_images)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
