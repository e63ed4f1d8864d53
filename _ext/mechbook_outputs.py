"""Sphinx extension of the book: a chapter's download is the executed chapter, each line once.

sphinx-book-theme offers every MyST Markdown chapter as ``.ipynb`` by copying the
notebook MyST-NB wrote to ``_build/jupyter_execute/`` into ``_build/html/_sources/``.
With ``execute_notebooks: cache``, MyST-NB writes that notebook *without* outputs
whenever a chapter comes from the cache (an unchanged chapter is not run again).
:func:`keep_outputs_in_download` runs after the theme and, where the copied
notebook has lost its outputs, writes it again with the outputs of the execution
cache, so the download is always the executed chapter.

MyST-NB 1.4.0 merges a cell's stream outputs for the page (``merge_streams``) by
appending to the first output *in place*, while the cell keeps the later ones:
the notebook it writes, and so a download, then prints those lines twice (seen in
whipple-bicycle and potential-energy). :func:`merge_copies_of_streams` lets it
merge copies instead; the page is the same, the notebook untouched. It relies on
MyST-NB's internals, so :func:`require_written_for` checks at ``setup`` that it
runs with the version it was written for (:data:`WRITTEN_FOR`), and the build
stops on another (CONTRIBUTING.md, "Patches of other projects' internals").
"""

from __future__ import annotations

import copy
import functools
from pathlib import Path

import nbformat
from myst_nb.core import render as myst_nb_render
from nbconvert.preprocessors import CoalesceStreamsPreprocessor
from sphinx.util import logging

LOGGER = logging.getLogger(__name__)

#: What this extension was written for: MyST-NB's ``coalesce_streams`` (the
#: function :func:`merge_copies_of_streams` wraps, and its source's digest).
WRITTEN_FOR = {"myst-nb": "1.4.0"}
COALESCE_STREAMS = "398a36d51e002edd425314f6eae1fa45"


def has_outputs(notebook) -> bool:
    """True if any code cell of ``notebook`` has an output."""
    return any(cell.get("outputs") for cell in notebook.cells if cell.cell_type == "code")


def executed_notebook(app, docname: str, notebook):
    """Return ``notebook`` with the outputs of its entry in the execution cache."""
    from jupyter_cache import get_cache

    cache_path = app.env.mystnb_config.execution_cache_path or str(
        Path(app.outdir).parent / ".jupyter_cache"
    )
    _, merged = get_cache(cache_path).merge_match_into_notebook(notebook)
    return merged


def keep_outputs_in_download(app, pagename, templatename, context, doctree):
    source = context.get("ipynb_source")
    if not source:
        return
    path = Path(app.outdir, "_sources", source)
    if not path.exists():
        return
    notebook = nbformat.read(path, as_version=4)
    if not has_outputs(notebook):
        try:
            notebook = executed_notebook(app, pagename, notebook)
        except KeyError:
            LOGGER.warning("no cached execution of %s: its .ipynb download has no outputs",
                           pagename, type="mechbook", subtype="download")
            return
    # one stream output per name and cell, as on the page (a kernel's stream
    # messages are kept as they came, a print sometimes split in two)
    notebook, _ = CoalesceStreamsPreprocessor().preprocess(notebook, {})
    nbformat.write(notebook, path)


def require_written_for():
    """Raise ``PatchedInternalsChanged`` unless MyST-NB is the version this
    extension was written for, and its ``coalesce_streams`` the code it wraps."""
    from mechlib.book.patched import require_version

    merge = myst_nb_render.coalesce_streams
    merge = getattr(merge, "__wrapped__", merge) if getattr(merge, "merges_copies", False) \
        else merge
    require_version("myst-nb", WRITTEN_FOR["myst-nb"],
                    "_ext/mechbook_outputs.py's merge_copies_of_streams", merge,
                    COALESCE_STREAMS)


def merge_copies_of_streams():
    """Make MyST-NB's ``coalesce_streams`` work on copies of the outputs (see the
    module's notes); safe to call more than once."""
    merge = myst_nb_render.coalesce_streams
    if getattr(merge, "merges_copies", False):
        return

    @functools.wraps(merge)
    def merge_copies(outputs):
        return merge(copy.deepcopy(outputs))

    merge_copies.merges_copies = True
    myst_nb_render.coalesce_streams = merge_copies


def setup(app):
    require_written_for()
    merge_copies_of_streams()
    # The theme copies the notebook at the default priority (500); run after it.
    app.connect("html-page-context", keep_outputs_in_download, priority=900)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
