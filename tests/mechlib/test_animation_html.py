"""ml.display.animation_html: a player that works offline, is accessible, and is light."""

from __future__ import annotations

import base64
import io
import re

import matplotlib
import numpy as np
import pytest

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
from matplotlib.animation import FuncAnimation  # noqa: E402
from PIL import Image  # noqa: E402

from mechlib.book.display import animation_html  # noqa: E402


@pytest.fixture
def movie():
    fig, ax = plt.subplots(figsize=(4, 3))
    (line,) = ax.plot([], [], lw=3, color="#C58800")
    ax.set_xlim(-1, 1)
    ax.set_ylim(-1, 1)
    animation = FuncAnimation(
        fig, lambda n: line.set_data([0, np.cos(n / 5)], [0, np.sin(n / 5)]), frames=12)
    yield animation
    plt.close(fig)


def frames(html):
    return [base64.b64decode(re.sub(r"[\\\s]", "", data)) for data in
            re.findall(r'"data:image/png;base64,([A-Za-z0-9+/=\\\s]+)"', html)]


def test_frames_are_palette_pngs_a_third_of_the_size(movie):
    with plt.rc_context({"savefig.dpi": 60}):
        full = movie.to_jshtml()
    html = animation_html(movie, "demo")
    small = frames(html)
    assert len(small) == len(frames(full)) == 12
    assert all(Image.open(io.BytesIO(png)).mode == "P" for png in small)
    assert sum(map(len, small)) < sum(map(len, frames(full))) / 2


def test_player_is_labelled_for_screen_readers(movie):
    html = animation_html(movie, "demo", alt="A rod turning about its pin")
    assert 'alt="A rod turning about its pin"' in html
    assert 'aria-label="Frame"' in html
    assert "https://" not in html
