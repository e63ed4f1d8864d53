"""A reader runs the chapters' derivation cells in the page (issue 28).

Each live cell (code that the page's Python can run, _ext/mechbook_answers.py)
has an "Edit and run" button; pressed, the cell becomes an editable box whose
"Run" runs it in Pyodide, and its outputs replace the page's. Run unchanged,
every live cell must show what the page shows (the same TeX, read from MathJax,
and the same printed text); edited, it shows the consequence: a damper in place
of a spring changes F_r.
"""

from __future__ import annotations

import pytest

from tests.references import ROOT
from tests.site.reading import PHONE
from tests.site.test_accessibility import axe_violations
from tests.site.test_answer_boxes import (
    FIRST_CHECK_SECONDS,
    page_data,
    type_and_check,
    typed_answers,
)
from tests.site.test_pages import opened

SCREENSHOTS = ROOT / "_build" / "screenshots"
#: The chapters with live cells, one test each.
CHAPTERS = ["partial-velocities", "generalized-active-forces", "closed-loops",
            "constraint-forces", "generalized-inertia-forces", "kanes-equations",
            "nonholonomic-reduction", "planar-generalized-forces", "potential-energy",
            "whipple-bicycle"]

#: The outputs of a cell's output area, as [kind, text]: the TeX of typeset
#: math (MathJax keeps it) and the text of everything else.
OUTPUTS = """(area) => area ? Array.from(area.querySelectorAll(':scope > .output')).map(o => {
    if (o.classList.contains('math')) {
        const items = MathJax.startup.document.getMathItemsWithin(o);
        return ['latex', items.map(item => item.math.trim()).join(' ')];
    }
    // the text of <pre> (not the copy button's label beside it), or of the output
    const pre = o.querySelector('pre');
    return [o.classList.contains('text_html') ? 'html' : 'text',
            (pre || o).textContent.replace(/\\s+$/, '')];
}) : []"""


#: Number the live cells (``data-live-test``): a locator that finds a cell by its
#: "Edit and run" button no longer finds it once the button is pressed.
MARK_LIVE_CELLS = """() => document.querySelectorAll('div.cell').forEach(cell => {
    const open = cell.querySelector('.mechbook-live-open');
    if (open && open.closest('div.cell') === cell) {
        cell.dataset.liveTest = document.querySelectorAll('div.cell[data-live-test]').length;
    } })"""


def run_live(page, cell, timeout=FIRST_CHECK_SECONDS):
    """Press Run in the open live ``cell``; return (verdict, its outputs)."""
    root = cell.locator(".mechbook-answer")
    root.get_by_role("button", name="Run").click()
    page.wait_for_function("(root) => !root.hasAttribute('aria-busy')",
                           arg=root.element_handle(), timeout=timeout * 1000)
    verdict = root.locator("[role=status]").inner_text()
    outputs = page.evaluate(OUTPUTS, cell.locator(".mechbook-live-output").element_handle())
    return verdict, outputs


def test_every_chapter_with_live_cells_is_listed(site):
    with_live = {path.stem for path in (site / "book").glob("*.html")
                 if 'id="mechbook-answers-data"' in path.read_text(encoding="utf-8")
                 and page_data(site, path.stem).get("live")}
    assert with_live == set(CHAPTERS)


#: The chapters whose live cells run in Chromium here: running a cell in the
#: page depends on the chapter only through its code, which runs for every
#: chapter in a Python without numpy, as in the page
#: (tests/test_in_page.py::test_the_cells_the_page_runs_run_without_numpy).
RUN_IN_THE_BROWSER = ["partial-velocities", "whipple-bicycle"]


@pytest.mark.parametrize("chapter", RUN_IN_THE_BROWSER)
def test_live_cells_run_unchanged_show_the_pages_outputs(browser, base_url, site, chapter):
    expected = len(page_data(site, chapter)["live"])
    with opened(browser, f"{base_url}/book/{chapter}.html") as (page, foreign, errors):
        buttons = page.locator(".mechbook-live-open")
        assert buttons.count() == expected, "a live cell of the data has no cell in the page"
        page.evaluate(MARK_LIVE_CELLS)
        differences = []
        for k in range(expected):
            cell = page.locator(f"div.cell[data-live-test='{k}']")
            shown = cell.locator(".cell_output")
            before = page.evaluate(OUTPUTS, shown.element_handle() if shown.count() else None)
            code = cell.locator(".cell_input pre").text_content()
            folded = cell.locator("details:not([open]) > summary")
            if folded.count():     # a folded cell (hide-input): the reader unfolds it first
                folded.first.click()
            cell.locator(".mechbook-live-open").click()
            verdict, after = run_live(page, cell)
            if not verdict.startswith("Ran") or after != before:
                differences.append(f"cell {k + 1} ({code.splitlines()[0]!r}): {verdict}\n"
                                   f"  page: {before}\n  live: {after}")
        assert not differences, f"{len(differences)} of {expected} live cells differ:\n" \
            + "\n".join(differences)
        assert not foreign, f"requests left 127.0.0.1: {foreign}"
        assert not errors, errors


def test_a_damper_in_place_of_the_spring_changes_the_generalized_active_forces(
        browser, base_url):
    """The reader's edit of one live cell is what the later live cells build on."""
    with opened(browser, f"{base_url}/book/generalized-active-forces.html",
                PHONE) as (page, foreign, errors):
        loads = page.locator("div.cell", has=page.locator(
            ".cell_input pre", has_text="me.LinearSpring(k, pathway)"))
        forces = page.locator("div.cell", has=page.locator(
            ".cell_input pre", has_text="Fr = ml.generalized_active_forces(loads, speeds, N"))
        assert loads.count() == 1 and forces.count() == 1
        loads.get_by_role("button", name="Edit and run this code cell").click()
        box = loads.locator("textarea")
        box.fill(box.input_value().replace("me.LinearSpring(k, pathway)",
                                           "me.LinearDamper(c, pathway)"))
        verdict, shown = run_live(page, loads)
        assert verdict.startswith("Ran"), verdict
        assert "k q_{1}" not in shown[0][1] and shown[0][1].count(r"c \dot{q}_{1}") == 4
        forces.get_by_role("button", name="Edit and run this code cell").click()
        verdict, shown = run_live(page, forces, timeout=60)
        assert verdict.startswith("Ran"), verdict
        first_row = shown[0][1].split(r"\\")[0]
        assert "2 c u_{1}" in first_row and "k" not in first_row, first_row
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        forces.screenshot(path=str(SCREENSHOTS / "live-cell-phone.png"))
        assert not foreign and not errors, (foreign, errors)


def test_the_pages_python_imports_sympy_compiled_ahead(browser, base_url):
    """SymPy and mpmath come compiled by Pyodide's Python (scripts/compile-for-
    pyodide.mjs): the page imports their bytecode and compiles nothing of them."""
    with opened(browser, f"{base_url}/book/partial-velocities.html") as (page, foreign, errors):
        page.evaluate(MARK_LIVE_CELLS)
        cell = page.locator("div.cell[data-live-test='0']")
        cell.locator(".mechbook-live-open").click()
        cell.locator("textarea").fill(
            "import sys, sympy, mpmath, sympy.physics.mechanics\n"
            "print(sorted({m.__file__.rsplit('.', 1)[-1] for m in list(sys.modules.values())\n"
            "              if m.__name__.split('.')[0] in ('sympy', 'mpmath')\n"
            "              and getattr(m, '__file__', None)}))")
        verdict, shown = run_live(page, cell)
        assert verdict.startswith("Ran"), verdict
        assert shown == [["text", "['pyc']"]], shown
        assert not foreign and not errors, (foreign, errors)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_opened_boxes_and_their_verdicts_pass_axe(browser, base_url, scheme):
    """axe-core on a page whose live cell has been opened and run, whose
    answer box has been checked and whose quick check has been answered, its
    explanations shown (test_accessibility.py sees them closed), in both
    themes: the verdicts' colours are where the themes differ."""
    with opened(browser, f"{base_url}/book/partial-velocities.html",
                PHONE, color_scheme=scheme) as (page, _, errors):
        # the second live cell (the first only imports)
        page.evaluate(MARK_LIVE_CELLS)
        cell = page.locator("div.cell[data-live-test='1']")
        cell.locator(".mechbook-live-open").click()
        verdict, _ = run_live(page, cell)
        assert verdict.startswith("Ran"), verdict
        name = page.locator(".mechbook-answer textarea[id^='answer-']").first \
            .get_attribute("id").removeprefix("answer-")
        assert type_and_check(page, name, typed_answers("partial-velocities")[name][0],
                              30) == "Correct."
        quick = page.locator("#qc-pv-first-particle")
        quick.get_by_role("radio").first.check()
        assert quick.get_by_role("status").inner_text().startswith("Not quite: (a)")
        quick.scroll_into_view_if_needed()
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        quick.screenshot(path=str(SCREENSHOTS / f"quick-check-{scheme}.png"))
        found = axe_violations(page)
        assert not found, "\n".join(f"{v['impact']} {v['id']}: {v['help']}: {v['nodes'][:3]}"
                                    for v in found)
        assert not errors, errors
