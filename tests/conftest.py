"""nbval's runs of the chapters: counted in the execution log, and strict checks.

When nbval starts a reference notebook's kernel, the chapter is executed once
(``mechlib.book.executions``), and the kernel gets ``MECHLIB_CHECK_STRICT``:
every worked answer's ``ml.check`` then also proves its stored check up to date
(``mechlib.book.check``). Other tests run without it, since an equal answer in
another form (which they try) records other digits.
"""

import os

from mechlib.book.check import STRICT
from mechlib.book.notebooks import log_execution

_STARTED = set()


def pytest_runtest_setup(item):
    """Runs before the item's own setup, so before nbval starts a kernel."""
    notebook = item.parent
    if type(notebook).__name__ != "IPyNbFile":
        os.environ.pop(STRICT, None)
        return
    os.environ[STRICT] = "1"
    if notebook.nodeid not in _STARTED:
        _STARTED.add(notebook.nodeid)
        log_execution(notebook.path.stem, "nbval")
