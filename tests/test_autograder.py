"""The autograder (scripts/autograder.sh): otter-grader assignments from the checked exercises.

For every chapter with checked exercises, the module fixture runs the command's
module (``otter assign`` included, which itself grades the solutions) into a
temporary folder, then grades submissions with ``otter run`` (no Docker):

- the worked solutions (otter's solutions notebook) score full marks;
- the same notebook with every answer rewritten in another, equal form (a
  Vector expressed in a new frame turned by a free angle from one of its
  frames, a scalar or matrix multiplied by sin²ζ + cos²ζ) and the last answer
  also negated, graded in one run, loses that check's point and keeps every
  other;
- for partial-velocities, a student's notebook with answers typed in another
  form (a half-angle identity, another frame) scores full marks, and a
  dishonest one (``ml.check``, the check module and ``sympy.simplify``
  replaced, every answer a polynomial through the stored check's values:
  ``tests/cheating.py``) scores nothing;
- the student notebook holds no line of a worked solution and no hidden test.

Every read of a chapter here is through :func:`reading`: these tests depend
on what :func:`tests.reuse.assignment` computes of it, not on its prose
outside the exercises (tests/reuse).
"""

from __future__ import annotations

import doctest
import inspect
import json
import os
import time

import nbformat
import pytest
import yaml

from mechlib.book.chapters import chapter_checks, solution_cells
from mechlib.book import autograder
from mechlib.book.notebooks import EXECUTION_LOG
from tests import cheating
from tests.references import checked_chapters
from tests.reuse import reading_part

CHAPTERS = checked_chapters()

# Appended after a question's solution cell: rewrite an answer in another form.
OTHER_FORM = '''
import sympy as _sm, sympy.physics.mechanics as _me
def _other_form(x):
    if isinstance(x, _me.Vector):
        if not x.args:
            return x
        frame = x.args[0][1]
        other = _me.ReferenceFrame('F_other')
        other.orient_axis(frame, _sm.Symbol('theta_F'), frame.z)
        return x.express(other)
    one = _sm.sin(_sm.Symbol('zeta'))**2 + _sm.cos(_sm.Symbol('zeta'))**2
    if isinstance(x, _sm.MatrixBase):
        return x.applyfunc(lambda e: e*one)
    return x*one
'''


def reading(chapter):
    """Around every read of ``chapter``: what it reads is the part the
    assignment and these tests use (:func:`tests.reuse.assignment`)."""
    return reading_part(chapter, "assignment")


def checks_of(chapter):
    with reading(chapter):
        return chapter_checks(chapter)


@pytest.fixture(scope="module", params=CHAPTERS, ids=lambda p: p.stem)
def assignment(request, tmp_path_factory):
    chapter = request.param
    start = time.monotonic()
    with reading(chapter):
        folder = autograder.assign(chapter, tmp_path_factory.mktemp("autograder"))
    print(f"{chapter.stem}: assignment generated in {time.monotonic() - start:.0f} s")
    return chapter, folder


def grade(folder, notebook, tmp_path, name):
    """otter run on ``notebook``: {question: (score, max_score)}."""
    submission = tmp_path / f"{name}.ipynb"
    nbformat.write(notebook, submission)
    out = tmp_path / f"{name}-results"
    out.mkdir()
    start = time.monotonic()
    log = tmp_path / f"{name}-run.log"
    result = autograder.run_otter(["run", "-a", str(autograder.autograder_zip(folder)),
                                   "-o", str(out), str(submission)], tmp_path, log,
                                  timeout=autograder.OTTER_RUN_TIMEOUT)
    print(f"{name}: graded in {time.monotonic() - start:.0f} s")
    assert result.returncode == 0, log.read_text()[-4000:]
    tests = json.loads((out / "results.json").read_text())["tests"]
    return {t["name"]: (t["score"], t["max_score"]) for t in tests if "max_score" in t}


def solutions(folder, chapter):
    return nbformat.read(folder / "dist" / "autograder" / f"{chapter.stem}.ipynb", as_version=4)


def after_answers(notebook, checks, code_of):
    """``notebook`` with a cell after each answer's solution cell."""
    for item in checks:
        line = f"{item['variable']} = {item['variable']}  # SOLUTION"
        (index,) = [i for i, c in enumerate(notebook.cells)
                    if c.cell_type == "code" and line in c.source.splitlines()]
        notebook.cells.insert(index + 1, nbformat.v4.new_code_cell(code_of(item)))
    return notebook


def test_the_module_doctests():
    failures, tried = doctest.testmod(autograder)
    assert tried and not failures


def test_what_these_tests_read_of_a_chapter_leaves_out_its_prose(tmp_path):
    """:func:`reading`'s part of a chapter changes with its code and its
    exercises' statements, not with its prose elsewhere (so a prose edit does
    not make the assignment again)."""
    from tests.reuse import PARTS

    (chapter,) = [c for c in CHAPTERS if c.stem == "partial-velocities"]
    text = chapter.read_text(encoding="utf-8")
    copy = tmp_path / chapter.name

    def part(edit, new):
        assert text.count(edit) == 1, edit
        copy.write_text(text.replace(edit, new), encoding="utf-8")
        return PARTS["assignment"](copy)

    unchanged = PARTS["assignment"](chapter)
    prose = "whole system. Kane's method does not ask"
    assert part(prose, prose + " first") == unchanged
    statement = "A Chaplygin sleigh is a rigid body"
    assert part(statement, "A Chaplygin sleigh is a body") != unchanged
    code = "a = sm.symbols('a', positive=True)"
    assert part(code, "a = sm.symbols('a', nonnegative=True)") != unchanged


def test_a_hung_otter_is_killed_and_run_again(tmp_path, monkeypatch):
    """A fake ``otter`` that hangs twice and then succeeds: the third attempt counts."""
    calls = tmp_path / "calls"
    fake = tmp_path / "bin" / "otter"
    fake.parent.mkdir()
    fake.write_text(f"#!/bin/sh\necho call >> {calls}\n"
                    f"[ $(wc -l < {calls}) -ge 3 ] && exit 0\nexec sleep 60\n")
    fake.chmod(0o755)
    monkeypatch.setenv("PATH", f"{fake.parent}{os.pathsep}{os.environ['PATH']}")
    monkeypatch.delenv(EXECUTION_LOG, raising=False)   # a fake run executes no chapter
    log = tmp_path / "run.log"
    result = autograder.run_otter(["run"], tmp_path, log, timeout=1)
    assert result.returncode == 0
    assert calls.read_text().count("call") == 3
    assert "attempt 2 of 3" in log.read_text()


def test_worked_solutions_score_full_marks(assignment):
    """``otter assign`` grades the worked solutions itself (``run_tests``) and
    fails unless they score full marks, so the fixture's assignment proves it;
    here: that the check is on, and one point per check is at stake."""
    chapter, folder = assignment
    master = nbformat.read(folder / f"{chapter.stem}.ipynb", as_version=4)
    config = yaml.safe_load(master.cells[0].source.split("\n", 1)[1])
    assert config["run_tests"] is True
    hidden = [c.source for c in master.cells
              if c.cell_type == "code" and "hidden: true" in c.source]
    assert len(hidden) == len(checks_of(chapter))
    assert all("points: 1" in source for source in hidden)
    assert "attempt" not in (folder / "assign.log").read_text(), "otter assign hung"


def test_a_sign_error_loses_its_point_another_form_keeps_them(assignment, tmp_path):
    """One graded run: every answer rewritten in another form, the last one also negated."""
    chapter, folder = assignment
    checks = checks_of(chapter)
    wrong = checks[-1]
    notebook = solutions(folder, chapter)
    notebook.cells.insert(0, nbformat.v4.new_code_cell(OTHER_FORM))
    mutated = after_answers(notebook, checks, lambda item: (
        f"{item['variable']} = {'-' if item is wrong else ''}_other_form({item['variable']})"))
    scores = grade(folder, mutated, tmp_path, "sign-error-and-other-forms")
    question = autograder.exercise_of(wrong["name"], wrong["exercise"])
    score, maximum = scores.pop(question)
    assert score == maximum - 1, f"{question}: a sign error scored {score} of {maximum}"
    assert all(s == m for s, m in scores.values()), scores


# What a student types for partial-velocities, in forms other than the solution's.
TYPED = {
    "q1_dot": "u1 - L*u2*(sm.cos(q2/2)**2 - sm.sin(q2/2)**2)",
    "v_B_2": "L*R.x - L*sm.cos(q2)*N.x",
    "v_B_t": "V*N.x",
    "Fr": "sm.Matrix([l*(Fx*sm.cos(qr) + Fy*sm.sin(qr)) for qr in q])",
    "An": "sm.Matrix([[0, sm.sin(q1)/sm.cos(q1)]])",
    "vt_G_2": "(N.x + sm.tan(q1)*N.y)",
}


@pytest.mark.parametrize("assignment", [c for c in CHAPTERS if c.stem == "partial-velocities"],
                         ids=lambda p: p.stem, indirect=True)
def test_typed_answers_in_the_student_notebook(assignment, tmp_path):
    chapter, folder = assignment
    notebook = nbformat.read(folder / "dist" / "student" / f"{chapter.stem}.ipynb", as_version=4)
    for cell in notebook.cells:
        for variable, answer in TYPED.items():
            cell.source = cell.source.replace(f"{variable} = ...", f"{variable} = {answer}")
    scores = grade(folder, notebook, tmp_path, "typed")
    assert sum(s for s, _ in scores.values()) == len(TYPED), scores


@pytest.mark.parametrize("assignment", [c for c in CHAPTERS if c.stem == "partial-velocities"],
                         ids=lambda p: p.stem, indirect=True)
def test_a_dishonest_notebook_scores_nothing(assignment, tmp_path):
    chapter, folder = assignment
    notebook = nbformat.read(folder / "dist" / "student" / f"{chapter.stem}.ipynb", as_version=4)
    cheat = inspect.getsource(cheating) + "\nreplace_the_checks()\n"
    first = next(i for i, c in enumerate(notebook.cells) if "import mechlib" in c.source)
    notebook.cells.insert(first + 1, nbformat.v4.new_code_cell(cheat))
    for item in checks_of(chapter):
        if item["name"] == "pv-belt-v-B-t":
            continue   # V N.x: a line through its values is the answer itself; left ...
        for cell in notebook.cells:
            cell.source = cell.source.replace(
                f"{item['variable']} = ...", f"{item['variable']} = interpolant({item['name']!r})")
    scores = grade(folder, notebook, tmp_path, "dishonest")
    assert scores and sum(s for s, _ in scores.values()) == 0, scores


def test_student_notebook_has_no_solution(assignment):
    chapter, folder = assignment
    notebook = nbformat.read(folder / "dist" / "student" / f"{chapter.stem}.ipynb", as_version=4)
    source = jupytext_cells(chapter)
    text = "\n".join(c.source for c in notebook.cells)
    worked = {line.strip() for line in source["solution"] if len(line.strip()) >= 25}
    outside = "\n".join(source["other"])
    leaked = [line for line in worked if line not in outside and line in text]
    assert not leaked, f"{chapter.stem}: solution lines in the student notebook: {leaked[:3]}"
    assert "BEGIN SOLUTION" not in text and "# SOLUTION" not in text
    for item in checks_of(chapter):
        assert f"{item['variable']} = ..." in text
    tests = json.dumps(notebook.metadata.get("otter", {}))
    assert "'hidden': True" not in tests and '"hidden": true' not in tests


def jupytext_cells(chapter):
    """The code lines of a chapter's solution cells and of its other cells."""
    import jupytext

    with reading(chapter):
        notebook = jupytext.read(chapter)
    inside = solution_cells(notebook)
    lines = {"solution": [], "other": []}
    for index, cell in enumerate(notebook.cells):
        if cell.cell_type == "code":
            lines["solution" if index in inside else "other"] += cell.source.splitlines()
    return lines
