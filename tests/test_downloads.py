"""The notebooks readers download are complete, read like the page, and run where Binder would.

These tests check the files the built site actually serves (the targets of the
pages' download buttons), not the option that should produce them: each
``.ipynb`` holds all of its chapter's prose and code with the outputs; its
Markdown is plain Jupyter Markdown (``_ext/mechbook_download.py`` rewrote the
MyST: no role, directive, target or labelled ``$$`` is left, every image is an
attachment of its cell, every equation reference is a number tagged in the same
notebook or a link into another chapter); and its code runs top to bottom in
a virtual environment made from ``requirements.txt`` alone
(what Binder and a reader's own machine install): nbval runs every chapter in
that environment's kernel, so the downloads are not run again here.

``MECHBOOK_BOOK=/path/to/a/copy`` checks another copy of the book and its build
(``<copy>/_build/html``), e.g. a private one.
"""

from __future__ import annotations

import html
import os
import re
import subprocess
from pathlib import Path

import jupytext
import nbformat
import pytest
import yaml

from bookkit.chapters import SOURCE_NOTE, markdown_parser
from bookkit.downloads import install_cell
from bookkit.quick_checks import DIRECTIVE as QUICK_CHECK
from bookkit.quick_checks import parse_quick_check
from bookkit.site import wheel_name
from tests.references import ROOT, notebook_pages, reference_path

BOOK = Path(os.environ.get("MECHBOOK_BOOK", ROOT))
PAGES = [BOOK / page.relative_to(ROOT) for page in notebook_pages()]
SITE = BOOK / "_build" / "html"
SOURCES = SITE / "_sources"
READERS_VENV = ROOT / ".venv-readers"
# MyST's own parser with the book's extensions: what is MyST syntax is what it finds.
MYST = markdown_parser()
# Image types JupyterLab renders from an attachment (it shows no SVG attachment).
ATTACHMENT_IMAGES = ("image/png", "image/jpeg", "image/gif", "image/webp", "image/bmp")
# Where the book is published: html.baseurl of _config.yml, the one place for it.
PUBLISHED = yaml.safe_load((BOOK / "_config.yml").read_text())["html"]["baseurl"].rstrip("/")
BOOK_URL = f"{PUBLISHED}/book/"
# "(2.3)" in a chapter; "(1)" on a page outside the numbered chapters (the intro).
CHAPTER_EQUATION = re.compile(r"\((\d+\.\d+)\)")
PAGE_EQUATION = re.compile(r"\((\d+)\)")


def downloaded(page: Path) -> Path:
    return SOURCES / page.relative_to(BOOK).with_suffix(".ipynb")


def tokens(source: str):
    """Every token MyST's parser finds in ``source``, inline ones included."""
    for token in MYST.parse(source):
        yield token
        yield from token.children or []


def markdown_cells(notebook):
    return [cell for cell in notebook.cells if cell.cell_type == "markdown"]


@pytest.fixture(scope="module", params=PAGES, ids=lambda p: p.stem)
def download(request):
    path = downloaded(request.param)
    assert path.exists(), f"the site offers no {path}"
    return request.param, nbformat.read(path, as_version=4)


def test_download_installs_mechlib_first(download):
    """Every download's first code cell is the same install cell, pointing at
    the wheel the site serves (a notebook downloaded on its own runs), and,
    should that fail, at the chapter's Binder button on its page."""
    page, notebook = download
    first = next(c for c in notebook.cells if c.cell_type == "code")
    built = (SITE / page.relative_to(BOOK).with_suffix(".html")).read_text(encoding="utf-8")
    binder = re.findall(r'href="(https://mybinder\.org/v2/[^"]+)"', built)
    assert len(set(binder)) == 1, f"{page.stem}: Binder buttons {binder}"
    expected = install_cell(f"{PUBLISHED}/_static/{wheel_name()}", html.unescape(binder[0]))
    assert (first.source, first.metadata.get("tags")) == \
        (expected.source, expected.metadata["tags"]), page.stem
    assert not first.get("outputs")


def test_the_site_serves_the_wheel_the_downloads_install():
    assert (SOURCES.parent / "_static" / wheel_name()).is_file()


def test_download_is_the_executed_chapter(download):
    page, notebook = download
    nbformat.validate(notebook)
    chapter = jupytext.read(page)
    notebook = nbformat.from_dict(dict(notebook, cells=[
        c for c in notebook.cells if c.get("id") != "install-mechlib"]))
    assert ([(c.source, c.metadata.get("tags", [])) for c in notebook.cells
             if c.cell_type == "code"]
            == [(c.source, c.metadata.get("tags", [])) for c in chapter.cells
                if c.cell_type == "code"]), (
        f"the downloaded {page.stem}.ipynb lacks or changed some of the chapter's code cells")
    reference = nbformat.read(BOOK / reference_path(page).relative_to(ROOT), as_version=4)
    expected = [bool(c.outputs) for c in reference.cells if c.cell_type == "code"]
    actual = [bool(c.outputs) for c in notebook.cells if c.cell_type == "code"]
    assert actual == expected, f"the downloaded {page.stem}.ipynb has lost outputs"
    assert notebook.metadata.kernelspec.name == "python3"


def text_outputs(cell):
    """A code cell's text as a reader sees it: each stream's text and each
    ``text/plain`` result, in order."""
    return [(o.name, o.text) if o.output_type == "stream" else ("result", o.data["text/plain"])
            for o in cell.outputs
            if o.output_type == "stream" or "text/plain" in o.get("data", {})]


def test_download_prints_what_the_page_prints(download):
    """The download's text outputs are the executed chapter's (the nbval
    reference, run in the readers' kernel), with no stream split or repeated;
    live widgets (tagged nbval-ignore-output) aside."""
    page, notebook = download
    reference = nbformat.read(BOOK / reference_path(page).relative_to(ROOT), as_version=4)
    code = [c for c in notebook.cells if c.cell_type == "code" and c.get("id") != "install-mechlib"]
    differ = [cell.source.splitlines()[0][:60]
              for cell, expected in zip(code, [c for c in reference.cells if c.cell_type == "code"],
                                        strict=True)
              if "nbval-ignore-output" not in expected.metadata.get("tags", [])
              and text_outputs(cell) != text_outputs(expected)]
    assert not differ, f"{page.stem}.ipynb prints otherwise than the chapter in cells {differ}"


def prose_fragments(source: str):
    """The chapter's running text: every text run MyST's parser finds, directive
    bodies (admonitions, exercises, solutions, captions) included."""
    for token in MYST.parse(source):
        if token.type in ("fence", "colon_fence") and token.info.startswith(
                "{" + QUICK_CHECK + "}"):
            check = parse_quick_check("\n".join(
                line for line in token.content.splitlines() if not line.startswith(":")))
            for text in (check.question, *(t for c in check.choices for t in (c.text, c.why))):
                yield from prose_fragments(text)
        elif token.type in ("fence", "colon_fence") and token.info.startswith("{"):
            body = "\n".join(line for line in token.content.splitlines()
                             if not line.startswith(":"))
            yield from prose_fragments(body)
        for child in token.children or []:
            if child.type == "text" and len(child.content.split()) >= 2:
                yield " ".join(child.content.split())


def test_download_has_all_the_prose(download):
    page, notebook = download
    text = " ".join(" ".join(cell.source.split()) for cell in markdown_cells(notebook))
    text = text.replace(" > ", " ").replace("\\", "")   # quotes; Markdown escapes
    chapter = jupytext.read(page)
    missing = [fragment for cell in chapter.cells if cell.cell_type == "markdown"
               and "remove-cell" not in cell.metadata.get("tags", [])
               for fragment in prose_fragments(cell.source)
               if fragment.replace("\\", "") not in text]
    assert not missing, f"{page.stem}.ipynb lost text of the chapter: {missing[:5]}"
    # and nothing the page leaves out: the source's note (tests/test_source_note.py)
    assert SOURCE_NOTE.splitlines()[1] not in text
    page_html = (SITE / page.relative_to(BOOK).with_suffix(".html")).read_text()
    assert "You have opened the source" not in page_html


def test_download_has_no_myst_syntax(download):
    page, notebook = download
    found = []
    for cell in markdown_cells(notebook):
        for token in tokens(cell.source):
            if (token.type in ("myst_role", "myst_target", "math_block_label",
                               "myst_line_comment")
                    or token.type in ("fence", "colon_fence") and token.info.startswith("{")):
                found.append(f"{token.type} {token.info or token.content!r}"[:80])
        found += re.findall(r"\{[a-z:-]+\}`|^\([\w-]+\)=\s*$|^:{3,}\{|\$\$ *\([\w-]+\)",
                            cell.source, flags=re.MULTILINE)
    assert not found, f"{page.stem}.ipynb still holds MyST: {found[:5]}"


def test_download_images_are_in_the_notebook(download):
    page, notebook = download
    figures = jupytext.read(page)
    expected = sum(cell.source.count("{figure}") for cell in figures.cells
                   if cell.cell_type == "markdown")
    shown = 0
    for cell in markdown_cells(notebook):
        sources = [token.attrs["src"] for token in tokens(cell.source) if token.type == "image"]
        sources += re.findall(r"<img[^>]*\bsrc=\"([^\"]+)\"", cell.source)
        for src in sources:
            assert src.startswith("attachment:"), f"{page.stem}: image {src} is not in the notebook"
            bundle = cell.get("attachments", {}).get(src[len("attachment:"):])
            assert bundle, f"{page.stem}: {src} is not an attachment of its cell"
            assert next(iter(bundle)) in ATTACHMENT_IMAGES, (
                f"{page.stem}: JupyterLab cannot show the attachment {src} ({list(bundle)})")
            shown += 1
    assert shown == expected, f"{page.stem}: {expected} figures in the chapter, {shown} shown"
    captions = sum(len(re.findall(r"^\*\*Fig\. \d+(?:\.\d+)*:\*\*", cell.source, re.MULTILINE))
                   for cell in markdown_cells(notebook))
    assert captions == expected, f"{page.stem}: {captions} numbered captions for {expected} figures"


def test_download_equation_references_have_numbers(download):
    page, notebook = download
    markdown = "\n\n".join(cell.source for cell in markdown_cells(notebook))
    tags = set(re.findall(r"\\tag\{([\d.]+)\}", markdown))
    chapter_eqs = sum(cell.source.count("{eq}`") for cell in jupytext.read(page).cells
                      if cell.cell_type == "markdown")
    pattern = CHAPTER_EQUATION if any("." in tag for tag in tags) else PAGE_EQUATION
    seen, in_link = 0, False
    for cell in markdown_cells(notebook):
        for token in tokens(cell.source):
            in_link = (token.type == "link_open") or (in_link and token.type != "link_close")
            if token.type == "link_open":
                href = token.attrs["href"]
                if "#equation-" in href:
                    assert href.startswith(BOOK_URL), f"{page.stem}: {href} is not the book"
                    assert not href.startswith(BOOK_URL + page.stem + ".html"), href
                    seen += 1
            elif token.type == "text" and not in_link:
                for number in pattern.findall(token.content):
                    assert number in tags, (
                        f"{page.stem}: equation ({number}) is referred to but not tagged")
                    seen += 1
    assert seen >= chapter_eqs > 0 or chapter_eqs == 0, (
        f"{page.stem}: {chapter_eqs} equation references, {seen} shown")


def test_download_numbers_exercises_and_folds_solutions(download):
    page, notebook = download
    chapter = "\n".join(c.source for c in jupytext.read(page).cells if c.cell_type == "markdown")
    markdown = [cell.source for cell in markdown_cells(notebook)]
    headings = sum(len(re.findall(r"^#+ Exercise \d+\.\d+", s, re.MULTILINE)) for s in markdown)
    assert headings == chapter.count("{exercise}"), f"{page.stem}: exercises not numbered"
    assert not any("<details>" in s for s in markdown)
    collapsed = [cell for cell in markdown_cells(notebook)
                 if cell.metadata.get("jp-MarkdownHeadingCollapsed")]
    # each solution, and each quick check's answer (tests/test_quick_checks.py)
    assert len(collapsed) == chapter.count("{solution}") + chapter.count(
        "{solution-start}") + chapter.count("{quick-check}"), f"{page.stem}: not folded"
    assert all(re.fullmatch(r"#+ (Solution to Exercise \d+\.\d+|Answer)", c.source)
               for c in collapsed)


def test_download_exercise_headings_carry_their_difficulty(download):
    """Each exercise's heading ends with its stars and their words, in the
    chapter's order (tests/test_difficulty.py: each has one mark)."""
    from bookkit.difficulty import stars, words
    from tests.test_difficulty import exercises

    page, notebook = download
    marked = [level for *_, level in exercises(page)]
    headings = [line for cell in markdown_cells(notebook) for line in cell.source.splitlines()
                if re.match(r"#+ Exercise \d+\.\d+", line)]
    assert len(headings) == len(marked), f"{page.stem}: {len(headings)} exercise headings"
    for heading, level in zip(headings, marked, strict=True):
        assert heading.endswith(f" {stars(level)} ({words(level)})"), heading


def test_download_ends_with_its_references(download):
    page, notebook = download
    chapter = page.read_text(encoding="utf-8")
    if "{cite" not in chapter:
        return
    last = notebook.cells[-1]
    assert last.cell_type == "markdown" and last.source.startswith("## References\n")
    assert "Kane and Levinson" not in last.source and "Levinson" in last.source


READERS_KERNEL = "mechbook-readers"


def test_chapters_run_in_the_readers_environment(request):
    """nbval runs every chapter's reference, whose code is the chapter's and the
    download's (test_references, test_download_is_the_executed_chapter), in the
    kernel scripts/readers-kernel.sh makes from requirements.txt alone: that
    run proves the downloads run where readers run them."""
    assert request.config.getoption("nbval_kernel_name") == READERS_KERNEL, (
        "run the suite with --nbval-kernel-name mechbook-readers (scripts/test.sh does)")
    from jupyter_client.kernelspec import KernelSpecManager

    spec = KernelSpecManager().get_kernel_spec(READERS_KERNEL)
    python = Path(spec.argv[0])
    assert python.parent.parent == READERS_VENV, spec.argv
    freeze = subprocess.run([str(python), "-m", "pip", "list", "--format=freeze"],
                            capture_output=True, text=True, check=True).stdout
    installed = {line.split("==")[0].lower().replace("_", "-") for line in freeze.split()}
    wanted = {line.split("==")[0].lower().replace("_", "-") for line in
              (ROOT / "requirements.txt").read_text().splitlines()
              if "==" in line and not line.startswith("#")}
    assert wanted <= installed, sorted(wanted - installed)
    assert not {"jupyter-book", "pytest", "nbval"} & installed


def test_another_public_address_leaves_no_trace_of_the_first(tmp_path):
    """The public address comes from _config.yml's html.baseurl alone: one
    chapter converted for another address (``_ext/mechbook_download.py
    --baseurl``, from the built book's environment) installs the wheel from
    there, links other chapters there, and names the configured address nowhere."""
    import sys

    other = "https://fork.example.org/kane/"
    out = tmp_path / "generalized-active-forces.ipynb"
    result = subprocess.run([sys.executable, str(BOOK / "_ext" / "mechbook_download.py"),
                             "book/generalized-active-forces", "--book", str(BOOK),
                             "--baseurl", other, "--out", str(out)],
                            cwd=BOOK, capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, (result.stdout + result.stderr)[-3000:]
    text = out.read_text(encoding="utf-8")
    assert PUBLISHED.split("://", 1)[1].split("/")[0] not in text
    notebook = nbformat.reads(text, as_version=4)
    first = next(c for c in notebook.cells if c.cell_type == "code")
    assert f'"{other}_static/{wheel_name()}"' in first.source
    links = re.findall(r"\]\((https?://[^)\s]+)\)", text)
    into_book = [link for link in links if "#" in link and ".html" in link]
    assert into_book and all(link.startswith(f"{other}book/") for link in into_book), links
