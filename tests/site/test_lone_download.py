"""A chapter downloaded on its own runs, as a reader would run it.

The reader's path: download a chapter's ``.ipynb`` from the site into an
empty folder, make an environment with Jupyter only (here ``nbclient`` and
``ipykernel`` in a fresh venv, nothing of the book's), and Run All. The first
cell finds no mechlib and installs it, with its dependencies, from the wheel
the site serves (the download's ``MECHBOOK_WHEEL`` default is the published
site; here the site is served on 127.0.0.1 and the variable points there).
Every cell must run, but those the book marks ``raises-exception``.
"""

from __future__ import annotations

import os
import subprocess
import sys
import urllib.request

from mechlib.book.site import wheel_name
from tests.reader_environment import environment as reader_environment
from tests.reader_environment import system_python

CHAPTER = "partial-velocities"     # one is enough: nbval runs every chapter's code
RUN = """
import sys, nbformat
from nbclient import NotebookClient
notebook = nbformat.read(sys.argv[1], as_version=4)
NotebookClient(notebook, timeout=600, kernel_name="python3",
               allow_error_names=[]).execute()
print("ran", len(notebook.cells), "cells")
"""


def test_a_downloaded_chapter_runs_alone(base_url, tmp_path):
    folder = tmp_path / "empty"
    folder.mkdir()
    notebook = folder / f"{CHAPTER}.ipynb"
    download = f"_sources/book/{CHAPTER}.ipynb"
    with urllib.request.urlopen(f"{base_url}/{download}") as response:
        notebook.write_bytes(response.read())
    assert os.listdir(folder) == [notebook.name]
    # as the reader would, outside this repository's environment
    environment = tmp_path / "jupyter-only"
    env = reader_environment(environment)
    subprocess.run([system_python(), "-m", "venv", environment], cwd=tmp_path,
                   env=env, check=True, capture_output=True)
    python = environment / "bin" / "python"
    subprocess.run([python, "-m", "pip", "install", "--quiet", "nbclient", "ipykernel"],
                   cwd=tmp_path, env=env, check=True, capture_output=True)
    missing = subprocess.run([python, "-c", "import importlib.util as u; "
                              "print(u.find_spec('mechlib'))"], cwd=folder, env=env,
                             capture_output=True, text=True, check=True)
    assert missing.stdout.strip() == "None", "the fresh environment must not have mechlib"
    env["MECHBOOK_WHEEL"] = f"{base_url}/_static/{wheel_name()}"
    env["JUPYTER_DATA_DIR"] = str(tmp_path / "jupyter-data")   # no kernel of the book's
    result = subprocess.run([python, "-c", RUN, notebook.name], cwd=folder, env=env,
                            capture_output=True, text=True, timeout=900)
    assert result.returncode == 0, (result.stdout + result.stderr)[-4000:]
    assert "ran" in result.stdout
    installed = subprocess.run([python, "-c", "import mechlib; print(mechlib.__file__)"],
                               cwd=folder, env=env, capture_output=True, text=True,
                               check=True).stdout
    assert str(environment) in installed, "mechlib came from somewhere else than the wheel"
    assert sys.prefix not in installed
