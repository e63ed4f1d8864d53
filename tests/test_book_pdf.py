"""The whole book as one PDF, in each edition (``python -m bookkit.handouts SITE
--book``, which ``scripts/test.sh`` runs for both editions after building
them, so that the published site carries it): read with poppler-utils and
pypdf as a reader's viewer reads it.

Each book has its title page and contents, then every numbered chapter; page
numbers run through it (each page's foot shows its number); its bookmarks are
the contents, every chapter and each chapter's sections, each pointing at the
page where it starts; no raw TeX outside code; no word outside the page. The
student edition's book has no worked solution.
"""

from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path

import pytest

from bookkit import handouts
from tests.references import ROOT
from tests.test_pdf import TEX_COMMAND, code_text, pdf_info, squash

EDITIONS = {"instructors": ROOT / "_build" / "html",
            "students": Path(os.environ.get("STUDENT_SITE", ROOT / "_build" / "student" / "html"))}


def book(edition: str) -> Path:
    pdf = EDITIONS[edition] / handouts.BOOK_PDF
    if not pdf.is_file():
        pytest.fail(f"no {pdf}: scripts/test.sh prints it (python -m bookkit.handouts "
                    f"{EDITIONS[edition]} --book)")
    return pdf


def page_texts(pdf: Path) -> list[str]:
    text = subprocess.run(["pdftotext", "-enc", "UTF-8", "-layout", str(pdf), "-"],
                          check=True, capture_output=True, text=True).stdout
    return text.split("\f")[:-1]


def outline(pdf: Path) -> list[tuple[int, str, int]]:
    """``(level, title, page from 1)`` of every bookmark."""
    from pypdf import PdfReader

    reader = PdfReader(pdf)
    found = []

    def walk(items, level):
        for item in items:
            if isinstance(item, list):
                walk(item, level + 1)
            else:
                found.append((level, item.title, reader.get_destination_page_number(item) + 1))

    walk(reader.outline, 0)
    return found


@pytest.mark.parametrize("edition", sorted(EDITIONS))
def test_the_book_has_every_chapter_numbered_pages_and_bookmarks(edition):
    pdf = book(edition)
    site = EDITIONS[edition]
    chapters = handouts.chapters(site)
    assert len(chapters) >= 10
    info = pdf_info(pdf)
    pages = int(info["Pages"])
    assert "(A4)" in info["Page size"]
    assert info["Title"].strip() == chapters[0].book
    texts = page_texts(pdf)
    assert len(texts) == pages
    # continuous page numbers: each page's last line is its number
    numbers = [text.strip().splitlines()[-1].strip() if text.strip() else "" for text in texts]
    wrong = [(i, n) for i, n in enumerate(numbers, 1) if n != str(i)]
    assert not wrong, f"pages whose foot is not their number: {wrong[:5]}"
    # the contents name every chapter and the page where it starts
    contents = squash(texts[1])
    marks = outline(pdf)
    assert marks[0] == (0, "Contents", 2)
    for chapter in chapters:
        (mark,) = [m for m in marks if m[0] == 0 and m[1] == chapter.title]
        start = mark[2]
        assert re.search(rf"{re.escape(squash(chapter.title))} [ ._]*{start}\b", contents), \
            f"the contents do not give {chapter.title!r} on page {start}"
        assert squash(chapter.title) in squash(texts[start - 1]), \
            f"{chapter.title!r} does not start on page {start}"
        sections = [m for m in marks[marks.index(mark) + 1:]]
        sections = sections[:next((i for i, m in enumerate(sections) if m[0] == 0),
                                  len(sections))]
        assert len(sections) >= 3, f"{chapter.title}: {sections}"
        for _, title, page in sections:
            assert re.match(rf"{chapter.number}\.\d+\. \S", title), title
            words = [w for w in title.split(". ", 1)[1].split() if w.isalpha() and len(w) > 3]
            missing = [w for w in words if w not in texts[page - 1]]      # (not math)
            assert words and not missing, f"the section {title!r} is not on page {page}"
    assert (info["Subject"].strip().startswith("Student edition")) == (edition == "students")


@pytest.mark.parametrize("edition", sorted(EDITIONS))
def test_the_book_shows_no_raw_tex_and_nothing_beyond_the_page(edition):
    pdf = book(edition)
    site = EDITIONS[edition]
    text = "\n".join(page_texts(pdf))
    code = "\n".join(code_text((site / c.path).read_text(encoding="utf-8"))
                     for c in handouts.chapters(site))
    raw = sorted({token for token in TEX_COMMAND.findall(text)
                  if text.count(token) > code.count(token)})
    assert not raw, f"raw TeX outside code: {raw}"
    boxes = subprocess.run(["pdftotext", "-bbox", str(pdf), "-"], check=True,
                           capture_output=True, text=True).stdout
    width = float(pdf_info(pdf)["Page size"].split()[0])
    outside = [m.group(0)[:120] for m in re.finditer(
        r'<word xMin="([-\d.]+)" yMin="[-\d.]+" xMax="([-\d.]+)"[^>]*>[^<]*</word>', boxes)
        if float(m.group(1)) < 0 or float(m.group(2)) > width]
    assert not outside, f"{len(outside)} words beyond the page's edge: {outside[:5]}"


def test_every_chapter_prints_its_figures_and_no_controls():
    """What depends on a chapter's content, for every chapter, in the
    instructors' book (the handouts, printed by the same command, are
    checked in full on two chapters, tests/test_pdf.py): every figure's
    number, no slider or toggle-button debris, pictures for each ``<img>``."""
    from tests.test_pdf import article, widget_debris

    pdf = book("instructors")
    texts = page_texts(pdf)
    marks = [m for m in outline(pdf) if m[0] == 0 and m[1] != "Contents"]
    site = EDITIONS["instructors"]
    for chapter in handouts.chapters(site):
        (start,) = [page for _, title, page in marks if title == chapter.title]
        end = min([page for _, _, page in marks if page > start], default=len(texts) + 1)
        text = "\n".join(texts[start - 1:end - 1])
        page_html = (site / chapter.path).read_text(encoding="utf-8")
        figures = re.findall(r'<span class="caption-number">(Fig\.\s[\d.]+)\s*</span>',
                             page_html)
        missing = [figure for figure in figures if squash(figure) not in squash(text)]
        assert not missing, f"{chapter.slug}: the book lacks {missing}"
        debris = [p.pattern for p in widget_debris(page_html) if p.search(text)]
        assert not debris, f"{chapter.slug}: the book prints widget controls: {debris}"
        assert article(page_html), chapter.slug


def test_the_student_book_has_no_worked_solution():
    """The instructors' book prints the worked solutions (sphinx-exercise's
    "Solution to Exercise" headings); the students' book none, and is shorter."""
    instructors = "\n".join(page_texts(book("instructors")))
    students = "\n".join(page_texts(book("students")))
    assert "Solution to" in instructors
    assert "Solution to" not in students
    assert int(pdf_info(book("students"))["Pages"]) < int(pdf_info(book("instructors"))["Pages"])
