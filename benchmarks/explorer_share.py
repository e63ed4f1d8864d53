"""How much of a chapter's run its explorers take, and how much of that is rendering.

    python benchmarks/explorer_share.py [book/<chapter>.md ...] [--parallel 2]
        [--modes all,unshared,start]

Runs each chapter (default: every chapter with an explorer) once with nbclient
in the build's kernel, with the explorer's two steps timed from inside the
kernel: calling ``draw`` at every grid value (``_figure``) and rendering the
pictures for both columns (``_pictures``). Prints, per chapter, the seconds of
the whole run, of the explorers, and of their drawing and rendering; then the
same with ``MECHLIB_EXPLORER_PICTURES=start`` (what nbval's kernels get), which
renders only the starting picture (mode ``start``), and with every picture
laying out its formulas again (mode ``unshared``: the explorers without
``mechlib.book.formula_layouts``, as before it). The runs of the modes
alternate chapter by chapter, so that the machine's load falls on all alike;
the figures are seconds of one run under whatever else the machine is doing:
compare the totals of one run.
"""

from __future__ import annotations

import argparse
import os
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import nbformat

from bookkit.chapters import REPOSITORY, read_chapter
from mechlib.book.explorer import PICTURES

TIMERS = '''
import time as __time, mechlib.book.explorer as __explorer
__spent = {"draw": 0.0, "render": 0.0}
def __timed(step, function):
    def timed(*args, **kwargs):
        start = __time.perf_counter()
        try:
            return function(*args, **kwargs)
        finally:
            __spent[step] += __time.perf_counter() - start
    return timed
__explorer._figure = __timed("draw", __explorer._figure)
__explorer._pictures = __timed("render", __explorer._pictures)
'''
UNSHARED = '''
import contextlib as __contextlib
__explorer.shared_formula_layouts = __contextlib.nullcontext
'''
MODES = ("all", "unshared", "start")


def run(path, mode):
    """(seconds of the run, seconds drawing, seconds rendering) of one chapter."""
    from nbclient import NotebookClient

    notebook = read_chapter(path)
    notebook.cells.insert(0, nbformat.v4.new_code_cell(
        TIMERS + (UNSHARED if mode == "unshared" else "")))
    notebook.cells.append(nbformat.v4.new_code_cell('print(__spent["draw"], __spent["render"])'))
    if mode == "start":
        os.environ[PICTURES] = "start"
    else:
        os.environ.pop(PICTURES, None)
    start = time.perf_counter()
    NotebookClient(notebook, timeout=600, kernel_name="python3",
                   resources={"metadata": {"path": str(Path(path).parent)}}).execute()
    total = time.perf_counter() - start
    draw, render = map(float, notebook.cells[-1].outputs[0]["text"].split())
    return total, draw, render


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("chapters", nargs="*")
    parser.add_argument("--parallel", type=int, default=2)
    parser.add_argument("--modes", default=",".join(MODES),
                        help="which of all, unshared, start to run (default: all three)")
    options = parser.parse_args(argv)
    modes = options.modes.split(",")
    if set(modes) - set(MODES):
        parser.error(f"modes are {', '.join(MODES)}")
    chapters = options.chapters or sorted(
        str(path) for path in (REPOSITORY / "book").glob("*.md")
        if "ml.display.explorer(" in path.read_text(encoding="utf-8"))
    os.environ.pop("MECHBOOK_EXECUTION_LOG", None)
    print(f"{'chapter':28} {'mode':8} {'run s':>7} {'explorers s':>12} {'draw s':>7} "
          f"{'render s':>9}")
    jobs = [(chapter, mode) for chapter in chapters for mode in modes]
    totals = dict.fromkeys(modes, 0.0)
    with ProcessPoolExecutor(options.parallel) as pool:
        results = pool.map(run, *zip(*jobs, strict=True))
        for (path, mode), (total, draw, render) in zip(jobs, results, strict=True):
            totals[mode] += total
            print(f"{Path(path).stem:28} {mode:8} {total:7.1f} "
                  f"{draw + render:12.1f} {draw:7.1f} {render:9.1f}", flush=True)
    print("seconds of all chapters: " + ", ".join(
        f"{mode} {seconds:.1f}" for mode, seconds in totals.items()))
    if "all" in totals and "unshared" in totals:
        print(f"all / unshared: {totals['all'] / totals['unshared']:.2f}")

if __name__ == "__main__":
    main()
