"""The Sphinx side of the downloads: each chapter's ``.ipynb`` rewritten to read like the page.

sphinx-book-theme offers each chapter as ``_build/html/_sources/book/<slug>.ipynb``,
the notebook MyST-NB made of the MyST source. After the theme has copied it and
``mechbook_outputs`` has put the outputs back, this extension converts it with
:mod:`bookkit.downloads` (figures as attachments, roles resolved, numbered
equations, exercises and folded solutions, the references at the end), resolving
every role with the data of the build (:class:`SphinxResolver`).

Debugging one built chapter (after a build of the book):
``python _ext/mechbook_download.py book/partial-velocities [--out file.ipynb]``.
"""

from __future__ import annotations

import base64
import functools
import importlib.util
import io
import shutil
from pathlib import Path
from urllib.parse import urljoin

import nbformat

from bookkit.downloads import DEFAULT_EXTENSIONS, convert_notebook
from bookkit.site import wheel_name

# --------------------------------------------------------------------------- Sphinx


ROLE_XREFS = {   # MyST role -> (domain, type) of the pending_xref Sphinx's role makes
    "eq": ("math", "eq"),
    "numref": ("std", "numref"),
    "ref": ("std", "ref"),
    "doc": ("std", "doc"),
    "cite": ("cite", "p"),
}


def published_base_url(config) -> str | None:
    """Where the book is published: ``html.baseurl`` of ``_config.yml`` (Sphinx's
    ``html_baseurl``), the one place that names it; None if it is not set (the
    downloads then link nowhere and install mechlib only from ``MECHBOOK_WHEEL``).

    >>> class Config:
    ...     html_baseurl = "https://book.example.org/sub"
    >>> published_base_url(Config)
    'https://book.example.org/sub/'
    """
    if config.html_baseurl:
        return config.html_baseurl.rstrip("/") + "/"
    return None


def wheel_url(config) -> str | None:
    """The address of the mechlib wheel the published site serves."""
    base = published_base_url(config)
    return urljoin(base, f"_static/{wheel_name()}") if base else None


def binder_url(context) -> str | None:
    """The page's own Binder button (after ``mechbook_launch`` pointed it at the
    chapter's launch notebook), or None where the page has none."""
    for group in context.get("header_buttons", []):
        if group.get("label") != "launch-buttons":
            continue
        for button in group.get("buttons", []):
            if button.get("text") == "Binder" and button.get("url"):
                return button["url"]
    return None


class SphinxResolver:
    """Resolve one page's roles, numbers and figures with the data of a Sphinx build."""

    def __init__(self, app, docname: str, doctree):
        self.app, self.env, self.docname, self.doctree = app, app.env, docname, doctree
        self.base_url = published_base_url(app.config)
        self.source_dir = Path(self.env.doc2path(docname)).parent

    def warn(self, message: str) -> None:
        from sphinx.util import logging

        logging.getLogger(__name__).warning("%s: %s", self.docname, message,
                                            type="mechbook", subtype="download")

    # -- references, as Sphinx's post-transforms resolve them on the page

    @functools.cache  # noqa: B019 - one resolver per page
    def _resolve(self, role: str, content: str):
        from docutils import nodes
        from sphinx import addnodes
        from sphinx.transforms import SphinxTransformer
        from sphinx.util.nodes import split_explicit_title

        domain, typ = ROLE_XREFS[role.split(":")[0]]
        if domain == "cite":
            typ = role.split(":")[1] if ":" in role else "p"
            explicit, title, target = False, content, content
        else:
            explicit, title, target = split_explicit_title(content)
        if role in ("ref", "numref"):
            target = target.lower()
        inner = nodes.literal if typ == "numref" else nodes.inline
        contnode = inner(title, title, classes=["xref", domain, f"{domain}-{typ}"])
        xref = addnodes.pending_xref(content, contnode, refdoc=self.docname, refdomain=domain,
                                     reftype=typ, reftarget=target, refexplicit=explicit,
                                     refwarn=True)
        document = nodes.document(self.doctree.settings, self.doctree.reporter)
        holder = nodes.paragraph("", "", xref)
        document += holder
        backup = dict(self.env.temp_data)
        self.env.temp_data["docname"] = self.docname
        try:
            transformer = SphinxTransformer(document)
            transformer.set_environment(self.env)
            transformer.add_transforms(self.app.registry.get_post_transforms())
            transformer.apply_transforms()
        finally:
            self.env.temp_data = backup
        references = list(holder.findall(nodes.reference))
        refuri = references[0].get("refuri") if references else None
        return holder.astext(), refuri

    def xref(self, role: str, content: str) -> str:
        if role == "math":
            return f"${content}$"
        if role.split(":")[0] not in ROLE_XREFS:
            self.warn(f"no plain-Markdown form for the role {{{role}}}: its text is kept")
            return content
        text, refuri = self._resolve(role, content)
        if role.startswith("cite") or not refuri or refuri.startswith("#"):
            return text
        if not self.base_url:
            return text
        page = urljoin(self.base_url, self.app.builder.get_target_uri(self.docname))
        return f"[{text}]({urljoin(page, refuri)})"

    def equation_number(self, label: str) -> str:
        """The number Sphinx gives the equation ``label`` (``math_numfig`` and all)."""
        from docutils.nodes import make_id

        docname, number = self.env.get_domain("math").equations[label]
        if self.app.config.math_numfig and self.app.config.numfig:
            numbers = (self.env.toc_fignumbers.get(docname, {}).get("displaymath", {})
                       .get(make_id(f"equation-{label}"), ()))
            return ".".join(map(str, numbers))
        return str(number)

    def numbered_title(self, label: str) -> str:
        """"Fig. 2.1" or "Exercise 2.3": what a ``{numref}`` to ``label`` shows."""
        return self._resolve("numref", label)[0]

    # -- figures

    def image(self, uri: str):
        return image_bundle((self.source_dir / uri).resolve())

    # -- bibliography

    def references(self) -> str:
        """The works this chapter cites, formatted as in the book's bibliography."""
        from pybtex.plugin import find_plugin

        domain = self.env.get_domain("cite")
        keys = {target.key for ref in domain.citation_refs if ref.docname == self.docname
                for target in ref.targets}
        if not keys:
            return ""
        markdown = find_plugin("pybtex.backends", "markdown")()
        entries, seen = [], set()
        for citation in domain.citations:
            if citation.key in keys and citation.key not in seen:
                seen.add(citation.key)
                text = citation.formatted_entry.text.render(markdown)
                entries.append("- " + " ".join(text.split()))
        return "## References\n\n" + "\n".join(entries)


@functools.cache
def image_bundle(path: Path):
    """(attachment name, mime bundle) for an image file.

    An SVG drawn by a script ``<name>.py`` next to it (``draw()`` returning a
    matplotlib figure, the convention of ``figures/``) gets a PNG of the same
    drawing first: JupyterLab renders PNG attachments but no SVG attachment. The
    SVG stays in the bundle for frontends that prefer it.
    """
    data = base64.b64encode(path.read_bytes()).decode("ascii")
    if path.suffix != ".svg":
        mime = {".png": "image/png", ".jpg": "image/jpeg", ".jpeg": "image/jpeg",
                ".gif": "image/gif", ".webp": "image/webp"}[path.suffix.lower()]
        return path.name, {mime: data}
    script = path.with_suffix(".py")
    if not script.exists():
        raise FileNotFoundError(f"{path.name}: JupyterLab shows no SVG attachment, and no "
                                f"script {script.name} draws it as PNG")
    return path.with_suffix(".png").name, {"image/png": _draw_png(script),
                                           "image/svg+xml": data}


def _draw_png(script: Path, dpi: int = 120) -> str:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    spec = importlib.util.spec_from_file_location(f"_figure_{script.stem.replace('-', '_')}",
                                                  script)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    figure = module.draw()
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=dpi, metadata={"Software": None})
    plt.close(figure)
    return base64.b64encode(buffer.getvalue()).decode("ascii")


def convert_download(app, pagename, templatename, context, doctree):
    """Rewrite the page's downloadable ``.ipynb`` (after the theme and mechbook_outputs)."""
    source = context.get("ipynb_source")
    if not source or doctree is None:
        return
    path = Path(app.outdir, "_sources", source)
    if not path.exists():
        return
    notebook = nbformat.read(path, as_version=4)
    extensions = tuple(app.config.myst_enable_extensions or DEFAULT_EXTENSIONS)
    converted = convert_notebook(notebook, SphinxResolver(app, pagename, doctree), extensions,
                                 wheel_url=wheel_url(app.config),
                                 binder_url=binder_url(context))
    nbformat.validate(converted)
    nbformat.write(converted, path)


def offer_notebook(app, pagename, templatename, context, doctree):
    """Put the executed notebook of a chapter in ``_sources`` for download.

    sphinx-book-theme does this only while a launch service (Binder, a hub)
    is configured; the student edition, built without a repository to
    launch, offers the notebook all the same (before the theme's buttons,
    at priority 500, so that its download menu lists it)."""
    if context.get("ipynb_source") or doctree is None:
        return
    executed = Path(app.outdir).parent / "jupyter_execute" / f"{pagename}.ipynb"
    if not executed.is_file():
        return
    target = Path(app.outdir, "_sources", f"{pagename}.ipynb")
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy2(executed, target)
    context["ipynb_source"] = f"{pagename}.ipynb"


def offer_book_pdf(app, pagename, templatename, context, doctree):
    """Add the whole book's PDF (``BOOK_PDF`` at the site's root, printed by
    ``python -m bookkit.handouts SITE --book``) to every page's download menu,
    after sphinx-book-theme has made the menu (priority 501)."""
    from bookkit.handouts import BOOK_PDF

    for group in context.get("header_buttons", []):
        if group.get("label") == "download-buttons":
            group["buttons"].append({
                "type": "link", "url": context["pathto"](BOOK_PDF, 1),
                "text": "Book .pdf", "icon": "fas fa-file-pdf",
                "tooltip": "Download the whole book as a PDF",
                "label": "download-book-pdf-button"})


def setup(app):
    # A config value that is the converter's own hash: Sphinx writes every page
    # again (and so converts every download again) when this module or the
    # converter (bookkit.downloads, bookkit.markdown_writer) changes.
    import hashlib

    from bookkit import downloads, markdown_writer

    code = b"".join(Path(path).read_bytes()
                    for path in (__file__, downloads.__file__, markdown_writer.__file__))
    app.add_config_value("mechbook_download_converter",
                         hashlib.sha256(code).hexdigest()[:16], "html")
    # mechbook_outputs puts the outputs back at 900; the theme copies the file at 500.
    app.connect("html-page-context", offer_notebook, priority=500)
    app.connect("html-page-context", convert_download, priority=950)
    app.connect("html-page-context", offer_book_pdf, priority=510)
    return {"parallel_read_safe": True, "parallel_write_safe": True}


def main(argv=None):
    """Convert one chapter of an existing build (for debugging): loads the build's
    environment into a Sphinx application made from the book's configuration."""
    import argparse

    import click
    from jupyter_book.cli.main import build as jupyter_book_build
    from jupyter_book.config import get_final_config
    from sphinx.application import Sphinx

    parser = argparse.ArgumentParser(description=main.__doc__)
    parser.add_argument("docname", help="e.g. book/partial-velocities")
    parser.add_argument("--book", default=".", help="the book's root (default: .)")
    parser.add_argument("--out", help="write here (default: print the Markdown cells)")
    parser.add_argument("--baseurl", help="publish at this address instead of _config.yml's "
                                          "html.baseurl")
    args = parser.parse_args(argv)
    root = Path(args.book).resolve()
    build = root / "_build"
    with click.Context(jupyter_book_build) as context:   # jupyter-book's own configuration
        config_path, source, overrides = context.invoke(
            jupyter_book_build, path_source=str(root), get_config_only=True)
    config, _ = get_final_config(user_yaml=Path(config_path), sourcedir=Path(source),
                                 cli_config=overrides)
    if args.baseurl:
        config["html_baseurl"] = args.baseurl
    app = Sphinx(str(root), None, str(build / "html"), str(build / ".doctrees"), "html",
                 confoverrides=config, status=None, warning=None, freshenv=False)
    app.builder.prepare_writing(set())
    notebook_path = build / "jupyter_execute" / f"{args.docname}.ipynb"
    notebook = nbformat.read(notebook_path, as_version=4)
    doctree = app.env.get_doctree(args.docname)
    converted = convert_notebook(notebook, SphinxResolver(app, args.docname, doctree),
                                 tuple(app.config.myst_enable_extensions),
                                 wheel_url=wheel_url(app.config))
    if args.out:
        nbformat.write(converted, args.out)
    else:
        for cell in converted.cells:
            if cell.cell_type == "markdown":
                print(cell.source, end="\n\n---\n\n")


if __name__ == "__main__":
    main()
