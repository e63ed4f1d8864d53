"""How the suite's tests are shared between its two processes, and nbval's runs
of the chapters: counted in the execution log, strict checks, explorer pictures
not rendered.

The suite runs in two processes (pytest-xdist, ``--dist loadscope``): a test
module's tests, or a notebook's cells, run in one process, so that a module's
fixtures are set up once and a notebook's kernel runs its cells in order. The
checks that read a typeset page (tests/site/views.py) go by view instead, and in
order of page, so that one process opens each page once per view for all of
them. (pytest-xdist's ``xdist_group`` marks do not group with pytest 9.2: xdist
3.8 writes the group into ``item._nodeid``, which pytest's node ids no longer
read; pytest-dev/pytest-xdist#1386, open.)

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

from mechlib.book.check import STRICT
from mechlib.book.explorer import PICTURES
from mechlib.book.notebooks import log_execution
from tests.site.views import ORDER, view_in

_STARTED = set()


def pytest_collection_modifyitems(items):
    """The checks that share pages (tests/site/views.py): by view, page, module."""
    shared = [index for index, item in enumerate(items) if view_in(item.nodeid)]

    def place(item):
        module = item.module.__name__.rsplit(".", 1)[-1]
        return view_in(item.nodeid), item.callspec.params["path"], ORDER.index(module)

    by_page = sorted((items[index] for index in shared), key=place)
    for index, item in zip(shared, by_page):
        items[index] = item


def pytest_xdist_make_scheduler(config, log):
    """xdist's ``loadscope``, the checks sharing pages by view (tests/scheduling.py)."""
    if config.getvalue("dist") != "loadscope":
        return None
    from tests.scheduling import ByViewScheduling

    return ByViewScheduling(config, log)


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
