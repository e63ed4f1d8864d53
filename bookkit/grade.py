"""Grading submitted notebooks: the student's code runs in its own kernel, the
grade is computed in a fresh process that runs none of it.

One command grades a batch (the autograder zip of :mod:`bookkit.autograder`,
or the assignment folder that holds it, then the submissions, ``.ipynb`` or
the ``.zip`` that otter's export cell makes)::

    python -m bookkit.grade _build/autograder/<slug> submissions/*.ipynb \\
        --out scores.csv [--cell-time-limit 60] [--notebook-time-limit 900]

and the Gradescope autograder (``run_autograder`` in the zip) runs
``python -m bookkit.grade --gradescope``, which grades
``/autograder/submission`` into ``/autograder/results/results.json``.

For each submission:

1. **The notebook runs** (:meth:`Grader.run`) in a fresh temporary folder that
   holds nothing but a copy of it, in a kernel of its own (as the user
   ``nobody`` when the command runs as root and that user can run Python),
   with nbclient: each cell under a time limit (``--cell-time-limit``); a cell
   that runs over it is interrupted, and when the kernel does not answer the
   interrupt it is killed and a new one runs the cells that remain (they miss
   what the old kernel held), so an endless loop costs its cell, not the
   batch; the whole notebook has a time limit too. Errors do not stop it.
   otter's own cells (``grader.check``, the export) are not run. Before each
   question's ``grader.check`` cell (at the end when it is missing) an
   exporter cell sends the question's answers out of the kernel as data, JSON
   trees (:func:`mechlib.book.grading.to_tree`) in display data that nbclient
   reads here; nothing is read from a file the notebook could write.
2. **The grading files are checked**: this process keeps, in memory, the
   sha256 of every file it grades with (the worked expressions and mechlib's
   grading code from the zip, the copies of SymPy and mpmath it grades with,
   the standard library modules the grader imports), taken before the first
   notebook ran; after each notebook they must be unchanged, else the
   submission is not graded (and the files are extracted afresh).
3. **The grader runs** (:meth:`Grader.judge`) in a fresh ``python -I -S -B``
   process that imports only those files, reads the trees with a whitelist
   parser and compares them with the worked expressions at points drawn at
   grading time (:func:`mechlib.book.grading.serve`); a check that takes over
   ``--grade-time-limit`` seconds scores nothing and the others go on.

The batch goes on after any failure of one submission; its CSV has one row per
submission: ``submission``, a column per question (its points), ``total``,
``max``, and ``notes``, which says which cells ran over their time limit or
failed and why a check scored nothing.
"""

from __future__ import annotations

import argparse
import csv
import functools
import hashlib
import inspect
import json
import os
import re
import selectors
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import zipfile
from dataclasses import dataclass, field
from pathlib import Path

import nbformat

from mechlib.book import grading

__all__ = ["Grader", "grade_batch", "main"]

#: Seconds a cell may run (``--cell-time-limit``).
CELL_TIME_LIMIT = 60
#: Seconds a whole notebook may run (``--notebook-time-limit``).
NOTEBOOK_TIME_LIMIT = 900
#: Seconds one check may take in the grader (``--grade-time-limit``); the
#: first also imports SymPy.
GRADE_TIME_LIMIT = 60
#: Seconds a kernel has to answer after an interrupt before it is killed.
INTERRUPT_GRACE = 10
#: The manifest of an autograder zip: the questions, their checks and worked
#: expressions (written by :mod:`bookkit.autograder`).
MANIFEST = "grading/manifest.json"
#: What the grader imports besides the standard library, copied from this
#: environment into the grader's private folder.
GRADER_PACKAGES = ("sympy", "mpmath")
#: otter's own cells in a student notebook, which grading does not run.
_OTTER_LINE = re.compile(r"\s*(#.*|import otter|grader\s*=\s*otter\.Notebook\(.*\)|"
                         r"grader\.(check|check_all|export)\(.*\))?\s*")
#: The error nbclient reports for a cell that ran over its time.
_TIMEOUT = "CellTimeLimit"
_CHECK_CELL = re.compile(r"""^\s*grader\.check\(\s*["']([^"']+)["']\s*\)\s*$""", re.M)


class GradingError(RuntimeError):
    """A submission that could not be graded (the batch goes on)."""


# --- the files the grader trusts ---------------------------------------------------

def digests(paths):
    """``{path: sha256}`` of every file under ``paths`` (files or folders),
    and ``None`` for a path that does not exist."""
    out = {}
    for path in map(Path, paths):
        if path.is_dir():
            for root, _dirs, files in os.walk(path):
                for name in files:
                    file = Path(root, name)
                    out[str(file)] = _sha256(file)
        elif path.exists():
            out[str(path)] = _sha256(path)
        else:
            out[str(path)] = None
    return out


def _sha256(file):
    try:
        return hashlib.sha256(Path(file).read_bytes()).hexdigest()
    except OSError:
        return "unreadable"


#: The grading process's start: the private folder first on its path, then
#: the standard library (``-I -S``: no site-packages, no user site, no
#: current folder, no PYTHON* variables; ``-B``: it writes no bytecode).
_BOOT = ("import sys; sys.path[:0] = {path!r}; "
         "from mechlib.book.grading import serve; serve()")
_IMPORTS = ("import sys; sys.path[:0] = {path!r}; import json; "
            "import mechlib.book.grading, mechlib.book.check, sympy.physics.mechanics; "
            "print(json.dumps(sorted({{getattr(m, '__file__', None) or '' for m in "
            "list(sys.modules.values())}} - {{''}})))")


def _extract(source, target):
    """The grading files of an autograder (its zip, or the folder Gradescope
    unpacked it to) in ``target``: ``mechlib`` (otter's ``files/mechlib``)
    and ``grading``."""
    source = Path(source)
    if source.is_dir():
        for top, where in (("mechlib", "files/mechlib"), ("grading", "grading")):
            shutil.copytree(source / where, target / top,
                            ignore=shutil.ignore_patterns("__pycache__"))
        return
    with zipfile.ZipFile(source) as archive:
        for info in archive.infolist():
            parts = Path(info.filename).parts
            if parts[:1] == ("files",):
                parts = parts[1:]
            if (not parts or parts[0] not in ("mechlib", "grading") or ".." in parts
                    or info.filename.startswith("/") or info.is_dir()
                    or "__pycache__" in parts):
                continue
            destination = target.joinpath(*parts)
            destination.parent.mkdir(parents=True, exist_ok=True)
            destination.write_bytes(archive.read(info))


def autograder_zip(assignment):
    """The autograder of an assignment: the zip itself, the one ``otter
    assign`` wrote in ``<folder>/dist/autograder/``, or a folder that holds
    ``grading/manifest.json`` (Gradescope's ``/autograder/source``)."""
    assignment = Path(assignment)
    if assignment.is_file() or (assignment / MANIFEST).is_file():
        return assignment
    found = sorted((assignment / "dist" / "autograder").glob("*.zip"))
    if not found:
        raise SystemExit(f"grade: no autograder zip in {assignment}/dist/autograder")
    return found[-1]


# --- running the student's notebook --------------------------------------------------

def _kernel_user(requested):
    """``(uid, gid, name)`` of the user the kernel runs as, or ``None`` for
    this process's own. As root, ``nobody`` by default, if it can run this
    Python (its folders must be open to it)."""
    if requested == "" or os.name != "posix":
        return None
    if requested is None:
        if os.geteuid() != 0:
            return None
        requested = "nobody"
    import pwd

    entry = pwd.getpwnam(requested)
    try:
        probe = subprocess.run([sys.executable, "-c", "import ipykernel, sympy"],
                               user=entry.pw_uid, group=entry.pw_gid, extra_groups=[],
                               cwd="/", env={"PATH": os.environ.get("PATH", "")},
                               capture_output=True).returncode
    except OSError:
        probe = 1
    if probe != 0:
        print(f"grade: the user {requested} cannot run {sys.executable} (are its "
              "folders open to it?); the notebooks run as this process's user",
              file=sys.stderr)
        return None
    return entry.pw_uid, entry.pw_gid, requested


def _kernel_manager_class(user):
    """A kernel manager that starts the kernel as ``user`` (its connection
    file made readable to it), or jupyter_client's own."""
    from jupyter_client.manager import AsyncKernelManager

    if user is None:
        return AsyncKernelManager

    class UserKernelManager(AsyncKernelManager):
        async def _async_launch_kernel(self, kernel_cmd, **kw):
            os.chown(self.connection_file, user[0], user[1])
            kw.update(user=user[0], group=user[1], extra_groups=[])
            return await super()._async_launch_kernel(kernel_cmd, **kw)

    return UserKernelManager


@functools.cache
def _to_tree_source():
    """:func:`grading.to_tree`'s code, read once, before any notebook runs: a
    notebook that rewrites the module on disk changes no later exporter."""
    return inspect.getsource(grading.to_tree)


def exporter_source(variables):
    """The code of the cell that sends the answers ``{variable: frame}`` out
    of the kernel as display data of type :data:`grading.MIME`."""
    body = _to_tree_source() + (
        "_out = {}\n"
        "for _name, _frame in _frames.items():\n"
        "    if _name not in _values:\n"
        "        _out[_name] = {'kind': 'missing'}\n"
        "        continue\n"
        "    try:\n"
        "        _out[_name] = to_tree(_values[_name], _frame)\n"
        "    except Exception as _error:\n"
        "        _out[_name] = {'kind': 'other', 'what': 'answer that could not be read ('\n"
        "                       + type(_error).__name__ + ')'}\n"
        "import IPython.display\n"
        f"IPython.display.publish_display_data({{{grading.MIME!r}: _out}})\n")
    names = tuple(variables)
    return (f"exec({body!r}, {{'__name__': '__mechlib_export__', '_frames': "
            f"{dict(variables)!r}, '_values': {{_k: _v for _k, _v in globals().items() "
            f"if _k in {names!r}}}}})")


@dataclass
class Run:
    """What running one notebook gave: the trees of its answers and notes."""
    trees: dict = field(default_factory=dict)          # variable -> tree
    timed_out: list = field(default_factory=list)
    failed: list = field(default_factory=list)
    restarted: list = field(default_factory=list)
    skipped: list = field(default_factory=list)


def _read_cell(cell, label, result):
    """Note in ``result`` a cell that raised, and take the answer trees an
    exporter cell displayed."""
    if any(o.get("output_type") == "error" for o in cell.outputs):
        result.failed.append(label)
    if label.startswith("export "):
        for output in cell.outputs:
            data = output.get("data", {})
            if output.get("output_type") == "display_data" and \
                    isinstance(data.get(grading.MIME), dict):
                result.trees.update(data[grading.MIME])


class _Kernel:
    """The kernel a submission runs in, in ``folder`` with ``env``; started
    again after a cell it cannot interrupt, or after it died."""

    def __init__(self, client, folder, env):
        self.client, self.folder, self.env = client, folder, env
        self.groups = []            # the process group of every kernel started
        self.replies = []
        client.on_cell_executed = lambda **kwargs: self.replies.append(
            kwargs.get("execute_reply") or {})

    def start(self):
        client = self.client
        client.km = client.create_kernel_manager()
        client.km.connection_file = str(self.folder / f".kernel-{len(self.groups)}.json")
        client.start_new_kernel(cwd=str(self.folder), env=self.env, stdout=subprocess.DEVNULL,
                                stderr=subprocess.DEVNULL)
        client.start_new_kernel_client()
        self.groups.append(getattr(client.km.provisioner, "pgid", None))

    def stop(self):
        try:
            self.client._cleanup_kernel()
        except Exception:   # a kernel that is gone already
            pass
        for group in self.groups:         # what the kernel started, in its group
            if group:
                try:
                    os.killpg(group, signal.SIGKILL)
                except OSError:
                    pass

    def timed_out(self):
        return self.replies and self.replies[-1].get("content", {}).get("ename") == _TIMEOUT

    def execute(self, cell, index, seconds):
        """Run ``cell`` for at most ``seconds``: None when it ran, "timed out"
        when it was interrupted, "restarted" when the kernel did not answer
        after the interrupt either, "died" when the kernel died."""
        from nbclient.exceptions import DeadKernelError

        self.client.timeout = max(1, int(seconds))
        try:
            self.replies.clear()
            self.client.execute_cell(cell, index)
            if not self.timed_out():
                return None
            self.replies.clear()              # interrupted: does the kernel answer now?
            self.client.timeout = INTERRUPT_GRACE
            self.client.execute_cell(nbformat.v4.new_code_cell("pass"), index)
            if not self.timed_out():
                return "timed out"
        except DeadKernelError:
            outcome = "died"
        else:
            outcome = "restarted"
        self.stop()
        self.start()
        return outcome


def _read_notebook(path):
    path = Path(path)
    if path.suffix == ".zip":
        with zipfile.ZipFile(path) as archive:
            names = [n for n in archive.namelist()
                     if n.endswith(".ipynb") and "/" not in n.strip("/")]
            if len(names) != 1:
                raise GradingError(f"the zip holds {len(names)} notebooks, not one")
            return nbformat.reads(archive.read(names[0]).decode("utf-8"), as_version=4)
    return nbformat.read(path, as_version=4)


# --- the grader ----------------------------------------------------------------------

class Grader:
    """Grades submissions of one assignment (see the module)."""

    def __init__(self, assignment, cell_time_limit=CELL_TIME_LIMIT,
                 notebook_time_limit=NOTEBOOK_TIME_LIMIT, grade_time_limit=GRADE_TIME_LIMIT,
                 kernel_user=None, kernel_name="python3"):
        self.zip = autograder_zip(assignment)
        self.cell_time_limit = cell_time_limit
        self.notebook_time_limit = notebook_time_limit
        self.grade_time_limit = grade_time_limit
        self.kernel_name = kernel_name
        self.user = _kernel_user(kernel_user)
        self._prepare()

    # the private folder of the grading files, and their digests
    def _prepare(self):
        self.home = Path(tempfile.mkdtemp(prefix="mechlib-grader-"))     # 0700
        source, lib = self.home / "source", self.home / "lib"
        _extract(self.zip, source)
        if not (source / MANIFEST).is_file():
            raise SystemExit(f"grade: {self.zip} has no {MANIFEST}; make it again "
                             "with scripts/autograder.sh")
        for package in GRADER_PACKAGES:
            module = __import__(package)
            shutil.copytree(Path(module.__file__).parent, lib / package,
                            ignore=shutil.ignore_patterns("tests"))
        self.path = [str(lib), str(source)]
        imports = subprocess.run([sys.executable, "-I", "-S", "-B", "-c",
                                  _IMPORTS.format(path=self.path)],
                                 capture_output=True, text=True, env=self._grader_env())
        if imports.returncode != 0:
            raise SystemExit("grade: the grader does not start:\n" + imports.stderr[-3000:])
        outside = [f for f in json.loads(imports.stdout) if not f.startswith(str(self.home))]
        # the standard library the grader runs, and the places on its path
        # where a new file would come first
        self.trusted = [str(self.home), *outside, *self._path_entries()]
        self.digests = digests(self.trusted)
        self.manifest = json.loads((source / MANIFEST).read_text(encoding="utf-8"))
        # what the notebooks import as mechlib: the zip's, copied afresh for each
        self.mechlib = {str(f.relative_to(source)): f.read_bytes()
                        for f in (source / "mechlib").rglob("*") if f.is_file()}

    def _support(self):
        """A fresh folder with a copy of the assignment's mechlib, for the
        kernel's path (not the grader's copy)."""
        support = Path(tempfile.mkdtemp(prefix="mechlib-support-"))
        for name, content in self.mechlib.items():
            (support / name).parent.mkdir(parents=True, exist_ok=True)
            (support / name).write_bytes(content)
        for path in [support, *support.rglob("*")]:
            path.chmod(0o755 if path.is_dir() else 0o644)
        return support

    def _path_entries(self):
        probe = subprocess.run([sys.executable, "-I", "-S", "-c",
                                "import sys, json; print(json.dumps(sys.path))"],
                               capture_output=True, text=True, env=self._grader_env())
        return [p for p in json.loads(probe.stdout) if p and not Path(p).is_dir()]

    @staticmethod
    def _grader_env():
        return {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "LANG": "C.UTF-8"}

    def verify(self):
        """True when the grading files are what they were before any notebook ran."""
        return digests(self.trusted) == self.digests

    def close(self):
        shutil.rmtree(self.home, ignore_errors=True)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    # the questions
    @property
    def questions(self):
        return self.manifest["questions"]

    def _plan(self, notebook):
        """The cells to run: the notebook's, but otter's, with an exporter
        before each question's check cell (or at the end)."""
        cells, placed = [], set()
        for cell in notebook.cells:
            if cell.cell_type != "code":
                continue
            source = cell.source
            match = _CHECK_CELL.search(source)
            if match:
                for question in self.questions:
                    if question["name"] == match.group(1) and question["name"] not in placed:
                        cells.append(("export", question))
                        placed.add(question["name"])
            if all(_OTTER_LINE.fullmatch(line) for line in source.splitlines()):
                continue
            cells.append(("cell", nbformat.v4.new_code_cell(source)))
        for question in self.questions:
            if question["name"] not in placed:
                cells.append(("export", question))
        return cells

    def run(self, submission):
        """Run a submission's notebook (see the module): a :class:`Run`."""
        notebook = _read_notebook(submission)
        work, labels = self._work_notebook(notebook)
        folder = Path(tempfile.mkdtemp(prefix="mechlib-submission-"))
        nbformat.write(notebook, folder / "submission.ipynb")
        support = self._support()
        if self.user:
            for path in [folder, *folder.rglob("*")]:
                os.chown(path, self.user[0], self.user[1])
        kernel = _Kernel(self._client(work), folder, env={
            "PATH": os.environ.get("PATH", "/usr/bin:/bin"), "LANG": "C.UTF-8",
            "HOME": str(folder), "IPYTHONDIR": str(folder / ".ipython"),
            "MPLCONFIGDIR": str(folder / ".matplotlib"), "MPLBACKEND": "Agg",
            "PYTHONPATH": str(support)})
        result = Run()
        deadline = time.monotonic() + self.notebook_time_limit
        try:
            kernel.start()
            for index, (cell, label) in enumerate(zip(work.cells, labels, strict=True)):
                remaining = deadline - time.monotonic()
                if remaining < 1:
                    result.skipped.append(label)
                    continue
                outcome = kernel.execute(cell, index, min(self.cell_time_limit, remaining))
                if outcome == "died":
                    result.failed.append(f"{label} (the kernel died)")
                elif outcome:
                    result.timed_out.append(label)
                    if outcome == "restarted":
                        result.restarted.append(label)
                else:
                    _read_cell(cell, label, result)
        finally:
            kernel.stop()
            shutil.rmtree(folder, ignore_errors=True)
            shutil.rmtree(support, ignore_errors=True)
        return result

    def _work_notebook(self, notebook):
        """The notebook the kernel runs (the submission's cells, each
        question's exporter after them) and a label for each cell."""
        work = nbformat.v4.new_notebook(metadata={"kernelspec": {
            "name": self.kernel_name, "display_name": "Python 3", "language": "python"}})
        labels, number = [], 0
        for kind, item in self._plan(notebook):
            if kind == "cell":
                number += 1
                work.cells.append(item)
                labels.append(f"cell {number}")
            else:
                variables = {c["variable"]: c.get("frame") for c in item["checks"]}
                work.cells.append(nbformat.v4.new_code_cell(exporter_source(variables)))
                labels.append(f"export {item['name']}")
        return work, labels

    def _client(self, work):
        """nbclient's client of ``work``: on a timeout it interrupts the kernel
        and reports the cell with the error :data:`_TIMEOUT` (the cell's output
        reader is then stopped within INTERRUPT_GRACE s, so that it does not
        read the next cell's output)."""
        from nbclient import NotebookClient

        return NotebookClient(work, timeout=self.cell_time_limit, allow_errors=True,
                              interrupt_on_timeout=True, error_on_timeout={
                                  "ename": _TIMEOUT, "evalue": "", "traceback": []},
                              iopub_timeout=INTERRUPT_GRACE,
                              kernel_name=self.kernel_name,
                              shutdown_kernel="immediate", startup_timeout=120,
                              kernel_manager_class=_kernel_manager_class(self.user))

    def judge(self, trees):
        """The verdicts ``{check: (correct, message)}`` on the trees, from the
        grading process (see the module)."""
        pending = [{"name": c["name"], "tree": trees.get(c["variable"]), "worked": c["worked"]}
                   for q in self.questions for c in q["checks"]]
        verdicts = {}
        while pending:
            errors = tempfile.TemporaryFile()
            process = subprocess.Popen(
                [sys.executable, "-I", "-S", "-B", "-c", _BOOT.format(path=self.path)],
                stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=errors,
                cwd=self.home, env=self._grader_env(), start_new_session=True)
            try:
                process.stdin.write(json.dumps({"checks": pending}).encode())
                process.stdin.close()
            except (BrokenPipeError, ValueError, RecursionError):
                pass
            selector = selectors.DefaultSelector()
            selector.register(process.stdout, selectors.EVENT_READ)
            buffer = b""
            limit = time.monotonic() + self.grade_time_limit
            while pending:
                if not selector.select(timeout=max(0.0, limit - time.monotonic())):
                    name = pending.pop(0)["name"]
                    verdicts[name] = (False, f"Not graded: grading it took over "
                                             f"{self.grade_time_limit} s.")
                    break
                chunk = os.read(process.stdout.fileno(), 65536)
                if not chunk:                   # the grader stopped
                    process.wait()
                    errors.seek(0)
                    error = errors.read().decode(errors="replace")[-300:]
                    name = pending.pop(0)["name"]
                    verdicts[name] = (False, f"Not graded: the grader failed ({error}).")
                    break
                buffer += chunk
                while b"\n" in buffer and pending:
                    line, buffer = buffer.split(b"\n", 1)
                    answer = json.loads(line)
                    item = pending.pop(0)
                    assert answer["name"] == item["name"]
                    verdicts[item["name"]] = (answer["correct"], answer["message"])
                    limit = time.monotonic() + self.grade_time_limit
            selector.close()
            try:
                os.killpg(process.pid, signal.SIGKILL)
            except OSError:
                pass
            process.wait()
            process.stdout.close()
            errors.close()
        return verdicts

    def grade(self, submission):
        """``(scores, notes)`` of one submission: ``{question: points}`` and a
        list of sentences (cells over time or failed, checks not correct)."""
        try:                       # (the autograder's mechlib has no notebooks module)
            from .notebooks import log_execution
        except ImportError:
            pass
        else:
            log_execution(self.manifest.get("chapter", "?"), "grade")
        notes = []
        try:
            run = self.run(submission)
        except Exception as error:       # an unreadable notebook, a kernel that won't start
            run = Run()
            notes.append(f"not run: {type(error).__name__}: {str(error)[:200]}")
        if not self.verify():
            self.close()
            self._prepare()
            raise GradingError("the grading files changed while the notebook ran; "
                               "not graded (the files were extracted again)")
        verdicts = self.judge(run.trees)
        notes += [f"timed out: {label}" for label in run.timed_out]
        notes += [f"kernel restarted after {label}" for label in run.restarted]
        notes += [f"failed: {label}" for label in run.failed if label.startswith("cell")]
        if run.skipped:
            notes.append(f"not run (notebook time limit): {', '.join(run.skipped)}")
        scores = {}
        for question in self.questions:
            points = 0
            for check in question["checks"]:
                correct, message = verdicts[check["name"]]
                points += int(bool(correct))
                if not correct:
                    notes.append(f"{check['name']}: {message}")
            scores[question["name"]] = points
        return scores, notes


def grade_batch(assignment, submissions, out, **options):
    """Grade ``submissions`` into the CSV ``out``; returns its rows."""
    rows = []
    with Grader(assignment, **options) as grader:
        names = [q["name"] for q in grader.questions]
        maximum = sum(len(q["checks"]) for q in grader.questions)
        with open(out, "w", newline="", encoding="utf-8") as stream:
            writer = csv.DictWriter(stream, ["submission", *names, "total", "max", "notes"])
            writer.writeheader()
            for submission in submissions:
                start = time.monotonic()
                try:
                    scores, notes = grader.grade(submission)
                except GradingError as error:
                    scores, notes = {n: 0 for n in names}, [str(error)]
                except Exception as error:           # the batch goes on
                    scores = {n: 0 for n in names}
                    notes = [f"not graded: {type(error).__name__}: {str(error)[:200]}"]
                row = {"submission": str(submission), **scores,
                       "total": sum(scores.values()), "max": maximum,
                       "notes": "; ".join(notes)}
                writer.writerow(row)
                stream.flush()
                rows.append(row)
                print(f"grade: {submission}: {row['total']}/{maximum} in "
                      f"{time.monotonic() - start:.0f} s", file=sys.stderr)
    return rows


def gradescope(source="/autograder/source", submission="/autograder/submission",
               results="/autograder/results/results.json", **options):
    """Gradescope's ``run_autograder``: grade the one notebook (or zip) of
    ``submission`` and write Gradescope's ``results.json``."""
    found = sorted(Path(submission).glob("*.ipynb")) or sorted(Path(submission).glob("*.zip"))
    with Grader(source, **options) as grader:
        # the grader has its own copy now: the unpacked zip (the worked
        # expressions) is closed to the notebook's user
        Path(source).chmod(0o700)
        if not found:
            scores, notes = {q["name"]: 0 for q in grader.questions}, ["no notebook submitted"]
        else:
            try:
                scores, notes = grader.grade(found[0])
            except GradingError as error:
                scores, notes = {q["name"]: 0 for q in grader.questions}, [str(error)]
        checks = {c["name"]: q["name"] for q in grader.questions for c in q["checks"]}
        tests = []
        for question in grader.questions:
            mine = [n for n in notes if checks.get(n.split(":", 1)[0]) == question["name"]]
            tests.append({"name": question["name"], "score": scores[question["name"]],
                          "max_score": len(question["checks"]),
                          "output": "\n".join(mine) or "Correct.", "visibility": "visible"})
        general = [n for n in notes if n.split(":", 1)[0] not in checks]
    Path(results).parent.mkdir(parents=True, exist_ok=True)
    Path(results).write_text(json.dumps({"tests": tests, "output": "\n".join(general)},
                                        indent=1))


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m bookkit.grade",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("assignment", nargs="?",
                        help="the autograder zip, or the assignment folder "
                             "(_build/autograder/<slug>)")
    parser.add_argument("submissions", nargs="*", help="notebooks (.ipynb) or otter zips")
    parser.add_argument("--out", default="scores.csv", help="the CSV of scores")
    parser.add_argument("--cell-time-limit", type=int, default=CELL_TIME_LIMIT)
    parser.add_argument("--notebook-time-limit", type=int, default=NOTEBOOK_TIME_LIMIT)
    parser.add_argument("--grade-time-limit", type=int, default=GRADE_TIME_LIMIT)
    parser.add_argument("--kernel-user", default=None,
                        help="run the notebooks as this user (default: nobody when "
                             "run as root, '' for this process's user)")
    parser.add_argument("--gradescope", action="store_true",
                        help="grade /autograder/submission (Gradescope's run_autograder)")
    options = parser.parse_args(argv)
    limits = {"cell_time_limit": options.cell_time_limit,
              "notebook_time_limit": options.notebook_time_limit,
              "grade_time_limit": options.grade_time_limit,
              "kernel_user": options.kernel_user}
    if options.gradescope:
        gradescope(**limits)
        return 0
    if not options.assignment or not options.submissions:
        parser.error("give the assignment and at least one submission")
    rows = grade_batch(options.assignment, options.submissions, options.out, **limits)
    print(f"grade: {len(rows)} submissions graded into {options.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
