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
from tests.site.test_pages import PAGES, open_page

AXE = ROOT / "vendor" / "node_modules" / "axe-core" / "axe.min.js"

READY = """() => Array.from(document.querySelectorAll('img.mechlib-explorer-frame'))
    .every(img => img.complete && img.naturalWidth > 0)"""

RUN_AXE = """() => axe.run(document, {resultTypes: ['violations']}).then(results =>
    results.violations.map(v => ({
        id: v.id, impact: v.impact, help: v.help,
        nodes: v.nodes.map(n => n.target.join(' ')),
    })))"""


def violations(browser, base_url, path, scheme, width=1280):
    """axe-core's violations on ``path`` with ``prefers-color-scheme: scheme``,
    in a window ``width`` CSS px wide."""
    context = browser.new_context(viewport={"width": width, "height": 900},
                                  color_scheme=scheme)
    try:
        page, _, _ = open_page(context, f"{base_url}/{path}")
        page.wait_for_function(READY, timeout=10000)
        theme = page.evaluate("() => document.documentElement.dataset.theme")
        assert theme == scheme, f"{path}: the theme is {theme!r} under a {scheme} system setting"
        page.add_script_tag(path=str(AXE))
        return page.evaluate(RUN_AXE)
    finally:
        context.close()


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("path", PAGES)
def test_no_accessibility_violation(browser, base_url, path, scheme):
    if not AXE.exists():
        pytest.fail("axe-core is not installed: run scripts/setup.sh (npm ci in vendor/)")
    found = violations(browser, base_url, path, scheme)
    assert not found, report(path, scheme, found)


@pytest.mark.parametrize("path", PAGES)
def test_no_accessibility_violation_on_a_phone(browser, base_url, path):
    if not AXE.exists():
        pytest.fail("axe-core is not installed: run scripts/setup.sh (npm ci in vendor/)")
    found = violations(browser, base_url, path, "light", width=390)
    assert not found, report(path, "light, 390 px", found)


def report(path, how, found):
    return f"{path} [{how}] has accessibility violations:\n" + "\n".join(
        f"  {v['impact']} {v['id']}: {v['help']}; {len(v['nodes'])} elements, e.g. "
        + ", ".join(v["nodes"][:3]) for v in found)
