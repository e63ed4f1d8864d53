"""The page-sharing of tests/site/views.py, with a stand-in browser: a check
gets the copy the previous check of the same page and view opened, a new copy
after a check that changed it, and one page is open at a time."""

from __future__ import annotations

from tests.site.views import Views


class FakePage:
    def __init__(self, url):
        self.url, self.closed = url, False

    def on(self, event, handler):
        pass

    def goto(self, url, wait_until=None):
        self.url = url

    def wait_for_load_state(self, state=None):
        pass

    def wait_for_function(self, script, timeout=None):
        return True

    def evaluate(self, script):
        return None

    def close(self):
        self.closed = True


class FakeContext:
    def __init__(self):
        self.pages = []

    def new_page(self):
        self.pages.append(FakePage(None))
        return self.pages[-1]

    def close(self):
        pass


class FakeBrowser:
    def __init__(self):
        self.contexts = {}

    def new_context(self, viewport, color_scheme):
        return self.contexts.setdefault((viewport["width"], color_scheme), FakeContext())


def test_a_page_is_opened_once_per_view_until_a_check_changes_it():
    browser = FakeBrowser()
    views = Views(browser, "http://127.0.0.1:1")
    first = views.open("book/a.html", "1280-light").page
    assert views.open("book/a.html", "1280-light").page is first
    dark = views.open("book/a.html", "1280-dark").page
    assert dark is not first and first.closed          # one page open at a time
    assert views.open("book/a.html", "1280-dark", changes=True).page is dark
    again = views.open("book/a.html", "1280-dark").page
    assert again is not dark and dark.closed           # changed: a fresh copy
    assert again.url == "http://127.0.0.1:1/book/a.html"
    assert len(browser.contexts[(1280, "dark")].pages) == 2
    views.close_all()
    assert again.closed
