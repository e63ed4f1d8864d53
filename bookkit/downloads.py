"""Chapters as notebooks that read like the page in any Jupyter, with no extension.

sphinx-book-theme offers each chapter as ``_build/html/_sources/book/<slug>.ipynb``:
the notebook MyST-NB made of the MyST Markdown source, so its Markdown cells hold
MyST (``{figure}`` fences with paths that do not exist next to a downloaded file,
{eq}/{numref}/{cite:p} roles, admonitions, exercises, solutions, ``(label)=``
targets). The Sphinx extension ``_ext/mechbook_download.py`` rewrites that file with
this module after the theme has copied it and ``mechbook_outputs`` has put the
outputs back:

* figures become cell attachments (``![alt](attachment:name.png)``, a PNG drawn
  by the figure's own script ``figures/<name>.py``, and the SVG beside it in the
  same bundle: JupyterLab shows no SVG attachment) with "Fig. 2.1: caption";
* every role is resolved by Sphinx itself (the domains' ``resolve_xref`` through
  the registered post-transforms, as on the page): equation, figure, section and
  exercise numbers, chapter titles, citations ("Kane and Levinson 1985, p. 45");
  a reference into another chapter becomes a link into the published book;
* display equations become ``\\begin{equation*}`` blocks, a labelled one with
  its number as ``\\tag{2.3}``: plain Jupyter typesets them, and jupyterlab-myst,
  which numbers every ``$$`` block itself, leaves a starred environment
  unnumbered, so each number shows once and is the book's;
* admonitions become a blockquote with a bold title, exercises a heading
  "Exercise 2.3 (title)", and a solution, a ``{solution}`` or one written with
  ``{solution-start}``/``{solution-end}`` (which holds code cells), a
  heading cell "Solution to Exercise 2.3" that JupyterLab opens collapsed
  (cell metadata ``jp-MarkdownHeadingCollapsed``), hiding the solution's
  Markdown *and* code cells until the next heading;
* the chapter's references are appended as a last Markdown cell.

Code cells and their outputs are left exactly as they are; what the page hides
stays folded: a cell tagged ``remove-cell``, ``remove-input``, ``hide-cell`` or
``hide-input`` (the hidden checks, plotting code) opens with its source collapsed
(``jupyter.source_hidden``), one tagged ``remove-output`` or ``hide-output`` with
its output collapsed; a click unfolds either, and the cells still run.

The conversion is parser-driven: markdown-it-py with MyST's plugins
(``myst_parser.parsers.mdit.create_md_parser``) splits each cell into blocks,
MyST's ``parse_directive_text`` splits directives into argument, options and body,
and each block is written back out as Markdown. Everything Sphinx knows comes
through a *resolver* (:class:`SphinxResolver` in a build; any object with the
same methods in tests, e.g. :class:`StaticResolver`):

>>> resolver = StaticResolver(xrefs={("eq", "eq-a"): "(1.1)"}, equations={"eq-a": "1.1"})
>>> print(convert_markdown("By {eq}`eq-a`,\\n\\n$$\\nx = 1\\n$$ (eq-a)", resolver))
By (1.1),
<BLANKLINE>
\\begin{equation*}
x = 1
\\tag{1.1}
\\end{equation*}

"""

from __future__ import annotations

import collections
import copy
import hashlib
import re
from pathlib import Path

import nbformat

# the Markdown cells' conversion (StaticResolver and convert_markdown serve
# this module's examples and the tests)
from .markdown_writer import COLLAPSED, DEFAULT_EXTENSIONS, StaticResolver, Writer, convert_markdown  # noqa: F401

#: Metadata key that marks a converted notebook (the conversion runs once).
MARK = "mechbook"
#: The kernel a download names: ipykernel's own spec, as JupyterLab writes it back,
#: so that opening a download does not mark it modified.
KERNELSPEC = {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}
#: Cell tags whose source (or output) the page hides, and the downloads fold.
HIDDEN_SOURCE = {"remove-cell", "remove-input", "hide-cell", "hide-input"}
HIDDEN_OUTPUT = {"remove-cell", "remove-output", "hide-cell", "hide-output"}


#: The environment variable that points a download's install cell at another
#: copy of the wheel (a mirror, an offline copy of the site, the tests).
WHEEL_VARIABLE = "MECHBOOK_WHEEL"


#: The first code cell of every download, as a function (``@WHEEL_URL@``,
#: ``@VERSION@`` and ``@BINDER@`` are filled in by :func:`install_cell`). It
#: runs in the reader's kernel from its source alone, so its helpers are
#: nested in it (ruff's McCabe counts them together), leaving one name to delete.
INSTALL_TEMPLATE = Path(__file__).with_name("install_mechlib.py")


def install_cell(wheel_url, binder_url=None):
    """The first code cell of every download (``bookkit/install_mechlib.py``,
    then its call): installs the mechlib its page was built with
    (``mechlib.__version__``) from the book's own site when the notebook runs
    where mechlib is missing or another version is installed, and does
    nothing in the book's repository, on Binder or on a course hub.

    Before it installs, pip's dry run says what would be installed: when a
    package the reader has would change version, the cell changes nothing and
    names each package with its current and needed version and the ways out;
    Python older than 3.11 is named as such. When the install fails (offline,
    or a copy of the book hosted where the wheel is not), the cell raises one
    exception whose whole message (no traceback: IPython shows what
    ``_render_traceback_`` returns) names mechlib, where it tried, pip's reason
    (colour codes stripped) and the ways out: ``pip install`` the wheel, or the
    chapter on Binder (``binder_url``, the page's own Binder button). Raising
    stops Run All there. pip runs as a subprocess, not ``%pip``, and tries
    once more on a network error (``--retries 1``), not five times. The cell's
    source is folded in JupyterLab.

    >>> cell = install_cell("https://example.org/book/_static/mechlib.whl",
    ...                     "https://mybinder.org/v2/gh/a/b/main?urlpath=lab")
    >>> print(cell.source.splitlines()[0])
    # mechlib, the book's helper package: this notebook was written with mechlib
    >>> '"https://example.org/book/_static/mechlib.whl"' in cell.source, "@" in cell.source
    (True, False)
    """
    import mechlib

    source = (INSTALL_TEMPLATE.read_text(encoding="utf-8")
              .replace("@WHEEL_URL@", wheel_url).replace("@VERSION@", mechlib.__version__)
              .replace("@BINDER@", binder_url or "")).rstrip("\n")
    source += "\n\n\n_install_mechlib()\ndel _install_mechlib"
    cell = nbformat.v4.new_code_cell(source, id="install-mechlib")
    cell.metadata["tags"] = ["install"]
    cell.metadata["jupyter"] = {"source_hidden": True}
    return cell


def fold_hidden(cell):
    """``cell`` with its source and outputs folded where the page hides them.

    >>> cell = nbformat.v4.new_code_cell("assert 1 + 1 == 2")
    >>> cell.metadata["tags"] = ["remove-cell"]
    >>> folded = fold_hidden(cell).metadata
    >>> dict(folded["jupyter"]), folded["collapsed"]
    ({'source_hidden': True, 'outputs_hidden': True}, True)
    """
    tags = set(cell.metadata.get("tags", []))
    folds = {"source_hidden": bool(tags & HIDDEN_SOURCE),
             "outputs_hidden": bool(tags & HIDDEN_OUTPUT)}
    if any(folds.values()):
        jupyter = cell.metadata.setdefault("jupyter", {})
        jupyter.update({key: True for key, fold in folds.items() if fold})
        if folds["outputs_hidden"]:
            cell.metadata["collapsed"] = True   # JupyterLab writes it beside outputs_hidden
    return cell


#: Cells whose id the converter chose for what they are, not their content.
NAMED_CELLS = ("install-mechlib", "references")


def content_ids(cells):
    """``cells`` with ids made from their type and source (a repeated cell gets
    ``-2``, ``-3``, ...): the same chapter converts to the same notebook, and an
    edit changes only the ids of the cells it edits, so that git (and nbgitpuller,
    which merges a new edition into a student's copy) sees only what changed. The
    ids of :data:`NAMED_CELLS` stay.

    >>> cells = [nbformat.v4.new_code_cell("x = 1"), nbformat.v4.new_code_cell("x = 1"),
    ...          nbformat.v4.new_markdown_cell("x = 1")]
    >>> [cell.id for cell in content_ids(cells)]
    ['591a31cd', '591a31cd-2', '178e5a17']
    """
    seen = collections.Counter()
    for cell in cells:
        if cell.get("id") in NAMED_CELLS:
            continue
        digest = hashlib.sha256(f"{cell.cell_type}\0{cell.source}".encode()).hexdigest()[:8]
        seen[digest] += 1
        cell.id = digest if seen[digest] == 1 else f"{digest}-{seen[digest]}"
    return cells


#: What :func:`mechlib.book.display.animation_html` writes: the player's
#: frame interval and its frames (palette PNGs as data URIs).
_PLAYER = re.compile(r"new Animation\(frames, img_id, slider_id, (\d+(?:\.\d+)?),")
_FRAME = re.compile(r'frames\[(\d+)\] = "data:image/png;base64,([A-Za-z0-9+/=]+)"')


def animation_as_image(output):
    r"""``output`` as an animated PNG when it holds the JavaScript player of
    :func:`mechlib.book.display.animation_html`, else None: the same frames
    at the same interval, looping, in an image that plays where no script
    runs (JupyterLab strips the scripts of an untrusted notebook, and a
    downloaded one is untrusted). Its text is the output's own, so that a
    download prints what the page prints.

    >>> import base64, io
    >>> from PIL import Image
    >>> def png(colour):
    ...     buffer = io.BytesIO()
    ...     Image.new("RGB", (4, 4), colour).save(buffer, format="PNG")
    ...     return base64.b64encode(buffer.getvalue()).decode()
    >>> html = ('<img id="_anim_imgdemo" alt="A dot">\n'
    ...         f'  frames[0] = "data:image/png;base64,{png("red")}"\n'
    ...         f'  frames[1] = "data:image/png;base64,{png("blue")}"\n'
    ...         '  anim = new Animation(frames, img_id, slider_id, 50, loop_select_id);')
    >>> player = nbformat.v4.new_output("display_data", {
    ...     "text/html": html, "text/plain": "<IPython.core.display.HTML object>"})
    >>> image = animation_as_image(player)
    >>> image.data["text/plain"]
    '<IPython.core.display.HTML object>'
    >>> movie = Image.open(io.BytesIO(base64.b64decode(image.data["image/png"])))
    >>> movie.n_frames, movie.info["duration"]
    (2, 50.0)
    """
    import base64
    import io

    html = output.get("data", {}).get("text/html") if output.get("output_type") in (
        "display_data", "execute_result") else None
    if isinstance(html, list):
        html = "".join(html)
    player = _PLAYER.search(html or "")
    frames = sorted((int(i), data) for i, data in _FRAME.findall(html or ""))
    if not player or not frames:
        return None
    from PIL import Image, UnidentifiedImageError

    try:
        images = [Image.open(io.BytesIO(base64.b64decode(data))).convert("RGBA")
                  for _, data in frames]
    except (ValueError, UnidentifiedImageError):     # not frames (a sanitized copy)
        return None
    buffer = io.BytesIO()
    images[0].save(buffer, format="PNG", save_all=True, append_images=images[1:],
                   duration=float(player.group(1)), loop=0)
    data = {"image/png": base64.b64encode(buffer.getvalue()).decode()}
    if "text/plain" in output["data"]:
        data["text/plain"] = output["data"]["text/plain"]
    return nbformat.v4.new_output("display_data", data)


def convert_notebook(notebook, resolver, extensions=DEFAULT_EXTENSIONS, wheel_url=None,
                     binder_url=None):
    """Return a copy of ``notebook`` whose Markdown cells are plain Jupyter Markdown.

    Code and raw cells are kept unchanged and in place; a Markdown cell tagged
    ``remove-cell`` is left out, as the page leaves it out; another may become
    several (a collapsed solution heading gets a cell of its own); the chapter's
    reference list is appended as a last Markdown cell. With ``wheel_url`` the
    :func:`install_cell` comes before the first code cell (``binder_url``: the
    chapter on Binder, which its message offers). A notebook that is
    already converted is returned unchanged.
    """
    notebook = copy.deepcopy(notebook)
    if notebook.metadata.get(MARK, {}).get("converted"):
        return notebook
    writer = Writer(resolver, extensions)
    cells = []
    for cell in notebook.cells:
        if cell.cell_type == "code":
            cell.outputs = [animation_as_image(o) or o for o in cell.outputs]
        if cell.cell_type != "markdown":
            cells.append(fold_hidden(cell))
            continue
        if "remove-cell" in cell.metadata.get("tags", []):
            continue    # prose the page leaves out (the source's note): a code
            #             cell still runs, so it stays, folded; this has no use
        for piece in writer.cell(cell.source):
            new = nbformat.v4.new_markdown_cell(piece.source)
            new.metadata = copy.deepcopy(cell.metadata)
            new.metadata.update(piece.metadata)
            if piece.attachments:
                new.attachments = piece.attachments
            cells.append(new)
    references = resolver.references()
    if references:
        cells.append(nbformat.v4.new_markdown_cell(references, id="references"))
    if wheel_url:
        first = next((i for i, c in enumerate(cells) if c.cell_type == "code"), len(cells))
        cells.insert(first, install_cell(wheel_url, binder_url))
    notebook.cells = content_ids(cells)
    notebook.metadata[MARK] = {"converted": True}
    # what JupyterLab would rewrite on opening: the kernel's display name, and the
    # jupytext header of the MyST source (meaningless in an .ipynb)
    notebook.metadata["kernelspec"] = dict(KERNELSPEC)
    notebook.metadata.pop("jupytext", None)
    return notebook
