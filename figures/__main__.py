"""Redraw every figure of the book: ``python -m figures`` (from the repository root).

Each ``figures/<name>.py`` defines ``draw()``, which returns a matplotlib figure;
this script saves it as ``figures/<name>.svg``.  Give names to redraw only some:
``python -m figures intro-pendulum``.  Run it in the project's environment
(``. scripts/setup.sh`` makes and activates it); ``tests/test_figures.py``
checks that the committed SVGs are what the scripts draw.
"""

import importlib.util
import sys
from pathlib import Path

import matplotlib

matplotlib.use("Agg")

from mechlib.book.drawing import save_svg  # noqa: E402

HERE = Path(__file__).parent


def figure_scripts(names=()):
    scripts = sorted(p for p in HERE.glob("*.py") if not p.name.startswith("_"))
    if names:
        scripts = [p for p in scripts if p.stem in names]
        missing = set(names) - {p.stem for p in scripts}
        if missing:
            raise SystemExit(f"no figure script for: {', '.join(sorted(missing))}")
    return scripts


def load(script):
    spec = importlib.util.spec_from_file_location(f"figures.{script.stem}", script)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def main(names=()):
    for script in figure_scripts(names):
        save_svg(load(script).draw(), script.with_suffix(".svg"))
        print(f"wrote {script.with_suffix('.svg').relative_to(HERE.parent)}")


if __name__ == "__main__":
    main(sys.argv[1:])
