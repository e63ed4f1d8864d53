"""The printable handouts (scripts/pdf.sh): every chapter of the built site as a PDF.

The test command builds the book first (scripts/build.sh); these tests print
two numbered chapters of ``_build/html`` (PRINTED) once, in A4 and in Letter, with the
command itself (``python -m bookkit.handouts SITE OUT book/<chapter>.html``,
one chapter at a time, from a session fixture), and read each PDF with
poppler-utils (``pdfinfo``, ``pdftotext``, ``pdfimages``, installed by
scripts/install-browser.sh). Each handout must:

- have more than one page, of its paper size;
- carry the chapter title as its heading and in the header of every page, and
  page numbers in the footer;
- show no raw TeX: a TeX command (``\\frac``, ``\\mathbf``, ``\\begin{``...) or
  ``$$`` occurs in the PDF's text no more often than in the page's code and
  code outputs (where it is meant to be seen);
- show no widget debris: no "Loading widget", no slider label beside its
  readout (an explorer's: its "k of n"), no toggle-button labels;
- print every picture: every figure's number ("Fig. 6.2"), the pictures the
  page showed when printed (the command's manifest) at least as many as the
  article's ``<img>``, and at least one raster image in the PDF per PNG/JPEG
  of the page and per picture saved in its explorers' widget state.

``HANDOUT_SITE=/path/to/_build/html python -m pytest tests/test_pdf.py``
checks the handouts of another built site (a private build, the student edition).
"""

from __future__ import annotations

import html
import json
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest
import yaml

from bookkit import handouts as handout_tool
from tests.references import ROOT
from tests.site.conftest import built

SITE = Path(os.environ.get("HANDOUT_SITE", ROOT / "_build" / "html"))
PAPERS = {"a4": "(A4)", "letter": "(letter)"}


def numbered_chapters() -> list[str]:
    """Slugs of the chapters in the numbered parts of ``_toc.yml``, in book order."""
    toc = yaml.safe_load((ROOT / "_toc.yml").read_text())
    return [Path(entry["file"]).name for part in toc.get("parts", []) if part.get("numbered")
            for entry in part.get("chapters", [])]


CHAPTERS = numbered_chapters()
#: The chapters printed as handouts here: printing depends on a chapter only
#: through its content, which the whole book (printed by the same command,
#: tests/test_book_pdf.py) checks for every chapter. The first chapter, and
#: the one with the most kinds of output (explorers, an animation, tables).
PRINTED = [CHAPTERS[0], "whipple-bicycle"]
TEX_COMMAND = re.compile(r"\\[A-Za-z]{2,}|\\begin\{|\$\$")


@pytest.fixture(scope="session")
def handout(tmp_path_factory):
    """``handout(slug)``: the chapter printed by the command in both papers, once
    per session, as (folder, manifest). One chapter at a time, when a test first
    asks for it: a run of one chapter's tests (``scripts/test.sh --chapter``)
    prints that chapter alone."""
    built(SITE)
    for tool in ("pdftotext", "pdfinfo", "pdfimages"):
        if shutil.which(tool) is None:
            pytest.fail(f"{tool} is missing: scripts/install-browser.sh installs poppler-utils")
    root = tmp_path_factory.mktemp("pdf")
    printed = {}

    def print_chapter(slug: str):
        if slug not in printed:
            out = root / slug
            start = time.monotonic()
            result = subprocess.run([sys.executable, "-m", "bookkit.handouts",
                                     str(SITE), str(out), f"book/{slug}.html"],
                                    capture_output=True, text=True, timeout=600, cwd=ROOT)
            assert result.returncode == 0, result.stdout[-2000:] + result.stderr[-4000:]
            print(f"printed {slug} in {time.monotonic() - start:.0f} s")
            printed[slug] = out, {entry["pdf"]: entry for entry
                                  in json.loads((out / "manifest.json").read_text())}
        return printed[slug]

    return print_chapter


def pdf_text(pdf: Path) -> str:
    return subprocess.run(["pdftotext", "-enc", "UTF-8", str(pdf), "-"], check=True,
                          capture_output=True, text=True).stdout


def pdf_info(pdf: Path) -> dict[str, str]:
    out = subprocess.run(["pdfinfo", str(pdf)], check=True, capture_output=True,
                         text=True).stdout
    return dict(line.split(":", 1) for line in out.splitlines() if ":" in line)


def raster_images(pdf: Path) -> int:
    """Images a PDF draws (``pdfimages -list`` rows of type image, not their masks)."""
    out = subprocess.run(["pdfimages", "-list", str(pdf)], check=True, capture_output=True,
                         text=True).stdout
    return sum(1 for line in out.splitlines()[2:] if line.split()[2:3] == ["image"])


def squash(text: str) -> str:
    return re.sub(r"\s+", " ", text)


def article(page_html: str) -> str:
    start = page_html.index('<article class="bd-article"')
    return page_html[start:page_html.index("</article>", start)]


def code_text(page_html: str) -> str:
    """The text of the article's code: code cells, text outputs and inline code."""
    blocks = re.findall(r"<(pre|code)\b[^>]*>(.*?)</\1>", article(page_html), re.S)
    return "\n".join(html.unescape(re.sub(r"<[^>]+>", "", body)) for _, body in blocks)


def widget_models(page_html: str) -> list[dict]:
    models = []
    for state in re.findall(r'<script type="application/vnd.jupyter.widget-state\+json">'
                            r"(.*?)</script>", page_html, re.S):
        models.extend(json.loads(state)["state"].values())
    return models


def widget_debris(page_html: str) -> list[re.Pattern]:
    """What a printed control would leave in the text: a slider's label beside its readout,
    the labels of toggle buttons side by side."""
    patterns = []
    for model in widget_models(page_html):
        state, name = model["state"], model["model_name"]
        if name in ("FloatSliderModel", "IntSliderModel") and state.get("description"):
            value = format(state["value"], state.get("readout_format")
                           or (".2f" if name.startswith("Float") else "d"))
            patterns.append(re.compile(re.escape(state["description"]) + r"\s+"
                                       + re.escape(value)))
        elif name == "ToggleButtonsModel":
            labels = [re.escape(label) for label in state.get("_options_labels", [])]
            patterns.append(re.compile(re.escape(state.get("description") or "")
                                       + r"\s*" + r"\s*".join(labels) + r"(?:\s|$)"))
    # A static explorer's slider (mechlib/book/explorer.py): its label, then its
    # ends and its value with "k of n".
    for label in re.findall(r'<div class="mechlib-explorer-control"><label for="[^"]+">'
                            r"([^<]+)</label>", page_html):
        patterns.append(re.compile(re.escape(html.unescape(label))
                                   + r"[\s\S]{0,80}?\b\d+ of \d+\b"))
    return patterns


def expected_rasters(page_html: str) -> int:
    """Raster pictures a chapter prints: its PNG/JPEG ``<img>`` and its explorers'
    saved pictures."""
    sources = re.findall(r'<img\b[^>]*\bsrc="([^"]+)"', article(page_html))
    rasters = sum(1 for src in sources
                  if src.startswith("data:image/png") or src.startswith("data:image/jp")
                  or src.lower().endswith((".png", ".jpg", ".jpeg")))
    saved = sum(1 for model in widget_models(page_html) if model["model_name"] == "OutputModel"
                for output in model["state"].get("outputs", [])
                if {"image/png", "image/jpeg"} & set(output.get("data", {})))
    return rasters + saved


def test_the_toc_has_chapters_to_print():
    assert len(CHAPTERS) >= 2, CHAPTERS


def test_the_command_prints_every_numbered_chapter_by_default():
    """Without pages named, the command prints the chapters of the numbered parts."""
    built(SITE)
    assert [chapter.slug for chapter in handout_tool.chapters(SITE)] == CHAPTERS


def test_naming_a_page_that_is_not_a_chapter_stops_with_its_name(tmp_path, capsys):
    built(SITE)
    with pytest.raises(SystemExit) as stopped:
        handout_tool.main([str(SITE), str(tmp_path), f"book/{CHAPTERS[0]}.html",
                           "book/notation.html", "book/no-such-page.html"])
    message = str(stopped.value)
    assert "book/notation.html" in message and "book/no-such-page.html" in message
    assert CHAPTERS[0] not in message and not list(tmp_path.iterdir())


def test_a_chapter_is_printed_in_both_papers(handout):
    out, manifest = handout(CHAPTERS[0])
    expected = {f"{CHAPTERS[0]}-{paper}.pdf" for paper in PAPERS}
    assert {path.name for path in out.glob("*.pdf")} == expected
    assert set(manifest) == expected


@pytest.mark.parametrize("paper", sorted(PAPERS))
@pytest.mark.parametrize("slug", PRINTED)
def test_handout(handout, slug, paper):
    out, manifest = handout(slug)
    pdf = out / f"{slug}-{paper}.pdf"
    page_html = (SITE / "book" / f"{slug}.html").read_text(encoding="utf-8")
    chapter = handout_tool.parse_title(page_html, f"book/{slug}.html")
    assert chapter is not None, f"book/{slug}.html has no numbered title"

    info = pdf_info(pdf)
    pages = int(info["Pages"])
    assert pages > 1, f"{pdf.name} has {pages} page"
    assert PAPERS[paper] in info["Page size"], f"{pdf.name} is {info['Page size'].strip()}"

    text = pdf_text(pdf)
    flat = squash(text)
    # The heading once, and the header of every page.
    assert flat.count(squash(chapter.title)) >= pages + 1, \
        f"{pdf.name}: the title {chapter.title!r} is not the heading and on every page"
    assert chapter.book and flat.count(chapter.book) >= pages, f"{pdf.name}: book title"
    assert f"{pages} / {pages}" in flat, f"{pdf.name}: no page numbers in the footer"
    # the handout's footer alone numbers the pages (not also the page's own, print.css)
    assert len(re.findall(rf"(?<!\d){pages} / {pages}(?!\d)", text)) == 1, \
        f"{pdf.name}: the last page is numbered twice"

    code = code_text(page_html)
    raw = sorted({token for token in TEX_COMMAND.findall(text)
                  if text.count(token) > code.count(token)})
    assert not raw, f"{pdf.name} shows raw TeX outside code: {raw}"

    assert "Loading widget" not in text, f"{pdf.name} prints an unrendered widget"
    debris = [pattern.pattern for pattern in widget_debris(page_html) if pattern.search(text)]
    assert not debris, f"{pdf.name} prints widget controls: {debris}"

    figures = re.findall(r'<span class="caption-number">(Fig\.\s[\d.]+)\s*</span>', page_html)
    missing = [figure for figure in figures if squash(figure) not in flat]
    assert not missing, f"{pdf.name} lacks {missing}"
    pictures = len(re.findall(r"<img\b", article(page_html)))
    shown = manifest[pdf.name]["pictures"]
    assert shown >= pictures, f"{pdf.name}: {shown} pictures printed, the article has {pictures}"
    assert raster_images(pdf) >= expected_rasters(page_html), \
        f"{pdf.name}: fewer images than the page's PNG pictures and explorer frames"


def test_a_page_whose_math_was_not_typeset_stops_the_print(tmp_path):
    """A page whose MathJax does not start (here its startup.js is missing, as
    when a request is lost on a loaded machine) is not printed with raw TeX:
    the command names the page and stops."""
    built(SITE)
    site = tmp_path / "site"
    subprocess.run(["cp", "-rs", str(SITE), str(site)], check=True)
    (site / "_static" / "mathjax" / "startup.js").unlink()
    result = subprocess.run([sys.executable, "-m", "bookkit.handouts", str(site),
                             str(tmp_path / "out"), f"book/{CHAPTERS[0]}.html",
                             "--paper", "a4"],
                            capture_output=True, text=True, timeout=600, cwd=ROOT)
    assert result.returncode != 0, "printed although MathJax never ran"
    assert f"book/{CHAPTERS[0]}.html" in result.stderr and "untypeset" in result.stderr
