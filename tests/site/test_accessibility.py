"""Every page passes axe-core with no violation of any impact, light and dark,
and on a phone's 390 px screen (where wide formulas scroll in their own box).

axe-core (pinned in vendor/package.json, installed by scripts/setup.sh into
vendor/node_modules; never part of the site) is injected into each page after
MathJax has typeset it and the explorers have drawn their first picture, with
the reader's colour scheme emulated as light and as dark (the theme's
``default_mode`` is ``auto``, so it follows). Any violation fails the test,
minor and moderate ones too, listing its impact, the rule, the elements and the
page.
"""

from __future__ import annotations

import pytest

from tests.references import ROOT
from tests.site.test_pages import PAGES
from tests.site.views import VIEWS

AXE = ROOT / "vendor" / "node_modules" / "axe-core" / "axe.min.js"

RUN_AXE = """() => axe.run(document, {resultTypes: ['violations']}).then(results =>
    results.violations.map(v => ({
        id: v.id, impact: v.impact, help: v.help,
        nodes: v.nodes.map(n => n.target.join(' ')),
    })))"""


def axe_violations(page):
    """axe-core's violations on ``page`` as it is now (axe injected if needed)."""
    if not page.evaluate("() => typeof axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    return page.evaluate(RUN_AXE)


def violations(views, path, view):
    """axe-core's violations on ``path`` in ``view`` (tests/site/views.py)."""
    page = views.open(path, view).page
    scheme = VIEWS[view][1]
    theme = page.evaluate("() => document.documentElement.dataset.theme")
    assert theme == scheme, f"{path}: the theme is {theme!r} under a {scheme} system setting"
    return axe_violations(page)


@pytest.mark.parametrize("view", ["1280-light", "1280-dark"])
@pytest.mark.parametrize("path", PAGES)
def test_no_accessibility_violation(views, path, view):
    if not AXE.exists():
        pytest.fail("axe-core is not installed: run scripts/setup.sh (npm ci in vendor/)")
    found = violations(views, path, view)
    assert not found, report(path, view, found)


@pytest.mark.parametrize("view", ["390-light"])
@pytest.mark.parametrize("path", PAGES)
def test_no_accessibility_violation_on_a_phone(views, path, view):
    if not AXE.exists():
        pytest.fail("axe-core is not installed: run scripts/setup.sh (npm ci in vendor/)")
    found = violations(views, path, view)
    assert not found, report(path, view, found)


def report(path, how, found):
    return f"{path} [{how}] has accessibility violations:\n" + "\n".join(
        f"  {v['impact']} {v['id']}: {v['help']}; {len(v['nodes'])} elements, e.g. "
        + ", ".join(v["nodes"][:3]) for v in found)
