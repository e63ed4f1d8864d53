"""Sphinx extension for a build that executes nothing (the launch build).

A chapter's code cell that draws a numbered figure says so in its metadata
(``mystnb: figure: name: fig-...``), and MyST-NB makes the figure from the
cell's image output. A build that does not execute has no outputs, hence no
such figure: a ``{numref}`` to it is left unresolved ("fig-ke-rods-motion" in
the launch notebook instead of "Fig. 6.2") and every later figure of the
chapter is numbered one lower than in the book.

This extension gives each such cell, before MyST-NB renders it, a placeholder
image output, so that the figure exists and the numbers and references are the
book's. :mod:`bookkit.launch` adds it to the launch build only; the launch
notebooks leave every output out.

MyST-NB has no hook between reading a notebook and rendering it, so this wraps
the function its Sphinx parser calls there (``myst_nb.sphinx_.create_client``,
myst-nb 1.4.0 as ``requirements-book.txt`` pins it); ``setup`` checks that
version and the digest of that function's source, and stops the build on
another (CONTRIBUTING.md, "Patches of other projects' internals").
tests/site/test_launch.py checks that each launch notebook is its chapter's
download without outputs.
"""

from __future__ import annotations

import functools

import nbformat

#: The MyST-NB this was written for, and the digest of the source of the
#: function it wraps, ``myst_nb.sphinx_.create_client``.
WRITTEN_FOR = ("myst-nb", "1.4.0")
CREATE_CLIENT = "15f4c845405c0c5d61a0bd28569c4d51"

#: A 1 x 1 transparent PNG.
PLACEHOLDER_PNG = ("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk"
                   "YPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==")


def makes_a_figure(cell) -> bool:
    """True for a code cell whose metadata names the figure of its output.

    >>> cell = nbformat.v4.new_code_cell(
    ...     "plot()", metadata={"mystnb": {"figure": {"name": "fig-a"}}})
    >>> makes_a_figure(cell), makes_a_figure(nbformat.v4.new_code_cell("x = 1"))
    (True, False)
    """
    figure = cell.get("metadata", {}).get("mystnb", {}).get("figure", {})
    return cell.get("cell_type") == "code" and bool(figure.get("name"))


def with_placeholder_figures(notebook):
    """``notebook`` with a placeholder image output in each figure cell that
    has no output."""
    for cell in notebook.cells:
        if makes_a_figure(cell) and not cell.get("outputs"):
            cell["outputs"] = [nbformat.v4.new_output(
                "display_data", data={"image/png": PLACEHOLDER_PNG, "text/plain": "figure"})]
    return notebook


def setup(app):
    from myst_nb import sphinx_ as parser

    from mechlib.book.patched import require_version

    create_client = parser.create_client
    require_version(*WRITTEN_FOR, "_ext/mechbook_unexecuted_figures.py",
                    getattr(create_client, "__wrapped__", create_client), CREATE_CLIENT)
    if not getattr(create_client, "mechbook_placeholders", False):
        @functools.wraps(create_client)
        def create_client_with_figures(notebook, *args, **kwargs):
            return create_client(with_placeholder_figures(notebook), *args, **kwargs)

        create_client_with_figures.mechbook_placeholders = True
        parser.create_client = create_client_with_figures
    return {"parallel_read_safe": True, "parallel_write_safe": True}
