"""How long a reader waits for the in-page exercise checks (issue 28).

Serves a built site (default ``_build/html``) on 127.0.0.1 and, ``--runs``
times, in a new browser context of headless Chromium (an empty cache, as a
reader's first visit), opens a chapter, types the worked answer of its first
checkable box and presses Ctrl+Enter, then measures:

- *cold*: from the first press to the verdict (loading Pyodide and the SymPy,
  mpmath and mechlib wheels, the exercise's set-up, the check), and its
  three steps from the marks answers.js leaves: Pyodide downloaded and
  started; the wheels fetched and unpacked; the set-up and the check;
- *again*: the same box checked again (a reader's next try), median of three;
- *next exercise*: the first check of another exercise's box (its set-up runs
  then), if the chapter has one;
- *live cell*: "Edit and run" then Run on the chapter's last live cell (the
  longest set-up), and Run again;
- the memory of the tab after these checks: the resident memory (RSS) of
  Chromium's renderer processes started for it (Linux /proc), and the page's
  JavaScript heap (Chrome DevTools Protocol ``Performance.getMetrics``, which
  does not count Pyodide's WebAssembly memory).

Prints each run and the medians. Usage::

    python benchmarks/in_page_check.py                        # partial-velocities, 3 runs
    python benchmarks/in_page_check.py --chapter generalized-active-forces --runs 5

Needs Debian's ``chromium`` and Playwright, as the site tests do.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bookkit.serving import CHROMIUM_ARGS, serve  # noqa: E402
from tests.site.test_answer_boxes import page_data, typed_answers  # noqa: E402


def _descendants(pid):
    children = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                ppid = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            children.setdefault(ppid, []).append(int(entry.name))
    found, todo = [], [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            found.append(child)
            todo.append(child)
    return found


def renderer_rss_mb():
    """Resident memory of this process's Chromium renderers, in MB."""
    total = 0
    for pid in _descendants(os.getpid()):
        try:
            if b"--type=renderer" not in Path(f"/proc/{pid}/cmdline").read_bytes():
                continue
            status = Path(f"/proc/{pid}/status").read_text()
        except OSError:
            continue
        total += next(int(line.split()[1]) for line in status.splitlines()
                      if line.startswith("VmRSS:"))
    return total / 1024


def timed_check(page, name, code, typing=0.0):
    """Seconds from pressing Ctrl+Enter in box ``name`` to its verdict, pressed
    ``typing`` seconds after the box took the focus (which starts loading Python)."""
    box = page.locator(f"#answer-{name}")
    box.fill(code)
    box.focus()
    page.wait_for_timeout(typing * 1000)
    root = page.locator(".mechbook-answer", has=box)
    page.evaluate("() => performance.mark('mechbook-press')")
    start = time.perf_counter()
    page.keyboard.press("Control+Enter")
    page.wait_for_function("(root) => !root.hasAttribute('aria-busy')",
                           arg=root.element_handle(), timeout=300_000)
    seconds = time.perf_counter() - start
    verdict = root.locator("[role=status]").inner_text()
    if verdict != "Correct.":
        raise SystemExit(f"{name}: the worked answer got {verdict!r}")
    return seconds


#: The steps of the first press, between the marks answers.js leaves.
STEPS = ("mechbook-press", "mechbook-python-loaded", "mechbook-wheels-installed",
         "mechbook-checked")


def steps_seconds(page):
    """Seconds of each step of the first press (Pyodide, wheels, set-up and check)."""
    marks = page.evaluate("(names) => names.map(n => performance.getEntriesByName(n)[0]"
                          ".startTime)", list(STEPS))
    return [(b - a) / 1000 for a, b in zip(marks, marks[1:], strict=False)]


def timed_live(page):
    """Seconds of the first Run of the page's last live cell, and of a second."""
    # marked: a locator that finds the cell by its button loses it once pressed
    page.locator("div.cell", has=page.locator(".mechbook-live-open")).last.evaluate(
        "cell => { cell.dataset.timed = 'yes'; }")
    cell = page.locator("div.cell[data-timed='yes']")
    cell.locator(".mechbook-live-open").click()
    root = cell.locator(".mechbook-answer")
    seconds = []
    for _ in range(2):
        start = time.perf_counter()
        root.get_by_role("button", name="Run").click()
        page.wait_for_function("(root) => !root.hasAttribute('aria-busy')",
                               arg=root.element_handle(), timeout=300_000)
        seconds.append(time.perf_counter() - start)
        verdict = root.locator("[role=status]").inner_text()
        if not verdict.startswith("Ran"):
            raise SystemExit(f"the last live cell got {verdict!r}")
    return seconds


def one_run(browser, url, first, other, typed):
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.goto(url, wait_until="networkidle")
    cold = timed_check(page, first, typed[first][0])
    steps = steps_seconds(page)
    again = statistics.median(timed_check(page, first, typed[first][0]) for _ in range(3))
    following = timed_check(page, other, typed[other][0]) if other else None
    live, live_again = timed_live(page)
    cdp = context.new_cdp_session(page)
    cdp.send("Performance.enable")
    metrics = {m["name"]: m["value"] for m in cdp.send("Performance.getMetrics")["metrics"]}
    rss = renderer_rss_mb()
    context.close()
    return (cold, again, following, rss, metrics["JSHeapUsedSize"] / 1e6, *steps,
            live, live_again)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", type=Path, default=ROOT / "_build" / "html")
    parser.add_argument("--chapter", default="partial-velocities")
    parser.add_argument("--box", help="the check whose box is pressed first "
                        "(default: the chapter's first)")
    parser.add_argument("--runs", type=int, default=3)
    options = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    data = page_data(options.site, options.chapter)
    ready = list(data["checks"])
    if not ready:
        raise SystemExit(f"{options.chapter} has no answer box")
    if options.box and options.box not in ready:
        raise SystemExit(f"{options.chapter} has no box {options.box!r}; it has {ready}")
    first = options.box or ready[0]
    other = next((name for name in ready
                  if data["checks"][name]["setup"] != data["checks"][first]["setup"]), None)
    typed = typed_answers(options.chapter)
    server, base = serve(options.site)
    url = f"{base}/book/{options.chapter}.html"
    rows = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=shutil.which("chromium"),
                                             args=CHROMIUM_ARGS)
        for run in range(options.runs):
            rows.append(one_run(browser, url, first, other, typed))
            cold, again, following, rss, heap, python, wheels, check, live, rerun = rows[-1]
            following = f"{following:.1f} s" if following is not None else "-"
            print(f"run {run + 1}: cold {cold:.1f} s (Pyodide {python:.1f} s, wheels "
                  f"{wheels:.1f} s, set-up and check {check:.1f} s), again "
                  f"{again * 1000:.0f} ms, next exercise {following}, live cell {live:.1f} s "
                  f"then {rerun * 1000:.0f} ms, renderer RSS "
                  f"{rss:.0f} MB, JS heap {heap:.0f} MB", flush=True)
        browser.close()
    server.shutdown()
    median = [statistics.median(r[k] for r in rows) if rows[0][k] is not None else None
              for k in range(10)]
    print(f"\n{options.chapter}, {options.runs} runs, medians: first press to verdict "
          f"(cold, {first}) {median[0]:.1f} s (Pyodide {median[5]:.1f} s, wheels "
          f"{median[6]:.1f} s, set-up and check {median[7]:.1f} s); "
          f"the same box again {median[1] * 1000:.0f} ms; "
          + (f"the first check of another exercise ({other}) {median[2]:.1f} s; "
             if other else "")
          + f"the last live cell's first Run {median[8]:.1f} s, its next "
            f"{median[9] * 1000:.0f} ms; "
          + f"renderer RSS {median[3]:.0f} MB; JS heap {median[4]:.0f} MB")


if __name__ == "__main__":
    main()
