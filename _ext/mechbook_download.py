"""Downloaded chapters that read like the page in any Jupyter, with no extension.

sphinx-book-theme offers each chapter as ``_build/html/_sources/book/<slug>.ipynb``:
the notebook MyST-NB made of the MyST Markdown source, so its Markdown cells hold
MyST (``{figure}`` fences with paths that do not exist next to a downloaded file,
{eq}/{numref}/{cite:p} roles, admonitions, exercises, solutions, ``(label)=``
targets). This extension rewrites that file after the theme has copied it and
``mechbook_sphinx`` has put the outputs back:

* figures become cell attachments (``![alt](attachment:name.png)``, a PNG drawn
  by the figure's own script ``figures/<name>.py``, and the SVG beside it in the
  same bundle: JupyterLab shows no SVG attachment) with "Fig. 2.1: caption";
* every role is resolved by Sphinx itself (the domains' ``resolve_xref`` through
  the registered post-transforms, as on the page): equation, figure, section and
  exercise numbers, chapter titles, citations ("Kane and Levinson 1985, p. 45");
  a reference into another chapter becomes a link into the published book;
* labelled equations keep their numbers as ``\\tag{2.3}``;
* admonitions become a blockquote with a bold title, exercises a heading
  "Exercise 2.3 (title)", a ``{solution}`` a ``<details>`` fold, and a solution
  written with ``{solution-start}``/``{solution-end}`` (which holds code cells) a
  heading cell "Solution to Exercise 2.3" that JupyterLab opens collapsed
  (cell metadata ``jp-MarkdownHeadingCollapsed``), hiding the solution's
  Markdown *and* code cells until the next heading;
* the chapter's references are appended as a last Markdown cell.

Code cells, their outputs and metadata are left exactly as they are.

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
$$
x = 1
\\tag{1.1}
$$

Debugging one built chapter (after a build of the book):
``python _ext/mechbook_download.py book/partial-velocities [--out file.ipynb]``.
"""

from __future__ import annotations

import base64
import copy
import functools
import importlib.util
import io
import textwrap
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urljoin

import nbformat

#: MyST syntax extensions of the book (``parse.myst_enable_extensions``); in a
#: build the configured ones are used.
DEFAULT_EXTENSIONS = ("amsmath", "colon_fence", "deflist", "dollarmath", "html_image",
                      "substitution")
#: Metadata key that marks a converted notebook (the conversion runs once).
MARK = "mechbook"
#: JupyterLab's cell metadata for a heading cell shown collapsed.
COLLAPSED = "jp-MarkdownHeadingCollapsed"
ADMONITIONS = {"admonition", "attention", "caution", "danger", "error", "hint",
               "important", "note", "seealso", "tip", "warning"}
SOLUTIONS = {"solution", "solution-start", "solution-end"}


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


@functools.lru_cache(maxsize=None)
def markdown_parser(extensions: tuple = DEFAULT_EXTENSIONS):
    """MyST's own markdown-it parser, with the book's syntax extensions."""
    from markdown_it.renderer import RendererHTML
    from myst_parser.config.main import MdParserConfig
    from myst_parser.parsers.mdit import create_md_parser

    return create_md_parser(MdParserConfig(enable_extensions=set(extensions)), RendererHTML)


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
            elif kind == "math_block_label":
                yield "text", gap + "\n" + self._math(
                    first.content, self.resolver.equation_number(first.info), quoted)
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
        for token in reversed([t for t in block[1:] if t.type == "math_block_label"
                               and t.map]):
            first, last = token.map[0] - offset, token.map[1] - offset
            prefix = lines[first][:lines[first].index("$$")]
            indent = "".join(c if c in "> " else " " for c in prefix)
            math = self._math(textwrap.dedent(token.content),
                              self.resolver.equation_number(token.info), False)
            lines[first:last] = [(prefix if i == 0 else indent) + line
                                 for i, line in enumerate(math.splitlines())]
        return self._inline("\n".join(lines), _inline_children(block), piece)

    @staticmethod
    def _math(content: str, number: str | None, quoted: bool) -> str:
        body = content.strip("\n")
        if number:
            body += f"\n\\tag{{{number}}}"
        if quoted:      # one line: a blockquote's "> " must not enter the TeX
            return "$$ " + " ".join(line.strip() for line in body.splitlines()) + " $$"
        return f"$$\n{body}\n$$"

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
            title = self._solution_title(directive.argument)
            body = self.markdown(directive.body, piece)
            yield "text", (f"<details>\n<summary>{title}</summary>\n\n{body}\n\n</details>")
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


def convert_notebook(notebook, resolver, extensions=DEFAULT_EXTENSIONS):
    """Return a copy of ``notebook`` whose Markdown cells are plain Jupyter Markdown.

    Code and raw cells are kept unchanged and in place; a Markdown cell may become
    several (a collapsed solution heading gets a cell of its own); the chapter's
    reference list is appended as a last Markdown cell. A notebook that is
    already converted is returned unchanged.
    """
    notebook = copy.deepcopy(notebook)
    if notebook.metadata.get(MARK, {}).get("converted"):
        return notebook
    writer = Writer(resolver, extensions)
    cells = []
    for cell in notebook.cells:
        if cell.cell_type != "markdown":
            cells.append(cell)
            continue
        for number, piece in enumerate(writer.cell(cell.source)):
            new = nbformat.v4.new_markdown_cell(piece.source)
            new.metadata = copy.deepcopy(cell.metadata)
            new.metadata.update(piece.metadata)
            new.id = cell.get("id", new.id) if number == 0 else f"{cell.get('id', new.id)}-{number}"
            if piece.attachments:
                new.attachments = piece.attachments
            cells.append(new)
    references = resolver.references()
    if references:
        cells.append(nbformat.v4.new_markdown_cell(references, id="references"))
    notebook.cells = cells
    notebook.metadata[MARK] = {"converted": True}
    return notebook


# --------------------------------------------------------------------------- Sphinx


ROLE_XREFS = {   # MyST role -> (domain, type) of the pending_xref Sphinx's role makes
    "eq": ("math", "eq"),
    "numref": ("std", "numref"),
    "ref": ("std", "ref"),
    "doc": ("std", "doc"),
    "cite": ("cite", "p"),
}


def github_pages_url(repository_url: str | None) -> str | None:
    """The GitHub Pages address of a GitHub repository.

    >>> github_pages_url("https://github.com/mechbook/generalized-forces")
    'https://mechbook.github.io/generalized-forces/'
    >>> github_pages_url("https://gitlab.com/a/b") is None
    True
    """
    if not repository_url or "github.com/" not in repository_url:
        return None
    owner, _, name = repository_url.split("github.com/", 1)[1].strip("/").partition("/")
    name = name.removesuffix(".git")
    if name.lower() == f"{owner.lower()}.github.io":
        return f"https://{owner.lower()}.github.io/"
    return f"https://{owner.lower()}.github.io/{name}/"


def published_base_url(config) -> str | None:
    """Where the book is published: ``html.baseurl`` of ``_config.yml`` (Sphinx's
    ``html_baseurl``) if set, else the GitHub Pages address of ``repository.url``."""
    if config.html_baseurl:
        return config.html_baseurl.rstrip("/") + "/"
    return github_pages_url((config.html_theme_options or {}).get("repository_url"))


class SphinxResolver:
    """Resolve one page's roles, numbers and figures with the data of a Sphinx build."""

    def __init__(self, app, docname: str, doctree):
        self.app, self.env, self.docname, self.doctree = app, app.env, docname, doctree
        self.base_url = published_base_url(app.config)
        self.source_dir = Path(self.env.doc2path(docname)).parent

    def warn(self, message: str) -> None:
        from sphinx.util import logging

        logging.getLogger(__name__).warning("%s: %s", self.docname, message,
                                            type="mechbook", subtype="download")

    # -- references, as Sphinx's post-transforms resolve them on the page

    @functools.lru_cache(maxsize=None)  # noqa: B019 - one resolver per page
    def _resolve(self, role: str, content: str):
        from docutils import nodes
        from sphinx import addnodes
        from sphinx.transforms import SphinxTransformer
        from sphinx.util.nodes import split_explicit_title

        domain, typ = ROLE_XREFS[role.split(":")[0]]
        if domain == "cite":
            typ = role.split(":")[1] if ":" in role else "p"
            explicit, title, target = False, content, content
        else:
            explicit, title, target = split_explicit_title(content)
        if role in ("ref", "numref"):
            target = target.lower()
        inner = nodes.literal if typ == "numref" else nodes.inline
        contnode = inner(title, title, classes=["xref", domain, f"{domain}-{typ}"])
        xref = addnodes.pending_xref(content, contnode, refdoc=self.docname, refdomain=domain,
                                     reftype=typ, reftarget=target, refexplicit=explicit,
                                     refwarn=True)
        document = nodes.document(self.doctree.settings, self.doctree.reporter)
        holder = nodes.paragraph("", "", xref)
        document += holder
        backup = dict(self.env.temp_data)
        self.env.temp_data["docname"] = self.docname
        try:
            transformer = SphinxTransformer(document)
            transformer.set_environment(self.env)
            transformer.add_transforms(self.app.registry.get_post_transforms())
            transformer.apply_transforms()
        finally:
            self.env.temp_data = backup
        references = list(holder.findall(nodes.reference))
        refuri = references[0].get("refuri") if references else None
        return holder.astext(), refuri

    def xref(self, role: str, content: str) -> str:
        if role == "math":
            return f"${content}$"
        if role.split(":")[0] not in ROLE_XREFS:
            self.warn(f"no plain-Markdown form for the role {{{role}}}: its text is kept")
            return content
        text, refuri = self._resolve(role, content)
        if role.startswith("cite") or not refuri or refuri.startswith("#"):
            return text
        if not self.base_url:
            return text
        page = urljoin(self.base_url, self.app.builder.get_target_uri(self.docname))
        return f"[{text}]({urljoin(page, refuri)})"

    def equation_number(self, label: str) -> str:
        """The number Sphinx gives the equation ``label`` (``math_numfig`` and all)."""
        from docutils.nodes import make_id

        docname, number = self.env.get_domain("math").equations[label]
        if self.app.config.math_numfig and self.app.config.numfig:
            numbers = (self.env.toc_fignumbers.get(docname, {}).get("displaymath", {})
                       .get(make_id(f"equation-{label}"), ()))
            return ".".join(map(str, numbers))
        return str(number)

    def numbered_title(self, label: str) -> str:
        """"Fig. 2.1" or "Exercise 2.3": what a ``{numref}`` to ``label`` shows."""
        return self._resolve("numref", label)[0]

    # -- figures

    def image(self, uri: str):
        return image_bundle((self.source_dir / uri).resolve())

    # -- bibliography

    def references(self) -> str:
        """The works this chapter cites, formatted as in the book's bibliography."""
        from pybtex.plugin import find_plugin

        domain = self.env.get_domain("cite")
        keys = {target.key for ref in domain.citation_refs if ref.docname == self.docname
                for target in ref.targets}
        if not keys:
            return ""
        markdown = find_plugin("pybtex.backends", "markdown")()
        entries, seen = [], set()
        for citation in domain.citations:
            if citation.key in keys and citation.key not in seen:
                seen.add(citation.key)
                text = citation.formatted_entry.text.render(markdown)
                entries.append("- " + " ".join(text.split()))
        return "## References\n\n" + "\n".join(entries)


@functools.lru_cache(maxsize=None)
def image_bundle(path: Path):
    """(attachment name, mime bundle) for an image file.

    An SVG drawn by a script ``<name>.py`` next to it (``draw()`` returning a
    matplotlib figure, the convention of ``figures/``) gets a PNG of the same
    drawing first: JupyterLab renders PNG attachments but no SVG attachment. The
    SVG stays in the bundle for frontends that prefer it.
    """
    data = base64.b64encode(path.read_bytes()).decode("ascii")
    if path.suffix != ".svg":
        mime = {".png": "image/png", ".jpg": "image/jpeg", ".jpeg": "image/jpeg",
                ".gif": "image/gif", ".webp": "image/webp"}[path.suffix.lower()]
        return path.name, {mime: data}
    script = path.with_suffix(".py")
    if not script.exists():
        raise FileNotFoundError(f"{path.name}: JupyterLab shows no SVG attachment, and no "
                                f"script {script.name} draws it as PNG")
    return path.with_suffix(".png").name, {"image/png": _draw_png(script),
                                           "image/svg+xml": data}


def _draw_png(script: Path, dpi: int = 120) -> str:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    spec = importlib.util.spec_from_file_location(f"_figure_{script.stem.replace('-', '_')}",
                                                  script)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    figure = module.draw()
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=dpi, metadata={"Software": None})
    plt.close(figure)
    return base64.b64encode(buffer.getvalue()).decode("ascii")


def convert_download(app, pagename, templatename, context, doctree):
    """Rewrite the page's downloadable ``.ipynb`` (after the theme and mechbook_sphinx)."""
    source = context.get("ipynb_source")
    if not source or doctree is None:
        return
    path = Path(app.outdir, "_sources", source)
    if not path.exists():
        return
    notebook = nbformat.read(path, as_version=4)
    extensions = tuple(app.config.myst_enable_extensions or DEFAULT_EXTENSIONS)
    converted = convert_notebook(notebook, SphinxResolver(app, pagename, doctree), extensions)
    nbformat.validate(converted)
    nbformat.write(converted, path)


def setup(app):
    # A config value that is the converter's own hash: Sphinx writes every page
    # again (and so converts every download again) when this module changes.
    import hashlib

    app.add_config_value("mechbook_download_converter",
                         hashlib.sha256(Path(__file__).read_bytes()).hexdigest()[:16], "html")
    # mechbook_sphinx puts the outputs back at 900; the theme copies the file at 500.
    app.connect("html-page-context", convert_download, priority=950)
    return {"parallel_read_safe": True, "parallel_write_safe": True}


def main(argv=None):
    """Convert one chapter of an existing build (for debugging): loads the build's
    environment into a Sphinx application made from the book's configuration."""
    import argparse

    import click
    from jupyter_book.cli.main import build as jupyter_book_build
    from jupyter_book.config import get_final_config
    from sphinx.application import Sphinx

    parser = argparse.ArgumentParser(description=main.__doc__)
    parser.add_argument("docname", help="e.g. book/partial-velocities")
    parser.add_argument("--book", default=".", help="the book's root (default: .)")
    parser.add_argument("--out", help="write here (default: print the Markdown cells)")
    args = parser.parse_args(argv)
    root = Path(args.book).resolve()
    build = root / "_build"
    with click.Context(jupyter_book_build) as context:   # jupyter-book's own configuration
        config_path, source, overrides = context.invoke(
            jupyter_book_build, path_source=str(root), get_config_only=True)
    config, _ = get_final_config(user_yaml=Path(config_path), sourcedir=Path(source),
                                 cli_config=overrides)
    app = Sphinx(str(root), None, str(build / "html"), str(build / ".doctrees"), "html",
                 confoverrides=config, status=None, warning=None, freshenv=False)
    app.builder.prepare_writing(set())
    notebook_path = build / "jupyter_execute" / f"{args.docname}.ipynb"
    notebook = nbformat.read(notebook_path, as_version=4)
    doctree = app.env.get_doctree(args.docname)
    converted = convert_notebook(notebook, SphinxResolver(app, args.docname, doctree),
                                 tuple(app.config.myst_enable_extensions))
    if args.out:
        nbformat.write(converted, args.out)
    else:
        for cell in converted.cells:
            if cell.cell_type == "markdown":
                print(cell.source, end="\n\n---\n\n")


if __name__ == "__main__":
    main()
