"""An instructor's own assignment (bookkit/assignment.py), taken the
instructor's and the students' paths with the example the repository holds
(``examples/assignment/``):

- ``python -m bookkit.assignment build`` with its roster and a secret makes
  one notebook per student and the autograder zip, outside the repository,
  and writes nothing in it;
- nothing a student receives holds a worked expression, a value of the
  answers, another student's values, or the secret;
- before handing in, ``ml.check`` in a student's kernel says what is wrong
  with an answer's form, and never whether it is right;
- ``python -m bookkit.grade`` grades each submission against its submitter's
  own variant, the submitter known from the file's name: an honest student
  scores full marks, a student who hands in a friend's notebook, or edits
  the injected values to a friend's, scores nothing where the variants
  differ. (Gradescope's path, the submitter known from
  ``submission_metadata.json``, is in tests/test_grading_sandbox.py.)
"""

from __future__ import annotations

import csv
import json
import os
import re
import subprocess
import sys
import zipfile
from pathlib import Path

import jupytext
import nbformat
import pytest

from bookkit.chapters import REPOSITORY

EXAMPLE = REPOSITORY / "examples" / "assignment"
SOURCE = EXAMPLE / "arm-force.md"
ROSTER = EXAMPLE / "roster.csv"
#: A secret of the test's own (an instructor keeps theirs out of every repository).
SECRET = "test-secret-" + "5" * 40


def _git_status():
    return subprocess.run(["git", "status", "--porcelain", "--untracked-files=all"],
                          cwd=REPOSITORY, capture_output=True, text=True, check=True).stdout


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    return build_example(tmp_path_factory)


def build_example(tmp_path_factory):
    """The example built as an instructor builds it; (folder, manifest, git
    status before, after)."""
    base = tmp_path_factory.mktemp("instructor")
    (base / "SECRET").write_text(SECRET)
    before = _git_status()
    result = subprocess.run(
        [sys.executable, "-m", "bookkit.assignment", "build", str(SOURCE),
         "--out", str(base / "out"), "--roster", str(ROSTER),
         "--secret-file", str(base / "SECRET")],
        cwd=REPOSITORY, capture_output=True, text=True,
        env={**os.environ, "PYTHONDONTWRITEBYTECODE": "1"})
    assert result.returncode == 0, result.stderr[-3000:]
    with zipfile.ZipFile(base / "out" / "autograder.zip") as archive:
        manifest = json.loads(archive.read("grading/manifest.json"))
    return base / "out", manifest, before, _git_status()


def _students():
    with open(ROSTER, newline="") as stream:
        return [row["student_id"] for row in csv.DictReader(stream)]


def _differing_pair(manifest):
    """Two students whose worked answers differ in every check."""
    variants, students = manifest["variants"], manifest["students"]
    for a in students:
        for b in students:
            if a != b and all(variants[students[a]][c] != variants[students[b]][c]
                              for c in variants[students[a]]):
                return a, b
    pytest.fail(f"no two students of {ROSTER} differ in every answer with the test's "
                "secret; change SECRET")


def test_build_makes_a_notebook_per_student_and_writes_nothing_in_the_repository(built):
    folder, manifest, before, after = built
    assert after == before
    assert sorted(p.name for p in (folder / "students").iterdir()) == \
        [f"{s}.ipynb" for s in sorted(_students())]
    assert (folder / "autograder.zip").is_file()
    assert sorted(manifest["students"]) == sorted(_students())
    assert manifest["identities"]["ada@example.edu"] == "ada"


def _scalars(stored):
    if stored["kind"] == "scalar":
        return [stored["expr"]]
    parts = stored.get("components") or stored.get("entries") or stored.get("items") or []
    return [e for part in parts for e in _scalars(part)]


def test_nothing_of_an_answer_in_what_students_get(built):
    """Every file a student receives: no worked expression (as srepr or as
    printed), no stored value, no other student's values or id, no secret."""
    import sympy as sm

    folder, manifest, _, _ = built
    worked = [e for variant in manifest["variants"].values() for form in variant.values()
              for e in _scalars(form["answer"])]
    printed = {str(sm.sympify(e)) for e in worked} - {"0"}
    assert worked and printed
    for path in sorted((folder / "students").iterdir()):
        text = path.read_text(encoding="utf-8")
        me = path.stem
        notebook = nbformat.reads(text, as_version=4)
        assert set(notebook.metadata) == {"kernelspec", "language_info"}
        assert all(set(c.metadata) <= {"tags"} for c in notebook.cells)
        assert SECRET not in text
        for expression in worked:
            assert expression not in text
        for expression in printed:
            assert expression not in text and expression.replace(" ", "") not in text
        assert not re.search(r'"(values|digests|scales|worked|positive)"', text)
        mine = next(c.source for c in notebook.cells
                    if "injected-parameters" in c.metadata.get("tags", []))
        for other in set(_students()) - {me}:
            assert not re.search(rf"\b{other}\b", text), other
            theirs = _injected(folder, other)
            assert theirs == mine or theirs not in text
        assert "solution" not in text.lower()


def _injected(folder, student):
    notebook = nbformat.read(folder / "students" / f"{student}.ipynb", as_version=4)
    return next(c.source for c in notebook.cells
                if "injected-parameters" in c.metadata.get("tags", []))


def _solutions():
    """The worked solutions' code, one per answer cell, from the instructor's file."""
    source = jupytext.read(SOURCE)
    return [c.source for c in source.cells if "solution" in c.metadata.get("tags", [])]


def solved(notebook, injected=None):
    """``notebook`` as a student who solves it hands it in: each answer cell
    replaced by the worked solution's code (which uses the values the
    notebook runs with); ``injected`` replaces the injected values' cell."""
    notebook = nbformat.from_dict(json.loads(json.dumps(notebook)))
    answers = [c for c in notebook.cells if "answer" in c.metadata.get("tags", [])]
    for cell, solution in zip(answers, _solutions(), strict=True):
        cell.source = solution.replace("assert ml.check", "ml.check")
    if injected is not None:
        for cell in notebook.cells:
            if "injected-parameters" in cell.metadata.get("tags", []):
                cell.source = injected
    return notebook


def _kernel_outputs(notebook, tmp_path):
    """The text outputs of ``notebook`` run as a student runs it."""
    from nbclient import NotebookClient

    client = NotebookClient(notebook, timeout=120, kernel_name="python3",
                            resources={"metadata": {"path": str(tmp_path)}})
    os.environ.setdefault("MPLBACKEND", "Agg")
    client.execute(env={**os.environ, "PYTHONPATH": str(REPOSITORY)})
    return ["".join(o.get("text", "") or o.get("data", {}).get("text/plain", "")
                    for o in c.get("outputs", [])) for c in notebook.cells]


def test_check_says_what_is_wrong_with_a_form_before_submission(built, tmp_path):
    folder, _, _, _ = built
    notebook = nbformat.read(folder / "students" / "ada.ipynb", as_version=4)
    answers = [c for c in notebook.cells if "answer" in c.metadata.get("tags", [])]
    answers[0].source = ("u3 = me.dynamicsymbols('u3')\nv_X = u3*A.x\n"
                         'ml.check("arm-velocity", v_X)')
    answers[1].source = 'F_r = sm.Matrix([m*g, m*g, 0])\nml.check("arm-forces", F_r)'
    for solution in _solutions():
        notebook.cells.append(nbformat.v4.new_code_cell(
            solution.replace("assert ml.check", "ml.check")))
    outputs = _kernel_outputs(notebook, tmp_path)
    assert "Your values in this assignment" in outputs[3]
    velocity, forces = (outputs[notebook.cells.index(c)] for c in answers)
    right_forms = outputs[-2:]
    assert "depends on u3, which this answer cannot" in velocity
    assert "shape (3, 1); this answer has the shape (2, 1)" in forces
    for right_form in right_forms:
        assert "Form accepted" in right_form and "graded when you hand" in right_form
    assert "Correct" not in "".join(outputs)


@pytest.fixture(scope="module")
def graded(built, tmp_path_factory):
    """A local batch: ``<student_id>.ipynb`` files graded by the instructors'
    command (each sealed in bubblewrap)."""
    folder, manifest, _, _ = built
    a, b = _differing_pair(manifest)
    submissions = tmp_path_factory.mktemp("submissions")
    mine = nbformat.read(folder / "students" / f"{a}.ipynb", as_version=4)
    friend = nbformat.read(folder / "students" / f"{b}.ipynb", as_version=4)
    third = next(s for s in _students() if s not in (a, b))
    cases = {
        a: solved(mine),                                      # honest
        b: solved(mine),                                      # hands in a's notebook
        third: solved(nbformat.read(folder / "students" / f"{third}.ipynb", as_version=4),
                      injected=_injected(folder, a)),         # a's values typed in
    }
    for student, notebook in cases.items():
        nbformat.write(notebook, submissions / f"{student}.ipynb")
    nbformat.write(solved(friend), submissions / "stranger.ipynb")
    scores = submissions / "scores.csv"
    result = subprocess.run(
        [sys.executable, "-m", "bookkit.grade", str(folder),
         *sorted(map(str, submissions.glob("*.ipynb"))), "--out", str(scores),
         "--jobs", "2"], cwd=REPOSITORY, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr[-3000:]
    with open(scores, newline="") as stream:
        rows = {Path(r["submission"]).stem: r for r in csv.DictReader(stream)}
    return a, b, third, manifest, rows


def _expected_when_copying(manifest, owner, copier):
    """Points of ``copier`` handing in answers right for ``owner``'s variant."""
    variants, students = manifest["variants"], manifest["students"]
    return sum(variants[students[owner]][c] == variants[students[copier]][c]
               for c in variants[students[owner]])


def test_an_honest_student_scores_full_marks(graded):
    a, _, _, _, rows = graded
    assert rows[a]["total"] == rows[a]["max"] == "2", rows[a]["notes"]


def test_a_friends_notebook_handed_in_scores_nothing_where_variants_differ(graded):
    a, b, _, manifest, rows = graded
    assert int(rows[b]["total"]) == _expected_when_copying(manifest, a, b) == 0
    assert "Not yet" in rows[b]["notes"]


def test_values_edited_to_a_friends_score_nothing_where_variants_differ(graded):
    a, _, third, manifest, rows = graded
    assert int(rows[third]["total"]) == _expected_when_copying(manifest, a, third)
    assert int(rows[third]["total"]) < int(rows[third]["max"])


def test_a_submission_nobody_on_the_roster_handed_in_is_not_graded(graded):
    rows = graded[-1]
    assert rows["stranger"]["total"] == "0"
    assert "no student of the roster submitted this" in rows["stranger"]["notes"]


def test_the_notebook_runs_as_the_user_the_grader_asked_for(built, tmp_path):
    """In the grader's sandbox the notebook's process has the user id the
    grader chose for it: as root, one of its own that owns no file; else
    ``nobody`` in a user namespace. The answer carries the id out."""
    from bookkit import grade

    folder = built[0]
    notebook = nbformat.read(folder / "students" / "ada.ipynb", as_version=4)
    answer = next(c for c in notebook.cells if "answer" in c.metadata.get("tags", []))
    answer.source = "import os\nv_X = sm.Matrix([os.getuid(), os.getgid(), os.geteuid()])"
    path = tmp_path / "ada.ipynb"
    nbformat.write(notebook, path)
    with grade.Grader(folder, sandbox="bwrap") as grader:
        report = grader.run(path)
        expected = grader._uid(0) if os.geteuid() == 0 else 65534
    assert expected >= grade.SANDBOX_UID or (os.geteuid() != 0 and expected == 65534)
    assert report["trees"]["v_X"] == {"kind": "matrix", "shape": [3, 1], "entries": [
        ["Integer", str(expected)]] * 3}, report
