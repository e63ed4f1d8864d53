"""The autograder (scripts/autograder.sh, then python -m bookkit.grade).

For every chapter with checked exercises, the otter master notebook is
checked without otter; for two chapters (OTTER_RUNS) the module fixture makes
the assignment (``otter assign``, then the worked solutions graded by
:mod:`bookkit.grade`, which must score full marks) into a temporary
folder; then batches of submissions are graded as an instructor grades them,
into a CSV:

- the worked solutions score full marks, and the same notebook with every
  answer rewritten in another, equal form (a Vector expressed in a new frame
  turned by a free angle from one of its frames, a scalar or matrix
  multiplied by sin²ζ + cos²ζ) and the last answer also negated loses that
  check's point and keeps every other;
- for partial-velocities: a student's notebook with answers typed in another
  form scores full marks; each cheat of ``tests/cheating.py`` that scored full
  marks when the hidden tests ran in the student's kernel scores nothing: (a)
  a fake ``sys.modules`` entry, (b) the grading module rewritten on disk,
  (c) an answer that reads the expected value from the grader's frames, (d)
  SymPy's ``N`` replaced, and the polynomial through the stored values with
  ``ml.check`` replaced; so do answers crafted to run code when the grader
  reads them; an endless loop in one cell (interruptible or not) costs that
  cell's answers, and the batch of two goes on;
- the student notebook holds no line of a worked solution and no hidden test.

The whitelist reader of answers' trees has unit tests of its own here.
"""

from __future__ import annotations

import csv
import inspect
import json
import os
import subprocess
import sys
import time
import zipfile

import nbformat
import pytest
import sympy as sm
import yaml

from bookkit import autograder, grade
from bookkit.chapters import chapter_checks, solution_cells
from bookkit.notebooks import EXECUTION_LOG
from mechlib.book import grading
from tests import cheating
from tests.reader_environment import ROOT
from tests.references import checked_chapters
from tests.typed_answers import typed_answers

#: The chapters that otter assigns and the grader grades in batches here: what
#: otter and the grader do depends on the chapter only through the master
#: notebook (checked for every chapter by
#: test_every_chapter_makes_a_master_notebook) and the answers' kinds, which
#: these two cover (scalars, Vectors in several frames, matrices); every
#: chapter's worked answers and their wrong forms are judged by the grader's
#: comparison in tests/mechlib/test_check_verdicts.py.
OTTER_RUNS = ("partial-velocities", "generalized-active-forces")
CHAPTERS = [c for c in checked_chapters() if c.stem in OTTER_RUNS]
PARTIAL_VELOCITIES = [c for c in CHAPTERS if c.stem == "partial-velocities"]

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


_ASSIGNMENTS = {}


def assign(chapter, tmp_path_factory):
    """The assignment of ``chapter``, made once for this module with the
    instructors' command (``scripts/autograder.sh`` runs it)."""
    if chapter not in _ASSIGNMENTS:
        start = time.monotonic()
        output = tmp_path_factory.mktemp("autograder")
        subprocess.run([sys.executable, "-m", "bookkit.autograder", str(chapter),
                        "--output", str(output)], check=True, cwd=ROOT)
        _ASSIGNMENTS[chapter] = output / chapter.stem
        print(f"{chapter.stem}: assignment made and its solutions graded in "
              f"{time.monotonic() - start:.0f} s")
    return _ASSIGNMENTS[chapter]


@pytest.fixture(scope="module", params=CHAPTERS, ids=lambda p: p.stem)
def assignment(request, tmp_path_factory):
    return request.param, assign(request.param, tmp_path_factory)


def batch(folder, notebooks, tmp_path, *options, **limits):
    """``python -m bookkit.grade`` on ``{name: notebook}``, as an instructor
    runs it: ``{name: row}`` of the CSV it writes (scores as integers)."""
    paths = []
    for name, notebook in notebooks.items():
        paths.append(tmp_path / f"{name}.ipynb")
        nbformat.write(notebook, paths[-1])
    out = tmp_path / "scores.csv"
    start = time.monotonic()
    arguments = [str(folder), *map(str, paths), "--out", str(out), *options]
    for key, value in limits.items():
        arguments += [f"--{key.replace('_', '-')}", str(value)]
    subprocess.run([sys.executable, "-m", "bookkit.grade", *arguments], check=True,
                   cwd=tmp_path)
    print(f"{len(paths)} graded in {time.monotonic() - start:.0f} s")
    with out.open(newline="", encoding="utf-8") as stream:
        rows = list(csv.DictReader(stream))
    assert [r["submission"] for r in rows] == [str(p) for p in paths]
    questions = [q["name"] for q in manifest(folder)["questions"]]
    assert list(rows[0]) == ["submission", *questions, "total", "max", "notes"]
    return {name: {k: (v if k in ("submission", "notes") else int(v)) for k, v in row.items()}
            for name, row in zip(notebooks, rows, strict=True)}


def manifest(folder):
    with zipfile.ZipFile(grade.autograder_zip(folder)) as archive:
        return json.loads(archive.read(grade.MANIFEST))


def scores(row):
    return {k: v for k, v in row.items() if k not in ("submission", "total", "max", "notes")}


def solutions(folder, chapter):
    return nbformat.read(folder / "dist" / "autograder" / f"{chapter.stem}.ipynb", as_version=4)


def student(folder, chapter):
    return nbformat.read(folder / "dist" / "student" / f"{chapter.stem}.ipynb", as_version=4)


def after_answers(notebook, checks, code_of):
    """``notebook`` with a cell after each answer's solution cell."""
    for item in checks:
        line = f"{item['variable']} = {item['variable']}  # SOLUTION"
        (index,) = [i for i, c in enumerate(notebook.cells)
                    if c.cell_type == "code" and line in c.source.splitlines()]
        notebook.cells.insert(index + 1, nbformat.v4.new_code_cell(code_of(item)))
    return notebook


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
    result = autograder.run_otter(["assign"], tmp_path, log, timeout=1)
    assert result.returncode == 0
    assert calls.read_text().count("call") == 3
    assert "attempt 2 of 3" in log.read_text()


@pytest.mark.parametrize("chapter", checked_chapters(), ids=lambda p: p.stem)
def test_every_chapter_makes_a_master_notebook(chapter):
    """Every chapter's otter master notebook, without running otter: its
    configuration runs no test in the student's kernel; one question per
    checked exercise, named as the grader's manifest names it, each with
    its worked solution between otter's solution markers, a ``VAR = VAR  #
    SOLUTION`` line per answer and a public test per check (no hidden test);
    every code cell is Python."""
    import ast

    from mechlib.book.slicing import python_source

    master = autograder.master_notebook(chapter)
    config = yaml.safe_load(master.cells[0].source.split("\n", 1)[1])
    assert config["run_tests"] is False and config["name"] == chapter.stem
    text = "\n".join(c.source for c in master.cells)
    assert "hidden: true" not in text
    questions = [yaml.safe_load(c.source.split("\n", 1)[1])["name"] for c in master.cells
                 if c.cell_type == "raw" and c.source.startswith("# BEGIN QUESTION")]
    graded = autograder.manifest(chapter)["questions"]
    assert questions == [q["name"] for q in graded]
    for item in chapter_checks(chapter):
        assert f"{item['variable']} = {item['variable']}  # SOLUTION" in text, item["name"]
        assert f'ml.check("{item["name"]}", {item["variable"]})' in text, item["name"]
    assert text.count("# BEGIN SOLUTION NO PROMPT") == len(questions)
    for cell in master.cells:
        if cell.cell_type == "code":
            ast.parse(python_source(cell.source))


def test_the_autograder_grades_outside_the_kernel(assignment):
    """No hidden test runs in the student's kernel: the master notebook has
    only the public ``ml.check`` tests, the zip runs bookkit.grade, not
    otter's run_otter.py, and carries every check's worked expressions."""
    chapter, folder = assignment
    master = nbformat.read(folder / f"{chapter.stem}.ipynb", as_version=4)
    config = yaml.safe_load(master.cells[0].source.split("\n", 1)[1])
    # otter would run the public tests in the solutions' own kernel: they are
    # graded outside it instead (autograder.assign), once
    assert config["run_tests"] is False
    text = "\n".join(c.source for c in master.cells)
    assert "hidden: true" not in text and "run_path" not in text
    with zipfile.ZipFile(grade.autograder_zip(folder)) as archive:
        names = archive.namelist()
        run = archive.read("run_autograder").decode()
        assert archive.getinfo("run_autograder").external_attr >> 16 & 0o111
    assert "run_otter.py" not in names
    assert "python -m bookkit.grade --gradescope" in run
    checks = chapter_checks(chapter)
    graded = [c for q in manifest(folder)["questions"] for c in q["checks"]]
    assert [c["name"] for c in graded] == [c["name"] for c in checks]
    assert all(c["worked"]["answer"] for c in graded)
    assert "attempt" not in (folder / "assign.log").read_text(), "otter assign hung"


def test_worked_solutions_score_full_marks_a_sign_error_loses_its_point(assignment, tmp_path):
    """The worked solutions scored full marks when the assignment was made
    (``autograder.assign`` grades them and stops otherwise); graded as an
    instructor grades a class, the same notebook with every answer in another
    form, the last one also negated, loses that one point and no other."""
    chapter, folder = assignment
    checks = chapter_checks(chapter)
    wrong = checks[-1]
    mutated = solutions(folder, chapter)
    mutated.cells.insert(0, nbformat.v4.new_code_cell(OTHER_FORM))
    after_answers(mutated, checks, lambda item: (
        f"{item['variable']} = {'-' if item is wrong else ''}_other_form({item['variable']})"))
    rows = batch(folder, {"sign-error": mutated}, tmp_path)
    question = autograder.exercise_of(wrong["name"], wrong["exercise"])
    points = full_marks(chapter)
    expected = {**points, question: points[question] - 1}
    assert scores(rows["sign-error"]) == expected, rows["sign-error"]
    assert f"{wrong['name']}: Not yet: " in rows["sign-error"]["notes"]


# What a student types for partial-velocities, in forms other than the solution's.
TYPED = {
    "q1_dot": "u1 - L*u2*(sm.cos(q2/2)**2 - sm.sin(q2/2)**2)",
    "v_B_2": "L*R.x - L*sm.cos(q2)*N.x",
    "v_B_t": "V*N.x",
    "Fr": "sm.Matrix([l*(Fx*sm.cos(qr) + Fy*sm.sin(qr)) for qr in q])",
    "An": "sm.Matrix([[0, sm.sin(q1)/sm.cos(q1)]])",
    "vt_G_2": "(N.x + sm.tan(q1)*N.y)",
}


def typed_in_full(chapter):
    """{variable: code} for every answer of ``chapter`` as a student types
    it: TYPED's own form where it has one, else the worked answer written
    with the exercise's names (tests/typed_answers.py), so that a new
    exercise in the chapter needs no line here."""
    variables = {c["name"]: c["variable"] for c in chapter_checks(chapter)}
    worked = {variables[name]: answer["typed"]
              for name, answer in typed_answers(chapter.stem).items()}
    return {**worked, **TYPED}


def full_marks(chapter):
    """{question: its points} of ``chapter``, a point for each check of each
    exercise, read from the chapter itself: what the grader must give, not
    what the assignment it made says."""
    points = {}
    for check in chapter_checks(chapter):
        question = autograder.exercise_of(check["name"], check["exercise"])
        points[question] = points.get(question, 0) + 1
    return points


def question_of(chapter, variable):
    """The question of the answer ``variable`` of ``chapter``."""
    (check,) = [c for c in chapter_checks(chapter) if c["variable"] == variable]
    return autograder.exercise_of(check["name"], check["exercise"])


def typed(notebook, answers):
    for cell in notebook.cells:
        for variable, answer in answers.items():
            cell.source = cell.source.replace(f"{variable} = ...", f"{variable} = {answer}")
    return notebook


def with_cell(notebook, source):
    """``notebook`` with a cell after the one that imports mechlib."""
    first = next(i for i, c in enumerate(notebook.cells) if "import mechlib" in c.source)
    notebook.cells.insert(first + 1, nbformat.v4.new_code_cell(source))
    return notebook


CHEAT = inspect.getsource(cheating)
#: Where a crafted answer would leave a file if the grader ran its code.
MARKER = "/tmp/mechlib-grader-ran-student-code"


def cheats(folder, chapter):
    """The dishonest notebooks: ``{name: notebook}``."""
    checks = chapter_checks(chapter)

    def answers(make):
        return {c["variable"]: make(c["name"]) for c in checks}

    code = f"__import__('os').system('touch {MARKER}')"
    crafted = (
        f"class Crafted:\n"
        f"    def __reduce__(self):\n"
        f"        return (__import__('os').system, ('touch {MARKER}',))\n"
        f"    def __repr__(self):\n"
        f"        __import__('os').system('touch {MARKER}')\n"
        f"        return 'Crafted()'\n"
        f"class CraftedExpr(sm.Expr):\n"
        f"    def _sympystr(self, printer):\n"
        f"        __import__('os').system('touch {MARKER}')\n"
        f"        return {code!r}\n")
    return {
        "a-sys-modules": typed(with_cell(student(folder, chapter),
                                         CHEAT + "\nfake_grading_modules()\n"),
                               answers(lambda n: "0")),
        "b-grading-file": typed(with_cell(student(folder, chapter),
                                          CHEAT + "\noverwrite_grading_files()\n"),
                                answers(lambda n: "0")),
        "c-stack-frames": typed(with_cell(student(folder, chapter), CHEAT),
                                answers(lambda n: f"oracle({n!r})")),
        "d-sympy-patched": typed(with_cell(student(folder, chapter),
                                           CHEAT + "\npatch_sympy()\n"),
                                 answers(lambda n: f"zero({n!r})")),
        "interpolant": typed(with_cell(student(folder, chapter),
                                       CHEAT + "\nreplace_the_checks()\n"),
                             {c["variable"]: f"interpolant({c['name']!r})" for c in checks
                              if c["name"] != "pv-belt-v-B-t"}),  # V N.x: the answer itself
        "crafted": typed(with_cell(student(folder, chapter), crafted), {
            "q1_dot": f"sm.Symbol({code!r})",
            "v_B_2": f"sm.Function({code!r})(me.dynamicsymbols._t)*N.x",
            "v_B_t": repr(code),                   # a string, which sympify would run
            "Fr": "Crafted()",
            "An": "sm.Matrix([[CraftedExpr(), 0]])",
            "vt_G_2": f"sm.Symbol('x', **{{{code!r}: True}})*N.x",
        }),
    }


@pytest.fixture(scope="module", params=PARTIAL_VELOCITIES, ids=lambda p: p.stem)
def cheated(request, tmp_path_factory):
    """Every dishonest notebook of partial-velocities, graded in one batch."""
    chapter = request.param
    folder = assign(chapter, tmp_path_factory)
    if os.path.exists(MARKER):
        os.remove(MARKER)
    rows = batch(folder, cheats(folder, chapter), tmp_path_factory.mktemp("cheats"))
    ran = os.path.exists(MARKER)
    return rows, ran


#: Each dishonest notebook of :func:`cheats`, and why it scores nothing. (A
#: student's typed right answers score in full: test_grading_sandbox.py.)
CHEATS = {
    "a-sys-modules": "the grader imports nothing from the student's process",
    "b-grading-file": "of the grading modules the notebook rewrites, none is the "
                      "grader's (they are outside its sandbox)",
    "c-stack-frames": "an answer leaves the kernel as data",
    "d-sympy-patched": "the grader's SymPy is not the kernel's",
    "interpolant": "replaced checks and an interpolant are not the grader's checks",
    "crafted": "an answer is read as data, never run",
}


@pytest.mark.parametrize("name", CHEATS)
def test_a_dishonest_notebook_scores_nothing(cheated, name):
    rows, _ = cheated
    assert rows[name]["total"] == 0, (CHEATS[name], rows[name])


def test_an_answer_the_grader_cannot_read_is_said_so(cheated):
    """(c): a class the grader does not know is not read."""
    rows, _ = cheated
    assert "Oracle, which the grader does not read" in rows["c-stack-frames"]["notes"]


def test_answers_crafted_to_run_code_run_nothing(cheated):
    """A Symbol, a function or an assumption named with code, a string of
    code, an object whose pickling or repr runs code, an expression whose
    printing runs code: nothing is executed."""
    _, ran = cheated
    assert not ran, "reading a crafted answer ran its code"


@pytest.mark.parametrize("assignment", PARTIAL_VELOCITIES, ids=lambda p: p.stem, indirect=True)
def test_an_endless_loop_costs_its_cell_and_the_batch_goes_on(assignment, tmp_path):
    """A batch of two worked solutions, each with an endless loop that
    replaces an answer: one the kernel's interrupt stops (pv-belt), one that
    ignores it (pv-sleigh's, the last question: the kernel is killed, and the
    cells after it run in a new one). Each cell may run 5 s."""
    chapter, folder = assignment
    checks = {c["variable"]: c for c in chapter_checks(chapter)}

    def looping(variable, source):
        return after_answers(solutions(folder, chapter), [checks[variable]],
                             lambda item: f"{variable} = None\n{source}")

    start = time.monotonic()
    rows = batch(folder, {
        "loop": looping("v_B_t", "while True:\n    pass"),
        "loop-ignoring-interrupts": looping(
            "vt_G_2", "import signal\nsignal.signal(signal.SIGINT, signal.SIG_IGN)\n"
                      "while True:\n    pass"),
    }, tmp_path, cell_time_limit=5)
    assert time.monotonic() - start < 150
    points = full_marks(chapter)
    looped = question_of(chapter, "v_B_t")
    assert scores(rows["loop"]) == {**points, looped: points[looped] - 1}, rows["loop"]
    assert "timed out: cell" in rows["loop"]["notes"]
    ignoring = rows["loop-ignoring-interrupts"]
    assert scores(ignoring) == {**points, question_of(chapter, "vt_G_2"): 0}, ignoring
    assert "kernel restarted after cell" in ignoring["notes"]


def test_student_notebook_has_no_solution(assignment):
    chapter, folder = assignment
    notebook = student(folder, chapter)
    source = jupytext_cells(chapter)
    text = "\n".join(c.source for c in notebook.cells)
    worked = {line.strip() for line in source["solution"] if len(line.strip()) >= 25}
    outside = "\n".join(source["other"])
    leaked = [line for line in worked if line not in outside and line in text]
    assert not leaked, f"{chapter.stem}: solution lines in the student notebook: {leaked[:3]}"
    assert "BEGIN SOLUTION" not in text and "# SOLUTION" not in text
    for item in chapter_checks(chapter):
        assert f"{item['variable']} = ..." in text
    tests = json.dumps(notebook.metadata.get("otter", {}))
    assert "'hidden': True" not in tests and '"hidden": true' not in tests


def jupytext_cells(chapter):
    """The code lines of a chapter's solution cells and of its other cells."""
    import jupytext

    notebook = jupytext.read(chapter)
    inside = solution_cells(notebook)
    lines = {"solution": [], "other": []}
    for index, cell in enumerate(notebook.cells):
        if cell.cell_type == "code":
            lines["solution" if index in inside else "other"] += cell.source.splitlines()
    return lines


# --- the reader of answers' trees (no notebook) -----------------------------------------

def _marker(tmp_path):
    return tmp_path / "ran"


CODE_STRINGS = ["__import__('os').system('touch {m}')",
                "(lambda: open('{m}', 'w'))()",
                "Symbol('x').__class__.__init__.__globals__['os'].system('touch {m}')"]


@pytest.mark.parametrize("code", CODE_STRINGS)
def test_a_tree_with_code_runs_nothing(tmp_path, code):
    """Code anywhere in a tree: a name (Symbol, function, frame, assumption),
    a number's digits, a head, a kind; sympify of the same text would run it."""
    code = code.format(m=_marker(tmp_path))
    trees = [
        {"kind": "scalar", "expr": ["Symbol", code, {}]},
        {"kind": "scalar", "expr": ["Function", code, ["Symbol", "t", {}]]},
        {"kind": "scalar", "expr": ["Symbol", "x", {code: True}]},
        {"kind": "scalar", "expr": ["Integer", code]},
        {"kind": "scalar", "expr": ["Float", code, 53]},
        {"kind": "scalar", "expr": [code, ["Integer", "1"]]},
        {"kind": "scalar", "expr": code},
        {"kind": code},
        {"kind": "vector", "parts": [[code, [["Integer", "1"]] * 3]]},
        {"kind": "matrix", "shape": [1, 1], "entries": [["Symbol", code, {}]]},
    ]
    from mechlib.book.record import worked_form
    worked = worked_form("xx-demo-a", sm.Symbol("x"))
    for tree in trees:
        result = grading.grade_tree("xx-demo-a", json.loads(json.dumps(tree)), worked)
        assert not result.correct, tree
    assert not _marker(tmp_path).exists()
    if code.startswith("__import__"):          # what the parser avoids
        sm.sympify(code)
        assert _marker(tmp_path).exists()


def test_a_tree_too_large_is_refused_quickly():
    """Depth, size, digits, a power of a big number: refused, in well under a second."""
    deep = ["Symbol", "x", {}]
    for _ in range(200):
        deep = ["sin", deep]
    wide = ["Add", *[["Symbol", f"x{i}", {}] for i in range(30000)]]
    tower = ["Pow", ["Integer", "9" * 100], ["Integer", "9" * 100]]
    nested = ["Integer", "10"]
    for _ in range(4):
        nested = ["Pow", nested, ["Integer", "1000"]]
    start = time.monotonic()
    for expr in (deep, wide, tower, nested, ["Integer", "1" * 5000]):
        with pytest.raises(grading.TreeError):
            grading.from_tree({"kind": "scalar", "expr": expr})
    assert time.monotonic() - start < 2


def test_trees_round_trip():
    """What the exporter writes, the reader reads back as the same objects."""
    import sympy.physics.mechanics as me

    t = me.dynamicsymbols._t
    q, u = me.dynamicsymbols("q u")
    L = sm.Symbol("L", positive=True)
    N = me.ReferenceFrame("N")
    R = N.orientnew("R", "Axis", (q, N.z))
    values = [L * sm.sin(q) ** 2 / 3 + sm.Rational(1, 7) * u - sm.pi * sm.E,
              q.diff(t, 2) + sm.atan2(q, L) + sm.Float("0.125") + sm.I * sm.exp(-q),
              sm.Matrix([[sm.Abs(q), sm.log(L)], [0, sm.sqrt(2)]]),
              [q, u], ..., 0, 2.5]
    for value in values:
        back = grading.from_tree(json.loads(json.dumps(grading.to_tree(value))))
        assert back == (sm.ImmutableMatrix(value) if isinstance(value, sm.MatrixBase) else
                        value if value is ... or isinstance(value, list) else sm.sympify(value))
    vector = L * u * R.y
    back = grading.from_tree(grading.to_tree(vector, "N"))
    frame = back.args[0][1]
    assert frame.name == "N"
    assert sm.simplify(back.dot(frame.y) - L * u * sm.cos(q)) == 0
    back = grading.from_tree(grading.to_tree(vector))        # in R, the frame it is written in
    assert back.args[0][1].name == "R"


def test_every_worked_answer_survives_the_trip_out_of_the_kernel():
    """Each worked answer of every chapter, written as a tree by the exporter
    and read back by the grader, is graded correct (no class of the worked
    answers is missing from the whitelist)."""
    from bookkit.generate_checks import WORKED
    from mechlib.book.record import scalars_in

    def value(answer):
        import sympy.physics.mechanics as me

        if answer["kind"] == "scalar":
            return sm.sympify(answer["expr"])       # the instructors' srepr
        if answer["kind"] == "vector":
            frame = me.ReferenceFrame(answer["frame"] or "N")
            x, y, z = (value(c) for c in answer["components"])
            return x * frame.x + y * frame.y + z * frame.z
        if answer["kind"] == "matrix":
            return sm.Matrix(*answer["shape"], [value(e) for e in answer["entries"]])
        return [value(item) for item in answer["items"]]

    wrong = []
    for path in sorted(WORKED.glob("*.json")):
        for name, worked in json.loads(path.read_text())["checks"].items():
            assert scalars_in(worked["answer"])
            frame = worked["answer"].get("frame")
            tree = json.loads(json.dumps(grading.to_tree(value(worked["answer"]), frame)))
            result = grading.grade_tree(name, tree, worked)
            if not result.correct:
                wrong.append(f"{name}: {result.message}")
    assert not wrong, wrong
