"""Sphinx extension of the book: its scripts and style sheets, each page loading what it uses once.

``mechbook.js`` and the style sheets on every page, ``explorer.js`` only where an
explorer is shown, the search's snippets on the search page; no saved widget
state (the site draws no live widget) and no script twice.
"""

from __future__ import annotations

from pathlib import Path

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


def setup(app):
    app.connect("config-inited", add_static_files)
    app.add_js_file("mechbook.js", defer="defer")
    app.add_css_file("mechbook.css")
    app.add_css_file("print.css", media="print")
    app.connect("html-page-context", add_search_snippets)
    app.connect("html-page-context", load_explorer_files)
    app.connect("html-page-context", drop_widget_state, priority=980)
    # Last, once every extension has added its scripts to the page.
    app.connect("html-page-context", drop_duplicate_scripts, priority=990)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
