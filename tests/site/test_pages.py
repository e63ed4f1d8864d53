"""Every page of the built book, opened in headless Chromium, works offline.

For each page: no request leaves 127.0.0.1, the console shows no error, MathJax
has typeset every formula (no raw ``\\[``, ``\\(`` or ``$$`` left in the text),
every image loads, no page carries the ipywidgets manager or saved widget
state (explorers are static; tests/site/test_explorers.py), and every download
link returns a file.
"""

from __future__ import annotations

import contextlib
import json
import re
import subprocess
from pathlib import Path
from urllib.parse import urljoin, urlparse

import pytest

from tests.references import ROOT, is_notebook, toc_files
from tests.site.reading import DESKTOP, PHONE, wait_for_math

PAGES = [path.relative_to(ROOT).with_suffix(".html").as_posix() for path in toc_files()]
RAW_TEX = ["\\[", "\\(", "$$", "\\begin{"]

# Text of the page outside code blocks, where raw TeX would be a typesetting failure.
VISIBLE_TEXT = """() => {
    const clone = document.querySelector('main').cloneNode(true);
    clone.querySelectorAll('pre, code, script, style, .MathJax, mjx-container')
         .forEach(node => node.remove());
    return clone.innerText;
}"""

BROKEN_IMAGES = """() => Array.from(document.images)
    .filter(img => !(img.complete && img.naturalWidth > 0))
    .map(img => img.getAttribute('src'))"""


def open_page(context, url):
    """Open ``url`` and return (page, foreign requests, console errors)."""
    page = context.new_page()
    foreign, errors = [], []
    page.on("request", lambda request: foreign.append(request.url)
            if urlparse(request.url).hostname not in ("127.0.0.1", None) else None)
    page.on("console", lambda message: errors.append(message.text)
            if message.type == "error" else None)
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(url, wait_until="networkidle")
    wait_for_math(page)
    return page, foreign, errors


@contextlib.contextmanager
def opened(browser, url, viewport=DESKTOP, theme=None, **options):
    """``url`` in a browser context of its own, with ``viewport``, the
    ``theme`` ('light' or 'dark') a reader chose with the theme's switch
    (which keeps it in localStorage) if given, and other options of
    Playwright's ``new_context``: yields (page, foreign requests, console
    errors), then closes the context."""
    context = browser.new_context(viewport=viewport, **options)
    if theme:
        context.add_init_script(f"localStorage.setItem('mode', '{theme}')")
    try:
        yield open_page(context, url)
    finally:
        context.close()


def phone_page(browser, url, theme):
    """``url`` on a phone's 390 px screen in the ``theme`` a reader chose (:func:`opened`)."""
    return opened(browser, url, PHONE, theme)


@pytest.mark.parametrize("view", ["1280-light"])
@pytest.mark.parametrize("path", PAGES)
def test_page_works_offline(views, path, view):
    shown = views.open(path, view)
    page, foreign, errors = shown.page, shown.foreign, shown.errors
    assert not foreign, f"{path} requested other hosts: {foreign}"
    assert not errors, f"{path} logged console errors: {errors}"
    text = page.evaluate(VISIBLE_TEXT)
    raw = [token for token in RAW_TEX if token in text]
    assert not raw, f"{path} shows untypeset TeX {raw}"
    if "$" in "".join(page.locator("main .math").all_inner_texts()):
        pytest.fail(f"{path} has math that MathJax did not typeset")
    assert page.locator("mjx-container").count() > 0 or "\\" not in text
    broken = page.evaluate(BROKEN_IMAGES)
    assert not broken, f"{path} has images that do not load: {broken}"


@pytest.mark.parametrize("path", PAGES)
def test_stylesheets_carry_their_checksum(site, path):
    """Every stylesheet a page links from ``_static`` carries Sphinx's checksum
    (``?v=``; the theme's, its own ``?digest=``). One copied there only when
    the build finishes is linked without it by a build from scratch and with
    it by a rebuild (_ext/mechbook_assets_first.py): a page written again
    then differs from the same page built afresh."""
    html = (site / path).read_text(encoding="utf-8")
    links = [link for link in re.findall(r"<link [^>]*>", html) if 'rel="stylesheet"' in link]
    hrefs = [re.search(r'href="([^"]*)"', link).group(1) for link in links]
    bare = [href for href in hrefs if "_static/" in href and "?" not in href]
    assert hrefs and not bare, f"{path}: stylesheets without a checksum: {bare}"


@pytest.mark.parametrize("view", ["1280-light"])
@pytest.mark.parametrize("path", PAGES)
def test_download_links_return_files(views, base_url, path, view):
    page = views.open(path, view).page
    links = page.eval_on_selector_all(
        ".dropdown-download-buttons a[href]", "links => links.map(a => a.href)")
    source = ROOT / path.replace(".html", ".md")
    suffixes = {urlparse(link).path.rsplit(".", 1)[-1] for link in links}
    assert "md" in suffixes, f"{path} offers no .md download: {links}"
    if is_notebook(source):
        assert "ipynb" in suffixes, f"{path} offers no .ipynb download: {links}"
    assert any(urlparse(link).path.endswith("/book.pdf") for link in links), \
        f"{path} offers no download of the whole book: {links}"
    for link in links:
        if link.startswith("javascript:"):
            continue
        response = page.request.get(urljoin(f"{base_url}/{path}", link))
        assert response.ok, f"{path}: download {link} answered {response.status}"
        body = response.body()
        assert body, f"{path}: download {link} is empty"
        if link.endswith(".ipynb"):
            json.loads(body)


def pages_with_explorers():
    """Pages whose chapter shows an explorer: its reference notebook has a widget
    view (``ml.display.explorer``, or an old ipywidgets ``interact``)."""
    import nbformat

    from tests.references import WIDGET_VIEW, reference_path

    pages = []
    for source in toc_files():
        reference = reference_path(source)
        if not (is_notebook(source) and reference.exists()):
            continue
        notebook = nbformat.read(reference, as_version=4)
        if any(WIDGET_VIEW in output.get("data", {})
               for cell in notebook.cells if cell.cell_type == "code"
               for output in cell.outputs):
            pages.append(source.relative_to(ROOT).with_suffix(".html").as_posix())
    return pages


@pytest.mark.parametrize("path", pages_with_explorers())
def test_no_widget_manager_is_loaded(site, path):
    """A page with an explorer loads no ipywidgets manager and saves no widget
    state: it has no kernel, so its explorers are static (tests/site/test_explorers.py
    moves their sliders); the manager alone weighed 4.4 MB."""
    html = (site / path).read_text(encoding="utf-8")
    assert "application/vnd.jupyter.widget-state+json" not in html, (
        f"{path} saves ipywidgets state that no script of the page can draw")
    loaded = [name for name in ("embed-amd.js", "require.min.js", "html-manager")
              if name in html]
    assert not loaded, f"{path} loads the ipywidgets embed manager: {loaded}"


def notebook_page_paths():
    return [path for path, source in zip(PAGES, toc_files(), strict=True) if is_notebook(source)]


@pytest.mark.parametrize("path", notebook_page_paths())
def test_launch_button_opens_the_chapter_on_binder(site, path):
    """The Binder button opens this chapter's launch notebook in the repository
    named in _config.yml: notebooks/<chapter>.ipynb, which Binder's postBuild makes
    from the chapter (tests/site/test_launch.py takes that path)."""
    import re

    import yaml

    config = yaml.safe_load((ROOT / "_config.yml").read_text())
    repository = urlparse(config["repository"]["url"]).path.strip("/")
    branch = config["repository"].get("branch", "main")
    html = (site / path).read_text(encoding="utf-8")
    links = re.findall(r'href="(https://mybinder\.org/v2/gh/[^"]+)"', html)
    stem = Path(path).stem
    expected = (f"https://mybinder.org/v2/gh/{repository}/{branch}"
                f"?urlpath=lab/tree/notebooks/{stem}.ipynb")
    assert expected in links, f"{path}: no Binder link to {expected} (found {links})"
    # Binder builds from a clone of the repository: the chapter and postBuild must
    # be committed there, not merely present here.
    source = path.replace(".html", ".md")
    tracked = subprocess.run(["git", "ls-files", "--error-unmatch", source, "postBuild"],
                             cwd=ROOT, capture_output=True, text=True)
    if tracked.returncode != 0 and not (ROOT / ".git").exists():
        pytest.skip("not a git checkout: cannot tell what Binder's clone holds")
    assert tracked.returncode == 0, (
        f"{path}: git does not track {source} or postBuild, so Binder's clone of the "
        "repository cannot make the notebook the button opens")
