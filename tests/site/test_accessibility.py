"""Every page passes axe-core with no violation of any impact, light and dark;
on a phone's 390 px screen, two chapters pass all of it and every page the
rules that a narrow column changes for its own content (:data:`PHONE_RULES`).

axe-core (pinned in vendor/package.json, installed by scripts/setup.sh into
vendor/node_modules; never part of the site) is injected into each page after
MathJax has typeset it and the explorers have drawn their first picture, with
the reader's colour scheme emulated as light and as dark (the theme's
``default_mode`` is ``auto``, so it follows). Any violation fails the test,
minor and moderate ones too, listing its impact, the rule, the elements and the
page.

On a phone the page's chrome is the same on every page, and what differs
from page to page is which of its boxes scroll sideways (a matrix, a wide
table): all of axe-core runs there on :data:`PHONE_PAGES` (the book's widest
content: explorers, an animation, tables; and answer boxes and quick
checks), :data:`PHONE_RULES` on every page (each axe-core run costs about ten
seconds on a long chapter, most of it axe's reading of the page, issue 58).
"""

from __future__ import annotations

import pytest

from tests.references import ROOT
from tests.site.test_pages import PAGES
from tests.site.views import VIEWS

AXE = ROOT / "vendor" / "node_modules" / "axe-core" / "axe.min.js"
#: Pages that pass all of axe-core on a phone too.
PHONE_PAGES = ["book/whipple-bicycle.html", "book/partial-velocities.html"]
#: What a phone's narrow column changes of a page's own content: which boxes
#: scroll (and must take the keyboard's focus), and the size of its controls.
PHONE_RULES = ["scrollable-region-focusable", "target-size"]

RUN_AXE = """(rules) => axe.run(document, rules
        ? {resultTypes: ['violations'], runOnly: {type: 'rule', values: rules}}
        : {resultTypes: ['violations']}).then(results =>
    results.violations.map(v => ({
        id: v.id, impact: v.impact, help: v.help,
        nodes: v.nodes.map(n => n.target.join(' ')),
    })))"""


def axe_violations(page, rules=None):
    """axe-core's violations on ``page`` as it is now (axe injected if needed),
    of all its rules or of those named in ``rules``."""
    if not page.evaluate("() => typeof axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    return page.evaluate(RUN_AXE, rules)


def violations(views, path, view, rules=None):
    """axe-core's violations on ``path`` in ``view`` (tests/site/views.py)."""
    if not AXE.exists():
        pytest.fail("axe-core is not installed: run scripts/setup.sh (npm ci in vendor/)")
    page = views.open(path, view).page
    scheme = VIEWS[view][1]
    theme = page.evaluate("() => document.documentElement.dataset.theme")
    assert theme == scheme, f"{path}: the theme is {theme!r} under a {scheme} system setting"
    return axe_violations(page, rules)


@pytest.mark.parametrize("view", ["1280-light", "1280-dark"])
@pytest.mark.parametrize("path", PAGES)
def test_no_accessibility_violation(views, path, view):
    found = violations(views, path, view)
    assert not found, report(path, view, found)


@pytest.mark.parametrize("path", PHONE_PAGES)
def test_no_accessibility_violation_on_a_phone(views, path):
    found = violations(views, path, "390-light")
    assert not found, report(path, "390-light", found)


@pytest.mark.parametrize("path", PAGES)
def test_what_scrolls_on_a_phone_takes_the_keyboard(views, path):
    found = violations(views, path, "390-light", PHONE_RULES)
    assert not found, report(path, "390-light, " + " and ".join(PHONE_RULES), found)


def report(path, how, found):
    return f"{path} [{how}] has accessibility violations:\n" + "\n".join(
        f"  {v['impact']} {v['id']}: {v['help']}; {len(v['nodes'])} elements, e.g. "
        + ", ".join(v["nodes"][:3]) for v in found)
