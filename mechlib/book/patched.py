"""Patches of other projects' internals that know the version they were written for.

A few places patch an internal of another project (matplotlib's animation
template, MyST-NB, Sphinx; CONTRIBUTING.md, "Patches of other projects'
internals"). Each calls :func:`require_version` first, so that an upgrade that
changes what the patch relies on fails loudly instead of silently.
"""

from __future__ import annotations

__all__ = ["PatchedInternalsChanged", "installed_version", "require_version", "source_digest"]


class PatchedInternalsChanged(RuntimeError):
    """A patch of another project's internals meets a version of it that it was
    not written for (CONTRIBUTING.md, "Patches of other projects' internals")."""


def installed_version(distribution: str) -> str | None:
    """The installed version of ``distribution``, or None.

    >>> installed_version("sympy") == __import__("sympy").__version__
    True
    """
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version(distribution)
    except PackageNotFoundError:
        return None


def source_digest(function) -> str:
    """A digest of the source of ``function`` (blake2b, 16 bytes), to check
    that a patched internal is still the code the patch was written for."""
    import hashlib
    import inspect

    return hashlib.blake2b(inspect.getsource(function).encode(), digest_size=16).hexdigest()


def require_version(distribution: str, written_for: str, what: str,
                    patched=None, digest: str | None = None) -> None:
    """Raise :class:`PatchedInternalsChanged` unless ``distribution`` is installed
    at the version ``written_for``, and (if given) the source of the internal
    ``patched`` still has ``digest`` (:func:`source_digest`).

    ``what`` says which patch asks, and where it is: the error names the
    package, the version found, the version the patch was written for, and
    what to do.

    >>> require_version("sympy", "0.1", "a doctest's patch (nowhere)")
    Traceback (most recent call last):
    ...
    mechlib.book.patched.PatchedInternalsChanged: a doctest's patch (nowhere) was written for ...
    """
    found = installed_version(distribution)
    if found == written_for and (patched is None or source_digest(patched) == digest):
        return
    changed = (f"{distribution} {found} is installed" if found != written_for
               else f"{distribution}'s {getattr(patched, '__qualname__', patched)} "
                    "is not the code it was written for")
    raise PatchedInternalsChanged(
        f"{what} was written for {distribution} {written_for}, and {changed}. "
        f"Install {distribution}=={written_for} (the book's build environment); or, "
        f"to move to {distribution} {found}, read what the patch relies on in that "
        "version, make the patch fit (or drop it if the version no longer needs it), "
        "and update the version and digest it checks (CONTRIBUTING.md, "
        "\"Patches of other projects' internals\"; tests/test_patches.py).")
