"""Print each chapter of a built site to PDF, in A4 and in Letter, with headless
Chromium; and the whole book, with ``--book``.

``scripts/pdf.sh [SITE_DIR] [OUT_DIR]`` runs this module in the environment of
scripts/setup.sh; by hand::

    python -m bookkit.handouts                          # _build/html -> _build/pdf
    python -m bookkit.handouts _build/student/html _build/pdf-student
    python -m bookkit.handouts _build/html /tmp/pdf book/kanes-equations.html

The chapters are the site's numbered pages (``book/*.html`` whose title starts
with a chapter number, "6. Kane's equations"); each becomes
``OUT_DIR/<chapter>-a4.pdf`` and ``OUT_DIR/<chapter>-letter.pdf``. The module
serves SITE_DIR itself on 127.0.0.1 (nothing is loaded from another host),
opens each chapter once in Debian's Chromium (driven by Playwright), waits
until MathJax has typeset everything, opens every solution, and for each paper
size scales what is wider than the printed column (display equations,
typeset outputs, tables) to fit it, then prints with the print style sheet
``_ext/static/print.css`` and a header (book title, chapter title) and a
footer (page numbers). It also writes ``OUT_DIR/manifest.json``: for each
PDF, its chapter title and the pictures (``<img>``) the page showed when it was
printed; printing stops with an error if one of them had not loaded.

``python -m bookkit.handouts SITE --book`` prints the whole book into
``SITE/book.pdf`` (:func:`print_book`): a title page and the contents, every
chapter printed as above, bookmarks for chapters and sections, and page
numbers that run through the book. ``scripts/test.sh`` prints it for both
editions before the tests (the published site carries it); every page's
download menu links it (``_ext/mechbook_download.py``).
"""

from __future__ import annotations

import argparse
import asyncio
import html
import json
import re
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from .chapters import REPOSITORY
from .serving import CHROMIUM_ARGS, chromium, serve

ROOT = REPOSITORY

# Paper sizes and the margins around the printed column (the header and the
# footer sit in the top and bottom margins).
MARGIN = {"top": "18mm", "bottom": "16mm", "left": "16mm", "right": "16mm"}
PAPERS = {"a4": {"format": "A4", "width_mm": 210.0},
          "letter": {"format": "Letter", "width_mm": 215.9}}
PX_PER_MM = 96 / 25.4
SIDE_MARGINS_MM = 32.0

TITLE = re.compile(r"<title>(.*?)</title>", re.S)
CHAPTER_TITLE = re.compile(r"^(\d+)\.\s")


@dataclass(frozen=True)
class Chapter:
    """A chapter page of a built site: its path in the site and its titles."""

    path: str      # e.g. "book/kanes-equations.html"
    number: int    # 6
    title: str     # "6. Kane's equations"
    book: str      # "Generalized Forces in Kane's Method"

    @property
    def slug(self) -> str:
        return Path(self.path).stem


def parse_title(page_html: str, path: str) -> Chapter | None:
    """The chapter a page is, from its ``<title>``; ``None`` if it is not a numbered chapter.

    >>> parse_title("<title>6. Kane&#8217;s equations &#8212; A Book</title>", "book/k.html")
    Chapter(path='book/k.html', number=6, title='6. Kane’s equations', book='A Book')
    >>> parse_title("<title>Notation &#8212; A Book</title>", "book/notation.html") is None
    True
    """
    match = TITLE.search(page_html)
    if not match:
        return None
    text = html.unescape(match.group(1)).strip()
    chapter, _, book = text.rpartition(" \u2014 ")
    if not chapter:
        chapter, book = book, ""
    number = CHAPTER_TITLE.match(chapter)
    if not number:
        return None
    return Chapter(path=path, number=int(number.group(1)), title=chapter, book=book.strip())


def chapter_at(site: Path, path: str) -> Chapter | None:
    """The chapter that the page ``path`` (relative to the built site ``site``)
    is; ``None`` if there is no such page or it is not a numbered chapter."""
    page = site / path
    if not page.is_file():
        return None
    return parse_title(page.read_text(encoding="utf-8"), path)


def chapters(site: Path) -> list[Chapter]:
    """Every numbered chapter of the built site ``site``, in book order."""
    found = (chapter_at(site, page.relative_to(site).as_posix())
             for page in site.glob("book/*.html"))
    return sorted(filter(None, found), key=lambda chapter: chapter.number)


def column_width_px(paper: str) -> float:
    """Width in CSS pixels of the printed column on ``paper`` ("a4" or "letter").

    >>> round(column_width_px("a4")), round(column_width_px("letter"))
    (673, 695)
    """
    return (PAPERS[paper]["width_mm"] - SIDE_MARGINS_MM) * PX_PER_MM


def header_footer(chapter: Chapter) -> dict[str, str]:
    """Chromium's header and footer templates: book title, chapter title, page numbers.

    >>> parts = header_footer(Chapter("book/a.html", 1, "1. A & B", "Book"))
    >>> "1. A &amp; B" in parts["header_template"], "pageNumber" in parts["footer_template"]
    (True, True)
    """
    style = ("font-family: 'DejaVu Sans', sans-serif; font-size: 8pt; color: #555;"
             " width: 100%; margin: 0 16mm; display: flex; justify-content: space-between;")
    return {
        "header_template": (f'<div style="{style}"><span>{html.escape(chapter.book)}</span>'
                           f'<span>{html.escape(chapter.title)}</span></div>'),
        "footer_template": (f'<div style="{style} justify-content: center;">'
                           '<span><span class="pageNumber"></span> / '
                           '<span class="totalPages"></span></span></div>'),
    }


# The page's math that MathJax has not typeset (Sphinx's \( \) and \[ \] spans and divs).
RAW_MATH = r"""() => [...document.querySelectorAll('main .math')]
    .filter(math => !math.querySelector('mjx-container'))
    .map(math => math.textContent.trim().slice(0, 60))"""


async def typeset(page, address: str, tries: int = 2) -> None:
    """Open ``address`` and wait until MathJax has typeset all of its math.
    A page whose MathJax did not load or start (a request lost on a loaded
    machine) is opened again; after ``tries`` the print stops with the page's
    name, rather than printing raw TeX."""
    from playwright.async_api import Error as PlaywrightError

    for _ in range(tries):
        await page.goto(address, wait_until="networkidle")
        # (MathJax's script is deferred: it has run by now, or failed to load.)
        try:
            await page.evaluate("() => window.MathJax && window.MathJax.startup"
                                " ? window.MathJax.startup.promise : null")
        except PlaywrightError:             # a component failed to load: try again
            pass
        raw = await page.evaluate(RAW_MATH)
        if not raw:
            return
    raise RuntimeError(f"{address}: MathJax left {len(raw)} formulas untypeset, "
                       f"such as {raw[0]!r}: is its _static/mathjax complete?")


# Run in the page once MathJax is done: light theme, every solution open.
PREPARE = r"""() => {
    document.documentElement.dataset.theme = 'light';
    document.documentElement.dataset.mode = 'light';
    // the handout's footer numbers the pages: not the page's own (print.css)
    const numbers = document.createElement('style');
    numbers.textContent = '@page { @bottom-center { content: none; } }';
    document.head.append(numbers);
    // sphinx-exercise solutions (dropdowns of sphinx-togglebutton) and <details>.
    document.querySelectorAll('main .solution, main .dropdown').forEach(box => {
        box.classList.remove('toggle-hidden');
        box.querySelectorAll('.toggle-hidden').forEach(el => el.classList.remove('toggle-hidden'));
    });
    document.querySelectorAll(
        'main details.solution, main details.dropdown, main .solution details')
        .forEach(details => { details.open = true; });
    document.querySelectorAll('main button.toggle-button').forEach(button => {
        if (button.closest('.solution, .dropdown')) button.remove();
    });
}"""

# Scale what is wider than the column (at the printed width, print media) to fit it.
FIT = r"""(column) => {
    document.querySelectorAll('[data-print-zoom]').forEach(el => {
        el.style.zoom = ''; el.removeAttribute('data-print-zoom');
    });
    const fit = (box, need) => {
        const room = Math.min(column, box.clientWidth || column);
        if (need <= room + 1) return 0;
        box.style.zoom = Math.max(0.4, (room - 2) / need).toFixed(3);
        box.setAttribute('data-print-zoom', '');
        return 1;
    };
    let scaled = 0;
    // A display equation beside its number (MathJax centres it: it can stick
    // out on both sides, which scrollWidth does not see).
    for (const div of document.querySelectorAll('main div.math')) {
        const math = div.querySelector('mjx-container > mjx-math');
        if (!math) continue;
        const number = div.querySelector('.eqno');
        scaled += fit(div, math.getBoundingClientRect().width
                           + (number ? number.getBoundingClientRect().width + 8 : 0));
    }
    // Typeset outputs, tables and anything else in an output that is too wide.
    for (const box of document.querySelectorAll('main .cell_output > .output, main table')) {
        if (box.closest('[data-print-zoom]')) continue;
        const maths = [...box.querySelectorAll('mjx-container > mjx-math')];
        const need = Math.max(box.scrollWidth,
                              ...maths.map(m => m.getBoundingClientRect().width));
        scaled += fit(box, need);
    }
    return scaled;
}"""

# Pictures of the page: each <img> of the article that print shows, and whether it loaded.
PICTURES = r"""() => [...document.querySelectorAll('main img')]
    .filter(img => img.getClientRects().length > 0)
    .map(img => ({src: img.currentSrc.startsWith('data:') ? 'data:' : img.getAttribute('src'),
                  loaded: img.complete && img.naturalWidth > 0}))"""


# The chapter's title and section headings as a reader sees them (no
# heading link, math as its text), for the book's bookmarks: Chromium's own
# outline takes their text from the layout, with words run together.
HEADINGS = r"""() => [...document.querySelectorAll('main h1, main h2')]
    .filter(h => h.getClientRects().length > 0)
    .map(h => {
        const copy = h.cloneNode(true);
        copy.querySelectorAll('.headerlink').forEach(n => n.remove());
        copy.querySelectorAll('mjx-container').forEach(m => {
            const text = m.querySelector('mjx-assistive-mml');
            m.replaceWith(text ? text.textContent : '');
        });
        return copy.textContent.replace(/\s+/g, ' ').trim();
    })"""


async def print_chapter(context, base: str, chapter: Chapter, out: Path,
                        papers: list[str], in_book: bool = False) -> list[dict]:
    """Print ``chapter`` once per paper size; return a manifest entry per PDF.
    ``in_book``: as a part of the whole book (:func:`print_book`), with the
    outline of its headings and no page numbers (the book numbers its pages)."""
    from urllib.parse import urlparse

    page = await context.new_page()
    foreign = []
    page.on("request", lambda request: foreign.append(request.url)
            if urlparse(request.url).hostname not in ("127.0.0.1", None) else None)
    await page.emulate_media(media="screen", color_scheme="light")
    await typeset(page, f"{base}/{chapter.path}")
    await page.evaluate(PREPARE)
    await page.emulate_media(media="print", color_scheme="light")
    entries = []
    for paper in papers:
        width = column_width_px(paper)
        await page.set_viewport_size({"width": round(width), "height": 1000})
        scaled = await page.evaluate(FIT, width)
        pictures = await page.evaluate(PICTURES)
        missing = [p["src"] for p in pictures if not p["loaded"]]
        if missing:
            raise RuntimeError(f"{chapter.path}: pictures did not load: {missing}")
        target = out / f"{chapter.slug}-{paper}.pdf"
        templates = header_footer(chapter)
        if in_book:
            templates["footer_template"] = "<div></div>"
        await page.pdf(path=str(target), format=PAPERS[paper]["format"], margin=MARGIN,
                       print_background=True, display_header_footer=True,
                       prefer_css_page_size=False, outline=in_book, tagged=in_book,
                       **templates)
        entries.append({"pdf": target.name, "page": chapter.path, "paper": paper,
                        "title": chapter.title, "book": chapter.book,
                        "pictures": len(pictures), "scaled_to_fit": scaled,
                        "headings": await page.evaluate(HEADINGS) if in_book else []})
    await page.close()
    if foreign:
        raise RuntimeError(f"{chapter.path} requested other hosts: {foreign}")
    return entries


async def print_all(site: Path, out: Path, selected: list[Chapter], papers: list[str],
                    jobs: int) -> list[dict]:
    from playwright.async_api import async_playwright

    server, base = serve(site)
    try:
        async with async_playwright() as playwright:
            browser = await playwright.chromium.launch(executable_path=chromium(),
                                                       args=CHROMIUM_ARGS)
            context = await browser.new_context(color_scheme="light",
                                                viewport={"width": 700, "height": 1000})
            limit = asyncio.Semaphore(jobs)

            async def one(chapter):
                async with limit:
                    return await print_chapter(context, base, chapter, out, papers)

            results = await asyncio.gather(*(one(chapter) for chapter in selected))
            await browser.close()
    finally:
        server.shutdown()
    return [entry for entries in results for entry in entries]


#: The whole book's PDF, in the root of the site it is printed from.
BOOK_PDF = "book.pdf"
#: Height of a page in millimetres, for the page numbers stamped on the book.
PAGE_HEIGHT_MM = {"a4": 297.0, "letter": 279.4}
_TEXT = "font-family: 'DejaVu Sans', sans-serif; color: #222;"


def front_matter(book: str, edition: str, version: str, contents: list[tuple[str, int]]) -> str:
    """The HTML of the book's first pages: its title, edition, version and
    licences, and the contents (each chapter's title and first page).

    >>> html = front_matter("B", "Student edition", "1.0", [("1. A", 3)])
    >>> "1. A" in html and ">3<" in html and "CC BY 4.0" in html
    True
    """
    rows = "".join(
        f'<li style="display: flex; margin: 0.35em 0;"><span>{html.escape(title)}</span>'
        '<span style="flex: 1; border-bottom: 1px dotted #999; margin: 0 0.4em 0.3em;">'
        f'</span><span>{page}</span></li>' for title, page in contents)
    return (f'<!doctype html><html lang="en"><head><meta charset="utf-8"><title>'
            f'{html.escape(book)}</title></head><body style="{_TEXT} font-size: 11pt;">'
            f'<h1 style="font-size: 26pt; margin-top: 60mm;">{html.escape(book)}</h1>'
            f'<p style="font-size: 14pt;">{html.escape(edition)}, version '
            f'{html.escape(version)}</p>'
            '<p style="margin-top: 80mm; font-size: 9pt;">Text and figures: CC BY 4.0. '
            'Code: BSD 3-Clause. How to cite it: CITATION.cff in the book\'s repository.</p>'
            '<h2 style="break-before: page; font-size: 18pt;">Contents</h2>'
            f'<ol style="list-style: none; padding: 0;">{rows}</ol></body></html>')


def page_numbers(count: int, paper: str) -> str:
    """The HTML of ``count`` blank pages, each with its number at the foot,
    printed with no margin and stamped onto the book's pages.

    >>> page_numbers(2, "a4").count("break-after: page")
    2
    """
    height = PAGE_HEIGHT_MM[paper]
    pages = "".join(
        f'<div style="height: {height - 0.5}mm; position: relative; break-after: page;">'
        f'<span style="position: absolute; bottom: 7mm; width: 100%; text-align: center; '
        f'{_TEXT} font-size: 8pt; color: #555;">{number}</span></div>'
        for number in range(1, count + 1))
    return (f'<!doctype html><html lang="en"><head><meta charset="utf-8"><style>'
            f'@page {{ size: {PAPERS[paper]["format"]}; margin: 0; }} body {{ margin: 0; }}'
            f'</style></head><body>{pages}</body></html>')


async def _print_html(context, text: str, target: Path, paper: str, margin=None) -> Path:
    page = await context.new_page()
    await page.set_content(text, wait_until="load")
    await page.pdf(path=str(target), format=PAPERS[paper]["format"],
                   margin=margin or MARGIN, print_background=True, tagged=True,
                   prefer_css_page_size=margin is not None)
    await page.close()
    return target


def _outline(reader, titles: list[str]) -> list[tuple[int, str, int]]:
    """``(level, title, page)`` of a chapter's title (level 0) and sections
    (level 1), the pages (from 0) from Chromium's outline of the PDF
    ``reader``, the titles from ``titles`` when there are as many (else
    Chromium's, their spaces tidied)."""
    found = []

    def walk(items, level):
        for item in items:
            if isinstance(item, list):
                if level < 1:
                    walk(item, level + 1)
            else:
                found.append((level, " ".join(item.title.split()),
                              reader.get_destination_page_number(item)))

    walk(reader.outline, 0)
    if len(found) == len(titles):
        found = [(level, title, page) for (level, _, page), title
                 in zip(found, titles, strict=True)]
    return found


async def print_book(site: Path, target: Path, paper: str = "a4",
                     edition: str | None = None) -> int:
    """Print the whole book of the built ``site`` to ``target``: a title page
    and the contents, then every chapter as its handout prints it (math
    typeset, solutions as the edition shows them), with bookmarks for the
    chapters and their sections (Chromium's outline of the headings), and
    page numbers running through the whole book. Returns the page count."""
    import tempfile

    from playwright.async_api import async_playwright
    from pypdf import PdfReader, PdfWriter

    import mechlib

    selected = chapters(site)
    if not selected:
        raise SystemExit(f"print_book: {site} has no numbered chapter pages")
    edition = edition or ("Student edition" if "student" in site.parts else
                          "Instructor's edition")
    server, base = serve(site)
    try:
        with tempfile.TemporaryDirectory(prefix="mechbook-book-") as folder:
            folder = Path(folder)
            async with async_playwright() as playwright:
                browser = await playwright.chromium.launch(executable_path=chromium(),
                                                           args=CHROMIUM_ARGS)
                context = await browser.new_context(color_scheme="light",
                                                    viewport={"width": 700, "height": 1000})
                parts, headings = [], []
                for chapter in selected:
                    (entry,) = await print_chapter(context, base, chapter, folder, [paper],
                                                   in_book=True)
                    parts.append(folder / entry["pdf"])
                    headings.append(entry["headings"])
                lengths = [len(PdfReader(part).pages) for part in parts]
                front, contents = folder / "front.pdf", None
                for _ in range(3):         # until the contents' own length is stable
                    first = len(PdfReader(front).pages) + 1 if contents else 3
                    starts = [first + sum(lengths[:i]) for i in range(len(parts))]
                    new = [(chapter.title, start)
                           for chapter, start in zip(selected, starts, strict=True)]
                    if new == contents:
                        break
                    contents = new
                    await _print_html(context, front_matter(selected[0].book, edition,
                                                            mechlib.__version__, contents),
                                      front, paper)
                total = len(PdfReader(front).pages) + sum(lengths)
                numbers = await _print_html(context, page_numbers(total, paper),
                                            folder / "numbers.pdf", paper,
                                            margin={"top": "0", "bottom": "0",
                                                    "left": "0", "right": "0"})
                await browser.close()
            writer = PdfWriter()
            writer.append(front, import_outline=False)
            writer.add_outline_item(title="Contents", page_number=1)
            for part, titles in zip(parts, headings, strict=True):
                first = len(writer.pages)
                writer.append(part, import_outline=False)
                chapter_item = None
                for level, title, page in _outline(PdfReader(part), titles):
                    item = writer.add_outline_item(title=title, page_number=first + page,
                                                   parent=chapter_item if level else None)
                    if level == 0:
                        chapter_item = item
            stamps = PdfReader(numbers).pages
            if len(stamps) != len(writer.pages):
                raise RuntimeError(f"print_book: {len(stamps)} page numbers for "
                                   f"{len(writer.pages)} pages")
            for page, stamp in zip(writer.pages, stamps, strict=True):
                page.merge_page(stamp)
            writer.add_metadata({"/Title": selected[0].book,
                                 "/Subject": f"{edition}, version {mechlib.__version__}"})
            target.parent.mkdir(parents=True, exist_ok=True)
            with target.open("wb") as stream:
                writer.write(stream)
    finally:
        server.shutdown()
    return total


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("site", nargs="?", default=str(ROOT / "_build" / "html"),
                        help="a built site (default: _build/html)")
    parser.add_argument("out", nargs="?", default=str(ROOT / "_build" / "pdf"),
                        help="where the PDFs go (default: _build/pdf)")
    parser.add_argument("pages", nargs="*",
                        help="chapter pages relative to the site (default: every chapter)")
    parser.add_argument("--paper", action="append", choices=sorted(PAPERS),
                        help="paper size, repeatable (default: a4 and letter)")
    parser.add_argument("--jobs", type=int, default=2, help="pages printed at once (default 2)")
    parser.add_argument("--book", action="store_true",
                        help=f"print the whole book, A4, into SITE/{BOOK_PDF} (or OUT, "
                             "a file), which every page's download menu links")
    args = parser.parse_args(argv)
    site, out = Path(args.site).resolve(), Path(args.out).resolve()
    if not (site / "index.html").exists():
        raise SystemExit(f"print_chapters: {site} is not a built site (no index.html):"
                         " build the book first (scripts/build.sh)")
    if args.book:
        target = Path(args.out).resolve() if args.out.endswith(".pdf") else site / BOOK_PDF
        start = time.monotonic()
        pages = asyncio.run(print_book(site, target, (args.paper or ["a4"])[0]))
        print(f"print_book: {target}, {pages} pages ({time.monotonic() - start:.0f} s)")
        return 0
    if args.pages:   # read these pages only: a handout depends on its own page
        wanted = sorted({page.lstrip("/") for page in args.pages})
        named = {path: chapter_at(site, path) for path in wanted}
        unknown = [path for path, chapter in named.items() if chapter is None]
        if unknown:
            raise SystemExit(f"print_chapters: not chapters of {site}: {unknown}")
        found = sorted(named.values(), key=lambda chapter: chapter.number)
    else:
        found = chapters(site)
    if not found:
        raise SystemExit(f"print_chapters: {site} has no numbered chapter pages")
    papers = args.paper or ["a4", "letter"]
    out.mkdir(parents=True, exist_ok=True)
    start = time.monotonic()
    entries = asyncio.run(print_all(site, out, found, papers, max(1, args.jobs)))
    manifest = out / "manifest.json"
    old = json.loads(manifest.read_text()) if args.pages and manifest.exists() else []
    names = {entry["pdf"] for entry in entries}
    manifest.write_text(json.dumps([e for e in old if e["pdf"] not in names] + entries,
                                   indent=1, ensure_ascii=False) + "\n")
    print(f"print_chapters: {len(entries)} PDFs of {len(found)} chapters in {out}"
          f" ({time.monotonic() - start:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
