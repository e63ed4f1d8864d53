"""Sphinx extension of the book: an exercise's difficulty, as stars after its title.

An exercise is marked with a class of its directive, ``:class: difficulty-2``
(:mod:`bookkit.difficulty`). After sphinx-exercise has made the title
("Exercise 1.3 (Other generalized speeds (by hand))"), this adds

    <span class="mechbook-difficulty" role="img" aria-label="difficulty 2 of 3"
          title="difficulty 2 of 3">★★☆</span>

a picture whose name a screen reader reads, in the title's own colour (light,
dark, print: ``difficulty.css``). An exercise without a mark, or with a mark
that is not 1 to 3, is a warning, which fails the book's build.
"""

from __future__ import annotations

from html import escape

from docutils import nodes
from sphinx.transforms.post_transforms import SphinxPostTransform
from sphinx.util import logging

from bookkit import difficulty

logger = logging.getLogger(__name__)


class difficulty_mark(nodes.inline):  # noqa: N801 - a docutils node class
    """The stars; other builders than HTML write them as an inline text."""


def visit_difficulty_mark(self, node):
    name = escape(node["words"], quote=True)
    self.body.append(f'<span class="mechbook-difficulty" role="img" aria-label="{name}" '
                     f'title="{name}">{node.astext()}</span>')
    raise nodes.SkipNode


class MarkDifficulty(SphinxPostTransform):
    """Append the stars to each exercise's title, once sphinx-exercise made it
    (its ``ResolveTitlesInExercises`` runs at priority 20)."""

    default_priority = 25

    def run(self):
        for node in self.document.findall(nodes.Element):
            if "exercise" not in node.get("classes", ()) or not node.children:
                continue
            title = node.children[0]
            if not isinstance(title, nodes.title):
                continue
            try:
                level = difficulty.level(node["classes"])
            except difficulty.DifficultyError as error:
                logger.warning(f"exercise {node.get('label')}: {error}", location=node)
                continue
            if level is None:
                logger.warning(f"exercise {node.get('label')} has no difficulty: give it "
                               ":class: difficulty-1, -2 or -3 (bookkit/difficulty.py)",
                               location=node)
                continue
            title += nodes.Text(" ")
            title += difficulty_mark(difficulty.stars(level), difficulty.stars(level),
                                     words=difficulty.words(level))


def add_style(app, pagename, templatename, context, doctree):
    """Load the marks' style on the pages that show one."""
    if 'class="mechbook-difficulty' in context.get("body", ""):
        app.add_css_file("difficulty.css")


def setup(app):
    app.add_node(difficulty_mark, html=(visit_difficulty_mark, None))
    app.add_post_transform(MarkDifficulty)
    app.connect("html-page-context", add_style)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
