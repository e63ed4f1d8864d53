"""Every chapter's source says what it is when it is opened as a notebook.

A chapter's ``book/<slug>.md`` opens in JupyterLab (jupytext's "Open With >
Jupytext Notebook", Binder's file browser) as a runnable notebook that does not
read like the book: chapter-local numbers, raw cross-chapter labels, open
solutions. Its first cell is a note that says so and points to the notebook the
page offers (``bookkit.chapters.SOURCE_NOTE``); the page leaves it out
(``remove-cell``) and so do the downloads. tests/test_downloads.py checks the
built downloads, tests/site/test_jupyterlab.py what JupyterLab shows.
"""

import jupytext
import nbformat
import pytest

from bookkit import downloads
from bookkit.chapters import SOURCE_NOTE, SOURCE_NOTE_TAG
from bookkit.markdown_writer import StaticResolver
from tests.references import notebook_pages

PAGES = notebook_pages()


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.stem)
def test_the_source_opens_with_its_note(page):
    first = jupytext.read(page).cells[0]
    assert first.cell_type == "markdown"
    assert first.metadata.get("tags") == ["remove-cell", SOURCE_NOTE_TAG], (
        f"{page.name}: the first cell is not the source's note; copy it from "
        "bookkit.chapters.SOURCE_NOTE with the tags remove-cell and source-note")
    assert first.source == SOURCE_NOTE, f"{page.name}: the note differs from SOURCE_NOTE"


def test_the_download_leaves_the_note_out():
    chapter = jupytext.read(PAGES[0])
    chapter.cells = chapter.cells[:1] + [nbformat.v4.new_markdown_cell("# Title"),
                                         nbformat.v4.new_code_cell("x = 1")]
    out = downloads.convert_notebook(chapter, StaticResolver())
    assert not any(SOURCE_NOTE_TAG in c.metadata.get("tags", []) for c in out.cells)
    assert "source of this chapter" not in "\n".join(c.source for c in out.cells)
    assert [c.cell_type for c in out.cells] == ["markdown", "code"]
