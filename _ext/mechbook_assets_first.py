"""Sphinx extension of the book: a page rebuilt is the page built afresh.

Sphinx links each stylesheet with a checksum of the copy in ``_static``
(``exercise.css?v=982b99e0``) when that copy exists as the page is written.
MyST-NB and sphinx-exercise copy their stylesheets only when the build
finishes, so a build from scratch linked them without a checksum, and a
rebuild (the copies left by the last build) with one: every page written
again (the root page is, at every rebuild) differed from the same page built
afresh, and whatever read it ran again. This extension has both copy their
stylesheets when the writing starts, with their own functions.

Those functions are the two projects' internals (the handlers they connect to
``build-finished``), called here as those handlers: ``setup`` checks that
MyST-NB and sphinx-exercise are the versions this was written for
(:data:`WRITTEN_FOR`), and that the functions are the code it calls, and
stops the build otherwise (CONTRIBUTING.md, "Patches of other projects'
internals").
"""

from __future__ import annotations

from pathlib import Path

from myst_nb import sphinx_ext as myst_nb_sphinx
from sphinx_exercise import copy_asset_files as copy_exercise_assets

#: The versions this was written for, and the digests of the source of the
#: two functions it calls: (distribution, version, function, digest).
WRITTEN_FOR = (
    ("myst-nb", "1.4.0", myst_nb_sphinx.add_global_html_resources,
     "d8ff3625f77966fb1d0d29573f0d6197"),
    ("sphinx-exercise", "1.2.1", copy_exercise_assets, "7ea710c434832bb123c593da033d505e"),
)


def require_written_for():
    """Raise ``PatchedInternalsChanged`` unless MyST-NB and sphinx-exercise, and
    their asset-copying functions, are the ones this was written for."""
    from mechlib.book.patched import require_version

    for distribution, version, function, digest in WRITTEN_FOR:
        require_version(distribution, version,
                        f"_ext/mechbook_assets_first.py (calls {function.__name__})",
                        function, digest)


def copy_stylesheets_first(app, builder):
    """Copy the stylesheets MyST-NB and sphinx-exercise copy at the end now."""
    if builder.format != "html":
        return
    Path(builder.outdir, "_static").mkdir(parents=True, exist_ok=True)   # Sphinx's is later
    myst_nb_sphinx.add_global_html_resources(app, None)
    copy_exercise_assets(app, None)


def setup(app):
    require_written_for()
    app.connect("write-started", copy_stylesheets_first)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
