"""Unit tests of the downloads converter (``bookkit.downloads``, used by
``_ext/mechbook_download.py``) on small MyST inputs, without Sphinx.

A :class:`StaticResolver` stands in for the build: it answers every role, number
and image from fixed tables, so each test shows exactly what one construct
becomes in the downloaded notebook.
"""

from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest

from bookkit import downloads as converter
from tests.references import ROOT

_spec = importlib.util.spec_from_file_location("mechbook_download",
                                               ROOT / "_ext" / "mechbook_download.py")
download = importlib.util.module_from_spec(_spec)
sys.modules.setdefault("mechbook_download", download)   # dataclasses look it up
_spec.loader.exec_module(download)

PNG = {"image/png": "iVBORw0KGgo=", "image/svg+xml": "PHN2Zy8+"}


def resolver(**extra):
    tables = dict(
        xrefs={("eq", "eq-a"): "(2.1)", ("numref", "fig-a"): "Fig. 2.1",
               ("cite:p", "Kane1985{p. 45}"): "[Kane and Levinson, 1985, p. 45]",
               ("doc", "kanes-equations"):
                   "[Kane's equations](https://example.org/book/kanes-equations.html)"},
        equations={"eq-a": "2.1"},
        titles={"fig-a": "Fig. 2.1", "ex-a": "Exercise 2.3"},
        images={"../figures/a.svg": ("a.png", PNG)},
        bibliography="## References\n\n- Kane and Levinson. *Dynamics*. 1985.")
    tables.update(extra)
    return converter.StaticResolver(**tables)


def convert(source, **extra):
    return converter.convert_markdown(source, resolver(**extra))


def notebook(*cells):
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(c[5:]) if c.startswith("code:")
                else nbformat.v4.new_markdown_cell(c) for c in cells]
    return nb


def test_roles_become_what_sphinx_resolved():
    out = convert("By {eq}`eq-a` and {numref}`fig-a` {cite:p}`Kane1985{p. 45}`; "
                  "see {doc}`kanes-equations`.")
    assert out == ("By (2.1) and Fig. 2.1 [Kane and Levinson, 1985, p. 45]; see "
                   "[Kane's equations](https://example.org/book/kanes-equations.html).")


def test_roles_in_lists_headings_and_double_backticks():
    out = convert("## About {eq}``eq-a``\n\n- one {eq}`eq-a`\n  and {numref}`fig-a`\n")
    assert out == "## About (2.1)\n\n- one (2.1)\n  and Fig. 2.1"


def test_code_spans_that_show_roles_are_left_alone():
    assert convert("Write `{eq}`, then {eq}`eq-a`.") == "Write `{eq}`, then (2.1)."


def test_labelled_math_keeps_its_number_as_a_tag():
    out = convert("$$\na = b\n$$ (eq-a)\n\nand $$c$$ inline.")
    assert out == ("\\begin{equation*}\na = b\n\\tag{2.1}\n\\end{equation*}\n\n"
                   "and $$c$$ inline.")


def test_unlabelled_display_math_is_starred_too():
    # jupyterlab-myst numbers every $$ block; a starred environment it leaves alone
    out = convert("Text\n\n$$\nx = 1\n$$\n\nmore")
    assert out == "Text\n\n\\begin{equation*}\nx = 1\n\\end{equation*}\n\nmore"
    assert "$$" not in convert("- item\n\n  $$\n  z\n  $$\n")


def test_labelled_math_in_a_list_item():
    out = convert("- item\n\n  $$\n  a = b\n  $$ (eq-a)\n- next\n")
    assert out == ("- item\n\n  \\begin{equation*}\n  a = b\n  \\tag{2.1}\n"
                   "  \\end{equation*}\n- next")


def test_targets_and_comments_are_dropped():
    assert convert("(sec-a)=\n## Title\n\n% a comment\nText.") == "## Title\n\nText."


def test_figure_is_an_attachment_with_number_caption_and_alt():
    source = ("```{figure} ../figures/a.svg\n:name: fig-a\n:alt: A rod [on] a slider\n"
              ":width: 60%\n\nThe rod, by {eq}`eq-a`.\n```\n")
    out = converter.convert_notebook(notebook(source), resolver())
    cell = out.cells[0]
    assert cell.source == ("![A rod \\[on\\] a slider](attachment:a.png)\n\n"
                           "**Fig. 2.1:** The rod, by (2.1).")
    assert cell.attachments == {"a.png": PNG}
    nbformat.validate(out)


@pytest.mark.parametrize("fence", ["```", ":::"])
def test_admonition_is_a_quote_with_a_bold_title(fence):
    source = (f"{fence}{{admonition}} Learning objectives\n:class: tip\n\n1. one {{eq}}`eq-a`\n"
              f"2. two\n\n$$\nx\n$$ (eq-a)\n{fence}\n")
    assert convert(source) == ("> **Learning objectives**\n>\n> 1. one (2.1)\n> 2. two\n>\n"
                               "> \\begin{equation*} x \\tag{2.1} \\end{equation*}")


def test_named_admonition_takes_its_name_as_title():
    assert convert("```{note}\nMind the frame.\n```") == "> **Note**\n>\n> Mind the frame."


def test_exercise_is_a_numbered_heading_below_its_section():
    source = ("## Exercises\n\n```{exercise} Other speeds (by hand)\n:label: ex-a\n\n"
              "Find them.\n```\n")
    assert convert(source) == ("## Exercises\n\n### Exercise 2.3 (Other speeds (by hand))\n\n"
                               "Find them.")


def test_solution_is_a_collapsed_heading_with_its_body_in_the_next_cell():
    nb = notebook("## Exercises\n\n```{exercise}\n:label: ex-a\n\nFind it.\n```\n\n"
                  "```{solution} ex-a\n:class: dropdown\n\nIt is {eq}`eq-a`, $x$.\n```\n")
    out = converter.convert_notebook(nb, resolver(bibliography=""))
    assert [(c.source, c.metadata.get(converter.COLLAPSED)) for c in out.cells] == [
        ("## Exercises\n\n### Exercise 2.3\n\nFind it.", None),
        ("### Solution to Exercise 2.3", True),
        ("It is (2.1), $x$.", None)]


def test_solution_across_cells_is_a_collapsed_heading_and_keeps_its_code():
    nb = notebook("## Exercises\n\n```{exercise} Code\n:label: ex-a\n\nCompute.\n```\n\n"
                  "````{solution-start} ex-a\n:class: dropdown\n````\n\nFirst the frames:",
                  "code:x = 1",
                  "It is one.\n\n```{solution-end}\n```\n\nAfter the solution.",
                  "code:assert x == 1")
    out = converter.convert_notebook(nb, resolver())
    kinds = [(c.cell_type, c.source, c.metadata.get(converter.COLLAPSED)) for c in out.cells]
    assert kinds[:6] == [
        ("markdown", "## Exercises\n\n### Exercise 2.3 (Code)\n\nCompute.", None),
        ("markdown", "### Solution to Exercise 2.3", True),
        ("markdown", "First the frames:", None),
        ("code", "x = 1", None),
        ("markdown", "It is one.", None),
        ("markdown", "After the solution.", None)]
    assert out.cells[6].source == "assert x == 1"
    assert out.cells[-1].source.startswith("## References")
    assert len({cell.id for cell in out.cells}) == len(out.cells)
    nbformat.validate(out)


def test_a_chapter_without_solutions_converts():
    """The student edition: exercises whose solutions were removed."""
    nb = notebook("```{exercise} Alone\n:label: ex-a\n\nTry.\n```", "code:pass")
    out = converter.convert_notebook(nb, resolver(bibliography=""))
    assert [c.source for c in out.cells] == ["## Exercise 2.3 (Alone)\n\nTry.", "pass"]


def test_code_cells_keep_source_and_outputs_and_conversion_runs_once():
    nb = notebook("Text {eq}`eq-a`.", "code:{eq}`eq-a`  # not Markdown")
    nb.cells[1].outputs = [nbformat.v4.new_output("stream", text="out\n")]
    nb.cells[1].metadata["tags"] = ["remove-cell"]
    once = converter.convert_notebook(nb, resolver())
    code = once.cells[1]
    assert (code.source, code.outputs) == (nb.cells[1].source, nb.cells[1].outputs)
    # the page removes the cell, so the download folds it (and still runs it)
    assert code.metadata["jupyter"] == {"source_hidden": True, "outputs_hidden": True}
    assert code.metadata["tags"] == ["remove-cell"] and "jupyter" not in nb.cells[1].metadata
    twice = converter.convert_notebook(once, resolver())
    assert twice == once
    assert nb.cells[0].source == "Text {eq}`eq-a`."   # the input is not changed


def test_unknown_directive_is_reported():
    with pytest.raises(ValueError, match="margin"):
        convert("```{margin}\nAside.\n```")


def test_published_base_url_is_html_baseurl_alone():
    """The public address is _config.yml's html.baseurl and nothing else: no
    address is made up from the repository's."""
    class Config:
        html_baseurl = "https://book.example.org"
        html_theme_options = {"repository_url": "https://github.com/a/b"}

    assert download.published_base_url(Config) == "https://book.example.org/"
    assert download.wheel_url(Config).startswith("https://book.example.org/_static/mechlib-")
    Config.html_baseurl = ""
    assert download.published_base_url(Config) is None and download.wheel_url(Config) is None


def test_the_public_address_is_written_in_one_place():
    """``html.baseurl`` of _config.yml; no other file of the book's tooling or
    tests spells the published address or derives a GitHub Pages address from
    the repository's (``f"...github.io/{name}/"``)."""
    import yaml

    config = yaml.safe_load((ROOT / "_config.yml").read_text())
    public = config["html"]["baseurl"]
    assert public.startswith("https://") and public.endswith("/")
    host = public.split("/")[2]
    spelled = [str(path.relative_to(ROOT))
               for folder in ("_ext", "mechlib", "tests", "scripts", ".github")
               for path in sorted((ROOT / folder).rglob("*"))
               if path.is_file() and path.suffix in (".py", ".sh", ".yml", ".yaml", ".mjs",
                                                     ".js", ".cfg", ".toml")
               and "references" not in path.parts and path != Path(__file__)
               and (host in path.read_text(errors="replace")
                    or re.search(r"github\.io/\{", path.read_text(errors="replace")))]
    assert not spelled, f"the public address is spelled outside _config.yml in {spelled}"


def test_install_cell_stops_with_one_message_offline(tmp_path):
    """Where mechlib is missing and its wheel cannot be fetched, the install
    cell raises one exception whose message names mechlib, the address tried
    and both ways out, and which Jupyter shows without a traceback."""
    from bookkit.downloads import install_cell

    wheel = "http://127.0.0.1:9/_static/mechlib-0.1.0-py3-none-any.whl"   # nothing listens
    binder = "https://mybinder.org/v2/gh/a/b/main?urlpath=lab/tree/notebooks/x.ipynb"
    script = tmp_path / "cell.py"
    script.write_text(install_cell(wheel, binder).source + "\nprint('ran on')\n")
    venv = tmp_path / "venv"      # a Python without mechlib, with pip
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    runner = tmp_path / "run.py"
    runner.write_text(
        "import sys, traceback\n"
        "source = open(sys.argv[1]).read()\n"
        "try:\n"
        "    exec(compile(source, 'cell', 'exec'), {'__name__': '__main__'})\n"
        "except Exception as error:\n"
        "    print('RENDERED', *error._render_traceback_(), sep='\\n')\n"
        "    sys.exit(3)\n")
    result = subprocess.run([str(venv / "bin" / "python"), "-I", str(runner), str(script)],
                            capture_output=True, text=True, timeout=120, cwd=tmp_path)
    assert result.returncode == 3, result.stdout + result.stderr
    rendered = result.stdout.split("RENDERED\n", 1)[1]
    assert rendered.startswith("MechlibNotInstalled: mechlib, the book's helper package")
    assert f"installing it from {wheel} failed" in rendered
    assert f"pip install {wheel}" in rendered and binder in rendered
    assert "ran on" not in result.stdout and "Traceback" not in rendered
    assert "restart" not in rendered


def test_svg_figure_gets_a_png_from_its_script(tmp_path):
    (tmp_path / "f.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg"/>')
    (tmp_path / "f.py").write_text(
        "import matplotlib.pyplot as plt\n\ndef draw():\n"
        "    fig, ax = plt.subplots(figsize=(1, 1))\n    return fig\n")
    name, bundle = download.image_bundle(tmp_path / "f.svg")
    assert name == "f.png" and list(bundle) == ["image/png", "image/svg+xml"]
    (tmp_path / "g.svg").write_text("<svg/>")
    with pytest.raises(FileNotFoundError, match="g.py"):
        download.image_bundle(Path(tmp_path / "g.svg"))




def test_page_merges_copies_of_a_cells_streams():
    """MyST-NB merges a cell's streams for the page in place; the book's extension
    makes it merge copies, so the notebook behind the download keeps each line once."""
    spec = importlib.util.spec_from_file_location("mechbook_outputs",
                                                  ROOT / "_ext" / "mechbook_outputs.py")
    extension = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(extension)
    extension.merge_copies_of_streams()
    extension.merge_copies_of_streams()     # twice: no double wrapping
    outputs = [nbformat.v4.new_output("stream", text="trail 0.08\n"),
               nbformat.v4.new_output("stream", text="trail 0.12\n")]
    merged = extension.myst_nb_render.coalesce_streams(outputs)
    assert [o.text for o in merged] == ["trail 0.08\ntrail 0.12\n"]
    assert [o.text for o in outputs] == ["trail 0.08\n", "trail 0.12\n"]
