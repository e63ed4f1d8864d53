"""``otter assign`` again and again, several at once: does it ever hang?

    python benchmarks/otter_assign_loop.py [book/<chapter>.md] [--runs 200] [--parallel 4]

Writes one chapter's assignment (``bookkit.autograder``), then runs
``otter assign`` on copies of it, ``--parallel`` at once, ``--runs`` in all,
each killed after ``--timeout`` seconds; prints how many hung and the median
time of the others. The runs it was written for executed the worked
solutions (otter's ``run_tests``), where the hangs were; since d5a9aaa the
book's assignments set ``run_tests: false`` (``benchmarks/otter_run_tests.py``),
so a run here executes nothing unless the master notebook says otherwise.
"""

from __future__ import annotations

import argparse
import os
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from bookkit import autograder


def one_run(template, folder, timeout):
    shutil.copytree(template, folder, ignore=shutil.ignore_patterns("dist", "*.log"))
    start = time.monotonic()
    process = subprocess.Popen(["otter", "assign", f"{template.name}.ipynb", "dist"],
                               cwd=folder, stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL, start_new_session=True)
    try:
        code = process.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()
        return "hung", time.monotonic() - start
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    return ("ok" if code == 0 else "failed"), time.monotonic() - start


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("chapter", nargs="?", default="book/partial-velocities.md")
    parser.add_argument("--runs", type=int, default=200)
    parser.add_argument("--parallel", type=int, default=4)
    parser.add_argument("--timeout", type=float, default=180)
    options = parser.parse_args(argv)
    os.environ.pop("MECHBOOK_EXECUTION_LOG", None)
    with tempfile.TemporaryDirectory() as work:
        template = autograder.assign(Path(options.chapter), Path(work) / "template")
        results = []
        with ThreadPoolExecutor(options.parallel) as pool:
            for result in pool.map(
                    lambda k: one_run(template, Path(work) / f"run-{k}", options.timeout),
                    range(options.runs)):
                results.append(result)
                if len(results) % 10 == 0:      # a tally, should the loop be stopped
                    outcome = [r[0] for r in results]
                    print(f"{len(results)} runs: ok {outcome.count('ok')}, hung "
                          f"{outcome.count('hung')}, failed {outcome.count('failed')}",
                          flush=True)
    outcome = [r[0] for r in results]
    times = [r[1] for r in results if r[0] == "ok"]
    print(f"otter assign {Path(options.chapter).stem}: {len(results)} runs, "
          f"{options.parallel} at once: ok {outcome.count('ok')}, hung "
          f"{outcome.count('hung')} (killed after {options.timeout:.0f} s), failed "
          f"{outcome.count('failed')}; median {statistics.median(times):.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
