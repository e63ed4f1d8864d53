"""Build discipline: a cell that raises fails the build, unless it is tagged to raise.

Each test builds a one-page book with the book's own ``_config.yml`` and the
command of scripts/build.sh.
"""

import shutil
from pathlib import Path

from mechlib.book.site import BuildError, build_book
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


def build(tmp_path: Path, tags: str):
    """Build the one-page book; the BuildError if it failed, else None."""
    for name in ("_config.yml", "_ext", "_templates"):
        source = ROOT / name
        (shutil.copytree if source.is_dir() else shutil.copy)(source, tmp_path / name)
    (tmp_path / "vendor").symlink_to(ROOT / "vendor")
    (tmp_path / "book").mkdir()
    for name in ("references.bib", "favicon.svg"):
        shutil.copy(ROOT / "book" / name, tmp_path / "book")
    (tmp_path / "book" / "page.md").write_text(PAGE.format(tags=tags))
    (tmp_path / "_toc.yml").write_text("format: jb-book\nroot: book/page\n")
    try:
        build_book(tmp_path)
    except BuildError as error:
        return error
    return None


def test_a_cell_that_raises_fails_the_build(tmp_path):
    error = build(tmp_path, tags="")
    assert error is not None and "ZeroDivisionError" in str(error)
    assert "ZeroDivisionError" in (tmp_path / "_build" / "html" / "reports" / "book"
                                   / "page.err.log").read_text()


def test_a_cell_tagged_raises_exception_builds(tmp_path):
    error = build(tmp_path, tags=":tags: [raises-exception]\n\n")
    assert error is None, str(error)
    assert "ZeroDivisionError" in (tmp_path / "_build" / "html" / "book"
                                   / "page.html").read_text()
