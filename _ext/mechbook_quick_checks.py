"""Sphinx extension of the book: quick checks, conceptual questions answered in the page.

The ``quick-check`` directive (its text: :mod:`bookkit.quick_checks`) becomes

* a box titled "Quick check: <title>" with the question and its choices as a
  list, the choices lettered (a), (b), ...;
* the answer in a ``<details>`` element ("Show the answer"): the right
  letter and every choice's explanation.

That is the page without scripts, and on paper (the print style sheet hides
the answer). ``quick-checks.js`` makes the list a group of radio buttons: a
choice shows at once whether it is right and every choice's explanation, the
verdict is announced (``aria-live``), and the reader's browser keeps the
choice (``localStorage``, with the answer boxes' answers; their "Clear my
answers" clears it too).
"""

from __future__ import annotations

from docutils import nodes
from docutils.parsers.rst import directives
from docutils.statemachine import StringList
from sphinx.util.docutils import SphinxDirective

from bookkit.quick_checks import DIRECTIVE, QuickCheckError, parse_quick_check

LETTERS = "abcdefgh"


class details(nodes.General, nodes.Element):  # noqa: N801 - a docutils node class
    """``<details><summary>`` around the answer (HTML only)."""


def visit_details(self, node):
    self.body.append(f'<details class="{" ".join(node["classes"])}">'
                     f'<summary>{node["summary"]}</summary>')


def depart_details(self, node):
    self.body.append("</details>")


class QuickCheckDirective(SphinxDirective):
    """``:::{quick-check} Title`` with ``:label:``; see the module."""

    required_arguments = 1
    final_argument_whitespace = True
    has_content = True
    option_spec = {"label": directives.unchanged_required}

    def run(self):
        label = self.options.get("label", "")
        if not label.startswith("qc-"):
            raise self.error("a quick check needs a :label: that starts with 'qc-' (its "
                             "answer is kept under it in the reader's browser)")
        try:
            check = parse_quick_check("\n".join(self.content))
        except QuickCheckError as error:
            raise self.error(f"quick check {label}: {error}") from None
        root = nodes.container(classes=["mechbook-qc"], ids=[label])
        title = nodes.paragraph(classes=["mechbook-qc-title"])
        title += nodes.strong(text="Quick check: ")
        title += self.parse_inline(self.arguments[0], lineno=self.lineno)[0]
        root += title
        question = nodes.container(classes=["mechbook-qc-question"])
        self._parse(check.question, question)
        root += question
        choices = nodes.enumerated_list(enumtype="loweralpha", prefix="(", suffix=")",
                                        classes=["mechbook-qc-choices"])
        for choice in check.choices:
            item = nodes.list_item(classes=["mechbook-qc-choice"])
            self._parse(choice.text, item)
            choices += item
        root += choices
        answer = details(classes=["mechbook-qc-answer"], summary="Show the answer")
        verdict = nodes.paragraph()
        verdict += nodes.strong(text=f"The answer is ({check.letter_of_right}).")
        answer += verdict
        reasons = nodes.enumerated_list(enumtype="loweralpha", prefix="(", suffix=")",
                                        classes=["mechbook-qc-whys"])
        for choice in check.choices:
            item = nodes.list_item(classes=["mechbook-qc-why"]
                                   + (["is-right"] if choice.right else []))
            self._parse(choice.why, item)
            reasons += item
        answer += reasons
        root += answer
        return [root]

    def _parse(self, text, into):
        self.state.nested_parse(StringList(text.splitlines(), self.get_source_info()[0]),
                                self.content_offset, into)


def add_script(app, pagename, templatename, context, doctree):
    """Load the quick checks' script and style on the pages that ask one."""
    if 'class="mechbook-qc' in context.get("body", ""):
        app.add_js_file("quick-checks.js", defer="defer")
        app.add_css_file("quick-checks.css")


def setup(app):
    app.add_node(details, html=(visit_details, depart_details))
    app.add_directive(DIRECTIVE, QuickCheckDirective)
    app.connect("html-page-context", add_script)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
