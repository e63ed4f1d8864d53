"""Why notebook runs stalled, and that the book's explorers no longer make them stall.

    python benchmarks/notebook_hangs.py [--runs 12] [--parallel 4]

Runs three small notebooks with nbclient (what jupyter-book, otter and
``bookkit.notebooks`` use), ``--parallel`` at once, ``--runs`` times each,
and prints for each how many runs stalled (a cell that waited out nbclient's
30-second timeout, or a run killed after 90 s) and the median time of the
others:

``output-widget``
    ten cells that each print 200 lines into an ``ipywidgets.Output``: what
    ``ipywidgets.interactive`` (the explorers' live view until issue 22) does
    with every redraw;
``output-widget, no stand-in``
    the same with nbclient's stand-in for Output widgets switched off
    (``client.widget_registry = {}``): the stand-in answers every captured
    output with a ``comm_msg`` sent on the shell channel while the client
    waits on that socket for the cell's ``execute_reply``, and a send can
    swallow the socket's edge-triggered wake-up;
``mechlib explorers``
    five cells with ``ml.display.explorer`` (the live view is now an Image
    widget, so the stand-in is never made) and eight plain cells.

Measured on this 2-core machine (2026-11-26), 12 runs each, 4 at once:
output-widget 10 of 12 stalled, without the stand-in 0 of 12 (median 5.5 s),
mechlib explorers 0 of 12 (median 7.5 s).
"""

from __future__ import annotations

import argparse
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor

STALL = 30          # nbclient's per-cell timeout, seconds
KILL = 90           # a run still going after this is killed

OUTPUT_CELL = ("import ipywidgets as w\nfrom IPython.display import display\n"
               "out = w.Output()\ndisplay(out)\nwith out:\n"
               "    for i in range(200):\n        print(i, flush=True)\n")
EXPLORER_CELLS = [
    "import matplotlib\nmatplotlib.use('Agg')\nimport matplotlib.pyplot as plt\n"
    "import mechlib as ml",
    "def draw(a=0.5, b=1.0):\n    '''A line.'''\n    fig, ax = plt.subplots(figsize=(2, 2))\n"
    "    ax.plot([0, a], [0, b])\n    return fig",
    *[f"view = ml.display.explorer(draw, a=ml.display.Slider(0, 1, steps=3),\n"
      f"                           b=ml.display.Slider({k}, {k + 1}, steps=3))\n"
      f"print({k})\nview" for k in range(5)],
    *[f"x{i} = {i} * 2\nprint(x{i})" for i in range(8)],
]
CASES = {
    "output-widget": ([OUTPUT_CELL] * 10, False),
    "output-widget, no stand-in": ([OUTPUT_CELL] * 10, True),
    "mechlib explorers": (EXPLORER_CELLS, False),
}
RUNNER = """
import sys, time, nbformat
from nbclient import NotebookClient
from nbclient.exceptions import CellTimeoutError
nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(c) for c in {cells!r}])
client = NotebookClient(nb, timeout={stall}, kernel_name="python3", allow_errors=True)
if {no_stand_in}:
    client.widget_registry = {{}}
try:
    client.execute()
except CellTimeoutError:
    sys.exit(3)
"""


def one_run(case, folder):
    cells, no_stand_in = CASES[case]
    start = time.monotonic()
    process = subprocess.Popen(
        [sys.executable, "-c", RUNNER.format(cells=cells, stall=STALL, no_stand_in=no_stand_in)],
        cwd=folder, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        start_new_session=True)
    try:
        code = process.wait(timeout=KILL)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()
        return case, True, time.monotonic() - start
    took = time.monotonic() - start
    return case, code == 3 or took > STALL, took


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=12)
    parser.add_argument("--parallel", type=int, default=4)
    options = parser.parse_args(argv)
    os.environ.pop("MECHBOOK_EXECUTION_LOG", None)
    jobs = [case for case in CASES for _ in range(options.runs)]
    with tempfile.TemporaryDirectory() as folder, \
            ThreadPoolExecutor(options.parallel) as pool:
        results = list(pool.map(lambda case: one_run(case, folder), jobs))
    for case in CASES:
        mine = [r for r in results if r[0] == case]
        stalled = sum(1 for r in mine if r[1])
        times = [r[2] for r in mine if not r[1]]
        median = statistics.median(times) if times else float("nan")
        print(f"{case:28} {stalled:3} of {len(mine)} runs stalled; "
              f"median of the others {median:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
