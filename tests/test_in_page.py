"""The page's Python checks every exercise it offers (mechlib.book.in_page).

For each chapter, in a Python that cannot import numpy, scipy or matplotlib
(as the page's Pyodide cannot): each exercise that the page offers runs the
set-up its box runs, then the cells of its worked solution that run in the
page, and ``ml.check`` must call the worked answer correct. This is the
reader who follows the worked solution in the box; the browser tests
(tests/site/test_answer_boxes.py) then take the page's own path.
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap

import pytest

from mechlib.book.chapters import REPOSITORY, chapters_with_checks

#: Run in a fresh Python: numpy, scipy and matplotlib cannot be imported.
SCRIPT = textwrap.dedent('''
    import importlib.abc, json, sys

    class NotInThePage(importlib.abc.MetaPathFinder):
        def find_spec(self, name, path=None, target=None):
            if name.split(".")[0] in ("numpy", "scipy", "matplotlib"):
                raise ModuleNotFoundError(f"No module named {name!r} (not in the page)")

    sys.meta_path.insert(0, NotInThePage())

    from mechlib.book.chapters import read_chapter
    from mechlib.book.in_page import page_boxes, worked_in_page, _exercises, _page_pass, \\
        _candidates

    notebook = read_chapter(sys.argv[1])
    found = page_boxes(notebook)
    exercises, solution, sources = _exercises(notebook)
    _, lacks = _page_pass(sources, _candidates(notebook, exercises, solution))
    from mechlib.book.autograder import worked_cells
    verdicts = {}
    for items in exercises:
        entry = found["checks"][items[0]["name"]]
        if entry["missing"]:
            continue
        asserting = {i for item in items for i in item["solution_cells"]}
        _, kept, _ = worked_in_page(sources, worked_cells(notebook, items, solution),
                                 asserting, lacks)
        names = {"__name__": "__main__"}
        for index in [*entry["setup"], *kept]:
            exec(compile(found["code"].get(index) or sources[index], f"<cell {index}>",
                         "exec"), names)
        for item in items:
            result = names["ml"].check(item["name"], names[item["variable"]])
            verdicts[item["name"]] = [bool(result), repr(result)]
    assert not [m for m in sys.modules if m.split(".")[0] in ("numpy", "scipy", "matplotlib")]
    print(json.dumps(verdicts))
''')


@pytest.mark.parametrize("chapter", [p.stem for p in chapters_with_checks()])
def test_worked_solutions_check_in_the_pages_python(chapter):
    run = subprocess.run([sys.executable, "-c", SCRIPT, f"book/{chapter}.md"],
                         cwd=REPOSITORY, capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr[-3000:]
    verdicts = json.loads(run.stdout.strip().splitlines()[-1])
    assert verdicts, f"{chapter}: no exercise checkable in the page"
    wrong = {name: text for name, (ok, text) in verdicts.items() if not ok}
    assert not wrong, wrong
