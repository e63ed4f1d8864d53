"""Building the book: the one way the tooling runs Jupyter Book.

``python -m bookkit.site [SOURCE] [--output DIR]`` builds the book at
``SOURCE`` (default: the repository) with warnings as errors, references
nitpicky and every chapter executed (cached by jupyter-cache, so an unchanged
chapter is not run again); ``scripts/build.sh`` runs it for the instructor's
edition and :mod:`bookkit.student_edition` for the student's. When the
build fails, :class:`BuildError` carries what the log says went wrong: its
warnings and errors, and the end of every failed chapter's error report.

MyST-NB executes the chapters one after another while Sphinx reads them. To
use every core, :func:`execute_into_cache` first executes the chapters the
cache does not hold, several at once, and stores them in the cache exactly
as MyST-NB would (same reader, same execution, same cache key); the build
then finds every chapter cached. A chapter that fails is left out of the
cache, so the build runs it again and reports the error as usual.

jupyter-cache keys a chapter by its code alone, but what a chapter prints
also depends on ``mechlib`` and on the installed packages. The cache therefore
carries a stamp of both (:func:`execution_inputs`); when it differs, the
cache and Sphinx's read documents are emptied, and every chapter runs again
(:func:`forget_other_inputs`). A chapter's stored checks
(``mechlib/book/checks/<chapter>.json``) are read by that chapter alone: the
stamp leaves them out, and when one changes only its chapter is taken out of
the cache (and every page read again, from the cache but that one).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import multiprocessing
import os
import re
import shutil
import subprocess
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from mechlib.book.patched import require_version

from .chapters import REPOSITORY
from .notebooks import log_execution

__all__ = ["BuildError", "build_book", "execute_into_cache",
           "execution_inputs", "package_digest", "forget_other_inputs", "problems_in_log",
           "executed_in_log"]


class BuildError(RuntimeError):
    """The book did not build; the message quotes the log."""


def build_environment() -> dict[str, str]:
    """The environment of a Jupyter Book build that bookkit runs: this one, with
    the repository first on ``PYTHONPATH``. The book's Sphinx extensions
    (``_ext/``) import bookkit, which is never installed: ``scripts/setup.sh``
    puts it on the path of ``.venv``, but Binder's environment (postBuild runs
    ``python -m bookkit.launch``) has only requirements.txt.

    >>> build_environment()["PYTHONPATH"].split(os.pathsep)[0] == str(REPOSITORY)
    True
    """
    paths = [str(REPOSITORY), *filter(None, os.environ.get("PYTHONPATH", "").split(os.pathsep))]
    return {**os.environ, "PYTHONPATH": os.pathsep.join(dict.fromkeys(paths))}


def problems_in_log(log, reports=None, lines=40):
    """The warnings and errors of a build log, then the end of each failed
    chapter's error report under ``reports`` (``<html>/reports``).

    >>> import tempfile, pathlib
    >>> log = pathlib.Path(tempfile.mkdtemp()) / "build.log"
    >>> _ = log.write_text("reading sources\\nbook/a.md: WARNING: undefined label\\n")
    >>> problems_in_log(log)
    'book/a.md: WARNING: undefined label'
    """
    found = [line for line in Path(log).read_text(errors="replace").splitlines()
             if any(word in line for word in ("WARNING", "ERROR", "Error", "Traceback"))]
    text = "\n".join(found[:lines])
    for report in sorted(Path(reports).rglob("*.err.log")) if reports else []:
        tail = report.read_text(errors="replace").splitlines()[-30:]
        text += f"\n--- {report}\n" + "\n".join(tail)
    return text


def build_book(source=".", output=None, log=None, by="build"):
    """Build the book at ``source`` into ``output/_build/html`` (default:
    ``source/_build/html``); return the HTML folder.

    Raises
    ------
    BuildError
        The build failed or warned; the message quotes the log.

    Every chapter the build executes is counted as executed ``by`` (see
    :mod:`bookkit.executions`).
    """
    source = Path(source).resolve()
    command = [str(Path(sys.executable).with_name("jupyter-book")), "build",
               str(source), "-W", "-n", "--keep-going"]
    if output is not None:
        command += ["--path-output", str(Path(output).resolve())]
    root = Path(output).resolve() if output is not None else source
    html = root / "_build" / "html"
    log = Path(log) if log else root / "_build" / "build.log"
    log.parent.mkdir(parents=True, exist_ok=True)
    reports = html / "reports"
    if reports.is_dir():                  # failure reports of earlier builds
        shutil.rmtree(reports)
    forget_other_inputs(root / "_build")
    execute_into_cache(source, root / "_build" / ".jupyter_cache", by=by)
    with log.open("w") as stream:
        result = subprocess.run(command, cwd=source, stdout=stream,
                                stderr=subprocess.STDOUT, env=build_environment())
    for name in executed_in_log(log):
        log_execution(name, by)
    if result.returncode != 0:
        raise BuildError(problems_in_log(log, reports)
                         + f"\nthe book did not build; the whole log is in {log}")
    build_wheel(html / "_static")
    return html


def book_pages(source):
    """The files of the book at ``source`` that its ``_toc.yml`` lists.

    >>> sorted(p.name for p in book_pages(REPOSITORY))[:2]
    ['api-systems.md', 'api-tools.md']
    """
    import yaml

    source = Path(source)
    found = []

    def collect(entry):
        if isinstance(entry, dict):
            for key, value in entry.items():
                if key in ("root", "file") and isinstance(value, str):
                    found.extend(source.glob(value + ".*"))
                else:
                    collect(value)
        elif isinstance(entry, list):
            for item in entry:
                collect(item)

    collect(yaml.safe_load((source / "_toc.yml").read_text(encoding="utf-8")))
    return [path for path in found if path.suffix in (".md", ".ipynb")]


def _read_as_myst_nb(path, extensions):
    """The notebook MyST-NB reads from ``path`` (a MyST Markdown notebook),
    or None for a page that is not one."""
    from myst_nb.core.read import is_myst_markdown_notebook, read_myst_markdown_notebook
    from myst_parser.config.main import MdParserConfig

    text = Path(path).read_text(encoding="utf-8")
    if not is_myst_markdown_notebook(text):
        return None
    return read_myst_markdown_notebook(
        text, config=MdParserConfig(enable_extensions=set(extensions)),
        add_source_map=True, path=str(path))


def _execute_page(path, extensions, timeout):
    """Execute one page as MyST-NB does (in its folder); return the
    executed notebook, or None if a cell failed, and the seconds it took."""
    import nbformat
    from jupyter_cache.executors.utils import single_nb_execution

    for attempt in (1, 2):
        notebook = _read_as_myst_nb(path, extensions)
        try:
            result = single_nb_execution(notebook, cwd=str(Path(path).parent),
                                         timeout=timeout, allow_errors=False,
                                         meta_override=True)
            break
        except RuntimeError as error:
            # the kernel did not start ("Kernel didn't respond"): with several
            # chapters starting at once, two kernels can pick the same free
            # port (jupyter_client chooses ports before binding them)
            print(f"{Path(path).name}: its kernel did not start ({error}); "
                  + ("starting another" if attempt == 1 else "the build will run it"),
                  file=sys.stderr, flush=True)
    else:
        return None, 0.0
    if result.err is not None:
        return None, result.time
    return nbformat.writes(notebook), result.time


def execution_inputs():
    """A digest of what a chapter's outputs depend on besides its own code:
    the source of ``mechlib`` (its modules and stored checks) and the name
    and version of every installed distribution.

    >>> len(execution_inputs())
    64
    """
    import hashlib
    from importlib.metadata import distributions

    digest = hashlib.sha256(package_digest(stored_checks=False).encode())
    installed = sorted(f"{d.metadata['Name']}=={d.version}" for d in distributions())
    digest.update("\n".join(installed).encode())
    return digest.hexdigest()


def package_digest(stored_checks=True):
    """A digest of ``mechlib``'s own source: its modules and (unless not
    ``stored_checks``) its stored checks (what its wheel holds; the pages name
    the wheel with it, so a browser never runs a cached wheel of another
    edition).

    >>> len(package_digest())
    64
    """
    import hashlib

    digest = hashlib.sha256()
    import mechlib

    package = Path(mechlib.__file__).resolve().parent
    for path in sorted(package.rglob("*")):
        if not stored_checks and path.parent == package / "book" / "checks":
            continue
        if path.suffix in (".py", ".json") and "__pycache__" not in path.parts:
            digest.update(str(path.relative_to(package)).encode() + b"\0")
            digest.update(path.read_bytes() + b"\0")
    return digest.hexdigest()


#: The stored checks of the chapters, one file each (:mod:`mechlib.book.check`).
STORED_CHECKS = Path(__file__).resolve().parents[1] / "mechlib" / "book" / "checks"


def stored_checks_digests():
    """``{chapter: digest}`` of each chapter's stored checks.

    >>> "partial-velocities" in stored_checks_digests()
    True
    """
    import hashlib

    return {path.stem: hashlib.sha256(path.read_bytes()).hexdigest()
            for path in sorted(STORED_CHECKS.glob("*.json"))}


def _forget_chapters(cache, chapters):
    """Take the cached executions of ``chapters`` out of the jupyter-cache."""
    from jupyter_cache import get_cache

    cache = get_cache(str(cache))
    for record in cache.list_cache_records():
        if Path(record.uri).stem in chapters:
            cache.remove_cache(record.pk)


def forget_other_inputs(build):
    """Empty the jupyter-cache (``build/.jupyter_cache``) and Sphinx's read
    documents (``build/.doctrees``) if they were made with other execution
    inputs (:func:`execution_inputs`), so that every chapter is executed and
    read again; stamp the cache with these inputs. Returns whether it emptied."""
    build = Path(build)
    cache = build / ".jupyter_cache"
    stamp = cache / "execution-inputs.sha256"
    inputs = execution_inputs()
    stale = cache.exists() and (not stamp.is_file() or stamp.read_text() != inputs)
    if stale:
        shutil.rmtree(cache)
        shutil.rmtree(build / ".doctrees", ignore_errors=True)
    checks_stamp = cache / "stored-checks.json"
    checks = stored_checks_digests()
    before = json.loads(checks_stamp.read_text()) if checks_stamp.is_file() else None
    changed = {c for c in set(checks) | set(before or {})
               if (before or {}).get(c) != checks.get(c)} if before is not None else set()
    if changed and not stale and cache.exists():
        _forget_chapters(cache, changed)
        shutil.rmtree(build / ".doctrees", ignore_errors=True)
    cache.mkdir(parents=True, exist_ok=True)
    stamp.write_text(inputs)
    checks_stamp.write_text(json.dumps(checks, indent=1, sort_keys=True))
    return stale


#: The MyST-NB whose execution :func:`execute_into_cache` does as it does,
#: and the digest of the method that executes and caches a chapter there.
MYST_NB = "1.4.0"
MYST_NB_EXECUTION = "1fec9a1248373dc0c8dde75f98b45f3c"


def _require_myst_nb_execution():
    """:func:`execute_into_cache` caches each chapter as MyST-NB 1.4.0 would
    (its reader, ``single_nb_execution`` with ``meta_override``, its cache key):
    on another MyST-NB the build could find none of them cached, or cached
    otherwise than MyST-NB runs them."""
    from myst_nb.core.execute.cache import NotebookClientCache

    require_version("myst-nb", MYST_NB, "bookkit/site.py's execute_into_cache",
                    NotebookClientCache.start_client, MYST_NB_EXECUTION)


def execute_into_cache(source, cache_path, *, by="build", workers=None):
    """Execute the pages of the book at ``source`` that the jupyter-cache at
    ``cache_path`` does not hold, ``workers`` at once (default: one per
    core, at most ``MECHBOOK_BUILD_WORKERS``), and cache them as MyST-NB
    would. Returns the names of the pages executed.

    Does nothing unless the book's ``execute_notebooks`` is ``cache``.
    """
    import nbformat
    import yaml
    from jupyter_cache import get_cache
    from jupyter_cache.base import CacheBundleIn

    source = Path(source)
    settings = yaml.safe_load((source / "_config.yml").read_text(encoding="utf-8"))
    execute = settings.get("execute", {})
    if execute.get("execute_notebooks") != "cache":
        return []
    extensions = tuple(settings["parse"]["myst_enable_extensions"])
    _require_myst_nb_execution()
    cache = get_cache(str(cache_path))
    stale = []
    for path in book_pages(source):
        notebook = _read_as_myst_nb(path, extensions)
        if notebook is None or not any(c.cell_type == "code" for c in notebook.cells):
            continue
        try:
            cache.match_cache_notebook(notebook)
        except KeyError:
            stale.append(path)
    stale.sort(key=lambda path: path.stat().st_size, reverse=True)   # longest first
    workers = workers or min(os.cpu_count() or 1,
                             int(os.environ.get("MECHBOOK_BUILD_WORKERS", "2")))
    if not stale:
        return []
    timeout = execute.get("timeout", 30)
    # spawned, not forked: the build may run inside a threaded process (a test worker)
    with ProcessPoolExecutor(max_workers=min(workers, len(stale)),
                             mp_context=multiprocessing.get_context("spawn")) as pool:
        runs = pool.map(_execute_page, stale, [extensions] * len(stale),
                        [timeout] * len(stale))
        for path, (text, seconds) in zip(stale, runs, strict=True):
            log_execution(path.stem, by)
            if text is None:                       # the build runs it again and reports
                continue
            cache.cache_notebook_bundle(
                CacheBundleIn(nbformat.reads(text, as_version=4), str(path),
                              data={"execution_seconds": seconds}),
                check_validity=False, overwrite=True)
    return [path.stem for path in stale]


def wheel_name():
    """The file name of the mechlib wheel the site serves.

    >>> wheel_name().startswith("mechlib-") and wheel_name().endswith("-py3-none-any.whl")
    True
    """
    import mechlib

    return f"mechlib-{mechlib.__version__}-py3-none-any.whl"


@contextlib.contextmanager
def _one_wheel_build_at_a_time():
    """pip builds a local folder in place (``build/``, ``mechlib.egg-info``):
    the two editions, built side by side (scripts/test.sh), take turns."""
    try:
        import fcntl
    except ImportError:       # Windows: no editions built side by side there
        yield
        return
    lock = REPOSITORY / "_build" / "wheel.lock"
    lock.parent.mkdir(parents=True, exist_ok=True)
    with open(lock, "w") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        yield


#: The date in the wheel's zip entries (1980-01-01, the earliest zip allows).
WHEEL_DATE = 315532800


def build_wheel(folder):
    """Build mechlib's wheel into ``folder`` (the site's ``_static``): a
    downloaded chapter's first cell installs it from the book's address.
    Returns its path; raises BuildError if pip cannot build it.

    The wheel's bytes depend on mechlib's files alone: its zip entries carry
    the fixed date :data:`WHEEL_DATE` (``SOURCE_DATE_EPOCH``), not the time of
    the build, so an unchanged mechlib gives the same file."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    with _one_wheel_build_at_a_time():
        result = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet",
                                 "--wheel-dir", str(folder), str(REPOSITORY)],
                                capture_output=True, text=True,
                                env={**os.environ, "SOURCE_DATE_EPOCH": str(WHEEL_DATE)})
    wheel = folder / wheel_name()
    if result.returncode != 0 or not wheel.is_file():
        raise BuildError(f"the mechlib wheel did not build:\n{result.stderr[-2000:]}")
    return wheel


def executed_in_log(log):
    r"""The chapters a build log says were executed (not taken from the cache).

    >>> import tempfile, pathlib
    >>> log = pathlib.Path(tempfile.mkdtemp()) / "build.log"
    >>> _ = log.write_text("/r/book/intro.md: Executing notebook using local CWD [mystnb]\n"
    ...                    "/r/book/kane.md: Cached executed notebook: ID=6 [mystnb]\n")
    >>> executed_in_log(log)
    ['intro']
    """
    found = re.findall(r"^(\S+)\.md: Executing notebook", Path(log).read_text(errors="replace"),
                       re.M)
    return [Path(path).name for path in found]


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m bookkit.site",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("source", nargs="?", default=".")
    parser.add_argument("--output", default=None,
                        help="build into OUTPUT/_build/html (default: SOURCE/_build/html)")
    options = parser.parse_args(argv)
    start = time.monotonic()
    try:
        html = build_book(options.source, options.output)
    except BuildError as error:
        print(error, file=sys.stderr)
        return 1
    print(f"build: {html} built in {time.monotonic() - start:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
