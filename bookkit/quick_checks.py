"""Quick checks: short conceptual questions, answered in the page.

A chapter asks them at the end of the section they test, with the
``quick-check`` directive: a short title, a label, the question, then the
choices, one of them marked right, each with the sentence that explains it::

    :::{quick-check} A rolling contact
    :label: qc-gaf-rolling-contact

    A disc rolls without slipping on a fixed floor. Does the friction force
    of the floor on the disc contribute to the generalized active forces?

    - [ ] Yes: friction always does work.
      : No work is done at a contact point that does not slip: its velocity in
        $N$ is zero, and so is each of its partial velocities.
    - [x] No.
      : Its point of application has zero velocity in $N$, so every partial
        velocity of that point is zero and the force drops out of $F_r$.
    :::

A choice is a list item that starts with ``[x]`` (the right one) or ``[ ]``;
its explanation is the line that starts with ``:`` and the lines indented
after it. This module reads that text; ``_ext/mechbook_quick_checks.py`` makes
it a question in the page (``_ext/static/quick-checks.js``: choose, and every
choice's explanation shows), and :mod:`bookkit.markdown_writer` a question in
a downloaded notebook, with its answer under a heading that opens collapsed.
The label names what the reader's browser keeps of the answer.

>>> check = parse_quick_check('''Which one?
...
... - [ ] One.
...   : Not this one.
... - [x] Two.
...   : This one: it is
...     the second.''')
>>> check.question
'Which one?'
>>> [(c.text, c.right, c.why) for c in check.choices]
[('One.', False, 'Not this one.'), ('Two.', True, 'This one: it is\\nthe second.')]
>>> check.letter_of_right
'b'
"""

from __future__ import annotations

import re
from dataclasses import dataclass

__all__ = ["Choice", "QuickCheck", "QuickCheckError", "parse_quick_check", "DIRECTIVE"]

#: The directive's name in the chapters.
DIRECTIVE = "quick-check"

_CHOICE = re.compile(r"^- \[( |x)\] (.*)$")
_WHY = re.compile(r"^  : (.*)$")


class QuickCheckError(ValueError):
    """A quick check's text does not have the form the module describes."""


@dataclass(frozen=True)
class Choice:
    """One answer a reader can pick: its text, whether it is the right one, and
    the sentence that says why (MyST Markdown, each)."""

    text: str
    right: bool
    why: str


@dataclass(frozen=True)
class QuickCheck:
    """A question (MyST Markdown) and its choices, exactly one of them right."""

    question: str
    choices: tuple[Choice, ...]

    @property
    def letter_of_right(self) -> str:
        """The letter of the right choice, (a) being the first."""
        return "abcdefgh"[next(k for k, c in enumerate(self.choices) if c.right)]


def parse_quick_check(body: str) -> QuickCheck:
    """The question and choices of a quick check's directive body; raise
    :class:`QuickCheckError` naming what is missing."""
    lines = body.strip("\n").splitlines()
    first = next((k for k, line in enumerate(lines) if _CHOICE.match(line)), None)
    if first is None:
        raise QuickCheckError("a quick check needs its choices, as list items that start "
                              "with '- [x] ' (the right one) or '- [ ] '")
    question = "\n".join(lines[:first]).strip()
    if not question:
        raise QuickCheckError("a quick check needs its question before the choices")
    choices, current = [], None
    for line in lines[first:]:
        choice, why = _CHOICE.match(line), _WHY.match(line)
        if choice:
            current = {"right": choice.group(1) == "x", "text": [choice.group(2)], "why": []}
            choices.append(current)
        elif why:
            if current["why"]:
                raise QuickCheckError(f"two explanations for the choice {current['text'][0]!r}")
            current["why"].append(why.group(1))
        elif line.startswith("    ") and current["why"]:
            current["why"].append(line.strip())
        elif line.startswith("  ") and not current["why"]:
            current["text"].append(line.strip())
        elif line.strip():
            raise QuickCheckError(f"a quick check's line is not part of a choice: {line!r} "
                                  "(indent a choice's lines by two spaces, its "
                                  "explanation's by four after the ': ')")
    made = tuple(Choice("\n".join(c["text"]).strip(), c["right"], "\n".join(c["why"]).strip())
                 for c in choices)
    unexplained = [c.text for c in made if not c.why]
    if unexplained:
        raise QuickCheckError(f"every choice needs its explanation (a line '  : ...'): "
                              f"{unexplained[0]!r} has none")
    if sum(c.right for c in made) != 1 or len(made) < 2:
        raise QuickCheckError("a quick check needs two choices or more, exactly one of them "
                              "marked right with '[x]'")
    return QuickCheck(question, made)
