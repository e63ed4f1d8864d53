"""How often a notebook run with an explorer hangs: a loop of nbclient runs.

    python benchmarks/notebook_hangs.py [--runs 200] [--parallel 4] [--timeout 60]

Runs a small notebook like a chapter's (an explorer, the cells after it) with
nbclient (what jupyter-book, otter and ``mechlib.book.notebooks`` use),
``--parallel`` at once, ``--runs`` in all, each in a subprocess that is killed
after ``--timeout`` seconds; prints the number of runs, of hangs and the
median run time. Every run's kernel is stopped with it.

What it measures (issue 22): nbclient's stand-in for an Output widget sends a
``comm_msg`` on the shell channel while the client waits for the cell's
``execute_reply`` on that socket; a send can consume the socket's
edge-triggered wake-up, and a reply that arrives in that window is never read.
An explorer made its live view with ``ipywidgets.interactive``, whose Output
widget captured every redraw; it now shows its picture in an Image widget.
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

CELLS = [
    "import matplotlib\nmatplotlib.use('Agg')\nimport matplotlib.pyplot as plt\n"
    "import mechlib as ml",
    "def draw(a=0.5, b=1.0):\n    '''A line.'''\n    fig, ax = plt.subplots(figsize=(2, 2))\n"
    "    ax.plot([0, a], [0, b])\n    return fig",
    *[f"view = ml.display.explorer(draw, a=ml.display.Slider(0, 1, steps=3),\n"
      f"                           b=ml.display.Slider({k}, {k + 1}, steps=3))\n"
      f"print({k})\nview" for k in range(5)],
    *[f"x{i} = {i} * 2\nprint(x{i})" for i in range(8)],
]

RUNNER = """
import sys, nbformat
from mechlib.book.notebooks import run_notebook
nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(c) for c in {cells!r}])
run_notebook(nb, {folder!r}, name="hang-probe", by="benchmark", timeout=600)
"""


def one_run(folder, timeout):
    start = time.monotonic()
    process = subprocess.Popen([sys.executable, "-c", RUNNER.format(cells=CELLS, folder=folder)],
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                               start_new_session=True)
    try:
        _, err = process.communicate(timeout=timeout)
        if process.returncode:
            return "error", time.monotonic() - start, err.decode()[-500:]
        return "ok", time.monotonic() - start, ""
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()
        return "hang", time.monotonic() - start, ""


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=200)
    parser.add_argument("--parallel", type=int, default=4)
    parser.add_argument("--timeout", type=float, default=60)
    options = parser.parse_args(argv)
    env_log = os.environ.pop("MECHBOOK_EXECUTION_LOG", None)
    with tempfile.TemporaryDirectory() as folder, \
            ThreadPoolExecutor(options.parallel) as pool:
        results = list(pool.map(lambda _: one_run(folder, options.timeout),
                                range(options.runs)))
    if env_log:
        os.environ["MECHBOOK_EXECUTION_LOG"] = env_log
    outcome = [r[0] for r in results]
    times = [r[1] for r in results if r[0] == "ok"]
    errors = [r[2] for r in results if r[0] == "error"]
    print(f"runs {len(results)}, {options.parallel} at once: ok {outcome.count('ok')}, "
          f"hung {outcome.count('hang')} (killed after {options.timeout:.0f} s), "
          f"failed {outcome.count('error')}; median run "
          f"{statistics.median(times) if times else float('nan'):.1f} s")
    if errors:
        print("first failure:", errors[0])
    return 0


if __name__ == "__main__":
    sys.exit(main())
