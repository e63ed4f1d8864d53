"""mechlib as a package: ``python -m build`` makes an sdist and a wheel that
pass ``twine check``, and the wheel holds what a reader's notebook needs
(the stored checks of every chapter) and nothing only instructors may have
(the worked expressions of grading/)."""

from __future__ import annotations

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
    from mechlib.book.site import build_wheel

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
