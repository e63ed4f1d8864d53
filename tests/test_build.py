"""Build discipline: a cell that raises fails the build, unless it is tagged to raise.

Each test builds a one-page book with the book's own ``_config.yml`` and the
command of scripts/build.sh.
"""

import shutil
import subprocess
import sys
from pathlib import Path

from tests.references import ROOT

PAGE = """\
---
jupytext:
  text_representation:
    extension: .md
    format_name: myst
kernelspec:
  display_name: Python 3
  language: python
  name: python3
---

# A page

```{{code-cell}} ipython3
{tags}1 / 0
```
"""


def build(tmp_path: Path, tags: str) -> subprocess.CompletedProcess:
    for name in ("_config.yml", "_ext", "_templates"):
        source = ROOT / name
        (shutil.copytree if source.is_dir() else shutil.copy)(source, tmp_path / name)
    (tmp_path / "vendor").symlink_to(ROOT / "vendor")
    (tmp_path / "book").mkdir()
    for name in ("references.bib", "favicon.svg"):
        shutil.copy(ROOT / "book" / name, tmp_path / "book")
    (tmp_path / "book" / "page.md").write_text(PAGE.format(tags=tags))
    (tmp_path / "_toc.yml").write_text("format: jb-book\nroot: book/page\n")
    jupyter_book = Path(sys.executable).with_name("jupyter-book")
    return subprocess.run([str(jupyter_book), "build", ".", "-W", "-n", "--keep-going"],
                          cwd=tmp_path, capture_output=True, text=True, timeout=600)


def test_a_cell_that_raises_fails_the_build(tmp_path):
    result = build(tmp_path, tags="")
    assert result.returncode != 0
    assert "ZeroDivisionError" in (tmp_path / "_build" / "html" / "reports" / "book"
                                   / "page.err.log").read_text()


def test_a_cell_tagged_raises_exception_builds(tmp_path):
    result = build(tmp_path, tags=":tags: [raises-exception]\n\n")
    assert result.returncode == 0, result.stdout[-2000:] + result.stderr[-2000:]
    assert "ZeroDivisionError" in (tmp_path / "_build" / "html" / "book"
                                   / "page.html").read_text()
