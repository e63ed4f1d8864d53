"""Quick checks in the page: choose with the keyboard, read why, find it kept.

The directive and what the chapters ask: tests/test_quick_checks.py. Here the
built page in Chromium: every question with its choices as radio buttons, a
verdict announced on choosing (``role="status"``), every choice's explanation
then, the choice kept over a reload and cleared by "Clear my answers", and on
paper the questions without their answers.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.references import ROOT
from tests.site.test_pages import opened, phone_page
from tests.test_quick_checks import CHAPTERS, quick_checks


@pytest.mark.parametrize("view", ["390-light"])
@pytest.mark.parametrize("path", [f"book/{page.stem}.html" for page in CHAPTERS])
def test_every_quick_check_is_a_group_of_choices(views, path, view):
    """Read in the page the other reading checks share (tests/site/views.py)."""
    chapter = Path(path).stem
    asked = {label: body for label, _, body, _ in quick_checks(ROOT / "book" / f"{chapter}.md")}
    opened = views.open(path, view)
    page = opened.page
    shown = page.locator("div.mechbook-qc")
    assert sorted(shown.evaluate_all("els => els.map(e => e.id)")) == sorted(asked)
    for label, body in asked.items():
        root = page.locator(f"#{label}")
        group = root.get_by_role("radiogroup")
        assert group.count() == 1, label
        choices = body.count("\n- [")
        assert group.get_by_role("radio").count() == choices, label
        # the question is prose: a line of it that Markdown read as a list
        # (one starting with "+ " or "- ") would split it
        assert root.locator(".mechbook-qc-question :is(ul, ol)").count() == 0, label
        assert not root.locator("details.mechbook-qc-answer").is_visible(), label
        assert root.locator(".mechbook-qc-question mjx-container").count() \
            == root.locator(".mechbook-qc-question .math").count(), label
    assert not opened.foreign and not opened.errors, (opened.foreign, opened.errors)


def test_a_choice_says_why_and_stays(browser, base_url):
    """On a phone, with the keyboard: a choice's verdict and every choice's
    explanation, a wrong choice that leaves the right one marked, the choice
    kept over a reload and cleared by "Clear my answers". (Its colours in
    both themes: axe-core in test_live_cells.py, on the answered check.)"""
    with phone_page(browser, f"{base_url}/book/partial-velocities.html",
                    "light") as (page, foreign, errors):
        root = page.locator("#qc-pv-first-particle")
        first = root.get_by_role("radio").first
        first.focus()                       # a keyboard reader: Tab lands on the group,
        page.keyboard.press("ArrowDown")    # an arrow key chooses the next choice
        chosen = root.get_by_role("radio").nth(1)
        assert chosen.is_checked()
        verdict = root.get_by_role("status")
        assert verdict.inner_text().startswith("Right: (b)"), verdict.inner_text()
        explanations = root.locator(".mechbook-qc-explanation")
        assert explanations.count() == 3
        assert all(explanations.nth(k).is_visible() for k in range(3))
        assert root.locator("ol.mechbook-qc-choices > li.is-right").count() == 1
        # a wrong choice: says so, and the right one stays marked
        page.keyboard.press("ArrowDown")
        assert verdict.inner_text().startswith("Not quite: (c)"), verdict.inner_text()
        right = root.locator("ol.mechbook-qc-choices > li.is-right")
        assert right.locator(".mechbook-qc-explanation").is_visible()
        # kept over a reload, and shown as kept
        page.reload(wait_until="networkidle")
        root = page.locator("#qc-pv-first-particle")
        assert root.get_by_role("radio").nth(2).is_checked()
        kept = root.get_by_role("status").inner_text()
        assert kept.startswith("Your answer, kept: Not quite"), kept
        # "Clear my answers" clears it with the answer boxes
        page.once("dialog", lambda dialog: dialog.accept())
        page.get_by_role("button", name="Clear my answers").click()
        assert not any(root.get_by_role("radio").nth(k).is_checked() for k in range(3))
        assert root.locator(".mechbook-qc-verdict").text_content() == ""
        assert not root.locator(".mechbook-qc-explanation").first.is_visible()
        page.reload(wait_until="networkidle")
        root = page.locator("#qc-pv-first-particle")
        assert not root.get_by_role("radio").nth(2).is_checked()
        assert not foreign and not errors, (foreign, errors)


def test_on_paper_a_quick_check_is_a_question(browser, base_url):
    with opened(browser, f"{base_url}/book/kanes-equations.html") as (page, _, _):
        root = page.locator("#qc-ke-mass-matrix")
        root.get_by_role("radio").first.check()
        page.emulate_media(media="print")
        assert root.locator(".mechbook-qc-question").is_visible()
        assert root.get_by_role("radio").count() == 3
        assert all(root.locator("ol.mechbook-qc-choices > li").nth(k).is_visible()
                   for k in range(3))
        hidden = root.evaluate("""root => [...root.querySelectorAll(
            'details, .mechbook-qc-explanation, .mechbook-qc-verdict')]
            .map(e => getComputedStyle(e).display)""")
        assert set(hidden) == {"none"}, hidden
