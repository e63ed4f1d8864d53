"""The launch button's path, as a reader takes it: Binder's environment, its URL.

The test builds the environment as Binder's repo2docker would, without Docker:
a copy of the repository (its working tree, committed in a fresh git history), a
fresh virtual environment with ``requirements.txt`` installed, then ``postBuild``
run from the repository's root. For every chapter it checks that the notebook
at the very ``urlpath`` that the chapter page's Binder button carries (read
from the built page) is the chapter's download without outputs (the book's
numbers and references). It starts JupyterLab there, as Binder does, opens
two chapters (OPENED) in Debian's headless Chromium, and checks what the
reader sees: a notebook, not text; no raw
MyST; every equation number shown once and equal to the book's; the figures
loaded; the solutions collapsed; no reference left unresolved; no console
warning; nothing from another host. For
one chapter it runs all cells (no error outside the cells tagged
``raises-exception``) and saves; afterwards ``git status`` is clean. Screenshots:
``_build/screenshots/launch-<chapter>.png``.

The environment is made by tests/binder_environment.py, which
``scripts/test.sh`` runs ahead while ``.venv`` installs. Outside CI it is kept
for the next run, in ``~/.cache/mechbook/binder`` (or ``MECHBOOK_BINDER_HOME``),
while the files it is installed from stay the same; CI installs it afresh
every time.
"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path
from urllib.parse import parse_qs, urlparse

import nbformat
import pytest
import yaml

from bookkit.launch import as_launch_notebook, launch_config
from tests.binder_environment import binder_home, prepare, record, run
from tests.reader_environment import environment
from tests.references import ROOT, notebook_pages
from tests.site.jupyter import jupyter_server, wait_until_still
from tests.site.test_jupyterlab import RAW_MYST, SHOWN_NUMBERS, book_numbers, shown_text

PAGES = ROOT / "_build" / "html" / "book"
SCREENSHOTS = ROOT / "_build" / "screenshots"
#: The chapter whose every cell the test runs (a quick one).
RUN_ALL = "partial-velocities"
# The Markdown cells' text a reader sees, outside math (KaTeX keeps the TeX source
# in its MathML copy) and code.
SHOWN_TEXT = shown_text(".jp-MarkdownCell .jp-Cell-inputWrapper",
                        ".katex, mjx-container, pre, code, script, style, .cm-editor")
BINDER_LINK = re.compile(r'href="(https://mybinder\.org/[^"]+)"')


#: The chapters that are notebooks: each page's Binder button opens one.
LAUNCHED = [page.stem for page in notebook_pages()]
#: The chapters opened in JupyterLab in Chromium: what a launch shows depends
#: on the chapter only through its notebook, which is the chapter's download
#: for every chapter (test_every_launch_notebook_is_the_chapters_download;
#: tests/test_downloads.py reads every download as JupyterLab would).
OPENED = [RUN_ALL, "whipple-bicycle"]


def launch_path(page: Path) -> str | None:
    """The urlpath of the Binder button of the built ``page``; None if it has none."""
    found = BINDER_LINK.search(page.read_text())
    if not found:
        return None
    return parse_qs(urlparse(html.unescape(found.group(1))).query)["urlpath"][0]


def launch_paths() -> dict[str, str]:
    """{chapter: the urlpath of its page's Binder button}, from the built pages."""
    paths = {page.stem: launch_path(page) for page in sorted(PAGES.glob("*.html"))}
    return {chapter: path for chapter, path in paths.items() if path}


def same_as_download(notebook: Path, chapter: str) -> list[str]:
    """What differs between the launch notebook ``notebook`` and the chapter's
    download in the built site without outputs (:func:`as_launch_notebook`):
    empty if nothing."""
    download = ROOT / "_build" / "html" / "_sources" / "book" / f"{chapter}.ipynb"
    expected = as_launch_notebook(nbformat.read(download, as_version=4))
    launched = nbformat.read(notebook, as_version=4)
    # written by the Binder environment's Python, which may not be this one
    expected.metadata["language_info"] = launched.metadata.get("language_info")
    if launched == expected:
        return []
    if launched.metadata != expected.metadata:
        return [f"metadata: {sorted(launched.metadata)} against the download's"
                f" {sorted(expected.metadata)}"]
    if len(launched.cells) != len(expected.cells):
        return [f"{len(launched.cells)} cells, the download {len(expected.cells)}"]
    return [f"cell {n}: {cell.source[:200]!r}, the download {other.source[:200]!r}"
            for n, (cell, other) in enumerate(zip(launched.cells, expected.cells, strict=True))
            if cell != other][:3]


@pytest.fixture(scope="module")
def binder(tmp_path_factory):
    """JupyterLab at the root of a repository set up as repo2docker sets it up:
    ``requirements.txt`` installed (:func:`tests.binder_environment.prepare`:
    kept from an earlier run, or from ``scripts/test.sh``'s install ahead,
    while what it is installed from stays the same), then ``postBuild`` run."""
    with binder_home() as home:
        repo, venv, env, kept = prepare(home)
        run(["./postBuild"], cwd=repo, env=env)
        record(home)
        print(f"Binder environment {'kept' if kept else 'installed'}: {venv}")
        yield from jupyter_server(tmp_path_factory.mktemp("binder-server"), repo, myst=True,
                                  python=str(venv / "bin" / "python"), env=env)


def test_every_chapter_page_launches_its_notebook():
    paths = launch_paths()
    assert len(paths) >= 10, f"pages with a Binder button: {sorted(paths)}"
    assert sorted(paths) == sorted(LAUNCHED), "pages with a Binder button against notebooks"
    assert all(path == f"lab/tree/notebooks/{chapter}.ipynb"
               for chapter, path in paths.items()), paths




def what_the_reader_sees(page, notebook, screenshot: str) -> list[str]:
    """What is wrong with the launch notebook open in ``page`` (JupyterLab, a
    reader's first look at it), whose file is ``notebook``: empty if nothing.
    The reader's first look is saved as ``_build/screenshots/<screenshot>.png``."""
    page.wait_for_selector(".jp-NotebookPanel .jp-MarkdownCell", timeout=90_000)
    page.wait_for_function(
        """() => Array.from(document.querySelectorAll('.jp-MarkdownCell img'))
                .every(img => img.complete && img.naturalWidth > 0)""", timeout=60_000)
    wait_until_still(page)
    cells = nbformat.read(notebook, as_version=4).cells
    found = []
    if page.locator(".jp-FileEditor").count():
        found.append("opened as text")
    tab = page.locator(".lm-TabBar-tab.jp-mod-current")
    if "jp-mod-dirty" in (tab.get_attribute("class") or ""):
        found.append("opened as modified")
    solutions = sum(1 for c in cells if c.metadata.get("jp-MarkdownHeadingCollapsed"))
    collapsed = page.locator(".jp-collapseHeadingButton.jp-mod-collapsed")
    if collapsed.count() < solutions:
        found.append("solutions not collapsed")
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{screenshot}.png"))
    # unfold them, as a reader who checks an answer does, and read on
    for _ in range(10):   # nested headings open in rounds
        if not collapsed.count():
            break
        collapsed.evaluate_all("buttons => buttons.forEach(b => b.click())")
        wait_until_still(page, quiet=300)
    wait_until_still(page)
    text = page.evaluate(SHOWN_TEXT)
    found += [f"raw {token_!r}" for token_ in RAW_MYST if token_ in text]
    if re.search(r"not found", text, re.IGNORECASE):
        found.append("an unresolved reference ('not found')")
    numbered = [n for n in page.evaluate(SHOWN_NUMBERS) if n]
    expected = [[f"({number})"] for number in book_numbers(notebook)]
    if numbered != expected:
        wrong = [(shown, book) for shown, book in zip(numbered, expected, strict=False)
                 if shown != book]
        found.append(f"{len(numbered)} equation numbers shown, {len(expected)} in the "
                     f"book; first differences {wrong[:3]}")
    images = sum(1 for c in cells if c.cell_type == "markdown"
                 for _ in re.finditer(r"!\[[^\]]*\]\(attachment:", c.source))
    if page.locator(".jp-MarkdownCell img").count() < images:
        found.append("figures missing")
    return found


#: What JupyterLab says of its own speed on a busy machine, while a plugin
#: takes over five seconds to start and once it has (both from its
#: ``activatePlugin``); not a problem of the launch.
SLOW_PLUGIN = re.compile(r"^Plugin \S+ (is taking too long to activate|"
                         r"\(with \d+ dependants\) took [\d.]+ms to activate)\.$")


def watch(page) -> tuple[list[str], list[str]]:
    """(requests to other hosts, console warnings and errors) of ``page``, as they come."""
    foreign, console = [], []
    page.on("request", lambda request: foreign.append(request.url)
            if urlparse(request.url).hostname not in ("127.0.0.1", None) else None)
    page.on("console", lambda message: console.append(f"{message.type}: {message.text}")
            if message.type in ("warning", "error") and not SLOW_PLUGIN.match(message.text)
            else None)
    return foreign, console


@pytest.fixture(scope="module")
def readers_browser(browser):
    """The browser of a reader who launches one chapter after another: its
    cache keeps JupyterLab's scripts from one launch to the next."""
    context = browser.new_context(viewport={"width": 1280, "height": 1000})
    yield context
    context.close()


@pytest.mark.parametrize("chapter", LAUNCHED)
def test_every_launch_notebook_is_the_chapters_download(binder, chapter):
    """The notebook that each page's Binder button opens, after Binder's
    ``postBuild``, is the chapter's download without outputs."""
    _, _, repo = binder
    urlpath = launch_path(PAGES / f"{chapter}.html")
    assert urlpath, f"{chapter}: its page has no Binder button"
    differences = same_as_download(repo / urlpath.removeprefix("lab/tree/"), chapter)
    assert not differences, f"{chapter}: not its download: {differences}"


@pytest.mark.parametrize("chapter", OPENED)
def test_launch_opens_the_chapter_as_the_page_reads(readers_browser, binder, chapter):
    base, token, repo = binder
    urlpath = launch_path(PAGES / f"{chapter}.html")
    assert urlpath, f"{chapter}: its page has no Binder button"
    notebook = repo / urlpath.removeprefix("lab/tree/")
    found = []
    page = readers_browser.new_page()
    foreign, console = watch(page)
    try:
        # ?reset: a new workspace, as a reader's new Binder session has (this
        # server has opened the chapters before)
        page.goto(f"{base}/{urlpath}?reset&token={token}", wait_until="load")
        found += what_the_reader_sees(page, notebook, screenshot=f"launch-{chapter}")
    finally:
        page.close()
    if console:
        found.append(f"console: {console[:3]}")
    if foreign:
        found.append(f"other hosts: {foreign[:3]}")
    assert not found, f"{chapter}: {'; '.join(found)}"


def test_run_all_in_the_launched_notebook_and_leave_the_repository_clean(browser, binder):
    base, token, repo = binder
    urlpath = launch_path(PAGES / f"{RUN_ALL}.html")
    differences = same_as_download(repo / urlpath.removeprefix("lab/tree/"), RUN_ALL)
    assert not differences, f"{RUN_ALL}'s launch notebook is not its download: {differences}"
    context = browser.new_context(viewport={"width": 1280, "height": 1000})
    page = context.new_page()
    try:
        page.goto(f"{base}/{urlpath}?reset&token={token}", wait_until="load")
        page.wait_for_selector(".jp-NotebookPanel .jp-MarkdownCell", timeout=90_000)
        page.wait_for_selector(".jp-Notebook-ExecutionIndicator[data-status='idle']",
                               timeout=60_000)
        page.get_by_role("menuitem", name="Run").click()
        page.get_by_role("menuitem", name="Run All Cells", exact=True).click()
        # every code cell has run when no prompt is empty or busy
        page.wait_for_function(
            """() => { const prompts = Array.from(document.querySelectorAll(
                            '.jp-CodeCell .jp-InputArea-prompt')).map(p => p.innerText);
                       return prompts.length > 0 && prompts.every(p => /\\[\\d+\\]/.test(p)); }""",
            timeout=300_000, polling=1000)
        page.keyboard.press("Control+s")
        page.wait_for_timeout(2000)
        notebook = nbformat.read(repo / urlpath.removeprefix("lab/tree/"), as_version=4)
        errors = [cell.source.splitlines()[0] for cell in notebook.cells
                  if cell.cell_type == "code"
                  and "raises-exception" not in cell.metadata.get("tags", [])
                  and any(o.output_type == "error" for o in cell.outputs)]
        assert not errors, f"Run All raised in {errors}"
        assert sum(1 for c in notebook.cells if c.cell_type == "code" and c.outputs) > 10
    finally:
        context.close()
    status = run(["git", "status", "--porcelain", "--ignored=no"], cwd=repo)
    assert status == "", f"the reader's repository changed:\n{status}"
    assert json.loads((repo / urlpath.removeprefix("lab/tree/")).read_text())["cells"]


#: The course hub's address in the instructor's _config.yml. The test has no hub:
#: it plays the hub's part, which redirects ``<hub>/hub/user-redirect/<path>`` to
#: ``<path>`` on the student's own server.
HUB = "https://hub.example.edu"
HUB_LINK = re.compile(r'href="(' + re.escape(HUB) + r'/hub/user-redirect/git-pull\?[^"]+)"')
#: What a course hub's image has besides requirements.txt (book/instructors.md).
NBGITPULLER = "nbgitpuller==1.3.0"
#: The chapter whose hub link the test follows in the browser.
HUB_CHAPTER = "constraint-forces"


@pytest.fixture(scope="module")
def course_hub(binder, tmp_path_factory):
    """A course hub as book/instructors.md sets one up, the instructor's part done:
    the launch branch committed (``python -m bookkit.launch --branch launch``)
    and pushed to the course's git host (a bare repository here), the site built
    with ``jupyterhub_url`` set (without executing: the buttons do not depend on
    it). Yields ({chapter: its page's JupyterHub link}, a student's server with
    nbgitpuller, serving an empty home, as (base URL, token, home))."""
    _, _, repo = binder
    venv = repo.parent / "venv"
    python = str(venv / "bin" / "python")
    env = environment(venv)
    home = tmp_path_factory.mktemp("hub")
    origin = home / "git" / "mechbook" / "generalized-forces"
    run(["git", "init", "--quiet", "--bare", str(origin)], cwd=home)
    run([python, "-m", "bookkit.launch", "--branch", "launch"], cwd=repo, env=env)
    run(["git", "push", "--quiet", str(origin), "launch"], cwd=repo)
    config = launch_config((repo / "_config.yml").read_text())
    config["repository"]["url"] = origin.as_uri()
    config["launch_buttons"]["jupyterhub_url"] = HUB
    # the theme infers the provider from the address; a file:// one needs naming
    theme = config["sphinx"]["config"].setdefault("html_theme_options", {})
    theme["repository_provider"] = "github"
    (repo / ".hub-config.yml").write_text(yaml.safe_dump(config, sort_keys=False))
    try:
        # the book's extensions import bookkit from the repository, as in every
        # build bookkit runs (bookkit.site.build_environment)
        run([str(venv / "bin" / "jupyter-book"), "build", str(repo), "--config",
             str(repo / ".hub-config.yml"), "--path-output", str(home / "site")], cwd=repo,
            env={**env, "PYTHONPATH": str(repo)})
    finally:
        (repo / ".hub-config.yml").unlink()
    links = {}
    for page in sorted((home / "site" / "_build" / "html" / "book").glob("*.html")):
        found = HUB_LINK.search(page.read_text())
        if found:
            links[page.stem] = html.unescape(found.group(1))
    run([python, "-m", "pip", "install", "--quiet", NBGITPULLER], cwd=home, env=env)
    student = home / "student"
    student.mkdir()
    try:
        for server in jupyter_server(home / "server", student, myst=True, python=python,
                                     env=env):
            yield links, server
    finally:   # the Binder environment is kept for the next run without it
        run([python, "-m", "pip", "uninstall", "--yes", "--quiet", "nbgitpuller"],
            cwd=home, env=env)


def test_every_chapter_page_has_a_hub_link_to_its_launch_notebook(course_hub):
    links, _ = course_hub
    assert len(links) >= 10, f"pages with a JupyterHub button: {sorted(links)}"
    for chapter, link in links.items():
        query = parse_qs(urlparse(link).query)
        assert query["branch"] == ["launch"], link
        assert query["urlpath"] == [f"lab/tree/generalized-forces/notebooks/{chapter}.ipynb"], link


def test_the_hub_link_pulls_the_launch_branch_and_opens_the_chapter_as_the_page_reads(
        browser, course_hub):
    links, (base, token, student) = course_hub
    # what the hub does with <hub>/hub/user-redirect/<path>: the student's server's <path>
    path = links[HUB_CHAPTER].removeprefix(f"{HUB}/hub/user-redirect/")
    context = browser.new_context(viewport={"width": 1280, "height": 1000})
    page = context.new_page()
    foreign, console = watch(page)
    try:
        page.goto(f"{base}/{path}&token={token}", wait_until="load")
        # nbgitpuller clones, then sends the browser on to the urlpath
        page.wait_for_url(re.compile(r"/lab/tree/"), timeout=120_000)
        urlpath = parse_qs(urlparse(links[HUB_CHAPTER]).query)["urlpath"][0]
        notebook = student / urlpath.removeprefix("lab/tree/")
        found = [f"not its download: {difference}"
                 for difference in same_as_download(notebook, HUB_CHAPTER)]
        found += what_the_reader_sees(page, notebook, screenshot=f"hub-{HUB_CHAPTER}")
    finally:
        context.close()
    # every chapter's link opens a notebook that the pulled branch holds
    missing = [chapter for chapter, link in links.items()
               if not (student / parse_qs(urlparse(link).query)["urlpath"][0]
                       .removeprefix("lab/tree/")).is_file()]
    assert not found + missing + console + foreign, (
        f"what the reader sees: {found}; no notebook for {missing}; "
        f"console: {console[:3]}; other hosts: {foreign[:3]}")
