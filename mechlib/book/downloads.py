"""Chapters as notebooks that read like the page in any Jupyter, with no extension.

sphinx-book-theme offers each chapter as ``_build/html/_sources/book/<slug>.ipynb``:
the notebook MyST-NB made of the MyST Markdown source, so its Markdown cells hold
MyST (``{figure}`` fences with paths that do not exist next to a downloaded file,
{eq}/{numref}/{cite:p} roles, admonitions, exercises, solutions, ``(label)=``
targets). The Sphinx extension ``_ext/mechbook_download.py`` rewrites that file with
this module after the theme has copied it and ``mechbook_sphinx`` has put the
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
import textwrap
from dataclasses import dataclass, field

import nbformat

from .chapters import markdown_parser, myst_extensions

#: MyST syntax extensions of the book (``parse.myst_enable_extensions`` of
#: ``_config.yml``); in a build the configured ones are used.
DEFAULT_EXTENSIONS = myst_extensions()
#: Metadata key that marks a converted notebook (the conversion runs once).
MARK = "mechbook"
#: The kernel a download names: ipykernel's own spec, as JupyterLab writes it back,
#: so that opening a download does not mark it modified.
KERNELSPEC = {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}
#: JupyterLab's cell metadata for a heading cell shown collapsed.
COLLAPSED = "jp-MarkdownHeadingCollapsed"
ADMONITIONS = {"admonition", "attention", "caution", "danger", "error", "hint",
               "important", "note", "seealso", "tip", "warning"}
SOLUTIONS = {"solution", "solution-start", "solution-end"}
#: Cell tags whose source (or output) the page hides, and the downloads fold.
HIDDEN_SOURCE = {"remove-cell", "remove-input", "hide-cell", "hide-input"}
HIDDEN_OUTPUT = {"remove-cell", "remove-output", "hide-cell", "hide-output"}


# --------------------------------------------------------------------------- resolvers


@dataclass
class StaticResolver:
    """A resolver from fixed tables, for tests and examples.

    ``xrefs`` maps (role, content) to the Markdown that replaces the role;
    ``equations`` a label to its number; ``titles`` a figure or exercise label to
    its numbered title ("Fig. 1.1", "Exercise 1.3"); ``images`` a path to an
    attachment bundle; ``bibliography`` the Markdown of the reference list.

    >>> StaticResolver(xrefs={("eq", "x"): "(2.1)"}).xref("eq", "x")
    '(2.1)'
    """

    xrefs: dict = field(default_factory=dict)
    equations: dict = field(default_factory=dict)
    titles: dict = field(default_factory=dict)
    images: dict = field(default_factory=dict)
    bibliography: str = ""

    def xref(self, role: str, content: str) -> str:
        if role == "math":
            return f"${content}$"
        return self.xrefs[(role, content)]

    def equation_number(self, label: str) -> str:
        return self.equations[label]

    def numbered_title(self, label: str) -> str:
        return self.titles[label]

    def image(self, uri: str) -> dict:
        return self.images[uri]

    def references(self) -> str:
        return self.bibliography

    def warn(self, message: str) -> None:
        raise ValueError(message)


# --------------------------------------------------------------------------- parsing


def _any_directive():
    # MyST's own stand-in directive: its options block is parsed (by MyST's option
    # tokenizer, as for any directive) but not validated against a spec.
    from myst_parser.parsers.directives import TestDirective

    class AnyDirective(TestDirective):
        """Any directive: one optional argument (with spaces), options, content."""

        optional_arguments = 1
        final_argument_whitespace = True
        has_content = True

    return AnyDirective


@dataclass
class Directive:
    """A fenced or colon directive split by MyST: name, argument, options, body."""

    name: str
    argument: str
    options: dict
    body: str

    @classmethod
    def from_token(cls, token) -> "Directive":
        """Split the directive of a ``fence``/``colon_fence`` token whose info is ``{name} ...``.

        >>> from types import SimpleNamespace as T
        >>> d = Directive.from_token(T(info="{admonition} Read me",
        ...                            content=":class: tip\\n\\nBody\\n"))
        >>> d.name, d.argument, d.options, d.body
        ('admonition', 'Read me', {'class': 'tip'}, 'Body')
        """
        from myst_parser.parsers.directives import parse_directive_text

        name, _, first_line = token.info.strip()[1:].partition("}")
        parsed = parse_directive_text(_any_directive(), first_line.strip(), token.content)
        return cls(name.strip(), " ".join(parsed.arguments), dict(parsed.options),
                   "\n".join(parsed.body).strip("\n"))


def _blocks(tokens):
    """Top-level blocks: lists of tokens from an opening token to its closing one."""
    i = 0
    while i < len(tokens):
        token = tokens[i]
        if token.nesting == 1:
            depth, j = 0, i
            while True:
                depth += tokens[j].nesting
                if depth == 0:
                    break
                j += 1
            yield tokens[i:j + 1]
            i = j + 1
        else:
            yield [token]
            i += 1


def _inline_children(block):
    return [child for token in block if token.type == "inline" for child in token.children or []]


# --------------------------------------------------------------------------- writing


@dataclass
class Piece:
    """One Markdown cell of the converted notebook."""

    lines: list = field(default_factory=list)
    attachments: dict = field(default_factory=dict)
    metadata: dict = field(default_factory=dict)

    @property
    def source(self) -> str:
        return _tidy("\n".join(self.lines))


@dataclass
class State:
    """What the conversion carries from cell to cell."""

    heading_level: int = 1            # level of the last heading seen
    exercise: dict = field(default_factory=dict)   # exercise label -> numbered title
    in_solution: bool = False


class Writer:
    """Write MyST Markdown back out as plain Jupyter Markdown, block by block."""

    def __init__(self, resolver, extensions=DEFAULT_EXTENSIONS, state: State | None = None):
        self.resolver = resolver
        self.extensions = tuple(extensions)
        self.state = state or State()

    # -- cells

    def cell(self, source: str) -> list:
        """The Markdown cells (``Piece``) that replace a Markdown cell's ``source``."""
        pieces = [Piece()]
        for kind, text in self._blocks(source, pieces[-1], quoted=False):
            if kind == "split":
                pieces.append(Piece())
            elif kind == "heading-cell":
                pieces.append(Piece([text], metadata={COLLAPSED: True}))
                pieces.append(Piece())
            else:
                pieces[-1].lines.append(text)
        return [piece for piece in pieces if piece.source]

    def markdown(self, source: str, piece: Piece | None = None, quoted: bool = False) -> str:
        """Plain Markdown for MyST Markdown ``source`` (no cell splits)."""
        piece = piece if piece is not None else Piece()
        parts = [text for kind, text in self._blocks(source, piece, quoted)
                 if kind in ("text", "heading-cell")]
        return _tidy("\n".join(parts))

    # -- blocks

    def _blocks(self, source: str, piece: Piece, quoted: bool):
        """(kind, text) for each top-level block of ``source``; the lines between
        blocks (blank lines, usually) are kept as they are in the source."""
        lines = source.splitlines()
        tokens = markdown_parser(self.extensions).parse(source)
        end = 0
        for block in _blocks(tokens):
            first = block[0]
            if first.map is None:
                continue
            gap = "\n".join(lines[end:first.map[0]])
            text = "\n".join(lines[first.map[0]:first.map[1]])
            end = first.map[1]
            kind = first.type
            if kind in ("myst_target", "myst_line_comment", "front_matter"):
                yield "text", gap
            elif kind in ("math_block", "math_block_label"):
                yield "text", gap + "\n" + self._math(first.content, self._number(first), quoted)
            elif kind in ("fence", "colon_fence") and first.info.strip().startswith("{"):
                yield "text", gap
                for kind, out in self._directive(Directive.from_token(first), piece, quoted):
                    # a blank line on either side: a block of its own
                    yield kind, f"\n{out}\n" if kind == "text" else out
            else:
                if kind == "heading_open":
                    self.state.heading_level = int(first.tag[1:])
                yield "text", gap + "\n" + self._container(text, first.map[0], block, piece)

    def _container(self, text: str, offset: int, block, piece: Piece) -> str:
        """A paragraph, list, quote, table ...: labelled math nested in it (a list
        item's equation) is rewritten in place, then every role and image."""
        lines = text.split("\n")
        for token in reversed([t for t in block[1:] if t.map and t.type in
                               ("math_block", "math_block_label")]):
            first, last = token.map[0] - offset, token.map[1] - offset
            prefix = lines[first][:lines[first].index("$$")]
            indent = "".join(c if c in "> " else " " for c in prefix)
            math = self._math(textwrap.dedent(token.content), self._number(token),
                              prefix.strip().startswith(">"))
            lines[first:last] = [(prefix if i == 0 else indent) + line
                                 for i, line in enumerate(math.splitlines())]
        return self._inline("\n".join(lines), _inline_children(block), piece)

    def _number(self, token) -> str | None:
        """The book's number of a labelled display equation; None if unlabelled."""
        if token.type != "math_block_label":
            return None
        return self.resolver.equation_number(token.info)

    @staticmethod
    def _math(content: str, number: str | None, quoted: bool) -> str:
        """A display equation as a starred ``equation*`` (see the module's notes)."""
        body = content.strip("\n")
        if not body.strip():
            return ""
        if number:
            body += f"\n\\tag{{{number}}}"
        if quoted:      # one line: a blockquote's "> " must not enter the TeX
            body = " ".join(line.strip() for line in body.splitlines())
            return f"\\begin{{equation*}} {body} \\end{{equation*}}"
        return f"\\begin{{equation*}}\n{body}\n\\end{{equation*}}"

    def _inline(self, text: str, children, piece: Piece) -> str:
        """``text`` with each role and local image the parser found in it rewritten."""
        out, cursor = [], 0
        for child in children:
            if child.type == "code_inline":
                found = text.find(child.content, cursor)
                if found >= 0:
                    out.append(text[cursor:found + len(child.content)])
                    cursor = found + len(child.content)
            elif child.type == "myst_role":
                name = child.meta["name"]
                start = text.find("{%s}`" % name, cursor)
                if start < 0:
                    continue
                ticks_at = start + len(name) + 2
                ticks = len(text[ticks_at:]) - len(text[ticks_at:].lstrip("`"))
                end = text.find("`" * ticks, ticks_at + ticks)
                out.append(text[cursor:start])
                out.append(self.resolver.xref(name, child.content))
                cursor = end + ticks
            elif child.type == "image":
                src = child.attrs.get("src", "")
                if src.startswith(("http:", "https:", "data:", "attachment:")):
                    continue
                found = text.find(src, cursor)
                if found >= 0:
                    out.append(text[cursor:found])
                    out.append(self._attach(src, piece))
                    cursor = found + len(src)
        out.append(text[cursor:])
        return "".join(out)

    def _attach(self, uri: str, piece: Piece) -> str:
        name, bundle = self.resolver.image(uri)
        piece.attachments[name] = bundle
        return f"attachment:{name}"

    # -- directives

    def _directive(self, directive: Directive, piece: Piece, quoted: bool):
        name = directive.name
        if name == "figure":
            yield "text", self._figure(directive, piece)
        elif name in ADMONITIONS:
            title = directive.argument if name == "admonition" else name.capitalize()
            body = self.markdown(directive.body, piece, quoted=True)
            yield "text", _blockquote(f"**{self.markdown(title, piece)}**\n\n{body}")
        elif name == "exercise":
            label = directive.options.get("label", "")
            title = self.resolver.numbered_title(label) if label else "Exercise"
            self.state.exercise[label] = title
            if directive.argument:
                title += f" ({self.markdown(directive.argument, piece)})"
            level = min(self.state.heading_level + 1, 6)
            yield "text", "#" * level + " " + title + "\n\n" + self.markdown(directive.body, piece)
        elif name == "solution":
            # A collapsed heading cell, the body in a cell of its own: no <details>,
            # whose Markdown (math above all) jupyterlab-myst would leave raw.
            level = min(self.state.heading_level + 1, 6)
            yield "heading-cell", "#" * level + " " + self._solution_title(directive.argument)
            yield "text", self.markdown(directive.body, piece)
            yield "split", ""
        elif name == "solution-start":
            # The solution spans cells, code cells among them: a heading cell that
            # JupyterLab shows collapsed hides them all, up to the next heading.
            level = min(self.state.heading_level + 1, 6)
            yield "heading-cell", "#" * level + " " + self._solution_title(directive.argument)
        elif name == "solution-end":
            yield "split", ""
        elif name == "bibliography":
            yield "text", self.resolver.references()
        else:
            self.resolver.warn(f"no plain-Markdown form for the directive {{{name}}}: "
                               "its body is kept as a blockquote")
            yield "text", _blockquote(f"**{name}**\n\n" + self.markdown(directive.body, piece))

    def _solution_title(self, label: str) -> str:
        exercise = self.state.exercise.get(label.strip())
        return f"Solution to {exercise}" if exercise else "Solution"

    def _figure(self, directive: Directive, piece: Piece) -> str:
        alt = directive.options.get("alt", "").replace("[", "\\[").replace("]", "\\]")
        image = f"![{alt}]({self._attach(directive.argument, piece)})"
        label = directive.options.get("name")
        caption = self.markdown(directive.body, piece) if directive.body else ""
        number = self.resolver.numbered_title(label) if label else ""
        if number:
            caption = f"**{number}:** {caption}" if caption else f"**{number}**"
        return image + ("\n\n" + caption if caption else "")


def _tidy(text: str) -> str:
    """No blank lines at either end, and never more than one in a row."""
    out = []
    for line in text.strip("\n").split("\n"):
        if line.strip() or (out and out[-1].strip()):
            out.append(line if line.strip() else "")
    return "\n".join(out).strip("\n")


def _blockquote(text: str) -> str:
    return "\n".join(f"> {line}".rstrip() for line in text.splitlines())


def convert_markdown(source: str, resolver, extensions=DEFAULT_EXTENSIONS) -> str:
    """Plain Markdown for one MyST Markdown text (examples and tests)."""
    return "\n\n".join(piece.source for piece in Writer(resolver, extensions).cell(source))


#: The environment variable that points a download's install cell at another
#: copy of the wheel (a mirror, an offline copy of the site, the tests).
WHEEL_VARIABLE = "MECHBOOK_WHEEL"


def install_cell(wheel_url):
    """The first code cell of every download: installs mechlib from the
    book's own site when the notebook runs where mechlib is missing (a
    notebook downloaded on its own), and does nothing in the book's
    repository, on Binder or on a course hub.

    >>> print(install_cell("https://example.org/book/_static/mechlib.whl").source)
    # mechlib, the book's helper package: installed from the book's site if this
    # notebook runs where it is missing (downloaded on its own); else nothing.
    import importlib.util, os
    MECHLIB_WHEEL = os.environ.get("MECHBOOK_WHEEL",
                                   "https://example.org/book/_static/mechlib.whl")
    if importlib.util.find_spec("mechlib") is None:
        %pip install --quiet {MECHLIB_WHEEL}
    """
    source = "\n".join([
        "# mechlib, the book's helper package: installed from the book's site if this",
        "# notebook runs where it is missing (downloaded on its own); else nothing.",
        "import importlib.util, os",
        f'MECHLIB_WHEEL = os.environ.get("{WHEEL_VARIABLE}",',
        f'                               "{wheel_url}")',
        'if importlib.util.find_spec("mechlib") is None:',
        "    %pip install --quiet {MECHLIB_WHEEL}"])
    cell = nbformat.v4.new_code_cell(source, id="install-mechlib")
    cell.metadata["tags"] = ["install"]
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


def convert_notebook(notebook, resolver, extensions=DEFAULT_EXTENSIONS, wheel_url=None):
    """Return a copy of ``notebook`` whose Markdown cells are plain Jupyter Markdown.

    Code and raw cells are kept unchanged and in place; a Markdown cell may become
    several (a collapsed solution heading gets a cell of its own); the chapter's
    reference list is appended as a last Markdown cell. With ``wheel_url`` the
    :func:`install_cell` comes before the first code cell. A notebook that is
    already converted is returned unchanged.
    """
    notebook = copy.deepcopy(notebook)
    if notebook.metadata.get(MARK, {}).get("converted"):
        return notebook
    writer = Writer(resolver, extensions)
    cells = []
    for cell in notebook.cells:
        if cell.cell_type != "markdown":
            cells.append(fold_hidden(cell))
            continue
        for number, piece in enumerate(writer.cell(cell.source)):
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
        cells.insert(first, install_cell(wheel_url))
    notebook.cells = content_ids(cells)
    notebook.metadata[MARK] = {"converted": True}
    # what JupyterLab would rewrite on opening: the kernel's display name, and the
    # jupytext header of the MyST source (meaningless in an .ipynb)
    notebook.metadata["kernelspec"] = dict(KERNELSPEC)
    notebook.metadata.pop("jupytext", None)
    return notebook
