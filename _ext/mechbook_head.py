"""Sphinx extension of the book: the page's head and markup as readers and screen readers need them.

One viewport tag; bibliography entries that are list items (axe); and the theme's
Font Awesome script tag found for _templates/layout.html to drop (the theme's
style sheet draws the icons). :func:`fontawesome_as_web_font` renders a macro of
pydata-sphinx-theme's own templates, so :func:`require_written_for` checks at
``setup`` that the theme is the version it was written for (:data:`WRITTEN_FOR`;
CONTRIBUTING.md, "Patches of other projects' internals").
"""

from __future__ import annotations

#: The pydata-sphinx-theme whose ``webpack-macros.html`` loads Font Awesome's
#: script with ``head_js_preload``.
WRITTEN_FOR = {"pydata-sphinx-theme": "0.17.1"}


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
            "see _ext/mechbook_head.py's fontawesome_as_web_font and _templates/layout.html")
    context["fontawesome_script_tag"] = tags[0]


def require_written_for():
    """Raise ``PatchedInternalsChanged`` unless pydata-sphinx-theme is the
    version :func:`fontawesome_as_web_font` was written for."""
    from mechlib.book.patched import require_version

    require_version("pydata-sphinx-theme", WRITTEN_FOR["pydata-sphinx-theme"],
                    "_ext/mechbook_head.py's fontawesome_as_web_font (and "
                    "_templates/layout.html)")


def setup(app):
    require_written_for()
    app.connect("html-page-context", fontawesome_as_web_font)
    app.connect("html-page-context", list_roles_in_bibliography)
    app.connect("html-page-context", one_viewport_tag)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
