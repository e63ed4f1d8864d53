"""Every exercise says how hard it is: one to three stars, in the source and the download.

The mark is a class of the ``exercise`` directive (``:class: difficulty-2``,
:mod:`bookkit.difficulty`). The page's stars and their accessible name:
tests/site/test_difficulty.py; the built downloads' headings:
tests/test_downloads.py.
"""

import pytest

from bookkit import difficulty
from bookkit.chapters import markdown_parser
from bookkit.markdown_writer import Directive, StaticResolver, Writer
from tests.references import notebook_pages

CHAPTERS = [page for page in notebook_pages() if page.stem != "intro"]


def exercises(page):
    """[(label, its options' text, the difficulty its :class: marks)] of the
    exercises of a chapter, in order."""
    found = []
    for token in markdown_parser().parse(page.read_text()):
        if token.type in ("fence", "colon_fence") and token.info.startswith("{exercise}"):
            options = Directive.from_token(token).options
            found.append((options.get("label"), token.content,
                          difficulty.level(options.get("class", ""))))
    return found


@pytest.mark.parametrize("page", CHAPTERS, ids=lambda p: p.stem)
def test_every_exercise_has_one_difficulty_from_one_to_three(page):
    found = exercises(page)
    assert found and len(found) == page.read_text().count("{exercise}"), page.name
    for label, text, _ in found:
        classes = [line for line in text.splitlines() if line.startswith(":class:")]
        assert len(classes) == 1, f"{label}: {len(classes)} :class: lines"
        marks = [name for name in classes[0].split()[1:] if name.startswith("difficulty")]
        assert len(marks) == 1, f"{label}: difficulty marks {marks}"
        assert difficulty.level(marks) in (1, 2, 3), f"{label}: {marks}"


def test_the_book_uses_every_difficulty():
    used = {level for page in CHAPTERS for *_, level in exercises(page)}
    assert used == {1, 2, 3}


@pytest.mark.parametrize("classes, message", [
    ("difficulty-0", "1, 2 or 3"),
    ("difficulty-4", "1, 2 or 3"),
    ("difficulty-two", "1, 2 or 3"),
    ("difficulty-1 difficulty-2", "one difficulty"),
])
def test_a_wrong_mark_is_named(classes, message):
    with pytest.raises(difficulty.DifficultyError, match=message):
        difficulty.level(classes)


def test_a_download_heading_carries_the_stars_and_the_words():
    source = ("## Exercises\n\n```{exercise} Other speeds (by hand)\n:label: ex-a\n"
              ":class: difficulty-2\n\nFind them.\n```\n")
    resolver = StaticResolver(titles={"ex-a": "Exercise 1.3"})
    [piece] = Writer(resolver).cell(source)
    assert piece.source == ("## Exercises\n\n### Exercise 1.3 (Other speeds (by hand)) "
                            "★★☆ (difficulty 2 of 3)\n\nFind them.")
