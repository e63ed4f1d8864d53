"""Every explorer of the built book responds without a kernel.

A chapter's explorer (``mechlib.book.display.explorer``) shows in the page as
pictures drawn when the book was built and one ``<input type="range">`` per
slider (``_ext/static/explorer.js`` switches the pictures). For every page
whose chapter has an explorer (``pages_with_explorers``), move each slider
with the keyboard and check that the picture changed and loaded, that its alt
text and shown value follow, and that the page loaded nothing from another
host. A chapter that still uses an ipywidgets ``interact``/``interactive``
(sliders that do nothing without a kernel) fails here by name.
"""

from __future__ import annotations

import pytest

from tests.site.test_pages import pages_with_explorers

# The picture shown, by what it shows: its pixels, read through a canvas. The
# address is not enough: the first picture is a file of its own until the
# explorer's pictures load (when the reader reaches it), then the same picture
# comes from them (_ext/mechbook_explorer_frames.py).
FRAME_STATE = """root => {
    const img = root.querySelector('img.mechlib-explorer-frame');
    const loaded = img.complete && img.naturalWidth > 0;
    let pixels = null;
    if (loaded) {
        const canvas = document.createElement('canvas');
        canvas.width = img.naturalWidth;
        canvas.height = img.naturalHeight;
        canvas.getContext('2d').drawImage(img, 0, 0);
        pixels = canvas.toDataURL();
    }
    return {src: img.getAttribute('src'), pixels: pixels, alt: img.alt, loaded: loaded};
}"""


def _shown(state):
    """What the reader sees of a picture's state: all but its address."""
    return {key: value for key, value in state.items() if key != "src"}


# For each explorer: the smallest text of the picture the page shows, in CSS px
# (mechlib/book/legible.py measures it in the figure; the picture is shown at
# clientWidth of its natural width, which a srcset's "2x" halves), the pixels
# of the image itself (decoded apart from the srcset), and what its sliders
# show of their range.
LEGIBILITY = """async root => {
    const data = JSON.parse(root.querySelector('script.mechlib-explorer-data').textContent);
    const img = root.querySelector('img.mechlib-explorer-frame');
    const source = root.querySelector('picture > source');
    const narrow = Boolean(source && data.narrowMedia && matchMedia(data.narrowMedia).matches);
    const natural = img.naturalWidth;
    const image = new Image();
    image.src = img.currentSrc;
    await image.decode();
    return {
        set: narrow ? 'narrow' : 'wide',
        smallest: data.smallestText[narrow ? 'narrow' : 'wide'] * img.clientWidth / natural,
        shown: img.clientWidth, natural: natural, pixels: image.naturalWidth,
        sliders: Array.from(root.querySelectorAll('.mechlib-explorer-control')).map(control => ({
            ends: Array.from(control.querySelectorAll(
                    '.mechlib-explorer-ends > span:not(.mechlib-explorer-plain)'))
                       .map(span => span.getBoundingClientRect().width > 0 ? span.textContent : ''),
            step: control.querySelector('.mechlib-explorer-step').textContent,
            max: Number(control.querySelector('input').max),
        })),
    };
}"""


@pytest.mark.parametrize("view", ["1280-light", "390-light"])
@pytest.mark.parametrize("path", pages_with_explorers())
def test_explorer_pictures_and_sliders_are_legible(views, path, view):
    """At 1280 and at 390 px: the smallest text of every explorer's picture is at
    least 9 CSS px, each slider shows its two ends and "k of n", and on a
    phone the picture has two pixels for each CSS px it is shown at (a
    phone's screen has two or three). Read in the page the other reading
    checks share (tests/site/views.py)."""
    page = views.open(path, view).page
    explorers = page.locator(".mechlib-explorer")
    found = []
    for n in range(explorers.count()):
        root = explorers.nth(n)
        root.scroll_into_view_if_needed()
        page.wait_for_function("root => root.querySelector('img').complete",
                               arg=root.element_handle())
        seen = root.evaluate(LEGIBILITY)
        print(f"{path} in {view}: explorer {n} ({seen['set']} pictures, "
              f"{seen['shown']} of {seen['natural']} px): smallest text "
              f"{seen['smallest']:.1f} CSS px")
        if seen["smallest"] < 9:
            found.append(f"explorer {n}: smallest text {seen['smallest']:.1f} CSS px")
        if view.startswith("390") and seen["pixels"] < 2 * seen["shown"] - 1:
            found.append(f"explorer {n}: {seen['pixels']} pixels wide shown at "
                         f"{seen['shown']} CSS px, blurred on a phone's 2x screen")
        for k, slider in enumerate(seen["sliders"]):
            if not all(end.strip() for end in slider["ends"]) or len(slider["ends"]) != 2:
                found.append(f"explorer {n}, slider {k} shows no ends: {slider['ends']}")
            if not slider["step"].endswith(f" of {slider['max'] + 1}"):
                found.append(f"explorer {n}, slider {k} shows no step: {slider['step']!r}")
    assert not found, f"{path} in {view}:\n" + "\n".join(found)


#: Resolves when the explorer ``root`` shows a picture other than ``src``, loaded.
PICTURE_CHANGED = """([root, src]) => {
    const img = root.querySelector('img.mechlib-explorer-frame');
    return img.getAttribute('src') !== src && img.complete && img.naturalWidth > 0;
}"""


@pytest.mark.parametrize("view", ["1280-light"])
@pytest.mark.parametrize("path", pages_with_explorers())
def test_every_slider_changes_the_picture(views, path, view):
    """Each slider moved one step with the keyboard, then back: the picture, its
    alt text and the shown value follow, and come back. Run in the page the
    other reading checks share (tests/site/views.py), which it leaves as it was."""
    shown = views.open(path, view)
    page = shown.page
    explorers = page.locator(".mechlib-explorer")
    chapter = path.replace(".html", ".md")
    assert explorers.count() > 0, (
        f"{chapter} shows an ipywidgets explorer that does nothing without a kernel: "
        "convert it to ml.display.explorer (CONTRIBUTING.md, 'explorer')")
    for n in range(explorers.count()):
        root = explorers.nth(n)
        sliders = root.locator("input[type=range]")
        assert sliders.count() > 0, f"{path}: explorer {n} has no slider"
        for k in range(sliders.count()):
            slider = sliders.nth(k)
            label = root.locator(f"label[for='{slider.get_attribute('id')}']")
            assert label.count() == 1 and label.inner_text().strip(), (
                f"{path}: explorer {n}, slider {k} has no label")
            before = root.evaluate(FRAME_STATE)
            value = root.locator("output").nth(k).inner_text()
            at_end = slider.get_attribute("value") == slider.get_attribute("max")
            slider.focus()
            page.keyboard.press("ArrowLeft" if at_end else "ArrowRight")
            page.wait_for_function(PICTURE_CHANGED, arg=[root.element_handle(), before["src"]],
                                   timeout=5000)
            after = root.evaluate(FRAME_STATE)
            assert after["loaded"], f"{path}: explorer {n}, slider {k}: picture did not load"
            assert after["pixels"] != before["pixels"], (
                f"{path}: explorer {n}, slider {k}: the picture looks the same")
            assert after["alt"] != before["alt"] and after["alt"].strip(), (
                f"{path}: explorer {n}, slider {k}: the alt text did not follow")
            assert root.locator("output").nth(k).inner_text() != value, (
                f"{path}: explorer {n}, slider {k}: the shown value did not follow")
            page.keyboard.press("ArrowRight" if at_end else "ArrowLeft")
            page.wait_for_function(PICTURE_CHANGED, arg=[root.element_handle(), after["src"]],
                                   timeout=5000)
            assert _shown(root.evaluate(FRAME_STATE)) == _shown(before), (
                f"{path}: explorer {n}, slider {k}: moved back, the picture did not come back")
            assert root.locator("output").nth(k).inner_text() == value, (
                f"{path}: explorer {n}, slider {k}: moved back, the shown value did not")
    page.evaluate("() => document.activeElement && document.activeElement.blur()")
    assert not shown.foreign, f"{path} requested other hosts: {shown.foreign}"
    assert not shown.errors, f"{path} logged console errors: {shown.errors}"
