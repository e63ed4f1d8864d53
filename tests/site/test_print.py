"""A reader's own print of a chapter (the browser's Print, print.css).

Every page carries its number ("3 / 20", a CSS ``@page`` margin box, which
Chromium supports); an answer box prints as its label and blank lines to
write on: no code box, no keyboard hint, no button. The handouts
(scripts/pdf.sh, tests/test_pdf.py) print their own footer instead.
"""

from __future__ import annotations

import re
import subprocess

from tests.site.test_pages import opened


def test_a_readers_print_numbers_its_pages_and_leaves_room_to_answer(browser, base_url,
                                                                    tmp_path):
    with opened(browser, f"{base_url}/book/partial-velocities.html") as (page, foreign, errors):
        boxes = page.locator(".mechbook-answer").count()
        assert boxes > 0
        pdf = tmp_path / "chapter.pdf"
        page.pdf(path=str(pdf), prefer_css_page_size=True)
    pages = int(re.search(r"Pages:\s+(\d+)", subprocess.run(
        ["pdfinfo", str(pdf)], capture_output=True, text=True, check=True).stdout).group(1))
    for number in range(1, pages + 1):
        text = subprocess.run(["pdftotext", "-layout", "-f", str(number), "-l", str(number),
                               str(pdf), "-"], capture_output=True, text=True,
                              check=True).stdout
        numbers = [line.strip() for line in text.splitlines()
                   if re.fullmatch(r"\s*\d+ / \d+\s*", line)]
        assert numbers == [f"{number} / {pages}"], (number, numbers)
    text = subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True,
                          check=True).stdout
    assert text.count("Your answer to Exercise") == boxes
    for screen_only in ("Ctrl+Enter", "Restore the original", "Tab indents", "ml.check(",
                        "Clear my answers"):
        assert screen_only not in text, screen_only
    assert not foreign and not errors, (foreign, errors)
