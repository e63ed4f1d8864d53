"""The suite's tiers, how its tests are shared between its two processes, and
nbval's runs of the chapters: counted in the execution log, strict checks,
explorer pictures not rendered.

Every test gets its tier as a marker here, by its path (:data:`TIERS`), and
``browser`` too when it starts Chromium (:func:`tiers`): ``-m "not browser and
not binder and not otter and not slow"`` is ``scripts/test.sh --fast``. ``--chapter <slug>``
keeps the tests whose id names one page of ``book/`` (:func:`concerns`): its
reference notebook's cells and every check parametrized by that chapter.

``scripts/test.sh`` runs the suite in two processes (pytest-xdist, ``-n 2
--dist loadscope``): a test module's tests, or a notebook's cells, run in one
process, so that a module's fixtures are set up once and a notebook's kernel
runs its cells in order. The checks that read a typeset page
(tests/site/views.py) go by view instead, and in order of page, so that one
process opens each page once per view for all of them. (pytest-xdist's
``xdist_group`` marks do not group with pytest 9.2: xdist 3.8 writes the group
into ``item._nodeid``, which pytest's node ids no longer read;
pytest-dev/pytest-xdist#1386, open. tests/test_scheduling.py fails when that
changes, or when xdist changes what tests/scheduling.py overrides.) Without
xdist (``-p no:xdist``, or a plain ``python -m pytest``) the tests run in one
process, in the same order.

When nbval starts a reference notebook's kernel, the chapter is executed once
(``bookkit.executions``), and the kernel gets ``MECHLIB_CHECK_STRICT``:
every worked answer's ``ml.check`` then also proves its stored check up to date
(``mechlib.book.check``). Other tests run without it, since an equal answer in
another form (which they try) records other digits. The kernel also gets
``MECHLIB_EXPLORER_PICTURES=start``: the references ignore an explorer's output
(``nbval-ignore-output``), so its pictures, two thirds of a chapter's run time,
are drawn but only the starting one is rendered (``mechlib.book.explorer``);
the book's build renders them all.
"""

import os
import re
import shutil
from pathlib import Path

import pytest

from bookkit.notebooks import log_execution
from mechlib.book.check import STRICT
from mechlib.book.explorer import PICTURES
from tests.site.views import ORDER, view_in

_STARTED = set()
BOOK = Path(__file__).resolve().parents[1] / "book"

#: The tier of each test file, by its path relative to the repository: the
#: first entry that is the file or a folder holding it. ``unit`` needs
#: neither a built book nor a browser; ``nbval`` is a chapter's reference run
#: in the readers' kernel; ``build`` builds a book or reads the built one;
#: ``binder`` installs a reader's fresh environment from PyPI; ``otter`` runs
#: otter-grader; ``browser`` starts Chromium (also given by :func:`tiers` to
#: every test that takes the ``browser`` fixture).
TIERS = (
    ("tests/references/", ("nbval",)),
    ("tests/test_autograder.py", ("otter",)),
    ("tests/test_grading_sandbox.py", ("otter",)),
    ("tests/test_assignment.py", ("otter",)),
    ("tests/test_install_cell.py", ("binder",)),
    ("tests/site/test_launch.py", ("binder", "build")),
    ("tests/site/test_lone_download.py", ("binder", "build")),
    ("tests/test_pdf.py", ("build", "browser")),     # the handouts print in Chromium
    ("tests/test_book_pdf.py", ("build",)),
    ("tests/site/test_views.py", ("unit",)),         # a stand-in browser
    ("tests/site/", ("build",)),
    ("tests/test_build.py", ("build",)),
    ("tests/test_downloads.py", ("build",)),
    ("tests/test_student_edition.py", ("build",)),
    ("", ("unit",)),
)


def tiers(nodeid: str, fixtures=()) -> tuple[str, ...]:
    """The tier markers of the test ``nodeid`` that uses ``fixtures``.

    >>> tiers("mechlib/kane.py::mechlib.kane.KaneSystem")
    ('unit',)
    >>> tiers("tests/references/intro.ipynb::Cell 3")
    ('nbval',)
    >>> tiers("tests/site/test_pages.py::test_no_widget_manager_is_loaded[book/intro.html]",
    ...       ["site"])
    ('build',)
    >>> tiers("tests/site/test_search.py::test_plain_math", ["context", "browser"])
    ('build', 'browser')
    >>> tiers("tests/test_student_edition.py::test_student_boxes", ["browser"])
    ('build', 'browser')
    >>> tiers("tests/site/test_launch.py::test_launch[intro]", ["browser", "binder"])
    ('binder', 'build', 'browser')
    """
    path = nodeid.split("::", 1)[0]
    found = next(marks for prefix, marks in TIERS
                 if path == prefix or path.startswith(prefix) and prefix.endswith("/")
                 or not prefix)
    return found + (("browser",) if "browser" in fixtures and "browser" not in found else ())


def concerns(nodeid: str, slug: str) -> bool:
    """Whether the test ``nodeid`` is about the page ``book/<slug>.md``: its
    reference notebook's cells, or a test whose parameters name it (the slug,
    ``book/<slug>.html``, a figure ``<slug>-...``).

    >>> concerns("tests/references/intro.ipynb::Cell 3", "intro")
    True
    >>> concerns("tests/site/test_reading.py::test_page_reads_well[book/intro.html-390-light]",
    ...          "intro")
    True
    >>> concerns("tests/test_autograder.py::test_worked_solutions_score_full_marks[closed-loops]",
    ...          "closed-loops")
    True
    >>> concerns("tests/test_figures.py::test_svg_is_what_the_script_draws[intro-pendulum]",
    ...          "intro")
    True
    >>> concerns("tests/test_downloads.py::test_download_has_all_the_prose[potential-energy]",
    ...          "intro")
    False
    >>> concerns("tests/test_intro.py::test_introduction", "intro")
    False
    """
    path, _, name = nodeid.partition("::")
    if path.startswith("tests/references/"):
        return Path(path).stem == slug
    parameters = name.partition("[")[2]
    return re.search(rf"(?<![\w-]){re.escape(slug)}(?!\w)", parameters) is not None


def pytest_addoption(parser):
    parser.addoption("--chapter", metavar="SLUG", default=None,
                     help="run only the tests about book/SLUG.md: its reference notebook "
                          "and the checks parametrized by it (tests/conftest.py)")


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config, items):
    """Tier markers (before ``-m`` selects), ``--chapter``, and the checks that
    share pages (tests/site/views.py) ordered by view, page, module."""
    slug = config.getoption("chapter")
    if slug is not None:
        if not (BOOK / f"{slug}.md").is_file():
            pages = sorted(path.stem for path in BOOK.glob("*.md"))
            raise pytest.UsageError(f"--chapter {slug}: no book/{slug}.md; the pages are "
                                    + ", ".join(pages))
        others = [item for item in items if not concerns(item.nodeid, slug)]
        if others:
            config.hook.pytest_deselected(items=others)
            items[:] = [item for item in items if concerns(item.nodeid, slug)]
    for item in items:
        for tier in tiers(item.nodeid, getattr(item, "fixturenames", ())):
            item.add_marker(tier)

    shared = [index for index, item in enumerate(items) if view_in(item.nodeid)]

    def place(item):
        module = item.module.__name__.rsplit(".", 1)[-1]
        return view_in(item.nodeid), item.callspec.params["path"], ORDER.index(module)

    by_page = sorted((items[index] for index in shared), key=place)
    for index, item in zip(shared, by_page, strict=True):
        items[index] = item


@pytest.hookimpl(optionalhook=True)
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


@pytest.fixture(scope="session", autouse=True)
def _one_folder_per_run(tmp_path_factory):
    """The folder all processes of this run share (the parent of each xdist
    worker's temporary folder), where tests/typed_answers.py leaves each
    chapter's run in the page's Python for the other process."""
    from tests import typed_answers

    base = tmp_path_factory.getbasetemp()
    typed_answers.SHARED = base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base
    yield
    typed_answers.SHARED = None


@pytest.fixture(scope="session")
def browser():
    """Debian's headless Chromium, one per test process (Playwright's sync API
    allows one running instance per thread)."""
    from playwright.sync_api import sync_playwright

    from bookkit.serving import CHROMIUM_ARGS

    chromium = shutil.which("chromium")
    if chromium is None:
        pytest.fail("Debian's chromium is not installed: scripts/install-browser.sh installs it")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
        yield browser
        browser.close()
