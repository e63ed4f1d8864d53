"""The notebooks readers download are complete, and run where Binder would run them.

These tests check the files the built site actually serves (the targets of the
pages' download buttons), not the option that should produce them: each
``.ipynb`` holds all of its chapter's prose and code with the outputs, and runs
top to bottom, outside the repository, in a virtual environment made from
``requirements.txt`` alone (what Binder and a reader's own machine install).
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import venv
from pathlib import Path

import jupytext
import nbformat
import pytest

from tests.references import ROOT, notebook_pages, reference_path

PAGES = notebook_pages()
SOURCES = ROOT / "_build" / "html" / "_sources"
READERS_VENV = ROOT / ".venv-readers"


def downloaded(page: Path) -> Path:
    return SOURCES / page.relative_to(ROOT).with_suffix(".ipynb")


@pytest.fixture(scope="session")
def readers_python():
    """Python of a virtual environment made from requirements.txt alone (cached by its hash)."""
    stamp = hashlib.sha256((ROOT / "requirements.txt").read_bytes()
                           + (ROOT / "pyproject.toml").read_bytes()).hexdigest()
    python = READERS_VENV / "bin" / "python"
    stamp_file = READERS_VENV / ".stamp"
    if not python.exists() or not stamp_file.exists() or stamp_file.read_text() != stamp:
        shutil.rmtree(READERS_VENV, ignore_errors=True)
        venv.create(READERS_VENV, with_pip=True)
        subprocess.run([str(python), "-m", "pip", "install", "--quiet", "-r",
                        "requirements.txt"], cwd=ROOT, check=True)
        stamp_file.write_text(stamp)
    return python


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.stem)
def test_download_is_the_executed_chapter(page):
    path = downloaded(page)
    assert path.exists(), f"the site offers no {path.relative_to(ROOT)}"
    notebook = nbformat.read(path, as_version=4)
    nbformat.validate(notebook)
    chapter = jupytext.read(page)
    for kind in ("markdown", "code"):
        assert ([c.source for c in notebook.cells if c.cell_type == kind]
                == [c.source for c in chapter.cells if c.cell_type == kind]), (
            f"the downloaded {path.name} lacks some of the chapter's {kind} cells")
    reference = nbformat.read(reference_path(page), as_version=4)
    expected = [bool(c.outputs) for c in reference.cells if c.cell_type == "code"]
    actual = [bool(c.outputs) for c in notebook.cells if c.cell_type == "code"]
    assert actual == expected, f"the downloaded {path.name} has lost outputs"
    assert notebook.metadata.kernelspec.name == "python3"


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.stem)
def test_download_runs_in_requirements_environment(page, readers_python, tmp_path):
    notebook = tmp_path / downloaded(page).name
    shutil.copy(downloaded(page), notebook)
    env = {key: value for key, value in os.environ.items()
           if not key.startswith(("VIRTUAL_ENV", "PYTHON"))}
    env["PATH"] = f"{readers_python.parent}{os.pathsep}{env.get('PATH', '')}"
    result = subprocess.run(
        [str(readers_python), "-m", "nbconvert", "--to", "notebook", "--execute",
         "--ExecutePreprocessor.timeout=300", "--output", "executed.ipynb", str(notebook)],
        cwd=tmp_path, env=env, capture_output=True, text=True)
    assert result.returncode == 0, (
        f"{notebook.name} does not run in an environment made from requirements.txt:\n"
        + result.stderr[-3000:])
