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

import html
import os
import subprocess
import sys
import urllib.request

from bookkit.site import wheel_name
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
first = next(cell for cell in notebook.cells if cell.cell_type == "code")
print("install cell:", repr("".join(o.get("text", "") for o in first.outputs)))
"""


def alone_in_an_empty_folder(base_url, tmp_path):
    """The chapter's download, saved alone in an empty folder, and a fresh
    venv with nothing but nbclient and ipykernel, made outside this
    repository's environment as a reader would: (folder, notebook, the
    venv's python, its environment variables)."""
    folder = tmp_path / "empty"
    folder.mkdir()
    notebook = folder / f"{CHAPTER}.ipynb"
    with urllib.request.urlopen(f"{base_url}/_sources/book/{CHAPTER}.ipynb") as response:
        notebook.write_bytes(response.read())
    environment = tmp_path / "jupyter-only"
    env = reader_environment(environment)
    subprocess.run([system_python(), "-m", "venv", environment], cwd=tmp_path,
                   env=env, check=True, capture_output=True)
    python = environment / "bin" / "python"
    subprocess.run([python, "-m", "pip", "install", "--quiet", "nbclient", "ipykernel"],
                   cwd=tmp_path, env=env, check=True, capture_output=True)
    return folder, notebook, python, env


def test_a_downloaded_chapter_runs_alone(base_url, tmp_path):
    folder, notebook, python, env = alone_in_an_empty_folder(base_url, tmp_path)
    assert os.listdir(folder) == [notebook.name]
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
    # one line, and no advice to restart the kernel (none is needed)
    said = result.stdout.split("install cell: ", 1)[1].strip()
    assert said == repr(f"mechlib installed from {env['MECHBOOK_WHEEL']}\n"), said
    installed = subprocess.run([python, "-c", "import mechlib; print(mechlib.__file__)"],
                               cwd=folder, env=env, capture_output=True, text=True,
                               check=True).stdout
    assert str(python.parent.parent) in installed, \
        "mechlib came from somewhere else than the wheel"
    assert sys.prefix not in installed


RUN_ALL = """
import json, sys, nbformat
from nbclient import NotebookClient
from nbclient.exceptions import CellExecutionError
notebook = nbformat.read(sys.argv[1], as_version=4)
for cell in notebook.cells:     # the download's stored outputs: cleared, to see what runs
    if cell.cell_type == "code":
        cell.outputs, cell.execution_count = [], None
error = None
try:
    NotebookClient(notebook, timeout=300, kernel_name="python3").execute()
except CellExecutionError as raised:
    error = {"ename": raised.ename, "evalue": raised.evalue}
ran = [i for i, cell in enumerate(notebook.cells)
       if cell.cell_type == "code" and cell.get("execution_count")]
outputs = [cell.get("outputs", []) for cell in notebook.cells if cell.cell_type == "code"]
print(json.dumps({"error": error, "ran": ran, "outputs": outputs}))
"""


def test_an_offline_download_stops_at_once_saying_why(base_url, site, tmp_path):
    """Offline (here: the wheel's address and every index refuse connections),
    a lone download stops in its install cell with one message that names
    mechlib, the address it tried, ``pip install`` of the wheel and the
    chapter's Binder link; no later cell runs, so no ModuleNotFoundError
    follows, and nothing says to restart the kernel."""
    import json
    import re
    import socket

    folder, notebook, python, env = alone_in_an_empty_folder(base_url, tmp_path)
    with socket.socket() as probe:          # a port nothing listens on: as if offline
        probe.bind(("127.0.0.1", 0))
        closed = f"http://127.0.0.1:{probe.getsockname()[1]}"
    wheel = f"{closed}/_static/{wheel_name()}"
    env.update(MECHBOOK_WHEEL=wheel, PIP_INDEX_URL=f"{closed}/simple",
               JUPYTER_DATA_DIR=str(tmp_path / "jupyter-data"))
    result = subprocess.run([python, "-c", RUN_ALL, notebook.name], cwd=folder, env=env,
                            capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, (result.stdout + result.stderr)[-4000:]
    report = json.loads(result.stdout.strip().splitlines()[-1])
    assert report["error"] and report["error"]["ename"] == "MechlibNotInstalled", report["error"]
    assert len(report["ran"]) == 1, f"cells {report['ran']} ran; the install cell alone should"
    first, *later = report["outputs"]
    assert len(later) > 10 and not any(later), "cells after the install cell ran"
    (shown,) = [o for o in first if o["output_type"] == "error"]
    assert [o for o in first if o is not shown] == [], first
    text = "\n".join(shown["traceback"])
    assert "Traceback" not in text and "File " not in text, text
    assert text.startswith("MechlibNotInstalled: mechlib, the book's helper package")
    assert f"installing it from {wheel} failed" in text and f"pip install {wheel}" in text
    page = (site / "book" / f"{CHAPTER}.html").read_text(encoding="utf-8")
    binder = re.search(r'href="(https://mybinder\.org/v2/[^"]+)"', page).group(1)
    assert html.unescape(binder) in text
    assert "ModuleNotFoundError" not in result.stdout and "restart" not in text.lower()
