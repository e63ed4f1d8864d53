"""The built site works where GitHub Pages serves it: under a sub-path.

GitHub Pages serves a project's site at ``https://<user>.github.io/<repo>/``,
not at a host's root: a link, script, stylesheet, worker or wheel addressed
from ``/`` would miss there. Here the build is served under the path of
``_config.yml``'s ``html.baseurl`` (``/generalized-forces/``) by a server that
answers 404 to anything outside it; every page loads with no 404 and no
console error, every link of a page into the site and every download answers,
and an answer box checks an answer (its Python, a worker and Pyodide, loads
from under the prefix).
"""

from __future__ import annotations

from urllib.parse import urldefrag, urljoin, urlsplit

import pytest
import yaml

from bookkit.serving import QuietHandler, serve
from tests.references import ROOT
from tests.site.test_answer_boxes import press_check, typed_answers, wait_done
from tests.site.test_pages import PAGES, open_page

#: The sub-path the book is published under: html.baseurl's path.
PREFIX = urlsplit(yaml.safe_load((ROOT / "_config.yml").read_text())["html"]["baseurl"]).path
PREFIX = "/" + PREFIX.strip("/") + "/"


class PrefixHandler(QuietHandler):
    """Serves the site under ``PREFIX`` only, as GitHub Pages serves a project
    site; notes every path it answers 404 to."""

    missing: list[str]

    def translate_path(self, path):
        return super().translate_path("/" + path[len(PREFIX):])

    def send_head(self):
        path = urlsplit(self.path).path
        if not path.startswith(PREFIX) and path != PREFIX.rstrip("/"):
            self.send_error(404, "outside the site's sub-path")
            return None
        return super().send_head()

    def send_error(self, code, message=None, explain=None):
        if code == 404:      # (send_head also returns None after a 304)
            self.missing.append(self.path)
        super().send_error(code, message, explain)


@pytest.fixture(scope="module")
def served(site):
    """(the site's address under its sub-path, the paths answered 404)."""
    missing: list[str] = []
    server, url = serve(site, type("Handler", (PrefixHandler,), {"missing": missing}))
    yield f"{url}{PREFIX}", missing
    server.shutdown()


@pytest.fixture(scope="module")
def context(browser):
    context = browser.new_context()
    yield context
    context.close()


def test_the_server_keeps_to_the_sub_path(served):
    import urllib.error
    import urllib.request

    url, missing = served
    with urllib.request.urlopen(url + "index.html") as response:
        assert response.status == 200
    root = url.replace(PREFIX, "/") + "index.html"
    with pytest.raises(urllib.error.HTTPError) as error:
        urllib.request.urlopen(root)
    assert error.value.code == 404 and missing == ["/index.html"]
    missing.clear()


INTERNAL_LINKS = """(origin) => Array.from(document.querySelectorAll('a[href], link[href]'))
    .map(a => a.href).filter(href => href.startsWith(origin))"""


@pytest.mark.parametrize("path", PAGES)
def test_page_works_under_the_sub_path(context, served, path):
    url, missing = served
    before = len(missing)
    page, foreign, errors = open_page(context, url + path)
    try:
        assert page.url.startswith(url + path)
        assert not foreign, f"{path} requested other hosts: {foreign}"
        links = page.evaluate(INTERNAL_LINKS, url.split(PREFIX)[0])
        downloads = page.eval_on_selector_all(
            ".dropdown-download-buttons a[href]", "links => links.map(a => a.href)")
        targets = {urldefrag(link)[0] for link in links}
        targets |= {urljoin(url + path, link) for link in downloads
                    if not link.startswith("javascript:")}
        for target in sorted(targets):
            response = page.request.get(target)
            assert response.ok, f"{path}: {target} answered {response.status}"
        assert not errors, f"{path} logged console errors under {PREFIX}: {errors}"
        assert missing[before:] == [], f"{path}: 404 under {PREFIX} for {missing[before:]}"
    finally:
        page.close()


def test_an_answer_box_checks_under_the_sub_path(context, served):
    url, missing = served
    before = len(missing)
    page, foreign, errors = open_page(context, url + "book/partial-velocities.html")
    try:
        name = "pv-other-speeds-q1-dot"
        right, _ = typed_answers("partial-velocities")[name]
        root = press_check(page, name, right)
        assert wait_done(page, root, 120) == "Correct."
        assert not foreign and not errors, (foreign, errors)
        assert missing[before:] == [], f"404 under {PREFIX} for {missing[before:]}"
    finally:
        page.close()
