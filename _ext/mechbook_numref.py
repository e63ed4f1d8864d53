"""Numbered references that read each page they point to once per build.

Sphinx (7.4) resolves every ``{numref}`` by unpickling the whole doctree of the
page the reference points to, to find the numbered node there. A chapter's
doctree holds its executed outputs, explorer pictures included, and the book
has some 350 numbered references: the HTML build spent a quarter of its time
(20 of 80 s without execution) unpickling the same 17 doctrees again and again.

This extension keeps one copy of each page's doctree for those lookups: the
standard domain is replaced by a subclass whose ``_resolve_numref_xref`` runs
with ``env.get_doctree`` answered from that copy. The lookup only reads the
target node (its type, ids and number), so sharing the copy is safe; the
doctrees that Sphinx writes out are still read and resolved one by one, as
before. The copies are dropped when the pages have been read again
(``env-updated``), so an incremental build never sees a stale one.

Written for Sphinx 7.4.7 (:data:`WRITTEN_FOR`): ``setup`` checks that version
and the digest of the overridden method's source, and stops the build on
another (CONTRIBUTING.md, "Patches of other projects' internals"; the fix
worth proposing to Sphinx is there too).
"""

from __future__ import annotations

from sphinx.domains.std import StandardDomain

#: The Sphinx this was written for, and the digest of the source of its
#: ``StandardDomain._resolve_numref_xref`` (which reads the target page with
#: ``env.get_doctree(docname)``, the one call answered from the copy).
WRITTEN_FOR = ("sphinx", "7.4.7")
RESOLVE_NUMREF_XREF = "9352062abb80c484c1508b256146e376"


class ReadOnceStandardDomain(StandardDomain):
    """Sphinx's standard domain, its numbered references resolved from a
    per-build copy of each target page's doctree."""

    def __init__(self, env):
        super().__init__(env)
        self.doctrees = {}

    def _resolve_numref_xref(self, env, fromdocname, builder, typ, target, node, contnode):
        read = env.get_doctree

        def read_once(docname):
            if docname not in self.doctrees:
                self.doctrees[docname] = read(docname)
            return self.doctrees[docname]

        env.get_doctree = read_once
        try:
            return super()._resolve_numref_xref(env, fromdocname, builder, typ, target,
                                                node, contnode)
        finally:
            del env.get_doctree        # the instance attribute; the method shows again


def forget_doctrees(app, env):
    env.get_domain("std").doctrees.clear()


def require_written_for():
    """Raise ``PatchedInternalsChanged`` unless Sphinx is the version, and its
    ``_resolve_numref_xref`` the code, that this extension was written for."""
    from mechlib.book.patched import require_version

    require_version(*WRITTEN_FOR, "_ext/mechbook_numref.py's ReadOnceStandardDomain",
                    StandardDomain._resolve_numref_xref, RESOLVE_NUMREF_XREF)


def setup(app):
    require_written_for()
    app.add_domain(ReadOnceStandardDomain, override=True)
    app.connect("env-updated", forget_doctrees)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
