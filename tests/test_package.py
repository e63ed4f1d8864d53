"""mechlib as a package: ``python -m build`` makes an sdist and a wheel that
pass ``twine check``, and the wheel holds what a reader's notebook needs
(the stored checks of every chapter) and nothing only instructors may have
(the worked expressions of grading/) or only the book's build needs (bookkit):
every import of its modules is of a package it declares."""

from __future__ import annotations

import ast
import subprocess
import sys
import zipfile
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[1]


def test_sdist_and_wheel_pass_twine_check(tmp_path):
    built = subprocess.run([sys.executable, "-m", "build", "--outdir", str(tmp_path), str(ROOT)],
                           capture_output=True, text=True)
    assert built.returncode == 0, built.stdout[-3000:] + built.stderr[-3000:]
    artifacts = sorted(tmp_path.iterdir())
    assert sorted(p.suffix for p in artifacts) == [".gz", ".whl"], artifacts
    checked = subprocess.run([sys.executable, "-m", "twine", "check", "--strict",
                              *map(str, artifacts)], capture_output=True, text=True)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    (wheel,) = [p for p in artifacts if p.suffix == ".whl"]
    names = zipfile.ZipFile(wheel).namelist()
    stored = {Path(n).name for n in names if n.startswith("mechlib/book/checks/")
              and n.endswith(".json")}
    expected = {p.name for p in (ROOT / "mechlib" / "book" / "checks").glob("*.json")}
    assert stored == expected
    assert not [n for n in names if "grading/worked" in n or n.startswith("tests/")]
    assert not [n for n in names if n.startswith("bookkit/")]
    with zipfile.ZipFile(wheel) as archive:
        sources = {n: archive.read(n).decode() for n in names if n.endswith(".py")}
    assert undeclared_imports(sources) == {}


#: What the wheel's modules may import besides the standard library, mechlib
#: and its declared dependencies: what those depend on themselves (mpmath is
#: SymPy's, Pillow matplotlib's), and ipywidgets, which only the live view of
#: an explorer imports, inside the function that needs it (JupyterLab has it).
BROUGHT_BY_DEPENDENCIES = {"mpmath", "PIL"}
OPTIONAL_INSIDE_FUNCTIONS = {"ipywidgets"}


def undeclared_imports(sources: dict[str, str]) -> dict[str, list[str]]:
    r"""``{module file: [imported packages it has no right to]}`` of ``sources``
    (``{file name: Python source}``).

    >>> undeclared_imports({"m.py": "import os, sympy\nfrom bookkit import site"})
    {'m.py': ['bookkit']}
    >>> undeclared_imports({"m.py": "def live():\n    import ipywidgets"})
    {}
    """
    declared = {canonicalize_name(r.name) for r in project_dependencies()}
    allowed = {"mechlib", *BROUGHT_BY_DEPENDENCIES, *declared}
    wrong = {}
    for name, source in sources.items():
        tree = ast.parse(source)
        inside_functions = {id(node) for function in ast.walk(tree)
                            if isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef))
                            for node in ast.walk(function)}
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                tops = [alias.name.split(".")[0] for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0:
                tops = [node.module.split(".")[0]]
            else:
                continue
            for top in tops:
                if (top in sys.stdlib_module_names or top in allowed
                        or (top in OPTIONAL_INSIDE_FUNCTIONS and id(node) in inside_functions)):
                    continue
                wrong.setdefault(name, []).append(top)
    return wrong


def pins(text: str) -> dict[str, str]:
    """``name: version`` of every ``name==version`` line of a requirements file."""
    found = {}
    for line in text.splitlines():
        line = line.split("#", 1)[0].strip()
        if "==" in line:
            name, _, version = line.partition("==")
            found[canonicalize_name(name.split("[")[0])] = version.strip()
    return found


def project_dependencies() -> list[Requirement]:
    import tomllib

    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    return [Requirement(text) for text in project["dependencies"]]


def test_wheel_dependencies_are_the_readers_pins():
    """requirements.txt is the one source of the versions the book was checked
    with: each of mechlib's dependencies is the compatible release (``~=``) of
    its pin there, so a lone download installs what printed the book's results."""
    pinned = pins((ROOT / "requirements.txt").read_text())
    wrong = {}
    for requirement in project_dependencies():
        name = canonicalize_name(requirement.name)
        expected = f"~={pinned[name]}" if name in pinned else "a pin in requirements.txt"
        if str(requirement.specifier) != expected:
            wrong[name] = (str(requirement.specifier), expected)
    assert not wrong, f"pyproject.toml's dependencies differ from requirements.txt: {wrong}"
    assert {canonicalize_name(r.name) for r in project_dependencies()} >= {
        "sympy", "numpy", "scipy", "matplotlib"}


def test_the_sites_wheel_passes_twine_check_and_bounds_its_dependencies(tmp_path):
    """The wheel the site serves (built as the book's build builds it) passes
    ``twine check --strict`` and requires exactly pyproject.toml's bounded
    dependencies."""
    from bookkit.site import build_wheel

    wheel = build_wheel(tmp_path)
    checked = subprocess.run([sys.executable, "-m", "twine", "check", "--strict", str(wheel)],
                             capture_output=True, text=True)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    with zipfile.ZipFile(wheel) as archive:
        (metadata,) = [n for n in archive.namelist() if n.endswith(".dist-info/METADATA")]
        text = archive.read(metadata).decode()
    required = sorted(line.split(": ", 1)[1] for line in text.splitlines()
                      if line.startswith("Requires-Dist: "))
    assert required == sorted(map(str, project_dependencies()))
    assert all(Requirement(r).specifier for r in required), required
