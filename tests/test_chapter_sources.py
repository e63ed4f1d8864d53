"""The chapters' sources are as JupyterLab saves them: jupytext (the version
requirements.txt pins) writes every chapter back byte for byte, so opening a
chapter as a notebook and saving it changes nothing (the browser path is
tests/site/test_jupyterlab.py's test_a_chapter_opened_and_saved_as_a_notebook_is_unchanged)."""

from __future__ import annotations

import jupytext
import pytest

from tests.references import notebook_pages


@pytest.mark.parametrize("page", notebook_pages(), ids=lambda page: page.stem)
def test_jupytext_writes_the_chapter_back_unchanged(page):
    text = page.read_text(encoding="utf-8")
    assert jupytext.writes(jupytext.reads(text, "md:myst"), "md:myst") == text, (
        f"{page.name}: its front matter is not what jupytext {jupytext.__version__} writes "
        "(run jupytext --to md:myst on it, or copy another chapter's front matter)")
