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


def lower_bounds() -> dict[str, str]:
    """``name: version`` of the ``>=`` bound of each of mechlib's dependencies
    (pyproject.toml): the oldest versions the suite runs it with
    (tests/test_install_cell.py)."""
    return {canonicalize_name(r.name): s.version for r in project_dependencies()
            for s in r.specifier if s.operator == ">="}


def test_wheel_dependencies_span_the_tested_versions():
    """Each of mechlib's dependencies is a range from its oldest tested version
    (``>=``, what tests/test_install_cell.py installs) to the next minor release
    after its pin in requirements.txt, the newest tested (``<``): nothing newer
    than the pins, nothing older than the floors, has run."""
    from packaging.version import Version

    pinned = pins((ROOT / "requirements.txt").read_text())
    wrong = {}
    for requirement in project_dependencies():
        name = canonicalize_name(requirement.name)
        if name not in pinned:
            wrong[name] = (str(requirement.specifier), "a pin in requirements.txt")
            continue
        pin = Version(pinned[name])
        bounds = {s.operator: Version(s.version) for s in requirement.specifier}
        expected = f"<{pin.major}.{pin.minor + 1}"
        if (len(requirement.specifier) != 2 or set(bounds) != {">=", "<"}
                or f"<{bounds['<']}" != expected or not bounds[">="] <= pin):
            wrong[name] = (str(requirement.specifier), f">=(oldest tested),{expected}")
    assert not wrong, f"pyproject.toml's dependencies are not the tested ranges: {wrong}"
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


def _wheel_metadata(tmp_path):
    from email.parser import Parser

    from bookkit.site import build_wheel

    wheel = build_wheel(tmp_path)
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        (metadata,) = [n for n in names if n.endswith(".dist-info/METADATA")]
        return wheel, names, Parser().parsestr(archive.read(metadata).decode())


def _config():
    import yaml

    return yaml.safe_load((ROOT / "_config.yml").read_text())


def test_the_wheel_names_its_version_licence_author_and_addresses(tmp_path):
    """One version (mechlib.__version__) in the wheel's name and metadata; the
    BSD-3-Clause text inside; an author; the book, the source and the issue
    tracker as project URLs (the addresses of _config.yml); a description
    for readers, not the developers' README."""
    import mechlib

    wheel, names, metadata = _wheel_metadata(tmp_path)
    assert wheel.name == f"mechlib-{mechlib.__version__}-py3-none-any.whl"
    assert metadata["Version"] == mechlib.__version__
    assert metadata["License-Expression"] == "BSD-3-Clause"
    assert metadata.get_all("License-File") == ["LICENSE"]
    assert any(n.endswith(".dist-info/licenses/LICENSE") for n in names)
    assert "The mechbook contributors" in (metadata["Author"] or metadata["Author-email"] or "")
    urls = dict(u.split(", ", 1) for u in metadata.get_all("Project-URL"))
    config = _config()
    assert urls["Book"] == config["html"]["baseurl"]
    assert urls["Source"] == config["repository"]["url"]
    assert urls["Issues"] == config["repository"]["url"] + "/issues"
    description = metadata.get_payload()
    assert "Kane" in description and "scripts/test.sh" not in description


def test_the_readers_description_runs():
    """mechlib/README.md, the wheel's description, holds a doctest that runs."""
    import doctest

    failures, tried = doctest.testfile(str(ROOT / "mechlib" / "README.md"),
                                       module_relative=False)
    assert tried and not failures


def test_citation_changelog_and_version_agree():
    """CITATION.cff and CHANGELOG.md name mechlib.__version__; the citation's
    addresses are _config.yml's; the licence files are at the root."""
    import yaml

    import mechlib

    citation = yaml.safe_load((ROOT / "CITATION.cff").read_text())
    config = _config()
    assert citation["version"] == mechlib.__version__
    assert citation["url"] == config["html"]["baseurl"]
    assert citation["repository-code"] == config["repository"]["url"]
    assert sorted(citation["license"]) == ["BSD-3-Clause", "CC-BY-4.0"]
    changelog = (ROOT / "CHANGELOG.md").read_text()
    (first,) = [line for line in changelog.splitlines() if line.startswith("## ")][:1]
    assert first.startswith(f"## {mechlib.__version__} ")
    assert "BSD 3-Clause License" in (ROOT / "LICENSE").read_text()
    assert "Attribution 4.0 International" in (ROOT / "LICENSE-CC-BY-4.0").read_text()


def test_citation_cff_is_valid(tmp_path):
    """cffconvert (PyPI) validates CITATION.cff. It pins jsonschema 3, which
    the book's environment cannot have, so it runs in a venv of its own."""
    from tests.reader_environment import environment

    venv = tmp_path / "cffconvert"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    subprocess.run([str(venv / "bin" / "python"), "-m", "pip", "install", "-q",
                    "cffconvert==2.0.0"], check=True, env=environment(venv))
    result = subprocess.run([str(venv / "bin" / "cffconvert"), "--validate", "-i",
                             str(ROOT / "CITATION.cff")], capture_output=True, text=True,
                            env=environment(venv))
    assert result.returncode == 0, result.stdout + result.stderr
    broken = tmp_path / "CITATION.cff"
    broken.write_text((ROOT / "CITATION.cff").read_text().replace("cff-version", "cff-versio"))
    result = subprocess.run([str(venv / "bin" / "cffconvert"), "--validate", "-i", str(broken)],
                            capture_output=True, text=True, env=environment(venv))
    assert result.returncode != 0
