"""tests/scheduling.py overrides a private method of pytest-xdist: these tests
fail when xdist changes it or how it is used, and when pytest-xdist#1386 is
fixed (``xdist_group`` marks group tests again, and the override can go)."""

from __future__ import annotations

import hashlib
import inspect
import re
import types

import pytest

xdist_loadscope = pytest.importorskip("xdist.scheduler.loadscope")
xdist_remote = pytest.importorskip("xdist.remote")

#: The source of ``LoadScopeScheduling._split_scope`` in pytest-xdist 3.8.0,
#: the method tests/scheduling.py overrides (blake2b, 16 bytes).
SPLIT_SCOPE = "ffa5041756a9680947497b66301e7e1c"


def source_digest(function) -> str:
    return hashlib.blake2b(inspect.getsource(function).encode(), digest_size=16).hexdigest()


def test_the_overridden_method_is_the_one_written_for():
    """If this fails, read xdist's new ``_split_scope`` and the code that calls
    it, check that tests/scheduling.py still does what it says, then update
    :data:`SPLIT_SCOPE`."""
    method = xdist_loadscope.LoadScopeScheduling._split_scope
    assert list(inspect.signature(method).parameters) == ["self", "nodeid"]
    assert source_digest(method) == SPLIT_SCOPE, (
        "pytest-xdist changed LoadScopeScheduling._split_scope, which tests/scheduling.py "
        "overrides")


def test_the_scheduler_still_groups_by_the_overridden_method():
    """The scope of each test is asked of ``_split_scope`` by the scheduler
    itself: an override nobody calls would schedule by module silently."""
    source = inspect.getsource(xdist_loadscope.LoadScopeScheduling)
    calls = re.findall(r"self\._split_scope\(", source)
    assert len(calls) >= 2, "LoadScopeScheduling no longer asks _split_scope for scopes"


def test_the_override_scopes_the_page_checks_by_view():
    from tests.scheduling import ByViewScheduling, scope

    assert ByViewScheduling._split_scope is not xdist_loadscope.LoadScopeScheduling._split_scope
    shared = "tests/site/test_reading.py::test_page_reads_well[book/intro.html-390-light]"
    assert ByViewScheduling._split_scope(None, shared) == scope(shared) == "view 390-light"
    plain = "tests/site/test_pages.py::test_no_widget_manager_is_loaded[book/intro.html]"
    assert ByViewScheduling._split_scope(None, plain) == "tests/site/test_pages.py"


@pytest.mark.filterwarnings("ignore::pytest.PytestUnknownMarkWarning")   # -p no:xdist
def test_xdist_group_still_does_not_group(request):
    """pytest-dev/pytest-xdist#1386: under pytest 9, xdist's worker writes an
    ``xdist_group`` mark into ``item._nodeid``, which the node id no longer
    reads, so ``--dist loadgroup`` groups nothing. When this fails the issue is
    fixed: mark the page-sharing checks ``xdist_group`` by view, run
    ``--dist loadgroup`` and delete tests/scheduling.py and this module."""
    probe = pytest.Function.from_parent(request.node.parent, name="probe",
                                        callobj=lambda: None)
    probe.add_marker(pytest.mark.xdist_group("view"))
    before = probe.nodeid
    config = types.SimpleNamespace(getvalue=lambda name: name == "loadgroup")
    xdist_remote.WorkerInteractor.pytest_collection_modifyitems(None, config, [probe])
    assert probe.nodeid == before, (
        f"xdist_group marks group tests again ({probe.nodeid}): pytest-xdist#1386 is fixed")
