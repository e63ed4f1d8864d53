"""A built site served on 127.0.0.1, and the headless Chromium that reads it:
the one server and the one set of Chromium arguments of the tooling (the
handouts), the tests and the benchmarks.

>>> import pathlib, tempfile, urllib.request
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> _ = (folder / "index.html").write_text("<p>book</p>")
>>> server, url = serve(folder)
>>> urllib.request.urlopen(url + "/index.html").read()
b'<p>book</p>'
>>> server.shutdown()
"""

from __future__ import annotations

import functools
import http.server
import shutil
import sys
import threading

__all__ = ["CHROMIUM_ARGS", "QuietHandler", "chromium", "serve"]

#: Headless Chromium as the tooling and the tests run it. Every host name but
#: 127.0.0.1 is blocked (not resolved): a page that reaches for another host
#: fails there, and the tests that watch requests also name what it reached for.
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"]


def chromium() -> str:
    """The path of Debian's chromium; SystemExit saying how to install it."""
    found = shutil.which("chromium")
    if found is None:
        raise SystemExit("Debian's chromium is not installed: scripts/install-browser.sh "
                         "installs it")
    return found


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    """Serves files without a log line per request."""

    def log_message(self, format, *args):  # noqa: A002 - the signature is the base class's
        pass


class QuietServer(http.server.ThreadingHTTPServer):
    """Says nothing when a browser drops a connection mid-file (a page closed
    while its Python was still downloading); other errors are reported."""

    def handle_error(self, request, client_address):
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


def serve(site, handler=QuietHandler) -> tuple[http.server.ThreadingHTTPServer, str]:
    """Serve the folder ``site`` on 127.0.0.1 (a free port) from a thread with
    ``handler`` (a subclass of :class:`QuietHandler`); return the server (to
    ``shutdown()``) and its URL."""
    server = QuietServer(
        ("127.0.0.1", 0), functools.partial(handler, directory=str(site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}"
