"""A downloaded chapter, opened in real JupyterLab, reads like the page.

JupyterLab comes from ``requirements.txt`` (which ``requirements-dev.txt``
includes); the test serves a temporary folder holding one downloaded chapter on
127.0.0.1 with a token, opens the notebook in Debian's headless Chromium and
checks what a reader sees: no raw MyST in the rendered Markdown, every figure
loaded, math typeset by JupyterLab's own MathJax, no request to another host, and
the multi-cell solutions collapsed under their headings. The jupyterlab-myst
extension is disabled for this server: the download must read well in a plain
JupyterLab. A screenshot is saved to ``_build/screenshots/jupyterlab-<chapter>.png``.

``MECHBOOK_BOOK=/path/to/a/copy`` takes the download from another copy's build.
"""

from __future__ import annotations

import json
import os
import secrets
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from urllib.parse import urlparse

import pytest

from tests.references import ROOT

BOOK = Path(os.environ.get("MECHBOOK_BOOK", ROOT))
CHAPTER = "partial-velocities"
DOWNLOAD = BOOK / "_build" / "html" / "_sources" / "book" / f"{CHAPTER}.ipynb"
SCREENSHOTS = BOOK / "_build" / "screenshots"
FIGURES = 3   # the chapter's {figure} directives

# Rendered Markdown text outside math and code, where MyST would be raw syntax.
RENDERED_TEXT = """() => Array.from(
    document.querySelectorAll('.jp-MarkdownCell .jp-RenderedMarkdown'))
    .map(node => { const clone = node.cloneNode(true);
        clone.querySelectorAll('mjx-container, pre, code, script, style')
             .forEach(n => n.remove());
        return clone.innerText; }).join('\\n')"""
IMAGES = """() => Array.from(document.querySelectorAll('.jp-MarkdownCell .jp-RenderedMarkdown img'))
    .map(img => ({src: img.getAttribute('src').slice(0, 30),
                  loaded: img.complete && img.naturalWidth > 0}))"""
RAW_MYST = ["{eq}`", "{numref}`", "{cite:p}`", "{doc}`", "{ref}`", "```{", ":::{", ")=", "$$",
            ":label:", ":class:", ":name:", ":alt:", "\\tag", "\\bar{"]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture(scope="module")
def jupyterlab(tmp_path_factory):
    """A JupyterLab server on 127.0.0.1 whose root holds the downloaded chapter."""
    if not DOWNLOAD.exists():
        pytest.fail(f"no {DOWNLOAD}: build the book first (scripts/build.sh)")
    home = tmp_path_factory.mktemp("jupyterlab")
    root = home / "root"
    root.mkdir()
    shutil.copy(DOWNLOAD, root)
    config = home / "config"
    (config / "labconfig").mkdir(parents=True)
    # A plain JupyterLab: the download must not need jupyterlab-myst.
    (config / "labconfig" / "page_config.json").write_text(
        json.dumps({"disabledExtensions": {"jupyterlab-myst": True,
                                           # no "get Jupyter news?" prompt on the picture
                                           "@jupyterlab/apputils-extension:announcements": True}}))
    settings = home / "settings" / "@jupyterlab" / "notebook-extension"
    settings.mkdir(parents=True)
    # Render every cell (no windowing), so that the whole chapter can be checked.
    (settings / "tracker.jupyterlab-settings").write_text(json.dumps({"windowingMode": "none"}))
    port, token = free_port(), secrets.token_hex(16)
    env = {**os.environ, "JUPYTER_CONFIG_DIR": str(config),
           "JUPYTER_RUNTIME_DIR": str(home / "runtime"), "HOME": str(home)}
    server = subprocess.Popen(
        [sys.executable, "-m", "jupyterlab", "--no-browser", "--ServerApp.ip=127.0.0.1",
         f"--ServerApp.port={port}", "--ServerApp.port_retries=0",
         f"--IdentityProvider.token={token}", f"--ServerApp.root_dir={root}",
         f"--LabApp.user_settings_dir={home / 'settings'}",
         f"--LabApp.workspaces_dir={home / 'workspaces'}",
         "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
         "--LabApp.extension_manager=readonly", "--allow-root"],
        env=env, stdout=subprocess.DEVNULL, stderr=(home / "server.log").open("w"))
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(120):
            try:
                urllib.request.urlopen(f"{base}/api/status?token={token}", timeout=2)
                break
            except OSError:
                if server.poll() is not None:
                    pytest.fail("JupyterLab did not start:\n"
                                + (home / "server.log").read_text()[-3000:])
                time.sleep(0.5)
        else:
            pytest.fail("JupyterLab did not answer within 60 s")
        yield base, token
    finally:
        server.terminate()
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            server.kill()


def test_download_reads_like_the_page_in_jupyterlab(browser, jupyterlab):
    base, token = jupyterlab
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
        page.wait_for_timeout(2000)   # let MathJax finish the last cells
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
