"""What a reader sees on a built page: the checks behind tests/site/test_reading.py.

Each check runs in the page (after MathJax has typeset it) and returns a list of
problems, each a short string a person can act on. The same checks run from the
command line on any built site, e.g. a private build of one chapter::

    python -m tests.site.reading                      # _build/html, every page
    python -m tests.site.reading /tmp/site/_build/html book/kanes-equations.html

which prints the problems of each page at 1280 px and at 390 px.
"""

from __future__ import annotations

# Text nodes a reader sees as text (not typeset math, not code) that hold a TeX
# command or a dollar sign before one: math MathJax never saw, for example
# because a wrapped line inside $...$ began with "- " and became a list item.
RAW_TEX = r"""() => {
    const skip = 'mjx-container, pre, code, script, style, textarea, .MathJax, mjx-assistive-mml';
    const tex = /\\[A-Za-z]{2,}|\$[^$]*\\[A-Za-z]|\\[\[\]()]|\$\$/;
    const found = [];
    const walker = document.createTreeWalker(document.querySelector('main'),
                                             NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (node.parentElement.closest(skip)) continue;
        const style = getComputedStyle(node.parentElement);
        if (style.display === 'none' || style.visibility === 'hidden') continue;
        const match = node.textContent.match(tex);
        if (match) {
            const text = node.textContent;
            const at = Math.max(0, match.index - 30);
            found.push('raw TeX: "' + text.slice(at, match.index + 40).replace(/\s+/g, ' ') + '"');
        }
    }
    return found;
}"""

# Formulas MathJax could not typeset: it shows its error (e.g. "\begin{aligned}
# ended with \end{split}", from a blank line inside an aligned block) in red
# in place of the equation.
MATH_ERRORS = r"""() => Array.from(document.querySelectorAll('main mjx-merror'))
    .map(error => {
        const math = error.closest('div.math');
        return 'MathJax error' + (math && math.id ? ' in #' + math.id : '') + ': "' +
               (error.getAttribute('data-mjx-error') || error.textContent).slice(0, 80) + '"';
    })"""

# Boxes wider than the column they sit in. A display equation must fit beside
# its number; a code block, an output or a typeset output must fit its cell.
TOO_WIDE = r"""() => {
    const slack = 1;
    const found = [];
    const label = el => {
        const math = el.closest('div.math');
        if (math && math.id) return '#' + math.id;
        const cell = el.closest('.cell');
        const cells = Array.from(document.querySelectorAll('main .cell'));
        return cell ? 'code cell ' + (cells.indexOf(cell) + 1) : el.tagName.toLowerCase();
    };
    for (const div of document.querySelectorAll('main div.math')) {
        const math = div.querySelector('mjx-container > mjx-math');
        if (!math) continue;
        const number = div.querySelector('.eqno');
        const need = math.getBoundingClientRect().width
                     + (number ? number.getBoundingClientRect().width : 0);
        if (need > div.clientWidth + slack)
            found.push(`equation ${label(div)} is ${Math.round(need)} px wide ` +
                       `(number included) in a column of ${div.clientWidth} px`);
    }
    for (const pre of document.querySelectorAll('main .cell_input pre, main .cell_output pre')) {
        if (pre.scrollWidth > pre.clientWidth + slack)
            found.push(`${pre.closest('.cell_input') ? 'code' : 'output'} in ${label(pre)} ` +
                       `is ${pre.scrollWidth} px wide in a box of ${pre.clientWidth} px`);
    }
    for (const math of document.querySelectorAll('main .cell_output mjx-container > mjx-math')) {
        const box = math.closest('.output') || math.closest('.cell_output');
        const width = math.getBoundingClientRect().width;
        if (width > box.clientWidth + slack)
            found.push(`typeset output in ${label(math)} is ${Math.round(width)} px wide ` +
                       `in a box of ${box.clientWidth} px`);
    }
    for (const table of document.querySelectorAll('main .cell_output table, main table.table')) {
        const box = table.parentElement;
        if (table.getBoundingClientRect().width > box.clientWidth + slack
            && getComputedStyle(box).overflowX === 'visible')
            found.push(`table in ${label(table)} is wider than its box and does not scroll`);
    }
    return found;
}"""

# On a phone: the page itself never scrolls sideways, every display equation
# scrolls in its own box, and its number stays in view.
PHONE_LAYOUT = r"""() => {
    const found = [];
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth > width + 1)
        found.push(`the page scrolls sideways: ${document.documentElement.scrollWidth} px ` +
                   `of content in ${width} px`);
    for (const div of document.querySelectorAll('main div.math')) {
        const container = div.querySelector('mjx-container');
        if (!container) continue;
        if (container.scrollWidth > container.clientWidth + 1) {
            const overflow = getComputedStyle(container).overflowX;
            if (overflow !== 'auto' && overflow !== 'scroll')
                found.push(`equation #${div.id} is cut off and does not scroll`);
        }
        const number = div.querySelector('.eqno');
        if (number && number.getBoundingClientRect().right > width + 1)
            found.push(`the number of equation #${div.id} is off the screen`);
    }
    return found;
}"""

# Every typeset formula, inline or display, against each box that clips it
# (an ancestor whose overflow is not visible) and the screen. A formula may run
# past a box only if that box scrolls and shows that it does: the scroll
# shadows of _ext/static/mechbook.css (a gradient background, part of it
# attached "local"). An equation whose formula scrolls has its number on a
# line of its own, so that the number never reads as the formula's end.
# Math in a closed dropdown is skipped: open the solutions first (OPEN_ALL).
CLIPPED_MATH = r"""() => {
    const found = [];
    const scrolls = style => style.overflowX === 'auto' || style.overflowX === 'scroll';
    const showsScroll = style => style.backgroundAttachment.includes('local')
                                 && style.backgroundImage.includes('gradient');
    const width = document.documentElement.clientWidth;
    const name = el => el.tagName.toLowerCase() + (el.classList.length
                       ? '.' + Array.from(el.classList).slice(0, 2).join('.') : '');
    for (const container of document.querySelectorAll('main mjx-container')) {
        const math = container.querySelector(':scope > mjx-math');
        if (!math || !math.getClientRects().length) continue;
        // A closed drawer (the page's contents on a phone) lies off the screen.
        const drawer = container.closest('.bd-sidebar-primary, .bd-sidebar-secondary');
        const shut = drawer && drawer.getBoundingClientRect();
        if (shut && (shut.left >= width || shut.right <= 0)) continue;
        const display = container.getAttribute('display') === 'true';
        const where = container.closest('div.math[id]');
        const text = (container.querySelector('mjx-assistive-mml') || container)
                     .textContent.replace(/\s+/g, ' ').slice(0, 40);
        const what = `${display ? 'display' : 'inline'} formula ` +
                     `${where ? '#' + where.id + ' ' : ''}"${text}"`;
        let box = math.getBoundingClientRect();
        let problem = null;
        for (let el = container; el && el !== document.body; el = el.parentElement) {
            const style = getComputedStyle(el);
            if (style.overflowX === 'visible') continue;
            const rect = el.getBoundingClientRect();
            const left = rect.left + el.clientLeft, right = left + el.clientWidth;
            if (box.left >= left - 1 && box.right <= right + 1) continue;
            if (scrolls(style) && showsScroll(style)) { box = rect; continue; }
            problem = `${what} (${Math.round(box.width)} px) is cut off by ${name(el)} ` +
                      `(${Math.round(right - left)} px, overflow ${style.overflowX}` +
                      `${scrolls(style) ? ', scrolls with nothing to show it' : ''})`;
            break;
        }
        if (!problem && (box.right > width + 1 || box.left < -1))
            problem = `${what} (${Math.round(box.width)} px) runs off the ${width} px screen`;
        if (problem) found.push(problem);
        const number = where && where.querySelector(':scope > .eqno');
        if (display && number && container.scrollWidth > container.clientWidth + 1
            && number.getBoundingClientRect().top < container.getBoundingClientRect().bottom - 1)
            found.push(`the number of ${what} sits beside a formula that scrolls`);
    }
    return found;
}"""

# Every typeset formula measured against its column (issue 45): the block it
# sits in (a paragraph, a list item, a table cell) for inline math, the
# equation's div.math or the output's box for display math. Each formula's
# boxes (mjx-math's, one per line once MathJax breaks it; not the ink of a
# glyph, such as an accent, that overhangs its box by a pixel or two) must
# lie inside the column, or the formula is one that scrolls sideways (or is
# cut off). For each such formula: what it is, its TeX (from
# MathJax's list of math items), whether the TeX is a matrix or an array
# (nothing to break), and whether the box that scrolls it shows that it does
# (the shadows of _ext/static/mechbook.css). Math in a closed dropdown is not
# laid out: open the solutions first (OPEN_ALL).
WIDE_MATH = r"""() => {
    const width = document.documentElement.clientWidth;
    const tex = new Map();
    const started = window.MathJax && MathJax.startup && MathJax.startup.document;
    for (const item of (started ? MathJax.startup.document.math : []))
        if (item.typesetRoot) tex.set(item.typesetRoot, String(item.math));
    const unbreakable = /\\begin\{(?:[pbBvV]?matrix|smallmatrix|array)\}/;
    const shows = style => (style.overflowX === 'auto' || style.overflowX === 'scroll')
        && style.backgroundAttachment.includes('local')
        && style.backgroundImage.includes('gradient');
    const blockOf = el => {
        for (let up = el.parentElement; up; up = up.parentElement) {
            const display = getComputedStyle(up).display;
            if (!display.startsWith('inline') && display !== 'contents') return up;
        }
        return document.body;
    };
    const found = [];
    for (const container of document.querySelectorAll('main mjx-container')) {
        const math = container.querySelector(':scope > mjx-math');
        if (!math || !math.getClientRects().length) continue;
        const drawer = container.closest('.bd-sidebar-primary, .bd-sidebar-secondary');
        const shut = drawer && drawer.getBoundingClientRect();
        if (shut && (shut.left >= width || shut.right <= 0)) continue;
        const display = container.getAttribute('display') === 'true';
        const output = container.closest('.cell_output');
        const column = display ? (output ? (container.closest('.output') || output)
                                         : (container.closest('div.math') || blockOf(container)))
                               : blockOf(container.closest('span.math') || container);
        const style = getComputedStyle(column);
        const frame = column.getBoundingClientRect();
        const left = frame.left + column.clientLeft + parseFloat(style.paddingLeft);
        const right = frame.left + column.clientLeft + column.clientWidth
                      - parseFloat(style.paddingRight);
        let low = Infinity, high = -Infinity;
        for (const rect of math.getClientRects()) {
            if (!rect.width) continue;
            low = Math.min(low, rect.left);
            high = Math.max(high, rect.right);
        }
        if (low >= left - 1 && high <= right + 1) continue;
        let cued = false;
        for (let el = container; el && el !== column.parentElement; el = el.parentElement) {
            if (shows(getComputedStyle(el)) && el.scrollWidth > el.clientWidth + 1) {
                cued = true;
                break;
            }
        }
        const source = tex.get(container) || '';
        const where = container.closest('[id]');
        found.push({kind: display ? (output ? 'output' : 'display') : 'inline',
                    id: where ? where.id : '',
                    tex: source.replace(/\s+/g, ' ').trim().slice(0, 70),
                    width: Math.round(high - low), column: Math.round(right - left),
                    matrix: unbreakable.test(source), cued});
    }
    return found;
}"""

# Open every dropdown (worked solutions) so that the math inside is laid out.
OPEN_ALL = """() => {
    document.querySelectorAll('.toggle-hidden').forEach(el => el.classList.remove('toggle-hidden'));
    document.querySelectorAll('details:not([open])').forEach(el => { el.open = true; });
}"""

# An intentional error shows its type and message, not a long traceback with
# the paths of the machine that built the book.
TRACEBACKS = r"""() => {
    const found = [];
    const paths = /(\/tmp\/|\/home\/|\/usr\/|\/work\/|site-packages|File "|\.py:\d+)/;
    for (const out of document.querySelectorAll(
        'main .cell_output .traceback, main .cell_output .output.error, '
        + 'main .cell_output .stderr')) {
        const text = out.innerText.trim();
        const lines = text.split('\n').length;
        if (lines > 6) found.push(`an error output has ${lines} lines: "${text.slice(0, 60)}..."`);
        const path = text.match(paths);
        if (path) found.push(`an error output shows a machine path or source line: "${path[0]}"`);
    }
    return found;
}"""

DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}
CHECKS = {"desktop": (DESKTOP, [RAW_TEX, MATH_ERRORS, TOO_WIDE, TRACEBACKS]),
          "phone": (PHONE, [RAW_TEX, PHONE_LAYOUT])}


def wait_for_math(page) -> None:
    """Wait until MathJax (if the page loads it) has typeset everything.

    Measure a page's layout only after this: until MathJax has typeset a
    formula, its raw TeX is one unbreakable word (on a loaded machine, seen
    making a page 411 px wide at 390 px for a moment)."""
    page.wait_for_load_state("networkidle")
    page.wait_for_function("() => !document.querySelector('script[src*=\"/mathjax/\"]')"
                           " || Boolean(window.MathJax?.startup?.promise)")
    page.evaluate("() => window.MathJax?.startup?.promise ?? null")


def problems(page, checks) -> list[str]:
    """Run ``checks`` (JavaScript functions above) on an open, typeset page."""
    wait_for_math(page)
    found = []
    for check in checks:
        found.extend(page.evaluate(check))
    return found


def main(argv=None) -> int:
    import argparse
    from pathlib import Path

    from playwright.sync_api import sync_playwright

    from bookkit.serving import CHROMIUM_ARGS, chromium, serve
    from tests.site.conftest import SITE

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("site", nargs="?", default=str(SITE), help="a built site (_build/html)")
    parser.add_argument("pages", nargs="*", help="pages relative to the site (default: all)")
    args = parser.parse_args(argv)
    site = Path(args.site)
    pages = args.pages or sorted(p.relative_to(site).as_posix()
                                 for p in (site / "book").glob("*.html"))
    server, base = serve(site)
    total = 0
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium(),
                                             args=CHROMIUM_ARGS)
        for name, (viewport, checks) in CHECKS.items():
            context = browser.new_context(viewport=viewport)
            for path in pages:
                page = context.new_page()
                page.goto(f"{base}/{path}")
                found = problems(page, checks)
                page.close()
                total += len(found)
                for problem in found:
                    print(f"{path} [{name}]: {problem}")
            context.close()
        browser.close()
    server.shutdown()
    print(f"{total} problems")
    return 1 if total else 0


if __name__ == "__main__":
    raise SystemExit(main())
