"""Grading submitted notebooks: each runs sealed in a sandbox, and the grade
is computed in a fresh process that runs none of the student's code.

One command grades a batch (the autograder zip of :mod:`bookkit.autograder`,
or the assignment folder that holds it, then the submissions, ``.ipynb`` or
the ``.zip`` that otter's export cell makes)::

    python -m bookkit.grade _build/autograder/<slug> submissions/*.ipynb \\
        --out scores.csv [--jobs 2] [--cell-time-limit 60] [--memory-limit 4]

and Gradescope's ``run_autograder`` (in the zip, which carries this module)
runs ``python -m bookkit.grade --gradescope``, which grades
``/autograder/submission`` into ``/autograder/results/results.json``.

For each submission:

1. **The notebook runs sealed** (:meth:`Grader.run`): its code cells, and
   before each question's check an exporter cell that displays the
   question's answers as JSON trees (:func:`mechlib.book.grading.to_tree`),
   are run by :mod:`bookkit.submission` in a kernel of its own, inside
   bubblewrap (:func:`sandbox_command`): new PID, mount, IPC, UTS and network
   namespaces; the Python environment read-only, an empty private ``/tmp``
   (its size bounded) that is gone afterwards, the assignment's ``mechlib``
   (without the grading files) read-only; nothing else of the machine: not
   the grading files, the zip, the checkout, a home folder, other
   submissions, or any process outside. It runs as a user id of its own that
   owns no file (as root), or as ``nobody`` in a user namespace (otherwise),
   with limits on memory, processes and file size; when it ends, every
   process it started ends with it. Each cell has a time limit, the whole
   notebook too.
2. **The grader runs** (:meth:`Grader.judge`) in a fresh ``python -I -B``
   process that imports the grading code from this grader's private copy of
   the zip, reads the trees with a whitelist parser and compares them with
   the worked expressions at points drawn at grading time
   (:func:`mechlib.book.grading.serve`); one check may take
   ``--grade-time-limit`` seconds, a submission's checks together
   ``--judge-time-limit``; the grading process has the memory limit too.

On Gradescope, where every submission has a container of its own and
bubblewrap may not run, step 1 runs without namespaces as a user id that
owns no file, after the unpacked zip and the results folder are closed to it
(``0700``); every process of that user is killed afterwards. Without a
working sandbox a local batch refuses to run, unless ``--no-sandbox`` (as
root) asks for that same unprivileged run, whose risks it prints.

The batch goes on after any failure of one submission; its CSV has one row per
submission: ``submission``, a column per question (its points), ``total``,
``max``, and ``notes``, which says which cells ran over their time limit or
failed and why a check scored nothing.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import csv
import inspect
import json
import os
import queue
import re
import selectors
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import zipfile
from pathlib import Path

import nbformat

from mechlib.book import grading

__all__ = ["Grader", "grade_batch", "main", "sandbox_command"]

#: Seconds a cell may run (``--cell-time-limit``).
CELL_TIME_LIMIT = 60
#: Seconds a whole notebook may run (``--notebook-time-limit``).
NOTEBOOK_TIME_LIMIT = 900
#: Seconds one check may take in the grader (``--grade-time-limit``); the
#: first also imports SymPy.
GRADE_TIME_LIMIT = 60
#: Seconds all the checks of one submission may take (``--judge-time-limit``).
JUDGE_TIME_LIMIT = 180
#: GiB of memory each process of a notebook, and the grader, may use
#: (``--memory-limit``).
MEMORY_LIMIT = 4
#: Processes and threads a notebook may run at once.
PROCESS_LIMIT = 256
#: Bytes of files a notebook may write (its private /tmp).
DISK_LIMIT = 512 * 2**20
#: Bytes of the runner's report read back (answers' trees and notes).
REPORT_LIMIT = 16 * 2**20
#: The manifest of an autograder zip: the questions, their checks and worked
#: expressions (written by :mod:`bookkit.autograder`).
MANIFEST = "grading/manifest.json"
#: The first of the user ids that notebooks run as when the grader is root:
#: each grader process and job has its own, which owns no file.
SANDBOX_UID = 2**30
#: otter's own cells in a student notebook, which grading does not run.
_OTTER_LINE = re.compile(r"\s*(#.*|import otter|grader\s*=\s*otter\.Notebook\(.*\)|"
                         r"grader\.(check|check_all|export)\(.*\))?\s*")
_CHECK_CELL = re.compile(r"""^\s*grader\.check\(\s*["']([^"']+)["']\s*\)\s*$""", re.M)
_RUNNER = Path(__file__).with_name("submission.py")

NO_SANDBOX = """\
grade: --no-sandbox: each notebook runs as a user id of its own, which owns no
file, without namespaces. It can then read every file that any user may read
(a world-readable copy of the autograder zip or of the book's solutions
included), use the network, fill /tmp, and see the other processes of this
machine; what it starts is killed when it ends. Grade this way only in a
container that holds nothing but the assignment and the submissions."""


class GradingError(RuntimeError):
    """A submission that could not be graded (the batch goes on)."""


# --- the assignment ------------------------------------------------------------------

def autograder_zip(assignment):
    """The autograder of an assignment: the zip itself, the one ``otter
    assign`` wrote in ``<folder>/dist/autograder/``, or a folder that holds
    ``grading/manifest.json`` (Gradescope's ``/autograder/source``)."""
    assignment = Path(assignment)
    if assignment.is_file() or (assignment / MANIFEST).is_file():
        return assignment
    if (assignment / "autograder.zip").is_file():     # python -m bookkit.assignment's
        return assignment / "autograder.zip"
    found = sorted((assignment / "dist" / "autograder").glob("*.zip"))
    if not found:
        raise SystemExit(f"grade: no autograder zip in {assignment}/dist/autograder")
    return found[-1]


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


# --- what the notebook's kernel runs ------------------------------------------------

def exporter_source(variables):
    """The code of the cell that sends the answers ``{variable: frame}`` out
    of the kernel as display data of type :data:`grading.MIME`."""
    body = inspect.getsource(grading.to_tree) + (
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


def work_cells(notebook, questions):
    """The cells the kernel runs, ``[{"source", "label"}]``: the notebook's
    code cells but otter's, with an exporter before each question's check
    cell (otter's), after the cell that checks its last answer (an
    assignment's, :mod:`bookkit.assignment`), or at the end."""
    cells, placed, number = [], set(), 0
    otter_checked = {m.group(1) for c in notebook.cells if c.cell_type == "code"
                     for m in _CHECK_CELL.finditer(c.source)}

    def export(question):
        variables = {c["variable"]: c.get("frame") for c in question["checks"]}
        cells.append({"source": exporter_source(variables),
                      "label": f"export {question['name']}"})
        placed.add(question["name"])

    for cell in notebook.cells:
        if cell.cell_type != "code":
            continue
        match = _CHECK_CELL.search(cell.source)
        if match:
            for question in questions:
                if question["name"] == match.group(1) and question["name"] not in placed:
                    export(question)
        if all(_OTTER_LINE.fullmatch(line) for line in cell.source.splitlines()):
            continue
        number += 1
        cells.append({"source": cell.source, "label": f"cell {number}"})
        for question in questions:      # an assignment's answer cell checks its last
            if question["name"] not in placed | otter_checked and \
                    f'ml.check("{question["checks"][-1]["name"]}"' in cell.source:
                export(question)
    for question in questions:
        if question["name"] not in placed:
            export(question)
    return cells


# --- the sandbox ---------------------------------------------------------------------

def _python_folders():
    """The folders of this Python (its environment and its installation)."""
    folders = {os.path.realpath(p) for p in (sys.prefix, sys.base_prefix, sys.exec_prefix,
                                             os.path.dirname(os.path.realpath(sys.executable)))}
    return sorted(f for f in folders if not any(
        f != g and f.startswith(g.rstrip("/") + "/") for g in folders))


def sandbox_command(support, uid=None, disk=DISK_LIMIT):
    """bubblewrap's command line that runs what follows it sealed: ``support``
    (a folder) read-only at ``/grader``, an empty private ``/tmp`` of at most
    ``disk`` bytes as the working folder, the system's ``/usr`` and this
    Python's folders read-only, nothing else of the file system; new PID,
    IPC, UTS and network namespaces (only a loopback), killed with the
    grader. As root, the command that follows should drop to ``uid`` (see
    :meth:`Grader._command`); otherwise a user namespace maps this user to
    ``nobody``.

    >>> command = sandbox_command("/tmp/s", uid=2**30)
    >>> command[0], "--unshare-net" in command, "--unshare-user" in command
    ('bwrap', True, False)
    """
    command = ["bwrap", "--die-with-parent", "--new-session", "--unshare-pid",
               "--unshare-net", "--unshare-ipc", "--unshare-uts", "--unshare-cgroup-try"]
    if uid is None:
        command += ["--unshare-user", "--uid", "65534", "--gid", "65534"]
    command += ["--proc", "/proc", "--dev", "/dev",
                "--size", str(disk), "--perms", "1777", "--tmpfs", "/tmp",
                "--ro-bind", "/usr", "/usr"]
    for name in ("bin", "sbin", "lib", "lib32", "lib64", "libx32"):
        path = Path("/", name)
        if path.is_symlink():
            command += ["--symlink", os.readlink(path), str(path)]
        elif path.is_dir():
            command += ["--ro-bind", str(path), str(path)]
    for folder in _python_folders():
        if not folder.startswith("/usr/"):
            for parent in reversed(Path(folder).parents[:-1]):     # open to the user
                if str(parent) != "/tmp":
                    command += ["--perms", "0755", "--dir", str(parent)]
            command += ["--ro-bind", folder, folder]
    command += ["--ro-bind-try", "/etc/alternatives", "/etc/alternatives",
                "--ro-bind-try", "/etc/ld.so.cache", "/etc/ld.so.cache",
                "--ro-bind", str(support), "/grader", "--chdir", "/tmp"]
    return command


def _limits(memory, processes=PROCESS_LIMIT, disk=DISK_LIMIT):
    """``prlimit``'s command line: address space, processes, file size, no
    core files."""
    return ["prlimit", f"--as={int(memory * 2**30)}", f"--nproc={processes}",
            f"--fsize={disk}", "--core=0", "--"]


def _drop_to(uid):
    """``setpriv``'s command line that runs what follows as ``uid``, with no
    capability and no way back."""
    return ["setpriv", f"--reuid={uid}", f"--regid={uid}", "--clear-groups",
            "--inh-caps=-all", "--bounding-set=-all", "--no-new-privs", "--"]


def _kill_user(uid):
    """Kill every process of ``uid`` (stopped first, so that none forks meanwhile)."""
    subprocess.run([*_drop_to(uid), "sh", "-c", "kill -s STOP -- -1; kill -s KILL -- -1"],
                   env={"PATH": "/usr/bin:/bin"}, cwd="/", check=False)


def _read_all(process, data, seconds, limit):
    """Send ``data`` to ``process``, then read its standard output for at
    most ``seconds`` and ``limit`` bytes; ``(bytes, complete)``."""
    try:
        process.stdin.write(data)
    except (BrokenPipeError, OSError):
        pass
    finally:
        try:
            process.stdin.close()
        except OSError:
            pass
    deadline = time.monotonic() + seconds
    chunks, size = [], 0
    with selectors.DefaultSelector() as selector:
        selector.register(process.stdout, selectors.EVENT_READ)
        while size <= limit:
            remaining = deadline - time.monotonic()
            if remaining <= 0 or not selector.select(timeout=remaining):
                return b"".join(chunks), False
            chunk = os.read(process.stdout.fileno(), 65536)
            if not chunk:
                return b"".join(chunks), True
            chunks.append(chunk)
            size += len(chunk)
    return b"".join(chunks), False


# --- the grader ----------------------------------------------------------------------

class Grader:
    """Grades submissions of one assignment (see the module).

    ``sandbox`` is ``"bwrap"`` (each notebook sealed; refused when bubblewrap
    does not work here), ``"user"`` (as root: a user id of its own, no
    namespaces; Gradescope and ``--no-sandbox``) or ``"trusted"`` (as this
    process's user: only for the instructor's own worked solutions)."""

    def __init__(self, assignment, cell_time_limit=CELL_TIME_LIMIT,
                 notebook_time_limit=NOTEBOOK_TIME_LIMIT, grade_time_limit=GRADE_TIME_LIMIT,
                 judge_time_limit=JUDGE_TIME_LIMIT, memory_limit=MEMORY_LIMIT,
                 sandbox="bwrap", jobs=1):
        self.zip = autograder_zip(assignment)
        self.cell_time_limit = cell_time_limit
        self.notebook_time_limit = notebook_time_limit
        self.grade_time_limit = grade_time_limit
        self.judge_time_limit = judge_time_limit
        self.memory_limit = memory_limit
        self.sandbox = sandbox
        self.home = Path(tempfile.mkdtemp(prefix="mechlib-grader-"))     # 0700
        self.source = self.home / "source"
        _extract(self.zip, self.source)
        if not (self.source / MANIFEST).is_file():
            raise SystemExit(f"grade: {self.zip} has no {MANIFEST}; make it again "
                             "with scripts/autograder.sh")
        self.manifest = json.loads((self.source / MANIFEST).read_text(encoding="utf-8"))
        # what the kernel sees at /grader: the runner and the assignment's
        # mechlib, never the grading files
        self.support = self.home / "support"
        shutil.copytree(self.source / "mechlib", self.support / "mechlib")
        shutil.copy(_RUNNER, self.support / "submission.py")
        self.slots = queue.Queue()
        for slot in range(jobs):
            self.slots.put(slot)
        self._check_sandbox()

    # how a notebook is run
    def _uid(self, slot):
        if self.sandbox == "trusted" or (self.sandbox == "bwrap" and os.geteuid() != 0):
            return None
        return SANDBOX_UID + (os.getpid() % 2**22) * 16 + slot

    def _support_in(self, folder):
        """Where the notebook's user finds the support files: ``/grader`` in
        the sandbox, else the copy in its working folder ``folder``."""
        return "/grader" if self.sandbox == "bwrap" else f"{folder}/support"

    def _command(self, slot, folder, arguments=None):
        """The command line that runs this Python with ``arguments`` (by
        default the runner) as the notebook's user of job ``slot``; ``folder``
        is its working folder outside a sandbox."""
        uid = self._uid(slot)
        drop = _drop_to(uid) if uid is not None else []
        python = [sys.executable, "-I", "-B",
                  *(arguments or [f"{self._support_in(folder)}/submission.py"])]
        if self.sandbox == "bwrap":
            return [*sandbox_command(self.support, uid), *_limits(self.memory_limit),
                    *drop, *python]
        return [*_limits(self.memory_limit), *drop, *python]

    def _environment(self, folder):
        home = "/tmp" if self.sandbox == "bwrap" else str(folder)
        return {"PATH": os.path.dirname(sys.executable) + ":/usr/bin:/bin",
                "LANG": "C.UTF-8", "HOME": home, "USER": "student", "LOGNAME": "student",
                "TMPDIR": "/tmp", "IPYTHONDIR": f"{home}/.ipython",
                "JUPYTER_RUNTIME_DIR": f"{home}/.jupyter-runtime",
                "MPLCONFIGDIR": f"{home}/.matplotlib", "MPLBACKEND": "Agg",
                "OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1",
                "PYTHONPATH": self._support_in(folder)}

    def _check_sandbox(self):
        """Refuse to grade, saying why and what to do, when notebooks cannot
        run as asked."""
        if self.sandbox == "user" and os.geteuid() != 0:
            raise SystemExit("grade: without a sandbox the notebooks must run as a user "
                             "of their own, which only root can arrange; install "
                             "bubblewrap instead (see the instructors' page)")
        if self.sandbox == "bwrap" and shutil.which("bwrap") is None:
            raise SystemExit(
                "grade: bubblewrap (bwrap) is not installed, and without it a "
                "submission could read the answers and the other submissions. Install "
                "it (Debian and Ubuntu: sudo apt-get install bubblewrap; Fedora: sudo "
                "dnf install bubblewrap), grade on Gradescope, or, in a container that "
                "holds nothing else, run as root with --no-sandbox.")
        folder = self._folder()
        try:
            probe = subprocess.run(
                self._command(0, folder, ["-c", "import subprocess, sys, nbclient, sympy; "
                                                "subprocess.run([sys.executable, '-c', "
                                                "'import ipykernel'], check=True)"]),
                capture_output=True, cwd=folder, env=self._environment(folder), timeout=120)
        finally:
            shutil.rmtree(folder, ignore_errors=True)
        errors = probe.stderr
        if probe.returncode != 0:
            hint = ("bubblewrap does not run here (user namespaces may be disabled: "
                    "sysctl kernel.unprivileged_userns_clone=1), or this Python is "
                    "not where it can be mounted" if self.sandbox == "bwrap" else
                    "its folders must be open to other users (chmod o+x on each "
                    "folder above it)")
            raise SystemExit(f"grade: a notebook cannot run {sys.executable} in its "
                             f"sandbox ({self.sandbox}): {hint}.\n"
                             + errors.decode(errors="replace")[-2000:])

    def _folder(self, slot=0):
        """A working folder outside the sandbox (owned by the notebook's user),
        with the support files; in bwrap, an empty one."""
        folder = Path(tempfile.mkdtemp(prefix="mechlib-submission-"))
        if self.sandbox != "bwrap":
            shutil.copytree(self.support, folder / "support")
            uid = self._uid(slot)
            if uid is not None:
                for path in [folder, *folder.rglob("*")]:
                    os.chown(path, uid, uid, follow_symlinks=False)
        return folder

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

    def run(self, submission, slot=0):
        """Run a submission's notebook (see the module): the runner's report,
        ``{"trees", "failed", "timed_out", "restarted", "skipped"}``."""
        job = json.dumps({"cells": work_cells(_read_notebook(submission), self.questions),
                          "cell_time_limit": self.cell_time_limit,
                          "notebook_time_limit": self.notebook_time_limit}).encode()
        folder = self._folder(slot)
        command = self._command(slot, folder)
        process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                   stderr=subprocess.DEVNULL, cwd=folder,
                                   env=self._environment(folder), start_new_session=True)
        try:
            output, complete = _read_all(process, job, self.notebook_time_limit + 60,
                                         REPORT_LIMIT)
        finally:
            try:
                os.killpg(process.pid, signal.SIGKILL)     # bwrap, and all in it
            except OSError:
                pass
            process.wait()
            process.stdout.close()
            uid = self._uid(slot)
            if uid is not None and self.sandbox == "user":
                _kill_user(uid)
            shutil.rmtree(folder, ignore_errors=True)
        report = {"trees": {}, "failed": [], "timed_out": [], "restarted": [], "skipped": []}
        lines = output.strip().splitlines()
        try:
            found = json.loads(lines[-1]) if lines else None
        except (ValueError, RecursionError):
            found = None
        if isinstance(found, dict):
            for key, value in report.items():
                if isinstance(found.get(key), type(value)):
                    report[key] = found[key]
        elif not complete:
            report["failed"].append("the notebook (it ran over its time or its "
                                    "output limit, and was stopped)")
        else:
            report["failed"].append("the notebook (the process that ran it ended without "
                                    "a report: the notebook may have used up its memory "
                                    "or process limit)")
        return report

    def _judge_command(self):
        boot = (f"import sys; sys.path.insert(0, {str(self.source)!r}); "
                "from mechlib.book import grading; "
                f"assert grading.__file__.startswith({str(self.source)!r}); grading.serve()")
        return [*_limits(self.memory_limit), sys.executable, "-I", "-B", "-c", boot]

    def student(self, *names):
        """The roster's id of the first of ``names`` (a file's name, an email,
        a Gradescope sid) that the roster knows, else None."""
        identities = self.manifest.get("identities", {})
        return next((identities[n.lower()] for n in names
                     if isinstance(n, str) and n.lower() in identities), None)

    def worked(self, student=None):
        """``{check: worked form}`` for ``student``: their variant's, in an
        assignment with a roster (:mod:`bookkit.assignment`); else the
        manifest's. Raises GradingError for a student the roster lacks."""
        if "students" not in self.manifest:
            return {c["name"]: c["worked"] for q in self.questions for c in q["checks"]}
        if student not in self.manifest["students"]:
            raise GradingError(
                "no student of the roster submitted this: name a submission "
                "<student_id>.ipynb (or its email), or add the student to the roster "
                "and build the assignment again")
        return self.manifest["variants"][self.manifest["students"][student]]

    def judge(self, trees, worked=None):
        """The verdicts ``{check: (correct, message)}`` on the trees, from the
        grading process (see the module), against ``worked`` (default:
        :meth:`worked`)."""
        worked = worked or self.worked()
        pending = []
        for question in self.questions:
            for check in question["checks"]:
                tree = trees.get(check["variable"]) if isinstance(trees, dict) else None
                try:
                    json.dumps(tree)
                except (ValueError, TypeError, RecursionError):
                    tree = {"kind": "other", "what": "answer nested too deeply"}
                pending.append({"name": check["name"], "tree": tree,
                                "worked": worked[check["name"]]})
        verdicts = {}
        deadline = time.monotonic() + self.judge_time_limit
        while pending:
            if time.monotonic() > deadline:
                for item in pending:
                    verdicts[item["name"]] = (False, (
                        f"Not graded: grading this submission took over "
                        f"{self.judge_time_limit} s."))
                break
            verdicts.update(self._judge_some(pending, deadline))
        return verdicts

    def _judge_some(self, pending, deadline):
        """Grade ``pending`` (removing each graded check) in one grading
        process, until a check fails or takes too long."""
        verdicts = {}
        errors = tempfile.TemporaryFile()
        process = subprocess.Popen(self._judge_command(), stdin=subprocess.PIPE,
                                   stdout=subprocess.PIPE, stderr=errors, cwd=self.home,
                                   env={"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"},
                                   start_new_session=True)
        try:
            try:
                process.stdin.write(json.dumps({"checks": pending}).encode())
            except (BrokenPipeError, OSError):
                pass
            finally:
                try:
                    process.stdin.close()
                except OSError:
                    pass
            buffer = b""
            limit = min(deadline, time.monotonic() + self.grade_time_limit)
            with selectors.DefaultSelector() as selector:
                selector.register(process.stdout, selectors.EVENT_READ)
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
                        limit = min(deadline, time.monotonic() + self.grade_time_limit)
        finally:
            try:
                os.killpg(process.pid, signal.SIGKILL)
            except OSError:
                pass
            process.wait()
            process.stdout.close()
            errors.close()
        return verdicts

    def grade(self, submission, student=None):
        """``(scores, notes)`` of one submission: ``{question: points}`` and a
        list of sentences (cells over time or failed, checks not correct).
        ``student`` is the submitter's id in the roster, from outside the
        notebook (an assignment with variants needs it)."""
        worked = self.worked(student)
        try:                       # (the autograder's copy has no notebooks module)
            from .notebooks import log_execution
        except ImportError:
            pass
        else:
            log_execution(self.manifest.get("chapter", "?"), "grade")
        notes = []
        slot = self.slots.get()
        try:
            run = self.run(submission, slot)
        except Exception as error:       # an unreadable notebook, a kernel that won't start
            run = {"trees": {}, "failed": [], "timed_out": [], "restarted": [],
                   "skipped": []}
            notes.append(f"not run: {type(error).__name__}: {str(error)[:200]}")
        finally:
            self.slots.put(slot)
        verdicts = self.judge(run["trees"], worked)
        notes += [f"timed out: {label}" for label in run["timed_out"]]
        notes += [f"kernel restarted after {label}" for label in run["restarted"]]
        notes += [f"failed: {label}" for label in run["failed"]
                  if not str(label).startswith("export")]
        if run["skipped"]:
            notes.append(f"not run (notebook time limit): {', '.join(map(str, run['skipped']))}")
        scores = {}
        for question in self.questions:
            points = 0
            for check in question["checks"]:
                correct, message = verdicts[check["name"]]
                points += int(correct is True)
                if correct is not True:
                    notes.append(f"{check['name']}: {message}")
            scores[question["name"]] = points
        return scores, [str(n)[:500] for n in notes]


def grade_batch(assignment, submissions, out, jobs=1, **options):
    """Grade ``submissions`` into the CSV ``out``, ``jobs`` at once; returns
    its rows (in the order of ``submissions``)."""
    rows = []
    with Grader(assignment, jobs=jobs, **options) as grader:
        names = [q["name"] for q in grader.questions]
        maximum = sum(len(q["checks"]) for q in grader.questions)

        def one(submission):
            start = time.monotonic()
            try:
                scores, notes = grader.grade(submission, grader.student(
                    Path(submission).stem))
            except Exception as error:           # the batch goes on
                scores = {n: 0 for n in names}
                notes = [f"not graded: {type(error).__name__}: {str(error)[:200]}"]
            print(f"grade: {submission}: {sum(scores.values())}/{maximum} in "
                  f"{time.monotonic() - start:.1f} s", file=sys.stderr)
            return {"submission": str(submission), **scores,
                    "total": sum(scores.values()), "max": maximum,
                    "notes": "; ".join(notes)}

        with open(out, "w", newline="", encoding="utf-8") as stream, \
                concurrent.futures.ThreadPoolExecutor(jobs) as pool:
            writer = csv.DictWriter(stream, ["submission", *names, "total", "max", "notes"])
            writer.writeheader()
            for row in pool.map(one, submissions):
                writer.writerow(row)
                stream.flush()
                rows.append(row)
    return rows


def gradescope(root="/autograder", **options):
    """Gradescope's ``run_autograder``: grade the one notebook (or zip) of
    ``root/submission`` and write Gradescope's ``root/results/results.json``.
    The unpacked zip and the results folder are closed (``0700``) to the
    notebook's user before the notebook runs."""
    root = Path(root)
    source, results = root / "source", root / "results"
    results.mkdir(parents=True, exist_ok=True)
    for folder in (source, results):
        folder.chmod(0o700)
    found = sorted((root / "submission").glob("*.ipynb")) or \
        sorted((root / "submission").glob("*.zip"))
    with Grader(source, sandbox="user", **options) as grader:
        try:
            metadata = json.loads((root / "submission_metadata.json").read_text())
            users = metadata.get("users") or []
        except (OSError, ValueError, AttributeError):
            users = []
        student = grader.student(*[u.get(k) for u in users if isinstance(u, dict)
                                   for k in ("email", "sid")])
        if not found:
            scores, notes = {q["name"]: 0 for q in grader.questions}, ["no notebook submitted"]
        else:
            try:
                scores, notes = grader.grade(found[0], student)
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
    (results / "results.json").write_text(json.dumps(
        {"tests": tests, "output": "\n".join(general)}, indent=1))


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m bookkit.grade",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("assignment", nargs="?",
                        help="the autograder zip, or the assignment folder "
                             "(_build/autograder/<slug>)")
    parser.add_argument("submissions", nargs="*", help="notebooks (.ipynb) or otter zips")
    parser.add_argument("--out", default="scores.csv", help="the CSV of scores")
    parser.add_argument("--jobs", type=int, default=1,
                        help="submissions graded at once (at most 16)")
    parser.add_argument("--cell-time-limit", type=int, default=CELL_TIME_LIMIT,
                        help="seconds a cell may run")
    parser.add_argument("--notebook-time-limit", type=int, default=NOTEBOOK_TIME_LIMIT,
                        help="seconds a notebook may run")
    parser.add_argument("--grade-time-limit", type=int, default=GRADE_TIME_LIMIT,
                        help="seconds one check may take in the grader")
    parser.add_argument("--judge-time-limit", type=int, default=JUDGE_TIME_LIMIT,
                        help="seconds all the checks of a submission may take")
    parser.add_argument("--memory-limit", type=float, default=MEMORY_LIMIT,
                        help="GiB each process of a notebook, and the grader, may use")
    parser.add_argument("--no-sandbox", action="store_true",
                        help="as root, without bubblewrap: each notebook runs as a user "
                             "of its own, unisolated (prints what it can then do)")
    parser.add_argument("--gradescope", action="store_true",
                        help="grade /autograder/submission (Gradescope's run_autograder)")
    parser.add_argument("--root", default="/autograder", help=argparse.SUPPRESS)
    options = parser.parse_args(argv)
    if not 1 <= options.jobs <= 16:
        parser.error("--jobs must be between 1 and 16")
    limits = {"cell_time_limit": options.cell_time_limit,
              "notebook_time_limit": options.notebook_time_limit,
              "grade_time_limit": options.grade_time_limit,
              "judge_time_limit": options.judge_time_limit,
              "memory_limit": options.memory_limit}
    if options.gradescope:
        gradescope(options.root, **limits)
        return 0
    if not options.assignment or not options.submissions:
        parser.error("give the assignment and at least one submission")
    if options.no_sandbox:
        print(NO_SANDBOX, file=sys.stderr)
    rows = grade_batch(options.assignment, options.submissions, options.out,
                       jobs=options.jobs, sandbox="user" if options.no_sandbox else "bwrap",
                       **limits)
    print(f"grade: {len(rows)} submissions graded into {options.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
