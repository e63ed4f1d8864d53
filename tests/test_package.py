"""mechlib as a package: ``python -m build`` makes an sdist and a wheel that
pass ``twine check``, and the wheel holds what a reader's notebook needs
(the stored checks of every chapter) and nothing only instructors may have
(the worked expressions of grading/)."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

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
