"""The book's chapters as the tooling reads them.

A chapter is a MyST Markdown notebook, ``book/<slug>.md``, read with jupytext;
its Markdown cells are parsed with MyST's own parser configured with the
book's syntax extensions (``parse.myst_enable_extensions`` of ``_config.yml``,
the one place they are listed). This module knows the conventions every
tool shares (the student edition, the autograder, the stored checks, the
downloads):

- a worked solution is a ``{solution}`` directive, everything from a
  ``{solution-start}`` fence to the end of its ``{solution-end}`` fence
  (prose, Markdown cells and code cells), and every code cell tagged
  ``solution`` (the hidden checks after a solution): :func:`strip_markdown`,
  :func:`solution_cells`;
- an answer cell is a code cell tagged ``answer`` that assigns ``...`` and
  ends with ``ml.check("<name>", <variable>)``: :func:`chapter_checks`.

Examples
--------
>>> text = "A.\\n\\n```{solution-start} ex-a\\n```\\n\\nWorked.\\n"
>>> strip_markdown(text, False)
('A.', True)
>>> strip_markdown("Worked on.\\n\\n```{solution-end}\\n```\\n\\nB.\\n", True)
('B.', False)
"""

from __future__ import annotations

import functools
import re
from pathlib import Path

from mechlib.errors import ArgumentTypeError, ParameterError

__all__ = ["REPOSITORY", "SOLUTION_TAG", "myst_extensions", "markdown_parser",
           "directive_name", "strip_markdown", "solution_cells",
           "read_chapter", "chapter_path", "chapter_checks", "chapters_with_checks",
           "SOURCE_NOTE", "SOURCE_NOTE_TAG"]

#: The book's repository. bookkit is never installed: it sits at the top of the
#: repository, beside book/ and _ext/, and runs from there (readers install
#: only mechlib, whose wheel holds none of this tooling).
REPOSITORY = Path(__file__).resolve().parent.parent
#: The tag of a code cell that belongs to a worked solution.
SOLUTION_TAG = "solution"
#: The tag of the note that opens every chapter's source (``book/<slug>.md``):
#: shown only where the source itself is opened as a notebook (JupyterLab with
#: jupytext, Binder's file browser); tagged ``remove-cell`` as well, so that the
#: page leaves it out, and the downloads drop it (``bookkit.downloads``).
SOURCE_NOTE_TAG = "source-note"
#: That note's text, the same in every chapter (``tests/test_source_note.py``).
SOURCE_NOTE = """\
:::{important} You have opened the source of this chapter
This file is the chapter as its authors write it. Opened as a notebook it runs,
but it does not read like the book: equations, figures and exercises are numbered
within this chapter alone, references to other chapters show as their labels, and
the worked solutions are open. To work through the chapter as the book presents
it, open the notebook its page offers: ".ipynb" in the download menu at the top
of the page, or the launch menu beside it (Binder, or your course's hub). The
book's pages leave this note out.
:::"""


@functools.cache
def myst_extensions(config=None):
    """The MyST syntax extensions of the book, from ``_config.yml``.

    >>> "dollarmath" in myst_extensions()
    True
    """
    import yaml

    path = Path(config) if config else REPOSITORY / "_config.yml"
    settings = yaml.safe_load(path.read_text(encoding="utf-8"))
    return tuple(settings["parse"]["myst_enable_extensions"])


@functools.cache
def markdown_parser(extensions=None):
    """MyST's own markdown-it parser with the book's syntax extensions
    (``extensions``, a tuple, or those of ``_config.yml``)."""
    from markdown_it.renderer import RendererHTML
    from myst_parser.config.main import MdParserConfig
    from myst_parser.parsers.mdit import create_md_parser

    extensions = myst_extensions() if extensions is None else extensions
    return create_md_parser(MdParserConfig(enable_extensions=set(extensions)),
                            RendererHTML)


def directive_name(token):
    """``solution``, ``solution-start``, ... for a directive fence, else None."""
    if token.type in ("fence", "colon_fence") and token.info.startswith("{"):
        return token.info[1:].split("}", 1)[0]
    return None


def strip_markdown(source, inside):
    """``source`` without its solutions, and whether a ``solution-start``
    is still open at its end.

    ``inside`` says whether the text starts inside a ``solution-start``
    solution (opened in an earlier cell). Lines are kept or dropped whole:
    a ``{solution}`` fence, and everything from a ``{solution-start}``
    fence to the end of its ``{solution-end}`` fence, are dropped.
    """
    lines = source.splitlines(keepends=True)
    drop = [inside] * len(lines)
    state = gap = inside
    position = 0
    for token in markdown_parser().parse(source):
        if token.level != 0 or token.map is None or token.nesting == -1:
            continue
        start, end = token.map
        for i in range(position, start):      # blank lines after a block
            drop[i] = gap
        name = directive_name(token)
        if name == "solution-start":
            state = True
        gap = state or name == "solution"
        for i in range(start, end):
            drop[i] = gap
        if name == "solution-end":
            state = False
        position = end
    for i in range(position, len(lines)):
        drop[i] = gap
    if not any(drop):
        return source, state
    kept = "".join(line for line, gone in zip(lines, drop, strict=True) if not gone)
    return kept.strip("\n"), state


def solution_cells(notebook):
    """Indices of the code cells that belong to a worked solution: tagged
    ``solution``, or between ``solution-start`` and ``solution-end``.

    >>> import nbformat
    >>> nb = nbformat.v4.new_notebook(cells=[
    ...     nbformat.v4.new_markdown_cell("```{solution-start} ex-a\\n```"),
    ...     nbformat.v4.new_code_cell("x = 1"),
    ...     nbformat.v4.new_markdown_cell("```{solution-end}\\n```"),
    ...     nbformat.v4.new_code_cell("x", metadata={"tags": ["solution"]}),
    ...     nbformat.v4.new_code_cell("y = ...")])
    >>> sorted(solution_cells(nb))
    [1, 3]
    """
    found, inside = set(), False
    for index, cell in enumerate(notebook.cells):
        if cell.cell_type == "markdown":
            _, inside = strip_markdown(cell.source, inside)
        elif inside or SOLUTION_TAG in cell.metadata.get("tags", []):
            found.add(index)
    return found


def worked_cells(notebook, items, solution):
    """The worked solution's code cells of an exercise (its checks
    ``items``, :func:`notebook_checks`): the solution cells after its first
    answer cell, up to the last that asserts one of its checks. A worked
    cell that shows an error (tagged raises-exception) is left out: the
    solution's code is what runs. A chapter without its worked solutions
    (the student edition's) has none."""
    last = max((i for item in items for i in item["solution_cells"]), default=-1)
    return [i for i in sorted(solution) if items[0]["answer_cell"] < i <= last
            and "raises-exception" not in notebook.cells[i].metadata.get("tags", [])]


def read_chapter(path, what="read_chapter"):
    """The chapter at ``path`` as a notebook (jupytext)."""
    import jupytext

    return jupytext.read(chapter_path(path, what))


_ANSWER_CALL = re.compile(r'^ml\.check\("([^"]+)", (\w+)\)\s*$', re.M)
_SOLUTION_CALL = re.compile(r'^assert ml\.check\("([^"]+)", (\w+)\)\s*$', re.M)
_LABEL = re.compile(r"^:label:\s*(ex-\S+)", re.M)


def chapter_checks(path):
    """The checked exercises of a chapter, read from its cells.

    An answer cell is a code cell tagged ``answer`` that assigns ``...`` to
    a variable and ends with ``ml.check("<name>", <variable>)``; a worked
    solution's cell (tagged ``solution``) asserts
    ``assert ml.check("<name>", <variable>)``.

    Parameters
    ----------
    path : str or Path
        A chapter, ``book/<slug>.md``.

    Returns
    -------
    list of dict
        One per answer cell, in chapter order: ``name``, ``variable``,
        ``exercise`` (the label of the exercise above it), ``answer_cell``
        (its index among the notebook's cells) and ``solution_cells`` (the
        indices of the ``solution`` cells that assert the check).

    Examples
    --------
    >>> book = REPOSITORY / "book"
    >>> found = chapter_checks(book / "partial-velocities.md")
    >>> found[0]["name"], found[0]["variable"], found[0]["exercise"]
    ('pv-other-speeds-q1-dot', 'q1_dot', 'ex-pv-other-speeds')
    """
    return notebook_checks(read_chapter(path, "chapter_checks"))


def notebook_checks(notebook):
    """:func:`chapter_checks` of a chapter read as a notebook."""
    found, label = [], None
    asserted = {}
    for index, cell in enumerate(notebook.cells):
        tags = cell.metadata.get("tags", [])
        if cell.cell_type == "markdown":
            labels = _LABEL.findall(cell.source)
            label = labels[-1] if labels else label
            continue
        if "solution" in tags:
            for name, variable in _SOLUTION_CALL.findall(cell.source):
                asserted.setdefault(name, []).append((index, variable))
        if "answer" in tags:
            for name, variable in _ANSWER_CALL.findall(cell.source):
                found.append(dict(name=name, variable=variable,
                                  exercise=label, answer_cell=index))
    for item in found:
        item["solution_cells"] = [i for i, variable
                                  in asserted.get(item["name"], [])
                                  if variable == item["variable"]]
    return found


def chapter_path(chapter, what):
    if not isinstance(chapter, (str, Path)):
        raise ArgumentTypeError(
            f"{what}: a chapter is a path such as 'book/partial-velocities.md',"
            f" got {type(chapter).__name__} {chapter!r:.40}")
    path = Path(chapter)
    if not path.is_file():
        raise ParameterError(
            f"{what}: no chapter {chapter} (give the path of a chapter, "
            "e.g. book/partial-velocities.md)")
    return path


def chapters_with_checks(book=None):
    """The chapters of ``book`` (default: the repository's ``book/``) that
    have checked exercises, in name order.

    >>> [p.stem for p in chapters_with_checks()][:1]
    ['closed-loops']
    """
    book = Path(book) if book else REPOSITORY / "book"
    return [p for p in sorted(book.glob("*.md"))
            if "ml.check(" in p.read_text(encoding="utf-8") and chapter_checks(p)]
