"""The page's Python checks every exercise it offers (mechlib.book.in_page).

For each chapter, in a Python that cannot import numpy, scipy or matplotlib
(as the page's Pyodide cannot): each exercise that the page offers runs the
set-up its box runs, then the cells of its worked solution that run in the
page, and ``ml.check`` must call the worked answer correct. This is the
reader who follows the worked solution in the box; the browser tests
(tests/site/test_answer_boxes.py) then take the page's own path.
"""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
import textwrap

import pytest

from mechlib.book.chapters import REPOSITORY
from tests.references import checked_chapters
from tests.references import FRONT_MATTER

#: Run in a fresh Python: numpy, scipy and matplotlib cannot be imported.
SCRIPT = textwrap.dedent('''
    import importlib.abc, json, sys

    class NotInThePage(importlib.abc.MetaPathFinder):
        def find_spec(self, name, path=None, target=None):
            if name.split(".")[0] in ("numpy", "scipy", "matplotlib"):
                raise ModuleNotFoundError(f"No module named {name!r} (not in the page)")

    sys.meta_path.insert(0, NotInThePage())

    from mechlib.book.chapters import read_chapter
    from mechlib.book.in_page import page_boxes, worked_code

    notebook = read_chapter(sys.argv[1])
    found = page_boxes(notebook)
    verdicts = {}
    for name, code in worked_code(notebook).items():
        names = {"__name__": "__main__"}
        for index in found["checks"][name]["setup"]:
            exec(compile(found["code"][index], f"<cell {index}>", "exec"), names)
        *body, last = code.splitlines()
        exec(compile("\\n".join(body), "<worked solution>", "exec"), names)
        result = eval(compile(last, "<the check>", "eval"), names)
        verdicts[name] = [bool(result), repr(result)]
    assert not [m for m in sys.modules if m.split(".")[0] in ("numpy", "scipy", "matplotlib")]
    print(json.dumps(verdicts))
''')


@pytest.mark.parametrize("chapter", [p.stem for p in checked_chapters()])
def test_worked_solutions_check_in_the_pages_python(chapter):
    run = subprocess.run([sys.executable, "-c", SCRIPT, f"book/{chapter}.md"],
                         cwd=REPOSITORY, capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr[-3000:]
    verdicts = json.loads(run.stdout.strip().splitlines()[-1])
    assert verdicts, f"{chapter}: no exercise checkable in the page"
    wrong = {name: text for name, (ok, text) in verdicts.items() if not ok}
    assert not wrong, wrong


#: Every cell that the page counts as running there, in order, in a fresh
#: Python without numpy, scipy and matplotlib (as SCRIPT).
RUNNABLE = SCRIPT.split("from mechlib.book.chapters")[0] + textwrap.dedent('''
    import contextlib, io
    from mechlib.book.chapters import read_chapter
    from mechlib.book.in_page import page_boxes

    found = page_boxes(read_chapter(sys.argv[1]))
    names, failed = {"__name__": "__main__"}, {}
    for index, code in sorted(found["code"].items()):
        try:
            with contextlib.redirect_stdout(io.StringIO()):
                exec(compile(code, f"<cell {index}>", "exec"), names)
        except Exception as error:
            failed[index] = f"{type(error).__name__}: {error}"
    print(json.dumps(failed))
''')


@pytest.mark.parametrize("chapter", [p.stem for p in checked_chapters()])
def test_the_cells_the_page_runs_run_without_numpy(chapter):
    """What the page counts as running there (the boxes' set-ups and the live
    cells come from these) runs in a Python that cannot import numpy, scipy
    or matplotlib: a function of mechlib that needs them on use (as
    ``pitch_angle`` needs scipy) must be named in ATTRIBUTES_NOT_IN_PAGE."""
    run = subprocess.run([sys.executable, "-c", RUNNABLE, f"book/{chapter}.md"],
                         cwd=REPOSITORY, capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr[-3000:]
    failed = json.loads(run.stdout.strip().splitlines()[-1])
    assert not failed, failed


#: A chapter whose only exercise asserts its check in a cell that needs numpy.
NUMERIC_CHECK = FRONT_MATTER + textwrap.dedent('''
    # A numeric check

    ```{code-cell} ipython3
    import numpy as np
    import sympy as sm

    import mechlib as ml
    ```

    ```{exercise} A number
    :label: ex-numeric

    Find the number.
    ```

    ```{code-cell} ipython3
    :tags: [answer]

    x = ...
    ml.check("numeric-x", x)
    ```

    ````{solution-start} ex-numeric
    ````

    ```{code-cell} ipython3
    :tags: [solution]

    x = sm.Float(np.sqrt(2.0))
    assert ml.check("numeric-x", x)
    ```

    ````{solution-end}
    ````
    ''')


def test_a_check_the_page_cannot_run_stops_the_build(tmp_path):
    """The site's extension refuses a chapter with an exercise that is not
    checkable in the page, and says which and what it needs."""
    from sphinx.errors import ExtensionError

    spec = importlib.util.spec_from_file_location(
        "mechbook_answers", REPOSITORY / "_ext" / "mechbook_answers.py")
    extension = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(extension)
    chapter = tmp_path / "numeric.md"
    chapter.write_text(NUMERIC_CHECK, encoding="utf-8")
    with pytest.raises(ExtensionError, match=r"numeric-x \(it needs numpy\)"):
        extension.answer_boxes(chapter)
    chapter.write_text(NUMERIC_CHECK.replace("sm.Float(np.sqrt(2.0))", "sm.sqrt(2)"),
                       encoding="utf-8")
    assert extension.answer_boxes(chapter)["checks"] == {"numeric-x": {"setup": [0]}}


def test_the_page_runners_examples():
    """The examples of _ext/static/answers_runner.py (what the page's Python
    says of a name or module it lacks), run in CPython."""
    import doctest

    spec = importlib.util.spec_from_file_location(
        "answers_runner", REPOSITORY / "_ext" / "static" / "answers_runner.py")
    runner = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(runner)
    failed, tried = doctest.testmod(runner, optionflags=doctest.ELLIPSIS)
    assert tried >= 5 and failed == 0


@pytest.mark.parametrize("chapter", [p.stem for p in checked_chapters()])
def test_answers_typed_in_the_exercises_names_check_in_the_pages_python(chapter):
    """Every box accepts the worked answer typed as SymPy code in the names
    the exercise gives (tests/typed_answers.py): its box's set-up binds them,
    whatever names the worked solution happens to use (``Omega`` of
    generalized-inertia-forces, ``dpk``'s ``m1`` of kanes-equations)."""
    from tests.typed_answers import typed_answers

    verdicts = typed_answers(chapter)
    assert verdicts
    wrong = {name: found for name, found in verdicts.items() if found["verdict"] != "Correct."}
    assert not wrong, wrong
