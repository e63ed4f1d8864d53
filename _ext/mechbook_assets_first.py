"""Sphinx extension of the book: a page rebuilt is the page built afresh.

Sphinx links each stylesheet with a checksum of the copy in ``_static``
(``exercise.css?v=982b99e0``) when that copy exists as the page is written.
MyST-NB and sphinx-exercise copy their stylesheets only when the build
finishes, so a build from scratch linked them without a checksum, and a
rebuild (the copies left by the last build) with one: every page written
again (the root page is, at every rebuild) differed from the same page built
afresh, and whatever read it ran again. This extension has both copy their
stylesheets when the writing starts, with their own functions.
"""

from __future__ import annotations

from pathlib import Path

from myst_nb import sphinx_ext as myst_nb_sphinx
from sphinx_exercise import copy_asset_files as copy_exercise_assets


def copy_stylesheets_first(app, builder):
    """Copy the stylesheets MyST-NB and sphinx-exercise copy at the end now."""
    if builder.format != "html":
        return
    Path(builder.outdir, "_static").mkdir(parents=True, exist_ok=True)   # Sphinx's is later
    myst_nb_sphinx.add_global_html_resources(app, None)
    copy_exercise_assets(app, None)


def setup(app):
    app.connect("write-started", copy_stylesheets_first)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
