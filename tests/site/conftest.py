"""Fixtures for checking the built site: a local server and Debian's Chromium.

The site tests build nothing: the test command builds the book first
(scripts/build.sh), and these tests serve ``_build/html`` on 127.0.0.1.
The browser itself is a fixture of ``tests/conftest.py``: one Chromium per
test process, for these tests and the student edition's.
"""

from __future__ import annotations

import functools
import http.server
import threading
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SITE = ROOT / "_build" / "html"
#: Headless Chromium as the tests run it. Every host name but 127.0.0.1 is
#: blocked (not resolved): a page that reaches for another host fails there,
#: and the tests that watch requests also name what it reached for.
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"]


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format, *args):  # noqa: A002 - the signature is the base class's
        pass


@pytest.fixture(scope="session")
def site() -> Path:
    if not (SITE / "index.html").exists():
        pytest.fail("the book is not built: run scripts/build.sh (scripts/test.sh does)")
    return SITE


@pytest.fixture(scope="session")
def base_url(site):
    handler = functools.partial(QuietHandler, directory=str(site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()


@pytest.fixture(scope="session")
def views(browser, base_url):
    """The site's pages, each opened once per view for the checks that read it."""
    from tests.site.views import Views

    shared = Views(browser, base_url)
    yield shared
    shared.close_all()
