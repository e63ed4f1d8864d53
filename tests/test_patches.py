"""The book's patches of other projects' internals (CONTRIBUTING.md, "Patches
of other projects' internals") each check the version they were written for,
and the code they patch: these tests fail when the installed version is
another, or the patched internal changed, and check that each guard then
stops (by giving it another version, or another digest, to find).

When one fails after an upgrade: read the new version's code that the patch
relies on, make the patch fit (or drop it, if the new version does not need
it), then update the version and digest its module checks.
"""

from __future__ import annotations

import importlib.util
import re
import warnings
from pathlib import Path

import pytest

from bookkit import site
from mechlib.book import patched

ROOT = Path(__file__).resolve().parents[1]


def extension(name):
    """The book's Sphinx extension ``_ext/<name>.py``, loaded afresh."""
    spec = importlib.util.spec_from_file_location(name, ROOT / "_ext" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class FakeApp:
    """What the guarded ``setup`` functions ask of Sphinx's application."""

    def add_domain(self, *args, **kwargs):
        pass

    def connect(self, *args, **kwargs):
        pass


def guard_outputs():
    extension("mechbook_outputs").require_written_for()


def guard_head():
    extension("mechbook_head").require_written_for()


def guard_numref():
    extension("mechbook_numref").require_written_for()


def guard_assets_first():
    extension("mechbook_assets_first").require_written_for()


def guard_icons():
    extension("mechbook_icons").setup(FakeApp())


def guard_explorer_frames():
    extension("mechbook_explorer_frames").require_written_for()


def guard_unexecuted_figures():
    from myst_nb import sphinx_ as parser

    create_client = parser.create_client
    try:
        extension("mechbook_unexecuted_figures").setup(FakeApp())
    finally:
        parser.create_client = create_client        # the test leaves MyST-NB as it was


def guard_execute_into_cache():
    site._require_myst_nb_execution()


def guard_formula_layouts():
    """The layouts' patch runs in readers' kernels, where another matplotlib
    makes it patch nothing, silently (the pictures are the same, only slower);
    here, in the book's environment, another matplotlib stops."""
    from mechlib.book import formula_layouts

    formula_layouts.require_written_for()


def guard_sympy_internals():
    from mechlib.book import grading

    grading.require_sympy_internals()


#: Every guard: (what it guards, its distribution(s), whether it checks a digest).
GUARDS = {
    "myst-nb coalesce_streams (_ext/mechbook_outputs.py)":
        (guard_outputs, ("myst-nb",), True),
    "the theme's head_js_preload macro (_ext/mechbook_head.py)":
        (guard_head, ("pydata-sphinx-theme",), False),
    "sphinx _resolve_numref_xref (_ext/mechbook_numref.py)":
        (guard_numref, ("sphinx",), True),
    "myst-nb, sphinx-exercise asset copies (_ext/mechbook_assets_first.py)":
        (guard_assets_first, ("myst-nb", "sphinx-exercise"), True),
    "theme's minified CSS (_ext/mechbook_icons.py)":
        (guard_icons, ("pydata-sphinx-theme",), False),
    "matplotlib to_jshtml (_ext/mechbook_explorer_frames.py)":
        (guard_explorer_frames, ("matplotlib",), True),
    "myst-nb create_client (_ext/mechbook_unexecuted_figures.py)":
        (guard_unexecuted_figures, ("myst-nb",), True),
    "myst-nb execution (bookkit/site.py execute_into_cache)":
        (guard_execute_into_cache, ("myst-nb",), True),
    "matplotlib _parse_cached (mechlib/book/formula_layouts.py)":
        (guard_formula_layouts, ("matplotlib",), True),
    "SymPy's private names read by to_tree and find_frame (mechlib/book/grading.py)":
        (guard_sympy_internals, ("sympy",), False),
}


@pytest.mark.parametrize("what", GUARDS)
def test_the_patch_is_written_for_the_installed_version(what):
    """If this fails, the installed version, or the code the patch relies on,
    is not what the patch was written for: see the message."""
    GUARDS[what][0]()


@pytest.mark.parametrize("what", GUARDS)
def test_the_guard_stops_on_another_version(what, monkeypatch):
    guard, distributions, _ = GUARDS[what]
    for distribution in distributions:
        installed = patched.installed_version
        monkeypatch.setattr(patched, "installed_version",
                            lambda name, d=distribution, installed=installed:
                            "0.0.1" if name == d else installed(name))
        with pytest.raises(patched.PatchedInternalsChanged) as stopped:
            guard()
        message = str(stopped.value)
        written_for = re.search(rf"written for {re.escape(distribution)} (\S+), and "
                                rf"{re.escape(distribution)} 0\.0\.1 is installed", message)
        assert written_for, message
        assert f"Install {distribution}=={written_for.group(1)}" in message
        assert "CONTRIBUTING.md" in message
        monkeypatch.undo()


@pytest.mark.parametrize("what", [what for what, (_, _, digest) in GUARDS.items() if digest])
def test_the_guard_stops_when_the_patched_code_changed(what, monkeypatch):
    guard = GUARDS[what][0]
    monkeypatch.setattr(patched, "source_digest", lambda function: "0" * 32)
    with pytest.raises(patched.PatchedInternalsChanged, match="is not the code it was written for"):
        guard()


def test_the_layouts_patch_on_another_matplotlib_is_silent_and_patches_nothing(monkeypatch):
    """A reader's matplotlib of another version (the wheel accepts a range):
    no warning in the chapter's output, matplotlib left as it is."""
    from matplotlib.mathtext import MathTextParser

    from mechlib.book.formula_layouts import shared_formula_layouts, shares_layouts

    monkeypatch.setattr(patched, "installed_version", lambda name: "0.0.1")
    before = MathTextParser._parse_cached
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        assert not shares_layouts()
        with shared_formula_layouts():
            assert MathTextParser._parse_cached is before
    assert not caught, [str(w.message) for w in caught]


# -- the patches that read another project's output: the shapes they read


def test_the_icon_rules_are_found_in_the_themes_style_sheet():
    """_ext/mechbook_icons.py cuts Font Awesome's rules out of the theme's
    minified style sheet with ICON_RULE: it must find them there (about 2,000)."""
    import pydata_sphinx_theme

    icons = extension("mechbook_icons")
    css = (Path(pydata_sphinx_theme.__file__).parent / "theme" / "pydata_sphinx_theme"
           / "static" / "styles" / "pydata-sphinx-theme.css").read_text(encoding="utf-8")
    assert len(icons.ICON_RULE.findall(css)) > 1000
    for font in ("fa-solid-900.woff2", "fa-brands-400.woff2"):
        assert (Path(pydata_sphinx_theme.__file__).parent / "theme" / "pydata_sphinx_theme"
                / "static" / icons.THEME_FONTS.relative_to("_static") / font).is_file()


def test_the_themes_macro_still_loads_fontawesome():
    """_templates/layout.html drops the script tag that the theme's
    ``head_js_preload`` macro writes (_ext/mechbook_head.py renders it)."""
    import pydata_sphinx_theme

    macros = (Path(pydata_sphinx_theme.__file__).parent / "theme" / "pydata_sphinx_theme"
              / "static" / "webpack-macros.html").read_text(encoding="utf-8")
    preload = macros[macros.index("macro head_js_preload"):]
    assert "fontawesome.js" in preload[:preload.index("endmacro")]


@pytest.fixture
def movie():
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.animation import FuncAnimation

    fig, ax = plt.subplots(figsize=(1, 1))
    (line,) = ax.plot([], [])
    yield FuncAnimation(fig, lambda n: line.set_data([0, n], [0, n]), frames=3)
    plt.close(fig)


def test_an_animations_frames_are_found_where_the_page_defers_them(movie):
    """_ext/mechbook_explorer_frames.py finds the frames of the player that
    ``animation_html`` makes of matplotlib's ``to_jshtml``."""
    from mechlib.book.display import animation_html

    frames = extension("mechbook_explorer_frames")
    match = frames.ANIMATION_FRAMES.search(animation_html(movie, "probe"))
    assert match and int(match.group(3)) == 3
    assert len(frames.FRAME.findall(match.group(4))) == 3


def test_animation_html_stops_on_html_it_was_not_written_for(movie, monkeypatch):
    from mechlib.book.display import animation_html

    html = movie.to_jshtml()
    for changed in (re.sub(r'<link rel="stylesheet"[^>]*font-awesome[^>]*>', "", html),
                    html.replace('type="range"', 'type="number"'),
                    html.replace('<i class="fa fa-play"></i>', '<i class="fa fa-go"></i>')):
        monkeypatch.setattr(type(movie), "to_jshtml",
                            lambda self, default_mode=None, text=changed: text)
        with pytest.raises(patched.PatchedInternalsChanged, match="written for the HTML of"):
            animation_html(movie, "probe")


def test_no_compatibility_code_for_old_matplotlib():
    """legible.py asked for ``set_loc`` (matplotlib >= 3.8) and fell back on
    the private ``legend._loc``; requirements.txt pins a newer matplotlib."""
    source = (ROOT / "mechlib" / "book" / "legible.py").read_text(encoding="utf-8")
    assert "_loc" not in source.replace("set_loc", "").replace("get_loc", "")
