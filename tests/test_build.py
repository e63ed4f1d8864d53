"""Build discipline: a cell that raises fails the build, unless it is tagged to raise;
executed outputs are not reused once mechlib or the installed packages change.

The first two tests build a one-page book with the book's own ``_config.yml`` and the
command of scripts/build.sh.
"""

import shutil
import time
from pathlib import Path

from bookkit.site import BuildError, build_book, build_wheel, execution_inputs, forget_other_inputs
from tests.references import FRONT_MATTER, ROOT

PAGE = FRONT_MATTER + """
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
        build_book(tmp_path, by="tests")   # not a chapter of the book
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


def test_outputs_of_other_execution_inputs_are_forgotten(tmp_path):
    """jupyter-cache keys a chapter by its code; a change to mechlib (or to an
    installed package) must still execute and read every chapter again."""
    build = tmp_path / "_build"
    for folder in (".jupyter_cache", ".doctrees"):
        (build / folder).mkdir(parents=True)
        (build / folder / "kept").write_text("made with these inputs")
    assert forget_other_inputs(build)             # never stamped: emptied
    assert not (build / ".doctrees").exists()
    stamp = build / ".jupyter_cache" / "execution-inputs.sha256"
    assert stamp.read_text() == execution_inputs()
    (build / ".jupyter_cache" / "kept").write_text("made with these inputs")
    (build / ".doctrees").mkdir()
    assert not forget_other_inputs(build)         # same inputs: kept
    assert (build / ".jupyter_cache" / "kept").is_file() and (build / ".doctrees").is_dir()
    stamp.write_text("0" * 64)                    # mechlib changed since
    assert forget_other_inputs(build)
    assert not (build / ".jupyter_cache" / "kept").exists()
    assert not (build / ".doctrees").exists()


def test_a_changed_stored_check_forgets_its_chapter_alone(tmp_path):
    """A chapter's stored checks are read by that chapter only: when they
    change, its cached execution goes and every page is read again (the
    others from the cache); the other chapters' executions stay."""
    import json

    import nbformat
    from jupyter_cache import get_cache
    from jupyter_cache.base import CacheBundleIn

    build = tmp_path / "_build"
    cache = build / ".jupyter_cache"
    forget_other_inputs(build)                    # stamped with today's inputs
    store = get_cache(str(cache))
    for chapter in ("partial-velocities", "intro"):
        notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(f"'{chapter}'")])
        notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                           "language": "python"}
        store.cache_notebook_bundle(CacheBundleIn(notebook, f"/book/{chapter}.md"),
                                    check_validity=False)
    (build / ".doctrees").mkdir()
    assert not forget_other_inputs(build)         # nothing changed: all kept
    assert len(store.list_cache_records()) == 2 and (build / ".doctrees").is_dir()
    stamp = cache / "stored-checks.json"
    digests = json.loads(stamp.read_text())
    stamp.write_text(json.dumps({**digests, "partial-velocities": "0" * 64}))
    assert not forget_other_inputs(build)         # not everything: one chapter
    assert [Path(r.uri).stem for r in store.list_cache_records()] == ["intro"]
    assert not (build / ".doctrees").exists()
    assert json.loads(stamp.read_text()) == digests


def test_the_wheel_is_the_same_file_for_the_same_mechlib(tmp_path):
    """The site's mechlib wheel (what a downloaded chapter and the page's Python
    install) is rebuilt with each build: an unchanged mechlib must give the same
    bytes, so that the site's output is deterministic (a rebuild of an unchanged
    book serves the same files)."""
    first = build_wheel(tmp_path / "first").read_bytes()
    time.sleep(2)        # zip times have a resolution of two seconds
    assert build_wheel(tmp_path / "second").read_bytes() == first
