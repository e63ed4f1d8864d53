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

import email.utils
import functools
import gzip
import http.server
import io
import mimetypes
import os
import shutil
import sys
import threading

__all__ = ["CHROMIUM_ARGS", "PagesHandler", "QuietHandler", "chromium", "serve"]

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


class PagesHandler(QuietHandler):
    """Serves as GitHub Pages does: every response may be cached for ten
    minutes (``Cache-Control: max-age=600``) and is revalidated by its
    ``Last-Modified``; text, scripts, JSON, SVG and WebAssembly go gzipped to
    a browser that accepts it (Pages compresses these on the fly, the
    WebAssembly Python too; a zip or a wheel goes as it is). Adds the bytes
    of each body it sends to :attr:`sent`, by path (give each server a
    subclass of its own, as ``type("Handler", (PagesHandler,), {"sent": {}})``).

    >>> import pathlib, tempfile, urllib.request
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> _ = (folder / "page.js").write_text("var x = 1;" * 1000)
    >>> server, url = serve(folder, type("Handler", (PagesHandler,), {"sent": {}}))
    >>> request = urllib.request.Request(url + "/page.js", headers={"Accept-Encoding": "gzip"})
    >>> with urllib.request.urlopen(request) as response:
    ...     response.headers["Content-Encoding"], len(gzip.decompress(response.read()))
    ('gzip', 10000)
    >>> 0 < server.RequestHandlerClass.func.sent["/page.js"] < 1000
    True
    >>> server.shutdown()
    """

    sent = None
    COMPRESSED = ("text/", "application/javascript", "application/json", "application/wasm",
                  "image/svg+xml")

    def end_headers(self):
        self.send_header("Cache-Control", "max-age=600")
        super().end_headers()

    @classmethod
    def compresses(cls, path) -> bool:
        """Whether Pages gzips the file at ``path`` for a browser that accepts gzip."""
        kind = mimetypes.guess_type(os.fspath(path))[0] or ""
        return os.path.isfile(path) and kind.startswith(cls.COMPRESSED)

    @classmethod
    def gzipped(cls, path) -> bytes | None:
        """The gzipped body that Pages sends of the file at ``path`` to a browser
        that accepts gzip, or None where it sends the file as it is."""
        if not cls.compresses(path):
            return None
        with open(path, "rb") as stream:
            return gzip.compress(stream.read(), compresslevel=6, mtime=0)

    def send_head(self):
        path = self.translate_path(self.path)
        if not ("gzip" in self.headers.get("Accept-Encoding", "") and self.compresses(path)):
            return super().send_head()
        modified = int(os.stat(path).st_mtime)
        since = self.headers.get("If-Modified-Since")
        if since and email.utils.parsedate_to_datetime(since).timestamp() >= modified:
            self.send_response(http.HTTPStatus.NOT_MODIFIED)   # nothing to compress
            self.end_headers()
            return None
        body = self.gzipped(path)
        self.send_response(http.HTTPStatus.OK)
        self.send_header("Content-Type", self.guess_type(path))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Last-Modified", self.date_time_string(modified))
        self.end_headers()
        return io.BytesIO(body)

    def copyfile(self, source, outputfile):
        body = source.read()
        if self.sent is not None:
            self.sent[self.path] = self.sent.get(self.path, 0) + len(body)
        outputfile.write(body)


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
