"""Grading that an instructor can trust, tried the way a dishonest student
would try it, on partial-velocities' assignment:

- **a local batch** (``python -m bookkit.grade``, two at once): between
  honest submissions, notebooks that read the answers (the autograder zip,
  the worked solutions, another student's notebook, found from ``/proc``
  too), that leave a process behind (``setsid``, a double fork, a thread)
  which later kills, writes into other submissions, changes the zip or
  rewrites the CSV, that kill the grader, bomb memory and threads, flood
  the disk, print 100 MB, or reach the network. Each attacker scores
  nothing, every honest submission full marks, and the batch ends with a
  row per submission;
- **Gradescope**: the zip, built by the instructors' command, unpacked as
  Gradescope unpacks it, run by its own ``run_autograder`` in a virtual
  environment made from nothing but the zip's ``environment.yml``, with no
  file of this checkout on any path: an honest, a partly wrong and a
  dishonest submission (which reads ``source/`` and writes ``results/``).
"""

from __future__ import annotations

import csv
import hashlib
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
import zipfile
from pathlib import Path

import nbformat
import pytest
import yaml

from bookkit import grade
from tests.reader_environment import environment
from tests.test_assignment import _differing_pair, build_example, solved
from tests.test_autograder import (
    PARTIAL_VELOCITIES,
    TYPED,
    assign,
    batch,
    full_marks,
    question_of,
    student,
    typed,
    typed_in_full,
    with_cell,
)

pytestmark = pytest.mark.skipif(not PARTIAL_VELOCITIES, reason="no partial-velocities")

#: Cell of an attacker: read each of ``PATHS`` (and the files in it) and
#: every file named on the command line of a process it can see; run the
#: code cells of each notebook it reads that ``NOTEBOOKS`` names (the worked
#: solutions, another student's answers) and answer with what they computed
#: (:func:`stealing`). It scores only through what it read.
READER = '''
import glob, json, os
_read = {}
def _grab(path):
    try:
        with open(path, 'rb') as stream:
            _read[path] = stream.read()
    except OSError:
        pass
for _path in PATHS:
    _grab(_path)
    for _found in glob.glob(os.path.join(_path, '**', '*'), recursive=True)[:2000]:
        _grab(_found)
for _cmdline in glob.glob('/proc/*/cmdline'):
    try:
        _words = open(_cmdline, 'rb').read().split(b'\\0')
    except OSError:
        continue
    for _word in _words:
        if _word.startswith(b'/') and os.path.isfile(_word.decode(errors='replace')):
            _grab(_word.decode(errors='replace'))
_stolen = {}
for _path, _content in list(_read.items()):
    if os.path.basename(_path) in NOTEBOOKS:
        _namespace = {}
        for _cell in json.loads(_content)['cells']:
            _source = ''.join(_cell['source'])
            if _cell['cell_type'] == 'code' and 'otter' not in _source:
                try:
                    exec('\\n'.join(l for l in _source.splitlines()
                                    if not l.startswith('%')), _namespace)
                except Exception:
                    pass
        _stolen.update({k: v for k, v in _namespace.items()
                        if v is not Ellipsis and v is not None})
print(len(_read), 'files read')
'''

#: Cell of an attacker: a process that outlives the notebook (``HOW``) and,
#: after ``DELAY`` s, kills every kernel and grading process it may (only
#: those: run unsealed as root it would otherwise end the test run), writes
#: into every submission's folder it finds, and appends to ``TARGETS`` (the
#: autograder zip, the CSV).
SURVIVOR = '''
import os, signal, subprocess, sys, threading, time, glob
_code = """
import glob, os, signal, time
time.sleep(DELAY)
for path in TARGETS:
    try:
        with open(path, 'a') as stream:
            stream.write('submission,pv-other-speeds\\\\nforged,99\\\\n')
    except OSError:
        pass
for folder in glob.glob('/tmp/mechlib-submission-*'):
    try:
        open(os.path.join(folder, 'planted.py'), 'w').write('raise SystemExit')
    except OSError:
        pass
for pid in os.listdir('/proc'):
    try:
        line = open(f'/proc/{pid}/cmdline', 'rb').read()
    except OSError:
        continue
    if pid.isdigit() and int(pid) != os.getpid() and any(word in line for word in (
            b'ipykernel', b'bookkit', b'submission.py', b'nbclient')):
        try:
            os.kill(int(pid), signal.SIGKILL)
        except OSError:
            pass
"""
if HOW == 'setsid':
    subprocess.Popen([sys.executable, '-c', _code], start_new_session=True,
                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
elif HOW == 'double fork':
    if os.fork() == 0:
        os.setsid()
        if os.fork() == 0:
            exec(_code)
            os._exit(0)
        os._exit(0)
    os.wait()
else:
    threading.Thread(target=exec, args=(_code, {}), daemon=False).start()
'''

#: Cell of an attacker that kills the grader (every process whose command
#: line names bookkit.grade).
KILLER = '''
import os, signal
for _pid in os.listdir('/proc'):
    try:
        _line = open(f'/proc/{_pid}/cmdline', 'rb').read()
    except OSError:
        continue
    if b'bookkit.grade' in _line and _pid.isdigit() and int(_pid) != os.getpid():
        try:
            os.kill(int(_pid), signal.SIGKILL)
        except OSError:
            pass
'''

BOMBS = '''
import os, socket, threading, time
_results = []
try:
    _memory = bytearray(6 * 2**30)          # over the 4 GiB limit
    _results.append('6 GiB allocated')
except MemoryError:
    pass
_threads = []
try:
    for _ in range(400):                     # over the process limit
        _threads.append(threading.Thread(target=time.sleep, args=(3,)))
        _threads[-1].start()
    _results.append('400 threads')
except RuntimeError:
    pass
for _thread in _threads:     # (until they end, the runner beside it can start none)
    if _thread.ident:
        _thread.join()
try:
    with open(FLOOD, 'wb') as _stream:       # over the disk limit
        for _ in range(600):
            _stream.write(b'x' * 2**20)
    _results.append('600 MB written')
except OSError:
    pass
try:
    socket.create_connection(('127.0.0.1', PORT), timeout=3).sendall(b'answers?')
    _results.append('network')
except OSError:
    pass
if os.getuid() in (0, OWNER):
    _results.append('runs as the owner of the grading files')
print('x' * 100_000_000)
assert not _results, _results
_bombs_done = True
'''


def stealing(notebook, code):
    """``notebook`` with the attacker's cell ``code``, each answer typed as
    what the attacker stole."""
    return typed(with_cell(notebook, code),
                 {variable: f"_stolen.get({variable!r})" for variable in TYPED})


def _cell(template, **values):
    code = template
    for key, value in values.items():
        code = code.replace(key, repr(value))
    return code


class _Listener:
    """A server on loopback that counts the connections it gets."""

    def __init__(self):
        self.socket = socket.create_server(("127.0.0.1", 0))
        self.port = self.socket.getsockname()[1]
        self.connections = 0
        threading.Thread(target=self._serve, daemon=True).start()

    def _serve(self):
        while True:
            try:
                connection, _ = self.socket.accept()
            except OSError:
                return
            self.connections += 1
            connection.close()


def _digest(path):
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


@pytest.fixture(scope="module")
def attacked(tmp_path_factory):
    """One batch, two at once: honest submissions between attackers."""
    chapter = PARTIAL_VELOCITIES[0]
    folder = assign(chapter, tmp_path_factory)
    work = tmp_path_factory.mktemp("attacks")
    zip_path = grade.autograder_zip(folder)
    honest = typed(student(folder, chapter), typed_in_full(chapter))
    flood = f"/tmp/mechlib-flood-{os.getpid()}"
    listener = _Listener()
    secrets = [str(zip_path), str(folder), str(work / "honest-1.ipynb")]

    def attacker(code):
        return with_cell(student(folder, chapter), code)

    notebooks = {
        "honest-1": honest,
        "reader": stealing(student(folder, chapter), _cell(
            READER, PATHS=secrets, NOTEBOOKS=[f"{chapter.stem}.ipynb", "honest-1.ipynb"])),
        "honest-2": honest,
        "setsid": attacker(_cell(SURVIVOR, HOW="setsid", DELAY=4,
                                 TARGETS=[str(work / "scores.csv"), str(zip_path)])),
        "honest-3": honest,
        "double-fork": attacker(_cell(SURVIVOR, HOW="double fork", DELAY=4,
                                      TARGETS=[str(work / "scores.csv"), str(zip_path)])),
        "honest-4": honest,
        "thread": attacker(_cell(SURVIVOR, HOW="thread", DELAY=4,
                                 TARGETS=[str(work / "scores.csv"), str(zip_path)])),
        "honest-5": honest,
        "killer": attacker(KILLER),
        "honest-6": honest,
        # its one right answer stands only if its cell ran to the end
        "bombs": typed(attacker(_cell(BOMBS, FLOOD=flood, PORT=listener.port,
                                      OWNER=zip_path.stat().st_uid)),
                       {"q1_dot": f"({TYPED['q1_dot']}) if _bombs_done else 0"}),
        "honest-7": honest,
    }
    before = _digest(zip_path)
    rows = batch(folder, notebooks, work, "--jobs", "2")
    with (work / "scores.csv").open(newline="") as stream:
        lines = list(csv.reader(stream))
    return {"rows": rows, "csv": lines, "zip changed": _digest(zip_path) != before,
            "flood left": os.path.exists(flood), "connections": listener.connections,
            "names": list(notebooks), "full marks": sum(full_marks(chapter).values())}


def test_every_honest_submission_keeps_full_marks(attacked):
    rows = attacked["rows"]
    for name, row in rows.items():
        if name.startswith("honest"):
            assert row["total"] == row["max"] == attacked["full marks"], (name, row)


def test_a_submission_that_reads_the_answers_scores_nothing(attacked):
    """The zip, the instructor's folder with the worked solutions, another
    student's notebook, /tmp, the files on any command line in /proc: none is
    in its sandbox."""
    assert attacked["rows"]["reader"]["total"] == 0, attacked["rows"]["reader"]


@pytest.mark.parametrize("name", ["setsid", "double-fork", "thread", "killer"])
def test_a_process_left_behind_or_a_killer_harms_nothing(attacked, name):
    """Every process a notebook started ends with it: nothing later kills
    the next submissions, writes into them, changes the zip or the CSV; the
    grader is out of reach."""
    assert attacked["rows"][name]["total"] == 0, attacked["rows"][name]
    assert not attacked["zip changed"]
    lines = attacked["csv"]
    assert len(lines) == 1 + len(attacked["names"]), lines
    assert [Path(line[0]).stem for line in lines[1:]] == attacked["names"]
    assert not any("forged" in line[0] for line in lines)


def test_bombs_floods_and_the_network_are_refused(attacked):
    """6 GiB of memory, 400 threads, 600 MB of files and a connection to a
    server on this machine's loopback all fail in the sandbox, which runs as
    neither root nor the owner of the grading files (the cell's assertion
    then passes: it did not fail); 100 MB of output costs nothing; the files
    it wrote are gone."""
    row = attacked["rows"]["bombs"]
    assert "failed: cell" not in row["notes"], row
    assert row["total"] == 1, row            # its cell ran to the end, then the one answer
    assert attacked["connections"] == 0
    assert not attacked["flood left"]


def test_grading_refuses_to_run_without_a_sandbox(tmp_path, tmp_path_factory):
    """With no bubblewrap on PATH, the batch command stops and says how to
    get one; it never runs the notebook unsealed."""
    chapter = PARTIAL_VELOCITIES[0]
    folder = assign(chapter, tmp_path_factory)
    bin_folder = tmp_path / "bin"
    bin_folder.mkdir()
    for tool in ("prlimit", "setpriv"):
        (bin_folder / tool).symlink_to(shutil.which(tool))
    notebook = tmp_path / "honest.ipynb"
    nbformat.write(typed(student(folder, chapter), TYPED), notebook)
    result = subprocess.run(
        [sys.executable, "-m", "bookkit.grade", str(folder), str(notebook),
         "--out", str(tmp_path / "scores.csv")], capture_output=True, text=True,
        env={**os.environ, "PATH": f"{Path(sys.executable).parent}:{bin_folder}"})
    assert result.returncode != 0
    assert "bubblewrap" in result.stderr and "apt-get install bubblewrap" in result.stderr
    assert not (tmp_path / "scores.csv").exists()


# --- Gradescope ---------------------------------------------------------------------

def _any_user_python():
    """A Python 3.11 that any user can run (not under a private home)."""
    for candidate in ("/usr/bin/python3.11", "/usr/local/bin/python3.11"):
        if os.access(candidate, os.X_OK):
            return candidate
    pytest.fail("no Python 3.11 in /usr/bin or /usr/local/bin for the Gradescope "
                "stand-in (Debian: apt-get install python3.11-venv)")


@pytest.fixture(scope="module")
def gradescope(tmp_path_factory):
    """The zip of partial-velocities and a virtual environment made from its
    environment.yml's pip list alone, open to every user."""
    chapter = PARTIAL_VELOCITIES[0]
    folder = assign(chapter, tmp_path_factory)
    base = Path(tempfile.mkdtemp(prefix="mechbook-gradescope-"))
    base.chmod(0o755)
    with zipfile.ZipFile(grade.autograder_zip(folder)) as archive:
        conda = yaml.safe_load(archive.read("environment.yml"))
    (requirements,) = [d["pip"] for d in conda["dependencies"] if isinstance(d, dict)]
    venv = base / "venv"
    subprocess.run([_any_user_python(), "-m", "venv", str(venv)], check=True)
    subprocess.run([str(venv / "bin" / "python"), "-m", "pip", "install", "-q",
                    *requirements], check=True, env=environment(venv))
    yield chapter, folder, venv, base
    shutil.rmtree(base, ignore_errors=True)


def _run_autograder(folder, venv, base, name, notebook, submitter=None):
    """Gradescope's path for one submission: ``root/source`` (the unpacked
    zip), ``root/submission``, ``root/submission_metadata.json`` naming
    ``submitter`` (an email), then ``source/run_autograder``; the results."""
    root = base / name
    with zipfile.ZipFile(grade.autograder_zip(folder)) as archive:
        archive.extractall(root / "source")
    (root / "source" / "run_autograder").chmod(0o755)
    (root / "submission").mkdir()
    nbformat.write(notebook, root / "submission" / "notebook.ipynb")
    if submitter:
        (root / "submission_metadata.json").write_text(json.dumps({
            "id": 1, "users": [{"email": submitter, "id": 7, "name": "A Student"}]}))
    root.chmod(0o755)
    result = subprocess.run(
        ["bash", str(root / "source" / "run_autograder")], capture_output=True, text=True,
        cwd=root, env={"PATH": "/usr/bin:/bin", "HOME": str(root), "LANG": "C.UTF-8",
                       "MECHBOOK_AUTOGRADER_ROOT": str(root),
                       "MECHBOOK_GRADER_VENV": str(venv)})
    assert result.returncode == 0, result.stderr[-3000:]
    tests = json.loads((root / "results" / "results.json").read_text())["tests"]
    return root, {t["name"]: (t["score"], t["max_score"], t["output"]) for t in tests}


def test_the_zip_runs_by_itself_on_gradescopes_path(gradescope):
    """An honest and a partly wrong submission graded by the zip alone."""
    chapter, folder, venv, base = gradescope
    answers = typed_in_full(chapter)
    _, honest = _run_autograder(folder, venv, base, "honest",
                                typed(student(folder, chapter), answers))
    full = {name: (points, points) for name, points in full_marks(chapter).items()}
    assert {n: s[:2] for n, s in honest.items()} == full
    _, wrong = _run_autograder(folder, venv, base, "wrong", typed(
        student(folder, chapter), {**answers, "Fr": "sm.Matrix([0, 0, 0])"}))
    assert {n: s[:2] for n, s in wrong.items()} == {**full, question_of(chapter, "Fr"): (0, 1)}
    assert "pv-three-link-Fr: Not yet" in wrong["pv-three-link"][2]


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """The example assignment of tests/test_assignment.py, built."""
    return build_example(tmp_path_factory)


def test_on_gradescope_each_student_is_graded_against_their_own_variant(gradescope, built):
    """An instructor's assignment with a roster (tests/test_assignment.py):
    Gradescope's submitter, from ``submission_metadata.json``, decides the
    variant, whatever notebook they hand in."""
    _, _, venv, base = gradescope
    folder, manifest, _, _ = built
    a, b = _differing_pair(manifest)
    mine = solved(nbformat.read(folder / "students" / f"{a}.ipynb", as_version=4))
    _, honest = _run_autograder(folder, venv, base, "variant-honest", mine,
                                f"{a}@example.edu")
    assert {n: s[:2] for n, s in honest.items()} == {
        "arm-velocity": (1, 1), "arm-forces": (1, 1)}
    _, copied = _run_autograder(folder, venv, base, "variant-copied", mine,
                                f"{b}@example.edu")
    assert {n: s[:2] for n, s in copied.items()} == {
        "arm-velocity": (0, 1), "arm-forces": (0, 1)}
    _, unknown = _run_autograder(folder, venv, base, "variant-unknown", mine,
                                 "nobody@example.edu")
    assert all(s[0] == 0 for s in unknown.values())


def test_on_gradescope_a_submission_reads_neither_source_nor_results(gradescope):
    """The notebook runs as a user who can read neither ``source/`` (the
    worked expressions) nor ``results/``, and what it leaves behind cannot
    write the results after it."""
    chapter, folder, venv, base = gradescope
    root = base / "dishonest"
    reader = _cell(READER, PATHS=[str(root / "source"), str(root / "results"), str(folder)],
                   NOTEBOOKS=[f"{chapter.stem}.ipynb"])
    survivor = _cell(SURVIVOR, HOW="setsid", DELAY=2,
                     TARGETS=[str(root / "results" / "results.json")])
    notebook = stealing(student(folder, chapter), reader + "\n" + survivor)
    root, results = _run_autograder(folder, venv, base, "dishonest", notebook)
    assert all(score == 0 for score, _, _ in results.values()), results
    time.sleep(4)
    after = json.loads((root / "results" / "results.json").read_text())
    assert all(t["score"] == 0 for t in after["tests"]), after
    assert not list(root.rglob("planted.py"))


def test_gradescope_zip_holds_its_grader(gradescope):
    """The zip carries the grader and its own environment, not otter's run
    (the runs above prove that they work)."""
    _, folder, _, _ = gradescope
    with zipfile.ZipFile(grade.autograder_zip(folder)) as archive:
        names = set(archive.namelist())
        setup = archive.read("setup.sh").decode()
    assert {"files/bookkit/grade.py", "files/bookkit/submission.py",
            "environment.yml", "run_autograder", "setup.sh"} <= names
    assert "run_otter.py" not in names and "otter-env" not in setup and "playwright" not in setup
