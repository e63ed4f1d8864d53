"""Running a notebook: the one place the book's tooling executes one.

The stored checks (:mod:`bookkit.generate_checks`), the reference
notebooks of the tests (``python -m tests.references``) and the explorer
tests run notebooks through :func:`run_notebook`; Jupyter Book runs the
chapters itself (jupyter-cache), nbval runs the references, otter runs the
assignments. Every run made here is counted in the file named by the
environment variable ``MECHBOOK_EXECUTION_LOG``, if it is set, so that the
test suite can say how often each chapter was executed.
"""

from __future__ import annotations

import os
from pathlib import Path

__all__ = ["EXECUTION_LOG", "run_notebook", "log_execution"]

#: Environment variable naming a file that gets one line per executed notebook.
EXECUTION_LOG = "MECHBOOK_EXECUTION_LOG"


def log_execution(name, by):
    r"""Append ``<by> <name>`` to the execution log, if one is set.

    >>> import os, tempfile
    >>> previous = os.environ.get(EXECUTION_LOG)
    >>> os.environ[EXECUTION_LOG] = log = tempfile.mktemp()
    >>> log_execution("partial-velocities", "nbval")
    >>> open(log).read()
    'nbval partial-velocities\n'
    >>> _ = os.environ.pop(EXECUTION_LOG) if previous is None else \
    ...     os.environ.update({EXECUTION_LOG: previous})
    """
    path = os.environ.get(EXECUTION_LOG)
    if path:
        with open(path, "a", encoding="utf-8") as stream:
            stream.write(f"{by} {name}\n")


def run_notebook(notebook, cwd, *, name, by, timeout=300,
                 kernel_name="python3"):
    """Execute ``notebook`` in place with nbclient, in the folder ``cwd``.

    Streams are coalesced (one stream output per cell however the kernel
    split its prints, as nbval compares them) and no timing metadata is
    recorded, so that a run writes the same notebook every time.

    Parameters
    ----------
    notebook : nbformat.NotebookNode
        Executed in place and returned.
    cwd : str or Path
        The kernel's working directory.
    name : str
        What is run (a chapter's slug), for the execution log.
    by : str
        Who runs it (``references``, ``checks``, ...), for the execution log.
    timeout : int
        Seconds a cell may take.
    kernel_name : str
        The Jupyter kernel to run it in.
    """
    from nbclient import NotebookClient

    log_execution(name, by)
    client = NotebookClient(notebook, timeout=timeout, kernel_name=kernel_name,
                            record_timing=False, coalesce_streams=True,
                            resources={"metadata": {"path": str(Path(cwd))}})
    client.execute()
    return notebook
