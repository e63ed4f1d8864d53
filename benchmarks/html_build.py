"""Sphinx's part of a build of the book: the HTML of every page, nothing executed.

Every build pays it: the book's (``scripts/build.sh``), the student edition's
and the course hub's (``tests/site/test_launch.py``). The script builds the
book with ``jupyter-book build`` and ``execute_notebooks: off`` into a
temporary folder, from nothing each time, alternating a variant of the
configuration with the book's own so that the machine's load falls on both
alike, and prints the seconds of every build, the medians and their ratio.

The variant is the book without one of its local extensions (default
``mechbook_numref``, which makes numbered references read each target page
once), so the script measures what that extension saves::

    python benchmarks/html_build.py --repeat 3
    python benchmarks/html_build.py --without mechbook_pngs
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
JUPYTER_BOOK = str(Path(sys.executable).with_name("jupyter-book"))


def config(without: str | None) -> dict:
    settings = yaml.safe_load((ROOT / "_config.yml").read_text())
    settings["execute"]["execute_notebooks"] = "off"
    if without:
        extensions = settings["sphinx"]["local_extensions"]
        if without not in extensions:
            raise SystemExit(f"_config.yml has no local extension {without!r}: "
                             f"{sorted(extensions)}")
        del extensions[without]
    return settings


def build_seconds(settings: dict, name: str) -> float:
    # the configuration sits at the root: its local extensions' paths are relative to it
    path = ROOT / f".benchmark-{name}.yml"
    path.write_text(yaml.safe_dump(settings, sort_keys=False))
    out = Path(tempfile.mkdtemp(prefix=f"html-{name}-"))
    try:
        start = time.perf_counter()
        result = subprocess.run([JUPYTER_BOOK, "build", str(ROOT),
                                 "--config", str(path), "--path-output", str(out)],
                                capture_output=True, text=True)
        seconds = time.perf_counter() - start
        if result.returncode:
            raise SystemExit(f"the {name} build failed:\n"
                             f"{result.stdout[-3000:]}{result.stderr[-3000:]}")
        return seconds
    finally:
        path.unlink()
        shutil.rmtree(out, ignore_errors=True)


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--without", default="mechbook_numref",
                        help="the local extension the variant leaves out")
    options = parser.parse_args(argv)
    variants = {f"without {options.without}": config(options.without), "the book's": config(None)}
    times = {name: [] for name in variants}
    for run in range(options.repeat):
        for name, settings in variants.items():
            seconds = build_seconds(settings, name.split()[0])
            times[name].append(seconds)
            print(f"run {run + 1}: {name:>28} {seconds:6.1f} s", flush=True)
    print("\n| configuration | median s | runs |\n|---|---|---|")
    for name, values in times.items():
        print(f"| {name} | {statistics.median(values):.1f} | "
              + ", ".join(f"{v:.1f}" for v in values) + " |")
    before, after = (statistics.median(v) for v in times.values())
    print(f"\nratio (the book's / without): {after / before:.2f}")


if __name__ == "__main__":
    main()
