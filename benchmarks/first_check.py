"""What a reader's first check costs, in bytes and seconds, in a browser that keeps its cache.

Serves a built site (default ``_build/html``) as GitHub Pages serves it
(``bookkit.serving.PagesHandler``: cached for ten minutes, text and
WebAssembly gzipped) and, ``--runs`` times, starts headless Chromium with a
profile of its own on disk (a reader's browser: a Playwright context would be
off the record, with no disk cache), opens the first chapter, types the worked
answer of its first box and presses Ctrl+Enter (at once, or ``--typing`` seconds
after the box took the focus, which starts loading Python: the time a reader
takes to type), then opens the second chapter
in the same browser and does the same. For each chapter it prints the bytes
the server sent from opening the page to the verdict, and the seconds from the
press to the verdict; then the medians.

Usage::

    python benchmarks/first_check.py                     # 5 runs
    python benchmarks/first_check.py --chapters partial-velocities kanes-equations --runs 5
    python benchmarks/first_check.py --typing 5   # pressed 5 s after the box's focus

Needs Debian's ``chromium`` and Playwright, as the site tests do.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.in_page_check import timed_check  # noqa: E402
from bookkit.serving import CHROMIUM_ARGS, PagesHandler, chromium, serve  # noqa: E402
from tests.site.test_answer_boxes import page_data, typed_answers  # noqa: E402


def one_run(playwright, url, chapters, answers, typing=0.0):
    """[(megabytes sent, seconds from press to verdict)] for each chapter, in one
    browser with a new profile on disk."""
    sent = {}
    server, base = serve(url, type("Handler", (PagesHandler,), {"sent": sent}))
    found = []
    with tempfile.TemporaryDirectory() as profile:
        context = playwright.chromium.launch_persistent_context(
            profile, executable_path=chromium(), args=CHROMIUM_ARGS,
            viewport={"width": 390, "height": 844})
        try:
            for chapter in chapters:
                before = sum(sent.values())
                page = context.new_page()
                page.goto(f"{base}/book/{chapter}.html", wait_until="networkidle")
                name, code = answers[chapter]
                seconds = timed_check(page, name, code, typing)
                page.close()
                found.append(((sum(sent.values()) - before) / 1e6, seconds))
        finally:
            context.close()
            server.shutdown()
    return found


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", type=Path, default=ROOT / "_build" / "html")
    parser.add_argument("--chapters", nargs=2, default=["partial-velocities", "kanes-equations"])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--typing", type=float, default=0.0, metavar="SECONDS",
                        help="seconds from the box's focus, which starts loading Python, "
                             "to the press: a reader typing the answer (default 0, the "
                             "press at once)")
    options = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    answers = {}
    for chapter in options.chapters:
        name = next(iter(page_data(options.site, chapter)["checks"]))
        answers[chapter] = (name, typed_answers(chapter)[name][0])
    runs = []
    with sync_playwright() as playwright:
        for run in range(options.runs):
            runs.append(one_run(playwright, options.site, options.chapters, answers,
                               options.typing))
            print(f"run {run + 1}: " + "; ".join(
                f"{chapter} {mb:.2f} MB, {seconds:.2f} s"
                for chapter, (mb, seconds) in zip(options.chapters, runs[-1], strict=True)),
                flush=True)
    print(f"medians of {options.runs} (MB sent from opening the page to the verdict; "
          f"s from pressing Check, {options.typing:g} s after the box's focus, to the "
          "verdict):")
    for k, chapter in enumerate(options.chapters):
        label = "first chapter" if k == 0 else "second chapter, same browser"
        print(f"  {label} ({chapter}): "
              f"{statistics.median(run[k][0] for run in runs):.2f} MB, "
              f"{statistics.median(run[k][1] for run in runs):.2f} s")


if __name__ == "__main__":
    main()
