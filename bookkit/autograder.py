"""Graded assignments from the book's checked exercises, with otter-grader.

``scripts/autograder.sh [book/<slug>.md ...]`` runs this module: for each
chapter with checked exercises (answer cells calling ``ml.check``; by default
every such chapter) it writes ``_build/autograder/<slug>/``:

- ``<slug>.ipynb``, the otter-assign master notebook generated from the
  chapter: its checked exercises, each after the chapter's code cells that it
  needs (found by :mod:`mechlib.book.slicing` from the names the answer and
  the worked solution use; never a worked solution, and none of the plots
  and explorers that nothing needs), its statement, and its answer cells
  turned into one question named after the exercise (``pv-sleigh``): its
  solution cell runs
  the worked solution's code (the exercise's ``solution`` cells) between
  ``# BEGIN SOLUTION NO PROMPT`` and ``# END SOLUTION``, then assigns each
  answer variable with ``VAR = VAR  # SOLUTION`` (the student sees
  ``VAR = ...``); for each check a public test ``ml.check(name, VAR)``
  expecting ``Correct.`` (instant feedback in the student's notebook, 0
  points). There is no hidden test: nothing that decides a grade runs in the
  student's kernel;
- ``dist/``, what ``otter assign`` makes of it: ``dist/student/<slug>.ipynb``
  (the notebook to hand out, with public tests only),
  ``dist/autograder/<slug>.ipynb`` (the solutions) and
  ``dist/autograder/<slug>-autograder_<time>.zip``, the autograder, which
  this module then rewrites for :mod:`bookkit.grade`: it adds
  ``grading/manifest.json`` (:func:`manifest`: each question's checks, their
  answer variables and worked expressions from ``grading/worked/<slug>.json``,
  one point per check) and replaces otter's ``run_autograder`` (which would
  run tests in the student's kernel) by one that runs
  ``python -m bookkit.grade --gradescope``.

The autograder carries a copy of ``mechlib`` (with its stored checks) as a
support file, and the pins of the book's ``requirements.txt`` for the grading
image. This module then grades the solutions notebook with
:mod:`bookkit.grade`, so a worked solution that would not score full marks
stops the command. ``otter assign`` itself runs no test (``run_tests:
false``): its run would execute the solutions once more, in their own
kernel, for public tests (``ml.check`` printing ``Correct.``) that the
grading outside the kernel already covers with every check's point.

Grade submissions (a CSV of scores; see :mod:`bookkit.grade`)::

    python -m bookkit.grade _build/autograder/<slug> submissions/*.ipynb \\
        --out scores.csv

Examples
--------
>>> exercise_of("pv-sleigh-vt-G-2", "ex-pv-sleigh")
'pv-sleigh'
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import subprocess
import sys
import time
import zipfile
from pathlib import Path

import jupytext
import nbformat
import yaml

import mechlib
from mechlib.book.slicing import needed_cells

from .chapters import (
    REPOSITORY,
    chapter_checks,
    chapters_with_checks,
    directive_name,
    markdown_parser,
    solution_cells,
    worked_cells,
)
from .generate_checks import WORKED
from .grade import MANIFEST, Grader, autograder_zip
from .notebooks import log_execution

ROOT = REPOSITORY
OUTPUT = ROOT / "_build" / "autograder"

#: What grading needs: the packages the graded notebook imports, and what
#: runs it (pinned to the versions of the environment that made the zip).
GRADING_PACKAGES = ("sympy", "numpy", "scipy", "matplotlib", "ipykernel", "nbclient",
                    "nbformat")


def exercise_of(check, label):
    """The question name of a check: its exercise's label without ``ex-``."""
    return label[len("ex-"):] if label else check


def raw(text):
    return nbformat.v4.new_raw_cell(text)


def code(text, outputs=()):
    cell = nbformat.v4.new_code_cell(text)
    cell.outputs = list(outputs)
    return cell


def _correct_output():
    return nbformat.v4.new_output("execute_result", {"text/plain": "Correct."},
                                  execution_count=1)


def _answer_prompt(source, variable):
    """The answer cell's lines without its ``ml.check`` call, with
    ``VAR = ...`` turned into the solution line ``VAR = VAR  # SOLUTION``."""
    lines = []
    for line in source.splitlines():
        if line.startswith("ml.check("):
            continue
        if re.fullmatch(rf"{re.escape(variable)} = \.\.\.\s*", line):
            line = f"{variable} = {variable}  # SOLUTION"
        lines.append(line)
    return "\n".join(lines).strip("\n")


def master_notebook(chapter, name=None):
    """The otter-assign master notebook of a chapter (see the module)."""
    chapter = Path(chapter)
    name = name or chapter.stem
    notebook = jupytext.read(chapter)
    checks = chapter_checks(chapter)
    if not checks:
        raise SystemExit(f"autograder: {chapter} has no checked exercise "
                         "(no answer cell calls ml.check)")
    solution = solution_cells(notebook)
    worked_forms = _worked_forms(chapter)
    by_exercise = {}
    for item in checks:
        by_exercise.setdefault(item["exercise"], []).append(item)
    first_answer = {items[0]["answer_cell"]: items
                    for items in by_exercise.values()}
    answers = {item["answer_cell"] for item in checks}
    config = {
        "name": name,
        "requirements": "requirements.txt",
        "autograder_files": ["mechlib"],
        "files": [],
        "python_version": "3.11",
        "export_cell": {"pdf": False, "instructions":
                        "Save the notebook, then run this cell to make the "
                        "zip file you hand in."},
        "generate": {"pdf": False},
        "tests": {"files": False, "ok_format": True},
        "check_all_cell": False,
        # the solutions are graded right after, outside their kernel (assign)
        "run_tests": False,
    }
    cells = [raw("# ASSIGNMENT CONFIG\n" + yaml.safe_dump(config, sort_keys=False)),
             nbformat.v4.new_markdown_cell(_title(notebook, chapter))]
    sources = [c.source if c.cell_type == "code" else "" for c in notebook.cells]
    candidates = [i for i, c in enumerate(notebook.cells)
                  if c.cell_type == "code" and i not in solution and i not in answers
                  and "raises-exception" not in c.metadata.get("tags", [])]
    # the cells every question needs, run in the chapter's order, each
    # question where its answer cell stands: what a question sees is what it
    # sees in the chapter, less the cells nothing needs
    needed = set()
    for items in first_answer.values():
        targets = {item["answer_cell"] for item in items} | set(worked_cells(
            notebook, items, solution))
        needed.update(needed_cells(sources, targets, candidates))
    for index in range(len(notebook.cells)):
        if index in needed:
            cells.append(nbformat.v4.new_code_cell(sources[index], metadata={
                "tags": list(notebook.cells[index].metadata.get("tags", []))}))
        elif index in first_answer:
            items = first_answer[index]
            cells.append(nbformat.v4.new_markdown_cell(
                _exercise_text(notebook, items[0]["exercise"])))
            cells.extend(_question(notebook, items, solution, worked_forms))
    for index, cell in enumerate(cells):    # not nbformat's random ids: the same
        cell.id = f"cell-{index}"               # chapter makes the same notebook
    master = nbformat.v4.new_notebook(cells=cells, metadata={
        "kernelspec": {"display_name": "Python 3", "language": "python",
                       "name": "python3"},
        "language_info": {"name": "python"}})
    return master


def _title(notebook, chapter):
    """The assignment's heading: the chapter's title, and what it holds."""
    title = next((line[2:].strip() for c in notebook.cells if c.cell_type == "markdown"
                  for line in c.source.splitlines() if line.startswith("# ")), chapter.stem)
    return (f"# {title}: exercises\n\nThe checked exercises of the chapter, each "
            "after the code from the chapter that it builds on. Replace each `...` "
            "with your answer and run the cell: the test below it says whether "
            "the answer is right.")


def _exercise_text(notebook, label):
    """The MyST text of the exercise labelled ``label`` (its directive fence)."""
    for cell in notebook.cells:
        if cell.cell_type != "markdown" or f":label: {label}" not in cell.source:
            continue
        lines = cell.source.splitlines()
        for token in markdown_parser().parse(cell.source):
            if directive_name(token) == "exercise" and f":label: {label}" in token.content:
                start, end = token.map
                return "\n".join(lines[start:end])
    return f"Exercise `{label}`"


def _worked_forms(chapter):
    """The worked expressions of a chapter's checks (``grading/worked``)."""
    path = WORKED / f"{Path(chapter).stem}.json"
    if not path.is_file():
        raise SystemExit(f"autograder: no {path.relative_to(ROOT)}; write it with "
                         f"python -m bookkit.generate_checks {chapter}")
    return json.loads(path.read_text(encoding="utf-8"))["checks"]


def _question(notebook, items, solution, worked_forms):
    """The cells of one question: an exercise with its checks ``items``."""
    label = items[0]["exercise"]
    worked = [notebook.cells[i].source for i in worked_cells(notebook, items, solution)]
    body = ["# BEGIN SOLUTION NO PROMPT", *worked, "# END SOLUTION"]
    for item in items:
        body.append(_answer_prompt(notebook.cells[item["answer_cell"]].source,
                                   item["variable"]))
    header = yaml.safe_dump({"name": exercise_of(items[0]["name"], label)},
                            sort_keys=False)
    cells = [raw("# BEGIN QUESTION\n" + header),
             raw("# BEGIN SOLUTION"), code("\n".join(body)),
             raw("# END SOLUTION"), raw("# BEGIN TESTS")]
    for item in items:
        if item["name"] not in worked_forms:
            raise SystemExit(f"autograder: no worked expressions of {item['name']}; "
                             "regenerate them with python -m bookkit.generate_checks")
        call = f'ml.check("{item["name"]}", {item["variable"]})'
        cells.append(code('""" # BEGIN TEST CONFIG\npoints: 0\n'
                          '""" # END TEST CONFIG\n' + call, [_correct_output()]))
    cells += [raw("# END TESTS"), raw("# END QUESTION")]
    return cells


def manifest(chapter):
    """What the grader needs of a chapter (``grading/manifest.json`` in the
    autograder zip): each question with its checks, the variable of each,
    the frame of a Vector answer's components, and the worked expressions.

    >>> [q["name"] for q in manifest("book/partial-velocities.md")["questions"]]
    ['pv-other-speeds', 'pv-belt', 'pv-three-link', 'pv-sleigh']
    """
    chapter = Path(chapter)
    worked_forms = _worked_forms(chapter)
    questions = {}
    for item in chapter_checks(chapter):
        worked = worked_forms[item["name"]]
        answer = worked["answer"]
        question = questions.setdefault(item["exercise"], {
            "name": exercise_of(item["name"], item["exercise"]), "checks": []})
        question["checks"].append({
            "name": item["name"], "variable": item["variable"],
            "frame": answer.get("frame") if answer["kind"] == "vector" else None,
            "worked": worked})
    return {"chapter": chapter.stem, "questions": list(questions.values())}


def _requirements():
    """The pins of the grading environment: the versions of this one."""
    from importlib.metadata import version

    return "".join(f"{name}=={version(name)}\n" for name in GRADING_PACKAGES)


def _copy_mechlib(target):
    """mechlib's modules and stored checks, as a support file."""
    source = Path(mechlib.__file__).resolve().parent
    shutil.rmtree(target, ignore_errors=True)
    shutil.copytree(source, target, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))


def assign(chapter, output=OUTPUT):
    """Write ``output/<slug>/`` for one chapter and run ``otter assign``.

    Returns the folder. Raises SystemExit when otter assign fails (its
    output is in ``output/<slug>/assign.log``)."""
    chapter = Path(chapter)
    folder = Path(output) / chapter.stem
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    master = folder / f"{chapter.stem}.ipynb"
    nbformat.write(master_notebook(chapter), master)
    (folder / "requirements.txt").write_text(_requirements())
    _copy_mechlib(folder / "mechlib")
    log = folder / "assign.log"
    result = run_otter(["assign", master.name, "dist"], folder, log)
    if result.returncode != 0:
        raise SystemExit(log.read_text()[-3000:] + f"\nautograder: otter assign "
                         f"failed for {chapter}; the log is {log}")
    _for_our_grader(autograder_zip(folder), manifest(chapter))
    solutions = folder / "dist" / "autograder" / f"{chapter.stem}.ipynb"
    with Grader(folder, cell_time_limit=SOLUTION_TIME_LIMIT, sandbox="trusted") as grader:
        scores, notes = grader.grade(solutions)
    maximum = {q["name"]: len(q["checks"]) for q in grader.questions}
    if scores != maximum or notes:   # full marks, and nothing to say about them
        raise SystemExit(f"autograder: the worked solutions of {chapter} score "
                         f"{scores} of {maximum}: " + "; ".join(notes))
    return folder


#: Seconds a cell of the worked solutions may take when they are graded.
SOLUTION_TIME_LIMIT = 300

#: Gradescope's run_autograder: the environment of SETUP, our grader.
RUN_AUTOGRADER = """#!/usr/bin/env bash
# Gradescope runs this for each submission: bookkit.grade, which the zip
# carries in files/, grades /autograder/submission into
# /autograder/results/results.json. The notebook runs as a user of its own
# that can read neither the unpacked zip nor the results (bookkit/grade.py).
set -eo pipefail
root=${MECHBOOK_AUTOGRADER_ROOT:-/autograder}
if [ -n "${MECHBOOK_GRADER_VENV:-}" ]; then
    # tests: a virtual environment made from environment.yml's pip list
    # stands in for the conda environment that setup.sh makes
    . "$MECHBOOK_GRADER_VENV/bin/activate"
else
    export PATH=/root/miniforge3/bin:$PATH
    eval "$(mamba shell hook --shell bash)"
    mamba activate mechbook-grader
    chmod o+x /root     # the notebook's user reaches Python in /root/miniforge3
fi
cd "$root/source"
PYTHONPATH="$root/source/files" exec python -m bookkit.grade --gradescope --root "$root"
"""

#: Gradescope's setup.sh: Python 3.11 (miniforge) and environment.yml.
SETUP = """#!/usr/bin/env bash
# Gradescope builds the grading image with this: miniforge's Python and the
# environment mechbook-grader of environment.yml (the pins the assignment was
# made and tested with). Nothing of otter-grader is needed to grade.
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive
apt-get update && apt-get install -y wget
release=https://github.com/conda-forge/miniforge/releases/download/25.3.1-0
wget -nv -O /tmp/miniforge.sh "$release/Miniforge3-Linux-$(uname -m).sh"
bash /tmp/miniforge.sh -b -p /root/miniforge3
/root/miniforge3/bin/mamba env create -f /autograder/source/environment.yml
"""


def environment_yml(requirements):
    """The conda environment of the zip: Python 3.11 and ``requirements``
    from pip.

    >>> print(environment_yml("sympy==1.14.0\\n"), end="")
    name: mechbook-grader
    channels:
    - conda-forge
    dependencies:
    - python=3.11
    - pip
    - pip:
      - sympy==1.14.0
    """
    return yaml.safe_dump({
        "name": "mechbook-grader", "channels": ["conda-forge"],
        "dependencies": ["python=3.11", "pip", {"pip": requirements.split()}]},
        sort_keys=False)


#: What the zip carries of bookkit: the grader and what it runs in the sandbox.
GRADER_MODULES = ("__init__.py", "grade.py", "submission.py")


def grader_files(data):
    """``{name in the zip: text}`` of what makes a zip our grader: the
    manifest ``data`` (``grading/manifest.json``), the grader
    (``files/bookkit``), ``run_autograder``, ``setup.sh``, ``environment.yml``
    and ``requirements.txt``."""
    files = {"run_autograder": RUN_AUTOGRADER, "setup.sh": SETUP,
             "requirements.txt": _requirements(),
             "environment.yml": environment_yml(_requirements()),
             MANIFEST: json.dumps(data, indent=1, sort_keys=True)}
    for name in GRADER_MODULES:
        files[f"files/bookkit/{name}"] = (Path(__file__).parent / name).read_text()
    return files


def write_member(archive, name, content):
    """Write ``content`` as ``name`` into ``archive``, executable if it is a
    script Gradescope runs, with a fixed date."""
    info = zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, 0))
    executable = name in ("run_autograder", "setup.sh")
    info.external_attr = (0o100755 if executable else 0o100644) << 16
    archive.writestr(info, content)


def _for_our_grader(path, data):
    """Rewrite otter's autograder zip for :mod:`bookkit.grade`: add
    :func:`grader_files` (replacing otter's ``run_autograder``, ``setup.sh``,
    ``environment.yml`` and ``requirements.txt``), drop otter's
    ``run_otter.py`` (which would run the hidden tests in the student's
    kernel)."""
    ours = grader_files(data)
    entries = {}
    with zipfile.ZipFile(path) as archive:
        for info in archive.infolist():
            if info.filename not in ("run_otter.py", *ours):
                entries[info] = archive.read(info)
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for info, content in entries.items():
            archive.writestr(info, content)
        for name, content in ours.items():
            write_member(archive, name, content)


#: Seconds an otter command may take before it is taken to hang (see
#: run_otter): ``otter assign`` takes 14 s for partial-velocities on a quiet
#: machine, 28 s with four at once on two cores, and the slowest chapter's
#: under two minutes on a loaded machine.
OTTER_TIMEOUT = 180


def run_otter(arguments, cwd, log, attempts=3, timeout=OTTER_TIMEOUT):
    """Run ``otter <arguments>`` in ``cwd``, its output in ``log``.

    otter executes notebooks with nbclient and no time limit. Runs used to
    stall now and then (2 of 168 ``otter assign`` runs with three or four
    side by side); where the cell was known, right after one that made an
    explorer, with the kernel idle and the cell's ``execute_reply`` unread on
    the client's shell socket. The cause: nbclient's stand-in for an Output widget (the
    explorers' live view was ``ipywidgets.interactive``) sends a ``comm_msg``
    on the shell channel while the client waits on that socket for the
    reply, and the send can swallow its wake-up
    (``benchmarks/notebook_hangs.py`` stalls most runs that way). Explorers
    now show their picture in an Image widget, and assignments hold no
    explorer that a question does not need. The guard stays: a run that
    takes longer than ``timeout`` seconds is killed with its kernel and run
    again, at most ``attempts`` times in all; the log says so, and the
    execution log counts it (``otter-hang``), which fails the test command.
    Returns the last ``subprocess.CompletedProcess``.
    """
    import os
    import signal

    what = f"otter-{arguments[0]}" if arguments else "otter"
    subject = _assignment_of(arguments, cwd)
    with Path(log).open("w") as stream:
        for attempt in range(1, attempts + 1):
            log_execution(subject, what)
            if attempt > 1:
                log_execution(subject, "otter-hang")
            process = subprocess.Popen(["otter", *arguments], cwd=cwd, stdout=stream,
                                       stderr=subprocess.STDOUT, start_new_session=True)
            try:
                process.wait(timeout=timeout)
                return subprocess.CompletedProcess(process.args, process.returncode)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait()
                stream.write(f"\nautograder: otter {arguments[0]} took over {timeout} s "
                             f"(attempt {attempt} of {attempts}); killed\n")
                stream.flush()
    return subprocess.CompletedProcess(process.args, process.returncode)


def _assignment_of(arguments, cwd):
    """The chapter an otter command runs: the autograder zip's name for
    ``otter run -a <slug>-autograder_<time>.zip``, else the folder's name.

    >>> _assignment_of(["run", "-a", "x/kane-autograder_2026.zip", "s.ipynb"], ".")
    'kane'
    >>> _assignment_of(["assign", "kane.ipynb", "dist"], "/tmp/autograder/kane")
    'kane'
    """
    if "-a" in arguments[:-1]:
        return Path(arguments[arguments.index("-a") + 1]).name.split("-autograder")[0]
    return Path(cwd).name


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m bookkit.autograder",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("chapters", nargs="*",
                        help="book/<slug>.md (default: every chapter with checks)")
    parser.add_argument("--output", default=str(OUTPUT))
    options = parser.parse_args(argv)
    chapters = [Path(c) for c in options.chapters] or chapters_with_checks()
    for chapter in chapters:
        start = time.monotonic()
        folder = assign(chapter, options.output)
        print(f"autograder: {folder} in {time.monotonic() - start:.0f} s "
              f"(student notebook dist/student/{chapter.stem}.ipynb, "
              f"autograder {autograder_zip(folder).relative_to(folder)})")


if __name__ == "__main__":
    sys.exit(main())
