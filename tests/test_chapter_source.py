"""Chapter sources that render as the author meant: checks on the MyST text itself.

The browser tests (tests/site/test_reading.py) find what a reader sees; these
find its causes in the source, with the line to fix, before anything is built.
"""

from __future__ import annotations

import ast
import re

import jupytext
import pytest

from tests.references import is_notebook, toc_files

CHAPTERS = [path for path in toc_files() if is_notebook(path)]
# The code column of a page at 1280 px holds 77 characters of code; a shown
# code cell keeps within it (and so within the width of a printed page).
SHOWN_CODE_WIDTH = 76
# A code cell whose input is folded (hide-input) holds 75 characters; one in a
# solution's dropdown 74.
FOLDED_CODE_WIDTH = 75
SOLUTION_CODE_WIDTH = 74
# Hidden cells are not on the page but are in the downloaded notebook.
HIDDEN_CODE_WIDTH = 99
LIST_MARKER = re.compile(r"\s*([-+*]|\d+[.)])\s")
DOLLAR = re.compile(r"(?<!\\)\$")
# Axes methods that draw a curve.
CURVE_METHODS = {"plot", "semilogy", "semilogx", "loglog", "step"}


def lines_breaking_inline_math(text: str):
    """Yield (line number, line) where a line inside ``$...$`` starts like a list item.

    Markdown reads such a line as a new list item, which ends the paragraph
    and leaves the math untypeset: wrap before another term instead.

    >>> list(lines_breaking_inline_math("so $a\\n+ b$ holds"))
    [(2, '+ b$ holds')]
    >>> list(lines_breaking_inline_math("so $a +\\nb$ holds"))
    []
    """
    inside = in_code = False
    for number, line in enumerate(text.splitlines(), 1):
        stripped = line.strip()
        if stripped.startswith(("```", ":::")):
            # Directives ({exercise}, {solution}, {note}, a figure's caption)
            # hold Markdown and are read; code fences are skipped.
            opens_code = (stripped.startswith("```{code-cell}")
                          or (stripped != "```" and not stripped.startswith(("```{", ":::"))))
            in_code = (not in_code and opens_code)
            inside = False
            continue
        if in_code or not stripped or stripped.startswith("$$"):
            inside = False
            continue
        if inside and LIST_MARKER.match(line):
            yield number, line
        if len(DOLLAR.findall(line.replace("$$", ""))) % 2:
            inside = not inside


@pytest.mark.parametrize("chapter", toc_files(), ids=lambda p: p.stem)
def test_inline_math_is_not_broken_by_a_wrapped_line(chapter):
    broken = list(lines_breaking_inline_math(chapter.read_text(encoding="utf-8")))
    assert not broken, (
        f"{chapter.name}: a line inside $...$ starts like a list item, so Markdown "
        "ends the math there; move the operator to the end of the line before:\n"
        + "\n".join(f"  line {n}: {line}" for n, line in broken))


@pytest.mark.parametrize("chapter", CHAPTERS, ids=lambda p: p.stem)
def test_code_fits_the_column(chapter):
    notebook = jupytext.read(chapter)
    long_lines = []
    for cell in notebook.cells:
        if cell.cell_type != "code":
            continue
        tags = cell.metadata.get("tags", [])
        if "remove-cell" in tags:
            width = HIDDEN_CODE_WIDTH
        elif "solution" in tags:
            width = SOLUTION_CODE_WIDTH
        elif "hide-input" in tags:
            width = FOLDED_CODE_WIDTH
        else:
            width = SHOWN_CODE_WIDTH
        long_lines += [f"  {len(line)} > {width}: {line.strip()[:70]}"
                       for line in cell.source.splitlines() if len(line) > width]
    assert not long_lines, (
        f"{chapter.name}: {len(long_lines)} code lines are wider than the code column "
        f"({SHOWN_CODE_WIDTH} characters shown, {FOLDED_CODE_WIDTH} folded, "
        f"{SOLUTION_CODE_WIDTH} in a solution, {HIDDEN_CODE_WIDTH} hidden):\n"
        + "\n".join(long_lines[:20]))


def curves_told_apart_by_colour_alone(source: str):
    """Yield the source lines of a cell's labelled curves that differ by colour alone.

    A curve with a legend label must differ from the others in more than
    colour: it sets ``linestyle`` (or ``ls``) or ``marker``, takes them from
    ``**drawing.series(i)`` (any ``**`` mapping), or has a format argument
    such as ``'k--'``. One curve of a cell may keep the default solid line;
    a second, or one drawn in a loop, is reported.

    >>> list(curves_told_apart_by_colour_alone(
    ...     "ax.plot(t, x, label='x')\\nax.plot(t, y, label='y')"))
    ["ax.plot(t, x, label='x')", "ax.plot(t, y, label='y')"]
    >>> list(curves_told_apart_by_colour_alone(
    ...     "for k in K:\\n    ax.plot(t, k*t, label=str(k))"))
    ['ax.plot(t, k*t, label=str(k))']
    >>> list(curves_told_apart_by_colour_alone(
    ...     "ax.plot(t, v, color='k', label='v')\\n"
    ...     "ax.plot(t, x, label='x', **drawing.series(1))\\n"
    ...     "ax.plot(t, y, fmt, label='y')\\n"
    ...     "ax.semilogy(t, z, linestyle=':', label='z')\\n"
    ...     "ax.plot(t, w, color='k')"))
    []
    """
    try:
        tree = ast.parse(source)
    except SyntaxError:             # IPython magics: not a plot cell
        return
    in_loop = {id(node) for loop in ast.walk(tree) if isinstance(loop, (ast.For, ast.While))
               for node in ast.walk(loop)}
    lines = source.splitlines()
    plain = []
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                and node.func.attr in CURVE_METHODS):
            continue
        keywords = {k.arg for k in node.keywords}
        styled = keywords & {"linestyle", "ls", "marker", None} or len(node.args) >= 3
        if "label" in keywords and not styled:
            plain += [node] * (2 if id(node) in in_loop else 1)
    if len(plain) > 1:
        yield from dict.fromkeys(lines[node.lineno - 1].strip() for node in plain)


@pytest.mark.parametrize("chapter", CHAPTERS, ids=lambda p: p.stem)
def test_labelled_curves_differ_in_more_than_colour(chapter):
    """Readers who do not tell the colours apart tell the curves apart (issue 13)."""
    notebook = jupytext.read(chapter)
    found = [line for cell in notebook.cells if cell.cell_type == "code"
             for line in curves_told_apart_by_colour_alone(cell.source)]
    assert not found, (
        f"{chapter.name}: labelled curves told apart by colour alone; pass "
        "**drawing.series(i) or a linestyle:\n" + "\n".join(f"  {line}" for line in found))


@pytest.mark.parametrize("chapter", CHAPTERS, ids=lambda p: p.stem)
def test_opened_and_saved_in_jupyter_a_chapter_is_unchanged(chapter):
    """JupyterLab opens and saves a chapter through jupytext, configured by
    jupytext.toml: the saved text must be the very text (no version stamp,
    no blank line dropped, no metadata rewrapped), or a reader's clone turns
    dirty on autosave."""
    from jupytext.config import find_jupytext_configuration_file, load_jupytext_configuration_file

    config = load_jupytext_configuration_file(find_jupytext_configuration_file(str(chapter.parent)))
    text = chapter.read_text(encoding="utf-8")
    saved = jupytext.writes(jupytext.reads(text, fmt="md:myst", config=config),
                            fmt="md:myst", config=config)
    assert saved == text, f"{chapter.name} changes when saved from Jupyter"
