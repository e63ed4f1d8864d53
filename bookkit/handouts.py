"""Print each chapter of a built site to PDF, in A4 and in Letter, with headless Chromium.

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


async def print_chapter(context, base: str, chapter: Chapter, out: Path,
                        papers: list[str]) -> list[dict]:
    """Print ``chapter`` once per paper size; return a manifest entry per PDF."""
    from urllib.parse import urlparse

    page = await context.new_page()
    foreign = []
    page.on("request", lambda request: foreign.append(request.url)
            if urlparse(request.url).hostname not in ("127.0.0.1", None) else None)
    await page.emulate_media(media="screen", color_scheme="light")
    await page.goto(f"{base}/{chapter.path}", wait_until="networkidle")
    await page.evaluate("() => window.MathJax && window.MathJax.startup"
                        " ? window.MathJax.startup.promise : null")
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
        await page.pdf(path=str(target), format=PAPERS[paper]["format"], margin=MARGIN,
                       print_background=True, display_header_footer=True,
                       prefer_css_page_size=False, **header_footer(chapter))
        entries.append({"pdf": target.name, "page": chapter.path, "paper": paper,
                        "title": chapter.title, "book": chapter.book,
                        "pictures": len(pictures), "scaled_to_fit": scaled})
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
    args = parser.parse_args(argv)
    site, out = Path(args.site).resolve(), Path(args.out).resolve()
    if not (site / "index.html").exists():
        raise SystemExit(f"print_chapters: {site} is not a built site (no index.html):"
                         " build the book first (scripts/build.sh)")
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
