"""MyST Markdown written back as plain Markdown, with what Sphinx resolves.

The Markdown half of :mod:`bookkit.downloads`: a :class:`Writer` splits a
Markdown cell into blocks with markdown-it-py and MyST's plugins
(:func:`bookkit.chapters.markdown_parser`), and writes each back out for
a Jupyter without extensions: roles resolved through a *resolver* (numbers,
titles, citations), display equations numbered with ``\\tag``, figures as
attachments, admonitions as blockquotes, exercises and solutions as headings
(an exercise's with its difficulty, :mod:`bookkit.difficulty`).

>>> resolver = StaticResolver(xrefs={("eq", "eq-a"): "(1.1)"}, equations={"eq-a": "1.1"})
>>> print(convert_markdown("See {eq}`eq-a`.", resolver))
See (1.1).
"""

from __future__ import annotations

import textwrap
from dataclasses import dataclass, field

from . import difficulty
from .chapters import markdown_parser, myst_extensions
from .quick_checks import DIRECTIVE as QUICK_CHECK
from .quick_checks import parse_quick_check

__all__ = ["DEFAULT_EXTENSIONS", "COLLAPSED", "StaticResolver", "Writer", "convert_markdown"]

#: MyST syntax extensions of the book (``parse.myst_enable_extensions`` of
#: ``_config.yml``); in a build the configured ones are used.
DEFAULT_EXTENSIONS = myst_extensions()
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
    def from_token(cls, token) -> Directive:
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
        # an image's attachment belongs to the cell its text ended up in (a
        # collapsed heading may have split the Markdown cell before it)
        attachments = {name: bundle for piece in pieces
                       for name, bundle in piece.attachments.items()}
        for piece in pieces:
            piece.attachments = {name: bundle for name, bundle in attachments.items()
                                 if f"attachment:{name}" in piece.source}
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
            stars = difficulty.level(directive.options.get("class", ""))
            if stars:
                title += f" {difficulty.stars(stars)} ({difficulty.words(stars)})"
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
        elif name == QUICK_CHECK:
            yield from self._quick_check(directive, piece)
        elif name == "bibliography":
            yield "text", self.resolver.references()
        else:
            self.resolver.warn(f"no plain-Markdown form for the directive {{{name}}}: "
                               "its body is kept as a blockquote")
            yield "text", _blockquote(f"**{name}**\n\n" + self.markdown(directive.body, piece))

    def _quick_check(self, directive: Directive, piece: Piece):
        """A heading "Quick check: <title>", the question and its lettered
        choices; then a heading cell "Answer" that JupyterLab opens collapsed
        (hiding the answer up to the next heading: a quick check ends its
        section, tests/test_quick_checks.py), the right letter and every
        choice's explanation."""
        check = parse_quick_check(directive.body)
        level = min(self.state.heading_level + 1, 6)
        def item(letter, text):     # a list item; its further lines indented under it
            return f"- ({letter}) " + text.replace("\n", "\n  ")

        choices = "\n".join(item(letter, self.markdown(choice.text, piece))
                            for letter, choice in zip("abcdefgh", check.choices, strict=False))
        yield "text", (f"{'#' * level} Quick check: {self.markdown(directive.argument, piece)}"
                       f"\n\n{self.markdown(check.question, piece)}\n\n{choices}")
        yield "heading-cell", "#" * min(level + 1, 6) + " Answer"
        whys = "\n".join(item(letter, ("**Right.** " if choice.right else "")
                              + self.markdown(choice.why, piece))
                         for letter, choice in zip("abcdefgh", check.choices, strict=False))
        yield "text", f"The answer is ({check.letter_of_right}).\n\n{whys}"
        yield "split", ""

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
