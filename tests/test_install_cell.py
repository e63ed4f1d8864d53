"""A download's first cell (bookkit/install_mechlib.py) changes nothing behind
the reader's back. Each case runs the cell, as the download holds it, in a
fresh venv of its own with the wheel the site serves:

- an environment that already has what mechlib needs (versions inside the
  wheel's ranges, not the pins) gets mechlib alone, and nothing else changes;
- so does one with the oldest versions the wheel accepts (pyproject.toml's
  lower bounds), and there mechlib's doctests and its comparisons with
  KanesMethod pass: the proof of those lower bounds;
- an environment whose SymPy mechlib would change gets nothing: the cell
  stops, names the package with its current and needed version and the two
  ways out;
- an older mechlib is named, then replaced by the page's version (in the
  first case's environment);
- Python 3.10 is named as the cause;
- pip's reason for a failure is shown, its colour codes stripped, where the
  kernel asks for colour (``FORCE_COLOR``).
"""

from __future__ import annotations

import shutil
import socket
import subprocess
import tomllib
from pathlib import Path

import pytest
from packaging.utils import canonicalize_name

import mechlib
from bookkit.downloads import install_cell
from tests.reader_environment import environment
from tests.test_package import lower_bounds, pins, project_dependencies

ROOT = Path(__file__).resolve().parents[1]
BINDER = "https://mybinder.org/v2/gh/a/b/main?urlpath=lab/tree/notebooks/x.ipynb"
#: Runs a cell's source as Jupyter would show it: its output, or the message
#: that ``_render_traceback_`` gives.
RUN = """
import sys
source = open(sys.argv[1]).read()
try:
    exec(compile(source, 'cell', 'exec'), {'__name__': '__main__'})
except Exception as error:
    print('RENDERED', *error._render_traceback_(), sep='\\n')
    sys.exit(3)
"""
#: An environment inside the wheel's ranges but at none of requirements.txt's
#: pins but SymPy's (1.14.0 is its only release in range): the install cell
#: keeps it as it is (issue 56: a wheel pinned to the pins' minor versions
#: upgraded NumPy 2.3.5 and Matplotlib 3.10.8).
WITHIN = {"sympy": "1.14.0", "numpy": "2.3.5", "scipy": "1.16.3", "matplotlib": "3.10.8"}
#: mechlib's own tests that run where the oldest supported versions are
#: installed (copied out of the repository, so that the wheel's mechlib is
#: the one tested): the comparisons with KanesMethod and its linearization,
#: which use the most of SymPy's API, simulations (SciPy), and the formula
#: layouts and animations of the pictures (matplotlib); with mechlib's
#: doctests, which print NumPy's numbers. test_sympy_systems.py is the
#: systems test_linearization.py compares, and conftest.py their helpers.
OLDEST_CHECKS = ("test_kane.py", "test_nonholonomic.py", "test_linearization.py",
                 "test_formula_layouts.py", "test_animation_html.py")
OLDEST_HELPERS = ("conftest.py", "test_sympy_systems.py")
#: The one slow case left out there (half a minute; n = 3 and 5 run).
OLDEST_LEFT_OUT = "test_kane.py::test_n_link_pendulum_matches_kanes_method[10]"


@pytest.fixture(scope="module")
def wheel(tmp_path_factory):
    from bookkit.site import build_wheel

    return build_wheel(tmp_path_factory.mktemp("wheel"))


def venv(folder, *packages, python="python3.11"):
    """A fresh venv of ``python`` in ``folder`` with ``packages``; its python."""
    found = next(iter(sorted(Path.home().glob(f".pyenv/versions/*/bin/{python}"))),
                 None) or shutil.which(python, path="/usr/local/bin:/usr/bin:/bin")
    if found is None:
        pytest.fail(f"no {python} on this machine (pyenv install, or Debian's package)")
    subprocess.run([str(found), "-m", "venv", str(folder)], check=True,
                   env=environment(), capture_output=True)
    if packages:
        subprocess.run([str(folder / "bin" / "python"), "-m", "pip", "install", "--quiet",
                        *packages], check=True, env=environment(folder))
    return folder / "bin" / "python"


def run_cell(python, wheel_url, tmp_path, **env):
    """The install cell of a download run by ``python``: (exit code, what it said)."""
    cell = tmp_path / "cell.py"
    cell.write_text(install_cell(str(wheel_url), BINDER).source)
    runner = tmp_path / "run.py"
    runner.write_text(RUN)
    result = subprocess.run([str(python), "-I", str(runner), str(cell)], capture_output=True,
                            text=True, timeout=300, cwd=tmp_path,
                            env={**environment(python.parent.parent), **env})
    return result.returncode, result.stdout + result.stderr


def freeze(python):
    return subprocess.run([str(python), "-m", "pip", "freeze"], capture_output=True,
                          text=True, check=True).stdout.splitlines()


def test_an_environment_with_what_mechlib_needs_gets_mechlib_alone(wheel, tmp_path):
    """Then, in the same environment, a mechlib of 2020 (a package of that
    name and version) is named and replaced by the page's version."""
    ranges = {canonicalize_name(r.name): r.specifier for r in project_dependencies()}
    assert sorted(WITHIN) == sorted(ranges)
    assert all(ranges[name].contains(version) for name, version in WITHIN.items()), ranges
    pinned = pins((ROOT / "requirements.txt").read_text())
    assert [name for name in WITHIN if WITHIN[name] == pinned[name]] == ["sympy"]
    python = venv(tmp_path / "venv", *(f"{name}=={version}" for name, version in WITHIN.items()))
    before = freeze(python)
    code, said = run_cell(python, wheel, tmp_path)
    assert code == 0, said
    assert said == f"mechlib installed from {wheel}\n", said
    added = sorted(set(freeze(python)) - set(before))
    assert [line.split(" ")[0].split("==")[0] for line in added] == ["mechlib"], added
    assert set(before) <= set(freeze(python))
    again = run_cell(python, wheel, tmp_path)             # the same version: nothing
    assert again == (0, ""), again

    old = tmp_path / "old-mechlib"
    (old / "mechlib").mkdir(parents=True)
    (old / "mechlib" / "__init__.py").write_text('__version__ = "2020.1.0"\n')
    (old / "pyproject.toml").write_text(
        '[project]\nname = "mechlib"\nversion = "2020.1.0"\n'
        '[build-system]\nrequires = ["setuptools>=77"]\nbuild-backend = "setuptools.build_meta"\n')
    subprocess.run([str(python), "-m", "pip", "install", "--quiet", str(old)], check=True,
                   env=environment(python.parent.parent))
    code, said = run_cell(python, wheel, tmp_path)
    assert code == 0, said
    assert said.splitlines() == [
        f"This notebook was written with mechlib {mechlib.__version__}; this environment "
        "has mechlib 2020.1.0.", f"mechlib installed from {wheel}"]
    now = subprocess.run([str(python), "-c", "import mechlib; print(mechlib.__version__)"],
                         capture_output=True, text=True, check=True).stdout.strip()
    assert now == mechlib.__version__


def test_the_oldest_supported_versions_are_kept_and_run_mechlib(wheel, tmp_path):
    """A fresh venv with exactly the lower bounds of pyproject.toml (and
    pytest), then a download's first cell: it installs mechlib alone; there
    mechlib's doctests and OLDEST_CHECKS pass."""
    oldest = lower_bounds()
    assert sorted(oldest) == ["matplotlib", "numpy", "scipy", "sympy"], oldest
    home = tmp_path / "venv"
    python = venv(home, *(f"{name}=={version}" for name, version in oldest.items()),
                  f"pytest=={pytest.__version__}")
    before = freeze(python)
    code, said = run_cell(python, wheel, tmp_path)
    assert (code, said) == (0, f"mechlib installed from {wheel}\n"), said
    added = sorted(set(freeze(python)) - set(before))
    assert [line.split(" ")[0].split("==")[0] for line in added] == ["mechlib"], added
    assert set(before) <= set(freeze(python))

    checks = tmp_path / "checks"
    checks.mkdir()
    for name in OLDEST_HELPERS + OLDEST_CHECKS:
        shutil.copy(ROOT / "tests" / "mechlib" / name, checks / name)
    options = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["pytest"][
        "ini_options"]
    (checks / "pytest.ini").write_text("[pytest]\n" + "".join(
        f"{key} =\n" + "".join(f"    {value}\n" for value in options[key])
        for key in ("doctest_optionflags", "filterwarnings", "markers")))
    package = subprocess.run([str(python), "-I", "-c", "import mechlib; print(mechlib.__file__)"],
                             cwd=checks, capture_output=True, text=True, check=True,
                             env=environment(home)).stdout.strip()
    assert Path(package).is_relative_to(home), package      # the wheel's mechlib
    run = subprocess.run([str(python), "-I", "-m", "pytest", "-c", "pytest.ini", "--rootdir", ".",
                          "-q", "-p", "no:cacheprovider", "--disable-warnings", "--doctest-modules",
                          str(Path(package).parent), *OLDEST_CHECKS,
                          "--deselect", OLDEST_LEFT_OUT],
                         cwd=checks, capture_output=True, text=True, timeout=900,
                         env=environment(home))
    assert run.returncode == 0, (run.stdout[-6000:] + run.stderr[-2000:])
    assert " passed" in run.stdout.splitlines()[-1] and "skipped" not in run.stdout, run.stdout


def test_a_package_that_would_change_stops_the_cell_before_anything_changes(wheel, tmp_path):
    python = venv(tmp_path / "venv", "sympy==1.13.3")
    before = freeze(python)
    code, said = run_cell(python, wheel, tmp_path)
    assert code == 3, said
    assert "nothing was installed or changed" in said
    assert "sympy 1.13.3 -> 1.14.0" in said
    assert "python -m venv" in said and f"pip install {wheel}" in said and BINDER in said
    assert freeze(python) == before


def test_python_older_than_3_11_is_named(wheel, tmp_path):
    python = venv(tmp_path / "venv", python="python3.10")
    code, said = run_cell(python, wheel, tmp_path)
    assert code == 3, said
    assert "needs Python 3.11 or newer" in said and "Python 3.10." in said
    assert "no network" not in said
    assert not [line for line in freeze(python) if line.startswith("mechlib")]


def test_pips_reason_is_shown_without_colour(tmp_path):
    """Offline, with the kernel's FORCE_COLOR: the reason is pip's ERROR line,
    without escape codes."""
    with socket.socket() as probe:          # a port nothing listens on: as if offline
        probe.bind(("127.0.0.1", 0))
        closed = f"http://127.0.0.1:{probe.getsockname()[1]}"
    python = venv(tmp_path / "venv")
    code, said = run_cell(python, f"{closed}/mechlib-{mechlib.__version__}-py3-none-any.whl",
                          tmp_path, FORCE_COLOR="1", PIP_INDEX_URL=f"{closed}/simple")
    assert code == 3, said
    reason = said.split("failed (no network, or no wheel at that address?):\n", 1)[1]
    reason = reason.splitlines()[0].strip()
    assert reason.startswith("ERROR"), said
    assert "\x1b" not in said
