"""nbval's runs of the chapters: counted in the execution log, strict checks,
explorer pictures not rendered.

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

from mechlib.book.check import STRICT
from mechlib.book.explorer import PICTURES
from mechlib.book.notebooks import log_execution

_STARTED = set()


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
