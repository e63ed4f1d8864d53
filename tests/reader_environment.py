"""The environment of a process started as on a reader's machine.

A reader's shell has none of this repository's environment: no ``.venv`` on
``PATH``, no ``PYTHONPATH``. The tests that take a reader's path (Binder, a
lone download) start their processes with :func:`environment`, so that
nothing of the test process's own environment leaks into what they prove.
"""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

#: The repository (this module imports nothing of it: scripts/test.sh runs
#: tests/binder_environment.py with the system's Python, before .venv exists).
ROOT = Path(__file__).resolve().parents[1]


def environment(venv: Path | None = None) -> dict[str, str]:
    """The variables of a process in the virtual environment ``venv`` (its
    ``bin`` first on ``PATH``), or outside any: this process's variables without
    ``PYTHON*``, ``VIRTUAL_ENV`` and the folders of this repository on ``PATH``.

    >>> env = environment()
    >>> "PYTHONPATH" in env, str(ROOT) in env["PATH"]
    (False, False)
    >>> environment(Path("/tmp/v"))["PATH"].split(os.pathsep)[0]
    '/tmp/v/bin'
    """
    env = {name: value for name, value in os.environ.items()
           if not name.startswith(("PYTHON", "VIRTUAL_ENV"))}
    path = [folder for folder in env.get("PATH", os.defpath).split(os.pathsep)
            if folder and not Path(folder).resolve().is_relative_to(ROOT)]
    if venv is None:
        return {**env, "PATH": os.pathsep.join(path)}
    return {**env, "PATH": os.pathsep.join([str(venv / "bin"), *path]),
            "VIRTUAL_ENV": str(venv)}


def system_python() -> str:
    """The Python that ``runtime.txt`` names (``python-3.11``: ``python3.11``),
    found on a reader's ``PATH``; this interpreter's base if there is none.

    >>> Path(system_python()).is_relative_to(ROOT)
    False
    """
    version = (ROOT / "runtime.txt").read_text().strip().removeprefix("python-")
    found = shutil.which(f"python{version}", path=environment()["PATH"])
    return found or getattr(sys, "_base_executable", sys.executable)
