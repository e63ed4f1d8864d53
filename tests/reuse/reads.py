"""What a process reads of the repository, from Python's audit hooks (PEP 578).

Standard library only: the same hook runs in the test processes
(:mod:`tests.reuse`) and, through ``tests/reuse/child/sitecustomize.py``, in
every Python process they start (kernels, Jupyter servers, builds, otter), the
readers' environment included.

Each event becomes one ``(kind, path)`` pair, ``path`` relative to the
repository:

- ``r`` a file opened for reading, ``w`` one opened for writing;
- ``l`` a folder listed;
- ``*`` a process whose reads cannot be followed: a program that is not Python
  and not known to read only the files named on its command line, a Python
  started without the hook (``-I``, ``-E``, an environment without it), or a
  fork or exec; unless it runs outside the repository, pointed at nothing in
  it (:meth:`ReadsHook.runs_outside`). ``path`` then names the program.

Files of the environments (``.venv``), of git and of this machinery's own
records are not reported.

>>> seen = []
>>> hook = ReadsHook("/repo", lambda kind, path: seen.append((kind, path)))
>>> hook("open", ("/repo/book/intro.md", "r", 0))
>>> hook("open", ("/repo/_build/html/x.html", "wb", 0))
>>> hook("open", ("/elsewhere/x", "r", 0))
>>> hook("os.listdir", ("/repo/book",))
>>> hook("subprocess.Popen", ("git", ["git", "status"], "/repo", None))
>>> hook("subprocess.Popen", ("git", ["git", "-C", "/repo", "ls-files"], None, None))
>>> hook("subprocess.Popen", ("pdfinfo", ["pdfinfo", "/tmp/a.pdf"], None, None))
>>> hook("subprocess.Popen", ("npm", ["npm", "prefix", "-g"], "/repo", None))
>>> hook("subprocess.Popen", ("npm", ["npm", "install"], "/repo", None))
>>> seen
[('r', 'book/intro.md'), ('w', '_build/html/x.html'), ('l', 'book'), ('*', 'git'), ('*', 'npm')]
"""

from __future__ import annotations

import os
import sys

#: The environment variables that carry the hook into child processes.
REPOSITORY_VARIABLE = "MECHBOOK_REUSE_REPOSITORY"
LOG_VARIABLE = "MECHBOOK_REUSE_LOG"
#: Folders (relative to the repository) whose files are not reported.
IGNORED = (".venv/", ".venv-readers/", ".git/", "_build/reuse/")
#: Programs that read no file of the repository but the ones named on their
#: command line: the PDF readers of tests/test_pdf.py; ``uname`` (Python's
#: ``platform``), ``pandoc`` (jupytext asks its version), ``rustc`` and
#: ``lsb_release`` (pip's user agent asks theirs); and the Node.js driver that
#: Playwright starts (it starts Chromium, which reads the site only through the
#: tests' HTTP servers, whose reads are reported).
READS_ITS_ARGUMENTS = frozenset({"pdftotext", "pdfinfo", "pdfimages", "uname", "pandoc",
                                 "rustc", "lsb_release", "node"})
#: git commands that read only which files are tracked (the index) and the
#: refs, not the files themselves: the code state (tests/reuse) holds the list.
GIT_INDEX_ONLY = frozenset({"ls-files", "rev-parse"})
#: Command lines that print a program's own settings and read no project's
#: files (JupyterLab's server asks npm for its global folder when it starts).
PRINTS_ITS_SETTINGS = frozenset({("npm", "prefix", "-g")})
#: The environment variables that tell a process where to find programs,
#: modules and environments (and any ``GIT_*``): see :meth:`ReadsHook.runs_outside`.
LOCATING = frozenset({"PATH", "PYTHONPATH", "PYTHONHOME", "PYTHONSTARTUP", "PYTHONUSERBASE",
                      "VIRTUAL_ENV", "CONDA_PREFIX", "LD_LIBRARY_PATH", "LD_PRELOAD"})
_WRITING = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_TRUNC | os.O_APPEND
_UNFOLLOWED = ("os.system", "os.exec", "os.posix_spawn", "os.spawn", "os.fork", "os.forkpty")


class ReadsHook:
    """An audit hook reporting ``(kind, path)`` to ``report`` (see the module)."""

    def __init__(self, repository, report):
        self.prefix = os.path.abspath(repository) + os.sep
        self.report = report

    def relative(self, path):
        if isinstance(path, int) or path is None:
            return None
        try:
            path = os.path.abspath(os.fsdecode(path))
        except (TypeError, ValueError):
            return None
        if not path.startswith(self.prefix):
            return None
        path = path[len(self.prefix):]
        return None if path.startswith(IGNORED) else path

    def __call__(self, event, args):
        if event == "open":
            path, mode, flags = args
            relative = self.relative(path)
            if relative is not None:
                writing = any(c in mode for c in "wax+") if mode else bool(flags & _WRITING)
                self.report("w" if writing else "r", relative)
        elif event in ("os.listdir", "os.scandir"):
            relative = self.relative(args[0] if args[0] is not None else ".")
            if relative is not None:
                self.report("l", relative)
        elif event == "subprocess.Popen":
            self.started(*args)
        elif event in _UNFOLLOWED:
            self.report("*", event)

    def started(self, executable, args, cwd, env):
        """A child process: Python with the hook, a program reading its
        arguments (reported as read), or one that cannot be followed."""
        argv = [args] if isinstance(args, (str, bytes, os.PathLike)) else list(args)
        argv = [os.fsdecode(a) for a in argv]
        program = os.fsdecode(executable) if executable else argv[0].split()[0]
        if is_python(program):
            flags = [a for a in argv[1:] if a.startswith("-") and not a.startswith("--")]
            isolated = any(set(a[1:]) & set("IES") for a in flags[:1])
            inherits = env is None or (env.get(LOG_VARIABLE) == os.environ.get(LOG_VARIABLE)
                                       and env.get("PYTHONPATH") == os.environ.get("PYTHONPATH"))
            if inherits and not isolated:
                return
        elif os.path.basename(program) == "git" and _git_command(argv) in GIT_INDEX_ONLY:
            return
        elif (os.path.basename(program), *argv[1:]) in PRINTS_ITS_SETTINGS:
            return
        elif os.path.basename(program) in READS_ITS_ARGUMENTS:
            for argument in argv[1:]:
                relative = self.relative(argument)
                if relative is not None and os.path.isfile(argument):
                    self.report("r", relative)
            return
        if self.runs_outside(program, argv, cwd, env):
            return
        self.report("*", os.path.basename(program))

    def runs_outside(self, program, argv, cwd, env):
        """True for a process pointed at nothing in the repository: its folder
        is elsewhere (``cwd`` ``None``: this process's folder), and neither its
        command line nor the variables that say where programs, modules,
        environments and git repositories are (:data:`LOCATING`) name the
        repository. Such a process (a copy of the repository set up as
        Binder would, in a temporary folder) reads only
        what the tests put outside, and the tests' reads of what they copied
        there are reported. Not so for the folders ignored here (``.venv``):
        a Python found there imports the repository's modules.

        >>> hook = ReadsHook("/repo", print)
        >>> hook.runs_outside("git", ["git", "add", "-A"], "/tmp/copy", {})
        True
        >>> hook.runs_outside("git", ["git", "clone", "/repo", "copy"], "/tmp", {})
        False
        >>> hook.runs_outside("git", ["git", "status"], "/repo/book", {})
        False
        >>> hook.runs_outside("bash", ["./postBuild"], "/tmp/copy", {"PATH": "/repo/.venv/bin"})
        False
        """
        folder = os.getcwd() if cwd is None else os.fsdecode(cwd)
        if self.names_repository(os.path.abspath(folder)):
            return False
        if any(self.names_repository(argument) for argument in [program, *argv]):
            return False
        variables = os.environ if env is None else env
        return not any(self.names_repository(os.fsdecode(variables[name]))
                       for name in variables if name in LOCATING or name.startswith("GIT_"))

    def names_repository(self, text):
        """True if ``text`` holds the repository's path (a relative path is not
        read as one: the callers' are relative to a folder outside it)."""
        return self.prefix in text + os.sep


def _git_command(argv):
    """The command of a git command line (``ls-files`` in ``git -C x ls-files``)."""
    rest = argv[1:]
    while rest and rest[0].startswith("-"):
        rest = rest[2:] if rest[0] in ("-C", "-c") else rest[1:]
    return rest[0] if rest else None


def is_python(program):
    """True for a Python interpreter or a script run by one (``#!...python``)."""
    if os.path.basename(program).startswith("python"):
        return True
    from shutil import which

    found = which(program)
    try:
        with open(found or program, "rb") as script:
            first = script.readline(200)
    except (OSError, TypeError):
        return False
    return first.startswith(b"#!") and b"python" in first


def log_to(path):
    """Install the hook in this process, appending ``kind<TAB>path`` lines to ``path``."""
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)

    def report(kind, relative):
        os.write(descriptor, f"{kind}\t{relative}\n".encode("utf-8", "surrogateescape"))

    sys.addaudithook(ReadsHook(os.environ[REPOSITORY_VARIABLE], report))
