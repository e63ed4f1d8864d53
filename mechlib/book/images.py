"""Small PNG images for the built book (private): shared by explorers and animations.

Line drawings use a handful of colours, so a palette PNG of 32 colours looks
the same as the full-colour image at a third to a fifth of the bytes.
"""

from __future__ import annotations

import base64
import io

PALETTE_COLORS = 32


def palette_png(png: bytes, colors: int = PALETTE_COLORS) -> bytes:
    """Return ``png`` re-encoded as an optimized palette PNG of ``colors`` colours.

    >>> from PIL import Image
    >>> raw = io.BytesIO()
    >>> Image.new("RGB", (40, 20), "white").save(raw, "png")
    >>> small = palette_png(raw.getvalue())
    >>> Image.open(io.BytesIO(small)).mode, Image.open(io.BytesIO(small)).size
    ('P', (40, 20))
    """
    from PIL import Image

    image = Image.open(io.BytesIO(png)).convert("RGB")
    out = io.BytesIO()
    image.quantize(colors=colors, method=Image.Quantize.FASTOCTREE).save(
        out, "png", optimize=True)
    return out.getvalue()


def png_data_uri(png: bytes) -> str:
    """``png`` as a ``data:`` URI for an ``<img src=...>``."""
    return "data:image/png;base64," + base64.b64encode(png).decode("ascii")
