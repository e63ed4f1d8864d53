"""The nbval references cover every chapter and are in step with it.

nbval (run on ``tests/references/*.ipynb`` by the test command) compares each
chapter's outputs with the committed ones. These tests make sure that net has no
hole: every notebook page of the book has a reference, each reference holds its
chapter's current code and was executed, and only cells whose output cannot be
compared (live widgets) skip the comparison. References hold text only: no
image payload (nbval compares none), and the directory stays small.
"""

import jupytext
import nbformat
import pytest

from tests.references import (
    MODEL_ID,
    REFERENCES,
    WIDGET_VIEW,
    code_cells,
    image_payloads,
    notebook_pages,
    reference_path,
    toc_files,
)

PAGES = notebook_pages()
REGENERATE = "regenerate it with scripts/regenerate-references.sh {page}"
# Ten chapters of code and text outputs (about 60 kB each, no images: a test
# below checks that): room for the book to grow, not for an image to slip in.
MAX_REFERENCES_BYTES = 900_000


def test_toc_pages_exist():
    missing = [str(p) for p in toc_files() if not p.exists()]
    assert not missing, f"_toc.yml lists pages that do not exist: {missing}"


def test_book_has_notebook_pages():
    assert PAGES, "no page of _toc.yml is a notebook: nothing would be regression-tested"


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.stem)
def test_every_chapter_has_a_reference(page):
    assert reference_path(page).exists(), (
        f"{page.name} has no nbval reference {reference_path(page).name}; "
        + REGENERATE.format(page=page.relative_to(page.parents[1])))


def test_no_reference_without_a_chapter():
    stems = {page.stem for page in PAGES}
    orphans = [p.name for p in REFERENCES.glob("*.ipynb") if p.stem not in stems]
    assert not orphans, f"references of pages no longer in _toc.yml: {orphans}; delete them"


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.stem)
def test_reference_code_matches_chapter(page):
    reference = reference_path(page)
    if not reference.exists():
        pytest.fail(f"{page.name} has no reference")
    expected = code_cells(jupytext.read(page))
    stored = code_cells(nbformat.read(reference, as_version=4))
    assert stored == expected, (
        f"{reference.name} is out of sync with {page.name}: "
        + REGENERATE.format(page=page.relative_to(page.parents[1])))


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.stem)
def test_reference_is_executed(page):
    notebook = nbformat.read(reference_path(page), as_version=4)
    unexecuted = [i for i, cell in enumerate(notebook.cells)
                  if cell.cell_type == "code" and cell.execution_count is None]
    assert not unexecuted, f"cells {unexecuted} of {page.name}'s reference were not run"


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.stem)
def test_only_widget_cells_skip_comparison(page):
    notebook = nbformat.read(reference_path(page), as_version=4)
    for index, cell in enumerate(notebook.cells):
        tags = cell.metadata.get("tags", [])
        if cell.cell_type != "code" or not {"nbval-ignore-output", "nbval-skip"} & set(tags):
            continue
        assert "nbval-skip" not in tags, f"{page.name} cell {index} is skipped by nbval"
        has_widget = any(WIDGET_VIEW in output.get("data", {}) for output in cell.outputs)
        assert has_widget, (f"{page.name} cell {index} is tagged nbval-ignore-output but "
                            "shows no widget: its output must be compared")


@pytest.mark.parametrize("reference", sorted(REFERENCES.glob("*.ipynb")), ids=lambda p: p.stem)
def test_reference_holds_no_image_payload(reference):
    found = image_payloads(nbformat.read(reference, as_version=4))
    assert not found, (
        f"{reference.name} holds image payloads (cell, kind): {found[:5]}; strip them "
        "with python -m tests.references --strip-only (regenerating strips them too)")


@pytest.mark.parametrize("reference", sorted(REFERENCES.glob("*.ipynb")), ids=lambda p: p.stem)
def test_reference_widget_views_have_the_fixed_model_id(reference):
    """A kernel gives every widget a new random id: stored as it came, it would
    change at every regeneration and fill the reference's diff."""
    ids = [output["data"][WIDGET_VIEW]["model_id"]
           for cell in nbformat.read(reference, as_version=4).cells
           for output in cell.get("outputs", []) if WIDGET_VIEW in output.get("data", {})]
    assert set(ids) <= {MODEL_ID}, (
        f"{reference.name} stores widget ids {sorted(set(ids) - {MODEL_ID})}; strip it "
        "with python -m tests.references --strip-only (regenerating strips it too)")


def test_references_stay_small():
    files = [p for p in REFERENCES.rglob("*") if p.is_file() and "__pycache__" not in p.parts]
    total = sum(p.stat().st_size for p in files)
    largest = sorted(files, key=lambda p: p.stat().st_size, reverse=True)[:3]
    assert total <= MAX_REFERENCES_BYTES, (
        f"tests/references holds {total} bytes (limit {MAX_REFERENCES_BYTES}); largest: "
        + ", ".join(f"{p.name} {p.stat().st_size}" for p in largest))


def test_strip_images_keeps_what_nbval_compares():
    """What regenerate writes: no payload left, and the text nbval compares (after
    sanitize.cfg's rule) is the same before and after stripping."""
    from tests.references import embedded_image_rule, strip_images

    frame = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAA\\\nAAAARgAAAC2CAYAAAAC75Km=="
    html = f'<div>frames[0] = "{frame}";\nframes[1] = "{frame}";</div>'
    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("plot()", outputs=[
        nbformat.v4.new_output("display_data", data={
            "image/png": "iVBORw0KGgo=", "text/plain": "<Figure size 640x480 with 1 Axes>"},
            metadata={"image/png": {"width": 640}}),
        nbformat.v4.new_output("execute_result", data={
            "text/html": html, "text/plain": "<IPython.core.display.HTML object>"},
            execution_count=1)])])
    pattern, replacement = embedded_image_rule()
    before = pattern.sub(replacement, html)
    assert image_payloads(notebook)
    strip_images(notebook)
    assert not image_payloads(notebook)
    figure, animation = notebook.cells[0].outputs
    assert figure.data == {"text/plain": "<Figure size 640x480 with 1 Axes>"}
    assert "image/png" not in figure.metadata
    assert "iVBOR" not in animation.data["text/html"]
    assert pattern.sub(replacement, animation.data["text/html"]) == before
