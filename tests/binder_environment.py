"""The Binder environment of the launch tests, made as repo2docker makes it, without Docker.

repo2docker's Python build pack installs ``requirements.txt`` into a fresh
environment of the Python that ``runtime.txt`` names, then runs ``postBuild``
from the repository's root. :func:`prepare` does the first part in a folder
of its own (:func:`binder_home`): a copy of this repository's working tree,
committed in a fresh git history, and a new venv with ``requirements.txt``
installed from it. ``tests/site/test_launch.py`` then runs ``postBuild``
there and starts JupyterLab.

Installing takes a minute of one core, so ``scripts/test.sh`` runs this module
ahead, with the system's Python while ``.venv`` is being installed (``python3
-m tests.binder_environment``), and the test finds the environment ready. That
is why this module uses the standard library only. The environment is kept
while the files it is installed from (:data:`INSTALLED_FROM`) and the packages
in it stay the same; in CI, ``scripts/test.sh`` gives it a new folder every run.
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from tests.reader_environment import ROOT, environment, system_python

#: The files repo2docker installs the environment from (and the Python it
#: runs): an environment made from the same is kept for the next run.
INSTALLED_FROM = ("runtime.txt", "requirements.txt", "requirements-book.txt", "pyproject.toml")


def run(command, cwd, env=None) -> str:
    """Run ``command`` in ``cwd`` (by default outside this repository's
    environment); return its output, or raise with its end if it failed."""
    result = subprocess.run(command, cwd=cwd, env=env or environment(),
                            capture_output=True, text=True)
    if result.returncode != 0:
        raise RuntimeError(f"{command} failed:\n{result.stdout[-2000:]}{result.stderr[-3000:]}")
    return result.stdout


def environment_key() -> str:
    """A digest of what the Binder environment is installed from."""
    digest = hashlib.sha256(run([system_python(), "--version"], cwd=ROOT.parent).encode())
    for name in INSTALLED_FROM:
        digest.update(name.encode() + b"\0" + (ROOT / name).read_bytes())
    return digest.hexdigest()


def installed(venv: Path) -> list[str]:
    """The distributions installed in ``venv`` (their ``.dist-info`` folders).

    >>> installed(Path("/nonexistent"))
    []
    """
    return sorted(p.name for p in venv.glob("lib/python*/site-packages/*.dist-info"))


@contextlib.contextmanager
def binder_home():
    """The folder the Binder set-up lives in, locked while a run uses it:
    ``MECHBOOK_BINDER_HOME`` if set (``scripts/test.sh`` sets a new one in
    CI); else, in CI, a new temporary folder; else ``~/.cache/mechbook/binder``,
    kept between runs."""
    if not os.environ.get("MECHBOOK_BINDER_HOME") and os.environ.get("CI"):
        with tempfile.TemporaryDirectory(prefix="mechbook-binder-") as home:
            yield Path(home)
        return
    cache = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    home = Path(os.environ.get("MECHBOOK_BINDER_HOME") or cache / "mechbook" / "binder")
    home.mkdir(parents=True, exist_ok=True)
    with open(home / "lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        yield home


def copy_working_tree(repo: Path) -> None:
    """``repo``: a new git repository holding this one's working tree as it is
    (tracked and new files), committed. CI tests a clean clone, a developer
    their uncommitted changes."""
    shutil.rmtree(repo, ignore_errors=True)
    repo.mkdir()
    run(["git", "init", "--quiet"], cwd=repo)
    files = run(["git", "ls-files", "-co", "--exclude-standard", "-z"], cwd=ROOT).split("\0")
    for name in filter(None, files):
        source = ROOT / name
        if source.is_file():
            (repo / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, repo / name)
    identity = ["-c", "user.name=test", "-c", "user.email=test@example.org"]
    run(["git", "add", "-A"], cwd=repo)
    run(["git", *identity, "commit", "--quiet", "--allow-empty", "-m", "working tree"], cwd=repo)


def prepare(home: Path) -> tuple[Path, Path, dict, bool]:
    """In ``home``: a new copy of the repository (``repo``) and the environment
    (``venv``) with ``requirements.txt`` installed, as repo2docker installs it
    before ``postBuild``. The environment is kept if it was made from the same
    files and holds the same packages (the copy is made at the same place: the
    environment has mechlib installed from it in editable mode). Returns
    (repo, venv, the variables of a process in it, whether it was kept).
    ``home/environment.json`` records the environment once the caller has
    finished it (:func:`record`)."""
    repo, venv = home / "repo", home / "venv"
    copy_working_tree(repo)
    env = environment(venv)
    stamp = home / "environment.json"
    kept = (stamp.is_file() and json.loads(stamp.read_text())
            == {"from": environment_key(), "installed": installed(venv)})
    stamp.unlink(missing_ok=True)
    if not kept:
        shutil.rmtree(venv, ignore_errors=True)
        run([system_python(), "-m", "venv", str(venv)], cwd=repo, env=env)
        run([str(venv / "bin" / "python"), "-m", "pip", "install", "--quiet", "-r",
             "requirements.txt"], cwd=repo, env=env)
    return repo, venv, env, kept


def record(home: Path) -> None:
    """Note that ``home``'s environment is complete, for :func:`prepare` to keep it."""
    stamp = {"from": environment_key(), "installed": installed(home / "venv")}
    (home / "environment.json").write_text(json.dumps(stamp))


def main() -> int:
    if os.environ.get("CI") and not os.environ.get("MECHBOOK_BINDER_HOME"):
        print("binder-environment: in CI the tests install it in a folder of their own "
              "unless MECHBOOK_BINDER_HOME names one", file=sys.stderr)
        return 2
    with binder_home() as home:
        _, venv, _, kept = prepare(home)
        record(home)
    print(f"binder-environment: {'kept' if kept else 'installed'} in {venv}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
