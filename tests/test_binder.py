"""The repository is a valid Binder repository (repo2docker's Python build pack)."""

import re

from tests.references import ROOT

REQUIREMENTS = (ROOT / "requirements.txt").read_text().splitlines()


def requirement_lines():
    return [line.split("#")[0].strip() for line in REQUIREMENTS
            if line.split("#")[0].strip()]


def test_runtime_selects_a_python_version():
    assert re.fullmatch(r"python-3\.\d+", (ROOT / "runtime.txt").read_text().strip())


def test_every_requirement_is_pinned():
    loose = [line for line in requirement_lines()
             if line != "-e ." and not re.fullmatch(r"[A-Za-z0-9_.\[\]-]+==[\w.]+", line)]
    assert not loose, f"requirements.txt has unpinned lines: {loose}"


def test_binder_installs_mechlib_and_jupytext():
    lines = requirement_lines()
    assert "-e ." in lines, "Binder must install mechlib from the repository"
    assert any(line.startswith("jupytext==") for line in lines), (
        "jupytext lets JupyterLab open the .md chapters as notebooks")
