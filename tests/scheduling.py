"""How the suite's tests are shared between its two processes (pytest-xdist).

As with xdist's ``loadscope``, a test module's tests, or a notebook's cells,
run in one process: a module's fixtures are set up once, and a notebook's
kernel runs its cells in order. The checks that read a typeset page
(tests/site/views.py) go by view instead, so that one process opens each page
once per view for all of them (``tests/conftest.py`` orders them by page).

This overrides xdist's private ``LoadScopeScheduling._split_scope``. It is
kept only while xdist's ``xdist_group`` marks cannot do the same
(pytest-dev/pytest-xdist#1386); tests/test_scheduling.py fails when xdist
changes the method overridden here or how it is called, and when that issue
is fixed, so that this module is then replaced by ``xdist_group`` marks and
``--dist loadgroup``.

>>> scope("tests/references/intro.ipynb::Cell 3")
'tests/references/intro.ipynb'
>>> scope("tests/site/test_reading.py::test_page_reads_well[book/intro.html-390-light]")
'view 390-light'
>>> scope("tests/site/test_pages.py::test_no_widget_manager_is_loaded[book/intro.html]")
'tests/site/test_pages.py'
"""

from __future__ import annotations

from xdist.scheduler import LoadScopeScheduling

from tests.site.views import view_in


def scope(nodeid: str) -> str:
    """The unit of work that the test ``nodeid`` belongs to."""
    view = view_in(nodeid)
    return f"view {view}" if view else nodeid.rsplit("::", 1)[0]


class ByViewScheduling(LoadScopeScheduling):
    """xdist's ``loadscope`` with the page-sharing checks scoped by view."""

    def _split_scope(self, nodeid: str) -> str:
        return scope(nodeid)
