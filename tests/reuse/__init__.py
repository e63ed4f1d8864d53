"""Reuse a passed test's result while nothing it read has changed (the test
command's plugin, ``-p tests.reuse``).

A test's outcome depends on the code and environments, and on the files it
reads. This plugin records, for every test that passes, what it read
(:mod:`tests.reuse.reads`: in its own process through Python's audit hook, and
in every Python process it starts, through ``tests/reuse/child``), and at the
next run deselects the test, as reused, when all of these are unchanged:

- **the code**: every file git tracks except the chapters' Markdown
  (``book/*.md``), both environments' packages, Chromium's version, Python's,
  nbval's options and the book's environment variables;
- **the files it read** (chapters, the built sites, anything untracked), by
  content, and the folders it listed, by their names. A test's reads include
  what it may have used from memory (:meth:`Reuse.reads_of`): its fixtures'
  set-up (also when a fixture was set up for an earlier test), the reads that
  filled a cache it hit (:class:`Caches`), a shared page's loading
  (:func:`remember`), and collection's.

A test is run again when any of it changed, when it read a file that the last
run wrote (a build inside the run: what is on disk may be stale), or when it
started a process whose reads cannot be followed (git or a shell in the
repository; one started outside it and pointed at nothing in it counts as
reading nothing of it: :meth:`tests.reuse.reads.ReadsHook.runs_outside`).
Failed and skipped tests always run again; a notebook's cells (nbval) run
again together.

Records are kept in ``_build/reuse/results.json``: a fresh clone has none, so
CI runs every test; ``CI`` set or ``--no-reuse`` runs every test and records
nothing. The summary says how many tests were reused.

Code that reads a file only for part of it says so with :func:`reading_part`, so
that the dependency is on that part (collection reads each page's front
matter, not its prose). Code that copies the chapters out for checks that
each compare what they use of the copy with a file here says so with
:func:`copying_chapters`.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import json
import os
import shutil
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from tests.reuse.reads import LOG_VARIABLE, REPOSITORY_VARIABLE, ReadsHook

#: The repository (another one for this plugin's own tests, tests/test_reuse.py).
ROOT = Path(os.environ.get("MECHBOOK_REUSE_ROOT") or Path(__file__).resolve().parents[2])
STORE = ROOT / "_build" / "reuse"
CHILD = Path(__file__).resolve().parent / "child"
#: The prose the code state leaves out: a change there re-runs only the tests
#: that read it.
CHAPTERS = "book/*.md"
VARIABLES = ("MECHBOOK", "MECHLIB", "STUDENT_SITE", "PYTHON", "CI")


def front_matter(text: str) -> str:
    """The YAML block at the top of a MyST page (empty if there is none)."""
    return text.split("---", 2)[1] if text.startswith("---") else ""


def code_cells(text: str) -> str:
    """The code cells of a MyST page (source and tags), as jupytext reads them."""
    import jupytext

    from tests.references import code_cells as cells_of

    return repr(cells_of(jupytext.reads(text, fmt="md:myst")))


def assignment(path: Path) -> str:
    """What the autograder's tests (tests/test_autograder.py) compute from a
    chapter: its otter master notebook (:func:`mechlib.book.autograder.master_notebook`:
    its code, title and exercises), its checks, and its code cells, each
    marked as a worked solution's or not. Its prose outside the exercises is
    not in it."""
    import jupytext

    from mechlib.book.autograder import master_notebook
    from mechlib.book.chapters import chapter_checks, solution_cells

    notebook = jupytext.read(path)
    solution = solution_cells(notebook)
    cells = [(cell.source, index in solution) for index, cell in enumerate(notebook.cells)
             if cell.cell_type == "code"]
    return json.dumps([master_notebook(path), chapter_checks(path), cells], sort_keys=True)


def notebook_code(path: Path) -> str:
    """What running a notebook (``.ipynb``) depends on: its metadata (less
    jupytext's ``source_map``, the cells' line numbers in their page) and its
    code cells' source and metadata (a run skips the other cells and replaces
    the outputs)."""
    notebook = json.loads(path.read_text(encoding="utf-8"))
    metadata = {k: v for k, v in notebook.get("metadata", {}).items() if k != "source_map"}
    cells = [[cell.get("source"), cell.get("metadata", {})] if cell["cell_type"] == "code"
             else cell["cell_type"] for cell in notebook.get("cells", [])]
    return json.dumps([metadata, cells], sort_keys=True)


def _of_text(part):
    return lambda path: part(path.read_text(encoding="utf-8"))


#: The parts of a file that code may depend on alone (:func:`reading_part`),
#: each a function of the file's path.
PARTS = {"front-matter": _of_text(front_matter), "code-cells": _of_text(code_cells),
         "assignment": assignment, "notebook-code": notebook_code}

_part = threading.local()
#: The parts read in any thread of this process (:func:`reading_part`'s ``served``).
_served_parts: dict[str, str] = {}


@contextlib.contextmanager
def reading_part(paths, part: str, served=False):
    """Within this block, this thread's reads of ``paths`` (one path or several)
    count as depending only on their ``part`` (a name in :data:`PARTS`): say so
    only where what the code computes is a function of that part. With
    ``served``, the reads of every thread of this process count so (a file
    fetched from the site's server, tests/site/conftest.py): say so only
    around a block in which nothing else of this process reads ``paths``.
    Reads by child processes are never narrowed.

    >>> with reading_part("book/intro.md", "front-matter"):
    ...     pass
    """
    if part not in PARTS:
        raise KeyError(f"no part {part!r} of a file is known; add it to PARTS")
    paths = [paths] if isinstance(paths, (str, os.PathLike)) else paths
    relative = {os.path.relpath(os.path.abspath(path), ROOT) for path in paths}
    previous = getattr(_part, "current", None)
    _part.current = (relative, part)
    if served:
        _served_parts.update(dict.fromkeys(relative, part))
    try:
        yield
    finally:
        _part.current = previous
        for path in relative if served else ():
            _served_parts.pop(path, None)


def is_chapter(relative: str) -> bool:
    """True for a chapter's Markdown (:data:`CHAPTERS`), by its path relative to ROOT.

    >>> is_chapter("book/intro.md"), is_chapter("book/x/y.md"), is_chapter("README.md")
    (True, False, False)
    """
    folder, name = os.path.split(relative)
    return folder == os.path.dirname(CHAPTERS) and name.endswith(".md")


@contextlib.contextmanager
def copying_chapters():
    """Within this block, this thread's reads of the chapters (``book/*.md``)
    are not recorded: for code that copies them out of the repository for
    checks that record what they use of the copy themselves, by comparing
    what they use with a file of the repository made from the same chapters
    (each launch notebook of the Binder copy with its chapter's download:
    tests/site/test_launch.py). Every other file read is recorded as usual.

    >>> with copying_chapters():
    ...     pass
    """
    previous = getattr(_part, "copying", False)
    _part.copying = True
    try:
        yield
    finally:
        _part.copying = previous


def digest(data: bytes) -> str:
    return hashlib.blake2b(data, digest_size=16).hexdigest()


def _output(command):
    try:
        return subprocess.run(command, capture_output=True, check=False, cwd=ROOT).stdout
    except OSError:
        return b""


def code_state(config):
    """The digest of everything but the chapters and the files read, and the
    tracked files it covers."""
    parts = []
    tracked = _output(["git", "ls-files", "-z"]).split(b"\0")
    chapters = set(_output(["git", "ls-files", "-z", "--", CHAPTERS]).split(b"\0"))
    for name in tracked:
        if name and name not in chapters:
            path = ROOT / os.fsdecode(name)
            parts.append(name + b"\0" + (path.read_bytes() if path.is_file() else b"-"))
    for environment in (".venv", ".venv-readers"):
        packages = (ROOT / environment).glob("lib/python*/site-packages/*.dist-info")
        parts.extend(sorted(p.name.encode() for p in packages))
    parts.append(_output(["chromium", "--version"]))
    parts.append(sys.version.encode())
    parts.extend(f"{name}={value!r}".encode() for name, value in sorted(vars(config.option).items())
                 if name.startswith("nbval"))     # how the references are run
    parts.extend(f"{k}={v}".encode() for k, v in sorted(os.environ.items())
                 if k.startswith(VARIABLES) and k not in (LOG_VARIABLE, REPOSITORY_VARIABLE))
    return digest(b"\0\0".join(parts)), {os.fsdecode(n) for n in tracked if n not in chapters}


class Files:
    """The present digest of each dependency, memoised by the file's status."""

    def __init__(self):
        self._known = {}

    def __call__(self, key: str) -> str:
        kind, _, relative = key.partition(" ")
        path = ROOT / relative
        try:
            status = path.stat()
        except OSError:
            return "missing"
        stamp = (key, status.st_mtime_ns, status.st_size, status.st_ino)
        if stamp not in self._known:
            if kind == "l":
                names = sorted(os.listdir(path)) if path.is_dir() else ["(not a folder)"]
                value = digest("\0".join(names).encode())
            elif not path.is_file():
                value = "not a file"
            elif kind.startswith("p:"):
                value = self._part(kind[2:], path)
            else:
                value = digest(path.read_bytes())
            self._known[stamp] = value
        return self._known[stamp]

    @staticmethod
    def _part(part, path):
        """The digest of a part of a file; one that cannot be computed (the file
        no longer parses) matches nothing, so its readers run again."""
        try:
            return digest(PARTS[part](path).encode())
        except (Exception, SystemExit) as error:
            return f"no {part}: {type(error).__name__} {os.urandom(8).hex()}"


class Recorder:
    """What this process (and its children) read, for each open record.

    >>> recorder, record = Recorder(None), set()
    >>> recorder.open.append(record)
    >>> with reading_part(ROOT / "book/a.md", "front-matter"):
    ...     recorder.report("r", "book/a.md")
    ...     recorder.report("r", "book/a.md", child=True)   # a child's: all of it
    >>> sorted(record)
    [('p:front-matter', 'book/a.md'), ('r', 'book/a.md')]
    >>> served = lambda: recorder.report("r", "_build/a.ipynb")  # a server's thread
    >>> record.clear()
    >>> with reading_part(ROOT / "_build/a.ipynb", "notebook-code", served=True):
    ...     thread = threading.Thread(target=served)
    ...     thread.start(); thread.join()
    >>> sorted(record)
    [('p:notebook-code', '_build/a.ipynb')]
    >>> record.clear(); served(); sorted(record)    # after the block: all of it
    [('r', '_build/a.ipynb')]
    """

    def __init__(self, logs: Path):
        self.open: list[set] = []
        self.logs = logs
        self._offsets = {}

    def report(self, kind, relative, child=False):
        """Add a read to every open record. This thread's blocks
        (:func:`reading_part`, :func:`copying_chapters`) apply to the reads of
        this process, not to a ``child`` process's that it drains."""
        if getattr(_part, "paused", False):
            return
        if kind == "r" and not child:
            if getattr(_part, "copying", False) and is_chapter(relative):
                return
            current = getattr(_part, "current", None)
            if current is not None and relative in current[0]:
                kind = f"p:{current[1]}"
            elif relative in _served_parts:
                kind = f"p:{_served_parts[relative]}"
        for record in tuple(self.open):
            record.add((kind, relative))

    def add(self, reads):
        """Add reads recorded before (``(kind, path)`` pairs) to every open record."""
        for record in tuple(self.open):
            record.update(reads)

    def drain(self):
        """Attribute the lines child processes logged since the last call."""
        for log in os.scandir(self.logs):
            offset = self._offsets.get(log.path, 0)
            if log.stat().st_size <= offset:
                continue
            with open(log.path, "rb") as handle:
                handle.seek(offset)
                data = handle.read()
            end = data.rfind(b"\n") + 1
            self._offsets[log.path] = offset + end
            for line in data[:end].decode("utf-8", "surrogateescape").splitlines():
                kind, _, relative = line.partition("\t")
                self.report(kind, relative, child=True)

    @staticmethod
    @contextlib.contextmanager
    def paused():
        """This thread's reads are not recorded (the plugin's own)."""
        _part.paused = True
        try:
            yield
        finally:
            _part.paused = False

    @contextlib.contextmanager
    def recording(self, record: set):
        self.drain()
        self.open.append(record)
        try:
            yield record
        finally:
            self.drain()
            self.stop(record)

    def stop(self, record: set):
        """Close ``record`` (by identity: two records may be equal)."""
        self.open[:] = [other for other in self.open if other is not record]


class Caches:
    """The ``functools.lru_cache`` functions of the repository's modules. A hit
    returns what an earlier call computed, so its caller depends on what that
    call read: each function is wrapped, in every module that names it, so
    that the reads of its misses are kept and a hit adds them to the open
    records (the test's, a fixture's).

    >>> import functools, tempfile, types
    >>> recorder, record = Recorder(Path(tempfile.mkdtemp())), set()   # no child logs
    >>> module = types.SimpleNamespace(cached=functools.lru_cache(
    ...     lambda x: recorder.report("r", "a.md")))
    >>> caches = Caches(recorder)
    >>> caches.wrap_in(module)
    >>> _ = module.cached(1)                    # a miss: its reads are kept
    >>> recorder.open.append(record)
    >>> _ = module.cached(1); sorted(record)    # a hit: they are this caller's
    [('r', 'a.md')]
    >>> module.cached.cache_info().hits
    1
    """

    def __init__(self, recorder):
        self.recorder = recorder
        self._wrappers = {}

    def find(self, before=None):
        """Wrap the cached functions of the repository's modules imported so
        far. One that has computed something already was filled by
        ``before`` (collection's reads) or, if that is not known, by reads
        that cannot be followed: its callers then always run."""
        prefix = str(ROOT) + os.sep
        for module in list(sys.modules.values()):
            where = getattr(module, "__file__", None) or ""
            if where.startswith(prefix) and not where.startswith(str(ROOT / ".venv")):
                self.wrap_in(module, before)

    def wrap_in(self, module, before=None):
        for name, value in list(vars(module).items()):
            if callable(getattr(value, "cache_info", None)) and \
                    not getattr(value, "reads_recorded", False):
                setattr(module, name, self._wrapper(value, before))

    def _wrapper(self, function, before=None):
        if function in self._wrappers:
            return self._wrappers[function]
        filled = set()
        if function.cache_info().misses:
            filled = set(before) if before is not None else {
                ("*", f"a cache filled before it was followed ({function.__qualname__})")}
        recorder = self.recorder

        @functools.wraps(function)
        def recorded(*args, **kwargs):
            misses = function.cache_info().misses
            with recorder.recording(set()) as reads:
                result = function(*args, **kwargs)
            if function.cache_info().misses > misses:
                filled.update(reads)
            else:
                recorder.add(filled)
            return result

        recorded.cache_info, recorded.cache_clear = function.cache_info, function.cache_clear
        recorded.reads_recorded = True
        self._wrappers[function] = recorded
        return recorded


_remembered = {}


@contextlib.contextmanager
def remember(key):
    """Around code that opens or reuses a resource kept between tests (a page
    already open in the browser): the reads made while first opening it count
    for every test that uses it afterwards."""
    recorder = _active.recorder if _active else None
    if recorder is None:
        yield
        return
    kept = _remembered.setdefault(key, set())
    recorder.add(kept)
    with recorder.recording(kept):
        yield


class Reuse:
    """The plugin's state in one process (a test process or xdist's controller)."""

    def __init__(self, config, follow=True):
        self.config = config
        self.worker = getattr(config, "workerinput", {}).get("workerid", "main")
        self.code, self.tracked = code_state(config)
        self.files = Files()
        self.store = self._load(STORE / "results.json")
        self.old_writes = set(self.store["written"])
        self.results, self.failed, self.written = {}, set(), set()
        self.reused = 0
        self.unfollowed = {}
        self.fixtures, self.units, self.notebooks = {}, {}, {}
        logs = STORE / f"logs-{self.worker}-{os.getpid()}"
        logs.mkdir(parents=True, exist_ok=True)
        self.recorder = Recorder(logs)
        self.caches = Caches(self.recorder)
        self.collection = set()
        self.recorder.open.append(self.collection)
        if not follow:     # xdist's controller: its test processes follow their reads
            return
        os.environ[REPOSITORY_VARIABLE] = str(ROOT)
        os.environ[LOG_VARIABLE] = str(logs)
        os.environ["PYTHONPATH"] = os.pathsep.join(
            [str(CHILD)] + [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p])
        sys.addaudithook(ReadsHook(ROOT, self.recorder.report))

    @staticmethod
    def _load(path):
        try:
            return unpack(json.loads(path.read_text()))
        except (OSError, ValueError, KeyError, IndexError):
            return {"tests": {}, "written": []}

    def reusable(self, item, items) -> bool:
        """Whether ``item`` passed last time and nothing it read has changed. A
        notebook's cells (nbval) share a kernel: all are reused, or none."""
        if _is_notebook_cell(item):
            cells = self.notebooks.get(item.parent.nodeid)
            if cells is None:
                cells = self.notebooks[item.parent.nodeid] = all(
                    self._unchanged(cell.nodeid) for cell in items
                    if cell.parent is item.parent)
            return cells
        return self._unchanged(item.nodeid)

    def _unchanged(self, nodeid) -> bool:
        record = self.store["tests"].get(nodeid)
        if not record or record["code"] != self.code:
            return False
        return all(key.partition(" ")[2] not in self.old_writes and self.files(key) == value
                   for key, value in record["reads"].items())

    def fixture_key(self, fixturedef):
        cached = getattr(fixturedef, "cached_result", None)
        return None if cached is None else (id(fixturedef), repr(cached[1]))

    def reads_of(self, item, own):
        """The test's own reads, and those it may have used from memory:
        collection's, its fixtures', the caches' it hit (:class:`Caches`), the
        shared pages' (:func:`remember`), and for the checks sharing a browser
        context (a view, tests/site/views.py), everything but pages that the
        earlier ones loaded (the browser may have served it from its cache)."""
        from tests.scheduling import scope

        reads = own | self.collection
        unit = scope(item.nodeid)
        if unit.startswith("view "):
            context = self.units.setdefault(unit, set())
            reads |= context
            context |= {(kind, path) for kind, path in own if not path.endswith(".html")}
        fixtures = item.stash.get(_FIXTURE_READS, None)
        return reads | (self.fixture_reads(item) if fixtures is None else fixtures)

    def fixture_reads(self, item):
        """What the set-up of the fixtures ``item`` uses read. Asked at the end
        of its set-up: after its last test, a fixture is torn down and no longer
        knows its cache key."""
        reads = set()
        for name in getattr(item, "fixturenames", ()):
            for fixturedef in item._fixtureinfo.name2fixturedefs.get(name, ())[-1:]:
                reads |= self.fixtures.get(self.fixture_key(fixturedef), set())
        return reads

    def record(self, item, own, reports):
        reads = self.reads_of(item, own)
        self.written |= {path for kind, path in reads if kind == "w"}
        unfollowed = {path for kind, path in reads if kind == "*"}
        for program in unfollowed:
            self.unfollowed.setdefault(program, []).append(item.nodeid)
        if not (len(reports) == 3 and all(r.passed for r in reports)):
            self.failed.add(item.nodeid)
            return
        if unfollowed:
            return
        keys = {f"{kind} {path}" for kind, path in reads
                if kind != "w" and path not in self.tracked}
        self.results[item.nodeid] = {"code": self.code,
                                     "reads": {key: self.files(key) for key in sorted(keys)}}

    def save(self):
        """This process's part of the records, for the controller to merge."""
        part = {"tests": self.results, "failed": sorted(self.failed),
                "written": sorted(self.written), "reused": self.reused,
                "unfollowed": self.unfollowed}
        (STORE / f"run-{self.worker}.json").write_text(json.dumps(pack(part)))

    def merge(self):
        """The records of this run over the last one's (the controller)."""
        tests, written = dict(self.store["tests"]), set()
        self.reused, self.unfollowed = 0, {}
        for path in sorted(STORE.glob("run-*.json")):
            part = unpack(json.loads(path.read_text()))
            for nodeid in part["failed"]:
                tests.pop(nodeid, None)
            tests.update(part["tests"])
            written |= set(part["written"])
            self.reused = max(self.reused, part["reused"])   # each process decides for all
            for program, nodeids in part["unfollowed"].items():
                self.unfollowed.setdefault(program, []).extend(nodeids)
            path.unlink()
        store = {"tests": tests, "written": sorted(written)}
        (STORE / "results.json").write_text(json.dumps(pack(store)))


def pack(records: dict) -> dict:
    """``records`` with each (file, digest) pair written once: many tests read
    the same files (the site's scripts, Pyodide).

    >>> records = {"tests": {"a": {"code": "c", "reads": {"r x": "1"}},
    ...                      "b": {"code": "c", "reads": {"r x": "1", "r y": "2"}}}}
    >>> pack(records)["pairs"]
    [['r x', '1'], ['r y', '2']]
    >>> unpack(pack(records)) == records
    True
    """
    index, pairs = {}, []
    tests = {}
    for nodeid, record in records["tests"].items():
        numbers = []
        for pair in record["reads"].items():
            if pair not in index:
                index[pair] = len(pairs)
                pairs.append(list(pair))
            numbers.append(index[pair])
        tests[nodeid] = {"code": record["code"], "reads": numbers}
    return {**records, "tests": tests, "pairs": pairs}


def unpack(packed: dict) -> dict:
    """The records :func:`pack` wrote."""
    pairs = packed.pop("pairs")
    packed["tests"] = {nodeid: {"code": record["code"],
                                "reads": dict(pairs[n] for n in record["reads"])}
                       for nodeid, record in packed["tests"].items()}
    return packed


def _is_notebook_cell(item) -> bool:
    return type(item.parent).__name__ == "IPyNbFile"


_active = None
_REPORTS = pytest.StashKey[list]()
_FIXTURE_READS = pytest.StashKey[set]()


def pytest_addoption(parser):
    parser.addoption("--no-reuse", action="store_true",
                     help="run every test and record nothing (tests/reuse); "
                          "the default when CI is set")


def pytest_configure(config):
    if config.getoption("--no-reuse") or os.environ.get("CI"):
        return
    if not hasattr(config, "workerinput"):
        for stale in STORE.glob("run-*.json"):
            stale.unlink()
        for stale in STORE.glob("logs-*"):
            shutil.rmtree(stale, ignore_errors=True)
    coordinating = not hasattr(config, "workerinput") and bool(config.getoption("numprocesses", 0))
    global _active
    reuse = _active = Reuse(config, follow=not coordinating)
    config.pluginmanager.register(_Reusing(reuse), "mechbook-reusing")
    config.pluginmanager.register(_Recording(reuse), "mechbook-recording")


class _Reusing:
    """Deselects the tests whose last run passed and whose inputs are unchanged."""

    def __init__(self, reuse: Reuse):
        self.reuse = reuse

    @pytest.hookimpl(trylast=True)
    def pytest_collection_modifyitems(self, session, config, items):
        with self.reuse.recorder.paused():
            reused = [item for item in items if self.reuse.reusable(item, items)]
        if reused:
            chosen = set(map(id, reused))
            items[:] = [item for item in items if id(item) not in chosen]
            config.hook.pytest_deselected(items=reused)
        self.reuse.reused = len(reused)


class _Recording:
    """Records what every test that runs reads, and whether it passed."""

    def __init__(self, reuse: Reuse):
        self.reuse = reuse
        self.controller = not hasattr(reuse.config, "workerinput")

    def pytest_collection_finish(self, session):
        self.reuse.caches.find(before=self.reuse.collection)
        self.reuse.recorder.drain()
        self.reuse.recorder.stop(self.reuse.collection)

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_protocol(self, item, nextitem):
        own, reports = set(), []
        item.stash[_REPORTS] = reports
        self.reuse.caches.find()       # the modules a test imported since
        with self.reuse.recorder.recording(own):
            yield
        if reports:
            with self.reuse.recorder.paused():
                self.reuse.record(item, own, reports)

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_makereport(self, item, call):
        outcome = yield
        if _REPORTS in item.stash:
            item.stash[_REPORTS].append(outcome.get_result())
        if call.when == "setup":
            item.stash[_FIXTURE_READS] = self.reuse.fixture_reads(item)

    @pytest.hookimpl(hookwrapper=True)
    def pytest_fixture_setup(self, fixturedef, request):
        with self.reuse.recorder.recording(set()) as reads:
            yield
        key = self.reuse.fixture_key(fixturedef)
        if key is not None:
            self.reuse.fixtures[key] = reads

    def pytest_sessionfinish(self, session):
        self.reuse.recorder.open.clear()
        shutil.rmtree(self.reuse.recorder.logs, ignore_errors=True)
        self.reuse.save()
        if self.controller:
            self.reuse.merge()

    def pytest_terminal_summary(self, terminalreporter):
        if not self.controller:
            return
        reuse = self.reuse
        terminalreporter.write_sep("-", "results reused (tests/reuse)")
        terminalreporter.write_line(
            f"{reuse.reused} tests deselected as reused: they passed, and nothing they read "
            "has changed since (CI, or --no-reuse, runs every test)")
        if reuse.unfollowed:
            programs = ", ".join(f"{p} ({len(n)} tests)"
                                 for p, n in sorted(reuse.unfollowed.items()))
            terminalreporter.write_line("run every time, as they start processes whose reads "
                                        f"cannot be followed: {programs}")
            if terminalreporter.verbosity > 0:
                for program, nodeids in sorted(reuse.unfollowed.items()):
                    terminalreporter.write_line(f"  {program}: {', '.join(sorted(nodeids))}")
