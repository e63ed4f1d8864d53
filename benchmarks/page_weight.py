"""Weight and load time of every page of the built book, in headless Chromium.

Serves a built site (default ``_build/html``) on 127.0.0.1, loads each page of
``_toc.yml`` cold (a new browser context, so an empty cache) ``--runs`` times,
and prints per page: the bytes transferred (the sum of every response body the
page loaded, MathJax's fonts included), the number of requests, the median
time to the ``load`` event and until the network is idle, and the bytes once
the page has been scrolled to its end (which loads the explorer and animation
pictures it defers). Then the largest resources over all pages.

Usage::

    python benchmarks/page_weight.py                       # _build/html, 3 runs
    python benchmarks/page_weight.py --site /tmp/site/_build/html --runs 5
    python benchmarks/page_weight.py --largest 15

Needs Debian's ``chromium`` (scripts/install-browser.sh) and Playwright, as the
site tests do.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import time
from pathlib import Path
from urllib.parse import urlparse

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bookkit.serving import CHROMIUM_ARGS, serve  # noqa: E402
from tests.references import toc_files  # noqa: E402


def load(browser, url, scroll=False):
    """One cold load: (bytes, requests, seconds to load, seconds to idle, {url: bytes}).

    With ``scroll``, the page is then scrolled to its end, screen by screen, so
    that the explorer and animation pictures it defers load too; the bytes and
    requests count them, the times do not."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    finished = []
    page.on("requestfinished", lambda request: finished.append(request))  # sized below
    start = time.perf_counter()
    page.goto(url, wait_until="load")
    loaded = time.perf_counter() - start
    page.wait_for_load_state("networkidle")
    page.evaluate("() => window.MathJax && window.MathJax.startup"
                  " ? window.MathJax.startup.promise : null")
    idle = time.perf_counter() - start
    if scroll:
        page.evaluate("""async () => {
            for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight / 2) {
                window.scrollTo(0, y);
                await new Promise(resolve => setTimeout(resolve, 50));
            }
        }""")
        page.wait_for_load_state("networkidle")
        page.wait_for_timeout(300)
    sizes = {}
    for request in list(finished):
        try:
            sizes[request.url] = request.sizes()["responseBodySize"]
        except Exception:  # noqa: BLE001 - an aborted request has no body
            sizes.setdefault(request.url, 0)
    context.close()
    return sum(sizes.values()), len(sizes), loaded, idle, sizes


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", type=Path, default=ROOT / "_build" / "html")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--largest", type=int, default=10)
    args = parser.parse_args(argv)
    if not (args.site / "index.html").exists():
        sys.exit(f"{args.site} holds no built book: run scripts/build.sh")
    chromium = shutil.which("chromium")
    if chromium is None:
        sys.exit("Debian's chromium is not installed: scripts/install-browser.sh installs it")

    from playwright.sync_api import sync_playwright

    pages = [p.relative_to(ROOT).with_suffix(".html").as_posix() for p in toc_files()]
    server, base = serve(args.site)
    largest = {}
    print(f"{args.site}, {args.runs} cold loads per page (median seconds)\n")
    print("| page | MB transferred | requests | load s | idle s | MB after scrolling to the end |")
    print("|---|---|---|---|---|---|")
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
            for path in pages:
                runs = [load(browser, f"{base}/{path}") for _ in range(args.runs)]
                size, count = runs[-1][0], runs[-1][1]
                for url, nbytes in runs[-1][4].items():
                    largest[urlparse(url).path] = nbytes
                print(f"| {path} | {size / 1e6:.2f} | {count} | "
                      f"{statistics.median(r[2] for r in runs):.2f} | "
                      f"{statistics.median(r[3] for r in runs):.2f} | "
                      f"{load(browser, f'{base}/{path}', scroll=True)[0] / 1e6:.2f} |",
                      flush=True)
            browser.close()
    finally:
        server.shutdown()
    print("\nLargest resources (bytes, any page):\n")
    for url, nbytes in sorted(largest.items(), key=lambda item: -item[1])[:args.largest]:
        print(f"{nbytes:>10,}  {url}")


if __name__ == "__main__":
    main()
