"""The notebooks the launch buttons open: each chapter as its download reads.

A chapter's source is MyST Markdown (``book/<chapter>.md``). Opened in
JupyterLab it is raw text, or, as a notebook, a page whose cross-references,
numbers and citations jupyterlab-myst cannot resolve and whose worked solutions
are in plain view. The launch buttons therefore open ``notebooks/<chapter>.ipynb``
instead: the chapter converted exactly as its download is
(:mod:`bookkit.downloads`: the book's equation, figure and exercise numbers,
links into the published book, citations, solutions collapsed under their
headings, the hidden checks folded), without outputs, for the reader to run.

Binder, and a course hub whose image is built from this repository by
repo2docker, runs ``postBuild`` after installing ``requirements.txt``;
``postBuild`` installs the book's build tools (``requirements-book.txt``) and runs
this module, which builds the book *without executing it* into a temporary
folder and copies the converted notebooks into ``notebooks/``. That folder is
not tracked by git: a reader who runs and saves a notebook leaves the
repository clean. ``_ext/mechbook_launch.py`` points the buttons there.

A course hub's button (nbgitpuller) pulls a git branch into each student's
server and runs nothing there, so the notebooks must be in the branch it pulls:
``--branch launch`` commits the repository's ``HEAD`` with its launch notebooks
added to the branch ``launch`` (the ``mechbook_hub_branch`` of ``_config.yml``,
which ``_ext/mechbook_launch.py`` puts in the hub button's link), on top of the
branch's previous commit, so that nbgitpuller merges each new edition into the
students' copies without touching their work. The instructor pushes that branch.

By hand::

    python -m bookkit.launch              # writes notebooks/
    python -m bookkit.launch --into DIR
    python -m bookkit.launch --branch launch && git push origin launch
"""

from __future__ import annotations

import argparse
import os
import platform
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import nbformat
import yaml

from .site import build_environment

__all__ = ["FOLDER", "launch_config", "language_info", "build_launch_notebooks",
           "as_launch_notebook", "commit_launch_branch"]

#: Where the launch notebooks go, relative to the repository's root.
FOLDER = "notebooks"
#: The launch build's configuration, written beside ``_config.yml`` for the build
#: and removed after it (ignored by git meanwhile).
CONFIG = ".launch-config.yml"


#: Extensions of the book that the launch build leaves out: the answer boxes
#: belong to the HTML pages and need Pyodide, which ``scripts/setup.sh`` vendors
#: with npm and Binder does not have.
NOT_FOR_LAUNCH = ("mechbook_answers",)


#: The launch build's own extension: placeholder outputs for the figure cells,
#: so that figure numbers and references are the book's without executing.
FOR_LAUNCH_ONLY = {"mechbook_unexecuted_figures": "_ext"}


def launch_config(text: str) -> dict:
    """The book's ``_config.yml`` for the launch build: nothing is executed,
    the extensions of ``NOT_FOR_LAUNCH`` are left out and those of
    ``FOR_LAUNCH_ONLY`` added, the pages' static files are left out, and a
    download without outputs is no warning.

    >>> config = launch_config("execute:\\n  execute_notebooks: cache\\n"
    ...                        "sphinx:\\n  local_extensions:\\n"
    ...                        "    mechbook_launch: _ext\\n    mechbook_answers: _ext\\n")
    >>> config["execute"], sorted(config["sphinx"]["local_extensions"])
    ({'execute_notebooks': 'off'}, ['mechbook_launch', 'mechbook_unexecuted_figures'])
    >>> config["sphinx"]["config"]["suppress_warnings"]
    ['mechbook.download']
    """
    config = yaml.safe_load(text)
    config.setdefault("execute", {})["execute_notebooks"] = "off"
    sphinx = config.setdefault("sphinx", {})
    local = sphinx.get("local_extensions") or {}
    for name in NOT_FOR_LAUNCH:
        local.pop(name, None)
    sphinx["local_extensions"] = {**local, **FOR_LAUNCH_ONLY}
    settings = sphinx.setdefault("config", {})
    # the launch build makes notebooks, not pages: the pages' vendored assets
    # (vendor/static, from npm, which Binder does not run) are not needed
    settings.pop("html_static_path", None)
    settings["suppress_warnings"] = [*(settings.get("suppress_warnings") or []),
                                     "mechbook.download"]
    return config


def language_info() -> dict:
    """The ``language_info`` that ipykernel reports for this Python, which
    JupyterLab writes into a notebook when its kernel starts: given beforehand,
    a launch notebook does not open marked as modified. (postBuild runs with the
    Python the kernels run with.)

    >>> language_info()["name"], language_info()["version"] == platform.python_version()
    ('python', True)
    """
    return {"codemirror_mode": {"name": "ipython", "version": sys.version_info[0]},
            "file_extension": ".py", "mimetype": "text/x-python", "name": "python",
            "nbconvert_exporter": "python", "pygments_lexer": f"ipython{sys.version_info[0]}",
            "version": platform.python_version()}


def build_launch_notebooks(source=".", into=None, log=None) -> list[Path]:
    """Build the book at ``source`` without executing it and copy each
    chapter's converted notebook into ``into`` (default ``source/notebooks``);
    return the notebooks written. Outputs and execution counts are left out.
    """
    source = Path(source).resolve()
    into = Path(into) if into is not None else source / FOLDER
    # beside _config.yml, whose paths (_ext, the bibliography) are relative to it
    config = source / CONFIG
    with tempfile.TemporaryDirectory(prefix="mechbook-launch-") as scratch:
        scratch = Path(scratch)
        config.write_text(yaml.safe_dump(
            launch_config((source / "_config.yml").read_text()), sort_keys=False))
        # warnings are errors, as in the book's build: an unresolved reference
        # stops the build rather than reach a reader
        command = [str(Path(sys.executable).with_name("jupyter-book")), "build",
                   str(source), "--config", str(config), "--path-output", str(scratch),
                   "-W", "-n", "--keep-going"]
        log = Path(log) if log else scratch / "build.log"
        try:
            with log.open("w") as stream:
                result = subprocess.run(command, cwd=source, stdout=stream,
                                        stderr=subprocess.STDOUT, env=build_environment())
        finally:
            config.unlink()
        converted = sorted((scratch / "_build" / "html" / "_sources" / "book").glob("*.ipynb"))
        if result.returncode != 0 or not converted:
            raise RuntimeError("the launch build failed:\n"
                               + log.read_text()[-3000:])
        into.mkdir(parents=True, exist_ok=True)
        written = []
        for path in converted:
            target = into / path.name
            nbformat.write(as_launch_notebook(nbformat.read(path, as_version=4)), target)
            written.append(target)
    return written


def as_launch_notebook(download):
    """A chapter's launch notebook, made from its download (``_sources/book/
    <chapter>.ipynb`` of a built site, executed or not): without outputs,
    execution counts, widget states and MyST-NB's ``source_map``, and with this
    Python's ``language_info``. Changes ``download`` in place and returns it.

    >>> notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(
    ...     "1 + 1", execution_count=1, outputs=[nbformat.v4.new_output(
    ...         "execute_result", data={"text/plain": "2"}, execution_count=1)])])
    >>> notebook.metadata["widgets"] = {"state": {}}
    >>> cell = as_launch_notebook(notebook).cells[0]
    >>> cell.outputs, cell.execution_count, "widgets" in notebook.metadata
    ([], None, False)
    """
    download.metadata.pop("source_map", None)     # MyST-NB's, of the .md
    download.metadata.pop("widgets", None)        # the executed explorers' state
    download.metadata["language_info"] = language_info()
    for cell in download.cells:
        if cell.cell_type == "code":
            cell.outputs, cell.execution_count = [], None
    return download


def _git(repository, *arguments, env=None, check=True) -> str:
    result = subprocess.run(["git", *arguments], cwd=repository, capture_output=True,
                            text=True, env=env)
    if check and result.returncode != 0:
        raise RuntimeError(f"git {' '.join(arguments)} failed: {result.stderr.strip()}")
    return result.stdout.strip() if result.returncode == 0 else ""


def commit_launch_branch(repository, notebooks, branch) -> str:
    """Commit ``HEAD``'s files of the git ``repository`` plus ``notebooks`` (as
    ``notebooks/<name>``) to ``branch``, on top of its last commit (or of ``HEAD``
    if it is new); return the commit. Neither the working tree nor the index is
    touched. When nothing changed since the branch's last commit, that commit is
    returned and no new one is made.
    """
    repository = Path(repository)
    head = _git(repository, "rev-parse", "--verify", "HEAD")
    previous = _git(repository, "rev-parse", "--verify", "--quiet",
                    f"refs/heads/{branch}^{{commit}}", check=False)
    with tempfile.TemporaryDirectory(prefix="mechbook-index-") as scratch:
        env = {**os.environ, "GIT_INDEX_FILE": str(Path(scratch) / "index")}
        _git(repository, "read-tree", "HEAD", env=env)
        for path in notebooks:
            blob = _git(repository, "hash-object", "-w", "--", str(Path(path).resolve()))
            _git(repository, "update-index", "--add", "--cacheinfo",
                 f"100644,{blob},{FOLDER}/{Path(path).name}", env=env)
        tree = _git(repository, "write-tree", env=env)
    if previous and _git(repository, "rev-parse", f"{previous}^{{tree}}") == tree:
        return previous
    commit = _git(repository, "commit-tree", tree, "-p", previous or head, "-m",
                  f"Launch notebooks of {head[:12]}\n\nThe files of {head} with "
                  f"{FOLDER}/, written by python -m bookkit.launch.")
    _git(repository, "update-ref", f"refs/heads/{branch}", commit,
         *([previous] if previous else []))
    return commit


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m bookkit.launch",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("--source", default=".", help="the book's root (default: .)")
    parser.add_argument("--into", default=None,
                        help=f"write here (default: SOURCE/{FOLDER})")
    parser.add_argument("--branch", default=None,
                        help="commit HEAD with its launch notebooks to this git branch, "
                             "for a course hub's button (see _config.yml)")
    options = parser.parse_args(argv)
    start = time.monotonic()
    if options.branch is None:
        written = build_launch_notebooks(options.source, options.into)
        print(f"launch: {len(written)} notebooks in {written[0].parent} "
              f"in {time.monotonic() - start:.0f} s")
        return 0
    source = Path(options.source)
    changed = _git(source, "status", "--porcelain", "--untracked-files=no")
    if changed:
        parser.error("the branch holds HEAD's files, and these differ from them; "
                     f"commit or stash them first:\n{changed}")
    with tempfile.TemporaryDirectory(prefix="mechbook-launch-notebooks-") as into:
        written = build_launch_notebooks(source, into)
        commit = commit_launch_branch(source, written, options.branch)
    print(f"launch: {len(written)} notebooks committed to the branch {options.branch!r} "
          f"({commit[:12]}) in {time.monotonic() - start:.0f} s; publish it with "
          f"git push <remote> {options.branch}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
