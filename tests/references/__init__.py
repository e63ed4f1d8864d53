"""The book's chapters and their executed reference notebooks for nbval.

Every page of ``_toc.yml`` that is a notebook (MyST Markdown with a kernelspec)
has a reference ``tests/references/<name>.ipynb``: the chapter executed, with its
outputs. ``pytest --nbval`` runs the reference's code again and compares the new
outputs with the stored ones, so a change in any printed result fails a test.
``python -m tests.references [book/<chapter>.md ...]`` regenerates references on
purpose (``scripts/regenerate-references.sh`` wraps it).

References hold text only. An explorer (``mechlib.book.display.explorer``) keeps its
live widget view and drops its static ``text/html`` form, the pictures of the
built page: nbval ignores the output of a widget cell (``nbval-ignore-output``).
nbval compares no PNG or JPEG output, and its
sanitizer (``sanitize.cfg``, section ``[embedded images]``) blanks the base64
images an animation embeds in its HTML; so :func:`strip_images` drops those
payloads before a reference is written (the text/plain ``<Figure size ...>``
beside a picture, and the HTML around the frames, are kept and compared).
``python -m tests.references --strip-only`` strips the committed references
without executing the chapters again.
"""

from __future__ import annotations

import configparser
import re
from pathlib import Path

import jupytext
import nbformat
import yaml

from bookkit.notebooks import run_notebook

ROOT = Path(__file__).resolve().parents[2]
REFERENCES = Path(__file__).resolve().parent
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
SANITIZE = REFERENCES / "sanitize.cfg"
#: The model id a reference stores for every widget view (the kernel that made
#: the view is gone, and its random id would change at every regeneration).
MODEL_ID = "0" * 32
# Image outputs nbval never compares (its default skip list without --nbdime):
# a reference need not keep them. (image/svg+xml is text nbval does compare.)
UNCOMPARED_IMAGES = ("image/png", "image/jpeg")
TEXT_FORMS = ("text/plain", "text/html")
#: The front matter of a chapter (MyST Markdown for jupytext, Python kernel),
#: for the one-page books the tests write.
FRONT_MATTER = """\
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
"""


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
    """True if the MyST Markdown page is a notebook (has a kernelspec in its
    front matter)."""
    text = path.read_text(encoding="utf-8")
    return text.startswith("---") and "kernelspec:" in text.split("---", 2)[1]


def checked_chapters(chapters=None):
    """The chapters (of ``chapters``, default all of ``book/``) with checked
    exercises (:func:`bookkit.chapters.chapter_checks`)."""
    from bookkit.chapters import chapter_checks

    chapters = sorted((ROOT / "book").glob("*.md")) if chapters is None else list(chapters)
    return [path for path in chapters if chapter_checks(path)]


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
    notebook = jupytext.read(page)
    notebook.metadata.pop("jupytext", None)
    run_notebook(notebook, REFERENCES, name=page.stem, by="references")
    # The saved state of live widgets is not compared and only bloats the diffs.
    notebook.metadata.pop("widgets", None)
    return notebook


def embedded_image_rule(config: Path = SANITIZE):
    """(pattern, replacement) of the ``[embedded images]`` rule of ``sanitize.cfg``.

    The rule nbval applies is the one used to strip references, so the placeholder
    a reference stores sanitizes to the same text as any freshly drawn image.
    """
    parser = configparser.ConfigParser()
    parser.read(config)
    section = parser["embedded images"]
    return re.compile(section["regex"]), section["replace"]


def placeholder(match: re.Match, replacement: str) -> str:
    return match.expand(replacement)


def strip_images(notebook: nbformat.NotebookNode) -> nbformat.NotebookNode:
    """Drop image payloads nbval does not compare, in place; return the notebook.

    - PNG and JPEG entries of an output's ``data`` go when a text/plain or
      text/html form of the same output remains (with their ``metadata``);
    - the text/html of a live widget (an explorer's static form, its pictures)
      goes: nbval ignores widget cells' outputs; its ``model_id``, new in every
      kernel, becomes :data:`MODEL_ID`, so that a regeneration diffs cleanly;
    - base64 ``data:image/...`` URIs inside text/html become the placeholder the
      sanitizer turns every such URI into (``data:image/png;base64,IMAGE``).
    """
    pattern, replacement = embedded_image_rule()
    for cell in notebook.cells:
        for output in cell.get("outputs", []):
            data = output.get("data")
            if not data:
                continue
            if WIDGET_VIEW in data:
                data.pop("text/html", None)
                data[WIDGET_VIEW]["model_id"] = MODEL_ID
            if any(form in data for form in TEXT_FORMS):
                for mime in UNCOMPARED_IMAGES:
                    if mime in data:
                        del data[mime]
                        output.get("metadata", {}).pop(mime, None)
            if "text/html" in data:
                html = data["text/html"]
                html = "".join(html) if isinstance(html, list) else html
                data["text/html"] = pattern.sub(
                    lambda match: placeholder(match, replacement), html)
    return notebook


def image_payloads(notebook: nbformat.NotebookNode):
    """Where a notebook still holds an image payload: [(cell index, what)]."""
    pattern, replacement = embedded_image_rule()
    found = []
    for index, cell in enumerate(notebook.cells):
        for output in cell.get("outputs", []):
            for mime, value in output.get("data", {}).items():
                if mime.startswith("image/"):
                    found.append((index, mime))
                elif isinstance(value, (str, list)):
                    text = "".join(value) if isinstance(value, list) else value
                    for match in pattern.finditer(text):
                        if match.group(0) != placeholder(match, replacement):
                            found.append((index, f"{mime}: {match.group(0)[:40]}..."))
    return found


def drop_prose(notebook: nbformat.NotebookNode) -> nbformat.NotebookNode:
    """Drop the Markdown cells, in place: nbval runs and compares code cells
    only, and the prose lives in the chapter (half of a reference's bytes,
    and stale copies of it in every diff)."""
    notebook.cells = [cell for cell in notebook.cells
                      if cell.cell_type != "markdown"]
    for index, cell in enumerate(notebook.cells):
        cell.id = f"cell-{index}"   # not random: a regeneration diffs cleanly
    return notebook


def write_reference(notebook: nbformat.NotebookNode, path: Path) -> Path:
    nbformat.write(drop_prose(strip_images(notebook)), path)
    return path


def regenerate(pages=None):
    """Execute each page and write its reference notebook; return the paths written."""
    pages = notebook_pages() if not pages else [Path(p).resolve() for p in pages]
    written = []
    for page in pages:
        written.append(write_reference(execute(page), reference_path(page)))
    return written


def strip_references(paths=None):
    """Strip image payloads and prose from committed references without
    executing anything."""
    paths = (sorted(REFERENCES.glob("*.ipynb")) if not paths
             else [Path(p).resolve() for p in paths])
    written = []
    for path in paths:
        written.append(write_reference(nbformat.read(path, as_version=4), path))
    return written
