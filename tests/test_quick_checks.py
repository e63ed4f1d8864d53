"""Quick checks: what the chapters ask, and how it reads in a download.

The page's side (choosing, the verdict, what is kept, print) is
tests/site/test_quick_checks.py.
"""

import re

import pytest

from bookkit.chapters import markdown_parser
from bookkit.markdown_writer import StaticResolver, Writer
from bookkit.quick_checks import DIRECTIVE, QuickCheckError, parse_quick_check
from tests.references import notebook_pages

#: The chapters, intro and API pages aside: each asks at least this many.
AT_LEAST = 5
CHAPTERS = [page for page in notebook_pages() if page.stem != "intro"]


def quick_checks(page):
    """[(label, title, body, the next block's token type or None)] of a chapter."""
    tokens = [t for t in markdown_parser().parse(page.read_text()) if t.level == 0]
    found = []
    for k, token in enumerate(tokens):
        if token.type == "colon_fence" and token.info.startswith("{" + DIRECTIVE + "}"):
            label = re.search(r"^:label:\s*(\S+)", token.content, re.M)
            after = next((t.type for t in tokens[k + 1:]
                          if t.type not in ("myst_target", "myst_line_comment")), None)
            found.append((label.group(1) if label else None,
                          token.info.split("}", 1)[1].strip(), token.content, after))
    return found


@pytest.mark.parametrize("page", CHAPTERS, ids=lambda p: p.stem)
def test_every_chapter_asks_quick_checks_at_the_end_of_sections(page):
    checks = quick_checks(page)
    assert len(checks) >= AT_LEAST, f"{page.name} asks {len(checks)} quick checks"
    for label, title, body, after in checks:
        assert label and label.startswith("qc-") and title, (page.name, label, title)
        check = parse_quick_check("\n".join(line for line in body.splitlines()
                                            if not line.startswith(":")))
        assert 2 <= len(check.choices) <= 5, (label, len(check.choices))
        # A download folds the answer under a heading, up to the next heading:
        # text after a quick check, before the next heading, would fold too.
        assert after in ("heading_open", "colon_fence", None), (
            f"{label}: a quick check ends its section (found {after} after it)")


def test_labels_are_unique_across_the_book():
    labels = [label for page in CHAPTERS for label, *_ in quick_checks(page)]
    assert len(labels) == len(set(labels))


@pytest.mark.parametrize("body, message", [
    ("Which?", "needs its choices"),
    ("- [x] One.\n  : Yes.\n- [ ] Two.\n  : No.", "needs its question"),
    ("Which?\n\n- [x] One.\n- [ ] Two.\n  : No.", "needs its explanation"),
    ("Which?\n\n- [x] One.\n  : Yes.\n- [x] Two.\n  : Also.", "exactly one"),
    ("Which?\n\n- [ ] One.\n  : No.\n- [ ] Two.\n  : No.", "exactly one"),
    ("Which?\n\n- [x] One.\n  : Yes.", "two choices or more"),
    ("Which?\n\n- [x] One.\n  : Yes.\nstray\n- [ ] Two.\n  : No.", "not part of a choice"),
])
def test_a_malformed_quick_check_is_named(body, message):
    with pytest.raises(QuickCheckError, match=message):
        parse_quick_check(body)


def test_a_download_asks_the_question_and_folds_the_answer():
    source = ("## Rolling\n\nText.\n\n:::{quick-check} Contact\n:label: qc-a\n\n"
              "Does friction at a rolling contact contribute to $F_r$?\n\n"
              "- [ ] Yes.\n  : Its point does not move,\n    so no.\n"
              "- [x] No.\n  : Its point has zero velocity in $N$.\n:::\n\n## Next\n")
    pieces = Writer(StaticResolver()).cell(source)
    question, heading, answer, after = (p.source for p in pieces)
    assert question.endswith("### Quick check: Contact\n\nDoes friction at a rolling contact "
                             "contribute to $F_r$?\n\n- (a) Yes.\n- (b) No.")
    assert heading == "#### Answer" and pieces[1].metadata == {"jp-MarkdownHeadingCollapsed": True}
    assert answer == ("The answer is (b).\n\n- (a) Its point does not move,\n  so no.\n"
                      "- (b) **Right.** Its point has zero velocity in $N$.")
    assert after == "## Next"
