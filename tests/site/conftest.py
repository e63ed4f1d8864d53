"""Fixtures for checking the built site: a local server and Debian's Chromium.

The site tests build nothing: the test command builds the book first
(scripts/build.sh), and these tests serve ``_build/html`` on 127.0.0.1. When
the book is not built they are skipped, saying so (:func:`built`); in CI
(``CI=true``) they fail instead, since there the test command has built it.
The browser itself is a fixture of ``tests/conftest.py``: one Chromium per
test process, for these tests and the student edition's.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from bookkit.serving import serve

ROOT = Path(__file__).resolve().parents[2]
SITE = ROOT / "_build" / "html"


def in_ci() -> bool:
    """True when ``CI`` is set (to anything but ``0`` or ``false``)."""
    return os.environ.get("CI", "").strip().lower() not in ("", "0", "false")


def built(site: Path) -> Path:
    """``site`` if a book is built there; otherwise the test is skipped with a
    message that says how to build it, or fails in CI."""
    if (site / "index.html").exists():
        return site
    message = (f"the book is not built ({site} has no index.html): run scripts/build.sh, "
               "or scripts/test.sh, which builds it first")
    if in_ci():
        pytest.fail(message)
    pytest.skip(message)


@pytest.fixture(scope="session")
def site() -> Path:
    return built(SITE)


@pytest.fixture(scope="session")
def base_url(site):
    server, url = serve(site)
    yield url
    server.shutdown()


@pytest.fixture(scope="session")
def views(browser, base_url):
    """The site's pages, each opened once per view for the checks that read it."""
    from tests.site.views import Views

    shared = Views(browser, base_url)
    yield shared
    shared.close_all()
