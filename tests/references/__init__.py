"""The book's chapters and their executed reference notebooks for nbval.

Every page of ``_toc.yml`` that is a notebook (MyST Markdown with a kernelspec)
has a reference ``tests/references/<name>.ipynb``: the chapter executed, with its
outputs. ``pytest --nbval`` runs the reference's code again and compares the new
outputs with the stored ones, so a change in any printed result fails a test.
``python -m tests.references [book/<chapter>.md ...]`` regenerates references on
purpose (``scripts/regenerate-references.sh`` wraps it).
"""

from __future__ import annotations

from pathlib import Path

import jupytext
import nbformat
import yaml

ROOT = Path(__file__).resolve().parents[2]
REFERENCES = Path(__file__).resolve().parent
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


def toc_files(toc=None):
    """Source files of every page in ``_toc.yml``, in book order."""
    toc = yaml.safe_load((ROOT / "_toc.yml").read_text()) if toc is None else toc
    entries = [toc["root"]]

    def walk(items):
        for item in items or []:
            if "file" in item:
                entries.append(item["file"])
            walk(item.get("sections"))
            walk(item.get("chapters"))

    for part in toc.get("parts", []):
        walk(part.get("chapters"))
    walk(toc.get("chapters"))
    return [ROOT / f"{entry}.md" for entry in entries]


def is_notebook(path: Path) -> bool:
    """True if the MyST Markdown page is a notebook (has a kernelspec)."""
    text = path.read_text(encoding="utf-8")
    return text.startswith("---") and "kernelspec:" in text.split("---", 2)[1]


def notebook_pages():
    """The pages of the book that are notebooks: the ones nbval must cover."""
    return [path for path in toc_files() if is_notebook(path)]


def reference_path(page: Path) -> Path:
    return REFERENCES / f"{page.stem}.ipynb"


def code_cells(notebook):
    """(source, tags) of every code cell: what must agree between chapter and reference."""
    return [(cell.source, tuple(cell.metadata.get("tags", ())))
            for cell in notebook.cells if cell.cell_type == "code"]


def execute(page: Path) -> nbformat.NotebookNode:
    """Execute a chapter as nbval will: kernel python3, working directory tests/references."""
    from nbclient import NotebookClient

    notebook = jupytext.read(page)
    notebook.metadata.pop("jupytext", None)
    client = NotebookClient(notebook, timeout=300, kernel_name="python3",
                            record_timing=False,
                            resources={"metadata": {"path": str(REFERENCES)}})
    client.execute()
    # The saved state of live widgets is not compared and only bloats the diffs.
    notebook.metadata.pop("widgets", None)
    return notebook


def regenerate(pages=None):
    """Execute each page and write its reference notebook; return the paths written."""
    pages = notebook_pages() if not pages else [Path(p).resolve() for p in pages]
    written = []
    for page in pages:
        notebook = execute(page)
        path = reference_path(page)
        nbformat.write(notebook, path)
        written.append(path)
    return written
