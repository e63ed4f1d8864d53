"""A downloaded chapter, opened in real JupyterLab, reads like the page.

JupyterLab and Notebook 7 come from ``requirements.txt`` (which
``requirements-dev.txt`` includes); each test serves a temporary folder holding
one downloaded chapter on 127.0.0.1 with a token, opens the notebook in Debian's
headless Chromium and checks what a reader sees:

* in a plain JupyterLab (jupyterlab-myst disabled: a download must not need it):
  no raw MyST in the rendered Markdown, every figure loaded, math typeset by
  JupyterLab's own MathJax, no request to another host, and the multi-cell
  solutions collapsed under their headings;
* in JupyterLab as ``requirements.txt`` installs it (jupyterlab-myst enabled):
  every equation number shown once and equal to the book's, the hidden check
  cells folded, and the notebook not marked modified on opening, nor changed by
  saving it;
* in Notebook 7 (``jupyter notebook``): the chapter renders, with its numbers.

Screenshots go to ``_build/screenshots/``.

``MECHBOOK_BOOK=/path/to/a/copy`` takes the download from another copy's build.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from pathlib import Path
from urllib.parse import urlparse

import nbformat
import pytest

from bookkit.chapters import SOURCE_NOTE
from tests.references import ROOT
from tests.site.jupyter import jupyter_server, wait_until_still

BOOK = Path(os.environ.get("MECHBOOK_BOOK", ROOT))
CHAPTER = "partial-velocities"
DOWNLOAD = BOOK / "_build" / "html" / "_sources" / "book" / f"{CHAPTER}.ipynb"
SCREENSHOTS = BOOK / "_build" / "screenshots"
FIGURES = 3   # the chapter's {figure} directives

def shown_text(cells: str, dropped: str = "mjx-container, pre, code, script, style") -> str:
    """A page function returning the text of the elements ``cells`` without the
    nodes ``dropped`` (math, code): where MyST or TeX would show as raw syntax."""
    return f"""() => Array.from(document.querySelectorAll('{cells}'))
        .map(node => {{ const clone = node.cloneNode(true);
            clone.querySelectorAll('{dropped}').forEach(n => n.remove());
            return clone.innerText; }}).join('\\n')"""


# Rendered Markdown text outside math and code, where MyST would be raw syntax.
RENDERED_TEXT = shown_text(".jp-MarkdownCell .jp-RenderedMarkdown")
IMAGES = """() => Array.from(document.querySelectorAll('.jp-MarkdownCell .jp-RenderedMarkdown img'))
    .map(img => ({src: img.getAttribute('src').slice(0, 30),
                  loaded: img.complete && img.naturalWidth > 0}))"""
RAW_MYST = ["{eq}`", "{numref}`", "{cite:p}`", "{doc}`", "{ref}`", "```{", ":::{", ")=", "$$",
            ":label:", ":class:", ":name:", ":alt:", "\\tag", "\\bar{"]


def serve_download(home: Path, download: Path, myst: bool, app: str = "jupyterlab"):
    """A Jupyter server whose root folder holds ``download`` alone."""
    if not download.exists():
        pytest.fail(f"no {download}: build the book first (scripts/build.sh)")
    root = home / "root"
    root.mkdir()
    shutil.copy(download, root)
    yield from jupyter_server(home, root, myst=myst, app=app)


@pytest.fixture(scope="module")
def jupyterlab(tmp_path_factory):
    """A plain JupyterLab (jupyterlab-myst disabled) serving the download."""
    yield from serve_download(tmp_path_factory.mktemp("jupyterlab"), DOWNLOAD, myst=False)


def test_download_reads_like_the_page_in_jupyterlab(browser, jupyterlab):
    base, token, _ = jupyterlab
    context = browser.new_context(viewport={"width": 1280, "height": 1000})
    page = context.new_page()
    foreign = []
    page.on("request", lambda request: foreign.append(request.url)
            if urlparse(request.url).hostname not in ("127.0.0.1", None) else None)
    try:
        page.goto(f"{base}/lab/tree/{CHAPTER}.ipynb?token={token}", wait_until="load")
        page.wait_for_selector(".jp-MarkdownCell .jp-RenderedMarkdown", timeout=60_000)
        # Rendering and typesetting finish when every image has loaded and MathJax
        # has left no TeX delimiter behind.
        page.wait_for_function(
            """n => document.querySelectorAll(
                '.jp-MarkdownCell .jp-RenderedMarkdown img').length >= n
                && Array.from(document.querySelectorAll('.jp-RenderedMarkdown img'))
                        .every(img => img.complete && img.naturalWidth > 0)
                && document.querySelectorAll('.jp-MarkdownCell mjx-container').length > 0""",
            arg=FIGURES, timeout=60_000)
        wait_until_still(page)   # MathJax finishes the last cells
        text = page.evaluate(RENDERED_TEXT)
        raw = [token for token in RAW_MYST if token in text]
        assert not raw, f"JupyterLab shows raw MyST or TeX {raw} in {CHAPTER}.ipynb"
        images = page.evaluate(IMAGES)
        assert len(images) == FIGURES and all(image["loaded"] for image in images), images
        assert page.locator(".jp-MarkdownCell mjx-container").count() > 100
        assert "Exercise 1.3 (The three-link pendulum (code))" in text
        assert "Fig. 1.1:" in text and "(1.10)" in text
        # The solution that spans code cells is collapsed: its heading says so and
        # its code cells are hidden.
        collapsed = page.locator(".jp-collapseHeadingButton.jp-mod-collapsed")
        assert collapsed.count() >= 2, "the multi-cell solutions are not collapsed"
        assert page.locator(".jp-CodeCell.lm-mod-hidden").count() >= 2
        figure = page.locator(".jp-RenderedMarkdown img").nth(0)
        figure.scroll_into_view_if_needed()
        page.mouse.wheel(0, -250)
        page.wait_for_timeout(500)
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SCREENSHOTS / f"jupyterlab-{CHAPTER}.png"))
        collapsed.nth(0).evaluate("button => button.closest('.jp-Cell').scrollIntoView()")
        page.mouse.wheel(0, -450)
        page.wait_for_timeout(500)
        page.screenshot(path=str(SCREENSHOTS / f"jupyterlab-{CHAPTER}-exercises.png"))
        assert not foreign, f"JupyterLab requested other hosts: {foreign}"
    finally:
        context.close()


# -------------------------------------------------- JupyterLab as readers install it

#: A chapter with many numbered equations, hidden checks and an explorer.
NUMBERED = "constraint-forces"
NUMBERED_DOWNLOAD = BOOK / "_build" / "html" / "_sources" / "book" / f"{NUMBERED}.ipynb"
# Every equation number a reader sees, per display equation, in page order: the
# rendered display math (KaTeX under jupyterlab-myst, MathJax otherwise) and the
# row around it, where jupyterlab-myst would put a number of its own; the MathML
# copy that KaTeX keeps for screen readers is left out.
SHOWN_NUMBERS = r"""() => Array.from(document.querySelectorAll(
        '.jp-MarkdownCell .katex-display, .jp-MarkdownCell mjx-container[display="true"]'))
    .map(math => { const row = math.parentElement.parentElement.cloneNode(true);
        row.querySelectorAll('.katex-mathml, mjx-assistive-mml').forEach(n => n.remove());
        return row.innerText.replace(/\s+/g, ' ').match(/\(\d+(\.\d+)?\)/g) || []; })"""


def book_numbers(download: Path) -> list[str]:
    """The ``\\tag`` numbers of a download's display equations, in order."""
    markdown = "\n".join(cell.source for cell in nbformat.read(download, as_version=4).cells
                         if cell.cell_type == "markdown")
    return re.findall(r"\\tag\{([\d.]+)\}", markdown)


def open_notebook(browser, url: str):
    """A page with the notebook at ``url`` rendered (math typeset)."""
    context = browser.new_context(viewport={"width": 1280, "height": 1000})
    page = context.new_page()
    page.goto(url, wait_until="load")
    page.wait_for_selector(".jp-MarkdownCell", timeout=60_000)
    page.wait_for_function(
        """() => document.querySelectorAll(
            '.jp-MarkdownCell .katex-display, .jp-MarkdownCell mjx-container').length > 10""",
        timeout=60_000)
    wait_until_still(page)   # the last cells' math
    return context, page


#: The text of each control of an explorer's output, as the notebook shows it.
EXPLORER_CONTROLS = r"""() => [...document.querySelectorAll('.jp-OutputArea-output')]
    .flatMap(o => [...o.querySelectorAll('div')].filter(d => / of \d/.test(d.textContent)
                   && ![...d.children].some(c => / of \d/.test(c.textContent)
                                                 && c.tagName === 'DIV')))
    .map(d => d.innerText.replace(/\s+/g, ' ').trim())"""


def test_the_readers_jupyterlab_lists_its_extensions_as_compatible():
    """``jupyter labextension list`` in the environment requirements.txt makes
    (.venv-readers) finds every extension, jupyterlab-myst among them, enabled
    and OK for the pinned JupyterLab (jupyterlab-myst 2.7.0 is not: it draws
    LaTeX outputs with wrong glyphs)."""
    jupyter = ROOT / ".venv-readers" / "bin" / "jupyter"
    if not jupyter.exists():
        pytest.fail("no .venv-readers: scripts/readers-kernel.sh makes it (test.sh runs it)")
    listed = subprocess.run([str(jupyter), "labextension", "list"], capture_output=True,
                            text=True, env={**os.environ, "NO_COLOR": "1"})
    text = re.sub(r"\x1b\[[0-9;]*m", "", listed.stdout + listed.stderr)
    extensions = [line.split() for line in text.splitlines() if re.match(r"\s+\S+ v\d", line)]
    assert "jupyterlab-myst" in [words[0] for words in extensions], text
    wrong = [" ".join(words) for words in extensions if words[2:4] != ["enabled", "OK"]]
    assert not wrong and "incompatible" not in text, text


@pytest.fixture(scope="module")
def readers_jupyterlab(tmp_path_factory):
    """JupyterLab with the extensions requirements.txt installs (jupyterlab-myst)."""
    yield from serve_download(tmp_path_factory.mktemp("readers-lab"), NUMBERED_DOWNLOAD,
                              myst=True)


def test_download_in_the_readers_jupyterlab(browser, readers_jupyterlab):
    base, token, root = readers_jupyterlab
    context, page = open_notebook(browser, f"{base}/lab/tree/{NUMBERED}.ipynb?token={token}")
    try:
        expected = book_numbers(NUMBERED_DOWNLOAD)
        assert len(expected) >= 10
        shown = page.evaluate(SHOWN_NUMBERS)
        numbered = [numbers for numbers in shown if numbers]
        # each labelled equation shows the book's number once; no other is numbered
        assert numbered == [[f"({number})"] for number in expected], numbered
        # the cells the page hides (the hidden checks) are folded, and still there
        hidden = sum(1 for cell in nbformat.read(NUMBERED_DOWNLOAD, as_version=4).cells
                     if cell.metadata.get("jupyter", {}).get("source_hidden"))
        assert hidden >= 10
        assert page.locator(".jp-CodeCell .jp-InputPlaceholder").count() == hidden
        # a downloaded notebook is untrusted: its explorer shows without the slider,
        # each control a sentence (not "01.51.5 2 of 2")
        controls = page.evaluate(EXPLORER_CONTROLS)
        assert controls, "no explorer control shown"
        sentence = re.compile(r".+, from \S+ to \S+: \S+ \(\d+ of \d+\)")
        wrong = [c for c in controls if not sentence.fullmatch(c)]
        assert not wrong, f"explorer controls that do not read as a sentence: {wrong}"
        # opening it changes nothing: not marked modified, and saving writes it back unchanged
        tab = page.locator(".lm-TabBar-tab.jp-mod-current")
        assert "jp-mod-dirty" not in (tab.get_attribute("class") or ""), "opens as modified"
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SCREENSHOTS / f"jupyterlab-myst-{NUMBERED}.png"))
        page.keyboard.press("Control+s")
        page.wait_for_timeout(2000)
        saved = json.loads((root / f"{NUMBERED}.ipynb").read_text())
        original = json.loads(NUMBERED_DOWNLOAD.read_text())
        assert saved["metadata"] == original["metadata"]
        changed = [i for i, (a, b) in enumerate(zip(saved["cells"], original["cells"], strict=True))
                   if a != b]
        assert len(saved["cells"]) == len(original["cells"]) and not changed, (
            f"JupyterLab rewrote cells {changed[:5]} on saving")
    finally:
        context.close()


@pytest.fixture(scope="module")
def notebook7(tmp_path_factory):
    """Notebook 7 (``jupyter notebook``) as requirements.txt installs it."""
    yield from serve_download(tmp_path_factory.mktemp("notebook7"), NUMBERED_DOWNLOAD,
                              myst=True, app="notebook")


def test_download_in_notebook_7(browser, notebook7):
    base, token, _ = notebook7
    context, page = open_notebook(browser, f"{base}/notebooks/{NUMBERED}.ipynb?token={token}")
    try:
        assert page.locator("#main-panel, .jp-NotebookPanel").count() >= 1
        text = page.evaluate(shown_text(".jp-MarkdownCell .jp-Cell-inputWrapper"))
        assert "Constraint forces and Coulomb friction" in text
        numbered = [numbers for numbers in page.evaluate(SHOWN_NUMBERS) if numbers]
        assert numbered == [[f"({number})"] for number in book_numbers(NUMBERED_DOWNLOAD)]
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SCREENSHOTS / f"notebook7-{NUMBERED}.png"))
    finally:
        context.close()


#: The chapter the README's reader path opens as a notebook (jupytext) and saves.
SOURCE_CHAPTER = ROOT / "book" / "potential-energy.md"


@pytest.fixture(scope="module")
def readers_lab_on_the_sources(tmp_path_factory):
    """JupyterLab as requirements.txt installs it (jupytext, jupyterlab-myst),
    serving a copy of the chapters' sources with the repository's
    jupytext.toml above them, as a clone has them, and saving every 5 s
    (JupyterLab's own autosave; its default interval is 120 s)."""
    home = tmp_path_factory.mktemp("readers-lab-sources")
    docmanager = home / "settings" / "@jupyterlab" / "docmanager-extension"
    docmanager.mkdir(parents=True)
    (docmanager / "plugin.jupyterlab-settings").write_text(json.dumps({"autosaveInterval": 5}))
    root = home / "root"
    shutil.copytree(ROOT / "book", root / "book")
    shutil.copy(ROOT / "jupytext.toml", root)
    yield from jupyter_server(home, root, myst=True)


def test_a_chapter_opened_and_saved_as_a_notebook_is_unchanged(browser, readers_lab_on_the_sources):
    """The README's reader path: a chapter's .md opened with jupytext's "Open
    With > Jupytext Notebook" from JupyterLab's file browser, left open past an
    autosave, saved and closed, is byte for byte the file it was."""
    base, token, root = readers_lab_on_the_sources
    path = root / "book" / SOURCE_CHAPTER.name
    context = browser.new_context(viewport={"width": 1280, "height": 1000})
    page = context.new_page()
    try:
        page.goto(f"{base}/lab/tree/book?token={token}", wait_until="load")
        item = page.locator(f'.jp-DirListing-item[title^="Name: {SOURCE_CHAPTER.name}"]')
        item.click(button="right", timeout=60_000)
        # (a menu label's text is split by the underlined mnemonic letter)
        page.locator(".lm-Menu-itemLabel", has_text="Open With").hover()
        page.locator(".lm-Menu-itemLabel", has_text="Jupytext Notebook").click()
        page.wait_for_selector(".jp-NotebookPanel .jp-MarkdownCell", timeout=60_000)
        # the kernel started and answered (JupyterLab then writes its kernelspec
        # and language_info into the notebook's metadata)
        page.wait_for_selector('.jp-Notebook-ExecutionIndicator[data-status="idle"]',
                               timeout=120_000)
        wait_until_still(page)
        # the first thing it shows says that this is the chapter's source, and
        # where the notebook that reads like the book is (bookkit.chapters)
        first = page.locator(".jp-NotebookPanel .jp-Cell").first
        title = SOURCE_NOTE.splitlines()[0].split("} ", 1)[1]
        assert title in first.inner_text(), first.inner_text()[:300]
        assert first.locator(".admonition, aside, .myst-admonition").count() \
            or "important" in first.inner_html().lower(), "the note is not rendered as one"
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SCREENSHOTS / "jupyterlab-source-opened.png"))
        tab = page.locator(".lm-TabBar-tab.jp-mod-current")
        # JupyterLab marks the notebook modified when its kernel answers (it adds
        # the kernel's metadata, which jupytext does not write back): seen on an
        # idle machine; a loaded one reached the autosave first. What a reader
        # must see is that the autosave (every 5 s here, 120 s by default)
        # writes the file unchanged and clears the mark.
        # (an autosave comes every 5 s; on a loaded machine its write takes longer)
        try:
            page.wait_for_function(
                "() => !document.querySelector('.lm-TabBar-tab.jp-mod-current')"
                ".classList.contains('jp-mod-dirty')", timeout=30_000)
        except Exception:
            pass
        assert "jp-mod-dirty" not in (tab.get_attribute("class") or ""), (
            "still marked modified 30 s after it opened, past six autosaves")
        page.keyboard.press("Control+s")
        page.wait_for_timeout(2_000)
        page.keyboard.press("Alt+w")                  # close the tab
        page.wait_for_timeout(1_000)
        page.screenshot(path=str(SCREENSHOTS / "jupyterlab-source-saved.png"))
    finally:
        context.close()
    saved, original = path.read_bytes(), SOURCE_CHAPTER.read_bytes()
    if saved != original:
        import difflib

        diff = "\n".join(difflib.unified_diff(original.decode().splitlines(),
                                              saved.decode().splitlines(), lineterm="", n=1))
        pytest.fail(f"saving {SOURCE_CHAPTER.name} in JupyterLab changed it:\n{diff[:3000]}")


ANIMATED = "kanes-equations"    # a chapter with an animation (animation_html)
#: The rendered image of the output of the cell that calls animation_html.
ANIMATION_IMAGE = """() => {
    for (const cell of document.querySelectorAll('.jp-CodeCell')) {
        const code = cell.querySelector('.jp-InputArea');
        if (code && code.innerText.includes('animation_html(')) {
            const img = cell.querySelector('.jp-OutputArea-output img');
            return img ? {loaded: img.complete && img.naturalWidth > 0,
                          scripts: cell.querySelectorAll('script').length} : null;
        }
    }
    return undefined;
}"""


@pytest.fixture(scope="module")
def animated_download_lab(tmp_path_factory):
    """The readers' JupyterLab serving a chapter with an animation, untrusted
    as every download is."""
    download = BOOK / "_build" / "html" / "_sources" / "book" / f"{ANIMATED}.ipynb"
    yield from serve_download(tmp_path_factory.mktemp("animated-lab"), download, myst=True)


def test_the_animation_plays_in_an_untrusted_download(browser, animated_download_lab):
    """The download's animation is an animated image, which plays without a
    script: two pictures of it taken 0.6 s apart differ."""
    base, token, _ = animated_download_lab
    context, page = open_notebook(browser, f"{base}/lab/tree/{ANIMATED}.ipynb?token={token}")
    try:
        found = page.evaluate(ANIMATION_IMAGE)
        assert found is not None, "the animation's cell shows no image"
        assert found["loaded"], "the animation's image did not load"
        cell = page.locator(".jp-CodeCell", has_text="animation_html(").first
        image = cell.locator(".jp-OutputArea-output img").first
        image.scroll_into_view_if_needed()
        first = image.screenshot()
        page.wait_for_timeout(600)
        second = image.screenshot()
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        (SCREENSHOTS / f"jupyterlab-animation-{ANIMATED}.png").write_bytes(second)
        assert first != second, "the animation's image does not change"
    finally:
        context.close()
