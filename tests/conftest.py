"""How the suite's tests are shared between its two processes, and nbval's runs
of the chapters: counted in the execution log, strict checks, explorer pictures
not rendered.

The suite runs in two processes (pytest-xdist, ``--dist loadgroup``). A test
module's tests, or a notebook's cells, run in one process, as with xdist's
``loadscope``, so that a module's fixtures are set up once. The checks that read
a typeset page (tests/site/views.py) are grouped by view instead, and ordered by
page, so that one process opens each page once per view for all of them.

When nbval starts a reference notebook's kernel, the chapter is executed once
(``mechlib.book.executions``), and the kernel gets ``MECHLIB_CHECK_STRICT``:
every worked answer's ``ml.check`` then also proves its stored check up to date
(``mechlib.book.check``). Other tests run without it, since an equal answer in
another form (which they try) records other digits. The kernel also gets
``MECHLIB_EXPLORER_PICTURES=start``: the references ignore an explorer's output
(``nbval-ignore-output``), so its pictures, two thirds of a chapter's run time,
are drawn but only the starting one is rendered (``mechlib.book.explorer``);
the book's build renders them all.
"""

import os
import shutil

import pytest

from tests.site.views import ORDER, view_of

from mechlib.book.check import STRICT
from mechlib.book.explorer import PICTURES
from mechlib.book.notebooks import log_execution

_STARTED = set()


@pytest.hookimpl(tryfirst=True)   # before xdist reads the groups
def pytest_collection_modifyitems(items):
    shared = []
    for index, item in enumerate(items):
        view = view_of(item)
        if view:
            group = f"view-{view}"
            shared.append(index)
        elif type(item.parent).__name__ == "IPyNbFile":
            group = item.parent.nodeid            # a notebook's cells share its kernel
        else:
            group = item.nodeid.split("::")[0]    # the module, as loadscope has it
        item.add_marker(pytest.mark.xdist_group(group))
    def place(item):
        module = item.module.__name__.rsplit(".", 1)[-1]
        return view_of(item), item.callspec.params["path"], ORDER.index(module)

    by_page = sorted((items[index] for index in shared), key=place)
    for index, item in zip(shared, by_page):
        items[index] = item


def pytest_runtest_setup(item):
    """Runs before the item's own setup, so before nbval starts a kernel."""
    notebook = item.parent
    if type(notebook).__name__ != "IPyNbFile":
        os.environ.pop(STRICT, None)
        os.environ.pop(PICTURES, None)
        return
    os.environ[STRICT] = "1"
    os.environ[PICTURES] = "start"
    if notebook.nodeid not in _STARTED:
        _STARTED.add(notebook.nodeid)
        log_execution(notebook.path.stem, "nbval")


@pytest.fixture(scope="session")
def browser():
    """Debian's headless Chromium, one per test process (Playwright's sync API
    allows one running instance per thread)."""
    from playwright.sync_api import sync_playwright

    from tests.site.conftest import CHROMIUM_ARGS

    chromium = shutil.which("chromium")
    if chromium is None:
        pytest.fail("Debian's chromium is not installed: scripts/install-browser.sh installs it")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
        yield browser
        browser.close()
