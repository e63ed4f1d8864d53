"""Sphinx extension of the book: downloads keep their outputs; pages load each script once.

sphinx-book-theme offers every MyST Markdown chapter as ``.ipynb`` by copying the
notebook MyST-NB wrote to ``_build/jupyter_execute/`` into ``_build/html/_sources/``.
With ``execute_notebooks: cache``, MyST-NB writes that notebook *without* outputs
whenever a chapter comes from the cache (an unchanged chapter is not run again).
This extension runs after the theme and, where the copied notebook has lost its
outputs, writes it again with the outputs of the execution cache, so the download
is always the executed chapter.

MyST-NB 1.4.0 merges a cell's stream outputs for the page (``merge_streams``) by
appending to the first output *in place*, while the cell keeps the later ones:
the notebook it writes, and so a download, then prints those lines twice (seen in
whipple-bicycle and potential-energy). :func:`merge_copies_of_streams` lets it
merge copies instead; the page is the same, the notebook untouched.

Both, and :func:`fontawesome_as_web_font` (which renders a macro of
pydata-sphinx-theme's own templates), rely on other projects' internals: each
checks at ``setup`` that it runs with the version it was written for
(:data:`WRITTEN_FOR`; ``mechlib.book.patched.require_version``), and the build
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
#: function :func:`merge_copies_of_streams` wraps, and its source's digest),
#: and the pydata-sphinx-theme whose ``webpack-macros.html`` loads Font
#: Awesome's script with ``head_js_preload``.
WRITTEN_FOR = {"myst-nb": "1.4.0", "pydata-sphinx-theme": "0.17.1"}
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


def drop_duplicate_scripts(app, pagename, templatename, context, doctree):
    """Keep one copy of each script of a page.

    sphinx-thebe registers its inline configuration script once per build that
    reads documents, so an incremental build can list it twice, and the second
    copy fails in the browser ("Identifier 'THEBE_JS_URL' has already been
    declared").
    """
    seen, unique = set(), []
    for script in context.get("script_files", []):
        # An inline script's filename is None or "" depending on who added it.
        key = (getattr(script, "filename", str(script)) or "",
               tuple(sorted(getattr(script, "attributes", {}).items())))
        if key not in seen:
            seen.add(key)
            unique.append(script)
    context["script_files"] = unique


STATIC = Path(__file__).parent / "static"


def add_static_files(app, config):
    """Serve ``_ext/static`` and load the book's style sheets on every page; rank
    the chapters above the API reference in the search (``search-scorer.js``)."""
    config.html_static_path.append(str(STATIC))
    if not config.html_search_scorer:
        config.html_search_scorer = str(STATIC / "search-scorer.js")


def load_explorer_files(app, pagename, templatename, context, doctree):
    """Load the static explorers' script and style on the pages that show one.

    ``mechlib.book.display.explorer`` writes ``<div class="mechlib-explorer">`` into
    a cell's HTML output; ``explorer.js`` switches its pictures when a slider
    moves (no kernel, no network).
    """
    if "mechlib-explorer" in context.get("body", ""):
        app.add_js_file("explorer.js", defer="defer")
        app.add_css_file("explorer.css")


def drop_widget_state(app, pagename, templatename, context, doctree):
    """Drop the saved ipywidgets state: the site loads no widget manager to draw it
    (``nb_ipywidgets_js`` is empty in _config.yml), so it would only weigh the page."""
    context["script_files"] = [
        script for script in context.get("script_files", [])
        if getattr(script, "attributes", {}).get("type")
        != "application/vnd.jupyter.widget-state+json"]


def add_search_snippets(app, pagename, templatename, context, doctree):
    """Load the script that quotes readable search snippets, on the search page only."""
    if pagename == "search":
        app.add_js_file("mechbook-search.js", defer="defer")


def list_roles_in_bibliography(app, pagename, templatename, context, doctree):
    """Give the entries of a bibliography the role its list needs (axe: aria-required-children).

    Docutils writes a citation list as ``role="list"`` whose entries carry the
    deprecated ``role="doc-biblioentry"``; a list must hold list items.
    """
    body = context.get("body", "")
    if 'role="doc-biblioentry"' in body:
        context["body"] = body.replace('role="doc-biblioentry"', 'role="listitem"')


def one_viewport_tag(app, pagename, templatename, context, doctree):
    """Drop the viewport tag docutils' HTML writer puts in ``metatags``: Sphinx's
    layout writes one (and _templates/layout.html drops the theme's)."""
    import re

    context["metatags"] = re.sub(r'<meta name="viewport"[^>]*>\s*', "",
                                 context.get("metatags", ""))


def fontawesome_as_web_font(app, pagename, templatename, context, doctree):
    """Give _templates/layout.html the theme's Font Awesome script tag to drop.

    The tag is rendered from the theme's own macro with this page's context,
    so it matches what the theme writes (path and digest) exactly. The
    theme's style sheet already holds Font Awesome's rules and fonts, which
    draw the same icons (cut down to them by _ext/mechbook_icons.py).
    """
    macro = ('{%- import "static/webpack-macros.html" as webpack with context -%}'
             "{{ webpack.head_js_preload() }}")
    rendered = app.builder.templates.render_string(macro, context)
    tags = [line.strip() for line in rendered.splitlines() if "fontawesome.js" in line]
    if not tags:
        from sphinx.errors import ExtensionError

        raise ExtensionError(
            "pydata-sphinx-theme's head_js_preload macro no longer loads fontawesome.js: "
            "see _ext/mechbook_sphinx.py's fontawesome_as_web_font and _templates/layout.html")
    context["fontawesome_script_tag"] = tags[0]


def require_written_for():
    """Raise ``PatchedInternalsChanged`` unless MyST-NB and pydata-sphinx-theme
    are the versions this extension was written for, and MyST-NB's
    ``coalesce_streams`` is the code it wraps."""
    from mechlib.book.patched import require_version

    merge = myst_nb_render.coalesce_streams
    merge = getattr(merge, "__wrapped__", merge) if getattr(merge, "merges_copies", False) \
        else merge
    require_version("myst-nb", WRITTEN_FOR["myst-nb"],
                    "_ext/mechbook_sphinx.py's merge_copies_of_streams", merge,
                    COALESCE_STREAMS)
    require_version("pydata-sphinx-theme", WRITTEN_FOR["pydata-sphinx-theme"],
                    "_ext/mechbook_sphinx.py's fontawesome_as_web_font (and "
                    "_templates/layout.html)")


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
    app.connect("html-page-context", fontawesome_as_web_font)
    app.connect("html-page-context", list_roles_in_bibliography)
    app.connect("html-page-context", one_viewport_tag)
    app.add_js_file("mechbook.js", defer="defer")
    app.connect("html-page-context", add_search_snippets)
    app.connect("config-inited", add_static_files)
    app.connect("html-page-context", load_explorer_files)
    app.connect("html-page-context", drop_widget_state, priority=980)
    app.add_css_file("mechbook.css")
    app.add_css_file("print.css", media="print")
    # Last, once every extension has added its scripts to the page.
    app.connect("html-page-context", drop_duplicate_scripts, priority=990)
    # The theme copies the notebook at the default priority (500); run after it.
    app.connect("html-page-context", keep_outputs_in_download, priority=900)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
