"""An instructor's own graded assignment, kept outside the book's repository.

The assignment is a MyST notebook written with the chapters' syntax
(:mod:`bookkit.chapters`): ``{exercise}`` blocks, answer cells tagged
``answer`` that end in ``ml.check("<name>", <variable>)``, and worked
solutions (``{solution-start}`` ... ``{solution-end}``, code cells tagged
``solution`` that assign the worked answer and ``assert ml.check(...)``). It
may declare parameters in a code cell tagged ``parameters`` (papermill's
convention) and, in its front matter, the values each may take::

    assignment:
      name: arm-force                 # default: the file's name
      variants:
        force_at:
          values: [P, Q]
          says: the point the force acts at
        factor: [2, 3, 5]             # values alone

One command builds it::

    python -m bookkit.assignment build FILE.md --out DIR \\
        [--roster roster.csv --secret-file SECRET]

and writes, in ``DIR`` only:

- the notebook to hand out, ``DIR/<name>.ipynb`` or, with a roster (a CSV
  with a ``student_id`` column, and ``email`` or ``sid`` to match Gradescope's
  submitters), ``DIR/students/<student_id>.ipynb``: the assignment without
  its worked solutions, with the student's values injected by papermill after
  the parameters cell (the cell prints them in words), and a first cell that
  tells ``ml.check`` the form of each answer (:func:`mechlib.book.check.
  expect_forms`: kind, shape, the symbols it may use), never a value of it;
- ``DIR/autograder.zip``, the Gradescope autograder (it runs by itself; see
  :mod:`bookkit.grade`), which holds each variant's worked expressions and
  the roster, and which ``python -m bookkit.grade DIR submissions/*.ipynb``
  grades with locally (a submission named ``<student_id>.ipynb``).

Each student's values are drawn from a keyed hash (HMAC-SHA256) of the secret,
the assignment's name, the student's id and the parameter, so that the same
roster and secret always give the same notebooks; the secret is in nothing
that this writes. The worked expressions of each distinct variant come from
running the whole assignment, solutions included, with that variant's values
(papermill, in a kernel of its own, with ``MECHLIB_CHECK_RECORD``: every
``assert ml.check(...)`` of a solution records its worked answer,
:mod:`mechlib.book.record`); no student code runs there. The grader reads a
student's id from outside the notebook (:mod:`bookkit.grade`), so a notebook
handed in under another id, or with edited values, is graded against its
submitter's own variant.

Examples
--------
>>> variant_of(b"secret", "arm", "ada", {"factor": {"values": [2, 3, 5]}})
{'factor': 3}
>>> variant_key({"factor": 5}) == variant_key({"factor": 5})
True
"""

from __future__ import annotations

import argparse
import ast
import csv
import hashlib
import hmac
import json
import os
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

import jupytext
import nbformat
import papermill.parameterize

from .autograder import _copy_mechlib, grader_files, write_member
from .chapters import _LABEL, REPOSITORY, notebook_checks
from .markdown_writer import StaticResolver, convert_markdown
from .student_edition import strip_notebook

__all__ = ["build", "variant_of", "variant_key", "read_roster", "main"]

#: The Gradescope autograder's name in the assignment's folder.
AUTOGRADER = "autograder.zip"


class AssignmentError(SystemExit):
    """An assignment that cannot be built: the message says what to fix."""

    def __init__(self, message):
        super().__init__(f"assignment: {message}")


def read_assignment(path):
    """``(notebook, name, variants)`` of the assignment at ``path``;
    ``variants`` maps each parameter to ``{"values": [...], "says": text}``."""
    path = Path(path)
    if not path.is_file():
        raise AssignmentError(f"no file {path}")
    notebook = jupytext.read(path)
    settings = notebook.metadata.get("assignment") or {}
    name = str(settings.get("name") or path.stem)
    variants = {}
    for parameter, spec in (settings.get("variants") or {}).items():
        spec = spec if isinstance(spec, dict) else {"values": spec}
        values = spec.get("values")
        if not isinstance(values, list) or not values:
            raise AssignmentError(f"{path}: variants: {parameter} needs a list of values")
        variants[str(parameter)] = {"values": values, "says": str(spec.get("says", ""))}
    missing = sorted(set(variants) - set(_defaults(notebook, variants)))
    if missing:
        raise AssignmentError(
            f"{path}: {', '.join(missing)} {'has' if len(missing) == 1 else 'have'} "
            "variants but no default in a code cell tagged parameters")
    if not notebook_checks(notebook):
        raise AssignmentError(f"{path} has no checked exercise (an answer cell "
                              'tagged answer that ends in ml.check("<name>", <variable>))')
    return notebook, name, variants


def _parameters_cell(notebook):
    return next((c for c in notebook.cells if c.cell_type == "code"
                 and "parameters" in c.metadata.get("tags", [])), None)


def _assignments(source):
    """``{name: value}`` of the literal assignments of a parameters cell."""
    found = {}
    for node in ast.parse(source).body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1 \
                and isinstance(node.targets[0], ast.Name):
            try:
                found[node.targets[0].id] = ast.literal_eval(node.value)
            except ValueError:
                pass
    return found


def _defaults(notebook, variants):
    """The default value of each parameter that has variants."""
    cell = _parameters_cell(notebook)
    if not variants or cell is None:
        return {}
    return {p: v for p, v in _assignments(cell.source).items() if p in variants}


def variant_of(secret, assignment, student_id, variants):
    """The values of one student: for each parameter, one of its values,
    drawn by HMAC-SHA256 of (assignment, student, parameter) keyed with
    ``secret``."""
    values = {}
    for parameter in sorted(variants):
        options = variants[parameter]["values"]
        message = "\0".join((assignment, student_id, parameter)).encode()
        draw = hmac.new(secret, message, hashlib.sha256).digest()
        values[parameter] = options[int.from_bytes(draw[:8], "big") % len(options)]
    return values


def variant_key(values):
    """A short name of a variant (the same values, the same name)."""
    return hashlib.sha256(json.dumps(values, sort_keys=True).encode()).hexdigest()[:16]


def read_roster(path):
    """The roster's rows, each with a ``student_id`` (a name that can be a file's)."""
    with open(path, newline="", encoding="utf-8-sig") as stream:
        rows = list(csv.DictReader(stream))
    if not rows or "student_id" not in rows[0]:
        raise AssignmentError(f"{path}: a roster is a CSV with a student_id column")
    seen = set()
    for row in rows:
        student = row["student_id"] = (row.get("student_id") or "").strip()
        if not student or "/" in student or student.startswith(".") or student in seen:
            raise AssignmentError(f"{path}: {student!r} is not a usable, unique student_id")
        seen.add(student)
    return rows


def _identities(rows):
    """What Gradescope or a file name may call a student -> their id."""
    found = {}
    for row in rows:
        for column in ("student_id", "email", "sid"):
            value = (row.get(column) or "").strip()
            if value:
                found[value.lower()] = row["student_id"]
    return found


# --- the worked answers of a variant ---------------------------------------------

def worked_answers(notebook, values, folder):
    """``{check: worked form}`` of the assignment run with ``values``: its
    cells, solutions included, executed by papermill in a kernel of its own
    with ``MECHLIB_CHECK_RECORD`` set."""
    folder = Path(folder)
    source, output, records = folder / "in.ipynb", folder / "out.ipynb", folder / "worked.jsonl"
    records.unlink(missing_ok=True)
    nbformat.write(notebook, source)
    environment = {**os.environ, "MECHLIB_CHECK_RECORD": str(records),
                   "PYTHONPATH": os.pathsep.join(filter(None, (
                       str(REPOSITORY), os.environ.get("PYTHONPATH")))),
                   "MPLBACKEND": "Agg"}
    result = subprocess.run(
        [sys.executable, "-m", "papermill", str(source), str(output), "--kernel", "python3",
         "--cwd", str(folder), "--no-progress-bar", "-y", json.dumps(values)],
        capture_output=True, text=True, env=environment, cwd=folder)
    if result.returncode != 0:
        raise AssignmentError(f"the worked solutions fail with {values}:\n"
                              + result.stderr[-3000:])
    worked = {}
    for line in records.read_text(encoding="utf-8").splitlines():
        entry = json.loads(line)
        worked[entry["name"]] = entry["worked"]
    missing = [c["name"] for c in notebook_checks(notebook) if c["name"] not in worked]
    if missing:
        raise AssignmentError(f"no worked solution asserts {', '.join(missing)} "
                              '(assert ml.check("<name>", <variable>) in a solution cell)')
    return worked


def forms_of(worked):
    """What a student's ``ml.check`` is told of each answer
    (:func:`mechlib.book.check.expect_forms`): its kind, its shape, and the
    symbols the whole answer may use; nothing of an entry's own."""
    from mechlib.book.answers import atoms_of
    from mechlib.book.record import _parse, scalars_in

    def form(stored):
        found = {"kind": stored["kind"]}
        if stored["kind"] == "matrix":
            found["shape"] = stored["shape"]
        if stored["kind"] == "sequence":
            found["items"] = [form(item) for item in stored["items"]]
        found["symbols"] = sorted({name for scalar in scalars_in(stored)
                                   for name in atoms_of(_parse(scalar["expr"]))})
        return found

    return {name: form(entry["answer"]) for name, entry in worked.items()}


# --- what students get -------------------------------------------------------------

def student_notebook(notebook, values, variants, forms):
    """The notebook of one student (see the module)."""
    stripped = strip_notebook(notebook)
    cells = [c for c in stripped.cells if c.cell_type != "raw"]
    labels = [label for c in cells if c.cell_type == "markdown"
              for label in _LABEL.findall(c.source)]
    resolver = StaticResolver(titles={label: f"Exercise {number}" for number, label
                                      in enumerate(labels, 1)})
    for cell in cells:
        if cell.cell_type == "code":
            cell.outputs, cell.execution_count = [], None
        else:                               # as Jupyter shows Markdown, without MyST
            cell.source = convert_markdown(cell.source, resolver)
        cell.metadata = nbformat.NotebookNode(tags=list(cell.metadata.get("tags", [])))
    setup = nbformat.v4.new_code_cell(
        "# Set up by the assignment: ml.check says whether each answer has the\n"
        "# right form (its kind, shape and symbols); the answers themselves are\n"
        "# graded when you hand the notebook in.\n"
        "from mechlib.book.check import expect_forms\n"
        f"expect_forms({json.dumps(forms, sort_keys=True)})",
        metadata={"tags": ["remove-input"]})
    out = nbformat.v4.new_notebook(cells=[setup, *cells], metadata={
        "kernelspec": notebook.metadata.get("kernelspec", {
            "name": "python3", "display_name": "Python 3", "language": "python"}),
        "language_info": {"name": "python"}})
    if variants:
        out.metadata["papermill"] = {}        # where papermill notes the values
        out = papermill.parameterize.parameterize_notebook(out, values)
        injected = next(c for c in out.cells
                        if "injected-parameters" in c.metadata.get("tags", []))
        lines = [f"  {p} = {values[p]!r}" + (f": {variants[p]['says']}"
                                             if variants[p]["says"] else "")
                 for p in sorted(values)]
        injected.source += "\nprint(" + repr("\n".join(
            ["Your values in this assignment (yours alone; your answers are graded "
             "with them):", *lines])) + ")"
        out.metadata.pop("papermill", None)
    for index, cell in enumerate(out.cells):
        cell.id = f"cell-{index}"
    return out


# --- the build ----------------------------------------------------------------------

def build(source, out, roster=None, secret=None):
    """Build the assignment ``source`` into the folder ``out`` (see the
    module); returns ``out``."""
    notebook, name, variants = read_assignment(source)
    out = Path(out).resolve()
    if out == REPOSITORY or REPOSITORY in out.parents:
        raise AssignmentError(f"{out} is inside the book's repository; build "
                              "assignments outside it (their answers are not public)")
    if variants and not (roster and secret):
        raise AssignmentError("an assignment with variants needs --roster and "
                              "--secret-file (one variant per student)")
    rows = read_roster(roster) if roster else []
    key = Path(secret).read_bytes().strip() if secret else b""
    if secret and len(key) < 16:
        raise AssignmentError(f"{secret}: a secret of at least 16 bytes, kept private "
                              "(for example: python -c \"import secrets; "
                              "print(secrets.token_hex(32))\" > SECRET)")
    defaults = _defaults(notebook, variants)
    students = {row["student_id"]: variant_of(key, name, row["student_id"], variants)
                for row in rows} if variants else {row["student_id"]: {} for row in rows}
    wanted = {variant_key(v): v for v in [defaults, *students.values()]}
    out.mkdir(parents=True, exist_ok=True)
    for stale in ("students", AUTOGRADER, f"{name}.ipynb"):
        target = out / stale
        shutil.rmtree(target) if target.is_dir() else target.unlink(missing_ok=True)
    with tempfile.TemporaryDirectory(prefix="mechlib-assignment-") as work:
        worked = {k: worked_answers(notebook, v, work) for k, v in wanted.items()}
    if rows:
        (out / "students").mkdir()
        for student, values in students.items():
            nbformat.write(student_notebook(notebook, values, variants,
                                            forms_of(worked[variant_key(values)])),
                           out / "students" / f"{student}.ipynb")
    else:
        nbformat.write(student_notebook(notebook, defaults, variants,
                                        forms_of(worked[variant_key(defaults)])),
                       out / f"{name}.ipynb")
    manifest = _manifest(notebook, name, worked[variant_key(defaults)])
    if rows:
        manifest["variants"] = worked
        manifest["students"] = {s: variant_key(v) for s, v in students.items()}
        manifest["identities"] = _identities(rows)
    _write_autograder(out / AUTOGRADER, manifest)
    return out


def _manifest(notebook, name, worked):
    """The grader's manifest (:mod:`bookkit.grade`): one question per
    exercise, one point per check."""
    questions = {}
    for item in notebook_checks(notebook):
        answer = worked[item["name"]]["answer"]
        question = questions.setdefault(item["exercise"] or item["name"], {
            "name": (item["exercise"] or item["name"]).removeprefix("ex-"), "checks": []})
        question["checks"].append({
            "name": item["name"], "variable": item["variable"],
            "frame": answer.get("frame") if answer["kind"] == "vector" else None,
            "worked": worked[item["name"]]})
    return {"chapter": name, "questions": list(questions.values())}


def _write_autograder(path, manifest):
    """The Gradescope zip: the grader's files and a copy of mechlib."""
    with tempfile.TemporaryDirectory(prefix="mechlib-assignment-") as work:
        _copy_mechlib(Path(work) / "mechlib")
        with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
            for name, text in grader_files(manifest).items():
                write_member(archive, name, text)
            for file in sorted((Path(work) / "mechlib").rglob("*")):
                if file.is_file():
                    write_member(archive, f"files/{file.relative_to(work).as_posix()}",
                                 file.read_bytes())


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m bookkit.assignment",
                                     description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    make = commands.add_parser("build", help="build an assignment into a folder")
    make.add_argument("source", help="the assignment, a MyST notebook (.md)")
    make.add_argument("--out", required=True, help="the folder to write (outside "
                      "the book's repository)")
    make.add_argument("--roster", help="a CSV with a student_id column (and email "
                      "or sid, as Gradescope knows the students)")
    make.add_argument("--secret-file", help="a file holding the secret that draws "
                      "each student's values (keep it private, and keep it)")
    options = parser.parse_args(argv)
    out = build(options.source, options.out, options.roster, options.secret_file)
    print(f"assignment: built {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
