"""Exercises' difficulty: one to three stars, in the page, the download and the student edition.

Every exercise says how hard it is with a class of the ``exercise`` directive
(an option sphinx-exercise accepts, so the page, the download and the student
edition all read the one source)::

    ```{exercise} Other generalized speeds (by hand)
    :label: ex-pv-other-speeds
    :class: difficulty-1
    ```

1. a direct application of one definition or formula;
2. several steps, or two ideas combined;
3. a full derivation, or a system of the reader's own.

This module reads the mark; ``_ext/mechbook_difficulty.py`` shows it after the
exercise's title as stars with an accessible name ("difficulty 2 of 3"), and
:mod:`bookkit.markdown_writer` writes it into a downloaded exercise's heading.

>>> level(["dropdown", "difficulty-2"])
2
>>> stars(2), words(2)
('★★☆', 'difficulty 2 of 3')
>>> level("difficulty-4")
Traceback (most recent call last):
...
bookkit.difficulty.DifficultyError: difficulty-4: a difficulty is 1, 2 or 3
"""

from __future__ import annotations

import re

__all__ = ["DifficultyError", "HIGHEST", "PREFIX", "level", "stars", "words"]

#: The class of the ``exercise`` directive that marks it, ``difficulty-<n>``.
PREFIX = "difficulty-"
HIGHEST = 3


class DifficultyError(ValueError):
    """A mark that is not ``difficulty-1``, ``-2`` or ``-3``, or more than one."""


def level(classes) -> int | None:
    """The difficulty that ``classes`` (a list, or the option's text) marks, or None."""
    if isinstance(classes, str):
        classes = classes.split()
    marks = [name for name in classes if name.startswith(PREFIX)]
    if not marks:
        return None
    if len(marks) > 1:
        raise DifficultyError(f"{' '.join(marks)}: an exercise has one difficulty")
    if not re.fullmatch(PREFIX + r"[1-9]", marks[0]) or int(marks[0][-1]) > HIGHEST:
        raise DifficultyError(f"{marks[0]}: a difficulty is 1, 2 or 3")
    return int(marks[0][-1])


def stars(n: int) -> str:
    """``n`` filled stars of three: ★★☆."""
    return "★" * n + "☆" * (HIGHEST - n)


def words(n: int) -> str:
    """What the stars say: "difficulty 2 of 3"."""
    return f"difficulty {n} of {HIGHEST}"
