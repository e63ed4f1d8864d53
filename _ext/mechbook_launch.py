"""Sphinx extension of the book: the launch buttons open the launch notebooks.

sphinx-book-theme points a chapter's Binder and JupyterHub buttons at its source,
``book/<chapter>.md``, which JupyterLab opens as raw MyST text. The buttons open
``notebooks/<chapter>.ipynb`` instead: the chapter converted as its download is,
which ``postBuild`` writes on Binder (see :mod:`bookkit.launch`). This
extension rewrites the ``urlpath`` of each launch button after the theme has made
them (priority 501).

A course hub runs no ``postBuild`` after nbgitpuller's pull, so its button pulls
the branch ``mechbook_hub_branch`` (``_config.yml``) instead of the repository's,
which holds the notebooks: ``python -m bookkit.launch --branch`` commits it.
"""

from __future__ import annotations

from pathlib import PurePosixPath
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

from bookkit.launch import FOLDER


def launch_path(urlpath: str, pagename: str) -> str:
    """``urlpath`` with the page's source replaced by its launch notebook.

    >>> launch_path("lab/tree/book/kanes-equations.md", "book/kanes-equations")
    'lab/tree/notebooks/kanes-equations.ipynb'
    >>> launch_path("lab/tree/repo/book/intro.md", "book/intro")   # a hub's clone
    'lab/tree/repo/notebooks/intro.ipynb'
    """
    head, _, _ = urlpath.rpartition(pagename)
    return f"{head}{FOLDER}/{PurePosixPath(pagename).name}.ipynb"


def point_launch_buttons(app, pagename, templatename, context, doctree):
    hub_branch = app.config.mechbook_hub_branch
    for group in context.get("header_buttons", []):
        if group.get("label") != "launch-buttons":
            continue
        for button in group.get("buttons", []):
            url = button.get("url")
            if not url or "urlpath=" not in url:
                continue
            parts = urlsplit(url)
            hub = parts.path.endswith("/git-pull")      # nbgitpuller's link
            query = [(key, launch_path(value, pagename) if key == "urlpath"
                      else hub_branch if key == "branch" and hub and hub_branch else value)
                     for key, value in parse_qsl(parts.query)]
            button["url"] = urlunsplit(parts._replace(query=urlencode(query, safe="/")))


def setup(app):
    app.add_config_value("mechbook_hub_branch", "", "html", types=[str])
    app.connect("html-page-context", point_launch_buttons, priority=502)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
