"""A reader answers the checked exercises in the page (issues 28 and 43).

Each answer cell becomes an editable box with a "Check" button
(_ext/mechbook_answers.py, _ext/static/answers.js); its first press (or the
first focus of a box) starts the page's Python in a Web Worker, which loads
Pyodide and the SymPy, mpmath and mechlib wheels from the site itself. Typed
with the keyboard only, the worked answer in the names the exercise gives
(tests/typed_answers.py) gets "Correct.", the same answer with its sign
changed "Not yet: ...", and a syntax error one readable line; nothing of
Python loads before a reader starts on a box and no request leaves
127.0.0.1. Python never holds up the page: an endless loop is stopped at the
time limit or by the Stop button, a fatal error of Python restarts it, and
the next check works without a reload.
"""

from __future__ import annotations

import functools
import json
import re

import pytest

from bookkit.chapters import REPOSITORY, chapter_checks, read_chapter
from bookkit.in_page import worked_code
from tests.site.reading import PHONE
from tests.site.test_pages import open_page, opened, phone_page

#: The chapters with answer boxes (each box of each is judged by the page's
#: own runner in tests/test_in_page.py, in CPython without numpy).
CHAPTERS = ["partial-velocities", "generalized-active-forces", "closed-loops",
            "constraint-forces", "generalized-inertia-forces", "kanes-equations",
            "nonholonomic-reduction", "planar-generalized-forces", "potential-energy",
            "whipple-bicycle"]
#: The chapters whose boxes are typed into in Chromium, every box of them
#: (the first chapter, and the one with the largest set-up): what the
#: browser adds to the runner (Pyodide, the wheels, the worker, the keyboard)
#: does not depend on the chapter.
IN_THE_BROWSER = ["partial-velocities", "whipple-bicycle"]
#: From the first press to the verdict, cold (Pyodide, wheels, set-up).
FIRST_CHECK_SECONDS = 120
#: What the first press fetches: nothing of it before.
PYTHON_FILES = re.compile(r"/_static/(pyodide/|answers_runner\.py|answers-run\.mjs"
                          r"|answers-worker\.mjs|mechlib-[^/]*\.whl)")


def _zero(answer):
    parts = answer.get("components") or answer.get("entries") or [answer]
    return all(part["expr"] == "Integer(0)" for part in parts)


@functools.cache
def typed_answers(chapter):
    """{check name: (worked answer, the same with its sign changed)}, as a
    reader types them into the box: the answer line in the names the
    exercise gives (tests/typed_answers.py: ``rods.m``, ``Omega``, not the
    worked solution's code) and the check; no sign error for an answer that
    is zero."""
    from tests.typed_answers import typed_answers as in_the_exercises_names

    worked = json.loads((REPOSITORY / "grading" / "worked" / f"{chapter}.json")
                        .read_text(encoding="utf-8"))["checks"]
    typed = {}
    for name, found in in_the_exercises_names(chapter).items():
        assert found["typed"], (name, found["verdict"])
        answer, check = found["typed"].rsplit("\n", 1)
        variable, value = answer.split(" = ", 1)
        typed[name] = (found["typed"], None if _zero(worked[name]["answer"])
                       else f"{variable} = -({value})\n{check}")
    return typed


def page_data(site, chapter):
    html = (site / "book" / f"{chapter}.html").read_text(encoding="utf-8")
    found = re.search(r'<script type="application/json" id="mechbook-answers-data">(.*?)'
                      r"</script>", html, re.S)
    assert found, f"{chapter}: the page carries no answer-box data"
    return json.loads(found.group(1))


def press_check(page, name, code):
    """Type ``code`` into the box of check ``name`` and press Check; return
    the box's root (its run goes on)."""
    box = page.locator(f"#answer-{name}")
    box.focus()
    page.keyboard.press("Control+A")
    page.keyboard.press("Delete")
    # the box keeps what is typed as it is: no auto-indentation to undo
    page.keyboard.insert_text(code)
    page.keyboard.press("Control+Enter")
    return page.locator(".mechbook-answer", has=box)


def wait_done(page, root, seconds):
    page.wait_for_function("(root) => !root.hasAttribute('aria-busy')",
                           arg=root.element_handle(), timeout=seconds * 1000)
    return root.locator("[role=status]").inner_text()


def type_and_check(page, name, code, timeout=FIRST_CHECK_SECONDS):
    """Type ``code`` into the box of check ``name`` with the keyboard, press
    Ctrl+Enter and return the verdict once the check is done."""
    return wait_done(page, press_check(page, name, code), timeout)


@pytest.fixture(scope="module")
def context(browser):
    context = browser.new_context(viewport={"width": 390, "height": 844})
    yield context
    context.close()


def test_every_chapter_with_checks_is_tested_here(site):
    """Every chapter with answer cells is in CHAPTERS, and every check of it
    has a box (the build stops on one the page cannot check)."""
    with_boxes = []
    for path in sorted((site / "book").glob("*.html")):
        if 'class="cell tag_answer' not in path.read_text(encoding="utf-8"):
            continue
        with_boxes.append(path.stem)
        names = {item["name"] for item in chapter_checks(REPOSITORY / "book" / f"{path.stem}.md")}
        assert set(page_data(site, path.stem)["checks"]) == names, path.stem
    assert with_boxes == sorted(CHAPTERS)


def test_partial_velocities_as_a_reader(context, base_url, site):
    requested = []
    page, foreign, errors = open_page(context, f"{base_url}/book/partial-velocities.html")
    page.on("request", lambda request: requested.append(request.url))
    try:
        page.wait_for_timeout(500)
        assert not [u for u in requested if PYTHON_FILES.search(u)]
        loaded = page.evaluate("() => performance.getEntriesByType('resource')"
                               ".map(e => e.name)")
        assert not [u for u in loaded if PYTHON_FILES.search(u)], (
            "the page loaded Python before a press")
        boxes = page.locator(".mechbook-answer textarea")
        assert boxes.count() == len(chapter_checks(REPOSITORY / "book"
                                                   / "partial-velocities.md"))
        # keyboard: the box, then (Esc, Tab: Tab itself indents) its button
        first = boxes.first
        first.focus()
        page.keyboard.press("Escape")
        page.keyboard.press("Tab")
        assert page.evaluate("() => document.activeElement.textContent") == "Check"
        # it fits a phone's column
        for k in range(boxes.count()):
            box = boxes.nth(k).bounding_box()
            assert box["x"] >= 0 and box["x"] + box["width"] <= 390, box

        name = "pv-other-speeds-q1-dot"
        right, sign = typed_answers("partial-velocities")[name]
        assert type_and_check(page, name, right) == "Correct."
        assert [u for u in requested if PYTHON_FILES.search(u)], "Python was not loaded"
        assert type_and_check(page, name, sign, 30).startswith("Not yet: ")
        syntax = type_and_check(page, name, "q1_dot = u1 +\n" + right.splitlines()[-1], 30)
        assert syntax.startswith("SyntaxError: ") and "(line 1)" in syntax, syntax
        assert "\n" not in syntax and "Traceback" not in syntax
        assert type_and_check(page, name, "q1_dot = u9\n" + right.splitlines()[-1], 30) \
            == "NameError: name 'u9' is not defined (line 1)"
        # the chapter's numbers and libraries: the page says why they are not here
        numeric = type_and_check(page, name, "q1_dot = np.pi\n" + right.splitlines()[-1], 30)
        assert numeric == ("NameError: name 'np' is not defined (line 1). The chapter makes "
                           "np in a cell that needs numpy, which the page's Python does not "
                           "have: write your answer with SymPy here, or download the notebook "
                           "or launch it to use np."), numeric
        library = type_and_check(page, name, "import scipy.linalg\n" + right, 30)
        assert library.startswith("ModuleNotFoundError: No module named 'scipy' (line 1). The "
                                  "page's Python has SymPy and mechlib's symbolic core, not "
                                  "scipy"), library
        status = page.locator(".mechbook-answer", has=page.locator(f"#answer-{name}"))
        assert status.locator("[role=status][aria-live=polite]").count() == 1
        assert not foreign, f"requests left 127.0.0.1: {foreign}"
        assert not errors, errors
    finally:
        page.close()


@pytest.mark.parametrize("chapter", IN_THE_BROWSER)
def test_worked_answers_are_correct_in_the_page(context, base_url, site, chapter):
    ready = list(page_data(site, chapter)["checks"])
    page, foreign, errors = open_page(context, f"{base_url}/book/{chapter}.html")
    try:
        assert page.locator(".mechbook-answer textarea").count() == len(ready)
        typed = typed_answers(chapter)
        for name in ready:
            right, sign = typed[name]
            assert type_and_check(page, name, right) == "Correct.", name
            if sign:
                verdict = type_and_check(page, name, sign, 30)
                assert verdict.startswith("Not yet: "), (name, verdict)
            # a bracket left open: one line that says where, no traceback
            verdict = type_and_check(page, name, right.replace(" = ", " = (", 1), 30)
            assert verdict.startswith("SyntaxError: ") and "(line " in verdict, (name, verdict)
            assert "\n" not in verdict and "Traceback" not in verdict, (name, verdict)
        assert not foreign, f"requests left 127.0.0.1: {foreign}"
        assert not errors, errors
    finally:
        page.close()


#: Chapters whose boxes a reader fills with the worked solution's own code
#: (its cells that run in the page), which uses the chapter's names; every
#: chapter's is run by the page's runner in tests/test_in_page.py.
FOLLOWED = ["whipple-bicycle"]


@pytest.mark.parametrize("chapter", FOLLOWED)
def test_the_worked_solutions_code_is_correct_in_the_page(context, base_url, chapter):
    typed = worked_code(read_chapter(REPOSITORY / "book" / f"{chapter}.md"))
    page, foreign, errors = open_page(context, f"{base_url}/book/{chapter}.html")
    try:
        for name, code in typed.items():
            assert type_and_check(page, name, code) == "Correct.", (name, code)
        assert not foreign and not errors, (foreign, errors)
    finally:
        page.close()


def test_a_readers_edit_survives_a_reload_and_can_be_restored(browser, base_url):
    with opened(browser, f"{base_url}/book/partial-velocities.html",
                PHONE) as (page, foreign, errors):
        box = page.locator(".mechbook-answer textarea").first
        name = box.get_attribute("id").removeprefix("answer-")
        original = box.input_value()
        label = page.locator(f"label[for='answer-{name}']").inner_text()
        assert label.startswith("Your answer to Exercise 1.") and name in label, label
        restore = page.get_by_role("button", name="Restore the original").first
        assert not restore.is_visible(), "nothing to restore before an edit"
        box.focus()
        page.keyboard.press("Control+End")
        page.keyboard.insert_text("\n# my own line")
        page.reload(wait_until="load")
        box = page.locator(f"#answer-{name}")
        assert box.input_value() == original + "\n# my own line"
        restore = page.locator(".mechbook-answer", has=box).get_by_role(
            "button", name="Restore the original")
        assert restore.is_visible()
        restore.click()
        assert box.input_value() == original
        assert not restore.is_visible()
        page.reload(wait_until="load")
        assert page.locator(f"#answer-{name}").input_value() == original
        assert not foreign and not errors, (foreign, errors)


#: Records, from the start, the page's long animation frames (over 50 ms of
#: its main thread) with the time its scripts took in each: the page's Python
#: is script; the rest of a frame is the browser's layout and paint, which a
#: loaded machine stretches.
LONG_FRAMES = """
window.mechbookLongFrames = [];
new PerformanceObserver(function (list) {
  list.getEntries().forEach(function (entry) {
    var scripts = entry.scripts.map(function (script) {
      return [script.sourceURL + " " + script.invoker, script.duration];
    });
    window.mechbookLongFrames.push([entry.startTime, entry.duration, scripts]);
  });
}).observe({type: "long-animation-frame", buffered: true});
"""


def test_python_runs_apart_from_the_page(browser, base_url):
    """The page's Python runs in a worker: during the first check no script
    holds the page's main thread for over 200 ms in a frame (before, Python
    held it for 8.6 of 9 s); an endless loop is ended at the
    stated time limit, and Stop ends one at once, while the page answers at
    once; a sum too long to parse, exit() and a flood of printing each get
    one sentence (the flood its first and last 20,000 characters, no long
    task, a few kB kept); a fatal error of Python (its stack overflowed) is
    said plainly; after each, the next check works without a reload; a
    result message that a box's code posts to the page is not heeded."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.add_init_script(LONG_FRAMES)
    page, foreign, errors = open_page(context, f"{base_url}/book/partial-velocities.html")
    try:
        limit = page_data_of(page)["runtime"]["limit"]
        name = "pv-other-speeds-q1-dot"
        right, _ = typed_answers("partial-velocities")[name]
        variable = right.split(" = ", 1)[0]
        help_text = page.locator(f"#answer-{name}-help").inner_text()
        assert f"at most {limit} s" in help_text and "Stop" in help_text, help_text
        pressed = page.evaluate("() => performance.now()")
        root = press_check(page, name, right)
        assert wait_done(page, root, FIRST_CHECK_SECONDS) == "Correct."
        frames = [(round(start - pressed), round(duration), scripts) for start, duration, scripts
                  in page.evaluate("() => window.mechbookLongFrames") if start >= pressed]
        held = [frame for frame in frames if sum(d for _, d in frame[2]) > 200]
        assert not held, f"scripts held the page's main thread during the first check: {held}"
        # focus comes back to the box
        assert page.evaluate("() => document.activeElement.id") == f"answer-{name}"

        endless = f"while True:\n    pass\n{right.splitlines()[-1]}"
        root = press_check(page, name, endless)
        stop = root.get_by_role("button", name="Stop")
        stop.wait_for(state="visible", timeout=5000)
        page.wait_for_timeout(2000)
        start = page.evaluate("() => performance.now()")
        page.evaluate("() => 1 + 1")            # the page answers while Python runs
        assert page.evaluate("() => performance.now()") - start < 1000
        verdict = wait_done(page, root, limit + 20)
        assert verdict.startswith(f"Stopped after {limit} s"), verdict
        assert "Python was started afresh" in verdict, verdict
        assert not stop.is_visible()
        assert wait_done(page, press_check(page, name, right), FIRST_CHECK_SECONDS) \
            == "Correct."

        root = press_check(page, name, endless)
        stop.wait_for(state="visible", timeout=5000)
        page.wait_for_timeout(1000)
        stop.click()
        verdict = wait_done(page, root, 10)
        assert verdict.startswith("Stopped. Python was started afresh"), verdict
        assert wait_done(page, press_check(page, name, right), FIRST_CHECK_SECONDS) \
            == "Correct."

        # an answer of 5000 terms is refused before Python parses it (parsing
        # it overflowed the stack of the WebAssembly Python) ...
        long = (f"{variable} = " + " + ".join(f"u1*{k}" for k in range(5000))
                + f"\n{right.splitlines()[-1]}")
        verdict = wait_done(page, press_check(page, name, long), limit + 20)
        assert verdict.startswith("This answer chains 4,999 operations"), verdict
        # ... exit() ends the code, not Python ...
        verdict = wait_done(page, press_check(page, name, "import sys\nsys.exit()"), 30)
        assert verdict.startswith("The code called exit()"), verdict
        # ... and a flood of printing shows its ends, the page kept responsive
        flood = "for i in range(200000):\n    print('x' * 49)"
        frames_before = len(page.evaluate("() => window.mechbookLongFrames"))
        verdict = wait_done(page, press_check(page, name, flood), limit + 20)
        assert "characters not shown" in verdict and len(verdict) < 41_000
        flood_frames = page.evaluate("() => window.mechbookLongFrames")[frames_before:]
        assert not [f for f in flood_frames if sum(d for _, d in f[2]) > 200], flood_frames
        stored = page.evaluate("() => Object.keys(localStorage).reduce((n, k) => "
                               "n + localStorage.getItem(k).length, 0)")
        assert stored < 20_000, stored
        # the stack can still overflow from code the box runs itself (Pyodide
        # calls that fatal: nothing runs in it any more)
        overflow = ("exec('y = ' + ' + '.join(['u1'] * 5000))"
                    f"\n{right.splitlines()[-1]}")
        verdict = wait_done(page, press_check(page, name, overflow), limit + 20)
        assert verdict.startswith("Python failed while running this (Maximum call stack "
                                  "size exceeded)"), verdict
        assert "Python was started afresh" in verdict, verdict
        assert wait_done(page, press_check(page, name, right), FIRST_CHECK_SECONDS) \
            == "Correct."
        # a box cannot post a verdict to the page: the page heeds only
        # messages that carry the job's token, which the box's code cannot read
        forged = (f"{variable} = 0\nimport js\nfor n in range(100):\n"
                  "    js.postMessage(js.JSON.parse('{\"id\": %d, \"type\": \"result\", "
                  "\"answer\": [true, \"Correct.\"]}' % n))\n"
                  f"{right.splitlines()[-1]}")
        verdict = wait_done(page, press_check(page, name, forged), limit + 20)
        assert verdict.startswith("Not yet"), verdict
        assert not foreign, f"requests left 127.0.0.1: {foreign}"
        # Pyodide reports its fatal error on the console, as it should
        assert not [e for e in errors if not re.search(
            r"fatal error|Maximum call stack", e)], errors
    finally:
        context.close()


def page_data_of(page):
    return json.loads(page.locator("#mechbook-answers-data").text_content())


def test_a_cross_origin_isolated_page_interrupts_python(browser, site):
    """Served cross-origin isolated (COOP and COEP headers, which a host such
    as GitHub Pages does not send), the page interrupts Python through
    Pyodide's interrupt buffer: Stop ends an endless loop and Python, still
    loaded, checks the next answer at once."""
    from bookkit.serving import QuietHandler, serve

    class Isolating(QuietHandler):
        def end_headers(self):
            self.send_header("Cross-Origin-Opener-Policy", "same-origin")
            self.send_header("Cross-Origin-Embedder-Policy", "require-corp")
            super().end_headers()

    server, url = serve(site, Isolating)
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        page, foreign, errors = open_page(
            context, f"{url}/book/partial-velocities.html")
        assert page.evaluate("() => crossOriginIsolated")
        name = "pv-other-speeds-q1-dot"
        right, _ = typed_answers("partial-velocities")[name]
        assert wait_done(page, press_check(page, name, right), FIRST_CHECK_SECONDS) \
            == "Correct."
        root = press_check(page, name, f"while True:\n    pass\n{right.splitlines()[-1]}")
        stop = root.get_by_role("button", name="Stop")
        stop.wait_for(state="visible", timeout=5000)
        page.wait_for_timeout(1000)
        stop.click()
        assert wait_done(page, root, 10) == "Stopped. Press the button to run again."
        start = page.evaluate("() => performance.now()")
        assert wait_done(page, press_check(page, name, right), 30) == "Correct."
        # no new Python was loaded: the check took a warm check's time
        assert page.evaluate("() => performance.now()") - start < 5000
        assert not foreign and not errors, (foreign, errors)
    finally:
        context.close()
        server.shutdown()


#: The contrast of a verdict's colour with the background it is shown on.
CONTRAST = """(element) => {
  function rgb(text) { return text.match(/[\\d.]+/g).slice(0, 4).map(Number); }
  function luminance(c) {
    const [r, g, b] = c.slice(0, 3).map(v => { v /= 255;
      return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  }
  let back = null;
  for (let node = element; node && !back; node = node.parentElement) {
    const c = rgb(getComputedStyle(node).backgroundColor);
    if (c.length < 4 || c[3] > 0) { back = c; }
  }
  back = back || [255, 255, 255];
  const [a, b] = [luminance(rgb(getComputedStyle(element).color)), luminance(back)];
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}"""


def verdicts_read_at_a_glance(page, chapter, theme):
    """"Correct", "Not yet" and errors of the first box of ``chapter``, open in
    ``page``, each have their own icon and colour (contrast 4.5:1 at least)
    in a live region."""
    assert page.evaluate("() => document.documentElement.dataset.theme") == theme
    typed = typed_answers(chapter)
    name = next(iter(typed))
    right, sign = typed[name]
    root = page.locator(".mechbook-answer", has=page.locator(f"#answer-{name}"))
    verdict = root.locator(".mechbook-answer-verdict")
    seen = {}
    for kind, code in (("is-correct", right), ("is-not-yet", sign),
                       ("is-error", "x = (\n" + right.splitlines()[-1])):
        wait_done(page, press_check(page, name, code), FIRST_CHECK_SECONDS)
        assert kind in verdict.get_attribute("class"), (kind, verdict.inner_text())
        assert verdict.get_attribute("aria-live") == "polite"
        icon = verdict.evaluate("(e) => getComputedStyle(e, '::before').content")
        colour = verdict.evaluate("(e) => getComputedStyle(e).color")
        assert icon not in ("none", "normal", ""), (kind, icon)
        assert verdict.evaluate(CONTRAST) >= 4.5, (kind, theme, colour)
        seen[kind] = (icon, colour)
    assert len({icon for icon, _ in seen.values()}) == 3, seen
    assert len({colour for _, colour in seen.values()}) == 3, seen


def test_verdicts_read_at_a_glance_in_the_dark(browser, base_url):
    """On a phone in the dark theme, the verdicts' icons, colours and contrast
    (what a theme changes; the rest is the light theme's test below)."""
    chapter = "partial-velocities"
    with phone_page(browser, f"{base_url}/book/{chapter}.html",
                    "dark") as (page, foreign, errors):
        verdicts_read_at_a_glance(page, chapter, "dark")
        assert not foreign, foreign
        assert not errors, errors


def test_verdicts_read_at_a_glance_and_answers_stay(browser, base_url):
    """On a phone: "Correct", "Not yet" and errors each have their own icon
    and colour (contrast 4.5:1 at least) in a live region; Tab indents in a
    box, Esc then Tab leaves it; long lines wrap. A reload shows each box's
    last verdict while it holds the code checked; the chapter says how many
    checks are correct, the table of contents marks a chapter with all of
    them, and "Clear my answers" clears them, the mark at once."""
    chapter = "partial-velocities"
    with phone_page(browser, f"{base_url}/book/{chapter}.html",
                    "light") as (page, foreign, errors):
        typed = typed_answers(chapter)
        names = list(typed)
        name = names[0]
        progress = page.locator(".mechbook-progress [role=status]")
        assert progress.inner_text().startswith(f"0 of {len(names)} checks correct")
        verdicts_read_at_a_glance(page, chapter, "light")

        # Tab indents; Esc then Tab leaves the box for its button
        box = page.locator(f"#answer-{name}")
        box.focus()
        page.keyboard.press("Control+End")
        page.keyboard.press("Enter")
        page.keyboard.press("Tab")
        assert box.input_value().endswith("\n    ")
        assert page.evaluate("() => document.activeElement.id") == f"answer-{name}"
        page.keyboard.press("Escape")
        page.keyboard.press("Tab")
        assert page.evaluate("() => document.activeElement.textContent") == "Check"
        assert box.evaluate("(e) => getComputedStyle(e).whiteSpace") == "pre-wrap"

        # every check right: the count, the kept verdicts, the table of contents
        for each in names:
            assert wait_done(page, press_check(page, each, typed[each][0]),
                             FIRST_CHECK_SECONDS) == "Correct.", each
        assert progress.inner_text().startswith(f"{len(names)} of {len(names)} checks")
        page.reload(wait_until="load")
        for each in names:
            kept = page.locator(".mechbook-answer", has=page.locator(f"#answer-{each}"))
            assert kept.locator("[role=status]").inner_text() == "Correct.", each
        assert progress.inner_text().startswith(f"{len(names)} of {len(names)} checks")
        other, _, _ = open_page(page.context, f"{base_url}/book/notation.html")
        link = other.locator(".bd-sidebar-primary nav a.reference.internal"
                             f"[href$='{chapter}.html']")
        assert link.locator(".mechbook-toc-done").count() == 1
        # (text_content: on a phone the sidebar is a closed drawer)
        assert "(all checks correct)" in link.text_content()
        other.close()

        # an edit takes the box's verdict back to none kept; Clear clears all,
        # the mark of this chapter in the table of contents at once
        mine = page.locator(f".bd-sidebar-primary nav a.reference.internal[href$='{chapter}.html']"
                            ", .bd-sidebar-primary nav a.reference.internal.current")
        assert mine.locator(".mechbook-toc-done").count() == 1
        page.once("dialog", lambda dialog: dialog.accept())
        page.get_by_role("button", name="Clear my answers").click()
        assert progress.inner_text().startswith(f"0 of {len(names)} checks correct")
        assert mine.locator(".mechbook-toc-done").count() == 0
        page.reload(wait_until="load")
        assert page.locator(".mechbook-answer [role=status]").all_inner_texts() \
            == [""] * len(names)
        assert not foreign, foreign
        assert not errors, errors

