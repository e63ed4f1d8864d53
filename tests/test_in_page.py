"""The page's Python checks every exercise it offers (bookkit.in_page).

For each chapter, in a Python that cannot import numpy, scipy or matplotlib
(as the page's Pyodide cannot): each exercise that the page offers runs the
set-up its box runs, then the cells of its worked solution that run in the
page, and ``ml.check`` must call the worked answer correct (the reader who
follows the worked solution in the box); so must the worked answer typed in
the names the exercise gives; and every cell that the page counts as running
there runs. One run of the chapter per test process answers all three
(tests/typed_answers.py); the browser tests (tests/site/test_answer_boxes.py)
then take the page's own path.
"""

from __future__ import annotations

import importlib.util
import textwrap
import zipfile

import pytest

from bookkit.chapters import REPOSITORY
from tests.references import FRONT_MATTER, checked_chapters
from tests.typed_answers import in_the_page

CHAPTERS = [p.stem for p in checked_chapters()]


@pytest.mark.parametrize("chapter", CHAPTERS)
def test_worked_solutions_check_in_the_pages_python(chapter):
    """The reader who follows the worked solution: each box's set-up, then the
    worked solution's cells that run in the page, and ``ml.check`` calls the
    worked answer correct (in a Python without numpy, tests/typed_answers.py)."""
    checks = in_the_page(chapter)["checks"]
    assert checks, f"{chapter}: no exercise checkable in the page"
    wrong = {name: found["worked"] for name, found in checks.items()
             if found["worked"] != "Correct."}
    assert not wrong, wrong


@pytest.mark.parametrize("chapter", CHAPTERS)
def test_the_cells_the_page_runs_run_without_numpy(chapter):
    """What the page counts as running there (the boxes' set-ups and the live
    cells come from these) runs in a Python that cannot import numpy, scipy
    or matplotlib: a function of mechlib that needs them on use (as
    ``pitch_angle`` needs scipy) must be named in ATTRIBUTES_NOT_IN_PAGE."""
    found = in_the_page(chapter)
    assert not found["failed_cells"], found["failed_cells"]
    assert not found["foreign_modules"], found["foreign_modules"]


def _first_download():
    """The modules of SymPy and mpmath that a page's first check downloads
    (scripts/compile-for-pyodide.mjs: the rest come on an import that needs them)."""
    (first,) = (REPOSITORY / "vendor" / "static" / "pyodide").glob("sympy-*-pyodide.zip")
    with zipfile.ZipFile(first) as archive:
        return {name.removesuffix(".pyc").removesuffix("/__init__").replace("/", ".")
                for name in archive.namelist() if name.endswith(".pyc")}


@pytest.mark.parametrize("chapter", CHAPTERS)
def test_what_the_pages_python_imports_of_sympy_is_in_the_first_download(chapter):
    """Every module of SymPy and mpmath that the chapter's boxes, worked
    solutions and live cells import is in the zip that a page's first check
    downloads: none of them waits for the rest (add what is missing to
    FIRST_IMPORTS in scripts/compile-for-pyodide.mjs)."""
    missing = sorted(set(in_the_page(chapter)["sympy_modules"]) - _first_download())
    assert not missing, f"{chapter} imports what the first download leaves out: {missing}"


@pytest.mark.parametrize("chapter", CHAPTERS)
def test_answers_typed_in_the_exercises_names_check_in_the_pages_python(chapter):
    """Every box accepts the worked answer typed as SymPy code in the names
    the exercise gives (tests/typed_answers.py): its box's set-up binds them,
    whatever names the worked solution happens to use (``Omega`` of
    generalized-inertia-forces, ``dpk``'s ``m1`` of kanes-equations)."""
    checks = in_the_page(chapter)["checks"]
    wrong = {name: found for name, found in checks.items() if found["verdict"] != "Correct."}
    assert checks and not wrong, wrong


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





SLEIGH_SETUP = """
import sympy as sm
import sympy.physics.mechanics as me
import mechlib as ml
q1, u1 = me.dynamicsymbols('q1, u1')
N = me.ReferenceFrame('N')
S = me.ReferenceFrame('S')
"""


def test_no_box_changes_what_another_box_sees():
    """Two boxes of one exercise share its set-up cells, never its objects
    or mechlib's names: a box that orients the set-up's frame, or that
    replaces ``ml.check``, changes nothing for the next (issue 60)."""
    from tests.typed_answers import _page_runner

    runner = _page_runner()
    setup = [SLEIGH_SETUP]
    orient = "S.orient_axis(N, q1, N.z)\nml.check('pv-other-speeds-q1-dot', S.x.dot(N.x))"
    assert runner.run_box("sleigh", setup, orient)[1].startswith("Not yet")
    unoriented = runner.run_box("sleigh", setup, "ml.check('pv-other-speeds-q1-dot', "
                                                  "S.x.dot(N.x))")
    assert "between N and S" in unoriented[1], unoriented   # S is unoriented again
    cheat = "ml.check = lambda name, value: 'Correct.'\nml.check('pv-other-speeds-q1-dot', 0)"
    runner.run_box("sleigh", setup, cheat)
    after = runner.run_box("sleigh", setup, "ml.check('pv-other-speeds-q1-dot', 0)")
    assert after[0] is False and after[1].startswith("Not yet"), after
    # a verdict is what mechlib's check gave in this run, not an object the
    # code made or changed itself
    for forged in ("from mechlib.book.check import CheckResult\n"
                   "CheckResult('pv-other-speeds-q1-dot', True, 'Correct.')",
                   "r = ml.check('pv-other-speeds-q1-dot', 0)\n"
                   "object.__setattr__(r, 'correct', True)\n"
                   "object.__setattr__(r, 'message', 'Correct.')\nr",
                   "ml.check.__code__ = (lambda name, answer: None).__code__\n"
                   "ml.check('pv-other-speeds-q1-dot', 0)"):
        ok, said = runner.run_box("sleigh", setup, forged)
        assert ok is False and said != "Correct.", (forged, said)
    from mechlib.book.check import check
    assert check.__code__.co_name == "check"                # given back
    right = runner.run_box("sleigh", setup, "from mechlib import check\n"
                           "check('pv-other-speeds-q1-dot', u1)")
    assert right[1].startswith(("Correct", "Not yet")), right   # a check's verdict


def test_long_answers_exits_and_floods_get_one_plain_sentence():
    """What the page's Python says (issue 60): a sum of 5,000 terms is refused
    before Python parses it (parsing it overflowed the page's stack); exit()
    and os._exit() end the code, not Python, with one sentence; a flood of
    printing shows its first and last 20,000 characters."""
    from tests.typed_answers import _page_runner

    runner = _page_runner()
    setup = [SLEIGH_SETUP]
    long = "x = " + " + ".join(f"{k}*u1" for k in range(5000)) + \
        "\nml.check('pv-other-speeds-q1-dot', x)"
    ok, said = runner.run_box("long", setup, long)
    assert not ok and said.startswith("This answer chains 4,999 operations in one statement")
    short = "x = " + " + ".join(f"{k}*u1" for k in range(300)) + \
        "\nml.check('pv-other-speeds-q1-dot', x)"
    assert runner.run_box("long", setup, short)[1].startswith("Not yet")
    for exit_call in ("import sys\nsys.exit()", "raise SystemExit(3)",
                      "import os\nos._exit(0)", "exit()"):
        ok, said = runner.run_box("exit", setup, exit_call + "\nml.check('x', 1)")
        assert not ok and said == runner.EXIT, (exit_call, said)
        ok, outputs = runner.run_live("exit", setup, exit_call)
        assert outputs == [["error", runner.EXIT]], (exit_call, outputs)
    import os
    assert os._exit.__module__ == "posix"          # given back after the run
    ok, said = runner.run_box("flood", setup, "for i in range(200000): print('x' * 49)")
    assert not ok and len(said) < 41_000
    assert "characters not shown" in said and said.count("x" * 49) > 600
    ok, outputs = runner.run_live("flood", setup, "for i in range(200000): print(i)\n1 + 1")
    assert ok and sum(len(text) for _, text in outputs) < 41_000
    assert outputs[-1] == ["text", "2"] and "199999" in outputs[-2][1]
