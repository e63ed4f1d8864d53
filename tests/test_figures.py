"""The committed SVGs in figures/ are what figures/*.py draw.

Each ``figures/<name>.py`` is drawn again here, in this process, with the same
code ``python -m figures`` runs (``figures/__main__.py`` and
``mechlib.book.drawing.save_svg``), into a temporary folder; the result must equal
the committed ``figures/<name>.svg`` byte for byte. After changing a figure
script or ``mechlib.book.drawing``, redraw with ``python -m figures`` (in the
environment ``. scripts/setup.sh`` makes) and commit the SVGs it writes.
"""

from __future__ import annotations

import difflib
import importlib.util

import matplotlib
import pytest

from tests.references import ROOT

FIGURES = ROOT / "figures"


def _load_redraw():
    spec = importlib.util.spec_from_file_location("figures_main", FIGURES / "__main__.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


redraw = _load_redraw()
SCRIPTS = redraw.figure_scripts()


def test_every_figure_script_has_a_committed_svg_and_back():
    scripts = {p.stem for p in SCRIPTS}
    svgs = {p.stem for p in FIGURES.glob("*.svg")}
    assert scripts, "no figure script found in figures/"
    assert not scripts - svgs, f"figures never drawn and committed: {sorted(scripts - svgs)}"
    assert not svgs - scripts, f"SVGs no script draws: {sorted(svgs - scripts)}"


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda p: p.stem)
def test_committed_svg_is_what_the_script_draws(script, tmp_path):
    committed = script.with_suffix(".svg")
    drawn = tmp_path / committed.name
    # The rc settings python -m figures starts from, whatever other tests changed.
    settings = {key: value for key, value in matplotlib.rcParamsOrig.items()
                if key not in ("backend", "backend_fallback")}
    with matplotlib.rc_context(settings):
        redraw.save_svg(redraw.load(script).draw(), drawn)
    new, old = drawn.read_bytes(), committed.read_bytes()
    if new != old:
        diff = list(difflib.unified_diff(
            old.decode("utf-8", "replace").splitlines(),
            new.decode("utf-8", "replace").splitlines(),
            f"figures/{committed.name} (committed)", "redrawn", n=0, lineterm=""))
        pytest.fail(f"figures/{committed.name} is not what {script.name} draws; redraw it "
                    f"with `python -m figures {script.stem}` and commit it. First "
                    "differences:\n" + "\n".join(diff[:20]))
